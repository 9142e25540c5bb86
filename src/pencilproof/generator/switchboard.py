"""One incremental solver with clues behind switches: the engine of minimizer and generator.

A *state* says, per switchable clue, whether it is on (its value holds), weak (only
its weaker form holds, e.g. ``?``) or off. Solving a state is a solve under
assumptions on the same solver, so learned clauses and lazily added connectivity
cuts (valid whatever the clues) carry over from one test to the next. Decisions
that are final are fixed with unit clauses, which the solver simplifies away.
"""
from __future__ import annotations

import enum
from typing import Iterable

from ..checker.backends import Status, make_backend
from ..checker.check import solve_verified
from ..puzzle import Cell, Clue, Puzzle, Solution


class Switch(enum.Enum):
    OFF = "off"
    ON = "on"
    WEAK = "weak"


class SwitchBoard:
    """``blank`` holds the permanent givens; ``clues`` maps cells to switchable clues."""

    def __init__(self, blank: Puzzle, clues: dict[Cell, Clue], backend: str | None = None,
                 deadline: float | None = None):
        from ..encodings import get_genre
        self.genre = get_genre(blank.genre)
        self.blank = blank
        self.clues = dict(clues)
        self.solver = make_backend(backend)
        self.deadline = deadline
        self.sw = self.genre.encode_switchable(blank, self.solver, self.clues)
        self.model = self.sw.encoded
        self.state: dict[Cell, Switch] = {c: Switch.OFF for c in self.clues}
        self.fixed: set[Cell] = set()
        self.rounds = 0

    # -- state --------------------------------------------------------------------------
    def set(self, cells: Iterable[Cell], value: Switch) -> None:
        for c in cells:
            if c in self.fixed and self.state[c] is not value:
                raise ValueError(f"clue at {c} is already fixed {self.state[c].value}")
            self.state[c] = value

    def fix(self, cells: Iterable[Cell], value: Switch) -> None:
        """Make a decision final: set the state and add it as unit clauses."""
        for c in cells:
            self.set([c], value)
            if c in self.fixed:
                continue
            self.fixed.add(c)
            on, weak = self.sw.switches[c], self.sw.weak.get(c)
            if value is Switch.ON:
                self.solver.add_clause([on])
            elif value is Switch.WEAK:
                self.solver.add_clause([-on])
                self.solver.add_clause([weak])
            else:
                self.solver.add_clause([-on])
                if weak is not None:
                    self.solver.add_clause([-weak])

    def assumptions(self) -> list[int]:
        """On: its switch; weak: its weak literal; off: nothing (a free switch is off in
        effect, since turning a clue on can only remove solutions)."""
        out = []
        for c, v in self.state.items():
            if c in self.fixed or v is Switch.OFF:
                continue
            out.append(self.sw.switches[c] if v is Switch.ON else self.sw.weak[c])
        return out

    def on_cells(self) -> list[Cell]:
        return [c for c, v in self.state.items() if v is not Switch.OFF]

    def puzzle(self) -> Puzzle:
        """The puzzle this state stands for: the blank's givens plus the clues switched on."""
        givens = self.blank.clues()
        for c, v in self.state.items():
            if v is Switch.ON:
                givens[c] = self.clues[c]
            elif v is Switch.WEAK:
                givens[c] = self.genre.weak_clue(self.clues[c])
        return self.blank.with_clues(givens)

    # -- solving -------------------------------------------------------------------------
    def solve(self) -> tuple[Status, Solution | None]:
        """A real solution of the current state, or UNSAT / UNKNOWN.

        As the checker's Session: add lazy cuts until the model is a real solution,
        then verify it against the state's puzzle in plain Python.
        """
        assumptions = self.assumptions()
        puzzle = self.puzzle()
        if self.sw.hint is not None:
            self.sw.hint(puzzle)
        status, sol, rounds = solve_verified(self.solver, self.model, self.genre, puzzle,
                                             assumptions, self.deadline)
        self.rounds += rounds
        return status, sol

    def block(self, sol: Solution) -> None:
        """Permanently rule this solution out (the minimizer's "differs from the answer")."""
        self.solver.add_clause(self.model.block(sol))

    @property
    def calls(self) -> int:
        return self.solver.calls

    def stats(self) -> dict:
        out = self.solver.stats()
        out.update(self.model.stats())
        out["rounds"] = self.rounds
        return out

    def close(self) -> None:
        self.solver.close()

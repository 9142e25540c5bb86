"""One incremental solver with clues behind switches: the engine of minimizer and generator,
and of repair.

A *state* says, per switchable clue, whether it is on (its value holds), weak (only
its weaker form holds, e.g. ``?``) or off. Solving a state is a solve under
assumptions on the checker's :class:`~pencilproof.checker.LiveSolver`, so learned
clauses and lazily added connectivity cuts (valid whatever the clues) carry over from
one test to the next. Decisions that are final are fixed with unit clauses, which the
solver simplifies away. Clue keys are opaque: the genre's :class:`Generation` hooks say
what puzzle a state stands for.
"""
from __future__ import annotations

import enum
from typing import Any, Iterable

from ..encodings import ClueKey, Generation, Genre, Question, get_genre
from ..errors import InputError, NotApplicable
from ..puzzle import Clue, Puzzle
from ..solvers.backends import EncodingTimeout, Status, make_backend
from ..solvers.deadline import Deadline, alarm
from .check import LiveSolver


class Switch(enum.Enum):
    OFF = "off"
    ON = "on"
    WEAK = "weak"


def generation_of(genre: Genre, command: str | None = None) -> Generation:
    """The genre's generator hooks, or a one-line error: it declares none (``command``
    names what was asked, e.g. ``repair``)."""
    if genre.generator is None:
        if command is None:
            raise InputError(f"genre {genre.name!r} has no minimizer or generator")
        why = ("it asks for an optimum, not a unique answer"
               if genre.question is Question.OPTIMUM else "it has no clues to add or remove")
        raise NotApplicable(f"{command} does not apply to {genre.name}: {why}")
    return genre.generator


def require_unique_question(genre: Genre, command: str) -> None:
    """A one-line refusal of a command about the cells of unique answers (backbone) for a
    genre whose question is another (Flood-It's optimum: its answer is a move sequence)."""
    if genre.question is not Question.UNIQUE:
        raise NotApplicable(f"{command} does not apply to {genre.name}: it asks for an "
                         f"{genre.question.value}, not a unique answer")


class SwitchBoard:
    """``blank`` holds the permanent givens; ``clues`` maps keys to switchable clues."""

    def __init__(self, blank: Puzzle, clues: dict[ClueKey, Clue], backend: str | None = None,
                 deadline: Deadline | float | None = None):
        self.genre = get_genre(blank.genre)
        self.hooks = generation_of(self.genre)
        self.blank = blank
        self.clues = dict(clues)
        until = Deadline.of(deadline)
        solver = make_backend(backend)
        try:
            solver.deadline = until.at  # the encoding too (EncodingTimeout, a TimeUp)
            with alarm(until, lambda: EncodingTimeout(solver.stats())):
                self.sw = self.hooks.encode_switchable(blank, solver, self.clues)
            solver.deadline = None
        except BaseException:
            solver.close()
            raise
        self.live = LiveSolver(self.genre, solver, self.sw.encoded, until)
        self.state: dict[ClueKey, Switch] = {k: Switch.OFF for k in self.clues}
        self.fixed: set[ClueKey] = set()
        self._free: dict[ClueKey, None] = dict.fromkeys(self.clues)  # not fixed, in order
        self._puzzle: Puzzle | None = None
        # Genres with cell keys and the default with_clues: the rows of the current
        # puzzle, kept up to date by set() (a 100x100 board is built before every solve).
        self._rows = ([list(row) for row in blank.grid]
                      if type(self.hooks).with_clues is Generation.with_clues else None)
        #: The answers blocked so far (the first is the intended one).
        self.blocked: list[Any] = []

    @property
    def deadline(self) -> float | None:
        return self.live.deadline

    @deadline.setter
    def deadline(self, value: float | None) -> None:
        self.live.deadline = value

    # -- state --------------------------------------------------------------------------
    def set(self, keys: Iterable[ClueKey], value: Switch) -> None:
        for k in keys:
            if k in self.fixed and self.state[k] is not value:
                raise ValueError(f"clue {k!r} is already fixed {self.state[k].value}")
            if self.state[k] is not value:
                self.state[k] = value
                self._puzzle = None
                if self._rows is not None:
                    r, c = k
                    self._rows[r][c] = (self.blank.grid[r][c] if value is Switch.OFF
                                        else self.clues[k] if value is Switch.ON
                                        else self.hooks.weak_clue(self.clues[k]))

    def fix(self, keys: Iterable[ClueKey], value: Switch) -> None:
        """Make a decision final: set the state and add it as unit clauses."""
        add = self.live.solver.add_clause
        for k in keys:
            self.set([k], value)
            if k in self.fixed:
                continue
            self.fixed.add(k)
            del self._free[k]
            on, weak = self.sw.switches[k], self.sw.weak.get(k)
            if value is Switch.ON:
                add([on])
            elif value is Switch.WEAK:
                assert weak is not None, f"clue {k!r} has no weak form"
                add([-on])
                add([weak])
            else:
                add([-on])
                if weak is not None:
                    add([-weak])

    def assumptions(self) -> list[int]:
        """On: its switch; weak: its weak literal; off: nothing (a free switch is off in
        effect, since turning a clue on can only remove solutions)."""
        state, switches, weak = self.state, self.sw.switches, self.sw.weak
        off, on, weakly = Switch.OFF, Switch.ON, Switch.WEAK
        if self.sw.monotone:
            return [switches[k] if v is on else weak[k]
                    for k in self._free if (v := state[k]) is not off]
        # A free clue could add answers: assume it off.
        return [switches[k] if v is on else weak[k] if v is weakly else -switches[k]
                for k in self._free if (v := state[k]) is not None]

    def on_keys(self) -> list[ClueKey]:
        return [k for k, v in self.state.items() if v is not Switch.OFF]

    def puzzle(self) -> Puzzle:
        """The puzzle this state stands for: the blank's givens plus the clues switched on
        (built once per state: every solve verifies against it)."""
        if self._puzzle is None and self._rows is not None:
            self._puzzle = Puzzle(self.blank.genre, self.blank.rows, self.blank.cols,
                                  tuple(map(tuple, self._rows)), self.blank.params)
        if self._puzzle is None:
            on: dict[ClueKey, Clue] = {}
            for k, v in self.state.items():
                if v is Switch.ON:
                    on[k] = self.clues[k]
                elif v is Switch.WEAK:
                    on[k] = self.hooks.weak_clue(self.clues[k])
            self._puzzle = self.hooks.with_clues(self.blank, on)
        return self._puzzle

    # -- solving -------------------------------------------------------------------------
    def solve(self) -> tuple[Status, Any]:
        """A real, verified answer of the current state, or UNSAT / UNKNOWN."""
        return self.live.solve(self.assumptions(), self.puzzle())

    def core_keys(self) -> frozenset[ClueKey] | None:
        """After an UNSAT solve: the clues switched on that the solver's proof used (a
        subset of them has no answer either), or None where the backend gives no core."""
        core = self.live.solver.core()
        if core is None:
            return None
        lits = set(core)
        return frozenset(k for k, lit in self.sw.switches.items() if lit in lits)

    def block(self, answer: Any) -> None:
        """Permanently rule this answer out (the minimizer's "differs from the answer"),
        with its images where the genre's symmetry applies to the blank."""
        images = (self.genre.images(self.blank, answer)
                  if self.genre.symmetry_applies(self.blank) else [])
        self.live.block(answer, images)
        self.blocked.append(answer)

    def answer_holds(self) -> bool:
        """Whether the intended (first blocked) answer is an answer of the current state;
        always so for monotone genres, whose clues only ever remove answers."""
        if self.sw.monotone or not self.blocked:
            return True
        return not self.genre.verify(self.puzzle(), self.blocked[0])

    @property
    def calls(self) -> int:
        return self.live.calls

    def stats(self) -> dict[str, Any]:
        out = self.live.stats()
        out.pop("encode_seconds", None)
        return out

    def close(self) -> None:
        self.live.close()

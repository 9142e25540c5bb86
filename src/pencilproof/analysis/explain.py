"""Explain: a deduction path from the clues to the answer, level by level.

The puzzle is encoded once with every clue behind a switch (the genre's
``encode_switchable``, all switches assumed on) on :class:`AnalysisBackend`: CaDiCaL for
search and unsatisfiable cores, plus a second solver (MiniSat through python-sat) that
only ever *propagates*, holding exactly the genre's clauses and the lazy cuts added for
the analysis, never a learned clause. Knowledge is a set of cells known to hold the
answer's value. Rounds, each at the lowest level that finds something:

* level 0, symmetry: where answers are judged up to a symmetry, the anchor cells (see
  :mod:`.backbone`) are taken as in the answer;
* level 1, propagation: unit propagation over the rules and clues, with the genre's
  lazily added rules (connectivity) taking part through ``Encoded.partial_cuts``
  (clauses that the partial assignment already makes unit, added to both solvers and
  propagated again until nothing changes); every cell it fixes is one round;
* level 2, failed literal: a cell whose other value, assumed, propagates (as in level 1)
  to a contradiction; every such cell is one round;
* level 3, search: one cell whose other value leaves no real answer (a full solve with
  the checker's lazy cuts). The cell tried first is the one whose failed-literal probe
  fixed the most, then row-major.

Each deduced cell's reasons are clue cells: the switches in an unsatisfiable core of
"known cells + this cell's other value" (shrunk by re-solving on the core until it is
stable). So a step says: these cells follow from these clues, the rules and the cells
known before the round. Cells with the same level, round and reasons form one step.
Only backbone cells can be deduced; a puzzle that is not unique leaves the varying
cells undeduced.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Iterable, Optional, Sequence

from ..checker import LiveSolver, Status
from ..checker.switchboard import generation_of
from ..solvers.backends import CadicalBackend, EncodingTimeout
from ..encodings import ClueKey, get_genre
from ..errors import InputError
from ..puzzle import Cell, Puzzle
from ..solvers.deadline import NEVER, Deadline, TimeUp, alarm
from .backbone import backbone

LEVELS = {0: "symmetry", 1: "propagation", 2: "failed literal", 3: "search"}


class AnalysisBackend(CadicalBackend):
    """CaDiCaL, and beside it a solver that only propagates over the same clauses.

    Unit clauses are kept aside and passed as assumptions to every propagation, so that
    what they imply shows up in its result (python-sat reports only what follows from
    the assumptions, not the solver's top-level facts)."""

    name = "cadical"

    def __init__(self) -> None:
        super().__init__()
        from pysat.solvers import Solver
        self._up = Solver(name="minisat22")
        self.units: list[int] = []
        self.broken = False  # an empty clause: nothing can be propagated

    def _tee(self, lits: Sequence[int]) -> None:
        if len(lits) == 1:
            self.units.append(lits[0])
        elif lits:
            self._up.add_clause(list(lits))
        else:
            self.broken = True

    def add_clause(self, lits: Sequence[int]) -> None:
        super().add_clause(lits)
        self._tee(lits)

    def add_clauses(self, clauses: Iterable[Sequence[int]]) -> None:
        batch = [list(c) for c in clauses]
        super().add_clauses(batch)
        for c in batch:
            self._tee(c)

    def propagate(self, assumptions: Sequence[int]) -> Optional[set[int]]:
        """The literals unit propagation sets from the assumptions (and the unit
        clauses); None on a contradiction."""
        if self.broken:
            return None
        ok, lits = self._up.propagate(assumptions=self.units + list(assumptions))
        return set(lits) if ok else None

    def core(self) -> list[int]:
        """The failed assumptions of the last UNSAT solve."""
        return list(self._s.get_core() or [])

    def close(self) -> None:
        super().close()
        self._up.delete()


@dataclass(frozen=True)
class Step:
    """Cells deduced together: ``level`` (see :data:`LEVELS`), the ``round`` they were
    found in, each cell with the answer's value, and the clue cells they follow from
    (with the rules and the cells known before the round)."""

    level: int
    round: int
    cells: tuple[tuple[int, int, str], ...]
    reasons: tuple[Cell, ...]

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "round": self.round,
                "cells": [list(c) for c in self.cells],
                "reasons": [list(c) for c in self.reasons]}


@dataclass(frozen=True)
class Explanation:
    """The path: steps in order; ``undeduced`` the cells no level fixes (they vary);
    ``answer`` the answer the path leads to; ``rounds`` (level, cells) per round."""

    answer: Any
    steps: tuple[Step, ...]
    rounds: tuple[tuple[int, int], ...]
    undeduced: tuple[Cell, ...]
    seconds: float
    solver_calls: int
    timed_out: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"steps": [s.to_json() for s in self.steps],
                               "levels": {str(k): v for k, v in LEVELS.items()},
                               "undeduced": [list(c) for c in self.undeduced],
                               "seconds": round(self.seconds, 6)}
        if self.timed_out:
            out["timed_out"] = True
        return out


class _Engine:
    """The switchable encoding on an :class:`AnalysisBackend`, with the clue switches
    and each target cell's "holds the answer's value" literal."""

    def __init__(self, puzzle: Puzzle, answer: Any, deadline: Optional[float]):
        genre = get_genre(puzzle.genre)
        self.hooks = hooks = generation_of(genre, "explain")
        self.blank, self.clues = hooks.split_givens(puzzle)
        self.b = AnalysisBackend()
        try:
            self.b.deadline = deadline  # EncodingTimeout (a TimeUp) past it
            with alarm(Deadline(deadline), EncodingTimeout):
                self.sw = hooks.encode_switchable(self.blank, self.b, self.clues)
            self.b.deadline = None
        except BaseException:
            self.b.close()
            raise
        self.puzzle = hooks.with_clues(self.blank, self.clues)
        self.live = LiveSolver(genre, self.b, self.sw.encoded, deadline, self.puzzle)
        self.answer = hooks.answer_for(self.puzzle, answer)
        self.agree = self.sw.encoded.agree(self.answer)
        self.switch_of = {lit: key for key, lit in self.sw.switches.items()}
        self.on = [self.sw.switches[k] for k in sorted(self.clues, key=repr)]
        self.added: set[tuple[int, ...]] = set()

    def closure(self, assumptions: Sequence[int]) -> Optional[set[int]]:
        """Propagation with the lazy rules: propagate, add the partial cuts the result
        makes unit or false, again until none is new. None: a contradiction."""
        while True:
            true = self.b.propagate(list(self.on) + list(assumptions))
            if true is None:
                return None
            new = [c for c in self.sw.encoded.partial_cuts(true)
                   if tuple(sorted(c)) not in self.added]
            if not new:
                return true
            self.added.update(tuple(sorted(c)) for c in new)
            self.b.add_clauses(new)

    def refuted(self, known: Sequence[int], lit: int) -> Status:
        """Search: is there no real answer with ``known`` and ``-lit``?"""
        status, _ = self.live.solve(list(self.on) + list(known) + [-lit])
        return status

    def reason(self, known: Sequence[int], lit: int) -> Optional[list[ClueKey]]:
        """The clues of a small unsatisfiable core of clues + known + ``-lit`` (None: the
        time ran out)."""
        assumptions = list(self.on)
        for _ in range(4):
            status, _ = self.live.solve(assumptions + list(known) + [-lit])
            if status is Status.UNKNOWN:
                return None
            assert status is Status.UNSAT, "a deduced cell has a counter-example"
            core = set(self.b.core())
            smaller = [x for x in assumptions if x in core]
            if len(smaller) == len(assumptions):
                break
            assumptions = smaller
        return sorted((self.switch_of[x] for x in assumptions), key=repr)

    def close(self) -> None:
        self.live.close()


class Unsolvable(InputError):
    """The puzzle has no solution (``explain`` then has no path; the CLI shows the
    conflicting clues instead)."""


def explain(puzzle: Puzzle, *, time_limit: Optional[float] = None,
            max_level: int = 3, deadline: Deadline = NEVER) -> Explanation:
    """The deduction path of a puzzle (see the module docstring). Raises InputError
    when it has no solution."""
    t0 = time.perf_counter()
    generation_of(get_genre(puzzle.genre), "explain")  # before any work: a one-line refusal
    until = deadline.within(time_limit)
    bb = backbone(puzzle, limit=1, deadline=until)
    if bb.answer is None:
        if bb.timed_out:
            return Explanation(None, (), (), (), time.perf_counter() - t0, 0, True)
        raise Unsolvable("the puzzle has no solution: there is nothing to explain")
    try:
        until.check()  # (the backbone may have used it all)
        eng = _Engine(puzzle, bb.answer, until.at)
    except TimeUp:  # no time left for the path, or its encoding ran out of time
        return Explanation(bb.answer, (), (), tuple(sorted(set(bb.fixed) | set(bb.varying)
                                                            | set(bb.undecided))),
                           time.perf_counter() - t0, 0, True)
    try:
        return _path(eng, puzzle, bb.answer, list(bb.anchors),
                     [c for c in bb.fixed if c not in bb.anchors],
                     list(bb.varying) + list(bb.undecided), max_level, t0, until.at)
    finally:
        eng.close()


def _path(eng: _Engine, puzzle: Puzzle, answer: Any, anchors: list[Cell],
          targets: list[Cell], varying: list[Cell], max_level: int, t0: float,
          deadline: Optional[float]) -> Explanation:
    hooks = eng.hooks
    agree = eng.agree
    value = {c: str(answer[c]) for c in puzzle.cells()}
    steps: list[Step] = []
    rounds: list[tuple[int, int]] = []
    known: list[int] = [agree[c] for c in anchors if c in agree]
    if anchors:
        steps.append(Step(0, 0, tuple((r, c, value[(r, c)]) for r, c in anchors), ()))
        rounds.append((0, len(anchors)))
    left = [c for c in targets if c in agree]
    late = False

    def record(level: int, cells: list[Cell]) -> bool:
        """Reasons for a round's cells, grouped into steps; False if out of time."""
        groups: dict[tuple[Cell, ...], list[Cell]] = {}
        before = list(known)
        for cell in cells:
            keys = eng.reason(before, agree[cell])
            if keys is None:
                return False
            where = tuple(sorted({hooks.key_cell(k) for k in keys}))
            groups.setdefault(where, []).append(cell)
        n = sum(1 for lvl, _ in rounds if lvl) + 1  # round 0: the symmetry's anchors
        for where, group in groups.items():
            steps.append(Step(level, n, tuple((r, c, value[(r, c)]) for r, c in group),
                              where))
        rounds.append((level, len(cells)))
        return True

    until = Deadline(deadline)
    while left:
        if until.passed():
            late = True
            break
        true = eng.closure(known)
        assert true is not None, "the known cells contradict the rules"
        found = [c for c in left if agree[c] in true]
        level = 1
        probe_size: dict[Cell, int] = {}
        if not found and max_level >= 2:
            level = 2
            for c in left:
                if until.passed():  # a probe per cell: a big grid's pass takes long
                    late = True
                    break
                res = eng.closure(known + [-agree[c]])
                if res is None:
                    found.append(c)
                else:
                    probe_size[c] = len(res)
        if late:
            break
        if not found and max_level >= 3:
            level = 3
            for c in sorted(left, key=lambda x: (-probe_size.get(x, 0), x)):
                status = eng.refuted(known, agree[c])
                if status is Status.UNKNOWN:
                    late = True
                    break
                if status is Status.UNSAT:
                    found = [c]
                    break
        if not found:
            break
        if not record(level, found):
            late = True
            break
        known += [agree[c] for c in found]
        done = set(found)
        left = [c for c in left if c not in done]
    undeduced = tuple(sorted(set(left) | set(varying)))
    return Explanation(answer, tuple(steps), tuple(rounds), undeduced,
                       time.perf_counter() - t0, eng.live.calls, late)


def replay(puzzle: Puzzle, expl: Explanation, backend: Optional[str] = None) -> list[str]:
    """Check a path independently of how it was found: for every step, the puzzle with
    only the step's cited clues is encoded afresh by the checker's own encoding, and for
    each of the step's cells, "the cells known before its round, and this cell's other
    value" must have no real answer. Returns the problems found ([]: the path holds)."""
    genre = get_genre(puzzle.genre)
    hooks = generation_of(genre, "explain")
    blank, clues = hooks.split_givens(puzzle)
    problems: list[str] = []
    known: dict[Cell, str] = {}
    by_round: dict[int, list[Step]] = {}
    for s in expl.steps:
        by_round.setdefault(s.round, []).append(s)
    for n in sorted(by_round):
        before = dict(known)
        for step in by_round[n]:
            if step.level == 0:
                continue
            cited = {k: v for k, v in clues.items() if hooks.key_cell(k) in step.reasons}
            small = hooks.with_clues(blank, cited)
            live = LiveSolver.open(small, backend)
            try:
                answer = hooks.answer_for(small, expl.answer)
                agree = live.model.agree(answer)
                held = [agree[c] for c in before if c in agree]
                for r, c, v in step.cells:
                    if str(answer[(r, c)]) != v:
                        problems.append(f"r{r + 1}c{c + 1}: not the answer's value")
                    if (r, c) not in agree:
                        continue  # fixed by the givens themselves
                    status, other = live.solve(held + [-agree[(r, c)]])
                    if status is not Status.UNSAT:
                        problems.append(f"round {n}: r{r + 1}c{c + 1} does not follow from "
                                        f"its clues {sorted(step.reasons)}")
            finally:
                live.close()
        for step in by_round[n]:
            for r, c, v in step.cells:
                known[(r, c)] = v
    return problems


__all__ = ["LEVELS", "Step", "Explanation", "explain", "replay", "AnalysisBackend"]

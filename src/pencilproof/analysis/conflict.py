"""Why a puzzle has no solution: a minimal set of clues that cannot all hold together.

A setter's typo usually leaves a puzzle with no solution, and the verdict alone does not
say where. Every clue of the puzzle goes behind a switch of one incremental solver (the
generator's :class:`~pencilproof.checker.switchboard.SwitchBoard`); the grid's permanent
givens (walls, rooms, trees) stay. A set of clues *conflicts* when, switched on with every
other clue off, no answer exists. QuickXplain (Junker, 2004) finds a minimal conflicting
set with O(k log n) solves for k clues in the set out of n: split the candidates, find
what the second half needs given the first, then what the first needs given that. Each
solve keeps the lazy cuts and learned clauses of the ones before.

The claim is then re-checked from scratch, apart from the switch board: the puzzle with
only the set's clues has no solution (``check_unique``), and with any one of them left out
it has one, an answer the plain-Python verifier accepts. At the time limit the set found so
far is returned: it still conflicts (it is known to have no answer) but may not be minimal.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from ..checker import Verdict, check_unique
from ..checker.switchboard import Switch, SwitchBoard, generation_of
from ..encodings import ClueKey, Generation, Genre, get_genre
from ..errors import InternalError
from ..puzzle import Cell, Clue, Puzzle
from ..solvers.backends import Status
from ..solvers.deadline import NEVER, Deadline, TimeUp


@dataclass(frozen=True)
class ConflictClue:
    key: ClueKey
    cell: Cell
    place: str
    value: Clue
    token: str

    def to_json(self) -> dict[str, Any]:
        return {"row": self.cell[0], "col": self.cell[1], "place": self.place,
                "value": self.token, "key": list(self.key) if isinstance(self.key, tuple)
                else self.key}


@dataclass(frozen=True)
class ConflictResult:
    """``verdict``: the puzzle's (``no_solution``, or ``unique``/``multiple`` when it has
    an answer and there is no conflict, ``unknown`` when even that was not decided).
    ``clues``: the conflicting set (empty with ``no_solution``: the permanent givens alone
    admit no answer). ``minimal``: every clue of the set is needed (each was left out once
    and an answer appeared); False only at the time limit."""

    verdict: Verdict
    clues: tuple[ConflictClue, ...]
    minimal: bool
    seconds: float
    solver_calls: int
    timed_out: bool = False

    @property
    def cells(self) -> list[Cell]:
        return [c.cell for c in self.clues]

    def to_json(self) -> dict[str, Any]:
        return {"verdict": self.verdict.value, "clues": [c.to_json() for c in self.clues],
                "minimal": self.minimal, "timed_out": self.timed_out,
                "seconds": round(self.seconds, 6), "solver_calls": self.solver_calls}


class _Unsat:
    """Solves of "these clues on, the others off" on one switch board."""

    def __init__(self, board: SwitchBoard, keys: Sequence[ClueKey]):
        self.board, self.keys = board, list(keys)

    def __call__(self, on: Sequence[ClueKey]) -> bool:
        board = self.board
        board.set(self.keys, Switch.OFF)
        board.set(on, Switch.ON)
        status, _ = board.solve()
        if status is Status.UNKNOWN:
            raise TimeUp("time limit reached")
        return status is Status.UNSAT


def quickxplain(unsat: Any, candidates: list[ClueKey]) -> list[ClueKey]:
    """A minimal subset of ``candidates`` (themselves unsatisfiable) that is
    unsatisfiable: QuickXplain; its recursion is as deep as log2 of the candidates."""
    def qx(background: list[ClueKey], has_delta: bool, cands: list[ClueKey]) -> list[ClueKey]:
        if has_delta and unsat(background):
            return []
        if len(cands) == 1:
            return cands
        half = len(cands) // 2
        c1, c2 = cands[:half], cands[half:]
        d2 = qx(background + c1, bool(c1), c2)
        d1 = qx(background + d2, bool(d2), c1)
        return d1 + d2
    if not candidates or unsat([]):
        return []
    return qx([], False, candidates)


def find_conflict(puzzle: Puzzle, *, backend: Optional[str] = None,
                  time_limit: Optional[float] = None,
                  deadline: Deadline = NEVER) -> ConflictResult:
    """A minimal set of the puzzle's clues that cannot all hold together, when it has no
    solution (see the module's docstring); a one-line error for a genre without clues."""
    start = time.monotonic()
    until = deadline.within(time_limit)
    genre = get_genre(puzzle.genre)
    hooks = generation_of(genre, "conflict")
    first = check_unique(puzzle, backend=backend, deadline=until)
    if first.verdict is not Verdict.NO_SOLUTION:
        return ConflictResult(first.verdict, (), True, time.monotonic() - start,
                              first.stats.get("solver_calls", 0),
                              first.verdict is Verdict.UNKNOWN)
    blank, clues = hooks.split_givens(puzzle)
    keys = list(clues)
    board = SwitchBoard(blank, clues, backend, deadline=until)
    found: list[ClueKey] = keys
    timed_out = False
    try:
        unsat = _Unsat(board, keys)
        try:
            found = quickxplain(unsat, keys)
        except TimeUp:
            timed_out = True
        calls = board.calls
    finally:
        board.close()
    result = tuple(_named(genre, hooks, k, clues[k]) for k in found)
    if not timed_out:
        _recheck(hooks, blank, clues, found, backend, until)
    return ConflictResult(Verdict.NO_SOLUTION, result, not timed_out,
                          time.monotonic() - start, calls, timed_out)


def _named(genre: Genre, hooks: Generation, key: ClueKey, value: Clue) -> ConflictClue:
    return ConflictClue(key, hooks.key_cell(key), hooks.clue_place(key), value,
                        genre.clue_token(value) if value is not None else "")


def _recheck(hooks: Generation, blank: Puzzle, clues: dict[ClueKey, Clue], found: list[ClueKey],
             backend: Optional[str], deadline: Deadline) -> None:
    """The claim, checked again by the checker on puzzles built afresh: the set alone has
    no answer, and leaving out any one of its clues gives an answer (which the checker has
    verified in plain Python before it says so)."""
    try:
        alone = check_unique(hooks.with_clues(blank, {k: clues[k] for k in found}),
                             backend=backend, deadline=deadline)
        if alone.verdict not in (Verdict.NO_SOLUTION, Verdict.UNKNOWN):
            raise InternalError(f"the conflicting clues have an answer ({alone.verdict.value})")
        for k in found:
            rest = {j: clues[j] for j in found if j != k}
            res = check_unique(hooks.with_clues(blank, rest), backend=backend, deadline=deadline)
            if res.verdict is Verdict.NO_SOLUTION:
                raise InternalError(f"the conflict is not minimal: {k!r} is not needed")
    except TimeUp:
        return

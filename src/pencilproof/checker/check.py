"""The Another Solution Problem: solve, verify, block that answer, solve again.

Both solves run on the same incremental solver, so what it learned the first time
(including lazily added connectivity cuts) makes the second solve cheap. Every answer a
solver returns passes the genre's plain-Python ``verify`` before it is reported; one
that fails is an :class:`~pencilproof.errors.InternalError`, never a verdict.
"""
from __future__ import annotations

import enum
import time
from dataclasses import dataclass, field

from ..errors import InternalError
from ..puzzle import Cell, Puzzle, Solution
from .backends import Status, make_backend


class Verdict(enum.Enum):
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NO_SOLUTION = "no_solution"
    UNKNOWN = "unknown"

    @property
    def exit_code(self) -> int:
        return {"unique": 0, "multiple": 1, "no_solution": 1, "unknown": 3}[self.value]


@dataclass(frozen=True)
class CheckResult:
    """A verdict with up to two solutions, where they differ, timings and solver counters."""

    verdict: Verdict
    solutions: tuple[Solution, ...]
    differ: tuple[Cell, ...]
    seconds: float
    stats: dict = field(default_factory=dict, compare=False)

    def to_json(self) -> dict:
        return {"verdict": self.verdict.value,
                "solutions": [list(s.rows) for s in self.solutions],
                "differ": [list(c) for c in self.differ],
                "seconds": round(self.seconds, 6),
                "stats": self.stats}


def solve_verified(solver, model, genre, puzzle: Puzzle, assumptions=(),
                   deadline: float | None = None) -> tuple[Status, Solution | None, int]:
    """(status, verified solution or None, solver rounds) for one encoded puzzle.

    Solves, and while the model breaks a lazily added constraint (connectivity), adds
    the cuts and solves again. The real solution then passes the genre's plain-Python
    ``verify`` or this raises :class:`InternalError`: an encoding bug is never a verdict.
    """
    rounds = 0
    while True:
        status = solver.solve(assumptions, deadline)
        rounds += 1
        if status is not Status.SAT:
            return status, None, rounds
        sol = model.decode()
        cuts = model.cuts(sol)
        if not cuts:
            break
        for cl in cuts:
            solver.add_clause(cl)
    problems = genre.verify(puzzle, sol)
    if problems:
        raise InternalError(
            f"{puzzle.genre} encoding produced an invalid solution: "
            + "; ".join(v.describe() for v in problems))
    return status, sol, rounds


class Session:
    """One puzzle encoded on one live solver; yields verified solutions one by one."""

    def __init__(self, puzzle: Puzzle, backend: str | None = None, encoding: str | None = None,
                 time_limit: float | None = None):
        from ..encodings import get_genre
        self.t0 = time.perf_counter()
        self.puzzle = puzzle
        self.genre = get_genre(puzzle.genre)
        self.deadline = None if time_limit is None else time.monotonic() + time_limit
        self.solver = make_backend(backend)
        self.model = self.genre.encode(puzzle, self.solver, encoding)
        self.encode_seconds = time.perf_counter() - self.t0
        self.rounds = 0

    def next_solution(self, assumptions=()) -> tuple[Status, Solution | None]:
        """Solve, adding lazy cuts until the model is a real solution; then verify it."""
        status, sol, rounds = solve_verified(self.solver, self.model, self.genre, self.puzzle,
                                             assumptions, self.deadline)
        self.rounds += rounds
        return status, sol

    def block(self, sol: Solution) -> None:
        self.solver.add_clause(self.model.block(sol))

    def stats(self) -> dict:
        out = self.solver.stats()
        out.update(self.model.stats())
        out["rounds"] = self.rounds
        out["encode_seconds"] = round(self.encode_seconds, 6)
        return out

    def close(self) -> None:
        self.solver.close()


def check(puzzle: Puzzle, *, backend: str | None = None, encoding: str | None = None,
          time_limit: float | None = None) -> CheckResult:
    """Decide uniqueness: UNIQUE, MULTIPLE (two solutions and their differences),
    NO_SOLUTION, or UNKNOWN when ``time_limit`` seconds run out."""
    sess = Session(puzzle, backend, encoding, time_limit)
    try:
        sols: list[Solution] = []
        status, sol = sess.next_solution()
        if sol is not None:
            sols.append(sol)
            sess.block(sol)
            status, sol = sess.next_solution()
            if sol is not None:
                sols.append(sol)
        if status is Status.UNKNOWN:
            verdict = Verdict.UNKNOWN
        else:
            verdict = {0: Verdict.NO_SOLUTION, 1: Verdict.UNIQUE, 2: Verdict.MULTIPLE}[len(sols)]
        differ = tuple(sols[0].differ(sols[1])) if len(sols) == 2 else ()
        return CheckResult(verdict, tuple(sols), differ, time.perf_counter() - sess.t0,
                           sess.stats())
    finally:
        sess.close()


@dataclass(frozen=True)
class CountResult:
    """How many solutions (up to ``limit``); ``complete`` is False if the limit or the
    time ran out before the search was exhausted."""

    count: int
    complete: bool
    solutions: tuple[Solution, ...]
    seconds: float
    timed_out: bool = False


def count(puzzle: Puzzle, limit: int | None = None, *, backend: str | None = None,
          encoding: str | None = None, time_limit: float | None = None) -> CountResult:
    """Enumerate solutions with blocking clauses, stopping at ``limit``."""
    sess = Session(puzzle, backend, encoding, time_limit)
    try:
        sols: list[Solution] = []
        while limit is None or len(sols) < limit:
            status, sol = sess.next_solution()
            if sol is None:
                return CountResult(len(sols), status is Status.UNSAT, tuple(sols),
                                   time.perf_counter() - sess.t0, status is Status.UNKNOWN)
            sols.append(sol)
            sess.block(sol)
        # The limit is reached: the count is complete only if nothing else exists.
        status, sol = sess.next_solution()
        return CountResult(len(sols), status is Status.UNSAT, tuple(sols),
                           time.perf_counter() - sess.t0, status is Status.UNKNOWN)
    finally:
        sess.close()


def solve(puzzle: Puzzle, *, backend: str | None = None, encoding: str | None = None,
          time_limit: float | None = None) -> Solution | None:
    """One verified solution, or None if there is none (or time ran out)."""
    sess = Session(puzzle, backend, encoding, time_limit)
    try:
        return sess.next_solution()[1]
    finally:
        sess.close()

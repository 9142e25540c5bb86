"""The checker's questions: is the answer unique, how many are there, what is the optimum.

Everything runs on a :class:`LiveSolver`: one encoded puzzle on one incremental solver,
shared with the minimizer and generator (whose switch board is a LiveSolver with clues
behind switches). Its :meth:`LiveSolver.solve` adds lazy cuts until the model is a real
answer and then checks that answer with the genre's plain-Python ``verify``: an answer
that fails is an :class:`~pencilproof.errors.InternalError`, never a verdict.

Uniqueness (the Another Solution Problem): solve, block that answer (and every image of
it under the genre's declared symmetry), solve again on the same solver, so what it
learned the first time (lazy connectivity cuts included) makes the second solve cheap.
An encoding may declare a :class:`~pencilproof.encodings.contract.Lemma`: constraints
behind a guard literal that some answer meets whenever there is one (Numberlink's
"paths take no detour"). :func:`check_unique` then solves under the guard first: none
there means none at all; two there, two answers; one there (A) is the verdict when the
lemma ``settles(A)``, else the same solver is asked, under the guard's negation (the
plain rules), for an answer other than A. No symmetry applies then (images are not
part of a lemma's proof); :func:`count` and the analyses never assume a guard.

Optimum: a valid answer from the genre bounds the cost from above; each solve under
"cost <= best - 1" either finds a cheaper answer or proves the best one optimal.
"""
from __future__ import annotations

import enum
import time
from dataclasses import dataclass, field
from typing import Any, Iterable, Optional, Sequence, Union

from ..encodings import Encoded, Genre, Question, get_genre
from ..errors import InputError, InternalError
from ..puzzle import Cell, Puzzle
from ..solvers.backends import Backend, EncodingTimeout, Status, TooLarge, make_backend
from ..solvers.deadline import NEVER, Deadline, TimeUp, alarm, poll


class Verdict(enum.Enum):
    # the "unique" question
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NO_SOLUTION = "no_solution"
    # the "optimum" question (with a limit: is it achievable, and is it the optimum?)
    OPTIMAL = "optimal"                # the optimum is proven (no limit asked about)
    TIGHT = "tight"                    # the limit is achievable and equals the optimum
    NOT_TIGHT = "not_tight"            # achievable, but fewer suffice
    NOT_ACHIEVABLE = "not_achievable"  # the optimum is above the limit
    # either question, when the time limit runs out
    UNKNOWN = "unknown"

    @property
    def exit_code(self) -> int:
        if self in (Verdict.UNIQUE, Verdict.OPTIMAL, Verdict.TIGHT):
            return 0
        return 3 if self is Verdict.UNKNOWN else 1


#: The share of its encoding time a solver takes to be freed (see LiveSolver.open).
FREE_SHARE = 0.15


class LiveSolver:
    """One encoded puzzle on one live incremental solver: solve, cut, verify, block.

    ``puzzle`` is what answers are verified against; a caller whose puzzle changes
    between solves (the generator's switch board) passes the current one to
    :meth:`solve`.
    """

    def __init__(self, genre: Genre, solver: Backend, model: Encoded,
                 deadline: Deadline | float | None = None, puzzle: Puzzle | None = None):
        self.genre = genre
        self.solver = solver
        self.model = model
        #: The time.monotonic() value solves stop at (None: none); see :attr:`until`.
        self.deadline: float | None = Deadline.of(deadline).at
        self.puzzle = puzzle
        self.rounds = 0
        self.encode_seconds = 0.0
        #: How a lemma of the encoding decided (check_unique; None: no lemma was used).
        self.lemma_note: Optional[str] = None

    @property
    def until(self) -> Deadline:
        return Deadline(self.deadline)

    @classmethod
    def open(cls, puzzle: Puzzle, backend: str | None = None, encoding: str | None = None,
             time_limit: float | None = None, deadline: Deadline = NEVER) -> "LiveSolver":
        """The puzzle encoded on a fresh solver; ``time_limit`` counts from now, and the
        sooner of it and ``deadline`` bounds everything.

        The encoding itself is bounded by the deadline: the backend raises
        :class:`~.backends.EncodingTimeout` (after closing the solver) when it passes, and
        the callers below report ``unknown``."""
        t0 = time.perf_counter()
        until = deadline.within(time_limit)
        genre = get_genre(puzzle.genre)
        solver = make_backend(backend)
        # The encoding stops a little early: freeing what it built when it is cut short
        # takes about a tenth of the time it took (measured on 1000x1000 grids).
        left = until.remaining()
        solver.deadline = (None if until.at is None else until.at if not left < 1e9
                           else until.at - 0.1 * max(0.0, left))
        try:
            # A genre's own Python (building a big grid's rules) asks no deadline: the
            # alarm stops it there too.
            with alarm(Deadline(solver.deadline), lambda: EncodingTimeout(solver.stats())):
                model = genre.encode(puzzle, solver, encoding)
        except EncodingTimeout as e:
            solver.close()
            e.stats["encode_seconds"] = round(time.perf_counter() - t0, 6)
            raise
        except BaseException:
            solver.close()
            raise
        solver.deadline = None  # lazy cuts and blocking clauses are never cut short
        live = cls(genre, solver, model, until, puzzle)
        live.encode_seconds = time.perf_counter() - t0
        if live.deadline is not None:
            # Solving stops early enough for the solver to be freed by the deadline too:
            # that takes about a tenth of the time building it did (0.5 s on 1000x1000).
            live.deadline -= FREE_SHARE * live.encode_seconds
        return live

    def _late(self) -> bool:
        poll()  # an interrupt swallowed somewhere is raised here
        return self.deadline is not None and time.monotonic() > self.deadline

    def solve(self, assumptions: Sequence[int] = (), puzzle: Puzzle | None = None
              ) -> tuple[Status, Any]:
        """(status, verified answer or None). Adds lazy cuts until the model is a real
        answer of ``puzzle`` (default: the one this solver was opened with), then checks
        it in plain Python or raises :class:`InternalError`."""
        puzzle = puzzle or self.puzzle
        assert puzzle is not None, "solve() needs the puzzle to verify against"
        self.model.prepare(puzzle)
        while True:
            status = self.solver.solve(assumptions, self.deadline)
            self.rounds += 1
            if status is not Status.SAT:
                return status, None
            # Decoding, cutting and verifying a big grid take a while each: past the
            # deadline, stop between them (an answer found then is not reported), and
            # the backend stops within them (it raises EncodingTimeout while armed).
            if self._late():
                return Status.UNKNOWN, None
            self.solver.deadline = self.deadline
            try:
                with alarm(self.until, EncodingTimeout):  # a genre's own Python, too
                    answer = self.model.decode()
                    if self._late():
                        return Status.UNKNOWN, None
                    cuts = self.model.cuts(answer)
                    if cuts:
                        self.solver.add_clauses(cuts)  # each cut holds on its own: some may do
            except EncodingTimeout:
                return Status.UNKNOWN, None
            finally:
                self.solver.deadline = None
            if not cuts:
                break
        if self._late():
            return Status.UNKNOWN, None
        try:
            with alarm(self.until, TimeUp):  # verifying a big grid takes a while too
                problems = self.genre.verify(puzzle, answer)
        except TimeUp:
            return Status.UNKNOWN, None
        if problems:
            raise InternalError(
                f"{puzzle.genre} encoding produced an invalid solution: "
                + "; ".join(v.describe() for v in problems))
        return status, answer

    def block(self, answer: Any, images: Iterable[Any] = ()) -> None:
        """Rule this answer (and these equivalent ones) out for the rest of the run."""
        self.solver.add_clause(self.model.block(answer))
        for other in images:
            self.solver.add_clause(self.model.block(other))

    @property
    def calls(self) -> int:
        return self.solver.calls

    def stats(self) -> dict[str, Any]:
        out = self.solver.stats()
        out.update(self.model.stats())
        out["rounds"] = self.rounds
        out["encode_seconds"] = round(self.encode_seconds, 6)
        if self.lemma_note is not None:
            out["lemma"] = self.lemma_note
        return out

    def close(self) -> None:
        self.solver.close()


def _up_to(genre: Genre, puzzle: Puzzle) -> Optional[str]:
    return genre.symmetry if genre.symmetry_applies(puzzle) else None


@dataclass(frozen=True)
class CheckResult:
    """A verdict with up to two answers, where they differ, timings and solver counters.

    ``up_to`` names the symmetry the verdict is judged under (None: none applies):
    then ``unique`` means one answer and its images, and the second answer of
    ``multiple`` is not an image of the first.
    """

    verdict: Verdict
    solutions: tuple[Any, ...]
    differ: tuple[Cell, ...]
    seconds: float
    stats: dict[str, Any] = field(default_factory=dict, compare=False)
    up_to: Optional[str] = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"verdict": self.verdict.value,
                               "solutions": [s.to_json() for s in self.solutions],
                               "differ": [list(c) for c in self.differ],
                               "seconds": round(self.seconds, 6),
                               "stats": self.stats}
        if self.up_to is not None:
            out["up_to"] = self.up_to
        return out


@dataclass(frozen=True)
class OptimumResult:
    """The least cost of an answer: proven when ``proven``; ``lower_bound`` <= optimum
    <= the cost of ``answer``. With a ``limit``, the verdict says whether that limit is
    achievable and tight."""

    verdict: Verdict
    optimum: Optional[int]          # the proven optimum, or None
    lower_bound: int
    best: Optional[int]             # the cost of ``answer`` (an upper bound)
    answer: Any
    limit: Optional[int]
    seconds: float
    stats: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def proven(self) -> bool:
        return self.optimum is not None

    def to_json(self) -> dict[str, Any]:
        return {"verdict": self.verdict.value, "optimum": self.optimum, "proven": self.proven,
                "lower_bound": self.lower_bound, "best": self.best, "limit": self.limit,
                "answer": None if self.answer is None else self.answer.to_json(),
                "seconds": round(self.seconds, 6), "stats": self.stats}


def check(puzzle: Puzzle, *, backend: str | None = None, encoding: str | None = None,
          time_limit: float | None = None, limit: int | None = None,
          deadline: Deadline = NEVER) -> Union[CheckResult, OptimumResult]:
    """The genre's question. ``unique``: UNIQUE, MULTIPLE (two answers and where they
    differ), NO_SOLUTION, or UNKNOWN when ``time_limit`` seconds run out (or ``deadline``
    passes, whichever is sooner). ``optimum``: see :func:`optimum` (``limit`` is the
    move limit to judge)."""
    genre = get_genre(puzzle.genre)
    if genre.question is Question.OPTIMUM:
        return optimum(puzzle, limit=limit, backend=backend, encoding=encoding,
                       time_limit=time_limit, deadline=deadline)
    if limit is not None:
        raise InputError(f"{genre.name} asks whether the answer is unique; a limit applies "
                         "only to optimisation genres", "--limit")
    return check_unique(puzzle, backend=backend, encoding=encoding, time_limit=time_limit,
                        deadline=deadline)


def check_unique(puzzle: Puzzle, *, backend: str | None = None, encoding: str | None = None,
                 time_limit: float | None = None, deadline: Deadline = NEVER) -> CheckResult:
    """Decide uniqueness (up to the genre's symmetry where it applies)."""
    t0 = time.perf_counter()
    try:
        live = LiveSolver.open(puzzle, backend, encoding, time_limit, deadline)
    except EncodingTimeout as e:
        genre = get_genre(puzzle.genre)
        return CheckResult(Verdict.UNKNOWN, (), (), time.perf_counter() - t0, e.stats,
                           _up_to(genre, puzzle))
    try:
        genre = live.genre
        up_to = _up_to(genre, puzzle)
        sols: list[Any] = []
        lemma = None if up_to else getattr(live.model, "lemma", None)
        under = [lemma.guard] if lemma is not None else []
        status, sol = live.solve(under)
        if sol is not None:
            sols.append(sol)
            live.block(sol, genre.images(puzzle, sol) if up_to else ())
            status, sol = live.solve(under)
            if sol is not None:
                sols.append(sol)
            elif lemma is not None and status is Status.UNSAT:
                settled = lemma.settles(sols[0])
                live.lemma_note = "settled" if settled else "fell back to the plain rules"
                if not settled:
                    status, sol = live.solve([-lemma.guard])
                    if sol is not None:
                        sols.append(sol)
        if status is Status.UNKNOWN:
            verdict = Verdict.UNKNOWN
        else:
            verdict = {0: Verdict.NO_SOLUTION, 1: Verdict.UNIQUE, 2: Verdict.MULTIPLE}[len(sols)]
        differ = tuple(sols[0].differ(sols[1])) if len(sols) == 2 else ()
        return CheckResult(verdict, tuple(sols), differ, time.perf_counter() - t0,
                           live.stats(), up_to)
    finally:
        live.close()


@dataclass(frozen=True)
class CountResult:
    """How many answers (up to ``limit``); ``complete`` is False if the limit or the
    time ran out before the search was exhausted. Under a symmetry (``up_to``),
    ``count`` counts raw answers and ``classes`` the answers up to the symmetry; the
    limit applies to classes."""

    count: int
    complete: bool
    solutions: tuple[Any, ...]
    seconds: float
    timed_out: bool = False
    classes: Optional[int] = None
    up_to: Optional[str] = None


def count(puzzle: Puzzle, limit: int | None = None, *, backend: str | None = None,
          encoding: str | None = None, time_limit: float | None = None,
          deadline: Deadline = NEVER) -> CountResult:
    """Enumerate answers with blocking clauses, stopping at ``limit``."""
    t0 = time.perf_counter()
    if get_genre(puzzle.genre).question is Question.OPTIMUM:
        return _count_optimal(puzzle, limit, backend, encoding, deadline.within(time_limit))
    try:
        live = LiveSolver.open(puzzle, backend, encoding, time_limit, deadline)
    except EncodingTimeout:
        up_to = _up_to(get_genre(puzzle.genre), puzzle)
        return CountResult(0, False, (), time.perf_counter() - t0, True,
                           0 if up_to else None, up_to)
    try:
        genre = live.genre
        up_to = _up_to(genre, puzzle)
        sols: list[Any] = []
        raw = 0

        def result(status: Status) -> CountResult:
            return CountResult(raw if up_to else len(sols), status is Status.UNSAT, tuple(sols),
                               time.perf_counter() - t0, status is Status.UNKNOWN,
                               len(sols) if up_to else None, up_to)
        while True:
            status, sol = live.solve()
            if sol is None or (limit is not None and len(sols) >= limit):
                # At the limit, the count is complete only if nothing else exists.
                return result(status)
            images = [x for x in genre.images(puzzle, sol) if x != sol] if up_to else []
            sols.append(sol)
            raw += 1 + len(set(images))
            live.block(sol, images)
    finally:
        live.close()


def _count_optimal(puzzle: Puzzle, limit: int | None, backend: str | None,
                   encoding: str | None, until: Deadline) -> CountResult:
    """An optimisation genre's count: the optimal answers (the optimum proven first)."""
    t0 = time.perf_counter()
    genre = get_genre(puzzle.genre)
    opt = genre.optimisation
    assert opt is not None
    res = optimum(puzzle, backend=backend, encoding=encoding, deadline=until)
    if not res.proven or res.optimum is None:
        return CountResult(0, False, (), time.perf_counter() - t0, True)
    deadline = until.at
    solver = make_backend(backend)
    try:
        solver.deadline = deadline
        try:
            model = opt.encode_within(puzzle, solver, res.optimum, encoding)
        except EncodingTimeout:
            return CountResult(0, False, (), time.perf_counter() - t0, True)
        solver.deadline = None
        live = LiveSolver(genre, solver, model, deadline, puzzle)
        sols: list[Any] = []
        while True:
            status, sol = live.solve(model.at_most(res.optimum))
            if sol is None or (limit is not None and len(sols) >= limit):
                return CountResult(len(sols), status is Status.UNSAT, tuple(sols),
                                   time.perf_counter() - t0, status is Status.UNKNOWN)
            if opt.cost(puzzle, sol) != res.optimum:
                raise InternalError(f"{genre.name}: an answer of cost {opt.cost(puzzle, sol)} "
                                    f"under the proven optimum {res.optimum}")
            sols.append(sol)
            live.block(sol)
    finally:
        solver.close()


def solve(puzzle: Puzzle, *, backend: str | None = None, encoding: str | None = None,
          time_limit: float | None = None, deadline: Deadline = NEVER) -> Any:
    """One verified answer, or None if there is none (or time ran out). For an
    optimisation genre, a proven optimal answer (or None)."""
    genre = get_genre(puzzle.genre)
    if genre.question is Question.OPTIMUM:
        res = optimum(puzzle, backend=backend, encoding=encoding, time_limit=time_limit,
                      deadline=deadline)
        return res.answer if res.proven else None
    try:
        live = LiveSolver.open(puzzle, backend, encoding, time_limit, deadline)
    except EncodingTimeout:
        return None
    try:
        return live.solve()[1]
    finally:
        live.close()


def optimum(puzzle: Puzzle, *, limit: int | None = None, backend: str | None = None,
            encoding: str | None = None, time_limit: float | None = None,
            deadline: Deadline = NEVER) -> OptimumResult:
    """The least cost of an answer of an optimisation genre, proven where time allows.

    The genre gives a lower bound and some valid answer; then, on one solver, each
    solve under "cost <= best - 1" finds a cheaper answer (which becomes the best) or
    proves the best optimal. With ``limit`` the verdict judges that limit: TIGHT when it
    equals the optimum, NOT_TIGHT when fewer suffice, NOT_ACHIEVABLE when it is below.
    """
    t0 = time.perf_counter()
    genre = get_genre(puzzle.genre)
    opt = genre.optimisation
    if opt is None:
        raise InputError(f"{genre.name} asks whether the answer is unique, not for an optimum")
    until = deadline.within(time_limit)
    try:
        lower, answer = opt.bounds(puzzle, until, backend)
    except TimeUp as e:  # not even a first answer in time (perhaps a lower bound)
        lower = e.found if isinstance(e.found, int) else 0
        verdict = (Verdict.NOT_ACHIEVABLE if limit is not None and lower > limit
                   else Verdict.UNKNOWN)
        return OptimumResult(verdict, None, lower, None, None, limit,
                             time.perf_counter() - t0, {"bounds": "time limit reached"})
    problems = genre.verify(puzzle, answer)
    if problems:
        raise InternalError(f"{genre.name}: the genre's bounding answer is invalid: "
                            + "; ".join(v.describe() for v in problems))
    best = opt.cost(puzzle, answer)
    stats: dict[str, Any] = {}
    timed_out = False
    if lower < best:
        solver = make_backend(backend)
        try:
            solver.deadline = until.at
            try:
                model = opt.encode_within(puzzle, solver, best - 1, encoding)
            except EncodingTimeout as e:
                model, timed_out, stats = None, True, e.stats
            except TooLarge as e:  # the bounds stand, unproven: say why
                model, timed_out, stats = None, True, {"not_proven": str(e)}
            solver.deadline = None
            live = None if model is None else LiveSolver(genre, solver, model, until, puzzle)
            while opt.ascending and live is not None and model is not None and lower < best:
                # Prove "cost <= lower" impossible, lower + 1, ... on the same solver.
                status, found = live.solve(model.at_most(lower))
                if status is Status.UNKNOWN:
                    timed_out = True
                    break
                if found is None:
                    lower += 1
                    continue
                cost = opt.cost(puzzle, found)
                if cost > lower:
                    raise InternalError(f"{genre.name}: an answer of cost {cost} was found "
                                        f"under the bound {lower}")
                best, answer = cost, found
            while live is not None and model is not None and lower < best:
                status, found = live.solve(model.at_most(best - 1))
                if status is Status.UNKNOWN:
                    timed_out = True
                    break
                if found is None:
                    lower = best  # nothing cheaper than best exists
                    break
                cost = opt.cost(puzzle, found)
                if cost >= best:
                    raise InternalError(f"{genre.name}: an answer of cost {cost} was found "
                                        f"under the bound {best - 1}")
                best, answer = cost, found
            if live is not None:
                stats = live.stats()
        finally:
            solver.close()
    proven = not timed_out and lower >= best
    optimum_value = best if proven else None
    if limit is None:
        verdict = Verdict.OPTIMAL if proven else Verdict.UNKNOWN
    elif best <= limit:
        verdict = (Verdict.TIGHT if proven and best == limit else
                   Verdict.NOT_TIGHT if best < limit else Verdict.UNKNOWN)
    else:
        verdict = Verdict.NOT_ACHIEVABLE if lower > limit else Verdict.UNKNOWN
    return OptimumResult(verdict, optimum_value, lower, best, answer, limit,
                         time.perf_counter() - t0, stats)

"""Solution-first generation of one puzzle, genre-independent.

The genre draws a random valid answer and lists every cell where a clue could go with
the value that answer gives it. All those clues go on ONE switch board, switched off,
with the answer blocked. While the board finds a second (real, verified) solution, a
clue that this second solution breaks is switched on; once no second solution is left,
the clues are minimized on the same solver. Every random choice comes from one
``random.Random`` seeded by (master seed, candidate index, attempt), and no time limit
is involved, so a candidate always yields the same puzzle.
"""
from __future__ import annotations

import dataclasses
import random
import time
from dataclasses import asdict, dataclass
from typing import Any

from ..analysis.explain import explain
from ..analysis.grade import grade_of
from ..checker import Status, optimum
from ..checker.switchboard import Switch, SwitchBoard, generation_of
from ..encodings import (ClueKey, Generation, OptimumGeneration, Question, Symmetry,
                         get_genre)
from ..formats import Document, document_to_doc
from ..errors import InputError
from ..formats import share_fields
from ..formats.url import MAX_SIDE
from ..puzzle import Cell, Clue, Puzzle
from ..solvers.deadline import NEVER, Deadline, TimeUp
from .fewest import Search, fewer_clues, pick_clue
from .minimize import clue_count, reduce_clues


@dataclass(frozen=True)
class GenerateOptions:
    """What to generate; the same options and seed always give the same puzzles."""

    genre: str = "canal"
    rows: int = 10
    cols: int = 10
    density: float | None = None              # share of shaded cells (genre default)
    values: tuple[int, int] | None = None     # allowed clue values, inclusive
    question: float = 0.0                     # chance a needed number is tried as '?'
    # Symmetric clue layout: True is the half turn (as records have always said), or the
    # name of another kind in encodings.SYMMETRIES ("quarter", "mirror").
    symmetric: bool | str = False
    clue_range: tuple[int, int] | None = None  # accepted number of clues, inclusive
    backend: str | None = None
    max_attempts: int = 200                   # attempts per candidate before giving up
    extra: tuple[tuple[str, str], ...] = ()   # the genre's own options (Generation.options)
    grade_range: tuple[int, int] | None = None  # accepted difficulty grades (analysis.grade)
    # Optimisation genres (Flood-It): colours, accepted optima, limit = optimum + leniency,
    # and the seconds one board's proof may take (an unproven board is skipped).
    colours: int | None = None
    optimum_range: tuple[int, int] | None = None
    leniency: int = 0
    proof_time: float | None = None
    # --fewest: each candidate compares ``tries`` puzzles (None: as many as its time share
    # allows), each searched for ``rounds`` rounds for a smaller clue set (generator/
    # fewest.py), and keeps the one with fewest clues. ``fewest_seconds`` is that share
    # (the run sets it from --max-time; like the backend, not compared by --resume).
    fewest: bool = False
    rounds: int = 30
    tries: int | None = None
    fewest_seconds: float | None = None

    def validate(self) -> "GenerateOptions":
        """Raise InputError naming the option; returns self with the genre's own name."""
        genre = get_genre(self.genre, "genre")
        opt = genre.optimisation
        if opt is not None and opt.generator is not None:
            return self._validate_optimum(genre.name, opt.generator)
        if genre.generator is None:
            raise InputError(f"genre {genre.name!r} has no generator", "genre")
        for name, value, default in (("--colours", self.colours, None),
                                     ("--optimum", self.optimum_range, None),
                                     ("--leniency", self.leniency, 0),
                                     ("--proof-time", self.proof_time, None)):
            if value != default:
                raise InputError(f"applies to optimisation genres, not {genre.name}", name)
        if not (2 <= self.rows <= MAX_SIDE and 2 <= self.cols <= MAX_SIDE):
            raise InputError(f"impossible size {self.rows}x{self.cols} "
                             f"(rows and columns must be 2..{MAX_SIDE})", "--size")
        if self.density is not None:
            lo, hi = genre.generator.density_range
            if not lo <= self.density <= hi:
                raise InputError(f"density {self.density} is outside {lo}..{hi}", "--density")
        if self.values is not None:
            lo, hi = self.values
            if lo < 0 or lo > hi:
                raise InputError(f"clue value range {lo}-{hi} is empty or negative", "--values")
        if self.clue_range is not None:
            lo, hi = self.clue_range
            if lo < 0 or lo > hi:
                raise InputError(f"clue count range {lo}-{hi} is empty or negative", "--clues")
        if self.grade_range is not None:
            lo, hi = self.grade_range
            if not 1 <= lo <= hi <= 9:
                raise InputError(f"grade range {lo}-{hi} is not within 1-9", "--grade")
        symmetric = self.symmetric
        if isinstance(symmetric, str):
            Symmetry(symmetric, self.rows, self.cols)  # InputError naming --symmetry
            symmetric = True if symmetric == "half" else symmetric
        if not 0.0 <= self.question <= 1.0:
            raise InputError(f"{self.question} is not a probability (0..1)", "--question")
        if self.max_attempts < 1:
            raise InputError("must be at least 1", "--max-attempts")
        if self.rounds < 0:
            raise InputError("must be at least 0", "--rounds")
        if self.tries is not None and self.tries < 1:
            raise InputError("must be at least 1", "--tries")
        if self.fewest and self.tries is None and self.fewest_seconds is None:
            raise InputError("needs --tries or --max-time (how many puzzles to compare)",
                             "--fewest")
        if self.fewest and self.question:
            raise InputError("cannot be combined with --fewest (the search keeps whole "
                             "clues)", "--question")
        try:
            genre.generator.with_options(dict(self.extra))
        except ValueError as e:
            if isinstance(e, InputError):
                raise
            raise InputError(str(e)) from None
        return GenerateOptions(**{**asdict(self), "genre": genre.name, "symmetric": symmetric})

    def _validate_optimum(self, name: str, hooks: OptimumGeneration) -> "GenerateOptions":
        if not (1 <= self.rows <= MAX_SIDE and 1 <= self.cols <= MAX_SIDE) \
                or self.rows * self.cols < 2:
            raise InputError(f"impossible size {self.rows}x{self.cols}", "--size")
        lo, hi = hooks.colours_range
        colours = self.colours if self.colours is not None else hooks.default_colours
        if not lo <= colours <= hi:
            raise InputError(f"{colours} colours is outside {lo}..{hi}", "--colours")
        if colours > self.rows * self.cols and self.colours is None:  # the default's
            raise InputError(f"{self.rows * self.cols} cells cannot hold the default {colours} "
                             f"colours (give --colours {self.rows * self.cols} or fewer)",
                             "--size")
        if colours > self.rows * self.cols:
            raise InputError(f"{colours} colours do not fit {self.rows * self.cols} cells",
                             "--colours")
        if self.optimum_range is not None and self.optimum_range[0] > self.optimum_range[1]:
            raise InputError(f"optimum range {self.optimum_range[0]}-{self.optimum_range[1]} "
                             "is empty", "--optimum")
        if self.leniency < 0:
            raise InputError("must be at least 0", "--leniency")
        for opt_name, value in (("--density", self.density), ("--values", self.values),
                                ("--clues", self.clue_range)):
            if value is not None:
                raise InputError(f"applies to genres with clues, not {name}", opt_name)
        if self.question or self.symmetric or self.fewest:
            raise InputError(f"applies to genres with clues, not {name}",
                             "--question" if self.question else
                             "--symmetric" if self.symmetric else "--fewest")
        if self.max_attempts < 1:
            raise InputError("must be at least 1", "--max-attempts")
        return GenerateOptions(**{**asdict(self), "genre": name, "colours": colours,
                                  "proof_time": self.proof_time or DEFAULT_PROOF_TIME})

    def to_json(self) -> dict[str, Any]:
        """The options that shape the puzzles (not the backend), as stored in records."""
        d = asdict(self)
        d.pop("backend")
        d.pop("fewest_seconds")
        if not d["fewest"]:  # records made before --fewest existed resume unchanged
            for key in ("fewest", "rounds", "tries"):
                d.pop(key)
        extra = dict(d.pop("extra"))
        if d["grade_range"] is None:
            d.pop("grade_range")  # (files made before grades existed resume unchanged)
        for key, default in (("colours", None), ("optimum_range", None), ("leniency", 0),
                             ("proof_time", None)):
            if d[key] == default:  # records of clue genres stay as they were
                d.pop(key)
        out = {k: (list(v) if isinstance(v, tuple) else v) for k, v in d.items()}
        if extra:
            out["extra"] = extra
        return out


#: Seconds one board's optimum may take to prove by default (``--proof-time``).
DEFAULT_PROOF_TIME = 60.0


@dataclass(frozen=True)
class Generated:
    """One finished puzzle and how it was made (enough to make it again)."""

    puzzle: Puzzle
    solution: Any
    index: int
    attempt: int
    seed: str
    seconds: float
    solver_calls: int
    #: The difficulty grade (``analysis.grade``), when ``--grade`` asked for one.
    grade: dict[str, Any] | None = None
    #: Optimisation genres: the proven optimum, and boards skipped before this one
    #: because their optimum was not proven within ``--proof-time``.
    optimum: int | None = None
    unproven: int = 0
    #: ``--fewest``: puzzles compared (``tries``) and rounds each, which try won, the
    #: first try's clue count; ``--tries T --rounds R`` with these values makes it again.
    fewest: dict[str, Any] | None = None

    def to_record(self, master_seed: int, options: GenerateOptions) -> dict[str, Any]:
        """A JSON line: the puzzle document's keys, the answer, and its provenance."""
        genre = get_genre(self.puzzle.genre)
        if genre.optimisation is not None:
            doc = document_to_doc(Document(self.puzzle, None))
            doc.update({genre.optimisation.answer_key: self.solution.to_json(),
                        "optimum": self.optimum, "proven": True})
            for f in genre.formats.codes:
                try:
                    doc[f.name] = f.write(self.puzzle)
                except InputError:  # a board the code cannot carry (too large): left out
                    pass
            doc.update({"index": self.index, "attempt": self.attempt, "seed": self.seed,
                        "master_seed": master_seed, "seconds": round(self.seconds, 4),
                        "solver_calls": self.solver_calls, "unproven_skipped": self.unproven,
                        "options": options.to_json()})
            return doc
        doc = self.puzzle.to_doc()
        doc.update({"solution": self.solution.to_json(), "clues": clue_count(self.puzzle),
                    "index": self.index, "attempt": self.attempt, "seed": self.seed,
                    "master_seed": master_seed, "seconds": round(self.seconds, 4),
                    "solver_calls": self.solver_calls, **share_fields(self.puzzle),
                    "options": options.to_json()})
        if self.grade is not None:
            doc["grade"] = self.grade
        if self.fewest is not None:
            doc["fewest"] = self.fewest
        return doc


#: Share of the candidate clue cells switched on before the first uniqueness test.
PREFILL = 0.5


def candidate_seed(master_seed: int, index: int, attempt: int) -> str:
    """The seed string of one attempt: independent of jobs, order and timing."""
    return f"{master_seed}:{index}:{attempt}"


def generate_one(options: GenerateOptions, master_seed: int, index: int,
                 until: Deadline = NEVER) -> Generated | None:
    """Candidate ``index``: the first attempt that meets the targets, or None after
    ``max_attempts`` (the same None on every run, since nothing depends on time).
    With ``fewest``: the attempt with fewest clues of ``tries`` that meet them.

    ``until`` is the run's deadline (``--max-time``): every attempt stops there and the
    candidate is given up with :class:`TimeUp`, never finished differently, so what is
    written still depends on the seed only."""
    t0 = time.perf_counter()
    calls = 0
    if get_genre(options.genre).question is Question.OPTIMUM:
        return _generate_optimum(options, master_seed, index, until)
    # --fewest with a time share: tries stop at the end of this candidate's share; a try
    # cut short is dropped (unless it is the first), so the record's tries and rounds
    # make the same puzzle again without a time limit.
    deadline = (None if options.fewest_seconds is None
                else time.monotonic() + options.fewest_seconds)
    if until.at is not None and options.fewest:  # the search stops by the run's end too
        deadline = until.at if deadline is None else min(deadline, until.at)
    best: Generated | None = None
    tries = first = 0
    for attempt in range(options.max_attempts):
        if (best is not None and options.tries is not None and tries >= options.tries) \
                or (deadline is not None and time.monotonic() >= deadline and attempt):
            break
        until.check()
        seed = candidate_seed(master_seed, index, attempt)
        got, n = attempt_puzzle(options, random.Random(seed), deadline, until)
        calls += n
        if got is None:
            continue
        puzzle, solution, search = got
        if search is not None and search.stopped == "time" and best is not None:
            break
        graded = None
        if options.grade_range is not None:
            path = explain(puzzle, deadline=until)
            if path.timed_out:
                raise TimeUp()
            g = grade_of(path)  # deterministic: the same attempt passes on every run
            lo, hi = options.grade_range
            if g is None or not lo <= g.grade <= hi:
                continue
            graded = g.to_json()
        made = Generated(puzzle, solution, index, attempt, seed, 0.0, 0, graded)
        if not options.fewest:
            best = made
            break
        tries += 1
        if best is None:
            first = search.start if search is not None else clue_count(puzzle)
        if best is None or clue_count(puzzle) < clue_count(best.puzzle):
            best = made
        rounds = options.rounds if search is None or search.stopped != "time" else search.rounds
        best = dataclasses.replace(best, fewest={"tries": tries, "rounds": rounds,
                                                 "best_try": best.attempt, "from": first})
        if search is not None and search.stopped in ("time", "target"):
            break
    if best is None:
        return None
    return dataclasses.replace(best, seconds=time.perf_counter() - t0, solver_calls=calls)


def _generate_optimum(options: GenerateOptions, master_seed: int, index: int,
                      until: Deadline = NEVER) -> Generated | None:
    """An optimisation genre's candidate: random boards until one's optimum is proven
    within ``proof_time`` and lies in the target range; it is written with the limit
    optimum + leniency. Boards whose proof runs out of time are skipped and counted (so
    here, unlike clue genres, the machine's speed can change which board is written)."""
    t0 = time.perf_counter()
    genre = get_genre(options.genre)
    opt = genre.optimisation
    assert opt is not None and opt.generator is not None and options.colours is not None
    calls = unproven = 0
    for attempt in range(options.max_attempts):
        until.check()
        seed = candidate_seed(master_seed, index, attempt)
        puzzle = opt.generator.random_puzzle(options.rows, options.cols, options.colours,
                                             random.Random(seed))
        res = optimum(puzzle, backend=options.backend, time_limit=options.proof_time,
                      deadline=until)
        calls += int(res.stats.get("solver_calls", 0))
        until.check()  # a proof cut short by the run's end is no unproven board
        if not res.proven or res.optimum is None:
            unproven += 1
            continue
        if options.optimum_range is not None and not (
                options.optimum_range[0] <= res.optimum <= options.optimum_range[1]):
            continue
        limit = res.optimum + options.leniency
        return Generated(opt.generator.with_limit(puzzle, limit), res.answer, index, attempt,
                         seed, time.perf_counter() - t0, calls, optimum=res.optimum,
                         unproven=unproven)
    return None


def symmetry_of(options: GenerateOptions) -> Symmetry | None:
    """The symmetry ``--symmetric`` asks for (True is the half turn), or None."""
    kind = options.symmetric
    if not kind:
        return None
    return Symmetry("half" if kind is True else str(kind), options.rows, options.cols)


def _groups(hooks: Generation, cands: dict[ClueKey, Clue],
            symmetric: Symmetry | None) -> list[tuple[ClueKey, ...]]:
    """Clues that go on and off together: single clues, or the clues of an orbit of
    cells under the symmetry (only where every cell of the orbit has a clue)."""
    if symmetric is None:
        return [(k,) for k in sorted(cands)]
    at: dict[Cell, list[ClueKey]] = {}
    for k in sorted(cands):
        at.setdefault(hooks.key_cell(k), []).append(k)
    out = []
    for c in sorted(at):
        orbit = symmetric.orbit(c)
        if orbit[0] == c and all(x in at for x in orbit):
            out.append(tuple(k for x in orbit for k in at[x]))
    return out


#: Layout repairs (Generation.repair) one attempt may make, per 100 cells.
REPAIRS_PER_100_CELLS = 5


def attempt_puzzle(options: GenerateOptions, rng: random.Random,
                   deadline: float | None = None, until: Deadline = NEVER
                   ) -> tuple[tuple[Puzzle, Any, Search | None] | None, int]:
    """One solution-first attempt; returns (puzzle, answer and the --fewest search if
    one ran, or None) and solver calls. ``deadline`` ends the --fewest search (its
    share of the time); ``until`` is the run's end, where the attempt is given up
    (:class:`TimeUp`): it never finishes differently because of the clock."""
    hooks = generation_of(get_genre(options.genre)).with_options(dict(options.extra))
    rows, cols = options.rows, options.cols
    symmetric = symmetry_of(options)
    density = options.density
    if density is None and options.fewest:
        density = hooks.fewest_density
    solution = hooks.random_answer(rows, cols, rng, density,
                                   symmetric if hooks.symmetric_layout else None)
    until.check()
    calls = 0
    on_keys: set[ClueKey] | None = None  # clues on before a layout repair (kept on)
    old_keys: set[ClueKey] = set()
    repairs = max(1, rows * cols * REPAIRS_PER_100_CELLS // 100)
    while True:
        cands = hooks.clue_candidates(solution)
        if options.values is not None:
            lo, hi = options.values
            cands = {c: v for c, v in cands.items() if not isinstance(v, int) or lo <= v <= hi}
        groups = _groups(hooks, cands, symmetric)
        # Givens that stay whatever the clues (Light Up's walls): the genre says.
        board = SwitchBoard(hooks.blank_for(solution), cands, options.backend, until)
        try:
            board.block(solution)
            if on_keys is None and options.fewest:
                on = []  # every clue chosen by pick_clue: fewer are needed (see there)
            elif on_keys is None:
                # Read clues off the answer at a random half of the candidate cells,
                # then add clues while a second solution exists. Starting from no clues
                # at all makes the first solves very loose (slow, and heavy-tailed);
                # starting from all of them means one test per candidate. Measured on
                # 20x20 (10 attempts, mean seconds): share 0.3: 2.0, 0.5: 0.53, 0.7:
                # 0.50, 1.0: 0.51 - and 0.5 keeps the add-while-not-unique step doing
                # real work.
                on = [g for g in groups if rng.random() < PREFILL]
            else:  # after a repair: what was on, and what the repair made possible
                on = [g for g in groups if all(k in on_keys or k not in old_keys for k in g)]
            is_on = set(on)
            board.set([c for g in on for c in g], Switch.ON)
            while True:
                status, other = board.solve()
                if status is Status.UNSAT:
                    break
                if other is None:  # UNKNOWN: the run's end came (never without one)
                    raise TimeUp()
                # A clue that rules this second solution out (its answer breaks it): the
                # first one from a random place on (asking every clue, as a uniform
                # choice would, took a tenth of a 100x100 Light Up attempt); for
                # --fewest the one that says most (see pick_clue).
                g = pick_clue(hooks, groups, cands, other, is_on, rng, options.fewest)
                if g is None:
                    break  # the allowed clues cannot tell them apart
                board.set(g, Switch.ON)
                on.append(g)
                is_on.add(g)
            if status is not Status.UNSAT:
                # The genre may change its drawn givens where the two answers differ.
                new = hooks.repair(solution, other, rng, symmetric) if repairs else None
                until.check()
                if new is None:
                    return None, calls + board.calls
                repairs -= 1
                on_keys = {k for g in on for k in g}
                old_keys = set(cands)
                solution = new
                continue
            rng.shuffle(on)
            red = reduce_clues(board, on, rng, options.question)
            if red.unknown or red.untested:  # cut short by the run's end: not minimal
                raise TimeUp()
            puzzle = board.puzzle()
            minimal = [g for g in on if board.state[g[0]] is Switch.ON]
            monotone = board.sw.monotone
        finally:
            calls += board.calls
            board.close()
        break
    search = None
    if options.fewest and monotone:
        # A fresh board: the reduction fixed its decisions, the search only sets switches.
        board = SwitchBoard(hooks.blank_for(solution), cands, options.backend, until)
        try:
            board.block(solution)
            target = options.clue_range[1] if options.clue_range else None
            search = fewer_clues(board, groups, minimal, rng, options.rounds, deadline, target)
            puzzle = board.puzzle()
        finally:
            calls += board.calls
            board.close()
    if options.clue_range is not None:
        lo, hi = options.clue_range
        if not lo <= clue_count(puzzle) <= hi:
            return None, calls
    solution = hooks.answer_for(puzzle, solution)  # Light Up's rows copy the numbers
    return (puzzle, solution, search), calls

"""Clue minimizer: drop clues one at a time while the answer stays unique.

Everything runs on ONE :class:`~pencilproof.checker.switchboard.SwitchBoard`: the known
answer is blocked by a permanent clause, so a test "can this clue go?" is a single solve under
assumptions (the clue off, the undecided ones on): UNSAT means no other solution, the
clue goes; SAT (a real, verified second solution) means it stays; UNKNOWN (the time
limit) keeps it and reports it. Decided clues are fixed by unit clauses. Because clues
are only ever removed, a clue kept early stays necessary: the result is 1-minimal.

A time limit bounds the whole run (encoding aside): once it is reached no further
test starts, and the clues not yet tried are kept and reported as untested.
"""
from __future__ import annotations

import logging
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from ..checker import CheckResult, Status, Verdict, check_unique
from ..checker.switchboard import Switch, SwitchBoard, generation_of
from ..encodings import ClueKey, get_genre
from ..errors import InputError, InternalError
from ..puzzle import Cell, Clue, Puzzle
from ..solvers.deadline import NEVER, Deadline, TimeUp, alarm

log = logging.getLogger("pencilproof.generator.minimize")

#: Orders in which clues are tried: row-major, reversed, shuffled by --seed, or by value.
ORDERS = ("given", "reverse", "random", "high-first", "low-first")


class NotUnique(Exception):
    """The input has no solution or several, so there is nothing to minimize."""

    def __init__(self, result: CheckResult):
        self.result = result
        what = {Verdict.MULTIPLE: "has more than one solution",
                Verdict.NO_SOLUTION: "has no solution"}.get(result.verdict, "is not unique")
        super().__init__(f"the puzzle {what}; only a unique puzzle can be minimized")


@dataclass(frozen=True)
class Reduction:
    """What happened to each clue tried, in the order tried."""

    removed: tuple[ClueKey, ...]
    kept: tuple[ClueKey, ...]
    weakened: tuple[ClueKey, ...]
    unknown: tuple[ClueKey, ...]     # tested, but the test hit the board's deadline
    tests: int                    # tests run (one cut short by the deadline included)
    untested: tuple[ClueKey, ...] = ()  # never tried: the deadline had passed


def reduce_clues(board: SwitchBoard, groups: Sequence[tuple[ClueKey, ...]],
                 rng: random.Random | None = None, question: float = 0.0) -> Reduction:
    """Try switching off each group of clues (a symmetric pair, or one clue) in order.

    The board must already block the intended answer and have every group on. With
    ``question`` > 0 a clue that must stay is, with that probability, tried in its weak
    form (``?``) instead; the draw uses ``rng`` so a seeded run repeats exactly. Once
    the board's deadline has passed no test starts: the groups left stay on, untested.
    """
    t0 = time.perf_counter()
    removed: list[ClueKey] = []
    kept: list[ClueKey] = []
    weakened: list[ClueKey] = []
    unknown: list[ClueKey] = []
    untested: list[ClueKey] = []
    tests = 0
    monotone = board.sw.monotone
    pending = list(groups)
    while pending:
        # Where clues can also add answers, a clue needed now may become removable once
        # others are gone: such a board keeps needed clues on (not fixed) and passes
        # again over them until a pass removes nothing, so the result is 1-minimal.
        retry: list[tuple[ClueKey, ...]] = []
        progress = False
        for group in pending:
            if any(c in board.fixed for c in group):
                continue
            if board.deadline is not None and time.monotonic() >= board.deadline:
                untested.extend(group)
                continue
            board.set(group, Switch.OFF)
            if not board.answer_holds():  # the answer needs it: no solve can say otherwise
                board.set(group, Switch.ON)
                retry.append(group)
                continue
            status, _ = board.solve()
            tests += 1
            if status is Status.UNSAT:
                board.fix(group, Switch.OFF)
                removed.extend(group)
                progress = True
                continue
            if (status is Status.SAT and question > 0 and rng is not None
                    and all(c in board.sw.weak for c in group) and rng.random() < question):
                board.set(group, Switch.WEAK)
                weak_status, _ = board.solve()
                tests += 1
                if weak_status is Status.UNSAT:
                    board.fix(group, Switch.WEAK)
                    weakened.extend(group)
                    progress = True
                    continue
            if status is Status.UNKNOWN:
                board.fix(group, Switch.ON)
                unknown.extend(group)
            elif monotone:
                board.fix(group, Switch.ON)
                kept.extend(group)
            else:
                board.set(group, Switch.ON)
                retry.append(group)
        if monotone or not progress:
            for group in retry:
                board.fix(group, Switch.ON)
                kept.extend(group)
            break
        pending = retry
    log.debug("clue reduction: %d clues removed, %d weakened, %d kept%s in %d tests, %.3f s",
              len(removed), len(weakened), len(kept),
              f", {len(unknown)} undecided and {len(untested)} untested at the deadline"
              if unknown or untested else "", tests, time.perf_counter() - t0)
    return Reduction(tuple(removed), tuple(kept), tuple(weakened), tuple(unknown), tests,
                     tuple(untested))


@dataclass(frozen=True)
class MinimizeResult:
    """The original and minimized puzzle, what became of each clue, and the cost."""

    original: Puzzle
    minimized: Puzzle
    solution: Any
    removed: tuple[ClueKey, ...]
    kept: tuple[ClueKey, ...]        # tried and needed, or protected by ``keep``
    unknown: tuple[ClueKey, ...]     # kept at the time limit: a test cut short, or untested
    tests: int                    # removal tests run (untested clues not counted)
    solver_calls: int
    seconds: float
    stats: dict[str, Any] = field(default_factory=dict, compare=False)
    untested: tuple[ClueKey, ...] = ()  # the part of ``unknown`` never tested
    #: The result passed the independent re-check. False only when the time limit left
    #: no time for it: uniqueness then rests on the minimizer's own solver alone.
    rechecked: bool = True


def split_givens(puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
    """(what always stays, the clues that may go), as the genre declares: Light Up keeps
    its walls, and only the numbers on them are clues."""
    return generation_of(get_genre(puzzle.genre)).split_givens(puzzle)


def clue_count(puzzle: Puzzle) -> int:
    """Clues in the sense of the minimizer and the generator's --clues range."""
    return generation_of(get_genre(puzzle.genre)).clue_count(puzzle)


def order_clues(clues: dict[ClueKey, Clue], order: str, seed: int | None = 0
                ) -> list[ClueKey]:
    """The clue keys in the order the minimizer tries them."""
    cells = sorted(clues)
    if order == "given":
        return cells
    if order == "reverse":
        return cells[::-1]
    if order == "random":
        random.Random(seed).shuffle(cells)
        return cells
    value = {c: (v if isinstance(v, int) else -1) for c, v in clues.items()}
    if order == "high-first":
        return sorted(cells, key=lambda c: -value[c])
    if order == "low-first":
        return sorted(cells, key=lambda c: value[c])
    raise InputError(f"unknown order {order!r} (choose from {', '.join(ORDERS)})", "--order")


def parse_cells(text: str, puzzle: Puzzle, where: str = "--keep") -> list[Cell]:
    """Cells written ``r1c1`` (1-based), separated by commas or spaces; each must be a clue."""
    out = []
    for token in re.split(r"[,\s]+", text.strip()):
        if not token:
            continue
        m = re.fullmatch(r"[rR]([0-9]{1,9})[cC]([0-9]{1,9})", token)  # ASCII digits only
        if not m:
            raise InputError(f"{token!r} is not a cell (write r1c1 for the top-left cell)", where)
        r, c = int(m.group(1)) - 1, int(m.group(2)) - 1
        if not (0 <= r < puzzle.rows and 0 <= c < puzzle.cols):
            raise InputError(f"{token} is outside the {puzzle.rows}x{puzzle.cols} grid", where)
        if puzzle[(r, c)] is None:
            raise InputError(f"{token} has no clue to keep", where)
        out.append((r, c))
    return out


def minimize(puzzle: Puzzle, *, order: str = "given", seed: int | None = 0,
             keep: Iterable[Cell] = (), max_time: float | None = None,
             backend: str | None = None, until: Deadline = NEVER) -> MinimizeResult:
    """A 1-minimal subset of the clues with the same unique solution.

    ``keep`` clues are never tried. ``max_time`` bounds the whole run, counted from the
    call: the input's uniqueness check comes first (:class:`TimeUp` if it cannot be
    decided in time: there is no answer without it), then removal tests run until the
    time is up (a test cut
    short, or never started, keeps its clue and reports it in ``unknown``; the latter
    also in ``untested``), and the independent re-check of the result gets what time
    is left. If that is not enough, ``rechecked`` is False. Raises :class:`NotUnique`
    if the input is not unique.
    """
    t0 = time.perf_counter()
    hooks = generation_of(get_genre(puzzle.genre), "minimize")
    if order not in ORDERS:
        raise InputError(f"unknown order {order!r} (choose from {', '.join(ORDERS)})", "--order")
    deadline = until.within(max_time).at  # the sooner of the two
    with alarm(Deadline(deadline), lambda: TimeUp(
            "the time limit was reached before the puzzle was found unique")):
        blank, clues = hooks.split_givens(puzzle)  # a genre's own Python: no deadline asked
    keep_cells = list(dict.fromkeys(keep))
    keep = [k for k in clues if hooks.key_cell(k) in keep_cells]
    for c in keep_cells:
        if not any(hooks.key_cell(k) == c for k in keep):
            raise InputError(f"r{c[0] + 1}c{c[1] + 1} has no clue to keep", "--keep")
    first = check_unique(puzzle, backend=backend, deadline=Deadline(deadline))
    if first.verdict is Verdict.UNKNOWN:
        raise TimeUp("the time limit was reached before the puzzle was found unique")
    if first.verdict is not Verdict.UNIQUE:
        raise NotUnique(first)
    solution = first.solutions[0]
    groups = [(c,) for c in order_clues(clues, order, seed) if c not in keep]
    if deadline is not None and time.monotonic() >= deadline:
        # No time left for any test: nothing to encode, every clue stays untested.
        red = Reduction((), (), (), (), 0, tuple(c for g in groups for c in g))
        minimized = puzzle
        stats: dict[str, Any] = {"solver_calls": 0}
    else:
        try:
            board = SwitchBoard(blank, clues, backend, deadline)
        except TimeUp:  # the encoding itself ran out of time: nothing tested
            board = None
            red = Reduction((), (), (), (), 0, tuple(c for g in groups for c in g))
            minimized = puzzle
            stats = {"solver_calls": 0}
        if board is not None:
            try:
                board.block(solution)
                board.set(clues, Switch.ON)
                board.fix(keep, Switch.ON)
                red = reduce_clues(board, groups)
                minimized = board.puzzle()
                stats = board.stats()
            finally:
                board.close()
    solution = hooks.answer_for(minimized, solution)  # Light Up's rows copy the numbers
    final, rechecked = None, True
    if red.removed:  # (with nothing removed the input's own check already says it)
        left = None if deadline is None else deadline - time.monotonic()
        final = (check_unique(minimized, backend=backend, time_limit=left)
                 if left is None or left > 0 else None)
        if final is None or final.verdict is Verdict.UNKNOWN:
            rechecked = False  # out of time: not re-checked, and reported so
            log.debug("minimized puzzle not re-checked: the time limit was reached")
        elif final.verdict is not Verdict.UNIQUE or final.solutions[0] != solution:
            raise InternalError(f"minimized puzzle re-checked as {final.verdict.value}, "
                                "not unique with the original solution")
    calls = (first.stats.get("solver_calls", 0) + stats["solver_calls"]
             + (final.stats.get("solver_calls", 0) if final else 0))
    stats["check_seconds"] = round(first.seconds + (final.seconds if final else 0.0), 6)
    kept = tuple(sorted(set(red.kept) | set(keep)))
    return MinimizeResult(puzzle, minimized, solution, tuple(sorted(red.removed)), kept,
                          tuple(sorted(red.unknown + red.untested)), red.tests, calls,
                          time.perf_counter() - t0, stats, tuple(sorted(red.untested)),
                          rechecked)

"""Repair: clues to add, read off the intended answer, that make a puzzle unique; and the
reverse view, clues that can go.

Everything runs on one generator :class:`~pencilproof.generator.SwitchBoard`: the
puzzle's clues switched on for good, every clue the genre could add (its
``clue_candidates`` of the intended answer, on cells without a given) behind a switch
that is off, and the intended answer blocked (with its images under a symmetry). A
solve is then "is there another answer with these clues on?".

* One clue: a clue fixes the puzzle only if it breaks every other answer, so each other
  answer found rules out every candidate that accepts it (``clue_holds``; monotone
  genres, where a clue only ever removes answers). The candidates left are tried one by
  one (one solve each; SAT gives another answer that prunes again). All that work are
  reported; the first is proposed.
* Else greedy: while another answer exists, switch on the candidate that breaks it and
  most of the other answers seen so far; then drop picks that became unnecessary.

Every proposal is re-checked by the checker (``check_unique`` on the repaired puzzle:
unique, with the intended answer) before it is returned.
"""
from __future__ import annotations

import heapq
import time
from dataclasses import dataclass
from typing import Any, Iterator, Optional

from ..checker import Status, Verdict, check_unique
from ..checker.check import LiveSolver
from ..checker.switchboard import Switch, SwitchBoard, generation_of
from ..encodings import ClueKey, Generation, Genre, get_genre
from ..errors import InputError, InternalError
from ..puzzle import Clue, Puzzle
from ..solvers.backends import EncodingTimeout
from ..solvers.deadline import NEVER, Deadline, TimeUp, alarm


class NoSolution(InputError):
    """The puzzle has no answer at all: a verdict (``no_solution``, as ``check`` says it),
    not bad input, so the command line reports it as one and exits 1."""

#: A clue as shown: its cell and the value the grid gets there.
Placed = tuple[int, int, Clue]


@dataclass(frozen=True)
class RepairResult:
    """``clues``: what to add (one proposal, verified); ``singles``: every single clue
    that makes the puzzle unique (each verified), ``clues`` being the first when there is
    one; ``repaired`` the puzzle with ``clues`` added; ``already_unique`` when nothing
    is needed; ``found`` False when the candidates cannot tell the answers apart."""

    answer: Any
    clues: tuple[Placed, ...]
    singles: tuple[tuple[Placed, ...], ...]
    repaired: Optional[Puzzle]
    already_unique: bool
    found: bool
    seconds: float
    solver_calls: int
    timed_out: bool = False
    #: Whether another answer was seen (False: time ran out before the first solve said
    #: whether the puzzle is unique, and nothing may be claimed about it).
    decided: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"clues": [list(p) for p in self.clues],
                "verdict_after": "unique" if self.found else None,
                "single": bool(self.singles),
                "alternatives": [[list(p) for p in s] for s in self.singles[1:]],
                "already_unique": self.already_unique if self.decided else None,
                "seconds": round(self.seconds, 6)}


def placed(before: Puzzle, after: Puzzle) -> tuple[Placed, ...]:
    """The givens ``after`` has where ``before`` has another (the clues added)."""
    return tuple((r, c, after.grid[r][c]) for r, c in after.cells()
                 if after.grid[r][c] != before.grid[r][c])


def same_answer(genre: Genre, puzzle: Puzzle, a: Any, b: Any) -> bool:
    """Equal, or images of each other where the puzzle's symmetry applies."""
    if a == b:
        return True
    return genre.symmetry_applies(puzzle) and b in genre.images(puzzle, a)


def intended(puzzle: Puzzle, answer: Any, backend: Optional[str],
             deadline: Deadline = NEVER) -> Any:
    """The intended answer: ``answer`` if given (it must be a solution: else a one-line
    error), or the first solution the checker finds (None: there is none; TimeUp: the
    deadline came first)."""
    genre = get_genre(puzzle.genre)
    if answer is None:
        # Not solve(): its None is "none" or "no time", and a search the limit cut short
        # (it stops a little before the deadline) was reported as "no solution".
        try:
            live = LiveSolver.open(puzzle, backend, None, None, deadline)
        except EncodingTimeout:
            raise TimeUp() from None
        try:
            status, found = live.solve()
        finally:
            live.close()
        if status is Status.UNKNOWN:
            raise TimeUp()
        return found
    problems = genre.verify(puzzle, answer)
    if problems:
        codes = ", ".join(dict.fromkeys(v.code for v in problems))
        raise InputError(f"the intended answer is not a solution of this puzzle ({codes})",
                         "--answer")
    return answer


def candidates(hooks: Generation, puzzle: Puzzle, blank: Puzzle, clues: dict[ClueKey, Clue],
               answer: Any, deadline: Deadline = NEVER) -> dict[ClueKey, Clue]:
    """The genre's clues for this answer that go where the puzzle has no given yet."""
    out: dict[ClueKey, Clue] = {}
    # A clue keyed by its cell changes that cell only: no puzzle to build per candidate
    # (a 1000x1000 grid has a million candidates, each puzzle a million cells).
    by_cell = type(hooks).with_clues is Generation.with_clues
    for i, (key, value) in enumerate(hooks.clue_candidates(answer).items()):
        if not by_cell or not i & 1023:  # (the other way builds a whole puzzle each)
            deadline.check()
        if key in clues:
            continue
        if by_cell:
            r, c = key
            cells = [(r, c)] if blank.grid[r][c] != value else []
        else:
            cells = [(r, c) for r, c, _ in placed(blank, hooks.with_clues(blank, {key: value}))]
        if cells and all(puzzle.grid[r][c] == blank.grid[r][c] for r, c in cells):
            out[key] = value
    return out


def _verified(puzzle: Puzzle, repaired: Puzzle, answer: Any, backend: Optional[str],
              deadline: Deadline = NEVER) -> bool:
    """True once re-checked unique with the answer; False if the deadline came first."""
    genre = get_genre(puzzle.genre)
    res = check_unique(repaired, backend=backend, deadline=deadline)
    if res.verdict is Verdict.UNKNOWN:
        return False
    if res.verdict is not Verdict.UNIQUE or not same_answer(genre, repaired,
                                                             res.solutions[0], answer):
        raise InternalError(f"a proposed repair re-checked as {res.verdict.value}, not "
                            "unique with the intended answer")
    return True


def repair(puzzle: Puzzle, answer: Any = None, *, backend: Optional[str] = None,
           time_limit: Optional[float] = None, max_singles: int = 20,
           deadline: Deadline = NEVER) -> RepairResult:
    """Clues that make ``puzzle`` unique with ``answer`` (default: its first solution).
    Raises InputError when there is no answer to aim at. Everything, the first solution
    and the re-check of each proposal included, stops at the sooner of ``time_limit``
    and ``deadline`` (``timed_out``: proposals not verified by then are left out)."""
    t0 = time.perf_counter()
    genre = get_genre(puzzle.genre)
    hooks = generation_of(genre, "repair")
    until = deadline.within(time_limit)

    def out_of_time() -> RepairResult:
        return RepairResult(answer, (), (), None, False, False, time.perf_counter() - t0,
                            0, True, False)
    try:
        answer = intended(puzzle, answer, backend, until)
    except TimeUp:
        return out_of_time()
    if answer is None:
        raise NoSolution("the puzzle has no solution: there is no answer to repair towards")
    blank, clues = hooks.split_givens(puzzle)
    answer = hooks.answer_for(puzzle, answer)
    try:
        with alarm(until, TimeUp):  # (a genre's clue hooks ask no deadline)
            cands = candidates(hooks, puzzle, blank, clues, answer, until)
        board = SwitchBoard(blank, {**clues, **cands}, backend, until)
    except TimeUp:  # the candidates or their encoding ran out of time
        return out_of_time()
    calls = 0
    try:
        board.block(answer)
        board.fix(clues, Switch.ON)
        board.set(cands, Switch.OFF)
        status, other = board.solve()
        if status is Status.UNSAT:
            return RepairResult(answer, (), (), puzzle, True, True,
                                time.perf_counter() - t0, board.calls)
        if status is Status.UNKNOWN:  # never read as "another answer" (issue 46, item 5)
            return out_of_time()
        seen: list[Any] = []
        singles, late = _singles(board, hooks, cands, other, seen, max_singles)
        if singles:
            picks = singles
        else:
            chosen, late2 = _greedy(board, hooks, cands, seen)
            late = late or late2
            picks = [chosen] if chosen else []
        calls = board.calls
    finally:
        board.close()
    shown = []
    for keys in picks:
        fixed = hooks.with_clues(blank, {**clues, **{k: cands[k] for k in keys}})
        if not _verified(puzzle, fixed, hooks.answer_for(fixed, answer), backend, until):
            late = True  # out of time: the proposals not re-checked are not shown
            break
        shown.append((placed(puzzle, fixed), fixed))
    if not shown:
        return RepairResult(answer, (), (), None, False, False, time.perf_counter() - t0,
                            calls, late)
    return RepairResult(answer, shown[0][0], tuple(s for s, _ in shown) if singles else (),
                        shown[0][1], False, True, time.perf_counter() - t0, calls, late)


def _breaks(hooks: Generation, cands: dict[ClueKey, Clue], key: ClueKey, other: Any) -> bool:
    return not hooks.clue_holds(other, key, cands[key])


def _kills(board: SwitchBoard, cands: dict[ClueKey, Clue], key: ClueKey, other: Any) -> bool:
    """Whether switching ``key`` on rules ``other`` out. Where clues only remove answers,
    the clue alone decides (``clue_holds``); where they work together (Taiji), the whole
    puzzle with it is verified against ``other`` in plain Python: exact, and far cheaper
    than a solve."""
    hooks = board.hooks
    if board.sw.monotone:
        return _breaks(hooks, cands, key, other)
    on = {k: board.clues[k] for k, v in board.state.items() if v is Switch.ON}
    on[key] = cands[key]
    return bool(board.genre.verify(hooks.with_clues(board.blank, on), other))


def _singles(board: SwitchBoard, hooks: Generation, cands: dict[ClueKey, Clue], first: Any,
             seen: list[Any], most: int) -> tuple[list[list[ClueKey]], bool]:
    """Every candidate that alone leaves no other answer (up to ``most``), and whether
    the time ran out. ``seen`` collects the other answers met."""
    seen.append(first)
    order = sorted(cands, key=repr)
    # Only a clue that rules out every other answer seen can work.
    pool = [k for k in order if all(_kills(board, cands, k, o) for o in seen)]
    out: list[list[ClueKey]] = []
    while pool and len(out) < most:
        key = pool.pop(0)
        board.set([key], Switch.ON)
        if not board.answer_holds():  # (a genre whose clues work together: Taiji)
            board.set([key], Switch.OFF)
            continue
        status, other = board.solve()
        board.set([key], Switch.OFF)
        if status is Status.UNKNOWN:
            return out, True
        if other is None:
            out.append([key])
            continue
        seen.append(other)
        pool = [k for k in pool if _kills(board, cands, k, other)]
    return out, False


def _greedy(board: SwitchBoard, hooks: Generation, cands: dict[ClueKey, Clue],
            seen: list[Any]) -> tuple[list[ClueKey], bool]:
    """Switch on, while another answer exists, the candidate that breaks it and most of
    the answers seen; then drop the picks the others make unnecessary."""
    order = sorted(cands, key=repr)
    on: list[ClueKey] = []
    status, other = board.solve()
    while other is not None:
        seen.append(other)
        for best in _ranked(board, cands, [k for k in order if k not in on], other, seen):
            board.set([best], Switch.ON)
            if board.answer_holds():
                break
            board.set([best], Switch.OFF)
        else:
            return [], False
        on.append(best)
        status, other = board.solve()
    if status is Status.UNKNOWN:
        return [], True
    for key in list(on):  # a later pick may cover an earlier one
        board.set([key], Switch.OFF)
        if board.answer_holds() and board.solve()[0] is Status.UNSAT:
            on.remove(key)
        else:
            board.set([key], Switch.ON)
    return on, False


def _ranked(board: SwitchBoard, cands: dict[ClueKey, Clue], order: list[ClueKey],
            other: Any, seen: list[Any]) -> Iterator[ClueKey]:
    """The candidates of ``order`` that rule ``other`` out, most answers of ``seen``
    ruled out first (ties: in ``order``), each with the board in its current state.

    The same sequence as scoring every candidate against every answer seen and sorting,
    evaluated lazily. In a monotone genre that is cheap anyway; in Taiji each pair is a
    whole-puzzle verification, and the answers seen before ``other`` are nearly all ruled
    out by the clues already on (so nearly every candidate scores the same): a candidate's
    score is at most what it rules out among the answers the board still accepts plus
    the number it already rules out, and a heap on that bound yields the best one after
    a few evaluations instead of all of them."""
    if board.sw.monotone:
        options = [k for k in order if _kills(board, cands, k, other)]
        options.sort(key=lambda k: -sum(_kills(board, cands, k, o) for o in seen))
        yield from options
        return
    state = board.puzzle()
    alive = [o for o in seen if o is other or not board.genre.verify(state, o)]
    dead = len(seen) - len(alive)
    # Entries (-bound or -score, position, stage): stage 0 not looked at (bound: every
    # answer seen), 1 bound from the live answers, 2 exact.
    heap = [(-len(seen), i, 0) for i in range(len(order))]
    while heap:
        neg, i, stage = heapq.heappop(heap)
        key = order[i]
        if stage == 0:
            if not _kills(board, cands, key, other):
                continue
            live = 1 + sum(_kills(board, cands, key, o) for o in alive if o is not other)
            heapq.heappush(heap, (-(live + dead), i, 1))
        elif stage == 1:
            ruled = sum(_kills(board, cands, key, o) for o in seen
                        if not any(o is a for a in alive))
            heapq.heappush(heap, (neg + dead - ruled, i, 2))
        else:
            yield key


def redundant(puzzle: Puzzle, *, backend: Optional[str] = None, deadline: Deadline = NEVER
              ) -> tuple[Any, list[tuple[Placed, ...]]]:
    """(the unique answer, the clues each of which can go on its own with the puzzle
    staying unique), each verified by the checker. Raises InputError if not unique, and
    :class:`TimeUp` if ``deadline`` comes first."""
    genre = get_genre(puzzle.genre)
    hooks = generation_of(genre, "repair --redundant")
    first = check_unique(puzzle, backend=backend, deadline=deadline)
    if first.verdict is Verdict.UNKNOWN:
        raise TimeUp()
    if first.verdict is not Verdict.UNIQUE:
        raise InputError(f"the puzzle is not unique ({first.verdict.value}); --redundant "
                         "needs a unique puzzle (repair it first)")
    answer = first.solutions[0]
    blank, clues = hooks.split_givens(puzzle)
    board = SwitchBoard(blank, clues, backend, deadline)
    can_go: list[ClueKey] = []
    try:
        board.block(answer)
        board.set(clues, Switch.ON)
        for key in sorted(clues, key=repr):
            board.set([key], Switch.OFF)
            if board.answer_holds():
                status = board.solve()[0]
                if status is Status.UNKNOWN:
                    raise TimeUp()
                if status is Status.UNSAT:
                    can_go.append(key)
            board.set([key], Switch.ON)
    finally:
        board.close()
    out = []
    for key in can_go:
        smaller = hooks.with_clues(blank, {k: v for k, v in clues.items() if k != key})
        if not _verified(puzzle, smaller, hooks.answer_for(smaller, answer), backend, deadline):
            raise TimeUp()
        out.append(tuple((r, c, puzzle.grid[r][c]) for r, c, _ in placed(puzzle, smaller)))
    return answer, out


__all__ = ["RepairResult", "repair", "redundant", "placed", "candidates"]

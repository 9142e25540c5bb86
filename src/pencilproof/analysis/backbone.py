"""Backbone: the cells whose value is the same in every solution, and those that vary.

On one incremental solver (the checker's :class:`~pencilproof.checker.LiveSolver`, lazy
cuts included): take a first answer A; while candidates are left, solve under "some
candidate differs from A" (a fresh selector literal and one clause, through the genre's
:meth:`~pencilproof.encodings.Encoded.agree` literals). Every answer found removes all
the candidates it differs in at once; UNSAT leaves the backbone. So there is at most one
satisfiable solve per varying cell, usually far fewer.

Where a solve needs many lazy cut rounds (Canal View with few clues: models that differ
wherever they can are scattered pieces of canal, and each cut round rules out one way
to split it), a local pass follows: windows of the grid, small then larger, each solved
with every cell outside held at A's values and "some candidate inside differs". Such
models are A with a local change, which the connectivity cuts settle in a round or two;
an answer found there is a real answer (it removes candidates as above); UNSAT there
proves nothing (the candidates stay for the global solves, which end with the one UNSAT
that proves the backbone).

Under a symmetry of answers (Taiji without fixed tiles: inversion) the backbone is taken
*up to* it: the cells where A and its images first differ are held at A's values (for
inversion: the first tile), which leaves one answer of each class, and a cell is fixed
when its value is the same in every such answer, i.e. fixed relative to those cells.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

from ..checker import EncodingTimeout, LiveSolver, Status
from ..checker.switchboard import require_unique_question
from ..solvers.deadline import NEVER, Deadline
from ..encodings import Genre, get_genre
from ..puzzle import Cell, Puzzle


@dataclass(frozen=True)
class BackboneResult:
    """``answer`` is the first answer found (None: no answer, or the time ran out
    first); ``fixed`` the decided cells with the same value in every answer (up to
    ``up_to``, holding ``anchors`` as in ``answer``), ``varying`` the others.
    ``solutions`` answers were found; ``complete`` says whether that is all of them."""

    answer: Any
    fixed: tuple[Cell, ...]
    varying: tuple[Cell, ...]
    solutions: int
    complete: bool
    seconds: float
    timed_out: bool = False
    up_to: Optional[str] = None
    anchors: tuple[Cell, ...] = ()
    others: tuple[Any, ...] = field(default=(), compare=False)
    solver_calls: int = 0
    #: Candidates not yet decided when the time ran out (neither fixed nor varying).
    undecided: tuple[Cell, ...] = ()
    #: Solves the backbone itself took (at most one satisfiable one per varying cell, a
    #: last UNSAT, and where the local pass ran, one UNSAT per window it left).
    probes: int = 0

    def value(self, cell: Cell) -> str:
        """The answer's character at a cell (``#``/``.`` for shading genres)."""
        assert self.answer is not None
        ch: str = self.answer[cell]
        return ch

    def to_json(self) -> dict[str, Any]:
        """The issue's format: fixed cells with their values, varying cells."""
        out: dict[str, Any] = {
            "solutions": self.solutions, "complete": self.complete,
            "fixed": [[r, c, self.value((r, c))] for r, c in self.fixed],
            "varying": [[r, c] for r, c in self.varying],
            "seconds": round(self.seconds, 6)}
        if self.timed_out:
            out["timed_out"] = True
            out["undecided"] = [[r, c] for r, c in self.undecided]
        if self.up_to:
            out["up_to"] = self.up_to
            out["anchors"] = [[r, c, self.value((r, c))] for r, c in self.anchors]
        return out


def anchors(genre: Genre, puzzle: Puzzle, answer: Any) -> list[Cell]:
    """Cells that, held at this answer's values, rule out every other image of it under
    the genre's symmetry: for each image not yet ruled out, the first cell where it
    differs from the answer. [] when no symmetry applies."""
    if not genre.symmetry_applies(puzzle):
        return []
    out: list[Cell] = []
    for image in genre.images(puzzle, answer):
        diff = answer.differ(image)
        if diff and not any(c in diff for c in out):
            out.append(diff[0])
    return out


@dataclass(frozen=True)
class Split:
    """What :func:`backbone_on` found: the fixed and varying cells, cells left undecided
    when the time ran out, the further answers, and whether their count is complete."""

    fixed: list[Cell]
    varying: list[Cell]
    undecided: list[Cell]
    others: list[Any]
    complete: bool
    timed_out: bool
    #: Solves the backbone took (the "some candidate differs" ones, the last UNSAT included;
    #: at most one satisfiable one per varying cell, plus the local pass's UNSAT windows).
    probes: int = 0


#: A global solve that took more lazy cut rounds than this starts the local pass.
LOCAL_AFTER = 10
#: The local pass's window sizes (cells a side), each tiled with a third of overlap.
WINDOWS = (6, 12)


def _local_pass(agree: dict[Cell, int], cand: set[Cell],
                probe: Callable[[Sequence[Cell], Sequence[int]], Status]) -> Status:
    """Solve window by window (see the module docstring) while a window holds
    candidates; UNKNOWN as soon as the time runs out, else SAT (go on)."""
    rows = 1 + max(r for r, _ in agree)
    cols = 1 + max(c for _, c in agree)
    for size in WINDOWS:
        if 4 * size > 3 * max(rows, cols):  # hardly local (an 8x8 board: no windows)
            break
        step = size - size // 3
        for r0 in range(0, max(rows - size // 3, 1), step):
            for c0 in range(0, max(cols - size // 3, 1), step):
                inside = {c for c in agree
                          if r0 <= c[0] < r0 + size and c0 <= c[1] < c0 + size}
                pins = [lit for c, lit in agree.items() if c not in inside]
                status = Status.SAT
                while status is Status.SAT:
                    test = sorted(c for c in cand if c in inside)
                    if not test:
                        break
                    status = probe(test, pins)
                if status is Status.UNKNOWN:
                    return status
    return Status.SAT  # (UNSAT in a window proves nothing)


def _cell_order(agree: dict[Cell, int]) -> list[Cell]:
    """The cells of ``agree`` sorted; usually they come row by row already."""
    cells = list(agree)
    return cells if all(a < b for a, b in zip(cells, cells[1:])) else sorted(cells)


def backbone_on(live: LiveSolver, answer: Any, puzzle: Puzzle, limit: int = 0,
                base: Sequence[int] = ()) -> Split:
    """The backbone on an open solver whose first answer is ``answer``; ``base`` are
    assumptions held in every solve. Then, while fewer than ``limit`` answers are known,
    enumeration goes on (each answer blocked), so the count is exact when it runs out.
    The solver is left with those answers blocked."""
    agree = live.model.agree(answer)
    cells = _cell_order(agree)  # sorted once: a big grid's probes list cells in this order
    pinned = set(anchors(live.genre, puzzle, answer))
    held = list(base) + [agree[c] for c in sorted(pinned) if c in agree]
    cand = {c for c in agree if c not in pinned}
    varying: set[Cell] = set()
    others: list[Any] = []
    solver = live.solver
    probes = 0

    def probe(test: Sequence[Cell], pins: Sequence[int]) -> Status:
        """One solve under "some cell of ``test`` differs from A" (and ``pins``); an
        answer found moves the candidates it differs in to ``varying``."""
        nonlocal probes
        if live.until.passed():  # before the work of a probe (seconds on a big grid)
            return Status.UNKNOWN
        probes += 1
        # Models that differ from A in every candidate they are free to change rule out
        # the most candidates per solve (measured on loosened 20x20 grids: 3-6x fewer
        # solves); the cells already known to vary keep A's values, which keeps the
        # models near a real answer (on Canal View grids with a quarter or half of the
        # clues gone, half the lazy cut rounds of leaving them to differ too).
        solver.prefer([-agree[c] if c in cand else agree[c] for c in cells])
        sel = solver.new_var()
        solver.add_clause([-sel] + [-agree[c] for c in test])  # (cells: distinct literals)
        status, other = live.solve(held + list(pins) + [sel])
        solver.add_clause([-sel])  # this selector is spent
        if other is not None:
            others.append(other)
            moved = {c for c in cand if other[c] != answer[c]}
            assert moved, "an answer that differs in no candidate"
            cand.difference_update(moved)
            varying.update(moved)
        return status

    # The local pass runs once: first thing if finding A took many cut rounds, else
    # after the first global solve that does.
    local = live.rounds > LOCAL_AFTER
    status = _local_pass(agree, cand, probe) if local else Status.SAT
    while cand and status is not Status.UNKNOWN:
        rounds = live.rounds
        status = probe([c for c in cells if c in cand], ())
        if status is Status.UNSAT:
            break
        if status is Status.SAT and not local and live.rounds - rounds > LOCAL_AFTER:
            local = True
            status = _local_pass(agree, cand, probe)
    if status is Status.UNKNOWN:  # in cell order without sorting (a big grid: seconds)
        return Split([c for c in cells if c not in varying and c not in cand],
                     [c for c in cells if c in varying], [c for c in cells if c in cand],
                     others, False, True, probes)
    fixed = [c for c in cells if c not in varying]
    complete = not varying  # no candidate ever moved: the answer is the only one
    timed_out = False
    if not complete and len(others) + 1 < limit:
        live.block(answer)
        for o in others:
            live.block(o)
        while len(others) + 1 < limit:
            status, other = live.solve(held)
            if other is None:
                complete, timed_out = status is Status.UNSAT, status is Status.UNKNOWN
                break
            others.append(other)
            live.block(other)
    return Split(fixed, [c for c in cells if c in varying], [], others, complete, timed_out,
                 probes)


def backbone(puzzle: Puzzle, *, backend: str | None = None, encoding: str | None = None,
             time_limit: float | None = None, limit: int = 100,
             deadline: Deadline = NEVER) -> BackboneResult:
    """The backbone of a puzzle and how many answers it has (counted up to ``limit``;
    a lower bound with ``complete`` False beyond it)."""
    t0 = time.perf_counter()
    genre = get_genre(puzzle.genre)
    require_unique_question(genre, "backbone")
    up_to = genre.symmetry if genre.symmetry_applies(puzzle) else None
    try:
        live = LiveSolver.open(puzzle, backend, encoding, time_limit, deadline)
    except EncodingTimeout:
        return BackboneResult(None, (), (), 0, False, time.perf_counter() - t0, True, up_to)
    try:
        status, answer = live.solve()
        if answer is None:
            late = status is Status.UNKNOWN
            return BackboneResult(None, (), (), 0, not late, time.perf_counter() - t0, late,
                                  up_to, solver_calls=live.calls)
        if live.until.passed():  # an answer, and no time to compare it with others
            return BackboneResult(answer, (), (), 1, False, time.perf_counter() - t0, True,
                                  up_to, solver_calls=live.calls,
                                  undecided=tuple(puzzle.cells()))
        sp = backbone_on(live, answer, puzzle, limit)
        return BackboneResult(answer, tuple(sp.fixed), tuple(sp.varying), 1 + len(sp.others),
                              sp.complete, time.perf_counter() - t0, sp.timed_out, up_to,
                              tuple(anchors(genre, puzzle, answer)), tuple(sp.others),
                              live.calls, tuple(sp.undecided), sp.probes)
    finally:
        live.close()

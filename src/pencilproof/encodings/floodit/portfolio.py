"""Flood-It's exact search and SAT proof side by side (or in turn), under one deadline, each
stopping the other.

The A* search (:mod:`.astar`) proves easy boards in a fraction of a second and no solver
can beat it there; on harder boards its table grows by some 100,000-400,000 states a
second (the C core; 6000 in Python), and either it proves the board within a few million
states (the boards the peers' A* wins) or the SAT proof (:mod:`.sat`, CaDiCaL) does (the
boards no A* finishes). Which kind a board is cannot be told beforehand, so :func:`prove`
runs both. Where the C core is built and the process may use two cores
(:data:`BESIDE`, :func:`cores`), the A* goes on in a thread of its own, started by the
genre right after its first slice (so that it works through the wide beam too): the C
thread needs no Python, and the solver, which holds Python's lock while it searches, runs in
the caller's thread, returning every :data:`BESIDE_POLL` seconds to look at the A* (and to
stop one whose bound no longer gains on the best sequence, :data:`LAG_AFTER`: it slows the
solver).
Measured (wall s of ``pencilproof solve``, 2026-11-28): 12_12_10_073 4.6 -> 2.4,
14_14_08_014 5.3 -> 2.5, 20_20_08_034 11.6 -> 4.9 (there the solver wins, helped by the
A*'s bound), with the move-order rule of :mod:`.astar` as well.

Otherwise (the Python search, or one core) they take turns in one thread: a slice of A*,
then a slice of the solver (the solver keeps what it learned between slices), the solver's
slices doubling and each A* slice a tenth of the solver slice before it (measured: the
A* rarely wins once its first slice is over, see :data:`ASTAR_SHARE`), so a board the
solver proves pays the A* a tenth more. Not two processes: a second one would pay
Python's start-up and the board again. Nor does the solver's proof split over two cores
(measured with ``benchmarks/floodit_split.py``, CPU s of CaDiCaL, 2026-11-28): each cube
"the first move has colour c" takes about as long as the whole proof (16_16_10_002 at 31
moves: 23.4 and 26.7 s against 26.3 s; 003b at 36: 17.1 and 11.3 s against 22.3 s), a cube
on a colour being gone after t moves leaves one half as hard as the whole, and a second
seed changes the time by no more than the noise (16_16_10_002: 23.6 s), so the second core
goes to the A*.

What each side finds helps the other: a shorter sequence from the solver prunes the A*'s
open list, and the A*'s proven lower bound (its open list's least ``moves + estimate``;
from the thread, once it has ended) moves the solver's target up. Every sequence either
finds is replayed on the cells (:func:`.board.replay`) before it is kept.

The solver is the one the user chose (CaDiCaL by default), made only when the first A*
slice has not proven the board. Once it has worked :data:`WIDE_AFTER` seconds without
closing the gap, a wide beam runs once (:data:`WIDE_BEAM`): where the narrow beam missed
the optimum, finding it was most of the solver's work.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any

from ...errors import InternalError
from ...solvers.backends import EncodingTimeout, Status, TooLarge, make_backend
from ...solvers.deadline import Deadline, TimeUp
from .astar import AStar
from .board import Board, Moves, compiled, replay
from .sat import FloodEncoded

#: Whether the solver proves "at most k moves" impossible for k upwards from the proven
#: bound (each proof helping the next) rather than "fewer than the best" at once.
#: Measured (CPU s, 2026-11-28, the machine shared): the solves alone, one CaDiCaL per
#: board after a width-100 beam: 003b 22.9 upwards against 16.9 at once, 14_14_10_002
#: 4.9 / 4.4, 16_16_08_002 9.7 / 7.9; on 16_16_10_030 (beam 36, optimum 35) neither
#: ended in 25 s. The whole default path in paired runs: 003b 24.2 / 19.0, 16_16_10_005
#: 20.1 / 21.0, 16_16_10_010 31.0 / 34.6. Mixed, 003b (a target of its own) decides.
ASCENDING = False
#: Seconds of the first solver slice; each next one is twice as long.
SAT_FIRST = 0.2
#: An A* slice lasts this share of the solver slice before it. Measured (CPU s, paired
#: runs against the path before, 2026-11-28): with A* slices of 0.1 s each, over 24 12x12
#: boards the portfolio took 27.1 s against 22.6 s before, and no board was proven by a
#: later A* slice: beyond the first slice the A* (CPython, some 6000 expansions a second)
#: needs 3-10x the solver's time on every thesis board measured (12_12_08_001 4.0 s
#: against 1.0 s, 14_14_08_001 3.0 s against 1.0 s), so it keeps a small share only.
#: Measured again with the C core (the first slice of up to 500,000 states before it;
#: paired runs, CPU s): share 1.0 with 4 million states took 88.3 s against 65.0 s over 14
#: big boards (12_12_10_073 10.0 against 5.7 s); 0.3 against 0.1, 30.3 against 32.7 s over
#: 17 boards, mixed board by board: within the noise, so 0.1 stays.
ASTAR_SHARE = 0.1
#: CaDiCaL's options for the solver side: ``stabilize=0`` (no "stable" phases, the core of
#: CaDiCaL's own "unsat" configuration), since its work is mostly proving that fewer moves
#: do not suffice. Measured (CPU s of the whole default path, paired runs interleaved,
#: 2026-11-28, the runs as docs/benchmarks.md's Flood-It section says), default / stabilize=0:
#: 16_16_10_001 28.0 / 20.4, 14_14_10_002 7.7 / 5.5, 003b 20.4 / 20.0, 20_20_08_001
#: 24.4 / 23.4, 16_16_10_010 32.8 / 32.9; 16_16_10_025 unproven in 60 s / 39.4 and
#: 48.1 / 31.5; 16_16_10_002 unproven in 60 s either way. Where the solver must also
#: find the sequence (20_20_08_001) it swings both ways by up to 50%; three runs sum equal.
#: ``elim=0`` (no bounded variable elimination) was tried and is not kept. On the solver's
#: proof alone, "fewer moves than the optimum" (UNSAT), the two runs at once on the two
#: cores, s with / without, 2026-11-28: 16_16_10_030 60.3 / 70.5, 16_16_10_001 17.1 /
#: 23.0, 20_20_08_006 26.4 / 33.3, 16_16_10_002 15.7 / 19.9, 16_16_10_025 7.8 / 10.3,
#: 003b 14.3 / 14.4, 16_16_10_010 23.6 / 22.0, 14_14_10_002 3.5 / 3.4 (conflicts fall
#: with the time: 16_16_10_001 161,219 / 203,287). Finding the sequence (SAT) swung both
#: ways: 20_20_08_001 3.1 / 5.4, 16_16_10_025 35.1 / 22.7. But the whole default path
#: (one process a run, without / with, alternating, wall s) summed 253.7 / 273.6 s over ten
#: hard boards: 16_16_10_030 60.1 / 60.1 (unproven both), 16_16_10_002 33.5 / 54.2,
#: 16_16_10_025 33.6 / 25.0, 16_16_10_010 20.5 / 19.7, 16_16_10_001 16.1 / 18.1,
#: 20_20_08_006 25.2 / 26.0, 20_20_08_003 18.8 / 16.9, 20_20_08_001 11.7 / 20.7,
#: 18_18_08_014 16.8 / 18.6, 003b 17.6 / 14.4: no gain a user would see.
#: ``chrono=0`` (no chronological backtracking) is kept. The proof alone, "fewer moves than
#: the optimum" (UNSAT), conflicts and s without / with, 2026-11-29: 16_16_10_030 475,846 /
#: 346,741 (56.1 / 43.8 s), 16_16_10_001 191,344 / 146,640 (23.8 / 15.9), 16_16_10_002
#: 189,839 / 145,482 (19.3 / 15.6), 20_20_08_006 210,450 / 206,057 (30.3 / 30.9),
#: 16_16_10_025 76,198 / 63,874 (8.3 / 7.8), 003b 137,264 / 114,778 (18.1 / 14.3),
#: 14_14_10_002 43,421 / 35,890 (3.5 / 3.8), 16_16_10_010 212,776 / 167,402 (23.0 / 25.3).
#: The solver's whole part of the default path (from the width-100 beam's sequence down to
#: the proof, one solver, the two variants at once on the two cores) over ten hard boards:
#: 306.8 / 265.3 s, 2,332,335 / 1,912,035 conflicts, fewer on 9 of the 10 (20_20_08_003
#: more: 144,875 / 214,881). Tried beside it on 16_16_10_001 and 003b's proofs, no better:
#: restartint=1 or 6, vivify=0, shrink=0, bumpreason=0; CaDiCaL 3.0 (python-sat's
#: cadical300) took 687,471 conflicts on 16_16_10_030 and Kissat 4.0.4 82.8 s.
#: Once more on 003b's proof at 36 moves alone (one process, 2026-11-29; s and conflicts):
#: defaults 17.2 / 150,401, stabilize=0 13.6 / 144,076, chrono=0 13.6 / 130,537, both
#: 12.0 / 118,853; with both, elim=0 11.8 / 117,863, walk=0 11.7 / 124,451,
#: inprocessing=0 13.5 / 142,830, shuffle=1 seed=1 13.1 / 126,994; glucose4 12.3 /
#: 173,567, maplechrono 34.5, lingeling 62.8, cadical153 15.4. Conflicts only (timed beside
#: another run): phase=0 113,634, vivify=0 119,419, subsume=0 134,638, restartint=50
#: 142,325, restartint=10 150,420, target=2 165,536 (target=0 and reluctant=0 act in
#: stable mode only: the same search). Nothing beyond the noise, so the two stay. The
#: solve in slices (the deadline and the A* looked at between them, see solvers.backends)
#: costs little: 236 calls of 500 conflicts 13.8 s, one call 13.3 s.
#: Empty: CaDiCaL's defaults. z3 takes none.
PROOF_OPTIONS: tuple[tuple[str, int], ...] = (("stabilize", 0), ("chrono", 0))
#: A wider beam (width, tie-break) run once the solver has worked :data:`WIDE_AFTER`
#: seconds without closing the gap: a shorter sequence spares the solver the search for it
#: (its "fewer moves than the best" is then the proof at once). Measured on the 32 thesis
#: boards the default path needs over 2 s for (``beam_levels``, 2026-11-29): width 100
#: ("reach", the genre's) is one move over the optimum on 9 of them, width 1000 on 1
#: (20_20_08_006, which width 100 finds), taking 0.55-1.6 s; the solver alone took 13-14 s
#: to find the sequence the beam missed on 16_16_10_025 (21.8 s in all against 7.8 s for
#: the proof alone) and 7-14 s on 16_16_10_030.
WIDE_BEAM = (1000, "reach")
#: Seconds of solver time before the wide beam (a board the solver or the A* closes
#: sooner never pays for it).
WIDE_AFTER = 1.0
#: The same where the bound runs in Python (no C core, or ``PENCILPROOF_PURE=1``): the
#: wide beam costs some seven times more there (16_16_10_025: 8.1 s against 1.2 s).
WIDE_AFTER_PURE = 10.0

#: States the A* table may hold in the later slices (about 90 bytes each in C, 250 in
#: Python, on a 20x20 board): past this the solver goes on alone. The C core's first slice
#: may already hold more (:data:`.genre.ASTAR_FIRST`), and then the A* stops after it:
#: 2 million here instead took 30.5 s against 28.9 s over 39 boards (paired, CPU s), no gain.
ASTAR_MAX_STATES = 400_000

#: Whether the A* goes on in a thread of its own beside the solver where the C core and a
#: second core are there (:func:`cores`), rather than in turns with it. The thread needs
#: neither Python nor its lock, so the solver (which holds the lock while it works) loses
#: nothing; each side stops the other as before.
BESIDE = True
#: States the A* beside the solver may hold: some 100-150 bytes each up to 20x20 in C, so
#: about a gigabyte at most.
BESIDE_STATES = 8_000_000
#: The A* beside the solver is stopped once it has expanded :data:`LAG_AFTER` states or
#: stored :data:`LAG_STORED` and its bound is still :data:`LAG` or more moves below the best
#: sequence: such a search fills its table without proving the board, and while it runs it
#: slows the solver (the two share the memory bus and caches): on 16_16_10_030 the solver's
#: proof alone took 57.0 s, 67.4 s with the thread beside it (the same conflicts). The A*
#: alone with the optimum given (2026-11-29, ``AStar.run`` in steps): every board it
#: proves had its bound within 1 of the optimum by 1,000,000 expansions (16_16_10_005 29
#: of 30, proven at 3.08 million; 14_14_10_050 30 of 31; 16_16_10_025 33 of 34) and stores
#: about one state per expansion, while those it does not prove within 8 million states
#: were 2 below (16_16_10_030 33 of 35, 16_16_10_001 31 of 33, 20_20_08_003 31 of 33,
#: 16_16_10_010 29 of 31) and most store four or five states per expansion: 003b's bound
#: stays at 34 of 37 from 250,000 expansions (1.4 million states) to the full table at
#: 1.55 million, a million expansions taking it 19 s. The gap is to the best sequence
#: known, which by then is the optimum on 31 of the 32 thesis boards that take over 2 s
#: (the wide beam's); where no solver could be made (:class:`TooLarge`) the A* is never
#: stopped so.
LAG_AFTER = 1_000_000
LAG_STORED = 2_000_000
LAG = 2
#: Seconds between two looks at the A* thread while the solver works (the solver returns
#: at its next conflict budget past them, see solvers.backends).
BESIDE_POLL = 0.05


@dataclass(frozen=True)
class _UntilEnded(Deadline):
    """A deadline that also passes when the A* thread ends (its result, kept in
    ``ended``, may close the gap: the wide beam does not keep it waiting)."""

    search: Any = None
    ended: list[Any] = field(default_factory=list)

    def passed(self) -> bool:
        if super().passed():
            return True
        if not self.ended:
            res = self.search.poll()
            if res is not None:
                self.ended.append(res)
        return bool(self.ended)


def _wider(board: Board, best: Moves, deadline: Deadline) -> Moves:
    """``best``, or the wide beam's sequence (:data:`WIDE_BEAM`) where it is shorter."""
    width, tie = WIDE_BEAM
    moves = board.beam(width, tie, deadline)
    if len(moves) >= len(best):
        return best
    if not replay(board.puzzle, moves.colours).flooded:
        raise InternalError(f"floodit: the wide beam's {len(moves)}-move sequence does not "
                            "flood the board")
    return moves


def _lagging(search: AStar, best: int) -> bool:
    """Whether the A* thread no longer gains on a best sequence of ``best`` moves (see
    :data:`LAG_AFTER`)."""
    expanded, stored, lower = search.progress()
    return (expanded >= LAG_AFTER or stored >= LAG_STORED) and lower <= best - LAG


def _wide_after() -> float:
    """Solver seconds before the wide beam (:data:`WIDE_AFTER`, or
    :data:`WIDE_AFTER_PURE` where the bound runs in Python)."""
    return WIDE_AFTER if compiled() else WIDE_AFTER_PURE


def beside(search: AStar) -> bool:
    """Whether this search should go on in its own thread (see :data:`BESIDE`)."""
    return BESIDE and search.core is not None and not search.done and cores() >= 2


def cores() -> int:
    """The cores this process may use: 1 with ``PENCILPROOF_THREADS=1`` in the
    environment (set by the workers of ``generate`` and of the page, which are as many
    processes as cores already), else those it may run on."""
    if os.environ.get("PENCILPROOF_THREADS", "").strip() == "1":
        return 1
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


@dataclass(frozen=True)
class Proof:
    """``lower`` <= optimum <= ``len(best)``; ``by`` says what closed the gap ("astar",
    "sat", "beam" (the wide beam reached the bound), or "" when the deadline came
    first); ``expanded`` and ``sat_calls`` what each side did."""

    lower: int
    best: Moves
    by: str
    expanded: int
    sat_calls: int


class _Sat:
    """The solver side: one solver (CaDiCaL unless the user chose z3) over sequences of
    at most ``horizon`` moves, asked "fewer moves than the best?" (``ascending``: "at
    most ``lower`` moves?" upwards from the proven bound, which :data:`ASCENDING` says
    against)."""

    def __init__(self, board: Board, horizon: int, deadline: Deadline,
                 ascending: bool = ASCENDING, backend: str | None = None):
        self.board = board
        self.ascending = ascending
        self.backend: Any = make_backend(backend)
        configure = getattr(self.backend, "configure", None)
        if configure is not None and PROOF_OPTIONS:
            configure(dict(PROOF_OPTIONS))  # before the first clause, as CaDiCaL needs
        self.backend.deadline = deadline.at
        try:
            self.model = FloodEncoded(board, self.backend, horizon)
        except BaseException:
            self.backend.close()
            raise
        self.backend.deadline = None

    def step(self, lower: int, best: Moves, until: float | None) -> tuple[int, Moves]:
        """Raise ``lower`` or shorten ``best`` until they meet or ``until`` (monotonic;
        None: no limit)."""
        puzzle = self.board.puzzle
        while lower < len(best):
            target = lower if self.ascending else len(best) - 1
            status = self.backend.solve(self.model.at_most(target), deadline=until)
            if status is Status.UNKNOWN:
                break
            if status is Status.UNSAT:
                lower = target + 1
                continue
            found = self.model.decode()
            if not replay(puzzle, found.colours).flooded or len(found) > target:
                raise InternalError(f"floodit: the solver's {len(found)}-move sequence "
                                    f"does not flood the board within {target} moves")
            best = found
        return lower, best

    def close(self) -> None:
        self.backend.close()


def prove(board: Board, lower: int, best: Moves, search: AStar | None,
          deadline: Deadline, ascending: bool = ASCENDING, backend: str | None = None
          ) -> Proof:
    """Close the gap between ``lower`` (proven) and ``best`` (a valid sequence) with the A*
    ``search`` (already started, or None) and the solver ``backend`` in turn, until
    ``deadline``."""
    if search is not None and (search.running or beside(search)):
        return _prove_beside(board, lower, best, search, deadline, ascending, backend)
    sat: _Sat | None = None
    sat_slice = SAT_FIRST
    astar_slice = 0.0  # the caller has run the first A* slice
    by = ""
    solver_time, widened = 0.0, False
    try:
        while lower < len(best):
            if deadline.passed():
                break
            if search is not None and astar_slice > 0:
                res = search.run(deadline.within(astar_slice), ASTAR_MAX_STATES)
                lower = max(lower, res.lower)
                if len(res.best) < len(best):
                    best = res.best
                if lower >= len(best):
                    by = "astar"
                    break
                if res.stopped == "memory":
                    search = None  # its table is full: the solver goes on alone
                if deadline.passed():
                    break
            if sat is None:
                try:
                    sat = _Sat(board, len(best) - 1, deadline, ascending, backend)
                except (EncodingTimeout, TooLarge):
                    break
            until = time.monotonic() + sat_slice
            if deadline.at is not None:
                until = min(until, deadline.at)
            if search is None and deadline.at is not None:
                until = deadline.at  # nothing to take turns with
            started = time.monotonic()
            try:
                lower, found = sat.step(lower, best, until)
            except TimeUp:  # pragma: no cover - the backend answers UNKNOWN instead
                break
            solver_time += time.monotonic() - started
            astar_slice = ASTAR_SHARE * sat_slice
            sat_slice *= 2
            if len(found) < len(best):
                best = found
                if search is not None:
                    search.offer(best)
            if lower >= len(best):
                by = "sat"
            elif not widened and solver_time >= _wide_after():
                widened = True
                try:
                    best = _wider(board, best, deadline)
                except TimeUp:
                    break
                if search is not None:
                    search.offer(best)
                if lower >= len(best):
                    by = "beam"
    finally:
        calls = sat.backend.calls if sat is not None else 0
        if sat is not None:
            sat.close()
    return Proof(lower, best, by, search.expanded if search is not None else 0, calls)


def _prove_beside(board: Board, lower: int, best: Moves, search: AStar, deadline: Deadline,
                  ascending: bool, backend: str | None) -> Proof:
    """:func:`prove` with the A* in its own thread (:meth:`.astar.AStar.run_beside`) while
    the solver works here, each looked at every :data:`BESIDE_POLL` seconds."""
    sat: _Sat | None = None
    by = ""
    running = search.running or search.run_beside(BESIDE_STATES)
    no_sat = False
    solver_time, widened = 0.0, False

    def take(res: Any) -> None:
        nonlocal lower, best, by
        if res is None:
            return
        lower = max(lower, res.lower)
        if len(res.best) < len(best):
            best = res.best
        if lower >= len(best) and not by:
            by = "astar"

    try:
        while lower < len(best) and not deadline.passed():
            if running:
                res = search.poll()
                if res is None and sat is not None and _lagging(search, len(best)):
                    res = search.stop()
                if res is not None:
                    running = False
                    take(res)
                    if by:
                        break
            if sat is None and not no_sat:
                try:
                    sat = _Sat(board, len(best) - 1, deadline, ascending, backend)
                except (EncodingTimeout, TooLarge):
                    no_sat = True
                continue  # the A* may have ended meanwhile
            if sat is None:
                if not running:
                    break
                time.sleep(BESIDE_POLL)
                continue
            if not widened and solver_time >= _wide_after():
                widened = True
                watch = _UntilEnded(deadline.at, search) if running else deadline
                try:
                    best = _wider(board, best, watch)
                except TimeUp:
                    if deadline.passed():
                        break
                    if isinstance(watch, _UntilEnded) and watch.ended:
                        running = False  # the A* ended first: its result, then the beam
                        take(watch.ended[0])
                        widened = False
                    continue
                if running:
                    search.offer(best)
                if lower >= len(best):
                    by = "beam"
                    break
            until = deadline.at
            if running:
                soon = time.monotonic() + BESIDE_POLL
                until = soon if until is None else min(until, soon)
            started = time.monotonic()
            try:
                lower, found = sat.step(lower, best, until)
            except TimeUp:  # pragma: no cover - the backend answers UNKNOWN instead
                break
            solver_time += time.monotonic() - started
            if len(found) < len(best):
                best = found
                if running:
                    search.offer(best)
            if lower >= len(best):
                by = "sat"
    finally:
        if running:
            take(search.stop())
        calls = sat.backend.calls if sat is not None else 0
        if sat is not None:
            sat.close()
    return Proof(lower, best, by, search.expanded, calls)

"""Flood-It by A*: the optimum of an easy board in a fraction of a second, without a solver.

A state is the set of flooded areas (one Python int); its cost so far is the moves played,
its estimate Puchert's admissible bound (:meth:`.board.Board.lower_bound`), raised to the
parent's estimate minus one where that is larger ("pathmax":
still admissible, and it makes the estimate consistent along a path, so the smallest
``moves + estimate`` in the open list never falls and is a proven lower bound at any time).
Among states of equal ``moves + estimate`` the deepest is expanded first, so
the first sequence of that length is found after few expansions where it exists.

Order: of two moves p then c that the order (c, p) would have done as well, the search
skips c after p. Say p took the state A to S and c floods the c-areas C on S's border. When
every area of C borders a flooded area of another colour than p, C bordered A already (p
flooded only p-areas), so (c, p) from A floods C and every p-area p flooded, and more
p-areas if some area of C borders an unflooded p-area: then c is skipped after p (the rule
of ColorFill); when none does, (c, p) ends in the same state, and c is skipped after p if
c < p (Puchert's floodit). Why no optimum is lost: among the shortest sequences take the
one whose states and moves are largest read from the end (compare the last state's size,
then the last move's colour, then the state before, ...). Were one of its moves c skipped
after p, exchanging the two would give a shortest sequence larger in that reading (its
later states are supersets, one strictly; or they are the same and the later move's colour
p > c), so none is. A state reached by several moves with the same least count keeps them
all (``allow``: one bit a colour, FREE at the start) and a move may follow if one of them
allows it; a state reached again by a move that allows more is expanded again. (The rule
"play a colour that can be removed entirely at once", which the beams and the bound use,
is not applied here: with the rule above the proof needs it not, and both at once have no
such proof.) Measured: 12_12_10_073's proof 873,929 expansions and 4.6 s with neither rule,
443,291 and 2.4 s with both; 12_12_10_002 99,629 and 51,070. Random boards against breadth-first search: see
the tests.

Memory is bounded: the table of states seen (and the open list with it) holds at most
``max_states`` states; when it is full, or the deadline passes, the search stops and
reports what it has proven (the open list's smallest ``moves + estimate``) and the best
sequence it was given. The SAT proof (:mod:`.sat`) takes over from there.

The search runs in C (:mod:`._astar`, built at install where a C compiler exists; some ten
times faster) or, without it or with ``PENCILPROOF_PURE=1`` in the environment, in Python.
Both expand the same states in the same order. The C core runs in slices of
:data:`SLICE` expansions, the deadline asked between them (and Ctrl-C inside them), or in a
thread of its own (:meth:`AStar.run_beside`; no Python runs there, so it needs no lock and
runs beside a solver in the caller's thread, which stops it).
"""
from __future__ import annotations

import heapq
import time
from dataclasses import dataclass
from typing import Any

from ...solvers.deadline import NEVER, Deadline, TimeUp
from . import board as board_module
from .board import Board, Moves, compiled

#: States the table may hold by default: about 250 bytes each on a 20x20 board in Python
#: (the int, its border and the dictionary and heap entries), so some 500 MB at most; the C
#: core needs some 70-110 bytes a state up to 20x20 (see _astar.c).
MAX_STATES = 2_000_000

#: The ``allow`` bit of the start: every move may follow it (see "Order" above).
FREE = 1 << 31

#: Expansions of the C core's first slice between two looks at the deadline (few: on a
#: board of thousands of areas an expansion can take a millisecond); each next slice is
#: halved or doubled (1 to :data:`SLICE_MAX`) so that it lasts 2-10 ms, whatever the board
#: (5-20 us an expansion up to 20x20, so thousands of expansions a slice there).
SLICE = 16
SLICE_MAX = 8192


@dataclass(frozen=True)
class AStarResult:
    """What the search proved: ``lower`` <= optimum <= ``len(best)``; ``complete`` when
    the two meet. ``expanded`` counts states expanded, ``stored`` states kept."""

    lower: int
    best: Moves
    complete: bool
    expanded: int
    stored: int
    stopped: str  # "" when complete, else "deadline", "memory", "budget" or "halted"


def astar(board: Board, best: Moves, lower: int = 0, max_states: int = MAX_STATES,
          deadline: Deadline = NEVER) -> AStarResult:
    """Look for a sequence shorter than ``best`` (a valid one); an open list that runs dry
    proves ``best`` optimal. ``lower`` is a bound already proven (it only raises the
    result's)."""
    return AStar(board, best, lower).run(deadline, max_states)


class AStar:
    """An A* search that can be stopped and resumed, so that it can share one deadline
    with the SAT proof in slices (:mod:`.portfolio`): :meth:`run` goes on until the
    deadline given, the state budget, or the end; :meth:`offer` hands it a shorter
    sequence found elsewhere, which prunes its open list from then on. ``pure``: the
    Python search even where the C core exists (default: :func:`compiled`)."""

    def __init__(self, board: Board, best: Moves, lower: int = 0, pure: bool | None = None,
                 prune: bool = True):
        self.board = board
        self.best = best
        self.upper = len(best)
        self.start, border0 = board.initial()
        self.expanded = 0
        self.found = -1          # the full state, once a shorter sequence reached it
        self.done = False
        self.core: Any = None
        self.slice = SLICE       # expansions of the C core's next slice
        self.prune = prune and len(board.colour_mask) <= 31
        # seen: state -> (moves, parent state, colour, allow, used): see "Order" above
        self.seen: dict[int, tuple[int, int, int, int, int]] = {}
        self.heap: list[tuple[int, int, int, int, int, int]] = []
        if self.start == board.full:
            self.best, self.upper, self.lower, self.done = Moves(()), 0, 0, True
            self.seen = {self.start: (0, -1, -1, FREE, 0)}
            return
        h0 = board.lower_bound(self.start, border0, self.upper)
        self.lower = max(lower, h0)
        self.tie = 0
        if self.lower >= self.upper:
            self.done = True
        if ((not compiled() if pure is None else pure) or self.upper > 65535
                or len(board.colour_mask) > board_module.CORE_COLOURS):
            # the open list holds (moves + estimate, -moves, tie, state, border, estimate)
            self.seen = {self.start: (0, -1, -1, FREE, 0)}
            self.heap = [(h0, 0, 0, self.start, border0, h0)]
            return
        assert board_module.core_module is not None
        size, rows, masks = board.core_tables
        self.core = board_module.core_module.Core(board.n, len(board.colour_mask), rows, masks,
                               self.start.to_bytes(size, "little"),
                               border0.to_bytes(size, "little"), min(h0, 65535), self.upper,
                               prune=self.prune)

    @property
    def stored(self) -> int:
        """States in the table."""
        return int(self.core.stored) if self.core is not None else len(self.seen)

    def offer(self, best: Moves) -> None:
        """A shorter valid sequence from elsewhere: the search looks below it from now."""
        if len(best) < self.upper:
            self.best, self.upper, self.found = best, len(best), -1
            if self.core is not None:
                self.core.offer(len(best))

    def result(self, stopped: str) -> AStarResult:
        lower = self.lower
        if self.done:
            lower = self.upper
        else:
            # pathmax makes f non-decreasing along every path, so the open list's least f
            # bounds every sequence that continues from it; a pruned child had f >= upper.
            if self.core is not None:
                least = self.core.min_f()
                top = self.upper if least < 0 else min(least, self.upper)
            else:
                top = min(self.heap[0][0], self.upper) if self.heap else self.upper
            lower = max(lower, top)
        self.lower = lower
        return AStarResult(lower, self.best, lower >= self.upper, self.expanded,
                           self.stored, stopped)

    def run(self, deadline: Deadline = NEVER, max_states: int = MAX_STATES,
            expansions: int | None = None) -> AStarResult:
        """Expand states until the open list proves the best sequence optimal, the table
        holds ``max_states`` states, ``deadline`` passes (checked every 64 expansions, or
        every few milliseconds in C) or this call has made ``expansions`` expansions
        (stopped: "budget")."""
        if self.done:
            return self.result("")
        if self.core is not None:
            return self._run_core(deadline, max_states, expansions)
        board = self.board
        full = board.full
        masks = board.colour_mask
        bound = board.lower_bound
        colours = range(len(masks))
        neighbours = board.neighbours
        upper = self.upper
        seen, heap = self.seen, self.heap
        push, pop = heapq.heappush, heapq.heappop
        tie = self.tie
        expanded = self.expanded
        until = expanded + expansions if expansions is not None else -1
        check = deadline.limited
        stopped = ""
        try:
            while heap:
                if check and not expanded & 63:
                    deadline.check()  # before the pop: the open list stays whole
                if heap[0][0] >= upper:
                    break  # nothing shorter than the best sequence is left
                f, negg, _, state, border, h = pop(heap)
                g = -negg
                g0, parent, colour, allow, used = seen[state]
                if g0 < g:
                    continue  # a stale entry: reached by fewer moves since
                if allow == used:
                    continue  # expanded already, reached as it is now
                seen[state] = (g0, parent, colour, allow, allow)
                expanded += 1
                choice = [c for c in colours if masks[c] & border
                          and self._allowed(allow, c, state, border)]
                g2 = g + 1
                for c in choice:
                    absorbed = border & masks[c]
                    s2 = state | absorbed
                    bit = 1 << c if self.prune else FREE
                    old = seen.get(s2)
                    again = False  # reached again by as few moves, by one that allows more
                    if old is not None and old[0] <= g2:
                        if old[0] < g2 or old[3] & (bit | FREE):
                            continue
                        seen[s2] = old[:3] + (old[3] | bit, old[4])
                        if not old[4]:
                            continue  # not expanded yet: it will be as now reached
                        again = True
                    if s2 == full:
                        seen[s2] = (g2, state, c, bit, 0)
                        self.found = s2
                        upper = g2
                        continue
                    b2 = (border | neighbours(absorbed)) & ~s2
                    cap = upper - g2 - 1
                    h2 = bound(s2, b2, cap)
                    if h2 < h - 1:
                        h2 = h - 1
                    if h2 > cap:
                        continue  # cannot beat the best sequence
                    if not again:
                        seen[s2] = (g2, state, c, bit, 0)
                    tie += 1
                    push(heap, (g2 + h2, -g2, tie, s2, b2, h2))
                if len(seen) > max_states:
                    stopped = "memory"
                    break
                if expanded == until:
                    stopped = "budget"
                    break
        except TimeUp:
            stopped = "deadline"
        self.tie, self.expanded = tie, expanded
        if self.found >= 0 and upper < self.upper:
            seq: list[int] = []
            s = self.found
            while s != self.start:
                _, parent, c, _, _ = seen[s]
                seq.append(c)
                s = parent
            self.best, self.upper = Moves(tuple(reversed(seq))), upper
        if not stopped:
            self.done = True
        return self.result(stopped)

    # -- in a thread of its own (the C core only) ------------------------------------------
    def run_beside(self, max_states: int = MAX_STATES) -> bool:
        """Go on in a thread of the C core's own, which needs no Python and so runs beside
        a solver that holds the interpreter (CaDiCaL does) until it is done, the table
        holds ``max_states`` states or :meth:`stop`. False (nothing started) without the C
        core or when the search is done already."""
        if self.core is None or self.done:
            return False
        self.core.start(max_states)
        return True

    @property
    def running(self) -> bool:
        return self.core is not None and bool(self.core.running)

    def poll(self) -> AStarResult | None:
        """None while the thread runs; once it has ended, what it proved (``stopped``:
        "" done, "memory" table full); the thread is joined then."""
        if self.core is None:
            return None
        status = self.core.poll()
        return None if status is None else self._ended(status)

    def stop(self) -> AStarResult | None:
        """Stop the thread (within 64 expansions) and say what it proved (``stopped``
        "halted" if it was still running); None if none was started."""
        if self.core is None:
            return None
        status = self.core.stop()
        return None if status is None else self._ended(status)

    def progress(self) -> tuple[int, int, int]:
        """(states expanded, states stored, the bound proven so far), also while the thread
        runs (then as the thread last published them, within 64 expansions): a portfolio can
        tell a search that no longer gains on the best sequence from one that does."""
        if self.core is not None:
            expanded, stored, least = self.core.progress()
        else:
            expanded, stored = self.expanded, len(self.seen)
            least = self.heap[0][0] if self.heap else -1
        if self.done:
            return expanded, stored, self.upper
        if least < 0:  # its open list ran dry this moment: it ends, and says so then
            return expanded, stored, self.lower
        return expanded, stored, max(self.lower, min(least, self.upper))

    def _ended(self, status: int) -> AStarResult:
        core = self.core
        self.expanded = core.expanded
        if core.upper < self.upper:
            self.best, self.upper = Moves(tuple(core.sequence())), core.upper
        stopped = {0: "", 1: "memory"}.get(status, "halted")
        if not stopped:
            self.done = True
        return self.result(stopped)

    def _allowed(self, allow: int, c: int, state: int, border: int) -> bool:
        """Whether a move of colour ``c`` may follow at a state reached as ``allow`` says
        (see "Order" above); as ``allowed`` in _astar.c."""
        if not self.prune or allow & FREE:
            return True
        masks, nb = self.board.colour_mask, self.board._nb
        mine = border & masks[c]
        while allow:
            low = allow & -allow
            allow ^= low
            p = low.bit_length() - 1
            other, theirs = state & ~masks[p], masks[p] & ~state
            old, opens = True, False
            x = mine
            while x:
                a = x & -x
                x ^= a
                row = nb[a.bit_length() - 1]
                if not row & other:
                    old = False  # it floods an area the move p brought in reach
                    break
                if row & theirs:
                    opens = True
            if not old or (c > p and not opens):
                return True
        return False

    def _run_core(self, deadline: Deadline, max_states: int, expansions: int | None
                  ) -> AStarResult:
        """:meth:`run` on the C core, in slices with the deadline asked between them."""
        core = self.core
        until = self.expanded + expansions if expansions is not None else -1
        stopped = ""
        try:
            while True:
                deadline.check()
                step = self.slice if until < 0 else min(self.slice, until - core.expanded)
                if step <= 0:
                    stopped = "budget"
                    break
                t0 = time.perf_counter()
                try:
                    status = core.run(step, max_states)
                except MemoryError:
                    status = 1
                spent = time.perf_counter() - t0
                if spent > 0.01 and self.slice > 1:
                    self.slice //= 2
                elif spent < 0.002 and step == self.slice and self.slice < SLICE_MAX:
                    self.slice *= 2
                if status == 0:
                    break
                if status == 1:
                    stopped = "memory"
                    break
        except TimeUp:
            stopped = "deadline"
        finally:
            self.expanded = core.expanded
            if core.upper < self.upper:
                self.best, self.upper = Moves(tuple(core.sequence())), core.upper
        if not stopped:
            self.done = True
        return self.result(stopped)

"""Flood-It by A*: the optimum of an easy board in a fraction of a second, without a solver.

A state is the set of flooded areas (one Python int); its cost so far is the moves played,
its estimate Puchert's admissible bound (:meth:`.board.Board.lower_bound`), raised to the
parent's estimate minus one where that is larger ("pathmax":
still admissible, and it makes the estimate consistent along a path, so the smallest
``moves + estimate`` in the open list never falls and is a proven lower bound at any time).
A move that removes a colour entirely is played at once (an optimal sequence exists that
does so). Among states of equal ``moves + estimate`` the deepest is expanded first, so
the first sequence of that length is found after few expansions where it exists.

Memory is bounded: the table of states seen (and the open list with it) holds at most
``max_states`` states; when it is full, or the deadline passes, the search stops and
reports what it has proven (the open list's smallest ``moves + estimate``) and the best
sequence it was given. The SAT proof (:mod:`.sat`) takes over from there.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass

from ...solvers.deadline import NEVER, Deadline, TimeUp
from .board import Board, Moves

#: States the table may hold by default: about 250 bytes each on a 20x20 board (the int,
#: its border and the dictionary and heap entries), so some 500 MB at most.
MAX_STATES = 2_000_000


@dataclass(frozen=True)
class AStarResult:
    """What the search proved: ``lower`` <= optimum <= ``len(best)``; ``complete`` when
    the two meet. ``expanded`` counts states expanded, ``stored`` states kept."""

    lower: int
    best: Moves
    complete: bool
    expanded: int
    stored: int
    stopped: str  # "" when complete, else "deadline" or "memory"


def astar(board: Board, best: Moves, lower: int = 0, max_states: int = MAX_STATES,
          deadline: Deadline = NEVER) -> AStarResult:
    """Look for a sequence shorter than ``best`` (a valid one); an open list that runs dry
    proves ``best`` optimal. ``lower`` is a bound already proven (it only raises the
    result's)."""
    full = board.full
    masks = board.colour_mask
    bound = board.lower_bound
    colours = range(len(masks))
    neighbours = board.neighbours
    upper = len(best)
    start, border0 = board.initial()
    if start == full:
        return AStarResult(0, Moves(()), True, 0, 1, "")

    h0 = bound(start, border0, upper)
    lower = max(lower, h0)
    if lower >= upper:
        return AStarResult(upper, best, True, 0, 1, "")
    # seen: state -> (moves, parent state, colour); the open list holds
    # (moves + estimate, -moves, tie, state, border, estimate).
    seen: dict[int, tuple[int, int, int]] = {start: (0, -1, -1)}
    heap: list[tuple[int, int, int, int, int, int]] = [(h0, 0, 0, start, border0, h0)]
    push, pop = heapq.heappush, heapq.heappop
    tie = 0
    expanded = 0
    found = -1          # the full state, once a shorter sequence reached it
    check = deadline.limited
    stopped = ""
    try:
        while heap:
            if check and not expanded & 255:
                deadline.check()  # before the pop: the open list stays whole
            f, negg, _, state, border, h = pop(heap)
            g = -negg
            if f >= upper:
                break  # nothing shorter than the best sequence is left
            if seen[state][0] < g:
                continue  # a stale entry: reached by fewer moves since
            expanded += 1
            rem = full & ~state
            choice: tuple[int, ...] = ()
            for c in colours:
                x = masks[c] & rem
                if x and not x & ~border:
                    choice = (c,)
                    break
            if not choice:
                choice = tuple(c for c in colours if masks[c] & border)
            g2 = g + 1
            for c in choice:
                absorbed = border & masks[c]
                s2 = state | absorbed
                old = seen.get(s2)
                if old is not None and old[0] <= g2:
                    continue
                if s2 == full:
                    seen[s2] = (g2, state, c)
                    found = s2
                    upper = g2
                    continue
                b2 = (border | neighbours(absorbed)) & ~s2
                cap = upper - g2 - 1
                h2 = bound(s2, b2, cap)
                if h2 < h - 1:
                    h2 = h - 1
                if h2 > cap:
                    continue  # cannot beat the best sequence
                seen[s2] = (g2, state, c)
                tie += 1
                push(heap, (g2 + h2, -g2, tie, s2, b2, h2))
            if len(seen) > max_states:
                stopped = "memory"
                break
    except TimeUp:
        stopped = "deadline"
    if found >= 0:
        seq: list[int] = []
        s = found
        while s != start:
            _, parent, c = seen[s]
            seq.append(c)
            s = parent
        best = Moves(tuple(reversed(seq)))
    if stopped:
        # pathmax makes f non-decreasing along every path, so the open list's least f
        # bounds every sequence that continues from it; a pruned child had f >= upper.
        proven = min(heap[0][0], upper) if heap else upper
        lower = max(lower, proven)
    else:
        lower = len(best)
    return AStarResult(lower, best, lower >= len(best), expanded, len(seen), stopped)

"""Flood-It by exact depth-first search: shorter sequences than the beam's, or a proof
that there are none.

:func:`improve` takes a sequence of ``U`` moves and looks for one of at most ``U - 1``
by a depth-first branch and bound (one IDA* iteration at that target): a state is the
set of flooded areas; a child is pruned when its moves plus Puchert's admissible bound
exceed the target; a colour that one move removes entirely is played at once (an
optimal sequence exists that does so, as the beam search also assumes); children are
tried best bound first, then most flooded; a transposition table remembers, for every
state whose subtree was searched to the end without success, the most moves it had
left, and prunes a revisit with no more than that. A sequence found becomes the new
target minus one; a search that ends without one proves the target impossible, so the
optimum is proven without a solver. A node and time budget stops it early; what it has
found by then stays valid (the lower bound only rises on a completed search).

No solver here: the SAT proofs (:mod:`.sat`) start from what this leaves.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ...solvers.deadline import NEVER, Deadline, TimeUp
from .board import Board, Level, Moves


class _OutOfBudget(Exception):
    pass


@dataclass
class SearchResult:
    lower: int          # a proven lower bound on the optimum
    best: Moves         # the shortest sequence found (valid on the area graph)
    nodes: int          # states expanded
    complete: bool      # True when lower == len(best): the optimum is proven
    found: list[tuple[int, int]] = field(default_factory=list)  # (nodes, moves) per find


class _Dfs:
    def __init__(self, board: Board, deadline: Deadline, max_nodes: int | None):
        self.board = board
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.nodes = 0
        self.table: dict[int, int] = {}   # state -> most moves left, searched in vain
        self.path: list[int] = []

    def tick(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _OutOfBudget
        if not self.nodes & 63 and self.deadline.limited:
            try:
                self.deadline.check()
            except TimeUp:
                raise _OutOfBudget from None

    def search(self, state: int, border: int, left: int) -> bool:
        """True (and ``self.path`` the moves) if ``left`` moves can flood from here."""
        self.tick()
        board = self.board
        full = board.full
        elim = board.eliminable(state, border)
        colours = elim[:1] if elim else [c for c, m in enumerate(board.colour_mask) if m & border]
        table = self.table
        children = []
        for c in colours:
            s2, b2 = board.play(state, border, c)
            if s2 == full:
                self.path.append(c)
                return True
            if left - 1 <= table.get(s2, -1):
                continue
            h = board.lower_bound(s2, b2, left - 1)
            if 1 + h > left:
                continue
            children.append((h, -s2.bit_count(), c, s2, b2))
        children.sort()
        for _, _, c, s2, b2 in children:
            self.path.append(c)
            if self.search(s2, b2, left - 1):
                return True
            self.path.pop()
        if table.get(state, -1) < left:
            table[state] = left
        return False


def improve(board: Board, best: Moves, lower: int, seconds: float | None = None,
            max_nodes: int | None = None,
            levels: Sequence[Level] = (), deadline: Deadline = NEVER) -> SearchResult:
    """Shorten ``best`` (a valid sequence) as far as the budget allows, raising ``lower``
    (a proven lower bound) when a search for fewer moves from the start ends in vain.

    ``levels`` (a beam search's kept states per move, best first) seed the search: each
    is searched to the end for a sequence shorter than the best, the deepest level first,
    so the cheap searches near the end come first and share the table with the later."""
    dfs = _Dfs(board, deadline.within(seconds), max_nodes)
    s, b = board.initial()
    found: list[tuple[int, int]] = []
    roots = [(t, st) for t in range(len(levels) - 1, 0, -1) for st in levels[t]]
    roots.append((0, (lower, s, b, ())))
    try:
        i = 0
        while lower < len(best) and i < len(roots):
            t, (h, s, b, seq) = roots[i]
            target = len(best) - 1
            i += 1
            if t + h > target or target - t <= dfs.table.get(s, -1):
                continue
            dfs.path = []
            if dfs.search(s, b, target - t):
                best = Moves(seq + tuple(dfs.path))
                found.append((dfs.nodes, len(best)))
                i = 0
            elif t == 0:
                lower = target + 1
    except _OutOfBudget:
        pass
    return SearchResult(lower, best, dfs.nodes, lower >= len(best), found)

"""Eager connectivity: every cell of a piece reaches one of the piece's roots.

:func:`rooted_levels` states it with a level per cell (unary: ``level >= i`` for i in
1..depth) and a parent per cell that is not a root: a neighbour in the same piece (its
``joined`` literal) on a strictly lower level. Following parents from any cell, the
levels fall, so the walk ends at a root of the cell's own piece; conversely a division
whose pieces each reach a root within ``depth`` steps gives every cell its distance to
the nearest root as its level and the next cell of a shortest path as its parent. So
``depth`` must be at least the farthest any cell of a piece may lie from its roots
(inside the piece); the caller proves its bound. No check face: the rule whose cuts
these clauses replace keeps reporting the answer's faults.
"""
from __future__ import annotations

from typing import Callable, Mapping, Optional, Sequence

from ...puzzle import Cell
from .model import Encoder, Lit


def rooted_levels(e: Encoder, cells: Sequence[Cell], joined: Callable[[Cell, Cell], Optional[Lit]],
                  root: Mapping[Cell, Sequence[Lit]], depth: Mapping[Cell, int],
                  least: Mapping[Cell, int] | None = None) -> None:
    """``joined(x, y)``: the literal "x and y lie in the same piece" (None: never);
    ``root[x]``: literals any of which makes x a root; ``depth[x]``: the most steps x may
    lie from its piece's roots (0: x is always a root when in a piece); ``least[x]``:
    the fewest (its level's lower bound: those levels need no literal)."""
    b = e.b
    live = set(cells)
    low = {x: min((least or {}).get(x, 0), depth[x]) for x in cells}
    level: dict[Cell, list[Lit]] = {}  # level[x][i]: "x's level > low[x] + i"
    for x in cells:
        lv = [b.new_var() for _ in range(depth[x] - low[x])]
        for hi, lo in zip(lv[1:], lv):
            e.clause([-hi, lo])
        level[x] = lv

    def above(x: Cell, i: int) -> Optional[Lit]:
        """The literal "x's level >= i" (None: always; false: past its depth)."""
        if i <= low[x]:
            return None
        return level[x][i - low[x] - 1] if i <= depth[x] else -b.true

    for x in cells:
        parents: list[Lit] = []
        for y in ((x[0] - 1, x[1]), (x[0] + 1, x[1]), (x[0], x[1] - 1), (x[0], x[1] + 1)):
            j = joined(x, y) if y in live and depth[x] else None
            if j is None:
                continue
            p = b.new_var()
            e.clause([-p, j])
            for i in range(low[y], depth[y] + 1):  # y >= i -> x >= i + 1
                hx, hy = above(x, i + 1), above(y, i)
                if hx is not None:
                    e.clause([-p] + ([-hy] if hy is not None else []) + [hx])
            parents.append(p)
        e.clause(list(root.get(x, ())) + parents)


__all__ = ["rooted_levels"]

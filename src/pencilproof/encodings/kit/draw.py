"""Answers drawn in plain Python for generators: cheap random shapes that obey a genre's
grid-wide rules, from which clues are then read (no solver needed).
"""
from __future__ import annotations

import math
import random
from typing import Sequence

from ...puzzle import Cell
from ..contract import Symmetry
from ..grid import neighbours


def grow_canal(rows: int, cols: int, rng: random.Random, target: int,
               symmetric: Symmetry | None = None) -> set[Cell]:
    """A random connected region with no 2x2 block, grown from a random cell up to
    ``target`` cells (fewer where it gets stuck), preferring cells with few region cells
    around them, so that it spreads over the whole grid as a maze of corridors (Canal
    View's canal; a sea). With ``symmetric`` it grows by whole orbits."""
    # crowd[x]: shaded cells in the 5x5 window around x; cells beyond the edge count
    # 0.6 each, so the canal does not run along the border. A cell is picked with
    # weight exp(-crowd). Only cells near a new one change: their weights, and
    # whether they would close a 2x2 block (once so, always so: they leave).
    crowd = {(r, c): 0.6 * sum(not (0 <= r + i < rows and 0 <= c + j < cols)
                               for i in range(-2, 3) for j in range(-2, 3))
             for r in range(rows) for c in range(cols)}
    weight = {x: math.exp(-v) for x, v in crowd.items()}
    shaded: set[Cell] = set()
    frontier: list[Cell] = []      # in the order cells joined it (deterministic)
    where: dict[Cell, int] = {}    # cell -> its index in frontier

    def drop(x: Cell) -> None:
        i = where.pop(x)
        last = frontier.pop()
        if i < len(frontier):
            frontier[i] = last
            where[last] = i

    def closes_block(x: Cell) -> bool:
        r, c = x
        for dr in (-1, 1):
            for dc in (-1, 1):
                if ((r + dr, c) in shaded and (r, c + dc) in shaded
                        and (r + dr, c + dc) in shaded):
                    return True
        return False

    def add(cells: Sequence[Cell]) -> None:
        shaded.update(cells)
        for x in cells:
            if x in where:
                drop(x)
            for i in range(-2, 3):
                for j in range(-2, 3):
                    y = (x[0] + i, x[1] + j)
                    if y in crowd:
                        crowd[y] += 1
                        weight[y] = math.exp(-crowd[y])
                        if -1 <= i <= 1 and -1 <= j <= 1 and y in where \
                                and closes_block(y):
                            drop(y)
            for y in neighbours(x, rows, cols):
                if y not in shaded and y not in where and not closes_block(y):
                    where[y] = len(frontier)
                    frontier.append(y)

    def orbit(x: Cell) -> tuple[Cell, ...]:
        return symmetric.orbit(x) if symmetric else (x,)

    for _ in range(100):  # a start whose orbit is no 2x2 block (not the middle of
        start = (rng.randrange(rows), rng.randrange(cols))  # an even grid turned)
        shaded.update(orbit(start))
        bad = any(closes_block(x) for x in shaded)
        shaded.clear()
        if not bad:
            break
    else:
        return shaded  # (a 2x2 grid turned by quarters has no such canal)
    add(orbit(start))
    while len(shaded) < target and frontier:
        pick = rng.choices(frontier, weights=[weight[x] for x in frontier])[0]
        cells = orbit(pick)
        if len(cells) > 1:
            # The images go in too: together they must not close a block either.
            shaded.update(cells)
            bad = any(closes_block(x) for x in cells)
            shaded.difference_update(cells)  # (no image was shaded: the canal is symmetric)
            if bad:
                drop(pick)  # (it stays bad: the shaded cells only ever grow)
                continue
        add(cells)
    return shaded

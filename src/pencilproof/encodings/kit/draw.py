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


def _still_connected(x: Cell, around: list[Cell], shaded: set[Cell], rows: int,
                     cols: int) -> bool:
    """Do x's (unshaded) neighbours still reach each other once x is shaded too?"""
    if len(around) <= 1:
        return True
    # Most often the neighbours (all unshaded) meet around x itself: if the free cells
    # of the ring of 8 around x make one arc (or the whole ring), it joins them all.
    r, c = x
    ring = [(r - 1, c - 1), (r - 1, c), (r - 1, c + 1), (r, c + 1),
            (r + 1, c + 1), (r + 1, c), (r + 1, c - 1), (r, c - 1)]
    free = [0 <= y < rows and 0 <= z < cols and (y, z) not in shaded for y, z in ring]
    if sum(1 for i in range(8) if free[i] and not free[i - 1]) <= 1:
        return True
    want, start = set(around[1:]), around[0]
    seen, stack = {start, x}, [start]
    while stack and want:
        for y in neighbours(stack.pop(), rows, cols):
            if y not in seen and y not in shaded:
                seen.add(y)
                want.discard(y)
                stack.append(y)
    return not want


def scatter(rows: int, cols: int, rng: random.Random, target: int) -> set[Cell]:
    """Up to ``target`` cells, no two of them edge-adjacent, whose removal leaves the
    other cells connected (Smullyanic Dynasty's shading): cells are visited in random
    order, and one joins when no neighbour has and its neighbours still reach each
    other without it."""
    order = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(order)
    shaded: set[Cell] = set()
    for x in order:
        if len(shaded) >= target:
            break
        around = list(neighbours(x, rows, cols))
        if any(y in shaded for y in around):
            continue
        if _still_connected(x, around, shaded, rows, cols):
            shaded.add(x)
    return shaded


def light(rows: int, cols: int, wall: set[Cell], lamps: set[Cell],
          rng: random.Random) -> set[Cell]:
    """``lamps`` (none of which sees another) plus a lamp on each white cell, in random
    order, that is not lit yet: no lamp then sees another and every white cell is lit
    (Light Up). ``lamps`` grows in place and is returned."""
    lit: set[Cell] = set()
    white = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in wall]
    rng.shuffle(white)
    for x in sorted(lamps) + white:
        if x in lit:
            continue
        lamps.add(x)
        lit.add(x)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            r, c = x[0] + dr, x[1] + dc
            while 0 <= r < rows and 0 <= c < cols and (r, c) not in wall:
                lit.add((r, c))
                r, c = r + dr, c + dc
    return lamps

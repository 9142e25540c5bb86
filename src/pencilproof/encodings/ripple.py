"""Ripple Effect (Hakyuu, janko.at "Hakyuu"): fill every room of n cells with the numbers
1..n, one each, so that two equal numbers k in one row or column have at least k cells
between them.

Rooms are the puzzle's ``areas``; givens are numbers. Failcodes are pzprjs's
(ripple.js), in its order: ``bkDupNum`` (a number twice in a room), ``nmSmallGap``
(equal numbers k closer than k + 1 along a row or column), ``ceNoNum`` (an empty cell,
or a number larger than its room); a changed given is ``nmGiven``.
"""
from __future__ import annotations

import random

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .kit import AllDifferent, Count, KitGenre, Number, NotAll, Values, kit_formats
from .kit.lattice import area_sizes, areas, normalize_areas
from .kit.model import N, Layer, Rule
from .kit.numbers import given_number

#: Room sizes of generated layouts, by weight.
SIZES = (1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5)


class Ripple(KitGenre):
    name = "ripple"
    aliases = ("ripple_effect", "hakyuu")
    url_pids = ("ripple",)
    summary = "fill each room of n cells with 1..n; equal numbers k lie more than k cells apart"
    param_keys = ("areas",)
    formats = kit_formats(url_parts=("border", "number16"), janko_names=("hakyuu",), blank=".",
                          drawing=dict.fromkeys("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", "number"))
    editor_candidates = (".", *map(str, range(1, 10)))
    max_clue = 35

    def rooms(self, puzzle: Puzzle) -> list[list[Cell]]:
        return list(areas(puzzle).values())

    def sizes(self, puzzle: Puzzle) -> dict[Cell, int]:
        return {x: len(room) for room in self.rooms(puzzle) for x in room}

    def layer_for(self, puzzle: Puzzle) -> Layer:
        sizes = self.sizes(puzzle)
        return Number(1, max(sizes.values()), blank=True, domain=lambda x: range(1, sizes[x] + 1))

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        if puzzle.param("areas") is None:
            raise InputError("a Ripple Effect puzzle needs its rooms ('areas')", where)
        layout = puzzle.param("areas")
        sizes = area_sizes(layout)  # (per region: per cell took seconds on 1000x1000)
        if max(sizes.values()) > 35:
            raise InputError(f"a room has {max(sizes.values())} cells, more than 35", where)
        for (r, c), v in puzzle.clues().items():
            n = sizes[layout[r][c]]
            if not (isinstance(v, int) and 1 <= v <= n):
                raise InputError(f"clue {v!r} at r{r + 1}c{c + 1} is not a number 1-{n} "
                                 f"(its room's size)", where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        out: list[Rule] = [AllDifferent(room, range(1, len(room) + 1), "bkDupNum",
                                        "a number repeats in a room", exact=True)
                           for room in self.rooms(puzzle)]
        sizes = self.sizes(puzzle)
        for (r, c) in puzzle.cells():
            for dr, dc in ((0, 1), (1, 0)):
                for d in range(1, max(puzzle.rows, puzzle.cols)):
                    y = (r + d * dr, c + d * dc)
                    if y not in sizes:
                        break
                    out += [NotAll([N((r, c), k), N(y, k)], [(r, c), y], "nmSmallGap",
                                   f"two {k}s are less than {k + 1} cells apart")
                            for k in range(d, min(sizes[(r, c)], sizes[y]) + 1)]
        out += [Count([N(x, k) for k in range(1, n + 1)], 1, [x], "ceNoNum",
                      f"a cell has no number 1-{n} (its room's size)", ">=") for x, n in sizes.items()]
        return out

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [given_number(cell, clue)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return v.cell["number"][cell]

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        """Rooms grown from random cells up to random sizes (:data:`SIZES`); a room left
        smaller than 3 joins its smallest neighbour (small rooms side by side make most
        layouts impossible: two 1s must not touch, nor two 2s share a row nearby)."""
        label: dict[Cell, int] = {}
        free = [(r, c) for r in range(rows) for c in range(cols)]
        rng.shuffle(free)
        room: dict[int, list[Cell]] = {}
        for start in free:
            if start in label:
                continue
            k = len(room)
            label[start], room[k], want = k, [start], rng.choice(SIZES)
            while len(room[k]) < want:
                grow = [y for x in room[k] for y in _ortho(x, rows, cols) if y not in label]
                if not grow:
                    break
                nxt = rng.choice(grow)
                label[nxt] = k
                room[k].append(nxt)
        for k in sorted(room, key=lambda k: len(room[k])):
            near = {label[y] for x in room[k] for y in _ortho(x, rows, cols)} - {k}
            if len(room[k]) < 3 and near:
                into = min(near, key=lambda j: (len(room[j]), j))
                for x in room.pop(k):
                    label[x] = into
                    room[into].append(x)
        blank = super().random_layout(rows, cols, rng)
        return blank.with_params(areas=normalize_areas([[label[(r, c)] for c in range(cols)]
                                                        for r in range(rows)]))


def _ortho(cell: Cell, rows: int, cols: int) -> list[Cell]:
    r, c = cell
    return [(y, x) for y, x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
            if 0 <= y < rows and 0 <= x < cols]


RIPPLE = Ripple()

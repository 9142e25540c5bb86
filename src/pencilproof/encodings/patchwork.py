"""Patchwork (janko.at "Patchwork", also Tatami): fill every room of n cells with the
numbers 1..n, one each, so that every row and every column holds each of 1..N equally
often (N the largest room, Janko's ``depth``: the grid's side / N times each) and no two
cells that share a side hold the same number.

Rooms are the puzzle's ``areas`` (janko.at's are all strips of 1 x N, Cross+A allows
rooms of any shape and size: read as they come); givens are numbers. puzz.link has no
Patchwork: the failcodes are this project's, in pzprjs's style: ``bkDupNum`` (a number
twice in a room), ``nmAdjacent`` (two equal numbers side by side), ``nmCountNe`` (a row
or column holding a number more or less often than side / N), ``ceNoNum`` (an empty
cell, or a number larger than its room); a changed given is ``nmGiven``.

Generation draws a tiling by strips of 1 x N (N a divisor 3-6 of both sides, picked at
random) and an answer on it from the rules alone; the givens are its numbers.
"""
from __future__ import annotations

import random

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .contract import JankoBlock
from .kit import AllDifferent, Count, KitGenre, Number, NotAll, Values, kit_formats
from .kit.lattice import area_sizes, areas, lines, normalize_areas
from .kit.model import N, Encoder, Layer, Lit, Rule
from .kit.numbers import filled, given_number


class Patchwork(KitGenre):
    name = "patchwork"
    aliases = ("tatami",)
    summary = "fill each room of n cells with 1..n; rows and columns alike, equal numbers apart"
    param_keys = ("areas",)
    formats = kit_formats(janko_names=("patchwork",), blank=".",
                          drawing=dict.fromkeys("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", "number"))
    editor_candidates = (".", *map(str, range(1, 10)))
    max_clue = 35
    min_clue = 1

    def rooms(self, puzzle: Puzzle) -> list[list[Cell]]:
        return list(areas(puzzle).values())

    def depth(self, puzzle: Puzzle) -> int:
        return max(len(room) for room in self.rooms(puzzle))

    def layer_for(self, puzzle: Puzzle) -> Layer:
        size = {x: len(room) for room in self.rooms(puzzle) for x in room}
        return Number(1, max(size.values()), blank=True, domain=lambda x: range(1, size[x] + 1))

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        layout = puzzle.param("areas")
        if layout is None:
            raise InputError("a Patchwork needs its rooms ('areas')", where)
        sizes = area_sizes(layout)
        n = max(sizes.values())
        if n > 35 or puzzle.rows % n or puzzle.cols % n:
            raise InputError(f"the largest room has {n} cells: a {puzzle.rows}x{puzzle.cols} "
                             f"grid's rows and columns cannot hold 1-{n} equally often", where)
        for (r, c), v in puzzle.clues().items():
            k = sizes[layout[r][c]]
            if not (isinstance(v, int) and 1 <= v <= k):
                raise InputError(f"clue {v!r} at r{r + 1}c{c + 1} is not a number 1-{k} "
                                 f"(its room's size)", where)

    def janko_puzzle(self, block: JankoBlock) -> Puzzle:
        """The rooms and givens; Janko's ``depth`` must be the largest room's size."""
        puzzle = super().janko_puzzle(block)
        if puzzle.param("areas") is None:
            raise InputError("no 'areas' section", block.where)
        depth, n = block.fields.get("depth"), self.depth(puzzle)
        if depth is not None and depth.strip() != str(n):
            raise InputError(f"depth {depth.strip()}, but the largest room has {n} cells", block.where)
        return puzzle

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        rooms = self.rooms(puzzle)
        n = max(len(room) for room in rooms)
        size = {x: len(room) for room in rooms for x in room}
        out: list[Rule] = [AllDifferent(room, range(1, len(room) + 1), "bkDupNum",
                                        "a number repeats in a room", exact=True) for room in rooms]
        out += [NotAll([N(a, k), N(b, k)], (a, b), "nmAdjacent", f"two {k}s share a side")
                for a, b in _pairs(puzzle) for k in range(1, min(size[a], size[b]) + 1)]
        for name, cells in lines(puzzle):
            line = set(cells)
            inner = [room for room in rooms if line.issuperset(room)]
            out += [LineCount(cells, k, len(cells) // n, inner, f"{name} holds {{k}} {k}s instead of {{n}}")
                    for k in range(1, n + 1)]
        for x, k in size.items():
            out += filled([x], k, f"a cell has no number 1-{k} (its room's size)")
        return out

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [given_number(cell, clue)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return v.cell["number"][cell]

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        sides = [n for n in range(3, 7) if rows % n == 0 and cols % n == 0]
        if not sides:
            raise InputError(f"a Patchwork's rooms are strips of 3-6 cells: {rows}x{cols} has "
                             f"no such side dividing both its sides")
        blank = super().random_layout(rows, cols, rng)
        return blank.with_params(areas=strips(rows, cols, rng.choice(sides), rng))


class LineCount(Count):
    """A row or column holds ``k`` exactly ``n`` times (``nmCountNe``). Encoded without
    the rooms that lie wholly in the line: each holds one k (if it has k cells or more:
    the room rule), so the rest of the line holds the rest."""

    def __init__(self, cells: list[Cell], k: int, n: int, inner: list[list[Cell]], message: str):
        super().__init__([N(x, k) for x in cells], n, cells, "nmCountNe", message)
        self.k, self.inner = k, inner

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        skip = {x for room in self.inner for x in room}
        rest = [N(x, self.k) for x in self.cells if x not in skip]
        held = sum(1 for room in self.inner if len(room) >= self.k)
        Count(rest, self.n - held, (), self.code, self.message).encode(e, guard)


def _pairs(puzzle: Puzzle) -> list[tuple[Cell, Cell]]:
    return [((r, c), (r + dr, c + dc)) for r in range(puzzle.rows) for c in range(puzzle.cols)
            for dr, dc in ((0, 1), (1, 0)) if r + dr < puzzle.rows and c + dc < puzzle.cols]


def strips(rows: int, cols: int, n: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """A random tiling by strips of 1 x n (n divides both sides): the first free cell in
    reading order starts a strip across or down, at random where both fit; a tiling that
    gets stuck is drawn again (after 100, every strip lies across)."""
    for _ in range(100):
        label: dict[Cell, int] = {}
        for r in range(rows):
            for c in range(cols):
                if (r, c) in label:
                    continue
                ways = [cells for cells in ([(r, c + i) for i in range(n)], [(r + i, c) for i in range(n)])
                        if all(y < rows and x < cols and (y, x) not in label for y, x in cells)]
                if not ways:
                    break
                k = len(set(label.values()))
                label.update(dict.fromkeys(rng.choice(ways), k))
            else:
                continue
            break
        else:
            return normalize_areas([[label[(r, c)] for c in range(cols)] for r in range(rows)])
    return normalize_areas([[(r, c // n) for c in range(cols)] for r in range(rows)])


PATCHWORK = Patchwork()

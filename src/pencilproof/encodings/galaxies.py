"""Galaxies / Tentaisho (puzz.link ``tentaisho``, janko.at ``Galaxien``): divide the grid
into regions, each holding exactly one dot and point-symmetric about it.

Givens: a cell's clue is the dot it carries, as in Janko's problem grids: ``0`` in its
centre, ``1`` on its right side, ``2`` on its lower side, ``3`` on its lower right
corner (a cell carries at most one dot: two would both claim it). ``#`` is a hole, a
cell that belongs to no region (pzprjs's empty cell). puzz.link URLs carry the dots in
half-cell steps and the holes (pzprjs's dot colours, a solving aid, are read as dots and
written white). Answers are the borders between regions (:class:`~.kit.division.Walls`:
``.`` ``|`` ``_`` ``J``, the frame and a hole's sides always borders); Janko's solutions
label the regions, read as borders between different labels. Failcodes are pzprjs's
(tentaisho.js), in its order: ``bdPassStar`` (a border through a dot), ``bkNoStar``,
``bkNotSymSt``, ``bkPlStar``; and ``bdDeadEnd`` for a border inside a region.

A ``?`` is a dot somewhere on its cell (its centre, right side, lower side or lower
right corner, whichever the answer needs): what minimize, generate and the analyses
switch, as Nurikabe's and Shikaku's ``?`` numbers (an extension; such dots have no
puzz.link URL). Generation: a drawn division into point-symmetric regions (each grown
from a random centre by symmetric pairs of cells) gets a dot at every region's centre;
every dot stays (a region without its dot is no answer), its exact point is the clue,
and a drawn division that another one fits is given up.
"""
from __future__ import annotations

import random
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .base import read_number
from .contract import ClueKey, Glyph, JankoBlock, Symmetry, UrlBody
from .kit import KitAnswer, KitGeneration, KitGenre, Values, kit_formats
from .kit.division import (CentrePoint, Rooted, SymmetricDivision, Walls, anchors, dot_index, mirror,
                           read_bits, read_dots, symmetric, walls_of, write_bits, write_dots)
from .kit.model import Layer, Rule
from .kit.urlcodec import Cursor

#: Where a clue's dot lies: terminal text (the Walls character of the sides it is on) and
#: the picture's mark.
PLACES = {0: ("o", "dot"), 1: ("o|", "dot:R"), 2: ("o_", "dot:D"), 3: ("oJ", "dot:RD")}


def centre(cell: Cell, kind: int) -> tuple[int, int]:
    """A dot's point in half-cell steps."""
    return 2 * cell[0] + (kind >> 1), 2 * cell[1] + (kind & 1)


def points(puzzle: Puzzle, cell: Cell) -> list[tuple[int, int]]:
    """The points a dot of this cell may lie on (one for a given one, those inside the
    grid for a '?')."""
    kind = puzzle[cell]
    if isinstance(kind, int):
        return [centre(cell, kind)]
    return [centre(cell, k) for k in range(4)
            if not (k & 1 and cell[1] + 1 == puzzle.cols or k & 2 and cell[0] + 1 == puzzle.rows)]


def dots(puzzle: Puzzle) -> dict[Cell, list[tuple[int, int]]]:
    return {x: points(puzzle, x) for x, v in puzzle.clues().items() if v != "#"}


def holes(puzzle: Puzzle) -> frozenset[Cell]:
    return frozenset(x for x, v in puzzle.clues().items() if v == "#")


class DotsUrl(UrlBody):
    """pzprjs's tentaisho body: the dots (decodeDot), then the empty cells (decodeEmpty,
    only when there are some)."""

    def read(self, genre: Any, body: str, rows: int, cols: int, where: str) -> Puzzle:
        cur = Cursor(body, where)
        found = read_dots(cur, rows, cols)
        empty = read_bits(cur, rows * cols)
        cur.finish()
        grid: list[list[Clue]] = [["#" if empty[r * cols + c] else None for c in range(cols)]
                                  for r in range(rows)]
        for s in sorted(found):
            y, x = divmod(s, 2 * cols - 1)
            cell = (y // 2, x // 2)
            if grid[cell[0]][cell[1]] is not None:
                raise InputError(f"r{cell[0] + 1}c{cell[1] + 1} carries two dots (or a dot on a "
                                 f"hole): no region can hold it", where)
            grid[cell[0]][cell[1]] = (y % 2) * 2 + x % 2
        return Puzzle(genre.name, rows, cols, tuple(map(tuple, grid)))

    def write(self, puzzle: Puzzle) -> str:
        if "?" in puzzle.clues().values():
            raise InputError("a dot '?' (somewhere on its cell) has no puzz.link URL")
        found = {dot_index(x, v, puzzle.cols): 1 for x, v in puzzle.clues().items() if isinstance(v, int)}
        gaps = [puzzle.grid[r][c] == "#" for r in range(puzzle.rows) for c in range(puzzle.cols)]
        return write_dots(found, puzzle.rows, puzzle.cols) + (write_bits(gaps) if any(gaps) else "")


class Galaxies(KitGenre):
    name = "galaxies"
    aliases = ("tentaisho", "galaxien", "spiral_galaxies")
    url_pids = ("tentaisho",)
    summary = "divide the grid into regions point-symmetric about the one dot each holds"
    formats = kit_formats(url_own=DotsUrl(), janko_names=("galaxies", "galaxien"),
                          drawing=dict.fromkeys("|_J", "walls"), answer_regions=True, blank=".")
    editor_candidates = (".", "0", "1", "2", "3", "?", "#")

    def __init__(self) -> None:
        super().__init__()
        self.generator = GalaxiesGeneration(self)

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return Walls(puzzle.rows, puzzle.cols, holes(puzzle))

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if token in ("#", "?"):
            return str(token)
        value = read_number(token, where, "'.', a dot 0-3, '?' or '#'", "a dot must be 0-3")
        if not 0 <= value <= 3:
            raise InputError(f"dot {value} is not 0-3 (0 centre, 1 right side, 2 lower side, 3 "
                             f"lower right corner)", where)
        return value

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        for (r, c), v in puzzle.clues().items():
            if isinstance(v, int) and (v & 1 and c + 1 == puzzle.cols or v & 2 and r + 1 == puzzle.rows):
                raise InputError(f"the dot {v} of r{r + 1}c{c + 1} lies on the grid's edge", where)

    def fixed(self, puzzle: Puzzle, cell: Cell) -> Optional[str]:
        return "#" if puzzle[cell] == "#" else None

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        division = SymmetricDivision(Walls(puzzle.rows, puzzle.cols, holes(puzzle)), dots(puzzle))
        return [division, Rooted(division)]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        others = {x for x, v in puzzle.clues().items() if v != "#" and x != cell}
        return [CentrePoint(Walls(puzzle.rows, puzzle.cols, holes(puzzle)), cell, centre(cell, clue), others)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """Where a dot's region in this answer has its centre, if on one of its points."""
        if puzzle[cell] is None or puzzle[cell] == "#":
            return None
        walls = Walls(puzzle.rows, puzzle.cols, holes(puzzle))
        return next((k for k in range(4) if centre(cell, k) in points(puzzle, cell)
                     and symmetric(walls, v, centre(cell, k))), None)

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        if clue == "#":
            return Glyph(hole=True)
        if isinstance(clue, int):
            return Glyph(short=PLACES[clue][0], mark=PLACES[clue][1])
        return None if clue is None else Glyph(short="o?", mark="dot", text="?")

    def read_janko(self, block: JankoBlock) -> tuple[Puzzle, Any]:
        """The dots, and the solution's region labels as borders."""
        puzzle = self.janko_puzzle(block)
        grid = block.grid("solution")
        if grid is None:
            return puzzle, None
        return puzzle, self.parse_solution(puzzle, walls_of([[t for t, _ in line] for line in grid]),
                                           block.where)


def random_galaxies(rows: int, cols: int, rng: random.Random, most: int) -> list[list[int]]:
    """A division into point-symmetric regions of at most about ``most`` cells, as a
    region number per cell: each free cell in random order seeds a region (a cell, two
    side by side or a 2x2 block, whichever fits), grown by a random free neighbour and
    its mirror image at a time."""
    label = [[-1] * cols for _ in range(rows)]

    def free(x: Cell) -> bool:
        return 0 <= x[0] < rows and 0 <= x[1] < cols and label[x[0]][x[1]] == -1

    order = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(order)
    for k, (r, c) in enumerate(order):
        if not free((r, c)):
            continue
        seeds = [kind for kind in range(4) if all(free(x) for x in anchors(centre((r, c), kind)))]
        p = centre((r, c), rng.choice(seeds))
        region = set(anchors(p))
        goal = rng.randint(len(region), max(len(region), most))
        for x in region:
            label[x[0]][x[1]] = k
        while len(region) < goal:
            grow = sorted({y for x in region for y in ((x[0] - 1, x[1]), (x[0] + 1, x[1]),
                                                       (x[0], x[1] - 1), (x[0], x[1] + 1))
                           if free(y) and free(mirror(y, p)) and mirror(y, p) != y})
            if not grow:
                break
            y = rng.choice(grow)
            for x in (y, mirror(y, p)):
                region.add(x)
                label[x[0]][x[1]] = k
    return label


class GalaxiesGeneration(KitGeneration):
    """Dots at the centres of a drawn division, all kept; their points switch (see the
    module)."""

    default_density = 0.5
    density_meaning = "how large the drawn regions grow (up to 2 + 14 x density cells)"

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        most = 2 + round(14 * (self.default_density if density is None else density))
        label = random_galaxies(rows, cols, rng, most)
        spans: dict[int, list[int]] = {}
        for r in range(rows):
            for c in range(cols):
                box = spans.setdefault(label[r][c], [r, c, r, c])
                box[:] = [min(box[0], r), min(box[1], c), max(box[2], r), max(box[3], c)]
        grid: list[list[Clue]] = [[None] * cols for _ in range(rows)]
        for r0, c0, r1, c1 in spans.values():  # the centre of a symmetric region's box
            grid[(r0 + r1) // 2][(c0 + c1) // 2] = (r0 + r1) % 2 * 2 + (c0 + c1) % 2
        layout = Puzzle(self.kit.name, rows, cols, tuple(map(tuple, grid)))
        return KitAnswer(tuple(walls_of(label)), layout)

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        return (puzzle.with_clues({x: v if v == "#" else "?" for x, v in puzzle.clues().items()}),
                {x: v for x, v in puzzle.clues().items() if isinstance(v, int)})

    def blank_for(self, answer: Any) -> Puzzle:
        return self.split_givens(super().blank_for(answer))[0]

    def clue_count(self, puzzle: Puzzle) -> int:
        return sum(1 for v in puzzle.clues().values() if isinstance(v, int))


GALAXIES = Galaxies()

"""Star Battle (janko.at "Sternenschlacht"): place stars so that every row, every column
and every room holds exactly k of them, and no two stars touch, not even at a corner.

Rooms are the puzzle's ``areas``; k is its ``stars`` parameter (1 when absent; Janko
writes it as the block's ``depth``, puzz.link before the borders). Answers write a star
``*`` (``#`` is read as one too) and an empty cell ``.``. Failcodes are pzprjs's
(starbattle.js), in its order: ``starAround``, ``bkStarGt``, ``bkStarLt``, ``lnStarNe``.

Some Janko grids are shaped: cells marked ``@`` (outside the shape) or ``#`` (black) in
the areas belong to no room and hold no star, and every row and column still holds k
stars. They are givens ``@`` and ``#`` here (written ``.`` in answers), whatever their
area label says, and stay when clues are switched. puzz.link URLs and pzprv3 files
carry the rooms and the star count only (pzprjs has no holes and no givens).

Published Star Battles have no other givens; as in Norinori a cell may be given as
known (``*`` a star, ``+`` none) for minimize, generate and the analyses. Generation
draws the answer first (stars by the row, column and touching rules alone), then grows
a room from each star and joins neighbouring rooms until each holds k stars.
"""
from __future__ import annotations

import random
from typing import Any

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .base import read_number
from .contract import ClueKey, Glyph, JankoBlock
from .kit import KitAnswer, KitGeneration, KitGenre, S, Shade, Values, kit_formats
from .kit.lattice import areas, check_areas_connected, lines, normalize_areas
from .kit.bodies import CountBorders
from .kit.files import StarRooms
from .kit.model import Rule
from .kit.numbers import check_square
from .kit.placement import ExactCount, KnownCells, apart, janko_layout, no_touch

ORDER = ("starAround", "bkStarGt", "bkStarLt", "lnStarNe")
#: Givens of cells in no room: outside the shape, and a black cell.
HOLES = {"@": Glyph(hole=True), "#": Glyph(fill="#333333")}


def stars(puzzle: Puzzle) -> int:
    return int(puzzle.param("stars", 1))


def holes(puzzle: Puzzle) -> set[Cell]:
    return {x for x, v in puzzle.clues().items() if v in HOLES}


class StarBattle(KnownCells, KitGenre):
    name = "starbattle"
    aliases = ("star_battle", "sternenschlacht")
    url_pids = ("starbattle",)
    summary = "place k stars in every row, column and room; stars never touch, not even diagonally"
    param_keys = ("areas", "stars")
    layer = Shade("*", ".", read_shaded="*#")
    janko_solution = {"x": "*"}
    known = {"*": True, "+": False}
    words = ("a star", "no star")
    broken_given = ("a given star is missing", "a star stands where none is given")
    editor_candidates = (".", "*", "+", "#", "@")
    failcode_order = ORDER
    formats = kit_formats(url_own=CountBorders("stars"), pzprv3_pid="starbattle",
                          pzprv3_own=StarRooms({"*": "#"}), janko_names=("sternenschlacht",), blank=".",
                          drawing={"*": "lamp"},
                          legend={"lamp": "star"}, pzprv3_write={"*": "#", ".": "."},
                          pzprv3_read={"#": "*", "+": ".", ".": "."})

    def __init__(self) -> None:
        super().__init__()
        self.generator = StarBattleGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        return str(token) if token in HOLES else super().parse_clue(token, where)

    def glyph(self, clue: Clue) -> Glyph | None:
        return HOLES[clue] if clue in HOLES else super().glyph(clue)

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key != "stars":
            return super().parse_param(key, value, where)
        k = read_number(value, where, "a number", "'stars' must be a number")
        if not 1 <= k <= 99:
            raise InputError(f"'stars' must be 1-99, got {k}", where)
        return k

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        layout = puzzle.param("areas")
        if layout is None:  # (the generator's drawing has none: lines only)
            raise InputError("a Star Battle needs its rooms ('areas')", where)
        if len(layout) != puzzle.rows or any(len(row) != puzzle.cols for row in layout):
            raise InputError(f"'areas' is not {puzzle.rows}x{puzzle.cols} like the grid", where)
        check_areas_connected(apart(layout, holes(puzzle)), where)

    def janko_puzzle(self, block: JankoBlock) -> Puzzle:
        puzzle = janko_layout(self.name, block, "".join(HOLES))
        depth = block.fields.get("depth")
        return puzzle if depth is None else puzzle.with_params(
            stars=self.parse_param("stars", depth, f"{block.where}: depth"))

    def fixed(self, puzzle: Puzzle, cell: Cell) -> str | None:
        return "." if puzzle[cell] in HOLES else None

    def rooms(self, puzzle: Puzzle) -> list[list[Cell]]:
        gone = holes(puzzle)
        return [room for room in ([x for x in cells if x not in gone] for cells in
                                  areas(puzzle).values()) if room]

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        k, gone = stars(puzzle), holes(puzzle)
        live = {x for x in puzzle.cells() if x not in gone}
        out: list[Rule] = no_touch(puzzle, "starAround", "two stars touch", cells=live)
        for room in self.rooms(puzzle):
            out.append(ExactCount([S(x) for x in room], k, room, "bkStarLt",
                                  "a room has {k} stars, fewer than {n}",
                                  over=("bkStarGt", "a room has {k} stars, more than {n}")))
        for name, cells in lines(puzzle):
            cells = [x for x in cells if x in live]
            out.append(ExactCount([S(x) for x in cells], k, cells, "lnStarNe",
                                  f"{name} has {{k}} stars instead of {{n}}"))
        return out

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [] if clue in HOLES else super().clue_rules(puzzle, cell, clue)

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return None if puzzle[cell] in HOLES else super().clue_value(puzzle, v, cell)


class StarBattleGeneration(KitGeneration):
    """Answers first: stars by the line and touching rules, then rooms around them."""

    default_density = 0.2

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        """Holes stay whatever the clues."""
        clues = puzzle.clues()
        return (puzzle.with_clues({x: v for x, v in clues.items() if v in HOLES}),
                {x: v for x, v in clues.items() if v not in HOLES})
    options = {"stars": "stars per row, column and room (default: 1, or 2 from 10x10 on)"}
    stars: int | None = None

    def with_options(self, options: Any) -> "StarBattleGeneration":
        out = StarBattleGeneration(self.kit)
        for key, value in options.items():
            if key != "stars":
                raise ValueError(f"starbattle has no generation option {key!r}")
            out.stars = self.kit.parse_param("stars", value, "--option stars")
        return out

    def random_answer(self, rows: int, cols: int, rng: random.Random, density: float | None,
                      symmetric: Any) -> KitAnswer:
        check_square(rows, cols, "a Star Battle", "--size", most=None)
        k = self.stars or (2 if rows >= 10 else 1)
        blank = Puzzle(self.kit.name, rows, cols, tuple((None,) * cols for _ in range(rows)))
        for _ in range(self.LAYOUTS):
            drawn = self._answer_on(blank.with_params(stars=k), rng, density)  # (no rooms)
            if drawn is None:
                break
            layout = rooms_around([x for x in blank.cells() if drawn[x] == "*"], rows, cols, k, rng)
            if layout is not None:
                return KitAnswer(drawn.rows, blank.with_params(areas=layout, stars=k))
        raise InputError(f"no starbattle answer of size {rows}x{cols} with {k} stars was found")


def rooms_around(stars: list[Cell], rows: int, cols: int, k: int,
                 rng: random.Random) -> tuple[tuple[int, ...], ...] | None:
    """Rooms of k stars each: one grown from every star at once (a random free neighbour
    of a random room at a time), then neighbouring rooms joined while they hold fewer
    than k stars together; None when a room is left short."""
    label = {x: i for i, x in enumerate(stars)}
    while len(label) < rows * cols:
        x = rng.choice(sorted(label))
        y = rng.choice([(x[0] + 1, x[1]), (x[0] - 1, x[1]), (x[0], x[1] + 1), (x[0], x[1] - 1)])
        if 0 <= y[0] < rows and 0 <= y[1] < cols and y not in label:
            label[y] = label[x]
    held = {i: 1 for i in range(len(stars))}
    while any(n < k for n in held.values()):
        joins = sorted({(label[x], label[y]) for x in label for y in ((x[0] + 1, x[1]), (x[0], x[1] + 1))
                        if y in label and label[x] != label[y] and held[label[x]] + held[label[y]] <= k})
        if not joins:
            return None
        a, b = rng.choice(joins)
        held[a] += held.pop(b)
        label = {x: a if i == b else i for x, i in label.items()}
    return normalize_areas([[label[(r, c)] for c in range(cols)] for r in range(rows)])


STARBATTLE = StarBattle()

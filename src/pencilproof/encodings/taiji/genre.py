"""Taiji (the game's puzzles, shared as Taiji Maker codes): light tiles so every symbol holds.

Rules, as taiji_maker's checker decides them: a region is a maximal edge-connected set
of existing tiles in one state (holes break adjacency). Fixed tiles keep their state,
linked tiles share one. Dice (A-I, +1..+9) and anti-dice (J-R, -1..-9): the dice of a
region all have one colour (none is a colour too), and their signed sum is 0 or the
region's size. Diamonds (S): for each colour with a diamond in a region, its diamonds
plus its other symbols there number exactly two (a flower counts as purple while it has
fewer than 4 yellow petals, and as yellow once it has one). Flowers (V-Z, 0..4 petals):
exactly that many existing neighbours share the flower tile's state. Dashes (T) and
slashes (U): all regions holding one colour's dashes have the same shape, placed by the
symbol tile (slashes may also be turned by quarter turns); two colours' shapes differ.

Readings this project follows (README): hidden symbols still count; without fixed tiles
the inverse of an answer is an answer too, and uniqueness is judged up to inversion.
The encoding is :mod:`.model`, the codes :mod:`.code`, generation
:mod:`.gen`.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Optional, Sequence

from ...errors import InputError
from ...puzzle import Cell, Clue, Puzzle, Violation
from ..base import choose_encoding
from ..contract import FormatSpec, Genre, Glyph
from .code import (COLOURS, TaijiAnswer, TaijiCode, Tile, check_links, check_tile,
                         clue_of, parse_token, tile_of, tiles_of)
from .gen import TaijiGeneration
from .model import TaijiModel, neighbours
from .model import regions as all_regions

if TYPE_CHECKING:
    from ...solvers.backends import Backend

#: Ink of each colour letter in pictures (white is drawn light grey, to be seen on paper).
INKS = dict(zip(COLOURS, ("#d62728", "#f07f00", "#c8a600", "#2ca02c", "#1f77b4", "#8e44ad",
                          "#b8b8b8", "#000000")))
TileOf = Callable[[Cell], Tile]
ROTATE = ((1, 0, 0, 1), (0, -1, 1, 0), (-1, 0, 0, -1), (0, 1, -1, 0))


def _where(cells: Sequence[Cell]) -> tuple[Cell, ...]:
    return tuple(sorted(cells))


def _turn(shape: frozenset[Cell], k: int) -> frozenset[Cell]:
    a, b, c, d = ROTATE[k]
    return frozenset((a * r + b * q, c * r + d * q) for r, q in shape)


class Taiji(Genre):
    name = "taiji"
    aliases = ("taiji-maker",)
    encodings = ("regions",)
    summary = ("light tiles so that dice, diamonds, dashes, slashes and flowers hold "
               "(Taiji Maker codes; unique up to inversion without fixed tiles)")
    answer_type = TaijiAnswer
    symmetry = "inversion"
    formats = FormatSpec(
        drawing=MappingProxyType({".": "shade"}),
        legend=MappingProxyType({"shade": "dark", "blank": "lit"}), codes=(TaijiCode(),))

    def __init__(self) -> None:
        self.generator = TaijiGeneration(self)

    # -- givens ----------------------------------------------------------------------------
    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None:
            return None
        if not isinstance(token, str):
            raise InputError(f"expected a Taiji tile token such as 'Kw0' or '.', got {token!r}",
                             where)
        tile = parse_token(token.strip())
        if tile is None:
            raise InputError(f"unknown tile {token!r} (expected '.', or [<^/][A-Z][roygbpkw] "
                             "and an option digit: 1 hidden, 2 lit, 4 fixed, 8 hole)", where)
        return clue_of(check_tile(tile, token, where))

    def clue_token(self, clue: Clue) -> str:
        return "." if clue is None else str(clue)

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        if clue is None:
            return None
        t = tile_of(clue)
        if t.hole:
            return Glyph(hole=True)
        links = tuple(side for side, on in (("left", t.left), ("up", t.up)) if on)
        kind = t.kind
        text = (f"{t.pips:+d}".replace("+", "") if kind == "die" else
                {"diamond": "◆", "dash": "—", "slash": "╱"}.get(kind, "")
                or (f"✿{t.petals}" if kind == "flower" else ""))
        short = (str(t.pips) if kind == "die" else
                 {"diamond": "<>", "dash": "--", "slash": "//"}.get(kind, "")
                 or (f"*{t.petals}" if kind == "flower" else ""))
        if t.hidden and text:
            text, short = f"({text})", f"({short})"
        short = short + t.colour + ("!" if t.fixed else "")
        mark = {"diamond": "diamond", "dash": "dash", "slash": "slash",
                "flower": f"petals:{t.petals}"}.get(kind)
        if mark:
            text = "h" if t.hidden else ""  # a note beside the drawn mark
        return Glyph(text, short or None, INKS.get(t.colour), None, False, t.fixed, links, mark)

    # -- the puzzle's checks on itself ------------------------------------------------------
    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        check_links(tiles_of(puzzle), where)

    def symmetry_applies(self, puzzle: Puzzle) -> bool:
        """Inversion maps answers to answers unless a fixed tile pins a state."""
        return not any(tile_of(v).fixed for row in puzzle.grid for v in row if v is not None)

    def images(self, puzzle: Puzzle, answer: TaijiAnswer) -> list[TaijiAnswer]:
        return [answer.inverse()] if self.symmetry_applies(puzzle) else []

    # -- encoding --------------------------------------------------------------------------
    def encode(self, puzzle: Puzzle, backend: "Backend",
               encoding: str | None = None) -> TaijiModel:
        choose_encoding(self, encoding)
        self.check_puzzle(puzzle, "puzzle")
        return TaijiModel(puzzle, backend, break_inversion=self.symmetry_applies(puzzle))

    # -- answers ---------------------------------------------------------------------------
    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> TaijiAnswer:
        """Rows of ``#`` (lit) and ``.`` (dark); holes ``x`` (or ``.``, spaces ignored)."""
        clean = [r.replace(" ", "").replace("\t", "") for r in rows]
        clean = [r for r in clean if r]
        if len(clean) != puzzle.rows:
            raise InputError(f"answer has {len(clean)} rows, the puzzle has {puzzle.rows}", where)
        out = []
        for i, row in enumerate(clean):
            if len(row) != puzzle.cols:
                raise InputError(f"answer row {i + 1} has {len(row)} tiles, the puzzle has "
                                 f"{puzzle.cols}", where)
            chars = []
            for j, ch in enumerate(row):
                hole = tile_of(puzzle.grid[i][j]).hole
                if hole and ch in "x.":
                    chars.append("x")
                elif hole:
                    raise InputError(f"r{i + 1}c{j + 1} is a hole; write x there, not {ch!r}",
                                     where)
                elif ch in "#1":
                    chars.append("#")
                elif ch in ".0-+":
                    chars.append(".")
                else:
                    raise InputError(f"unknown answer character {ch!r} at r{i + 1}c{j + 1} "
                                     "(use # for lit, . for dark, x on holes)", where)
            out.append("".join(chars))
        return TaijiAnswer(tuple(out))

    # -- independent verification (plain Python, no solver) ----------------------------------
    def verify(self, puzzle: Puzzle, answer: TaijiAnswer) -> list[Violation]:
        """Every broken rule, checked on the answer's rows as taiji_maker's checker does."""
        tiles = tiles_of(puzzle)
        rows = answer.rows
        h, w = puzzle.rows, puzzle.cols
        out: list[Violation] = []
        if len(rows) != h or any(len(r) != w for r in rows):
            return [Violation("tjSize", "the answer does not fit the board")]
        cells = [(r, c) for r in range(h) for c in range(w) if not tiles[r][c].hole]
        bad = [x for x in cells if rows[x[0]][x[1]] not in "#."]
        bad += [(r, c) for r in range(h) for c in range(w)
                if tiles[r][c].hole and rows[r][c] != "x"]
        if bad:
            return [Violation("tjState", "tiles must be # or ., holes x", _where(bad))]

        def lit(x: Cell) -> bool:
            return rows[x[0]][x[1]] == "#"

        def tile(x: Cell) -> Tile:
            return tiles[x[0]][x[1]]
        fixed = [x for x in cells if tile(x).fixed and tile(x).lit != lit(x)]
        if fixed:
            out.append(Violation("tjFixed", "fixed tiles changed state", _where(fixed)))
        for x in cells:
            t = tile(x)
            for on, y in ((t.left, (x[0], x[1] - 1)), (t.up, (x[0] - 1, x[1]))):
                if on and min(y) >= 0 and not tile(y).hole and lit(x) != lit(y):
                    out.append(Violation("tjLink", "linked tiles differ", _where([x, y])))
        regions = [frozenset(region) for region in all_regions(rows)]
        symbols = {x for x in cells if tile(x).symbol}
        for region in regions:
            if not symbols.isdisjoint(region):
                out += self._region_rules(region, tile)
        for x in cells:
            k = tile(x).petals
            if k >= 0:
                same = sum(1 for y in neighbours(h, w, x) if not tile(y).hole and lit(y) == lit(x))
                if same != k:
                    out.append(Violation("tjFlower", f"flower of {k} petals has {same} equal "
                                                     "neighbours", (x,)))
        out += self._shape_rules(regions, tile)
        return out

    @staticmethod
    def _region_rules(region: frozenset[Cell], tile: TileOf) -> list[Violation]:
        out = []
        dice = [x for x in region if tile(x).kind == "die"]
        if len({tile(x).colour for x in dice}) > 1:
            out.append(Violation("tjDiceColour", "dice of different colours share a region",
                                 _where(dice)))
        total = sum(tile(x).pips for x in dice)
        if total not in (0, len(region)):
            out.append(Violation("tjDiceSum", f"dice add up to {total}, the region has "
                                              f"{len(region)} tiles", _where(dice)))
        for colour in sorted({tile(x).colour for x in region if tile(x).kind == "diamond"}):
            with_it = [x for x in region if colour in tile(x).counts_as()]
            if len(with_it) != 2:
                name = colour or "uncoloured"
                out.append(Violation("tjDiamond", f"{name} diamond's region has {len(with_it)} "
                                                  f"symbols of its colour, not 2", _where(with_it)))
        return out

    @staticmethod
    def _shape_rules(regions: list[frozenset[Cell]], tile: TileOf) -> list[Violation]:
        shapes: dict[str, list[tuple[Cell, frozenset[Cell], bool]]] = {}
        for region in regions:
            if not any(tile(x).kind in ("dash", "slash") for x in region):
                continue
            for x in sorted(region):
                if tile(x).kind in ("dash", "slash"):
                    rel = frozenset((r - x[0], c - x[1]) for r, c in region)
                    shapes.setdefault(tile(x).colour, []).append(
                        (x, rel, tile(x).kind == "slash"))
        out = []
        standards = []
        for colour, found in sorted(shapes.items()):
            dashes = [f for f in found if not f[2]]
            std = (dashes or found)[0]
            standards.append((colour, std, any(f[2] for f in found)))
            wrong = [f[0] for f in found if not any(
                std[1] == _turn(f[1], k) for k in (range(4) if f[2] else range(1)))]
            if wrong:
                out.append(Violation("tjShape", f"{colour or 'uncoloured'} dash/slash regions "
                                                "differ in shape", _where([std[0]] + wrong)))
        for i, (c1, s1, r1) in enumerate(standards):
            for c2, s2, r2 in standards[i + 1:]:
                if any(s1[1] == _turn(s2[1], k) for k in (range(4) if r1 or r2 else range(1))):
                    out.append(Violation("tjShapeColours", f"{c1 or 'uncoloured'} and "
                                         f"{c2 or 'uncoloured'} shapes are the same",
                                         _where([s1[0], s2[0]])))
        return out


TAIJI = Taiji()

"""Taiji tiles and Taiji Maker codes (``3:Kw202200Fw62Dw4``).

A code is ``<width>:<tile stream>``. Runs come first: ``+X`` stands for ord(X)-64 tiles
``0`` and ``-X`` for that many ``8`` (X in A-Z); the encoder writes runs of three or more
and lets a run swallow the option digit ``0`` that ends a symbol tile (``Kw+E`` is
``Kw0`` and four blank tiles). Then each tile is a lone ``0`` (blank) or
``[link][SYMBOL][colour]<option>``: link ``<`` (joined to the left neighbour), ``^``
(to the tile above), ``/`` (both); symbol A-I dice +1..+9, J-R anti-dice -1..-9, S
diamond, T dash, U slash, V-Z flower with 0..4 yellow petals; colour one of
``roygbpkw``; option a bit field: 8 hole (exactly ``8``), 4 fixed, 2 lit, 1 hidden.
The lit bit counts only on fixed tiles (taiji_maker's decoder ignores it elsewhere and
its current encoder clears it), so reading normalises it away.

In a :class:`~pencilproof.puzzle.Puzzle` a tile is its canonical token (the code of that
one tile, lit bit cleared unless fixed), or None for a plain blank tile; the text file
format writes the same tokens.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Optional

from ...errors import InputError
from ...puzzle import Clue, Puzzle, Solution
from ..contract import CodeFormat

COLOURS = "roygbpkw"
COLOUR_NAMES = dict(zip(COLOURS, ("red", "orange", "yellow", "green", "blue", "purple",
                                  "white", "black")))
DIAMOND, DASH, SLASH = "S", "T", "U"
_TOKEN = re.compile(r"([<^/]?)([A-Z]?)([roygbpkw]?)([0-9])")
_CODE = re.compile(r"([0-9]+):([0-9A-Za-z<^/+\-]*)")
#: What is meant as a Taiji Maker code: digits, a colon, no spaces (then read strictly,
#: so that a code with a typo is its own one-line error rather than "no such file").
_MEANT = re.compile(r"[0-9]+:\S*")
#: The widest board a code may describe (as every format's largest side).
MAX_WIDTH = 1000


@dataclass(frozen=True)
class Tile:
    """One tile of a Taiji board."""

    symbol: str = ""       # "" or a code letter A-Z
    colour: str = ""       # "" or one of roygbpkw
    hole: bool = False
    fixed: bool = False
    lit: bool = False      # the fixed state (False unless fixed)
    hidden: bool = False   # drawn invisibly; still a rule (the reading this project follows)
    left: bool = False     # linked to the left neighbour
    up: bool = False       # linked to the tile above

    @property
    def pips(self) -> int:
        """A die's signed value (0 for other tiles)."""
        if self.symbol and "A" <= self.symbol <= "I":
            return ord(self.symbol) - 64
        if self.symbol and "J" <= self.symbol <= "R":
            return -(ord(self.symbol) - 73)
        return 0

    @property
    def petals(self) -> int:
        """A flower's yellow petals (-1 for other tiles)."""
        return ord(self.symbol) - ord("V") if self.symbol >= "V" else -1

    @property
    def kind(self) -> str:
        """``die``, ``diamond``, ``dash``, ``slash``, ``flower`` or ``""``."""
        if not self.symbol:
            return ""
        if self.pips:
            return "die"
        return {DIAMOND: "diamond", DASH: "dash", SLASH: "slash"}.get(self.symbol, "flower")

    @property
    def option(self) -> int:
        if self.hole:
            return 8
        return 4 * self.fixed + 2 * (self.fixed and self.lit) + self.hidden

    @property
    def token(self) -> str:
        """This tile's code (``0`` for a plain blank tile)."""
        link = "/" if self.left and self.up else "<" if self.left else "^" if self.up else ""
        return f"{link}{self.symbol}{self.colour}{self.option}"

    def counts_as(self) -> tuple[str, ...]:
        """The colours this symbol counts as for diamonds: its own colour; a flower is
        purple while it has fewer than 4 yellow petals and yellow once it has one."""
        if not self.symbol:
            return ()
        if self.kind == "flower":
            return tuple(c for c, yes in (("p", self.petals < 4), ("y", self.petals > 0)) if yes)
        return (self.colour,)


BLANK = Tile()


@dataclass(frozen=True, eq=False)
class TaijiAnswer(Solution):
    """A Taiji answer: ``#`` lit, ``.`` dark, ``x`` a hole, one character per tile."""

    def inverse(self) -> "TaijiAnswer":
        """Every tile's state flipped (holes stay)."""
        return TaijiAnswer(tuple(row.translate(_FLIP) for row in self.rows))


_FLIP = str.maketrans("#.", ".#")


@functools.lru_cache(maxsize=4096)
def parse_token(token: str) -> Optional[Tile]:
    """A tile token, or None if it is not one (``0`` and ``.`` are plain blank tiles)."""
    if token in ("0", "."):
        return BLANK
    m = _TOKEN.fullmatch(token)
    if m is None or m.group(4) == "9":
        return None
    link, symbol, colour, digit = m.groups()
    option = int(digit)
    if symbol and symbol > "Z":
        return None
    if option == 8:
        # A hole keeps nothing but its hole-ness (taiji_maker's editor may leave a colour).
        return Tile(hole=True, symbol=symbol, left=link in "</" and bool(link),
                    up=link in "^/" and bool(link))
    fixed = bool(option & 4)
    return Tile(symbol, colour, False, fixed, fixed and bool(option & 2), bool(option & 1),
                link in ("<", "/"), link in ("^", "/"))


def tile_of(clue: Clue) -> Tile:
    """The tile a grid value stands for (None: a plain blank tile)."""
    if clue is None:
        return BLANK
    tile = parse_token(str(clue))
    assert tile is not None, f"not a tile token: {clue!r}"
    return tile


def clue_of(tile: Tile) -> Clue:
    """The grid value of a tile: its canonical token, None for a plain blank tile."""
    return None if tile == BLANK else tile.token


def check_tile(tile: Tile, token: str, where: str) -> Tile:
    """Bad tiles a code can spell: a symbol on a hole, a hole with links."""
    if tile.hole and tile.symbol:
        raise InputError(f"tile {token!r} puts a symbol on a hole", where)
    if tile.hole and (tile.left or tile.up):
        raise InputError(f"tile {token!r} links a hole", where)
    return tile


def check_links(grid: list[list[Tile]], where: str) -> None:
    """Links must join two existing tiles inside the board."""
    for r, row in enumerate(grid):
        for c, t in enumerate(row):  # the place is spelt only for an error: a million cells
            if t.left and (c == 0 or grid[r][c - 1].hole):
                raise InputError("links to the left, where there is "
                                 + ("no tile (the board's edge)" if c == 0 else "a hole"),
                                 f"{where}: r{r + 1}c{c + 1}")
            if t.up and (r == 0 or grid[r - 1][c].hole):
                raise InputError("links upwards, where there is "
                                 + ("no tile (the board's edge)" if r == 0 else "a hole"),
                                 f"{where}: r{r + 1}c{c + 1}")


def _expand(body: str, where: str) -> str:
    """The tile stream with ``+X`` / ``-X`` runs written out."""
    out: list[str] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch in "+-":
            nxt = body[i + 1] if i + 1 < len(body) else ""
            if not ("A" <= nxt <= "Z"):
                raise InputError(f"run marker {ch!r} at character {i + 1} of the tiles must be "
                                 f"followed by a letter A-Z (the run's length)", where)
            out.append(("0" if ch == "+" else "8") * (ord(nxt) - 64))
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def decode(code: str, where: str) -> list[list[Tile]]:
    """The tiles of a Taiji Maker code, row by row; one-line errors name the tile."""
    m = _CODE.fullmatch(code.strip())
    if m is None:
        bad = re.search(r"[^0-9A-Za-z<^/+\-:]", code.strip())
        raise InputError("not a Taiji Maker code (expected WIDTH:TILES, e.g. 3:Kw+FFw60Dw4)"
                         + (f"; unexpected character {bad.group()!r}" if bad else ""), where)
    digits = m.group(1).lstrip("0") or "0"
    if len(digits) > 4 or int(digits) > MAX_WIDTH:
        raise InputError(f"width {digits} is more than {MAX_WIDTH}", where)
    width = int(digits)
    if width < 1:
        raise InputError("width must be at least 1", where)
    stream = _expand(m.group(2), where)
    tiles: list[Tile] = []
    i = 0
    while i < len(stream):
        n = len(tiles)
        at = f"{where}: tile {n + 1} (r{n // width + 1}c{n % width + 1})"
        if stream[i] == "0":
            tiles.append(BLANK)
            i += 1
            continue
        t = _TOKEN.match(stream, i)
        if t is None:
            raise InputError(f"cannot read a tile at {stream[i:i + 6]!r} (expected 0 or "
                             "[<^/][A-Z][roygbpkw]<option digit>)", at)
        tile = parse_token(t.group())
        if tile is None:
            raise InputError(f"option digit {t.group(4)} of tile {t.group()!r} is not one of "
                             "0-7 (hidden 1, lit 2, fixed 4) or 8 (hole)", at)
        tiles.append(check_tile(tile, t.group(), at))
        i = t.end()
    if not tiles:
        raise InputError("the code has no tiles", where)
    if len(tiles) % width:
        raise InputError(f"{len(tiles)} tiles do not fill rows of {width} "
                         f"({len(tiles) % width} left over)", where)
    grid = [tiles[k:k + width] for k in range(0, len(tiles), width)]
    check_links(grid, where)
    return grid


def _run(n: int, sign: str) -> str:
    return f"{sign}Z" * (n // 26) + (f"{sign}{chr(64 + n % 26)}" if n % 26 else "")


def encode(grid: list[list[Tile]]) -> str:
    """The code taiji_maker's current encoder writes for these tiles: lit bits only on
    fixed tiles, runs of three or more ``0`` / ``8`` characters compressed (a run counts
    the option digit ``0`` of the symbol tile it starts at)."""
    out = [f"{len(grid[0])}:"]
    parts: list[str] = []  # the tokens written (a list: a 1000x1000 board has a million)
    zeros = eights = 0

    def flush() -> None:
        run = zeros + eights
        if run > 2:  # the run's last characters become one run marker
            # After its first tile a run is plain tiles, one character each ("0" or "8"):
            # cut them at once (one by one, a 1000x1000 board's run took seconds).
            del parts[len(parts) - (run - 1):]
            first = parts.pop()  # its last character is the option digit the run counts
            if len(first) > 1:
                parts.append(first[:-1])
            parts.append(_run(run, "+" if zeros else "-"))

    for row in grid:
        for tile in row:
            if tile is BLANK:  # the common case, without the general checks below
                if eights:
                    flush()
                    zeros = eights = 0
                zeros += 1
                parts.append("0")
                continue
            opt = tile.option
            starts = bool(tile.symbol or tile.colour or tile.left or tile.up
                          or (opt != 8 and eights) or (opt and zeros))
            if starts:
                flush()
                zeros = eights = 0
            if opt == 0:
                zeros += 1
            elif opt == 8:
                eights += 1
            parts.append(tile.token if not tile.hole else "8")
    flush()
    return "".join(out + parts)


def puzzle_of(grid: list[list[Tile]]) -> Puzzle:
    return Puzzle("taiji", len(grid), len(grid[0]),
                  tuple(tuple(clue_of(t) for t in row) for row in grid))


def tiles_of(puzzle: Puzzle) -> list[list[Tile]]:
    return [[tile_of(v) for v in row] for row in puzzle.grid]


class TaijiCode(CodeFormat):
    """Taiji Maker codes, read anywhere a puzzle is read, written by ``--to taiji``."""

    name = "taiji"
    description = "Taiji Maker codes such as 3:Kw+FFw60Dw4"

    def recognizes(self, line: str) -> bool:
        return _MEANT.fullmatch(line) is not None

    def parse(self, line: str, where: str) -> Puzzle:
        return puzzle_of(decode(line, where))

    def write(self, puzzle: Puzzle) -> str:
        return encode(tiles_of(puzzle))

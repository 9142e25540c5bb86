"""An independent Taiji oracle for the tests: decode and encode Taiji Maker codes, check a
state against the rules, and enumerate every solution of a small board by brute force.

It imports only the standard library and nothing from pencilproof, so that a mistake in
the package's encoding cannot hide behind shared code. The rules are those of
taiji_maker's ``src/checker.py`` (commit 13ea9e7), re-stated here from their description:

* Regions are maximal edge-connected sets of existing tiles in the same state; holes
  belong to no region and break adjacency.
* Dice (``A``-``I`` = +1..+9, ``J``-``R`` = -1..-9): all dice of a region share one colour
  ("no colour" is a colour of its own) and their signed pip sum is 0 or the region's size.
* Diamonds (``S``): for every colour c with a diamond in a region, the diamonds of c plus
  the region's other symbols of c (dice, dashes, slashes, hidden ones too) number exactly
  2; a flower counts as purple if it has fewer than 4 petals and as yellow if it has any.
* Flowers (``V``-``Z`` = 0..4 petals): exactly that many of the tile's existing orthogonal
  neighbours are in the tile's state.
* Dashes (``T``) and slashes (``U``): a symbol's shape is its region's tiles relative to the
  symbol tile. A colour's standard is its first dash shape, or its first slash shape if it
  has no dash. With two or more such symbols in a colour, every dash shape equals the
  standard and every slash shape equals it up to the four rotations about the slash's tile.
  Two colours' standards always differ (rotations allowed there if either has a slash).
* Fixed tiles keep their state, linked tiles share one, hidden symbols still count.

The code format is that of taiji_maker's ``src/file.py`` (commit 97e7930); ``encode`` writes
what its current encoder writes (lit bit only on fixed tiles, runs compressed).
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Iterator, Sequence

COLOURS = "roygbpkw"  # red orange yellow green blue purple white black
LINKS = {"<": (True, False), "^": (False, True), "/": (True, True)}
LINK_CHAR = {(True, False): "<", (False, True): "^", (True, True): "/", (False, False): ""}
DICE = "ABCDEFGHIJKLMNOPQR"
FLOWERS = "VWXYZ"
State = tuple[str, ...]


@dataclass(frozen=True)
class Tile:
    """One tile as a code describes it; ``lit`` means something only on a fixed tile."""

    exists: bool = True
    symbol: str | None = None  # a code letter A-Z
    colour: str | None = None  # one of COLOURS; None is "no colour", a colour of its own
    fixed: bool = False
    lit: bool = False
    hidden: bool = False
    link_left: bool = False
    link_up: bool = False

    @property
    def kind(self) -> str | None:
        """'die', 'diamond', 'dash', 'slash', 'flower' or None."""
        s = self.symbol
        if s is None:
            return None
        if s in DICE:
            return "die"
        return {"S": "diamond", "T": "dash", "U": "slash"}.get(s, "flower")

    @property
    def value(self) -> int:
        """Signed pips of a die, petals of a flower, 0 for anything else."""
        s = self.symbol
        if s is None:
            return 0
        if s in DICE[:9]:
            return ord(s) - ord("A") + 1
        if s in DICE[9:]:
            return -(ord(s) - ord("J") + 1)
        if s in FLOWERS:
            return ord(s) - ord("V")
        return 0


@dataclass(frozen=True)
class Board:
    """A grid of tiles, row-major; ``tiles[r * width + c]``."""

    width: int
    height: int
    tiles: tuple[Tile, ...]

    def at(self, r: int, c: int) -> Tile:
        return self.tiles[r * self.width + c]

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        """Boards key a cache of their facts; hashing every tile on each look-up is slow."""
        return hash((self.width, self.height, self.tiles))


# --------------------------------------------------------------------------- the code format

def _expand_runs(stream: str) -> str:
    """``+X`` is ord(X)-64 blank tiles ``0``, ``-X`` that many holes ``8``."""
    out = []
    i = 0
    while i < len(stream):
        ch = stream[i]
        if ch in "+-":
            if i + 1 >= len(stream) or not "A" <= stream[i + 1] <= "Z":
                raise ValueError(f"run marker {ch!r} at {i} is not followed by a letter A-Z")
            out.append(("0" if ch == "+" else "8") * (ord(stream[i + 1]) - 64))
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def decode(code: str) -> Board:
    """The board of a Taiji Maker code ``<width>:<tiles>``; ValueError when malformed."""
    if not isinstance(code, str) or ":" not in code:
        raise ValueError("a Taiji Maker code is '<width>:<tiles>'")
    head, stream = code.split(":", 1)
    if not head.isascii() or not head.isdigit() or int(head) < 1:
        raise ValueError(f"bad width {head!r}")
    width = int(head)
    data = _expand_runs(stream)
    tiles: list[Tile] = []
    i = 0
    while i < len(data):
        start = i
        link, symbol, colour = "", None, None
        if data[i] in LINKS:
            link = data[i]
            i += 1
        if i < len(data) and "A" <= data[i] <= "Z":
            symbol = data[i]
            i += 1
        if i < len(data) and data[i] in COLOURS:
            colour = data[i]
            i += 1
        if i >= len(data) or data[i] not in "012345678":
            raise ValueError(f"tile {len(tiles)} (text {data[start:i + 1]!r}) lacks an option digit 0-8")
        option = int(data[i])
        i += 1
        left, up = LINKS.get(link, (False, False))
        if option == 8:
            if link or symbol or colour:
                raise ValueError(f"tile {len(tiles)} is a hole but carries {data[start:i]!r}")
            tiles.append(Tile(exists=False))
            continue
        fixed = bool(option & 4)
        tiles.append(Tile(True, symbol, colour, fixed, fixed and bool(option & 2), bool(option & 1),
                          left, up))
    if not tiles or len(tiles) % width:
        raise ValueError(f"{len(tiles)} tiles do not fill rows of width {width}")
    board = Board(width, len(tiles) // width, tuple(tiles))
    check_board(board)
    return board


def check_board(board: Board) -> None:
    """ValueError for what no editor writes: symbols on holes, links off the grid or into
    holes, a tile list of the wrong length."""
    w, h = board.width, board.height
    if w < 1 or h < 1 or len(board.tiles) != w * h:
        raise ValueError(f"{len(board.tiles)} tiles for a {h}x{w} board")
    for idx, t in enumerate(board.tiles):
        r, c = divmod(idx, w)
        where = f"tile at row {r + 1}, column {c + 1}"
        if not t.exists:
            if t.symbol or t.colour or t.link_left or t.link_up:
                raise ValueError(f"{where} is a hole with a symbol, colour or link")
            continue
        if t.symbol is not None and (len(t.symbol) != 1 or not "A" <= t.symbol <= "Z"):
            raise ValueError(f"{where}: bad symbol {t.symbol!r}")
        if t.colour is not None and (len(t.colour) != 1 or t.colour not in COLOURS):
            raise ValueError(f"{where}: bad colour {t.colour!r}")
        if t.link_left and (c == 0 or not board.at(r, c - 1).exists):
            raise ValueError(f"{where} is linked to the left, where there is no tile")
        if t.link_up and (r == 0 or not board.at(r - 1, c).exists):
            raise ValueError(f"{where} is linked upwards, where there is no tile")


def _compress(n: int, sign: str) -> str:
    return f"{sign}Z" * (n // 26) + (f"{sign}{chr(64 + n % 26)}" if n % 26 else "")


def encode(board: Board) -> str:
    """The code taiji_maker's current encoder writes for this board.

    Every tile is ``[link][symbol][colour]digit`` (a blank tile is just ``0``, a hole ``8``).
    A run is a tile whose digit is 0 (or 8) followed by bare ``0`` (or ``8``) tiles; runs of
    3 or more become ``+X``/``-X`` (26 per ``Z``), the first tile's prefix staying in front,
    so a symbol's trailing ``0`` joins the blanks after it: ``Kw0 0 0 0 0`` -> ``Kw+E``.
    """
    check_board(board)
    pieces: list[tuple[str, str]] = []  # (prefix, digit) per tile
    for t in board.tiles:
        if not t.exists:
            pieces.append(("", "8"))
            continue
        prefix = LINK_CHAR[t.link_left, t.link_up] + (t.symbol or "") + (t.colour or "")
        pieces.append((prefix, str(4 * t.fixed + 2 * (t.fixed and t.lit) + t.hidden)))
    out = [f"{board.width}:"]
    i = 0
    while i < len(pieces):
        prefix, digit = pieces[i]
        j = i + 1
        if digit in "08":
            while j < len(pieces) and pieces[j] == ("", digit):
                j += 1
        if j - i >= 3:
            out.append(prefix + _compress(j - i, "+" if digit == "0" else "-"))
        else:
            out.extend(p + d for p, d in pieces[i:j])
        i = j
    return "".join(out)


# --------------------------------------------------------------------------- the rules

Shape = frozenset[tuple[int, int]]


class _Facts:
    """What the rules need of one board, worked out once: neighbours and symbol tiles."""

    def __init__(self, board: Board):
        w, h = board.width, board.height
        self.board = board
        near: list[tuple[int, ...]] = []
        for idx, t in enumerate(board.tiles):
            r, c = divmod(idx, w)
            around = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if t.exists else ()
            near.append(tuple(rr * w + cc for rr, cc in around
                              if 0 <= rr < h and 0 <= cc < w and board.at(rr, cc).exists))
        self.near = tuple(near)
        self.symbols = {i: t for i, t in enumerate(board.tiles) if t.exists and t.symbol is not None}
        self.kinds = {i: t.kind for i, t in self.symbols.items()}
        self.flowers = [i for i, k in self.kinds.items() if k == "flower"]
        self.region_rules = any(k in ("die", "diamond") for k in self.kinds.values())
        self.lines = any(k in ("dash", "slash") for k in self.kinds.values())


@lru_cache(maxsize=256)
def _facts(board: Board) -> _Facts:
    return _Facts(board)


def _parse_state(board: Board, state: Sequence[str]) -> list[bool | None]:
    if len(state) != board.height or any(len(row) != board.width for row in state):
        raise ValueError(f"state is not {board.height} rows of {board.width}")
    lit: list[bool | None] = []
    for t, ch in zip(board.tiles, "".join(state)):
        if ch not in "#.x" or (ch == "x") == t.exists:
            raise ValueError(f"state character {ch!r} on {'a tile' if t.exists else 'a hole'}")
        lit.append(None if ch == "x" else ch == "#")
    return lit


def _rows(board: Board, lit: Sequence[bool | None]) -> State:
    chars = ["x" if v is None else "#" if v else "." for v in lit]
    w = board.width
    return tuple("".join(chars[r * w:(r + 1) * w]) for r in range(board.height))


def _regions(f: _Facts, lit: Sequence[bool | None]) -> list[list[int]]:
    """Maximal edge-connected sets of existing tiles in one state, by breadth-first search."""
    seen: set[int] = set()
    out = []
    for start, v in enumerate(lit):
        if v is None or start in seen:
            continue
        seen.add(start)
        area = [start]
        queue = deque([start])
        while queue:
            x = queue.popleft()
            for y in f.near[x]:
                if y not in seen and lit[y] == v:
                    seen.add(y)
                    area.append(y)
                    queue.append(y)
        out.append(area)
    return out


def regions(board: Board, state: Sequence[str]) -> list[list[int]]:
    """The regions of a state, as lists of tile indices (row * width + column)."""
    return _regions(_facts(board), _parse_state(board, state))


def _dice_ok(f: _Facts, area: Sequence[int]) -> bool:
    """One colour of dice per region; their pip sum is 0 or the region's size."""
    dice = [f.symbols[i] for i in area if f.kinds.get(i) == "die"]
    if len({d.colour for d in dice}) > 1:
        return False
    total = sum(d.value for d in dice)
    return total == 0 or total == len(area)


def _diamonds_ok(f: _Facts, area: Sequence[int]) -> bool:
    """Each colour with a diamond here has exactly 2 symbols of that colour here."""
    diamonds: dict[str | None, int] = {}
    others: dict[str | None, int] = {}
    for i in area:
        kind = f.kinds.get(i)
        if kind is None:
            continue
        t = f.symbols[i]
        if kind == "diamond":
            diamonds[t.colour] = diamonds.get(t.colour, 0) + 1
        elif kind == "flower":  # by petals, whatever colour letter the tile carries
            if t.value < 4:
                others["p"] = others.get("p", 0) + 1
            if t.value > 0:
                others["y"] = others.get("y", 0) + 1
        else:
            others[t.colour] = others.get(t.colour, 0) + 1
    return all(n + others.get(c, 0) == 2 for c, n in diamonds.items())


def _flower_ok(f: _Facts, lit: Sequence[bool | None], i: int) -> bool:
    """Exactly ``petals`` of the flower's existing neighbours share its state."""
    return sum(lit[j] == lit[i] for j in f.near[i]) == f.symbols[i].value


def _shape(f: _Facts, area: Sequence[int], i: int) -> Shape:
    """The region's tiles relative to tile ``i``, as (row, column) offsets."""
    w = f.board.width
    r0, c0 = divmod(i, w)
    return frozenset((j // w - r0, j % w - c0) for j in area)


def _rotations(shape: Shape) -> list[Shape]:
    """The shape turned about its symbol tile by 0, 90, 180 and 270 degrees."""
    return [shape,
            frozenset((-c, r) for r, c in shape),
            frozenset((-r, -c) for r, c in shape),
            frozenset((c, -r) for r, c in shape)]


def _same(a: Shape, b: Shape, rotate: bool) -> bool:
    return a in _rotations(b) if rotate else a == b


Line = tuple[str | None, bool, Shape]  # a dash or slash: (colour, is a dash, its shape)


def _lines_in(f: _Facts, areas: Sequence[Sequence[int]]) -> list[Line]:
    return [(f.symbols[i].colour, f.kinds[i] == "dash", _shape(f, area, i))
            for area in areas for i in area if f.kinds.get(i) in ("dash", "slash")]


def _lines_ok(lines: Sequence[Line]) -> bool:
    """Dash and slash shapes: equal within a colour, different between colours.

    A colour's standard is its first dash shape, else its first slash shape; with two or
    more symbols, dashes must equal it and slashes equal it up to rotation. (Which dash or
    slash comes first does not matter: when these tests pass, all candidates agree.)"""
    by_colour: dict[str | None, list[tuple[bool, Shape]]] = {}
    for colour, dash, shape in lines:
        by_colour.setdefault(colour, []).append((dash, shape))
    standards = []
    for items in by_colour.values():
        dashes = [s for d, s in items if d]
        slashes = [s for d, s in items if not d]
        standard = dashes[0] if dashes else slashes[0]
        standards.append((standard, bool(slashes)))
        if len(items) >= 2:
            if not all(_same(standard, d, False) for d in dashes):
                return False
            if not all(_same(standard, s, True) for s in slashes):
                return False
    for a in range(len(standards)):
        for b in range(a + 1, len(standards)):
            (sa, ra), (sb, rb) = standards[a], standards[b]
            if _same(sa, sb, ra or rb):
                return False
    return True


def _forced_ok(board: Board, lit: Sequence[bool | None]) -> bool:
    """Fixed tiles keep their state, linked tiles share one."""
    w = board.width
    for i, t in enumerate(board.tiles):
        if not t.exists:
            continue
        if t.fixed and lit[i] != t.lit:
            return False
        if t.link_left and lit[i] != lit[i - 1]:
            return False
        if t.link_up and lit[i] != lit[i - w]:
            return False
    return True


def valid(board: Board, state: Sequence[str]) -> bool:
    """Whether ``state`` (rows of '#' lit, '.' dark, 'x' on holes) solves ``board``.

    ValueError if the state does not fit the board (wrong size, 'x' off the holes)."""
    lit = _parse_state(board, state)
    f = _facts(board)
    if not _forced_ok(board, lit):
        return False
    areas = _regions(f, lit)
    for area in areas:
        if not _dice_ok(f, area) or not _diamonds_ok(f, area):
            return False
    if not all(_flower_ok(f, lit, i) for i in f.flowers):
        return False
    return _lines_ok(_lines_in(f, areas))


# --------------------------------------------------------------------------- brute force

def enumerate_solutions(board: Board, limit: int | None = None, confirm: bool = False) -> list[State]:
    """Every valid state (the first ``limit`` of them), in a fixed order.

    Depth-first over the tiles in row-major order. Each rule is tested as soon as the
    tiles it looks at are decided:

    * fixed tiles and links: a tile's choices are its fixed state and the state of the
      tile it is linked to (left or above, so already decided);
    * a flower: at the step that decides the last of it and its neighbours;
    * a region's dice and diamonds: when it closes, i.e. none of its tiles has an undecided
      neighbour any more, so it cannot grow. A region R closes at the step deciding the
      highest-numbered tile of R and its neighbours; that tile is in R or next to a tile of
      R whose neighbours are all decided then, which is why looking at the regions of the
      decided tile and its neighbours whose neighbourhoods are complete finds every region
      exactly once;
    * dashes and slashes: two closed shapes must match if they have one colour and differ
      if not (equal / differ exactly if both are dashes, else up to rotation). Whichever
      shape becomes a colour's standard, the rule implies this of any two symbols: within
      a colour every dash equals the standard and every slash is a rotation of it; across
      colours the standards (equal to the dashes, rotations of the slashes) must differ, up
      to rotation when a colour has a slash. The whole rule is tested on each full state.

    With ``confirm`` every answer is checked again by ``valid`` (AssertionError if they
    disagree); the tests also compare with plain brute force over ``valid`` on small boards.
    """
    n, w = len(board.tiles), board.width
    f = _facts(board)
    near = f.near
    last = [max((j, *near[j])) for j in range(n)]  # a tile's neighbourhood is decided at this step
    flowers_at: dict[int, list[int]] = {}
    for i in f.flowers:
        flowers_at.setdefault(last[i], []).append(i)
    lit: list[bool | None] = [None] * n
    closed_lines: list[Line] = []  # the dashes and slashes of the closed regions
    out: list[State] = []

    def closed_area(start: int, upto: int) -> list[int] | None:
        """The region of ``start`` among tiles 0..upto, or None while it can still grow."""
        v = lit[start]
        area, seen = [start], {start}
        for x in area:  # grows while it is read: a breadth-first search
            if last[x] > upto:  # x has an undecided neighbour
                return None
            for y in near[x]:
                if y not in seen and lit[y] == v:
                    seen.add(y)
                    area.append(y)
        return area

    def line_fits(colour: str | None, dash: bool, shape: Shape) -> bool:
        """Match the closed shapes of this colour, differ from those of other colours."""
        return all(_same(s, shape, not (dash and d)) == (c == colour) for c, d, s in closed_lines)

    def step(i: int) -> int | None:
        """After deciding tile i: None if a pruning fails, else how many closed line
        shapes were pushed (to pop on the way back)."""
        if not all(_flower_ok(f, lit, fl) for fl in flowers_at.get(i, ())):
            return None
        if not (f.region_rules or f.lines):
            return 0
        pushed = 0
        done: set[int] = set()
        for start in (i, *near[i]):
            # a region can have closed only if one of its tiles has no undecided neighbour
            area = None if start in done or last[start] > i else closed_area(start, i)
            if area is None:
                continue
            done.update(area)
            ok = _dice_ok(f, area) and _diamonds_ok(f, area)
            for j in area:
                kind = f.kinds.get(j)
                if ok and kind in ("dash", "slash"):
                    colour, shape = f.symbols[j].colour, _shape(f, area, j)
                    ok = line_fits(colour, kind == "dash", shape)
                    closed_lines.append((colour, kind == "dash", shape))
                    pushed += 1
            if not ok:
                del closed_lines[len(closed_lines) - pushed:]
                return None
        return pushed

    def choices(i: int) -> Iterator[bool]:
        t = board.tiles[i]
        for v in ((t.lit,) if t.fixed else (False, True)):
            if t.link_left and lit[i - 1] != v:
                continue
            if t.link_up and lit[i - w] != v:
                continue
            yield v

    def search(i: int) -> bool:
        """False once ``limit`` solutions are found."""
        while i < n and not board.tiles[i].exists:
            i += 1
        if i == n:
            if f.lines and not _lines_ok(closed_lines):  # every region has closed by now
                return True
            state = _rows(board, lit)
            if confirm and not valid(board, state):
                raise AssertionError(f"enumerate_solutions found {state}, which valid() rejects")
            out.append(state)
            return limit is None or len(out) < limit
        for v in choices(i):
            lit[i] = v
            pushed = step(i)
            if pushed is not None:
                go_on = search(i + 1)
                del closed_lines[len(closed_lines) - pushed:]
                if not go_on:
                    lit[i] = None
                    return False
        lit[i] = None
        return True

    if limit is None or limit > 0:
        search(0)
    return out


def invert(state: State) -> State:
    """Every tile in the other state (holes stay)."""
    return tuple(row.translate(str.maketrans("#.", ".#")) for row in state)


def classes(states: Sequence[State]) -> int:
    """How many answers up to inversion."""
    seen: set[State] = set()
    n = 0
    for s in states:
        if s not in seen:
            n += 1
            seen.update((s, invert(s)))
    return n


# --------------------------------------------------------------------------- random boards

def random_board(rng: random.Random, rows: int, cols: int, *, holes: float = 0.1,
                 symbols: float = 0.3, links: float = 0.08, fixed: float = 0.1,
                 hidden: float = 0.15, palette: int = 3, coloured_flowers: bool = False) -> Board:
    """A random board for differential tests: holes, links, fixed tiles with states, hidden
    symbols, every symbol kind. Colours come from a small per-board palette (plus "no
    colour") so that same-colour interactions are common. Never a symbol on a hole or a
    link into one. The probabilities are per tile (links: per direction)."""
    if rows < 1 or cols < 1:
        raise ValueError("a board has at least one row and one column")
    colours: list[str | None] = [None, *rng.sample(COLOURS, min(palette, len(COLOURS)))]
    exists = [rng.random() >= holes for _ in range(rows * cols)]
    if not any(exists):
        exists[rng.randrange(rows * cols)] = True
    tiles = []
    for idx in range(rows * cols):
        if not exists[idx]:
            tiles.append(Tile(exists=False))
            continue
        r, c = divmod(idx, cols)
        symbol = colour = None
        if rng.random() < symbols:
            kind = rng.choice(["die", "antidie", "diamond", "dash", "slash", "flower"])
            pips = rng.randint(1, 4) if rng.random() < 0.7 else rng.randint(1, 9)
            symbol = {"die": chr(64 + pips), "antidie": chr(73 + pips), "diamond": "S",
                      "dash": "T", "slash": "U", "flower": rng.choice(FLOWERS)}[kind]
            if kind != "flower" or coloured_flowers:
                colour = rng.choice(colours)
        is_fixed = rng.random() < fixed
        tiles.append(Tile(
            exists=True, symbol=symbol, colour=colour, fixed=is_fixed,
            lit=is_fixed and rng.random() < 0.5,
            hidden=symbol is not None and rng.random() < hidden,
            link_left=c > 0 and exists[idx - 1] and rng.random() < links,
            link_up=r > 0 and exists[idx - cols] and rng.random() < links))
    return Board(cols, rows, tuple(tiles))

"""Dividing a grid into pieces, with both faces: answers written as the borders between
pieces, and the rules of division genres (Shikaku's rectangles, Galaxies' point-symmetric
regions).

* :class:`Walls`: the answer layer. A cell's character names which of its right and
  lower sides are borders: ``.`` neither, ``|`` the right one, ``_`` the lower one, ``J``
  both. Sides on the grid's frame or facing a hole (a cell that is no part of the answer)
  are always borders: written so, and read whichever way they are written. The atom
  ``("w", r, c, "R"|"D")`` is a border between r,c and its right/lower neighbour. A
  division of the cells has exactly one such answer, so counting answers counts
  divisions (region labels would not: any renaming is another labelling).
* :func:`pieces`: an answer's pieces (cells joined across sides that are no border);
  :func:`region_labels`: the same from answer rows, for pictures.
* :func:`rectangles`: each number's candidate rectangles (holding it and no other number);
  :class:`RectDivision`: every piece is a rectangle with exactly one number (Shikaku),
  and :class:`PieceSize`: a number's piece has that many cells;
* :class:`SymmetricDivision`: every piece holds exactly one centre (a point given in
  half-cell steps, or one of a cell's points) and is point-symmetric about it (Galaxies),
  and :class:`CentrePoint`: a centre's point;
* pzprjs's dots and empty cells in URLs (:func:`read_dots`, :func:`read_bits`, ...).

The encodings state a division by *owners*: a selector per candidate rectangle, or a
one-hot owner per cell among the centres; a border lies exactly where owners differ.
The check faces read nothing but the borders, and also report a border between two
cells of one piece (``bdDeadEnd``: in a division into rectangles such a border has a
loose end), so that an answer with a stray border is no answer.
"""
from __future__ import annotations

from collections import deque
from functools import lru_cache
from weakref import WeakKeyDictionary
from typing import AbstractSet, Any, Callable, Hashable, Mapping, Optional, Sequence

from ...puzzle import Cell, Violation
from ..cnf import at_most_one_linear
from .connect import rooted_levels
from .urlcodec import Cursor
from .layers import PIPE_DIRS
from .model import Atom, Encoder, Layer, Lazy, Lit, Rule, Values, bad_char

#: Answer character -> the sides (R: right, D: down) that are borders, and back.
SIDES = {".": "", "|": "R", "_": "D", "J": "RD"}
CHAR_OF = {sides: ch for ch, sides in SIDES.items()}
STEP = {"R": (0, 1), "D": (1, 0)}
Rect = tuple[int, int, int, int]  # r0, c0, r1, c1 (inclusive)


def side(cell: Cell, d: str) -> Atom:
    """The atom "a border between ``cell`` and its neighbour to the right (R) / below (D)"."""
    return ("w", cell[0], cell[1], d)


def between(a: Cell, b: Cell) -> Atom:
    """The border atom between two edge-adjacent cells."""
    a, b = min(a, b), max(a, b)
    return side(a, "R" if a[0] == b[0] else "D")


class Walls(Layer):
    """Borders between pieces, one character per cell for its right and lower sides."""

    name = "walls"
    chars = "one of . | _ J (no border, a border on the right, below, both)"

    def __init__(self, rows: int, cols: int, holes: AbstractSet[Cell] = frozenset()):
        self.rows, self.cols, self.holes = rows, cols, frozenset(holes)

    def live(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols and cell not in self.holes

    def sides(self, cell: Cell) -> str:
        """The sides of a cell (R, D) that face another cell of the answer."""
        return "".join(d for d, (dr, dc) in STEP.items()
                       if self.live(cell) and self.live((cell[0] + dr, cell[1] + dc)))

    def pairs(self) -> list[tuple[Cell, Cell]]:
        """Every pair of neighbouring answer cells (right and down)."""
        return [((r, c), (r + dr, c + dc)) for r in range(self.rows) for c in range(self.cols)
                for d, (dr, dc) in STEP.items() if d in self.sides((r, c))]

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        for x in cells:
            for d in self.sides(x):
                e.atom(side(x, d))

    def char(self, cell: Cell, truth: Callable[[Atom], bool]) -> str:
        own = self.sides(cell)
        return CHAR_OF["".join(d for d in "RD" if d not in own or truth(side(cell, d)))]

    def read(self, cell: Cell, ch: str, v: Values, where: str) -> None:
        if ch not in SIDES:
            raise bad_char(ch, cell, self.chars, where)
        for d in self.sides(cell):
            if d in SIDES[ch]:
                v.truth[side(cell, d)] = True
        v.cell.setdefault(self.name, {})[cell] = ch

    def agree(self, e: Encoder, cell: Cell, ch: str) -> Lit:
        own = self.sides(cell)
        want = "".join(d for d in own if d in SIDES.get(ch, ""))
        key = ("agree", cell, want)
        if key not in e.lits:
            lits = [e.lits[side(cell, d)] * (1 if d in want else -1) for d in own]
            e.lits[key] = e.reify_and(lits) if lits else e.b.true
        return e.lits[key]

    def block(self, e: Encoder, cell: Cell, ch: str) -> list[Lit]:
        return [-self.agree(e, cell, ch)]

    def phases(self, e: Encoder, cells: Sequence[Cell], rng: object, density: float) -> list[Lit]:
        return [e.lits[side(x, d)] * (1 if rng.random() < density else -1)  # type: ignore[attr-defined]
                for x in cells for d in self.sides(x)]


#: Each answer's pieces, kept while its values live (every rule of a genre asks).
Found = tuple[list[list[Cell]], dict[Cell, int]]
_PIECES: "WeakKeyDictionary[Values, dict[tuple[int, int, frozenset[Cell]], Found]]" = WeakKeyDictionary()


def pieces(v: Values, layer: Walls) -> Found:
    """An answer's pieces (each sorted, in reading order of their first cell) and each
    cell's piece number."""
    key = (layer.rows, layer.cols, layer.holes)
    known = _PIECES.setdefault(v, {})
    if key in known:
        return known[key]
    of: dict[Cell, int] = {}
    out: list[list[Cell]] = []
    for r in range(layer.rows):
        for c in range(layer.cols):
            if (r, c) in of or not layer.live((r, c)):
                continue
            of[(r, c)] = len(out)
            piece, todo = [(r, c)], deque([(r, c)])
            while todo:
                x = todo.popleft()
                for y in ((x[0] - 1, x[1]), (x[0] + 1, x[1]), (x[0], x[1] - 1), (x[0], x[1] + 1)):
                    if layer.live(y) and y not in of and not v[between(x, y)]:
                        of[y] = len(out)
                        piece.append(y)
                        todo.append(y)
            out.append(sorted(piece))
    known[key] = (out, of)
    return out, of


def inner_borders(v: Values, layer: Walls, of: Mapping[Cell, int],
                  code: str = "bdDeadEnd") -> list[Violation]:
    """A border between two cells of one piece (it separates nothing)."""
    bad = [x for a, b in layer.pairs() if of[a] == of[b] and v[between(a, b)] for x in (a, b)]
    return [Violation(code, "a border lies inside a piece", tuple(sorted(set(bad))))] if bad else []


def region_labels(rows: Sequence[str], links: bool = False) -> list[list[int]]:
    """Each cell's piece number, from answer rows of :class:`Walls` characters (a cell with
    any other character, a hole, is a piece of its own): what pictures draw as borders.
    ``links``: the rows are pipes instead (Dominos), cells joined where a line runs."""
    h, w = len(rows), len(rows[0]) if rows else 0

    def joined(a: Cell, b: Cell) -> bool:  # a lies left of or above b
        ca, cb = rows[a[0]][a[1]], rows[b[0]][b[1]]
        if links:
            return ("E" if a[0] == b[0] else "S") in PIPE_DIRS.get(ca, ())
        return ca in SIDES and cb in SIDES and ("R" if a[0] == b[0] else "D") not in SIDES[ca]

    label = [[-1] * w for _ in range(h)]
    n = 0
    for r in range(h):
        for c in range(w):
            if label[r][c] >= 0:
                continue
            label[r][c], todo = n, [(r, c)]
            while todo:
                x = todo.pop()
                for y in ((x[0] - 1, x[1]), (x[0] + 1, x[1]), (x[0], x[1] - 1), (x[0], x[1] + 1)):
                    if 0 <= y[0] < h and 0 <= y[1] < w and label[y[0]][y[1]] < 0 and \
                            joined(min(x, y), max(x, y)):
                        label[y[0]][y[1]] = n
                        todo.append(y)
            n += 1
    return label


def walls_of(labels: Sequence[Sequence[Hashable]]) -> list[str]:
    """Answer rows from a label per cell (Janko's solutions): a border wherever two
    neighbouring labels differ (and on the frame)."""
    h, w = len(labels), len(labels[0]) if labels else 0
    return ["".join(CHAR_OF["".join(d for d, (dr, dc) in STEP.items()
                                    if r + dr >= h or c + dc >= w or labels[r + dr][c + dc] != labels[r][c])]
                    for c in range(w)) for r in range(h)]


# -- rectangles (Shikaku) ----------------------------------------------------------------
@lru_cache(maxsize=16)
def rectangles(rows: int, cols: int, numbers: tuple[tuple[Cell, Optional[int]], ...]
               ) -> dict[Cell, list[Rect]]:
    """Per number, the rectangles that hold it and no other number, of its area (None: of
    any area)."""
    count = [[0] * (cols + 1) for _ in range(rows + 1)]  # prefix sums of number cells
    at = {x for x, _ in numbers}
    for r in range(rows):
        for c in range(cols):
            count[r + 1][c + 1] = count[r][c + 1] + count[r + 1][c] - count[r][c] + ((r, c) in at)
    out: dict[Cell, list[Rect]] = {}
    for (r, c), n in numbers:
        found = out[(r, c)] = []
        for h in range(1, rows + 1):
            for w in range(1, cols + 1):
                if n is not None and h * w != n:
                    continue
                for r0 in range(max(0, r - h + 1), min(r, rows - h) + 1):
                    for c0 in range(max(0, c - w + 1), min(c, cols - w) + 1):
                        r1, c1 = r0 + h, c0 + w
                        if count[r1][c1] - count[r0][c1] - count[r1][c0] + count[r0][c0] == 1:
                            found.append((r0, c0, r1 - 1, c1 - 1))
    return out


def rect_atom(q: Rect) -> Atom:
    return ("rect", *q)


def rect_cells(q: Rect) -> list[Cell]:
    return [(r, c) for r in range(q[0], q[2] + 1) for c in range(q[1], q[3] + 1)]


class RectDivision(Rule):
    """The cells fall into rectangles, each holding exactly one of ``numbers``.

    Encoded with a selector per candidate rectangle (:func:`rectangles`): one per
    number, one over each cell, and a selected rectangle puts borders exactly around
    itself. Checked on the answer's pieces: ``bkNoNum`` (a piece without a number),
    ``bkNumGe2`` (two or more), ``bkNotRect``, ``bdDeadEnd`` (a border inside a piece)."""

    code = "bkNotRect"

    def __init__(self, layer: Walls, numbers: Mapping[Cell, Optional[int]]):
        self.layer, self.numbers = layer, dict(numbers)
        self.rects = rectangles(layer.rows, layer.cols, tuple(sorted(self.numbers.items())))

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "the division is a rule of the genre; areas switch by PieceSize"
        layer = self.layer
        cover: dict[Cell, list[Lit]] = {x: [] for x in (y for pair in layer.pairs() for y in pair)}
        for rects in self.rects.values():
            sels = [e[rect_atom(q)] for q in rects]
            e.clause(sels)
            at_most_one_linear(e.b, sels)
            for q, s in zip(rects, sels):
                inside = set(rect_cells(q))
                for x in inside:
                    cover.setdefault(x, []).append(s)
                    for d, (dr, dc) in STEP.items():
                        if d in layer.sides(x):
                            y = (x[0] + dr, x[1] + dc)
                            e.clause([-s, -e[side(x, d)] if y in inside else e[side(x, d)]])
                    for y in ((x[0] - 1, x[1]), (x[0], x[1] - 1)):  # borders on its top/left
                        if y not in inside and layer.live(y):
                            e.clause([-s, e[between(x, y)]])
        for x in (x for r in range(layer.rows) for c in range(layer.cols)
                  if layer.live(x := (r, c))):
            e.clause(cover.get(x, []))
            at_most_one_linear(e.b, cover.get(x, []))

    def check(self, v: Values) -> list[Violation]:
        found, of = pieces(v, self.layer)
        out = []
        for code, bad, words in (("bkNoNum", lambda n, p: n == 0, "a piece holds no number"),
                                 ("bkNumGe2", lambda n, p: n > 1, "a piece holds several numbers"),
                                 ("bkNotRect", lambda n, p: not is_rect(p), "a piece is no rectangle")):
            for p in found:
                if bad(sum(1 for x in p if x in self.numbers), p):
                    out.append(Violation(code, words, tuple(p)))
        return out + inner_borders(v, self.layer, of)


def is_rect(cells: Sequence[Cell]) -> bool:
    rs, cs = [x[0] for x in cells], [x[1] for x in cells]
    return (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1) == len(cells)


class PieceSize(Rule):
    """The piece holding ``cell`` has ``n`` cells (``bkSizeNe``): the number's candidate
    rectangles of another area are off (behind the guard)."""

    code, message = "bkSizeNe", "a piece's size differs from its number"

    def __init__(self, layer: Walls, cell: Cell, n: int, rects: Sequence[Rect]):
        self.layer, self.cell, self.n, self.rects = layer, cell, n, list(rects)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for q in self.rects:
            if (q[2] - q[0] + 1) * (q[3] - q[1] + 1) != self.n:
                e.clause([-e[rect_atom(q)]], guard)

    def check(self, v: Values) -> list[Violation]:
        found, of = pieces(v, self.layer)
        piece = found[of[self.cell]]
        return [] if len(piece) == self.n else [self.broken(piece, f"a piece of {len(piece)} cells "
                                                                   f"holds the number {self.n}")]


# -- point-symmetric regions (Galaxies) --------------------------------------------------
def anchors(p: tuple[int, int]) -> list[Cell]:
    """The cells a centre touches (``p`` in half-cell steps: (2r, 2c) is the centre of
    r,c; odd coordinates lie on a side or a corner)."""
    return [(r, c) for r in sorted({p[0] // 2, (p[0] + 1) // 2})
            for c in sorted({p[1] // 2, (p[1] + 1) // 2})]


def mirror(cell: Cell, p: tuple[int, int]) -> Cell:
    """The cell point-symmetric to ``cell`` about the centre ``p`` (half-cell steps)."""
    return (p[0] - cell[0], p[1] - cell[1])


def own(cell: Cell, k: Hashable) -> Atom:
    return ("own", cell[0], cell[1], k)


Point = tuple[int, int]


class SymmetricDivision(Rule):
    """Every piece holds exactly one of ``centres`` and is point-symmetric about it.

    ``centres`` maps a key to the centre's point in half-cell steps, or to several
    candidate points that all touch the key's cell (a centre somewhere on a cell: its
    centre, right side, lower side or lower right corner) of which the answer uses one.
    Encoded by a one-hot owner per cell and a one-hot point per centre: a centre owns
    the cells its point touches and the mirror image of each cell it owns, a border lies
    exactly where owners differ, and (lazily) each centre's cells are connected: a piece
    of its cells without its cell gets, for each of its cells x, "x not the centre's, or
    some cell around the piece is" (a path from x to the centre's cell leaves the
    piece). Checked as pzprjs does, where a centre of one point is given its own rule,
    :class:`CentrePoint` (``bdPassStar``, ``bkNotSymSt``): ``bkNoStar``, ``bkNotSymSt``
    (a centre of several points: about none of them), ``bkPlStar``; ``bdDeadEnd`` (a
    border inside a piece). A centre on a border counts for no piece, as in pzprjs."""

    code = "bkNotSymSt"

    def __init__(self, layer: Walls, centres: Mapping[Any, Sequence[Point]]):
        self.layer, self.centres = layer, {k: tuple(ps) for k, ps in centres.items()}
        self.home = {k: anchors(ps[0])[0] for k, ps in self.centres.items()}
        self.domain = {(r, c): [k for k, ps in self.centres.items()
                                if any(layer.live(mirror((r, c), p)) for p in ps)]
                       for r in range(layer.rows) for c in range(layer.cols) if layer.live((r, c))}

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "the division is a rule of the genre; points switch by CentrePoint"
        for k, ps in self.centres.items():
            e.clause([e[("at", k, p)] for p in ps])
            at_most_one_linear(e.b, [e[("at", k, p)] for p in ps])
            for p in ps:
                for x in anchors(p):
                    e.clause([-e[("at", k, p)]] + ([e[own(x, k)]] if k in self.domain.get(x, ()) else []))
        for x, ks in self.domain.items():
            lits = [e[own(x, k)] for k in ks]
            e.clause(lits)
            at_most_one_linear(e.b, lits)
            for k in ks:
                for p in self.centres[k]:
                    m = mirror(x, p)
                    twin = [e[own(m, k)]] if self.layer.live(m) else []
                    e.clause([-e[own(x, k)], -e[("at", k, p)]] + twin)
        for a, b in self.layer.pairs():
            w = e[between(a, b)]
            for x, y in ((a, b), (b, a)):
                for k in self.domain[x]:
                    if k in self.domain[y]:
                        e.clause([-e[own(x, k)], e[own(y, k)], w])
                        if x == a:
                            e.clause([-e[own(x, k)], -e[own(y, k)], -w])
                    else:
                        e.clause([-e[own(x, k)], w])
        e.lazy.append(_Apart(self, e))

    def check(self, v: Values) -> list[Violation]:
        found, of = pieces(v, self.layer)
        held: dict[int, list[Any]] = {}
        for k, ps in self.centres.items():
            if len(ps) > 1 or not on_border(self.layer, v, ps[0]):
                held.setdefault(of[self.home[k]], []).append(k)
        out = [Violation("bkNoStar", "a piece holds no centre", tuple(piece))
               for i, piece in enumerate(found) if i not in held]
        for i, piece in enumerate(found):
            ks = held.get(i, [])
            if len(ks) == 1 and len(self.centres[ks[0]]) > 1 and not any(
                    symmetric(self.layer, v, p) for p in self.centres[ks[0]]):
                out.append(self.broken(piece, "a piece is not point-symmetric about its centre"))
        out += [Violation("bkPlStar", "a piece holds several centres", tuple(piece))
                for i, piece in enumerate(found) if len(held.get(i, ())) > 1]
        return out + inner_borders(v, self.layer, of)


def on_border(layer: Walls, v: Values, p: Point) -> bool:
    """Whether a border (or a hole) runs through a point."""
    cells = anchors(p)
    if not all(layer.live(x) for x in cells):
        return True
    return any(v[between(a, b)] for a in cells for b in cells if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1)


def symmetric(layer: Walls, v: Values, p: Point) -> bool:
    """Whether the piece of the cells a point touches is point-symmetric about it (and no
    border runs through the point)."""
    if on_border(layer, v, p):
        return False
    found, of = pieces(v, layer)
    i = of[anchors(p)[0]]
    return all(layer.live(m := mirror(x, p)) and of[m] == i for x in found[i])


class CentrePoint(Rule):
    """A centre of :class:`SymmetricDivision` lies on this point: no border runs through
    it (``bdPassStar``) and its piece is point-symmetric about it (``bkNotSymSt``; as
    pzprjs, only asked of a piece that holds no cell of ``others``, the other centres'
    cells: one with several is ``bkPlStar``)."""

    code = "bkNotSymSt"

    def __init__(self, layer: Walls, key: Any, p: Point, others: AbstractSet[Cell] = frozenset()):
        self.layer, self.key, self.p, self.others = layer, key, p, frozenset(others)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        e.fix(("at", self.key, self.p), True, guard)

    def check(self, v: Values) -> list[Violation]:
        cells = [x for x in anchors(self.p) if self.layer.live(x)]
        if on_border(self.layer, v, self.p):
            return [Violation("bdPassStar", "a border runs through a centre", tuple(cells))]
        found, of = pieces(v, self.layer)
        piece = found[of[cells[0]]]
        if symmetric(self.layer, v, self.p) or self.others.intersection(piece):
            return []
        return [self.broken(piece, "a piece is not point-symmetric about its centre")]


class _Apart(Lazy):
    """Cuts for a centre's cells that lie apart from the centre (see SymmetricDivision)."""

    def __init__(self, rule: SymmetricDivision, e: Encoder):
        self.rule, self.e = rule, e
        self.cuts_added = 0

    def cuts(self, values: Values) -> list[list[Lit]]:
        rule, e = self.rule, self.e
        found, _ = pieces(values, rule.layer)
        out: list[list[Lit]] = []
        for piece in found:
            x0 = piece[0]
            ks = rule.domain[x0]
            k = next((k for k, on in zip(ks, e.b.values([e[own(x0, k)] for k in ks])) if on), None)
            inside = set(piece)
            if k is None or rule.home[k] in inside:
                continue
            ring = {y for x in piece for y in ((x[0] - 1, x[1]), (x[0] + 1, x[1]), (x[0], x[1] - 1),
                                               (x[0], x[1] + 1)) if y not in inside}
            wall = [e[own(y, k)] for y in sorted(ring) if k in rule.domain.get(y, ())]
            out += [[-e[own(x, k)]] + wall for x in piece]
        self.cuts_added += len(out)
        return out


# -- pzprjs's dots (decodeDot/encodeDot) and empty cells (decodeEmpty/encodeEmpty) ----------
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def dot_index(cell: Cell, kind: int, cols: int) -> int:
    """pzprjs's number of a dot: points in half-cell steps inside the grid, row by row
    ((2R-1) x (2C-1)); ``kind`` 0 the cell's centre, 1 its right side, 2 its lower side, 3
    its lower right corner."""
    return 2 * cell[1] + (kind & 1) + (2 * cell[0] + (kind >> 1)) * (2 * cols - 1)


def read_dots(cur: Cursor, rows: int, cols: int) -> dict[int, int]:
    """Dot number -> colour (1 white, 2 black): ``0``-``f`` a dot (colour v % 2 + 1) then
    v // 2 points without one, ``g``-``z`` 1-20 points without one."""
    total, s, out = (2 * rows - 1) * (2 * cols - 1), 0, {}
    while cur.pos < len(cur.body) and s < total:
        ch = cur.body[cur.pos]
        if ch in _B36[:16]:
            out[s] = int(ch, 16) % 2 + 1
            s += int(ch, 16) // 2 + 1
        elif ch in _B36[16:]:
            s += _B36.index(ch) - 15
        else:
            raise cur.error(f"unexpected character {ch!r} in the dots", cur.pos)
        cur.pos += 1
    return out


def write_dots(dots: Mapping[int, int], rows: int, cols: int) -> str:
    out, count, s, total = [], 0, 0, (2 * rows - 1) * (2 * cols - 1)
    while s < total:
        text = ""
        if s in dots:
            gap = next((i for i in range(1, 8) if s + i in dots), None)
            text = format(2 * (gap - 1) + dots[s] - 1 if gap else 13 + dots[s], "x")
            s += gap - 1 if gap else 7
        else:
            count += 1
        if count and (text or count == 20):
            out.append(_B36[count + 15])
            count = 0
        out.append(text)
        s += 1
    return "".join(out) + (_B36[count + 15] if count else "")


def read_bits(cur: Cursor, n: int) -> list[bool]:
    """pzprjs's genericDecodeBinary: ``n`` flags, five per base-32 digit (none left: all off)."""
    out: list[bool] = []
    while len(out) < n and cur.pos < len(cur.body):
        ch = cur.body[cur.pos]
        if ch not in _B36[:32]:
            raise cur.error(f"unexpected character {ch!r} in the empty cells", cur.pos)
        out += [bool(_B36.index(ch) & w) for w in (16, 8, 4, 2, 1)]
        cur.pos += 1
    return (out + [False] * n)[:n]


def write_bits(bits: Sequence[bool]) -> str:
    return "".join(_B36[sum(w for w, b in zip((16, 8, 4, 2, 1), bits[k:k + 5]) if b)]
                   for k in range(0, len(bits), 5))


__all__ = ["Walls", "SIDES", "side", "between", "pieces", "inner_borders", "region_labels", "walls_of",
           "rectangles", "rect_atom", "rect_cells", "RectDivision", "PieceSize", "is_rect",
           "anchors", "mirror", "own", "Point", "SymmetricDivision", "CentrePoint", "on_border",
           "symmetric", "dot_index", "read_dots", "write_dots",
           "read_bits", "write_bits"]


class Rooted(Rule):
    """Each galaxy is connected, up front (:func:`~.connect.rooted_levels`): a cell
    not touching its dot's point has a neighbour in its galaxy one level nearer the dot.
    The depth bound: a shortest path inside a galaxy from the cells its point touches to
    a cell d steps away, and its mirror image, are 2d cells apart from those it touches
    (the mirror of a cell d steps away is d steps away, and only the centre cell is its
    own mirror), so d is at most half the cells the galaxy may hold beyond them. The
    division's own check reports a galaxy in pieces."""

    def __init__(self, division: SymmetricDivision):
        self.division = division

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "connectivity is a rule of the genre"
        rule = self.division
        taken = {x for k, ps in rule.centres.items() for x in anchors(ps[0]) if len(ps) == 1}
        taken |= set(rule.home.values())  # (cells that are always their dot's)
        reach: dict[Any, dict[Cell, int]] = {}  # k -> the cells its galaxy can reach: steps
        for k, ps in rule.centres.items():
            mine = set(anchors(ps[0])) if len(ps) == 1 else {rule.home[k]}
            ok = {x for x in rule.domain if x not in taken - mine and any(
                rule.layer.live(m := mirror(x, p)) and m not in taken - mine for p in ps)}
            todo = deque(x for p in ps for x in anchors(p) if x in ok)
            seen = dict.fromkeys(todo, 0)
            while todo:
                x = todo.popleft()
                for y in ((x[0] - 1, x[1]), (x[0] + 1, x[1]), (x[0], x[1] - 1), (x[0], x[1] + 1)):
                    if y in ok and y not in seen:
                        seen[y] = seen[x] + 1
                        todo.append(y)
            reach[k] = seen
        far = {k: (len(reach[k]) - min(len(anchors(p)) for p in ps)) // 2 for k, ps in rule.centres.items()}
        roots: dict[Cell, list[Lit]] = {}
        for k, ps in rule.centres.items():
            for p in ps:
                for x in anchors(p):
                    roots.setdefault(x, []).append(e[("at", k, p)])
        depth = {x: max((far[k] for k in ks if x in reach[k]), default=0) for x, ks in rule.domain.items()}
        least = {x: min((reach[k][x] for k in ks if x in reach[k]), default=0)
                 for x, ks in rule.domain.items()}
        rooted_levels(e, list(rule.domain), lambda x, y: -e[between(x, y)], roots, depth, least)

    def check(self, v: Values) -> list[Violation]:
        return []

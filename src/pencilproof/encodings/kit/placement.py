"""Placing objects on cells (stars, tents, ships, lighthouse boats), with both faces.

* :class:`ExactCount`: exactly n of some atoms (a room's or a line's count), with the
  failcode chosen by how the count is off (too many, none, too few), as pzprjs names
  them; :func:`in_order` sorts a verifier's violations into pzprjs's check order;
* :func:`touching` / :func:`no_touch`: cells that touch (by an edge, or a corner too)
  and the rule that no two marked ones do;
* :class:`Matching`: every owner (a tree) has its own marked neighbour (a tent) and
  every marked cell belongs to one owner: a perfect matching, encoded with a literal per
  (owner, neighbour) pair and checked in pzprjs's "camps";
* :class:`Fleet`: the marked cells form straight ships, so many of each length;
  :class:`ShipPart`: a given part of a ship (an end, a middle, a one-cell ship, water),
  :func:`part_of` the part an answer shows at a cell;
* :func:`random_rooms`: a random partition of the grid into rooms of bounded sizes;
  :func:`janko_layout`: the puzzle of a Janko block that has only rooms;
  :class:`KnownCells`: optional givens "this cell is (not) marked" for such genres.

Marked cells are the shaded atoms ``S(cell)`` throughout (a genre's layer writes them
as stars, tents or ships).
"""
from __future__ import annotations

import random
from typing import AbstractSet, ClassVar, Iterator, Mapping, Optional, Sequence

from ...errors import InputError
from ...puzzle import Cell, Clue, Puzzle, Violation
from ..contract import Glyph, JankoBlock
from ..grid import components
from .lattice import AROUND, ORTHO, normalize_areas, parse_areas
from .model import S, Atom, Encoder, Lit, Rule, Values
from .rules import Count, Fix, NotAll

Codes = Mapping[str, tuple[str, str]]


class ExactCount(Count):
    """Exactly ``n`` of the atoms. The check names ``code``/``message`` for a wrong
    count, ``over`` (a (code, message) pair) for too many and ``none`` for none at all
    where given; messages may use ``{n}`` and ``{k}`` (the count found)."""

    def __init__(self, atoms: Sequence[Atom], n: int, cells: Sequence[Cell], code: str,
                 message: str, over: Optional[tuple[str, str]] = None,
                 none: Optional[tuple[str, str]] = None):
        super().__init__(atoms, n, cells, code, message, "==")
        self.over, self.none = over, none

    def check(self, v: Values) -> list[Violation]:
        k = v.count(self.atoms)
        if k == self.n:
            return []
        code, message = (self.none if k == 0 and self.none else
                         self.over if k > self.n and self.over else (self.code, self.message))
        return [Violation(code, message.format(n=self.n, k=k), tuple(sorted(set(self.cells))))]


def in_order(violations: Sequence[Violation], codes: Sequence[str]) -> list[Violation]:
    """The violations sorted by the place of their code in ``codes`` (pzprjs's order of
    checks, whose first failure it reports), stably; codes not listed go last."""
    rank = {code: i for i, code in enumerate(codes)}
    return sorted(violations, key=lambda v: rank.get(v.code, len(rank)))


def touching(puzzle: Puzzle, diagonal: bool = True) -> Iterator[tuple[Cell, Cell]]:
    """Every pair of cells sharing an edge (``diagonal``: or a corner), each once."""
    steps = AROUND if diagonal else ORTHO
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            for dr, dc in steps:
                y = (r + dr, c + dc)
                if (r, c) < y and 0 <= y[0] < puzzle.rows and 0 <= y[1] < puzzle.cols:
                    yield (r, c), y


def no_touch(puzzle: Puzzle, code: str, message: str, diagonal: bool = True,
             cells: Optional[set[Cell]] = None) -> list[Rule]:
    """No two shaded cells touch (``diagonal``: not even at a corner); only pairs within
    ``cells`` where given."""
    return [NotAll([S(a), S(b)], (a, b), code, message) for a, b in touching(puzzle, diagonal)
            if cells is None or (a in cells and b in cells)]


class Matching(Rule):
    """Each owner cell is matched to one of its ``near`` cells that is shaded, each
    shaded cell to one owner (shaded cells near no owner are ruled out).

    Encoded with a literal per (owner, near cell): each owner takes exactly one, each
    cell is taken once if shaded and never otherwise. Checked as pzprjs's tents.js does,
    by *camps* (the components of owners and shaded cells joined where a shaded cell is
    near an owner): ``codes`` ``alone`` (shaded cells and no owner), ``over`` (more
    shaded cells than owners), ``none`` (owners and no shaded cell), ``under`` (fewer);
    where every camp balances, a largest matching that still leaves an owner out (only
    possible where shaded cells touch) is ``unmatched``."""

    def __init__(self, near: Mapping[Cell, Sequence[Cell]], cells: Sequence[Cell], codes: Codes):
        self.near = {o: tuple(ns) for o, ns in near.items()}
        self.cells, self.codes = tuple(cells), dict(codes)
        self.code, self.message = self.codes["unmatched"]

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        taken: dict[Cell, list[Lit]] = {}
        for ns in self.near.values():
            pair = [e.b.new_var() for _ in ns]
            e.clause(pair, guard)
            for i in range(len(pair)):
                for j in range(i + 1, len(pair)):
                    e.clause([-pair[i], -pair[j]], guard)
            for x, p in zip(ns, pair):
                taken.setdefault(x, []).append(p)
                e.clause([-p, e[S(x)]], guard)
        for x in self.cells:
            ps = taken.get(x, [])
            e.clause([-e[S(x)], *ps], guard)
            for i in range(len(ps)):
                for j in range(i + 1, len(ps)):
                    e.clause([-ps[i], -ps[j]], guard)

    def check(self, v: Values) -> list[Violation]:
        marked = {x for x in self.cells if v[S(x)]}
        owner_of: dict[Cell, list[Cell]] = {}
        for o, ns in self.near.items():
            for x in ns:
                if x in marked:
                    owner_of.setdefault(x, []).append(o)
        out = []
        for camp in _camps(self.near, marked):
            owners = [x for x in camp if x in self.near]
            n, k = len(owners), len(camp) - len(owners)
            why = ("alone" if n == 0 else "over" if k > n else "none" if k == 0 else
                   "under" if k < n else None)
            if why is not None:
                code, message = self.codes[why]
                out.append(Violation(code, message, tuple(sorted(camp))))
        if not out and _matched(self.near, marked) < len(self.near):
            out.append(self.broken(self.near))
        return out


def _camps(near: Mapping[Cell, Sequence[Cell]], marked: set[Cell]) -> list[list[Cell]]:
    adj: dict[Cell, list[Cell]] = {x: [] for x in [*near, *marked]}
    for o, ns in near.items():
        for x in ns:
            if x in marked:
                adj[o].append(x)
                adj[x].append(o)
    seen: set[Cell] = set()
    out = []
    for start in sorted(adj):
        if start in seen:
            continue
        seen.add(start)
        camp, todo = [start], [start]
        while todo:
            for y in adj[todo.pop()]:
                if y not in seen:
                    seen.add(y)
                    camp.append(y)
                    todo.append(y)
        out.append(camp)
    return out


def _matched(near: Mapping[Cell, Sequence[Cell]], marked: set[Cell]) -> int:
    """The size of a largest matching of owners to marked near cells (augmenting paths)."""
    mate: dict[Cell, Cell] = {}

    def augment(o: Cell, seen: set[Cell]) -> bool:
        for x in near[o]:
            if x in marked and x not in seen:
                seen.add(x)
                if x not in mate or augment(mate[x], seen):
                    mate[x] = o
                    return True
        return False

    return sum(augment(o, set()) for o in sorted(near))


class Fleet(Rule):
    """The shaded cells form straight ships one cell wide, ``fleet[L - 1]`` of length L
    (and none longer than the fleet's longest).

    Encoded: no 2x2 block holds three shaded cells (so every piece is straight); a
    literal per place a ship of length L can lie (its cells shaded, the cells before and
    after it not; a ship of one cell has no shaded neighbour at all), counted exactly
    per length; no run longer than the longest ship. (A count of all shaded cells, which
    these imply, would double the encoding time of an 11x11 and help no solve.)
    ``codes`` (pzprjs's bank codes for Battleships): ``invalid`` (a piece that is no ship
    of the fleet: bent, too wide, of a length the fleet lacks), ``over`` / ``under`` (more
    / fewer ships of a length than the fleet has), each (failcode, message)."""

    def __init__(self, rows: int, cols: int, fleet: Sequence[int], codes: Codes):
        self.rows, self.cols, self.fleet, self.codes = rows, cols, tuple(fleet), dict(codes)
        self.code, self.message = self.codes["invalid"]

    def cell(self, r: int, c: int) -> Optional[Cell]:
        return (r, c) if 0 <= r < self.rows and 0 <= c < self.cols else None

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        rows, cols, longest = self.rows, self.cols, len(self.fleet)
        s = {(r, c): e[S((r, c))] for r in range(rows) for c in range(cols)}
        for r in range(rows - 1):
            for c in range(cols - 1):
                block = [s[(r, c)], s[(r, c + 1)], s[(r + 1, c)], s[(r + 1, c + 1)]]
                for i in range(4):
                    e.clause([-x for j, x in enumerate(block) if j != i], guard)
        for length in range(1, longest + 2):
            places = []
            for (r, c) in s:
                for dr, dc in ((0, 1), (1, 0))[:1 if length == 1 else 2]:
                    run = [self.cell(r + dr * k, c + dc * k) for k in range(length)]
                    if None in run:
                        continue
                    ends = [self.cell(r - dr, c - dc), self.cell(r + dr * length, c + dc * length)]
                    if length == 1:
                        ends = [self.cell(r + y, c + x) for y, x in ORTHO]
                    if length > longest:  # no run this long
                        e.clause([-s[x] for x in run if x is not None], guard)
                        continue
                    lits = [s[x] for x in run if x is not None] + [-s[x] for x in ends if x is not None]
                    atom = ("ship", length, r, c, dr)
                    e.lits[atom] = e.reify_and(lits)
                    places.append(atom)
            if length <= longest:
                Count(places, self.fleet[length - 1], [], "", "").encode(e, guard)

    def ships(self, v: Values) -> tuple[dict[int, list[list[Cell]]], list[list[Cell]]]:
        """The answer's ships by length, and its pieces that are no ship of the fleet."""
        by_length: dict[int, list[list[Cell]]] = {}
        invalid = []
        cells = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        for piece in pieces(v, cells):
            straight = len({r for r, _ in piece}) == 1 or len({c for _, c in piece}) == 1
            n = len(piece)
            if straight and n <= len(self.fleet) and self.fleet[n - 1] > 0:
                by_length.setdefault(n, []).append(piece)
            else:
                invalid.append(piece)
        return by_length, invalid

    def check(self, v: Values) -> list[Violation]:
        by_length, invalid = self.ships(v)
        out = [Violation(*self.codes["invalid"], tuple(piece)) for piece in invalid]
        for k, need in enumerate(self.fleet):
            got = by_length.get(k + 1, [])
            if len(got) != need:
                code, message = self.codes["over" if len(got) > need else "under"]
                cells = tuple(sorted(x for piece in got for x in piece))
                out.append(Violation(code, message.format(n=need, k=len(got), length=k + 1), cells))
        return out


#: Ship parts as Janko writes them: water, a one-cell ship, the north, south, west and
#: east ends (the end whose side is open), a middle.
PARTS = "xonswem"
_OPEN = {"n": (1, 0), "s": (-1, 0), "w": (0, 1), "e": (0, -1)}


def part_of(v: Values, cell: Cell) -> str:
    """The part an answer shows at a cell: ``x`` water, or the ship part by its shaded
    neighbours (``+`` where a piece bends)."""
    if not v[S(cell)]:
        return "x"
    on = {d for d in ORTHO if v[S((cell[0] + d[0], cell[1] + d[1]))]}
    if {(-1, 0), (1, 0)} <= on or {(0, -1), (0, 1)} <= on:
        return "m"
    if not on:
        return "o"
    if len(on) == 1:
        return next(p for p, d in _OPEN.items() if d in on)
    return "+"


class ShipPart(Rule):
    """A given ship part at a cell (:data:`PARTS`): water is unshaded; a one-cell ship
    has no shaded neighbour; an end is shaded with its one open side's neighbour shaded
    and the others not; a middle has shaded neighbours on two opposite sides. Checked
    as pzprjs does: a part whose cell has neighbours it should not (or water that is
    shaded) is ``extra``, any other difference ``mismatch``."""

    def __init__(self, rows: int, cols: int, cell: Cell, part: str, codes: Codes):
        self.rows, self.cols, self.cell, self.part, self.codes = rows, cols, cell, part, dict(codes)
        self.code, self.message = self.codes["mismatch"]

    def near(self, d: tuple[int, int]) -> Optional[Cell]:
        y = (self.cell[0] + d[0], self.cell[1] + d[1])
        return y if 0 <= y[0] < self.rows and 0 <= y[1] < self.cols else None

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        me, p = e[S(self.cell)], self.part
        e.clause([-me] if p == "x" else [me], guard)
        if p in _OPEN or p == "o":
            for d in ORTHO:
                y = self.near(d)
                if d == _OPEN.get(p):
                    e.clause([e[S(y)]] if y is not None else [], guard)
                elif y is not None:
                    e.clause([-e[S(y)]], guard)
        elif p == "m":  # across (h) or up and down
            h = e.b.new_var()
            for d, side in (((0, -1), h), ((0, 1), h), ((-1, 0), -h), ((1, 0), -h)):
                y = self.near(d)
                e.clause([-side] + ([e[S(y)]] if y is not None else []), guard)

    def check(self, v: Values) -> list[Violation]:
        got = part_of(v, self.cell)
        if got == self.part:
            return []
        extra = self.part == "x" or (got != "x" and self.part != "m" and got != "o")
        code, message = self.codes["extra" if extra else "mismatch"]
        return [Violation(code, message.format(part=self.part, got=got), (self.cell,))]


def random_rooms(rows: int, cols: int, rng: random.Random, sizes: Sequence[int],
                 smallest: int = 1) -> tuple[tuple[int, ...], ...]:
    """A random partition into edge-connected rooms (an ``areas`` layout): each room grows
    from a random free cell towards a size drawn from ``sizes``; a room left smaller
    than ``smallest`` (hemmed in) joins a neighbouring room."""
    label: dict[Cell, int] = {}
    order = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(order)
    rooms: list[list[Cell]] = []
    for start in order:
        if start in label:
            continue
        room, want = [start], rng.choice(sizes)
        label[start] = len(rooms)
        while len(room) < want:
            free = sorted({y for x in room for y in _ortho(x, rows, cols) if y not in label})
            if not free:
                break
            y = rng.choice(free)
            label[y] = len(rooms)
            room.append(y)
        rooms.append(room)
    for k, room in enumerate(rooms):
        if 0 < len(room) < smallest:
            near = sorted({label[y] for x in room for y in _ortho(x, rows, cols)} - {k})
            if near:
                into = rng.choice(near)
                for x in room:
                    label[x] = into
                rooms[into] += room
                room.clear()
    return normalize_areas([[label[(r, c)] for c in range(cols)] for r in range(rows)])


def _ortho(x: Cell, rows: int, cols: int) -> list[Cell]:
    return [(x[0] + dr, x[1] + dc) for dr, dc in ORTHO
            if 0 <= x[0] + dr < rows and 0 <= x[1] + dc < cols]


def janko_layout(genre: str, block: JankoBlock, holes: str = "") -> Puzzle:
    """The puzzle of a Janko block that has rooms and no problem section (Norinori, LITS,
    Star Battle): the block's ``areas``; a cell whose area token is one of ``holes``
    (Star Battle's ``@`` outside the shape, ``#`` a black cell) gets that token as its
    given and belongs to no room (its label is kept: see :func:`apart`)."""
    grid = block.grid("areas")
    if grid is None:
        raise InputError("no 'areas' section", block.where)
    labels = [[t for t, _ in line] for line in grid]
    layout = parse_areas(labels, block.rows, block.cols, block.where)
    givens = tuple(tuple(t if t in holes else None for t in line) for line in labels)
    return Puzzle(genre, block.rows, block.cols, givens).with_params(areas=layout)


def apart(layout: Sequence[Sequence[int]], holes: AbstractSet[Cell]) -> tuple[tuple[int, ...], ...]:
    """The layout with every hole a region of its own (holes may share a label, as
    Janko's ``@`` cells do, without being one region)."""
    return normalize_areas([[("hole", r, c) if (r, c) in holes else k for c, k in enumerate(row)]
                            for r, row in enumerate(layout)])


class KnownCells:
    """A genre mixin: optional givens that say a cell is marked (``#``) or not (``+``).

    Published puzzles of genres whose only layout is rooms (Norinori, LITS, Star Battle)
    have no givens; these let minimize, generate, repair and the analyses switch clues
    (``ceShaded``/``ceUnshaded`` where an answer differs from one)."""

    #: Given token -> the cell is marked; the words for the two in an error message, and
    #: the messages of an answer that differs from a given.
    known: ClassVar[Mapping[str, bool]] = {"#": True, "+": False}
    words: ClassVar[tuple[str, str]] = ("shaded", "unshaded")
    broken_given: ClassVar[tuple[str, str]] = ("a cell given shaded is not",
                                               "a cell given unshaded is not")
    editor_candidates: ClassVar[tuple[str, ...]] = (".", "#", "+")

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if isinstance(token, str) and token in self.known:
            return token
        on, off = (t for t in self.known)
        raise InputError(f"unknown given {token!r} (expected '.', {on!r} {self.words[0]} or "
                         f"{off!r} {self.words[1]})", where)

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        return None if clue is None else Glyph(str(clue))

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        on = self.known[str(clue)]
        return [Fix(S(cell), on, cell, "ceShaded" if on else "ceUnshaded",
                    self.broken_given[0 if on else 1])]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return next(t for t, on in self.known.items() if on == v[S(cell)])


def pieces(v: Values, cells: Sequence[Cell]) -> list[list[Cell]]:
    """The edge-connected pieces of the shaded cells among ``cells``."""
    return components(x for x in cells if v[S(x)])


__all__ = ["ExactCount", "in_order", "touching", "no_touch", "Matching", "random_rooms", "janko_layout",
           "apart", "KnownCells", "pieces", "Codes", "Fleet", "ShipPart", "PARTS", "part_of"]

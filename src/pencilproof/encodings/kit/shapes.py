"""Polyomino pieces, with both faces: shapes up to rotation and reflection, pieces in
rooms, pieces of one size.

* :func:`canonical`: a set of cells as its shape, the same for every rotation, mirror
  image and position (so two pieces compare by shape); :data:`TETROMINOES` names the
  five tetrominoes (``I L O S T``, LITS's letters) and :func:`shape_name` a piece's name;
* :func:`connected_subsets`: every edge-connected set of k cells of a region (the ways a
  piece of size k can lie in a room);
* :class:`RoomPiece`: a room's marked cells are exactly one piece of k cells, encoded
  with a selector per way the piece can lie in the room (so propagation sees every
  cell no remaining placement covers), which also names the piece's shape as atoms
  ``("shape", room, name)`` that other rules share;
* :class:`ShapesApart`: pieces of equal shape in different rooms never share an edge
  (LITS), on those shape atoms;
* :class:`Dominoes`: every edge-connected piece of marked cells has exactly two cells
  (Norinori), by local clauses: a marked cell has exactly one marked neighbour.

Marked cells are the shaded atoms ``S(cell)`` throughout.
"""
from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from ...puzzle import Cell, Violation
from ..grid import components
from .lattice import ORTHO
from .model import S, Atom, Encoder, Lit, Rule, Values
from .rules import Count

Shape = tuple[Cell, ...]


def normalized(cells: Iterable[Cell]) -> Shape:
    """The cells moved to the top-left corner, sorted."""
    cells = list(cells)
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def canonical(cells: Iterable[Cell]) -> Shape:
    """The shape of a piece: the least of its eight rotations and mirror images, each
    moved to the corner (equal for congruent pieces, different otherwise)."""
    cells = list(cells)
    forms = []
    for flip in (False, True):
        cur = [(c, r) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            cur = [(c, -r) for r, c in cur]
            forms.append(normalized(cur))
    return min(forms)


#: The five tetrominoes by their usual letters (LITS's answers name four of them).
TETROMINOES: dict[str, Shape] = {
    "I": canonical([(0, 0), (0, 1), (0, 2), (0, 3)]),
    "L": canonical([(0, 0), (1, 0), (2, 0), (2, 1)]),
    "O": canonical([(0, 0), (0, 1), (1, 0), (1, 1)]),
    "S": canonical([(0, 1), (0, 2), (1, 0), (1, 1)]),
    "T": canonical([(0, 0), (0, 1), (0, 2), (1, 1)]),
}
_NAMES = {shape: name for name, shape in TETROMINOES.items()}


def shape_name(cells: Iterable[Cell]) -> str:
    """A tetromino's letter, or the canonical cells written out for any other piece."""
    shape = canonical(cells)
    return _NAMES.get(shape, " ".join(f"{r},{c}" for r, c in shape))


def connected_subsets(region: Iterable[Cell], k: int) -> list[frozenset[Cell]]:
    """Every edge-connected set of ``k`` cells of the region (grown a cell at a time)."""
    inside = set(region)
    level = {frozenset([x]) for x in inside}
    for _ in range(k - 1):
        level = {s | {y} for s in level for r, c in s for dr, dc in ORTHO
                 if (y := (r + dr, c + dc)) in inside and y not in s}
    return sorted(level, key=sorted) if k >= 1 else []


def _pieces(v: Values, cells: Iterable[Cell]) -> list[list[Cell]]:
    return components(x for x in cells if v[S(x)])


class RoomPiece(Rule):
    """The room's shaded cells are exactly one edge-connected piece of ``size`` cells.

    Encoded with one selector per placement (:func:`connected_subsets` of the room):
    some selector holds, a cell is shaded iff a selected placement covers it, and the
    room has ``size`` shaded cells (so no two placements are selected). The atom
    ``("shape", key, name)`` (name: :func:`shape_name`) is true iff the piece has that
    shape. ``codes`` name the ways to break it, checked in this order: ``over`` (more
    than ``size`` shaded cells), ``split`` (not one piece), ``none`` (no shaded cell),
    ``under`` (fewer); each maps to (failcode, message)."""

    def __init__(self, room: Sequence[Cell], size: int, key: object,
                 codes: Mapping[str, tuple[str, str]]):
        self.room, self.size, self.key, self.codes = tuple(sorted(room)), size, key, dict(codes)
        self.code, self.message = self.codes["under"]
        self.placements = connected_subsets(self.room, size)

    def shape_atom(self, name: str) -> Atom:
        return ("shape", self.key, name)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        sel = [e.b.new_var() for _ in self.placements]
        e.clause(sel, guard)
        # size shaded cells: two placements selected at once would shade more.
        Count([S(x) for x in self.room], self.size, self.room, self.code, self.message).encode(e, guard)
        cover: dict[Cell, list[Lit]] = {x: [] for x in self.room}
        named: dict[str, list[Lit]] = {}
        for s, piece in zip(sel, self.placements):
            for x in piece:
                cover[x].append(s)
                e.clause([-s, e[S(x)]], guard)
            named.setdefault(shape_name(piece), []).append(s)
        for x, sels in cover.items():
            e.clause([-e[S(x)], *sels], guard)
        for name, sels in named.items():  # the shape atoms, defined (unguarded: names)
            a = e[self.shape_atom(name)]
            e.b.add_clause([-a, *sels])
            e.b.add_clauses([[a, -s] for s in sels])

    def check(self, v: Values) -> list[Violation]:
        shaded = [x for x in self.room if v[S(x)]]
        k = len(shaded)
        why = ("over" if k > self.size else "split" if len(_pieces(v, shaded)) > 1 else
               "none" if k == 0 else "under" if k < self.size else None)
        if why is None:
            return []
        code, message = self.codes[why]
        return [Violation(code, message.format(n=self.size, k=k), self.room)]


class ShapesApart(Rule):
    """Two pieces of the same shape in different rooms never share an edge: for every
    pair of edge-adjacent cells of different rooms, not both shaded with equal shapes
    (the :class:`RoomPiece` shape atoms of their rooms, keyed by ``room_of``)."""

    def __init__(self, pieces: Sequence[RoomPiece], code: str, message: str):
        self.pieces = list(pieces)
        self.code, self.message = code, message
        self.room_of = {x: p for p in self.pieces for x in p.room}
        self.names = sorted({shape_name(s) for p in self.pieces for s in p.placements})

    def borders(self) -> list[tuple[Cell, Cell]]:
        out = []
        for a, p in self.room_of.items():
            for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])):
                q = self.room_of.get(b)
                if q is not None and q is not p:
                    out.append((a, b))
        return out

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for a, b in self.borders():
            p, q = self.room_of[a], self.room_of[b]
            for name in self.names:
                e.clause([-e[S(a)], -e[S(b)], -e[p.shape_atom(name)], -e[q.shape_atom(name)]],
                         guard)

    def check(self, v: Values) -> list[Violation]:
        shape: dict[Cell, str] = {}
        for p in self.pieces:
            found = _pieces(v, p.room)
            if len(found) == 1 and len(found[0]) == p.size:
                name = shape_name(found[0])
                shape.update(dict.fromkeys(found[0], name))
        bad = [(a, b) for a, b in self.borders() if a in shape and shape[a] == shape.get(b)]
        return [self.broken((a, b), self.message.format(shape=shape[a])) for a, b in bad]


class Dominoes(Rule):
    """Every edge-connected piece of shaded cells has exactly two cells: a shaded cell
    has a shaded neighbour (``codes["alone"]``) and no two (``codes["more"]``: a piece
    of three or more), each (failcode, message)."""

    def __init__(self, rows: int, cols: int, codes: Mapping[str, tuple[str, str]]):
        self.rows, self.cols, self.codes = rows, cols, dict(codes)
        self.code, self.message = self.codes["more"]

    def near(self, x: Cell) -> list[Cell]:
        return [(x[0] + dr, x[1] + dc) for dr, dc in ORTHO
                if 0 <= x[0] + dr < self.rows and 0 <= x[1] + dc < self.cols]

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for r in range(self.rows):
            for c in range(self.cols):
                x, near = (r, c), self.near((r, c))
                e.clause([-e[S(x)], *(e[S(y)] for y in near)], guard)
                for i in range(len(near)):
                    for j in range(i + 1, len(near)):
                        e.clause([-e[S(x)], -e[S(near[i])], -e[S(near[j])]], guard)

    def check(self, v: Values) -> list[Violation]:
        cells = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        out = []
        for piece in _pieces(v, cells):
            if len(piece) != 2:
                code, message = self.codes["more" if len(piece) > 2 else "alone"]
                out.append(Violation(code, message.format(k=len(piece)), tuple(sorted(piece))))
        return out


__all__ = ["Shape", "normalized", "canonical", "TETROMINOES", "shape_name", "connected_subsets",
           "RoomPiece", "ShapesApart", "Dominoes"]

"""Loop pieces for genres whose clues look at a loop through cell centres (Yajilin,
Country Road, Linesweeper), on top of :mod:`.loops`.

* :func:`on_loop`: the literal "a line leaves this cell" (the ``used`` atom that
  :class:`~.loops.SingleLoop` makes; made here the same way when a clue asks first);
* :class:`LoopCount`: how many of these cells the loop visits (Country Road's room
  numbers, Linesweeper's numbers among the eight neighbours);
* :class:`NoLine`: these cells carry no line (clue cells that the layer leaves out, or
  that a clue's switch empties);
* :class:`ShadedOrVisited`: every one of these cells is shaded or on the loop (Yajilin);
* :class:`Crossings`: the loop crosses the border of a set of cells exactly twice, so it
  visits it once (Country Road's rooms);
* :class:`ShadedLines`: an answer layer in which a cell is shaded (``#``) or carries the
  Lines layer's pipe (``.`` neither);
* :func:`first_answer`: one answer under assumptions, with the lazy cuts (generation);
  :func:`loop_order`, :func:`off_loop_pieces`: a drawn loop's cells in order, and the
  pieces of cells it leaves out;
* :data:`JANKO_PIPES`: Janko's solution tokens for a cell's two line directions (``se``,
  ``ew``, ..., with ``o`` for Ost as well as ``e``) as pipes.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, AbstractSet, Callable, Iterable, Optional, Sequence

from ...puzzle import Cell, Violation
from ...solvers.backends import Status
from .layers import PIPE_DIRS, PIPES, STEP, Lines, edge_atom
from .loops import cell_edges, degree, used
from .model import S, Atom, Encoder, Lit, Rule, Values, bad_char
from .rules import Count

if TYPE_CHECKING:
    from .genre import KitAnswer, KitEncoded

_JANKO_DIRS = {"n": "N", "s": "S", "w": "W", "o": "E", "e": "E"}
#: Janko's direction pairs (either order) -> the pipe character.
JANKO_PIPES = {a + b: PIPES[frozenset((_JANKO_DIRS[a], _JANKO_DIRS[b]))]
               for a in _JANKO_DIRS for b in _JANKO_DIRS if _JANKO_DIRS[a] != _JANKO_DIRS[b]}


def on_loop(e: Encoder, cell: Cell, live: AbstractSet[Cell]) -> Lit:
    """The literal "a line leaves ``cell``" (lines only between cells of ``live``)."""
    lit = e.lits.get(used(cell))
    if lit is None:
        lits = [e.lits[a] for a in cell_edges(cell, live) if a in e.lits]
        lit = e.lits[used(cell)] = e.reify_or(lits) if lits else -e.b.true
    return lit


class LoopCount(Count):
    """The loop visits ``n`` of ``cells`` (``op`` as :class:`~.rules.Count`'s)."""

    def __init__(self, cells: Sequence[Cell], live: AbstractSet[Cell], n: int,
                 where: Sequence[Cell], code: str, message: str, op: str = "=="):
        super().__init__([used(c) for c in cells], n, where, code, message, op)
        self.loop_cells, self.live = tuple(cells), frozenset(live)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for cell in self.loop_cells:
            on_loop(e, cell, self.live)
        super().encode(e, guard)

    def check(self, v: Values) -> list[Violation]:
        for cell in self.loop_cells:  # (what SingleLoop's check fills, on its own)
            v.truth[used(cell)] = degree(v, cell) > 0
        return super().check(v)


class NoLine(Rule):
    """No line enters these cells (a clue's cell)."""

    def __init__(self, cells: Iterable[Cell], code: str, message: str):
        self.cells, self.code, self.message = tuple(cells), code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for cell in self.cells:
            for d in STEP:
                lit = e.lits.get(edge_atom(cell, d))
                if lit is not None:  # (a layer without lines there needs nothing)
                    e.clause([-lit], guard)

    def check(self, v: Values) -> list[Violation]:
        bad = [c for c in self.cells if degree(v, c)]
        return [self.broken(bad)] if bad else []


class ShadedOrVisited(Rule):
    """Each of these cells is shaded or has a line (lines only between ``live`` cells)."""

    def __init__(self, cells: Iterable[Cell], live: AbstractSet[Cell], code: str = "ceEmpty",
                 message: str = "a cell is neither shaded nor on the loop"):
        self.cells, self.live = tuple(cells), frozenset(live)
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for cell in self.cells:
            e.clause([e[S(cell)], *(e[a] for a in cell_edges(cell, self.live))], guard)

    def check(self, v: Values) -> list[Violation]:
        bare = [c for c in self.cells if not v[S(c)] and not degree(v, c)]
        return [self.broken(bare)] if bare else []


class Crossings(Rule):
    """The loop crosses the border of ``cells`` exactly twice: it enters the set once
    and leaves it once (``absent``: the code when it never comes, ``twice``: the code
    when it comes back; ``live``: the cells lines may join)."""

    def __init__(self, cells: Iterable[Cell], live: AbstractSet[Cell], absent: tuple[str, str],
                 twice: tuple[str, str]):
        self.cells = tuple(cells)
        inside = set(self.cells)
        self.border = [edge_atom(c, d) for c in self.cells for d, (dr, dc) in STEP.items()
                       if (n := (c[0] + dr, c[1] + dc)) in live and n not in inside]
        self.absent, self.twice = absent, twice

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        Count(self.border, 2, self.cells, *self.twice).encode(e, guard)

    def check(self, v: Values) -> list[Violation]:
        k = v.count(self.border)
        if k > 2:
            return [Violation(self.twice[0], self.twice[1], self.cells)]
        if k < 2 and not any(degree(v, c) for c in self.cells):
            return [Violation(self.absent[0], self.absent[1], self.cells)]
        return []


class ShadedLines(Lines):
    """A cell is shaded (``#``, no line), carries a pipe of the Lines layer, or is empty
    (``.``). Rules read the pipes as :class:`~.layers.Lines` answers and the shading as
    :class:`~.layers.Shade` answers (``v.cell["shade"]``)."""

    chars = "# (shaded), . (empty) or a pipe | - L J 7 F"

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        live = frozenset(cells)
        for cell in cells:
            e.atom(S(cell))
        super().setup(e, cells)  # (makes the agree literals, ours included)
        for cell in cells:
            for a in cell_edges(cell, live):
                e.clause([-e.lits[S(cell)], -e.lits[a]])
            self.agree(e, cell, "#")

    def char(self, cell: Cell, truth: Callable[[Atom], bool]) -> str:
        return "#" if truth(S(cell)) else super().char(cell, truth)

    def read(self, cell: Cell, ch: str, v: Values, where: str) -> None:
        if ch != "#" and ch not in PIPES.values():
            raise bad_char(ch, cell, self.chars, where)
        super().read(cell, "." if ch == "#" else ch, v, where)
        v.truth[S(cell)] = ch == "#"
        v.cell.setdefault("shade", {})[cell] = ch == "#"

    def agree(self, e: Encoder, cell: Cell, ch: str) -> Lit:
        if ch == "#":
            return e.lits[S(cell)]
        lit = super().agree(e, cell, ch)
        if ch != ".":  # (a line leaves: the cell is not shaded)
            return lit
        key = ("agree", cell, "empty")
        if key not in e.lits:
            e.lits[key] = e.reify_and([lit, -e.lits[S(cell)]])
        return e.lits[key]

    def phases(self, e: Encoder, cells: Sequence[Cell], rng: random.Random,
               density: float) -> list[Lit]:
        shade = [e.lits[S(x)] * (1 if rng.random() < density else -1) for x in cells]
        return shade + super().phases(e, cells, rng, 0.5)


def loop_order(rows: tuple[str, ...]) -> list[Cell]:
    """The cells of an answer's single loop (pipes) in the order it runs through them."""
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if PIPE_DIRS.get(ch)]
    order = cells[:1]
    while cells and len(order) < len(cells):
        r, c = order[-1]
        for d in PIPE_DIRS[rows[r][c]]:
            nxt = (r + STEP[d][0], c + STEP[d][1])
            if nxt not in order[-2:]:
                order.append(nxt)
                break
    return order


def off_loop_pieces(rows: tuple[str, ...]) -> list[list[Cell]]:
    """The edge-connected pieces of the cells an answer's lines leave out."""
    h, w = len(rows), len(rows[0])
    seen: set[Cell] = set()
    out = []
    for start in ((r, c) for r in range(h) for c in range(w)):
        if start in seen or PIPE_DIRS.get(rows[start[0]][start[1]]):
            continue
        piece, todo = [start], [start]
        seen.add(start)
        while todo:
            y, x = todo.pop()
            for n in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if 0 <= n[0] < h and 0 <= n[1] < w and n not in seen and not PIPE_DIRS.get(
                        rows[n[0]][n[1]]):
                    seen.add(n)
                    piece.append(n)
                    todo.append(n)
        out.append(piece)
    return out


def first_answer(enc: "KitEncoded", assume: Sequence[Lit]) -> Optional["KitAnswer"]:
    """An answer of an encoded puzzle under these assumptions, lazy cuts added until one
    holds (None: there is none): the generators' small solves."""
    b = enc.e.b
    while b.solve(list(assume)) is Status.SAT:
        found = enc.decode()
        cuts = enc.cuts(found)
        if not cuts:
            return found
        b.add_clauses(cuts)
    return None


__all__ = ["JANKO_PIPES", "first_answer", "loop_order", "off_loop_pieces", "on_loop", "LoopCount",
           "NoLine", "ShadedOrVisited", "Crossings", "ShadedLines"]

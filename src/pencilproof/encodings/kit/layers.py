"""Answer layers: what one cell's character stands for, both ways.

* :class:`Shade`: ``#`` shaded / ``.`` unshaded, one atom ``("s", r, c)`` per cell;
* :class:`Number`: a value per cell, one atom ``("n", r, c, v)`` per candidate value
  (one-hot), written ``1``-``9`` then ``A``-``Z`` for 10-35 (answers with larger values
  are read from space-separated tokens);
* :class:`Lines`: lines between the centres of edge-adjacent cells, one atom
  ``("e", r, c, "R"|"D")`` per pair, a cell written as the pipe its lines make
  (``|`` ``-`` ``L`` ``J`` ``7`` ``F``, path ends ``^`` ``>`` ``v`` ``<``, ``.`` none).
"""
from __future__ import annotations

import random
import string
from typing import Callable, Optional, Sequence

from ...numerals import is_digits
from ...errors import InputError
from ...puzzle import Cell
from ..cnf import at_most_one, exactly_count
from .model import N, S, Atom, Encoder, Layer, Lit, Values, bad_char

DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def number_char(v: int) -> str:
    return DIGITS[v] if 0 <= v < len(DIGITS) else "?"


def char_number(ch: str) -> int | None:
    i = DIGITS.find(ch.upper()) if len(ch) == 1 else -1
    if i >= 0:
        return i
    return int(ch) if is_digits(ch) else None


class Shade(Layer):
    """A shading: one Boolean per cell."""

    name = "shade"
    chars = "# shaded, . unshaded"

    def __init__(self, shaded: str = "#", unshaded: str = ".", read_shaded: str = "#x",
                 read_unshaded: str = ".+-_"):
        self.on, self.off = shaded, unshaded
        self.read_on, self.read_off = read_shaded, read_unshaded
        self.chars = f"{shaded} or {unshaded}"

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        for r, c in cells:
            e.atom(("s", r, c))

    def char(self, cell: Cell, truth: Callable[[Atom], bool]) -> str:
        return self.on if truth(S(cell)) else self.off

    def read(self, cell: Cell, ch: str, v: Values, where: str) -> None:
        if ch in self.read_on or ch == self.on:
            v.truth[S(cell)] = True
            v.cell.setdefault(self.name, {})[cell] = True
        elif ch in self.read_off or ch == self.off:
            v.cell.setdefault(self.name, {})[cell] = False
        else:
            raise bad_char(ch, cell, self.chars, where)

    def block(self, e: Encoder, cell: Cell, ch: str) -> list[Lit]:
        return [self.agree(e, cell, ch) * -1]

    def agree(self, e: Encoder, cell: Cell, ch: str) -> Lit:
        lit = e.lits[S(cell)]
        return lit if ch == self.on else -lit

    def phases(self, e: Encoder, cells: Sequence[Cell], rng: random.Random,
               density: float) -> list[Lit]:
        return [e.lits[S(x)] * (1 if rng.random() < density else -1) for x in cells]


class Number(Layer):
    """A number per cell from ``lo``..``hi`` (or a per-cell range from ``domain``);
    ``blank`` allows an empty cell (``.``, value None)."""

    name = "number"

    def __init__(self, lo: int, hi: int, blank: bool = False,
                 domain: Callable[[Cell], range] | None = None):
        self.lo, self.hi, self.blank = lo, hi, blank
        self.domain = domain or (lambda cell: range(lo, hi + 1))
        self.chars = f"a number {lo}-{hi}" + (" or ." if blank else "")

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        for r, c in cells:
            lits = [e.atom(("n", r, c, v)) for v in self.domain((r, c))]
            if self.blank:
                at_most_one(e.b, lits) if len(lits) <= 6 else exactly_count(
                    e.b, lits + [e.atom(("n", r, c, None))], 1)
            elif len(lits) <= 6:
                e.b.add_clause(lits)
                at_most_one(e.b, lits)
            else:
                exactly_count(e.b, lits, 1)

    def value(self, cell: Cell, truth: Callable[[Atom], bool]) -> int | None:
        return next((v for v in self.domain(cell) if truth(N(cell, v))), None)

    def char(self, cell: Cell, truth: Callable[[Atom], bool]) -> str:
        v = self.value(cell, truth)
        return "." if v is None else number_char(v)

    def read(self, cell: Cell, ch: str, v: Values, where: str) -> None:
        n = None if (self.blank and ch in ".-") else char_number(ch)
        if n is None and not (self.blank and ch in ".-") or n is not None and not (
                self.lo <= n <= self.hi):
            raise bad_char(ch, cell, self.chars, where)
        v.cell.setdefault(self.name, {})[cell] = n
        v.truth[N(cell, n)] = True

    def agree(self, e: Encoder, cell: Cell, ch: str) -> Lit:
        n = None if ch == "." else char_number(ch)
        lit = e.lits.get(N(cell, n))
        if lit is None:  # a value outside the cell's domain: never agrees
            return -e.b.true
        return lit

    def block(self, e: Encoder, cell: Cell, ch: str) -> list[Lit]:
        return [-self.agree(e, cell, ch)]

    def phases(self, e: Encoder, cells: Sequence[Cell], rng: random.Random,
               density: float) -> list[Lit]:
        out = []
        for x in cells:
            values = list(self.domain(x))
            out.append(e.lits[N(x, rng.choice(values))])
        return out


#: Pipe characters by the set of directions a cell's lines go (N, E, S, W).
PIPES = {frozenset(): ".", frozenset("NS"): "|", frozenset("EW"): "-", frozenset("NE"): "L",
         frozenset("NW"): "J", frozenset("SW"): "7", frozenset("SE"): "F",
         frozenset("N"): "^", frozenset("E"): ">", frozenset("S"): "v", frozenset("W"): "<",
         frozenset("NESW"): "+"}
PIPE_DIRS = {ch: dirs for dirs, ch in PIPES.items()}
STEP = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}


#: The letters a Letters layer writes (A for 1).
LETTERS = string.ascii_uppercase


class Letters(Number):
    """A letter A.. (values 1..k) or an empty cell (``.``) per cell."""

    def __init__(self, k: int):
        super().__init__(1, k, blank=True)
        self.chars = f"a letter A-{LETTERS[k - 1]} or ."

    def char(self, cell: Cell, truth: Callable[[Atom], bool]) -> str:
        v = self.value(cell, truth)
        return "." if v is None else LETTERS[v - 1]

    def number(self, ch: str) -> Optional[int]:
        i = LETTERS.find(ch.upper()) if len(ch) == 1 and ch.isalpha() else -1
        return i + 1 if 0 <= i < self.hi else None

    def read(self, cell: Cell, ch: str, v: Values, where: str) -> None:
        n = None if ch in ".-" else self.number(ch)
        if n is None and ch not in ".-":
            raise bad_char(ch, cell, self.chars, where)
        v.cell.setdefault(self.name, {})[cell] = n
        v.truth[N(cell, n)] = True

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        super().setup(e, cells)
        for x in cells:  # "empty" as an atom of its own (analyses ask whether a cell is)
            if N(x, None) not in e.lits:
                e.lits[N(x, None)] = -e.reify_or([e.lits[N(x, v)] for v in range(1, self.hi + 1)])

    def agree(self, e: Encoder, cell: Cell, ch: str) -> Lit:
        return e.lits.get(N(cell, None if ch == "." else self.number(ch)), -e.b.true)


def edge_atom(cell: Cell, d: str) -> Atom:
    """The atom of the line from ``cell`` in direction ``d`` (N, E, S, W)."""
    r, c = cell
    if d == "E":
        return ("e", r, c, "R")
    if d == "S":
        return ("e", r, c, "D")
    if d == "W":
        return ("e", r, c - 1, "R")
    return ("e", r - 1, c, "D")


class Lines(Layer):
    """Lines between the centres of edge-adjacent cells (loops and paths through cells).

    ``ends``: a cell may have one line (a path's end); ``cross``: four lines cross.
    Degrees are limited here (0 or 2, and 1 / 4 where allowed); which cells must be
    used, and that the lines form one loop, are rules (:mod:`.loops`)."""

    name = "lines"
    chars = "one of . | - L J 7 F (and ^ > v < path ends, + crossings)"

    def __init__(self, ends: bool = False, cross: bool = False):
        self.ends, self.cross = ends, cross

    def dirs(self, e_or_v: object, cell: Cell, cells: frozenset[Cell]) -> list[str]:
        return [d for d, (dr, dc) in STEP.items() if (cell[0] + dr, cell[1] + dc) in cells]

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        live = frozenset(cells)  # (not kept on the layer: it is shared by every puzzle)
        for r, c in cells:
            if (r, c + 1) in live:
                e.atom(("e", r, c, "R"))
            if (r + 1, c) in live:
                e.atom(("e", r, c, "D"))
        for cell in cells:
            lits = [e.lits[edge_atom(cell, d)] for d in self.dirs(e, cell, live)]
            allowed = {0, 2} | ({1} if self.ends else set()) | ({4} if self.cross else set())
            forbid_degrees(e, lits, allowed)
            near = set(self.dirs(e, cell, live))
            for ch, dirs in PIPE_DIRS.items():  # up front: every model gives them values (analyses)
                if len(dirs) in allowed and dirs <= near:
                    self.agree(e, cell, ch)
            if self.cross and len(lits) == 4:  # a crossing goes straight on both axes
                pass

    def char(self, cell: Cell, truth: Callable[[Atom], bool]) -> str:
        dirs = frozenset(d for d in STEP if truth(edge_atom(cell, d)))
        return PIPES.get(dirs, "?")

    def read(self, cell: Cell, ch: str, v: Values, where: str) -> None:
        dirs = PIPE_DIRS.get(ch)
        if dirs is None:
            raise bad_char(ch, cell, self.chars, where)
        v.cell.setdefault(self.name, {})[cell] = dirs
        for d in STEP:
            atom = edge_atom(cell, d)
            if d in dirs:
                there = (cell[0] + STEP[d][0], cell[1] + STEP[d][1])
                if not v.truth.get(atom) and (there in v.cell[self.name] or not (
                        0 <= there[0] < v.puzzle.rows and 0 <= there[1] < v.puzzle.cols)):
                    # the neighbour, read already or outside the grid, has no line here
                    v.cell.setdefault("lines_mismatch", {})[cell] = d
                v.truth[atom] = True
            elif v.truth.get(atom):
                # the neighbour says there is a line here, this cell says there is none
                v.truth[atom] = True
                v.cell.setdefault("lines_mismatch", {})[cell] = d

    def _lits(self, e: Encoder, cell: Cell) -> list[tuple[str, Lit]]:
        return [(d, e.lits[edge_atom(cell, d)]) for d in STEP if edge_atom(cell, d) in e.lits]

    def block(self, e: Encoder, cell: Cell, ch: str) -> list[Lit]:
        return [-self.agree(e, cell, ch)]

    def agree(self, e: Encoder, cell: Cell, ch: str) -> Lit:
        dirs = PIPE_DIRS[ch]
        key = ("agree", cell, ch)
        if key not in e.lits:
            lits = [lit if d in dirs else -lit for d, lit in self._lits(e, cell)]
            e.lits[key] = e.reify_and(lits) if lits else e.b.true
        return e.lits[key]

    def phases(self, e: Encoder, cells: Sequence[Cell], rng: random.Random,
               density: float) -> list[Lit]:
        return [lit * (1 if rng.random() < density else -1)
                for x in cells for _, lit in self._lits(e, x)]


_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
_BACK = {"N": "S", "S": "N", "E": "W", "W": "E"}


def line_mismatch(v: Values, where: str) -> None:
    """Raise an :class:`InputError` at the first cell whose line disagrees with its
    neighbour's (the mismatches :meth:`Lines.read` records), or leaves the grid: an answer
    read from a file (Janko, pzprv3, text) of any genre on the :class:`Lines` layer is
    read strictly, while the verifier, given such rows, reports ``lnMismatch``."""
    found = v.cell.get("lines_mismatch", {})
    if not found:
        return
    (r, c), d = min(found.items())
    there = (r + STEP[d][0], c + STEP[d][1])
    here = f"r{r + 1}c{c + 1}"
    if not (0 <= there[0] < v.puzzle.rows and 0 <= there[1] < v.puzzle.cols):
        raise InputError(f"answer cell {here} has a line going {_WORDS[d]}, out of the grid", where)
    mine = d in v.cell.get("lines", {}).get((r, c), frozenset())
    far = f"r{there[0] + 1}c{there[1] + 1}"
    if mine:
        raise InputError(f"answer cell {here} has a line going {_WORDS[d]}, but {far} has none "
                         f"going {_WORDS[_BACK[d]]}", where)
    raise InputError(f"answer cell {here} has no line going {_WORDS[d]}, but {far} has one "
                     f"going {_WORDS[_BACK[d]]}", where)


def forbid_degrees(e: Encoder, lits: Sequence[Lit], allowed: set[int]) -> None:
    """Clauses that allow exactly these numbers of true literals among ``lits`` (at
    most four: every assignment with a forbidden count gets one clause)."""
    n = len(lits)
    for mask in range(1 << n):
        if bin(mask).count("1") not in allowed:
            e.b.add_clause([-lits[i] if mask >> i & 1 else lits[i] for i in range(n)])

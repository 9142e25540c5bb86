"""Numbers that run along a path: 1..N once each, each number touching the next (Hidoku),
and the answer characters of numbers from 36 on.

Answers hold one character per cell. The kit writes 1-9 and A-Z (10-35); a number
path on more than 35 cells needs more, so :class:`WideNumber` goes on with the letters
of Unicode's Latin Extended-A and -B blocks: 36 is ``Ā`` (U+0100), 37 ``ā``, and N is
the character U+0100 + N - 36, up to :data:`WIDE_MAX` = 371 (``ɏ``, U+024F): a
19 x 19 grid. Answer files may write any number as a space-separated decimal token
instead (``21 22 27 26``), which is how people write them; the pictures and the
terminal grid show the decimal number (:func:`wide_number`).
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence

from ...numerals import is_digits
from ...puzzle import Cell, Violation
from ..cnf import at_most_one_linear
from .layers import DIGITS, Number
from .model import N, Atom, Encoder, Lit, Rule, Values, bad_char

#: The first code point of the numbers from 36 on, and the largest number written.
WIDE_BASE = 0x100
WIDE_MAX = 36 + 0x24F - WIDE_BASE


def wide_char(v: int) -> str:
    """The answer character of a number 0..WIDE_MAX ("?" beyond)."""
    if 0 <= v < len(DIGITS):
        return DIGITS[v]
    return chr(WIDE_BASE + v - len(DIGITS)) if v <= WIDE_MAX else "?"


def wide_number(ch: str) -> Optional[int]:
    """The number an answer character stands for (``A`` = 10, ``Ā`` = 36), or None."""
    if len(ch) != 1:
        return int(ch) if is_digits(ch) else None
    i = DIGITS.find(ch.upper()) if ch.isascii() else -1
    if i >= 0:
        return i
    v = ord(ch) - WIDE_BASE + len(DIGITS)
    return v if len(DIGITS) <= v <= WIDE_MAX else None


def wide_rows(rows: Sequence[str], cols: int) -> list[str]:
    """Answer rows with numbers written as space-separated tokens turned into one
    character per cell (rows of characters are kept)."""
    out = []
    for row in rows:
        toks = row.split()
        if len(toks) == cols and len(toks) > 1 and any(len(t) > 1 for t in toks):
            row = "".join(wide_char(int(t)) if is_digits(t) else t for t in toks)
        out.append(row)
    return out


class WideNumber(Number):
    """A number per cell, written with the wide alphabet (:func:`wide_char`)."""

    def __init__(self, lo: int, hi: int, blank: bool = False,
                 domain: Callable[[Cell], Sequence[int]] | None = None):
        super().__init__(lo, hi, blank, domain)  # type: ignore[arg-type]
        self.chars = f"a number {lo}-{hi}" + (" or ." if blank else "")

    def char(self, cell: Cell, truth: Callable[[Atom], bool]) -> str:
        v = self.value(cell, truth)
        return "." if v is None else wide_char(v)

    def read(self, cell: Cell, ch: str, v: Values, where: str) -> None:
        n = None if (self.blank and ch in ".-") else wide_number(ch)
        if (n is None and not (self.blank and ch in ".-")) or (n is not None and not
                                                               self.lo <= n <= self.hi):
            raise bad_char(ch, cell, self.chars, where)
        v.cell.setdefault(self.name, {})[cell] = n
        v.truth[N(cell, n)] = True

    def agree(self, e: Encoder, cell: Cell, ch: str) -> Lit:
        lit = e.lits.get(N(cell, None if ch == "." else wide_number(ch)))
        return -e.b.true if lit is None else lit


class EachOnce(Rule):
    """Each number of ``values`` stands in exactly one of the cells (a permutation):
    per number, some cell and at most one (linear at-most-one)."""

    def __init__(self, cells: Sequence[Cell], values: Sequence[int], code: str, message: str):
        self.cells, self.values = tuple(cells), tuple(values)
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "a permutation is a rule of the genre, never a clue"
        for v in self.values:
            lits = [e.lits[N(x, v)] for x in self.cells if N(x, v) in e.lits]
            e.clause(lits)
            at_most_one_linear(e.b, lits)

    def check(self, v: Values) -> list[Violation]:
        at: dict[int, list[Cell]] = {}
        for x in self.cells:
            n = v.cell.get("number", {}).get(x)
            if n is not None:
                at.setdefault(n, []).append(x)
        dup = [x for cells in at.values() if len(cells) > 1 for x in cells]
        return [self.broken(dup)] if dup else []


class ConsecutivePath(Rule):
    """Where number k and number k + 1 stand (once each), they touch: ``near(cell)`` are
    the cells a step of the path reaches (for Hidoku the eight around). Encoded both
    ways: a cell holding k has a neighbour holding k + 1 and one holding k - 1."""

    def __init__(self, cells: Sequence[Cell], last: int, near: Callable[[Cell], Sequence[Cell]],
                 code: str, message: str):
        self.cells, self.last, self.near = tuple(cells), last, near
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for x in self.cells:
            for v in range(1, self.last + 1):
                if N(x, v) not in e.lits:
                    continue
                for w in (v - 1, v + 1):
                    if 1 <= w <= self.last:
                        e.clause([-e.lits[N(x, v)], *(e.lits[N(y, w)] for y in self.near(x)
                                                      if N(y, w) in e.lits)], guard)

    def check(self, v: Values) -> list[Violation]:
        at: dict[int, list[Cell]] = {}
        for x in self.cells:
            n = v.cell.get("number", {}).get(x)
            if n is not None:
                at.setdefault(n, []).append(x)
        out = []
        for k in range(1, self.last):
            a, b = at.get(k, []), at.get(k + 1, [])
            if len(a) == 1 and len(b) == 1 and b[0] not in self.near(a[0]):
                out.append(self.broken([a[0], b[0]], self.message.format(k=k, n=k + 1)))
        return out


__all__ = ["WIDE_BASE", "WIDE_MAX", "wide_char", "wide_number", "wide_rows", "WideNumber",
           "EachOnce", "ConsecutivePath"]

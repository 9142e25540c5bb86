"""A cell holding two numbers (Eulero's letter-number pairs), written as one character.

:class:`Pairs` is the answer layer: each cell holds a pair (a, b), both from 1..n, or
nothing (``.``). Its atoms are ``("n", r, c, k)`` for the pair (k = :func:`pair_value`),
``("pa", r, c, a)`` "the first is a" and ``("pb", r, c, b)`` "the second is b", tied both
ways, so that a rule on either half is a count over n literals (:func:`first`,
:func:`second`) and a rule on whole pairs reads the pair atoms (``v.cell["number"]`` is
k). A pair is written as the one character of k = 5(a - 1) + b (``1``-``9`` then
``A``-``P``: a pair keeps its character in every size), pictures show :func:`pair_text`
(``C1``: the first as a letter, the second as a number), and :func:`read_pair` reads the
tokens files write (``31``, ``C1``; a half left open as ``0``, ``?`` or ``.``: ``30``,
``C``, ``?1``).
"""
from __future__ import annotations

import random
from typing import Callable, Optional, Sequence

from ...numerals import is_digits
from ...puzzle import Cell
from ..cnf import at_most_one
from .layers import LETTERS, char_number, number_char
from .model import N, Atom, Encoder, Layer, Lit, Values, bad_char

#: The largest number either half may hold (the characters end at P = 25).
MOST = 5


def pair_value(a: int, b: int) -> int:
    return (a - 1) * MOST + b


def pair_of(k: int) -> tuple[int, int]:
    q, r = divmod(k - 1, MOST)
    return q + 1, r + 1


def pair_char(a: int, b: int) -> str:
    return number_char(pair_value(a, b))


def pair_text(a: int, b: int) -> str:
    """A pair as pictures show it (``C1``); an open half (0) is left out (``C``, ``1``)."""
    return (LETTERS[a - 1] if a else "") + (str(b) if b else "")


def first(cell: Cell, a: int) -> Atom:
    return ("pa", cell[0], cell[1], a)


def second(cell: Cell, b: int) -> Atom:
    return ("pb", cell[0], cell[1], b)


def read_pair(token: str) -> Optional[tuple[int, int]]:
    """A pair token as (a, b), 0 for an open half; None if it is not one. Two digits
    (``31``, ``30``, ``01``: Janko's), or a letter and a digit (``C1``, ``C?``, ``?1``,
    ``C``); halves are 0-:data:`MOST` (0, ``?``, ``.``: open)."""
    t = token.strip().upper()
    if len(t) == 1 and t.isalpha():
        t += "?"
    if len(t) != 2:
        return None
    a = LETTERS.find(t[0]) + 1 if t[0].isalpha() else 0 if t[0] in "?." else char_number(t[0])
    b = 0 if t[1] in "?." else char_number(t[1]) if is_digits(t[1]) else None
    if a is None or b is None or not (0 <= a <= MOST and 0 <= b <= MOST) or (
            t[0].isalpha() and a == 0):
        return None
    return a, b


class Pairs(Layer):
    """A pair (a, b), both from 1..n, or nothing per cell (see the module)."""

    name = "number"

    def __init__(self, n: int):
        assert 1 <= n <= MOST
        self.n = n
        self.pairs = [(a, b) for a in range(1, n + 1) for b in range(1, n + 1)]
        self.chars = f"the character of a pair A1-{pair_text(n, n)} (1-9, A-P) or ."

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        n = range(1, self.n + 1)
        for cell in cells:
            empty = e.atom(N(cell, None))
            la = {a: e.atom(first(cell, a)) for a in n}
            lb = {b: e.atom(second(cell, b)) for b in n}
            for half in (la, lb):
                e.b.add_clause([*half.values(), empty])
                at_most_one(e.b, [*half.values(), empty])
            for a, b in self.pairs:
                p = e.atom(N(cell, pair_value(a, b)))
                e.b.add_clause([-p, la[a]])
                e.b.add_clause([-p, lb[b]])
                e.b.add_clause([p, -la[a], -lb[b]])

    def value(self, cell: Cell, truth: Callable[[Atom], bool]) -> Optional[int]:
        return next((pair_value(a, b) for a, b in self.pairs if truth(N(cell, pair_value(a, b)))), None)

    def char(self, cell: Cell, truth: Callable[[Atom], bool]) -> str:
        k = self.value(cell, truth)
        return "." if k is None else number_char(k)

    def read(self, cell: Cell, ch: str, v: Values, where: str) -> None:
        k = None if ch in ".-" else char_number(ch)
        if ch not in ".-" and (k is None or not 1 <= k <= MOST * MOST or pair_of(k) not in self.pairs):
            raise bad_char(ch, cell, self.chars, where)
        v.cell.setdefault(self.name, {})[cell] = k
        v.truth[N(cell, k)] = True
        if k is not None:
            a, b = pair_of(k)
            v.truth[first(cell, a)] = v.truth[second(cell, b)] = True

    def agree(self, e: Encoder, cell: Cell, ch: str) -> Lit:
        k = None if ch == "." else char_number(ch)
        return e.lits.get(N(cell, k), -e.b.true)

    def block(self, e: Encoder, cell: Cell, ch: str) -> list[Lit]:
        return [-self.agree(e, cell, ch)]

    def phases(self, e: Encoder, cells: Sequence[Cell], rng: random.Random,
               density: float) -> list[Lit]:
        return [e.lits[N(x, pair_value(*rng.choice(self.pairs)))] for x in cells]


__all__ = ["Pairs", "MOST", "pair_value", "pair_of", "pair_char", "pair_text", "first", "second",
           "read_pair"]

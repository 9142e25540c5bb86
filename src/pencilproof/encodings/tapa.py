"""Tapa: shade cells so that the shaded cells form one connected wall without a 2x2 block;
a clue lists the lengths of the blocks of consecutive shaded cells among the (up to) eight
cells around it, in any order; clue cells are never shaded.

The rules as janko.at and puzz.link (tapa.js) read them: the eight cells are read as a
ring, a block may run across the ring's start, cells beyond the edge are unshaded, ``?``
is a block of any length greater than zero (janko.at: "a question mark indicates any
number greater than zero", so a lone ``?`` needs a shaded neighbour), and ``0`` says no
neighbour is shaded. Failcodes are pzprjs's (``cs2x2``, ``ceTapaNe``, ``csDivide``, in
its order); a shaded clue cell (pzprjs does not let one be drawn) is this project's
``nmShaded``. pzprjs's ``brNoShade`` (nothing shaded) checks that an answer was begun,
not a rule (as Heyawake reads it).

A clue's value: one block is an int (0-8) or ``"?"``; several are a tuple in the order
given, e.g. ``(1, 3)`` or ``(2, "?")``, written ``1,3`` in text files (``1/3`` and
``13`` are read too) and ``[1, 3]`` in JSON. Janko writes the blocks as one numeral with
``9`` for ``?`` (``13``, ``99``). A clue is a :class:`~.kit.blocks.Table`: the patterns
of its ring that give its blocks, one selector each.
"""
from __future__ import annotations

import re
from functools import lru_cache
from itertools import product
from typing import Any, Sequence, cast

from ..numerals import is_digits
from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .base import read_number
from .contract import Glyph
from .kit import KitGeneration, KitGenre, S, Shade, Values, kit_formats
from .kit.blocks import Table
from .kit.model import Rule
from .kit.regions import no_shaded_2x2, shaded_connected

#: The ring around a cell, clockwise from the top-left (pzprjs's order).
RING = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))
CODES = ("cs2x2", "nmShaded", "ceTapaNe", "csDivide")
_LIST = re.compile(r"[0-9?]+(?:[,/][0-9?]+)*")


def ring_blocks(bits: Sequence[bool]) -> list[int]:
    """The lengths of the runs of shaded cells around a ring of eight ([0]: none)."""
    if all(bits):
        return [8]
    start = list(bits).index(False)  # read from an unshaded cell: no run crosses the start
    out, run = [], 0
    for k in range(1, 9):
        if bits[(start + k) % 8]:
            run += 1
        elif run:
            out.append(run)
            run = 0
    return out or [0]


def as_blocks(clue: Any) -> list[Any]:
    return list(clue) if isinstance(clue, tuple) else [clue]


def fits(clue: Any, found: list[int]) -> bool:
    """Do these run lengths answer the clue (as a multiset, ``?`` any length of at least
    one: ``[0]``, no shaded neighbour, answers only ``0``)?"""
    want = as_blocks(clue)
    if found == [0]:
        return want == [0]
    if len(want) != len(found):
        return False
    left = list(found)
    for n in want:
        if n != "?":
            if n not in left:
                return False
            left.remove(n)
    return True


@lru_cache(maxsize=None)
def patterns(clue: Any, inside: tuple[bool, ...]) -> tuple[tuple[bool, ...], ...]:
    """The shadings of the ring cells inside the grid (``inside`` per ring place) whose
    runs answer the clue."""
    out = []
    for bits in product((False, True), repeat=sum(inside)):
        it = iter(bits)
        if fits(clue, ring_blocks([next(it) if k else False for k in inside])):
            out.append(bits)
    return tuple(out)


class Ring(Table):
    """A clue: its cell unshaded, the runs around it those it lists."""

    def __init__(self, puzzle: Puzzle, cell: Cell, clue: Clue):
        r, c = cell
        self.cell, self.clue = cell, clue
        self.ring = [(r + dr, c + dc) for dr, dc in RING]
        inside = tuple(0 <= y < puzzle.rows and 0 <= x < puzzle.cols for y, x in self.ring)
        near = [x for x, k in zip(self.ring, inside) if k]
        allowed = [(False, *bits) for bits in patterns(clue, inside)]
        super().__init__([S(cell)] + [S(x) for x in near], allowed, (cell,), "ceTapaNe", "")

    def check(self, v: Values) -> list[Violation]:
        if v[S(self.cell)]:
            return [Violation("nmShaded", "a clue's cell is shaded", (self.cell,))]
        found = ring_blocks([v[S(x)] for x in self.ring])
        if fits(self.clue, found):
            return []
        return [self.broken([self.cell], f"the shaded cells around {clue_text(self.clue)} run "
                            f"{' '.join(map(str, found))}")]


def clue_text(clue: Any) -> str:
    return ",".join(map(str, as_blocks(clue)))


class Tapa(KitGenre):
    name = "tapa"
    url_pids = ("tapa",)
    summary = "shade a connected wall without 2x2 blocks; a clue lists the runs around it"
    layer = Shade()
    janko_solution = {"x": "#"}
    formats = kit_formats(url_parts=("tapa",), pzprv3_pid="tapa", pzprv3_layout=("qnums_ans",),
                          janko_names=("tapa",), drawing={"#": "shade"}, blank=".")
    editor_candidates = (".", "?", *map(str, range(9)), "1,1", "1,2", "1,1,1", "2,2")
    failcode_order = CODES

    def __init__(self) -> None:
        super().__init__()
        self.generator = TapaGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        parts: list[Any]
        if isinstance(token, (list, tuple)) and token:
            parts = list(token)
        elif isinstance(token, str) and _LIST.fullmatch(token):
            parts = re.split("[,/]", token) if re.search("[,/]", token) else list(token)
        elif isinstance(token, int) and not isinstance(token, bool):
            parts = [token] if token <= 8 else list(str(token))
        else:
            raise InputError(f"unknown token {token!r} (expected '.', '?', a number 0-8 or "
                             f"blocks such as 1,3)", where)
        out: list[Any] = ["?" if p == "?" else read_number(p, where, "a number or '?'",
                                                            "a block must be a number or '?'")
                          for p in parts]
        if len(out) == 1:
            if out[0] != "?" and not 0 <= out[0] <= 8:
                raise InputError(f"clue {out[0]} is out of range (0-8: a cell has eight "
                                 f"neighbours)", where)
            return out[0]
        if any(n != "?" and n < 1 for n in out) or sum(1 if n == "?" else n for n in out) + len(out) > 8:
            raise InputError(f"blocks {clue_text(tuple(out))} do not fit around one cell", where)
        return cast(Clue, tuple(out))  # (several blocks: a tuple, see the module)

    def janko_clue(self, token: str, where: str) -> Clue:
        """Janko's numeral of blocks, ``9`` a block of unknown length."""
        if is_digits(token):
            parts = ["?" if ch == "9" else int(ch) for ch in token]
            return self.parse_clue(parts, where)
        return super().janko_clue(token, where)

    def clue_token(self, clue: Clue) -> str:
        return "." if clue is None else clue_text(clue)

    def glyph(self, clue: Clue) -> Glyph | None:
        return None if clue is None else Glyph(" ".join(map(str, as_blocks(clue))), short=clue_text(clue))

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        return [*no_shaded_2x2(puzzle), shaded_connected(puzzle)]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [Ring(puzzle, cell, clue)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """Every unshaded cell, with the runs around it."""
        if v[S(cell)]:
            return None
        found = ring_blocks([v[S((cell[0] + dr, cell[1] + dc))] for dr, dc in RING])
        return found[0] if len(found) == 1 else cast(Clue, tuple(found))


class TapaGeneration(KitGeneration):
    default_density = 0.55


TAPA = Tapa()

"""Spotlight (janko.at ``Spotlight``): every cell is a spotlight with an arrow (one of
eight directions) and a number; some of them shine (at least one), the others are dark.
A shining spotlight's number is how many other shining spotlights lie in its arrow's
direction, up to the edge of the grid; a dark spotlight's number is *not* how many it
would light if it shone (janko.at Spotlight/Regeln.htm).

Givens are written ``<number><direction>`` (Janko's tokens: ``2se``, ``0w``), ``?se`` a
spotlight whose number is not given, ``.`` a cell without a spotlight (never lit;
janko.at's grids have none). Answers shade the shining spotlights (``#``; Janko's
``x``). puzz.link has no such genre: the codes are this project's, ``nmLitNe`` (a
shining spotlight lights another number of shining ones), ``nmDarkEq`` (a dark one
would light exactly its number), ``brNoShade`` (none shines), ``ceNoSpot`` (a cell
without a spotlight shines).

The arrows are the layout: ``minimize`` and ``generate`` take away numbers and leave
``?``; a generated dark spotlight shows the count it would light plus or minus one.
"""
from __future__ import annotations

import random
import re
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .cnf import unary_sum
from .contract import ClueKey, Glyph
from .kit import KitGeneration, KitGenre, S, Shade, Values, kit_formats
from .kit.model import Encoder, Lit, Rule

DIRS = {"n": (-1, 0), "ne": (-1, 1), "e": (0, 1), "se": (1, 1), "s": (1, 0), "sw": (1, -1),
        "w": (0, -1), "nw": (-1, -1)}
_CLUE = re.compile(r"(\d+|\?)(n|ne|no|e|o|se|so|s|sw|w|nw)")


def ray(puzzle: Puzzle, cell: Cell, d: str) -> list[Cell]:
    """The cells from ``cell`` (not itself) in direction ``d`` to the edge."""
    (dr, dc), out = DIRS[d], []
    r, c = cell[0] + dr, cell[1] + dc
    while 0 <= r < puzzle.rows and 0 <= c < puzzle.cols:
        out.append((r, c))
        r, c = r + dr, c + dc
    return out


def spot(clue: Clue) -> tuple[Optional[int], str]:
    """(number or None for ``?``, direction) of a given."""
    text = str(clue)
    d = text.lstrip("?0123456789")
    return (None if text[0] == "?" else int(text[:-len(d)])), d


class Spotlight(Rule):
    """Shining iff the shining cells of its ray are as many as its number."""

    def __init__(self, puzzle: Puzzle, cell: Cell, n: int, d: str):
        self.cell, self.n, self.ray = cell, n, ray(puzzle, cell, d)

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        me, n = e[S(self.cell)], self.n
        if n > len(self.ray):
            e.clause([-me], guard)
            return
        u = unary_sum(e.b, [[e[S(x)]] for x in self.ray], n + 1)
        at_least = u[n - 1] if n else e.b.true  # (the count is at least n, at least n + 1)
        more = u[n] if n < len(u) else -e.b.true
        e.clause([-me, at_least], guard)
        e.clause([-me, -more], guard)
        e.clause([me, -at_least, more], guard)

    def check(self, v: Values) -> list[Violation]:
        k = v.count(S(x) for x in self.ray)
        if v[S(self.cell)] and k != self.n:
            return [Violation("nmLitNe", f"a shining spotlight lights {k} shining ones, not "
                              f"{self.n}", (self.cell, *sorted(self.ray)))]
        if not v[S(self.cell)] and k == self.n:
            return [Violation("nmDarkEq", f"a dark spotlight would light {k}, its number",
                              (self.cell, *sorted(self.ray)))]
        return []


class SomeShine(Rule):
    code, message = "brNoShade", "no spotlight shines"

    def __init__(self, cells: list[Cell]):
        self.cells = cells

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        e.clause([e[S(x)] for x in self.cells], guard)

    def check(self, v: Values) -> list[Violation]:
        return [] if any(v[S(x)] for x in self.cells) else [self.broken(self.cells)]


class NoSpot(Rule):
    code, message = "ceNoSpot", "a cell without a spotlight shines"

    def __init__(self, cells: list[Cell]):
        self.cells = cells

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for x in self.cells:
            e.clause([-e[S(x)]], guard)

    def check(self, v: Values) -> list[Violation]:
        lit = [x for x in self.cells if v[S(x)]]
        return [self.broken(lit)] if lit else []


class SpotlightGenre(KitGenre):
    name = "spotlight"
    summary = "shine some spotlights: a shining one's number counts the shining ones ahead, a dark one's not"
    layer = Shade()
    janko_solution = {"x": "#"}
    janko_variants = ("#",)  # ('spotlight 13': a page's place in a series)
    formats = kit_formats(janko_names=("spotlight",), drawing={"#": "shade"}, blank=".")
    editor_candidates = (".", *(f"?{d}" for d in DIRS), *(f"{n}{d}" for n in range(4) for d in DIRS))

    def __init__(self) -> None:
        super().__init__()
        self.generator = SpotlightGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        m = _CLUE.fullmatch(str(token).strip().lower())
        if m is None or isinstance(token, (int, bool)):
            raise InputError(f"unknown Spotlight given {token!r} (expected '.' or a number and a "
                             f"direction n, ne, e, se, s, sw, w, nw such as 2se; ?se)", where)
        number = m.group(1) if m.group(1) == "?" else str(int(m.group(1)))
        return number + m.group(2).replace("o", "e")

    def janko_clue(self, token: str, where: str) -> Clue:
        return self.parse_clue(token, where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        clues = puzzle.clues()
        return [SomeShine(sorted(clues) or list(puzzle.cells())),
                NoSpot([x for x in puzzle.cells() if x not in clues])]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        n, d = spot(clue)
        return [] if n is None else [Spotlight(puzzle, cell, n, d)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        given = puzzle[cell]
        if given is None:
            return None
        d = spot(given)[1]
        cells = ray(puzzle, cell, d)
        k = v.count(S(x) for x in cells)
        if not v[S(cell)]:  # a dark one: one more or one fewer (as it fits in its ray)
            near = [m for m in ((k + 1, k - 1) if sum(cell) % 2 else (k - 1, k + 1))
                    if 0 <= m <= len(cells)]
            if not near:
                return None
            k = near[0]
        return f"{k}{d}"

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        p = Puzzle(self.name, rows, cols, ((None,) * cols,) * rows)
        return p.with_clues({x: "?" + rng.choice([d for d in DIRS if ray(p, x, d)] or ["n"])
                             for x in p.cells()})

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        if clue is None:
            return None
        n, d = spot(clue)
        return Glyph(text="" if n is None else str(n), short=str(clue), mark=f"arrow:{d}")


class SpotlightGeneration(KitGeneration):
    """The arrows stay (``?d``); the numbers are the clues."""

    default_density = 0.4
    density_meaning = "share of spotlights that shine in the drawn answer"

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        clues = puzzle.clues()
        return (puzzle.with_clues({x: "?" + spot(v)[1] for x, v in clues.items()}),
                {x: v for x, v in clues.items() if spot(v)[0] is not None})

    def blank_for(self, answer: Any) -> Puzzle:
        return self.split_givens(super().blank_for(answer))[0]

    def clue_count(self, puzzle: Puzzle) -> int:
        return sum(1 for v in puzzle.clues().values() if spot(v)[0] is not None)


SPOTLIGHT = SpotlightGenre()

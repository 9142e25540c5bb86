"""Fillomino: write a number in every cell so that each region (a maximal edge-connected
group of equal numbers) has exactly as many cells as its number; so two regions of the
same size never touch. Givens stay; regions without a given may have any size.

Exact at any size. Each cell's candidates are the sizes its region can have at all
(:func:`~.kit.regions.size_domains`: a region of n cells is connected and holds no
given other than n), so nothing is capped without proof; sizes are checked lazily
(:class:`~.kit.regions.NumberRegions`). Answers write 1-9 and A-Z (10-35), so the
decision for larger regions is this: one value, written ``+``, stands for "36 or
more", and a group of ``+`` cells counts as one region of its size. That is exact while
such a group has at most 72 cells (two touching regions of 36 or more have different
sizes, so 73 cells at least). A larger group could be one region or several: while
the solver's candidate breaks another rule it is only not cut (it may be one region);
an answer that holds one is refused with an error, never counted wrongly. Givens go up
to 72: one of 36 or more (Janko 485 has a 55) is a ``+`` cell whose group has exactly
that many cells (:class:`BigRegions`); ``?`` is a given of unknown value.
(:attr:`Fillomino.big` is that threshold; tests use a small one to reach it on small
boards.)

Failcodes are pzprjs's (fillomino.js): ``bkSizeLt``, ``bkSizeGt``, ``ceNoNum`` (an
empty cell, ``.``). pzprjs's ``bsSameNum`` and ``bkMixedNum`` concern borders a player
draws; here regions are the groups of equal numbers, so two touching regions of one
size are one region too large (``bkSizeGt``). A changed given is ``nmGiven``.
"""
from __future__ import annotations

import functools
import random
from typing import Any, Callable

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .contract import Symmetry
from .grid import components, neighbours
from .kit import Count, KitAnswer, KitGeneration, KitGenre, Number, Values, kit_formats
from .kit.layers import DIGITS, char_number, number_char
from .kit.model import N, Atom, Encoder, Layer, Lazy, Lit, Rule, bad_char
from .kit.numbers import given_number
from .kit.regions import NumberRegions, size_domains

class Sizes(Number):
    """Fillomino's numbers: each cell's candidate sizes, ``big`` written ``+``; an
    answer may leave a cell empty (``.``), which the rules then report."""

    def __init__(self, domains: dict[Cell, list[int]], big: int):
        super().__init__(1, big, domain=domains.__getitem__)  # type: ignore[arg-type]
        self.domains, self.big = domains, big
        self.chars = f"a number 1-{big - 1} (1-9, A-Z) or + ({big} or more)"

    def char(self, cell: Cell, truth: Callable[[Atom], bool]) -> str:
        v = self.value(cell, truth)
        return "." if v is None else "+" if v == self.big else number_char(v)

    def number(self, ch: str) -> int | None:
        n = self.big if ch == "+" else char_number(ch)
        return n if n is not None and 1 <= n <= self.big else None

    def read(self, cell: Cell, ch: str, v: Values, where: str) -> None:
        n = self.number(ch)
        if n is None and ch != ".":
            raise bad_char(ch, cell, self.chars + " or . (empty)", where)
        v.cell.setdefault(self.name, {})[cell] = n
        if n is not None:
            v.truth[N(cell, n)] = True

    def agree(self, e: Encoder, cell: Cell, ch: str) -> Lit:
        lit = e.lits.get(N(cell, self.number(ch)))
        return -e.b.true if lit is None else lit


@functools.lru_cache(maxsize=32)
def sizes_of(puzzle: Puzzle, big: int) -> Sizes:
    """The candidates of :func:`~.kit.regions.size_domains`, a given of ``big`` or more
    read as ``big``; and ``big`` in every cell that a region of such a given may reach
    (a piece of cells apart from the other givens, holding the given, as large)."""
    givens = {x: min(v, big) for x, v in puzzle.clues().items() if isinstance(v, int)}
    domains = size_domains(puzzle.rows, puzzle.cols, givens, big)
    wide = {x: v for x, v in puzzle.clues().items() if isinstance(v, int) and v >= big}
    free = [x for x in puzzle.cells() if givens.get(x, big) == big]
    for piece in components(free) if wide else ():
        if any(x in wide and len(piece) >= wide[x] for x in piece):
            for x in piece:
                if big not in domains[x]:
                    domains[x].append(big)
    return Sizes(domains, big)


def border(piece: set[Cell], rows: int, cols: int) -> set[Cell]:
    return {y for x in piece for y in neighbours(x, rows, cols) if y not in piece}


class BigRegions(NumberRegions):
    """:class:`~.kit.regions.NumberRegions` with givens of ``big`` or more (each a
    ``+`` cell whose group of ``+`` cells has exactly that many cells), and groups of more
    than 2 x ``big`` ``+`` cells left uncut while a candidate breaks another rule."""

    def __init__(self, rows: int, cols: int, domains: dict[Cell, list[int]], big: int,
                 givens: dict[Cell, int]):
        super().__init__(rows, cols, domains, big)
        self.givens = givens  # the givens of big or more
        # A given whose piece of cells that may hold + has fewer cells than it plus big
        # shares that piece with no other region of big or more: its region is all the
        # + cells of the piece (encoded as a count; cut as a region of its number).
        may = [x for x, dom in domains.items() if big in dom]
        piece_of = {x: piece for piece in components(may) for x in piece}
        self.alone = {x: piece_of[x] for x, g in givens.items() if len(piece_of[x]) < g + big}

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        super().encode(e, guard)
        e.lazy[-1] = _BigCuts(self, e)  # (in place of the kit's cuts)
        for x, piece in self.alone.items():
            Count([N(y, self.big) for y in piece], self.givens[x], (x,), "bkSizeNe", "").encode(e)

    def wants(self, piece: list[Cell]) -> set[int]:
        return {self.givens[x] for x in piece if x in self.givens}

    def check(self, v: Values) -> list[Violation]:
        out = super().check(v)
        for n, piece in self.regions(v):
            k, cells = len(piece), tuple(sorted(piece))
            for want in sorted(self.wants(piece)) if n == self.big and k <= 2 * self.big else ():
                if k != want:
                    out.append(Violation(self.codes["lt" if k < want else "gt"],
                                         f"a region of {k} cells holds {want}", cells))
        return out


class _BigCuts(Lazy):
    """The kit's region cuts, for a group of ``+`` cells: too small for its givens (some
    cell around it is ``+`` too), too large or holding two of them (one of 2 x ``big``
    cells at most is one region: not exactly this group)."""

    def __init__(self, rule: BigRegions, e: Encoder):
        self.rule, self.e = rule, e

    def cuts(self, values: Values) -> list[list[Lit]]:
        rule, lits, big = self.rule, self.e.lits, self.rule.big
        out: list[list[Lit]] = []
        huge = []
        for n, piece in rule.regions(values):
            inside = set(piece)
            around = border(inside, rule.rows, rule.cols)
            if n != big:
                assert n is not None
                if len(piece) > n:
                    out.append([-lits[N(x, n)] for x in _grow(piece[0], inside, n + 1, rule)])
                elif len(piece) < n:
                    wall = [lits[a] for y in around if (a := N(y, n)) in lits]
                    out += [[-lits[N(x, n)]] + wall for x in piece]
                continue
            want = rule.wants(piece)
            wall = [lits[a] for y in around if (a := N(y, big)) in lits]
            if len(piece) < max(want | {big}):
                out += [[-lits[N(x, big)]] + wall for x in piece]
            elif len(piece) > 2 * big:
                huge.append(piece)
            elif want and want != {len(piece)}:
                x = next((x for x in piece if x in rule.alone), None)
                if x is not None and len(want) == 1 and len(piece) > rule.givens[x]:
                    grown = _grow(x, inside, rule.givens[x] + 1, rule)
                    out.append([-lits[N(y, big)] for y in grown])
                else:
                    out.append([-lits[N(y, big)] for y in piece] + wall)
        if huge and not out:
            r, c = min(huge[0])
            raise InputError(f"r{r + 1}c{c + 1}: an answer has a group of {len(huge[0])} cells "
                             f"of regions of {big} or more, which answers cannot write "
                             f"(one region or several)")
        return out


def _grow(start: Cell, inside: set[Cell], k: int, rule: NumberRegions) -> list[Cell]:
    """``k`` edge-connected cells of ``inside`` around ``start`` (breadth first)."""
    seen, i = [start], 0
    while i < len(seen) and len(seen) < k:
        for y in neighbours(seen[i], rule.rows, rule.cols):
            if y in inside and y not in seen and len(seen) < k:
                seen.append(y)
        i += 1
    return seen


class Fillomino(KitGenre):
    name = "fillomino"
    url_pids = ("fillomino",)
    summary = "fill numbers so each region of equal numbers has as many cells as its number"
    janko_problem = {"-": None, "?": "?"}
    formats = kit_formats(url_parts=("number16", "border?"), pzprv3_pid="fillomino",
                          janko_names=("fillomino",),
                          drawing=dict.fromkeys(DIGITS[1:] + "+", "number"), blank=".",
                          answer_regions=True, pzprv3_layout=("flag:t", "qnum", "anum", "border_ans"))
    editor_candidates = (".", "?", *map(str, range(1, 10)))
    #: The value that stands for regions of ``big`` cells or more (written ``+``).
    big = 36
    min_clue, max_clue, clue_expected = 1, 2 * big, "'.', '?' or a number"

    def __init__(self) -> None:
        super().__init__()
        self.generator = FillominoGeneration(self)

    def janko_mark(self, token: str, where: str) -> str:
        return "+" if token.isdigit() and token.isascii() and int(token) >= self.big else \
            super().janko_mark(token, where)

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return sizes_of(puzzle, self.big)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        givens = {x: v for x, v in puzzle.clues().items() if isinstance(v, int) and v >= self.big}
        return [BigRegions(puzzle.rows, puzzle.cols, sizes_of(puzzle, self.big).domains,
                           self.big, givens)]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        return [given_number(cell, clue, min(clue, self.big))]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        n = v.cell["number"][cell]
        return n if n != self.big else None


class FillominoGeneration(KitGeneration):
    """Answers drawn as random regions (not by the solver: every cell of a blank grid
    could hold 36 sizes); every cell offers its number as a clue."""

    density_meaning = "how large drawn regions lean to be (0.1: up to 2 cells, 0.9: up to 9)"

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        most = 1 + round(9 * (density or self.default_density))
        while True:
            region = random_regions(rows, cols, rng, most)
            size = {k: list(region.values()).count(k) for k in set(region.values())}
            if max(size.values()) < self.kit.big:  # type: ignore[attr-defined]
                break
        out = tuple("".join(number_char(size[region[(r, c)]]) for c in range(cols))
                    for r in range(rows))
        return KitAnswer(out, self.kit.random_layout(rows, cols, rng))


def random_regions(rows: int, cols: int, rng: random.Random, most: int) -> dict[Cell, Any]:
    """Cells -> region ids: regions grown at random up to ``most`` cells each, one more
    cell while a region has the size of one it touches; touching regions of one size
    that are left (no room to grow) are merged until there are none."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    region: dict[Cell, Any] = {}
    size: dict[Any, int] = {}

    def grow(piece: list[Cell]) -> bool:
        free = sorted({y for p in piece for y in neighbours(p, rows, cols) if y not in region})
        if free:
            region[y := rng.choice(free)] = piece[0]
            piece.append(y)
        return bool(free)

    def clash(piece: list[Cell]) -> bool:
        return any(y in region and region[y] != piece[0] and size[region[y]] == len(piece)
                   for p in piece for y in neighbours(p, rows, cols))

    for x in cells:
        if x not in region:
            piece, want = [x], rng.randint(1, most)
            region[x] = x
            while len(piece) < want and grow(piece) or clash(piece) and grow(piece):
                pass
            size[x] = len(piece)
    while True:
        pair = next(((region[a], region[b]) for a in sorted(region) for b in
                     neighbours(a, rows, cols) if region[a] != region[b]
                     and size[region[a]] == size[region[b]]), None)
        if pair is None:
            return region
        for y, k in region.items():
            if k == pair[1]:
                region[y] = pair[0]
        size[pair[0]] += size.pop(pair[1])


FILLOMINO = Fillomino()

"""Fillomino: write a number in every cell so that each region (a maximal edge-connected
group of equal numbers) has exactly as many cells as its number; so two regions of the
same size never touch. Givens stay; regions without a given may have any size.

Exact at any size. Each cell's candidates are the sizes its region can have at all
(:func:`~.kit.regions.size_domains`: a region of n cells is connected and holds no
given other than n), so nothing is capped without proof; sizes are checked lazily
(:class:`~.kit.fill_regions.BigRegions`, cut on the grid of values each model decodes
to). Answers write 1-9 and A-Z (10-35), so the decision for larger regions is this: one
value, written ``+``, stands for "36 or more", and a group of ``+`` cells counts as one
region of its size. That is exact while such a group has at most 72 cells (two touching
regions of 36 or more have different sizes, so 73 cells at least). A larger group could
be one region or several: while the solver's candidate breaks another rule it is only
not cut (it may be one region); an answer that holds one is refused with an error,
never counted wrongly. Givens go up to 72: one of 36 or more (Janko 485 has a 55) is a
``+`` cell whose group has exactly that many cells; ``?`` is a given of unknown value.
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
from typing import Any, Callable, Sequence

from ..numerals import is_digits
from ..puzzle import Cell, Clue, Puzzle
from .contract import Symmetry
from .grid import components, neighbours
from .kit import KitAnswer, KitGeneration, KitGenre, Number, Values, kit_formats
from .kit.layers import DIGITS, char_number, number_char
from .kit.model import N, Atom, Encoder, Layer, Lit, Rule, bad_char
from .kit.fill_regions import BigRegions, FillEncoded, one_of_each
from .kit.genre import KitEncoded
from .kit.numbers import given_number
from .kit.regions import size_domains


class Sizes(Number):
    """Fillomino's numbers: each cell's candidate sizes, ``big`` written ``+``; an
    answer may leave a cell empty (``.``), which the rules then report."""

    def __init__(self, domains: dict[Cell, list[int]], big: int):
        super().__init__(1, big, domain=domains.__getitem__)  # type: ignore[arg-type]
        self.domains, self.big = domains, big
        self.chars = f"a number 1-{big - 1} (1-9, A-Z) or + ({big} or more)"

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        one_of_each(e, self.domains, cells)

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
        return "+" if is_digits(token) and int(token) >= self.big else \
            super().janko_mark(token, where)

    def encode(self, puzzle: Puzzle, b: Any, encoding: str | None = None) -> KitEncoded:
        return FillEncoded(super().encode(puzzle, b, encoding), self.big)

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

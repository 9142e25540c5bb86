"""Nurikabe: shade cells so that the shaded cells form one connected wall with no 2x2
shaded block, and every island (a maximal group of unshaded cells) holds exactly one
number, equal to its number of cells.

Numbers are never shaded: like Light Up's walls they are copied into answers (``.``). A
``?`` is a number of unknown value (pzprjs's qnum -2): its island may have any size.
Failcodes are pzprjs's (nurikabe.js): ``cs2x2``, ``csDivide``, ``bkNoNum``, ``bkNumGe2``,
``bkSizeNe``.

Generation. A number cannot simply be switched off: every island needs its own, and a
number taken away can let other answers in or leave none (clues must only ever remove
answers). A number's *value* can: switched off it is a ``?``, whose island may have any
size. So a drawn answer (shaded cells connected, no 2x2 block, islands of any shape)
gets one number per island, on a cell drawn at random; the numbers always stay, and
their values are the clues the generator and ``minimize`` switch (what ``explain``
cites, what ``repair`` offers for a ``?``). A generated or minimized puzzle thus shows
``?`` where a value is not needed; ``generate nurikabe --numbers all`` keeps every value
(then nothing is switched). When another answer fits every number,
:meth:`NurikabeGeneration.repair` moves the number of one island onto a cell the other
answer shades, as often as the generator allows repairs. ``--symmetric`` is refused.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Mapping

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .contract import ClueKey, Switchable, Symmetry
from .grid import components
from .kit import KitAnswer, KitEncoded, KitGeneration, KitGenre, Shade, kit_formats
from .kit.model import Rule
from .kit.regions import Islands, no_shaded_2x2, shaded_connected

if TYPE_CHECKING:
    from ..solvers.backends import Backend

#: An internal parameter of a generator's layout: its answers' islands are free.
SHAPE_ONLY = "shape_only"


class Nurikabe(KitGenre):
    name = "nurikabe"
    url_pids = ("nurikabe",)
    summary = "shade a connected wall without 2x2 blocks; each island holds one number, its size"
    layer = Shade()
    janko_problem = {"-": None, "?": "?"}
    janko_solution = {"x": "#"}
    formats = kit_formats(url_codec="number16", pzprv3_pid="nurikabe", janko_names=("nurikabe",),
                          drawing={"#": "shade"}, blank=".", pzprv3_combined=True)
    editor_candidates = (".", "?", *map(str, range(1, 10)))
    min_clue, clue_expected = 1, "'.', '?' or a number"

    def __init__(self) -> None:
        super().__init__()
        self.generator = NurikabeGeneration(self)

    def fixed(self, puzzle: Puzzle, cell: Cell) -> str | None:
        return "." if puzzle[cell] is not None else None

    def numbers(self, puzzle: Puzzle) -> dict[Cell, int | None]:
        return {x: (v if isinstance(v, int) else None) for x, v in puzzle.clues().items()}

    def shape(self, puzzle: Puzzle) -> list[Rule]:
        """The wall's rules: no 2x2 block, one connected piece."""
        return [*no_shaded_2x2(puzzle), shaded_connected(puzzle, areas=True)]

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        if puzzle.param(SHAPE_ONLY) is not None:
            return self.shape(puzzle)
        return self.shape(puzzle) + [Islands(puzzle.rows, puzzle.cols, self.numbers(puzzle))]

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        return super().random_layout(rows, cols, rng).with_params(**{SHAPE_ONLY: True})


class NurikabeGeneration(KitGeneration):
    """One number per island of a drawn answer, its value the clue (see the module)."""

    #: Sparse walls leave big islands, which few numbers pin down. Attempts unique with
    #: every value (measured): 8x8 2 of 30 at 0.5, 6 at 0.6, 11 at 0.7; 10x10 5 of 30 at
    #: 0.7, 18 at 0.8 (0.75 leans to 63% shaded cells, islands of 2 cells on average).
    default_density = 0.75
    density_meaning = "share of shaded cells the drawn answer leans to"
    symmetric_layout = True  # (only to refuse it: numbers go one per island)
    options = {"numbers": "nurikabe: 'all' keeps every number's value; 'needed' (default) "
                          "writes '?' where the value is not needed"}

    def __init__(self, genre: KitGenre, keep: bool = False) -> None:
        super().__init__(genre)
        self.keep = keep

    def with_options(self, options: Mapping[str, str]) -> "NurikabeGeneration":
        keep = self.keep
        for name, value in options.items():
            if name != "numbers":
                return super().with_options(options)  # type: ignore[return-value]
            if value not in ("all", "needed"):
                raise InputError(f"expected all or needed, got {value!r}", "--numbers")
            keep = value == "all"
        return NurikabeGeneration(self.kit, keep)

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        if symmetric:
            raise InputError("Nurikabe numbers go one per island of a drawn answer: no "
                             "symmetric layout", "--symmetric")
        drawn = super().random_answer(rows, cols, rng, density, None)
        grid: list[list[Clue]] = [[None] * cols for _ in range(rows)]
        for island in islands(drawn):
            r, c = rng.choice(island)
            grid[r][c] = len(island)
        layout = Puzzle(self.kit.name, rows, cols, tuple(map(tuple, grid)))
        return KitAnswer(drawn.rows, layout)

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        if self.keep:
            return puzzle, {}
        return (puzzle.with_clues(dict.fromkeys(puzzle.clues(), "?")),
                {x: v for x, v in puzzle.clues().items() if isinstance(v, int)})

    def blank_for(self, answer: Any) -> Puzzle:
        return self.split_givens(super().blank_for(answer))[0]

    def clue_count(self, puzzle: Puzzle) -> int:
        return sum(1 for v in puzzle.clues().values() if isinstance(v, int))

    def clue_candidates(self, answer: Any) -> dict[ClueKey, Clue]:
        """Each number's value: the size of its island in this answer."""
        layout = getattr(answer, "layout", None)
        if self.keep or layout is None:
            return {}
        size = {x: len(k) for k in islands(answer) for x in k}
        return {x: size[x] for x in layout.clues() if x in size}

    def clue_holds(self, answer: Any, key: ClueKey, clue: Clue) -> bool:
        return any(key in k and len(k) == clue for k in islands(answer))

    def encode_switchable(self, blank: Puzzle, b: "Backend",
                          clues: dict[ClueKey, Clue]) -> Switchable:
        kit = self.kit
        assert isinstance(kit, Nurikabe)
        e, cells = kit.encoder(blank, b)
        sized = {x: ("value", *x) for x in clues}
        numbers = {**kit.numbers(blank), **{x: v for x, v in clues.items() if isinstance(v, int)}}
        for rule in kit.shape(blank) + [Islands(blank.rows, blank.cols, numbers, sized=sized)]:
            rule.encode(e)
        return Switchable(KitEncoded(kit, blank, e, cells), {x: e[a] for x, a in sized.items()}, {})

    def repair(self, answer: Any, other: Any, rng: random.Random,
               symmetric: Symmetry | None) -> KitAnswer | None:
        """Move the number of an island onto one of its cells that ``other`` shades
        (there is one: both shade as many cells, the numbers' sum short of all)."""
        layout: Puzzle = answer.layout
        spots = [x for x in layout.cells() if answer[x] == "." and other[x] == "#"]
        if not spots:
            return None
        spot = rng.choice(sorted(spots))
        island = next(k for k in islands(answer) if spot in k)
        clues = {x: v for x, v in layout.clues().items() if x not in island}
        clues[spot] = next(layout[x] for x in island if layout[x] is not None)
        return KitAnswer(answer.rows, layout.with_clues(clues))


def islands(answer: Any) -> list[list[Cell]]:
    """The islands (groups of unshaded cells) of an answer's rows."""
    return components((r, c) for r, row in enumerate(answer.rows) for c, ch in enumerate(row)
                      if ch != "#")


NURIKABE = Nurikabe()

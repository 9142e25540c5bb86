"""Binairo / Takuzu as janko.at publishes it (Tohu-Wa-Vohu): fill every cell with 1 or 2
(janko.at's white and black circles) so that each row and each column holds as many 1s
as 2s and no three equal symbols follow each other in a row or column.

The rules are janko.at's Tohu-Wa-Vohu exactly: rows (and columns) need not differ from
each other (several published Tohu-Wa-Vohu solutions repeat a row), unlike Binairo's
rules elsewhere. janko.at's grids have even sides; on an odd side (this project's
extension, so that any size can be generated) a line holds one more of either. puzz.link
has no such genre; the failcodes are this project's: ``nmUnbalanced`` (a row or column with unequal counts),
``nmThree`` (three equal symbols in a line), ``nmGiven`` (a given changed).

Answers are rows of ``1`` and ``2`` (also read: ``0`` and ``w`` for 1, ``b`` for 2);
Janko blocks (``puzzle tohuwavohu``) use the same tokens.
"""
from __future__ import annotations

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .base import read_number
from .kit import Count, Fix, KitGeneration, KitGenre, NotAll, S, Shade, Values, kit_formats
from .kit.lattice import lines
from .kit.model import Rule


class Binairo(KitGenre):
    name = "binairo"
    aliases = ("takuzu", "tohuwavohu", "tohu-wa-vohu", "tohu_wa_vohu", "binary")
    summary = "fill 1s and 2s: each row and column half and half, never three alike in a line"
    layer = Shade("2", "1", read_shaded="2b", read_unshaded="10w")
    formats = kit_formats(janko_names=("tohuwavohu", "tohu-wa-vohu"), blank=".",
                          drawing={"1": "number", "2": "number"})
    editor_candidates = (".", "1", "2")

    def __init__(self) -> None:
        super().__init__()
        self.generator = BinairoGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        value = read_number(token, where, "'.', 1 or 2", "a given must be 1 or 2")
        if value not in (1, 2):
            raise InputError(f"given {value} is not 1 or 2", where)
        return value

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        out: list[Rule] = []
        for name, cells in lines(puzzle):
            half, odd = divmod(len(cells), 2)
            for n, op in ((half, ">="), (half + odd, "<=")) if odd else ((half, "=="),):
                out.append(Count([S(x) for x in cells], n, cells, "nmUnbalanced",
                                 f"{name} holds {{k}} 2s in {len(cells)} cells", op))
            for i in range(len(cells) - 2):
                three = cells[i:i + 3]
                out.append(NotAll([S(x) for x in three], three, "nmThree", f"three 2s in {name}"))
                out.append(NotAll([], three, "nmThree", f"three 1s in {name}",
                                  negated=[S(x) for x in three]))
        return out

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        return [Fix(S(cell), clue == 2, cell, "nmGiven", f"the given {clue} is changed")]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return 2 if v[S(cell)] else 1


class BinairoGeneration(KitGeneration):
    density_meaning = "share of 2s the random answer leans to"


BINAIRO = Binairo()

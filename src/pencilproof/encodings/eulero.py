"""Eulero (janko.at Eulero; a Graeco-Latin square): write a letter A..N and a number 1..N
into every cell of an NxN grid so that every row and every column holds each letter once
and each number once, and every letter-number pair stands exactly once in the grid.

A given is a pair or half of one: janko.at writes two digits, the letter's place in the
alphabet first (``31`` is C1), ``0`` for a half not given (``30`` the letter C alone,
``01`` the number 1 alone, ``00`` nothing). Files may write the same as ``31``/``C1``,
``30``/``C``/``C?``, ``01``/``?1``; grids hold the two-digit form. Answers hold one
character per pair (kit :mod:`.kit.pairs`: 5(a-1)+b as ``1``-``9``, ``A``-``P``), read
also as Janko's and this page's tokens (``31 13 24 42``), drawn as ``C1``. Sides 3 to 5
(2 and 6 have no Graeco-Latin square; the characters stop at 5). puzz.link has no Eulero:
codes are this project's, in pzprjs's style: ``ltDupRow`` (a letter twice in a row or
column), ``nmDupRow`` (a number twice), ``nmDupPair`` (a pair twice in the grid),
``ceNoNum`` (a cell without a pair), ``nmGiven`` (a given changed).
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Optional, Sequence

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .contract import ClueKey, Glyph
from .kit import AllDifferent, Count, KitAnswer, KitGeneration, KitGenre, Values, kit_formats
from .kit.lattice import lines
from .kit.layers import LETTERS
from .kit.model import N, Layer, Rule
from .kit.numbers import check_square
from .kit.pairs import MOST, Pairs, first, pair_char, pair_of, pair_text, pair_value, read_pair, second

EVERY = [(a, b) for a in range(1, MOST + 1) for b in range(1, MOST + 1)]


class Eulero(KitGenre):
    name = "eulero"
    aliases = ("graeco_latin", "euler_square")
    summary = "a letter and a number per cell: each once per row and column, each pair once"
    formats = kit_formats(janko_names=("eulero",), blank=".",
                          drawing={pair_char(a, b): "number" for a, b in EVERY},
                          answer_text={pair_char(a, b): pair_text(a, b) for a, b in EVERY})
    clue_expected = "'.', a pair such as 31 or C1, or half of one: 30, C, 01, ?1"
    editor_candidates = (".", "10", "20", "30", "01", "02", "03", "11", "12", "21", "22")

    def __init__(self) -> None:
        super().__init__()
        self.generator = EuleroGeneration(self)

    def layer_for(self, puzzle: Puzzle) -> Layer:
        return Pairs(max(1, min(puzzle.rows, MOST)))

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-", 0):
            return None
        if isinstance(token, int) and not isinstance(token, bool) and 10 <= token <= 99:
            token = str(token)
        got = read_pair(token) if isinstance(token, str) else None
        if got is None:
            raise InputError(f"unknown token {token!r} (expected {self.clue_expected})", where)
        return None if got == (0, 0) else f"{got[0]}{got[1]}"

    def clue_token(self, clue: Clue) -> str:
        return "." if clue is None else str(clue)

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        return None if clue is None else Glyph(pair_text(*halves(clue)))

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        n = puzzle.rows
        check_square(n, puzzle.cols, "an Eulero", where, most=MOST)
        for (r, c), clue in puzzle.clues().items():
            if max(halves(clue)) > n:
                raise InputError(f"given {pair_text(*halves(clue))} at r{r + 1}c{c + 1} is "
                                 f"outside A-{LETTERS[n - 1]} and 1-{n}", where)

    def janko_clue(self, token: str, where: str) -> Clue:
        return self.parse_clue(token, where)

    def janko_mark(self, token: str, where: str) -> str:
        got = read_pair(token) if len(token) == 2 else None
        if got is None or 0 in got:
            if token in ("-", "."):
                return "."
            raise InputError(f"unknown solution token {token!r} (expected a pair such as 31)", where)
        return pair_char(*got)

    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> KitAnswer:
        out = []
        for row in rows:
            toks = row.split()
            if len(toks) == puzzle.cols and any(len(t) > 1 for t in toks):  # pair tokens
                got = [read_pair(t) if len(t) == 2 else None for t in toks]
                row = "".join(pair_char(*p) if p and 0 not in p else t for p, t in zip(got, toks))
            out.append(row)
        return super().parse_solution(puzzle, out, where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        n = puzzle.rows
        cells = list(puzzle.cells())
        values = [pair_value(a, b) for a in range(1, n + 1) for b in range(1, n + 1)]
        out: list[Rule] = [Count([N(x, k) for k in values], 1, [x], "ceNoNum",
                                 "a cell has no letter-number pair", ">=") for x in cells]
        for name, line in lines(puzzle):
            for i in range(1, n + 1):
                out.append(Count([first(x, i) for x in line], 1, line, "ltDupRow",
                                 f"the letter {LETTERS[i - 1]} stands {{k}} times in {name}"))
                out.append(Count([second(x, i) for x in line], 1, line, "nmDupRow",
                                 f"the number {i} stands {{k}} times in {name}"))
        return out + [AllDifferent(cells, values, "nmDupPair", "a letter-number pair repeats",
                                   exact=True)]

    def clue_rules(self, puzzle: Puzzle, key: Any, clue: Clue) -> list[Rule]:
        a, b = halves(clue)
        cell = (key[0], key[1])  # (a number half's key is (r, c, "N"))
        given = f"the given {pair_text(a, b)} is changed"
        atoms = [N(cell, pair_value(a, b))] if a and b else [first(cell, a)] if a else [second(cell, b)]
        return [Count(atoms, 1, [cell], "nmGiven", given)]

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        check_square(rows, cols, "an Eulero", "--size", most=MOST)
        return super().random_layout(rows, cols, rng)

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        k: Optional[int] = v.cell.get("number", {}).get(cell)
        return None if k is None else f"{pair_of(k)[0]}0"  # the letter (the number: its own key)


class EuleroGeneration(KitGeneration):
    """Letters (key: the cell) and numbers (key ``(r, c, "N")``) given apart, as janko.at
    gives them: a given pair is two clues."""

    example_size = 5  # (no 6x6 answer)
    density_meaning = "(not used: every cell holds a pair)"

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        out: dict[ClueKey, Clue] = {}
        for (r, c), clue in puzzle.clues().items():
            a, b = halves(clue)
            out.update({(r, c): f"{a}0"} if a else {})
            out.update({(r, c, "N"): f"0{b}"} if b else {})
        return puzzle.with_clues({}), out

    def with_clues(self, blank: Puzzle, clues: Mapping[ClueKey, Clue]) -> Puzzle:
        got = {cell: list(halves(clue)) for cell, clue in blank.clues().items()}
        for key, clue in clues.items():
            half = got.setdefault((key[0], key[1]), [0, 0])
            half[len(key) == 3] = halves(clue)[len(key) == 3]
        return blank.with_clues({cell: f"{a}{b}" for cell, (a, b) in got.items()})

    def key_cell(self, key: ClueKey) -> Cell:
        return (key[0], key[1])

    def clue_place(self, key: ClueKey) -> str:
        return f"r{key[0] + 1}c{key[1] + 1}'s {'number' if len(key) == 3 else 'letter'}"

    def clue_candidates(self, answer: Any) -> dict[ClueKey, Clue]:
        out = super().clue_candidates(answer)
        numbers = self._values(answer)[1].cell.get("number", {})
        return {**out, **{(r, c, "N"): f"0{pair_of(k)[1]}" for (r, c), k in numbers.items() if k}}


def halves(clue: Clue) -> tuple[int, int]:
    """A given's (letter, number), 0 for a half not given."""
    text = str(clue)
    return int(text[0]), int(text[1])


EULERO = Eulero()

"""Hashiwokakero (Bridges; pzprjs ``hashikake``, Janko ``hashi``): join the islands by
bridges so that every island has as many bridges as its number and all islands connect.

Bridges run straight across empty cells between two islands, at most two between a pair,
and never cross. Islands are the numbered cells (``?``: a number nobody was told). An
answer writes each island as its given and each empty cell as ``.``, ``-`` ``=`` (one /
two bridges across) or ``|`` ``H`` (one / two down); see :mod:`.kit.bridges`.

Islands that touch (edge-adjacent) are refused: pzprjs lets a bridge join them, but no
character of this answer format could show it. Failcodes are pzprjs's, in its order
(``brNoLine`` no bridge at all, ``lnCross``, ``nmLineGt`` / ``nmLineLt`` too many / too
few bridges at an island, ``lcDivided`` islands not all connected); ``lnDeadEnd`` (a
bridge that stops in an empty cell) cannot happen in pzprjs's format, only in ours.

Generation: the islands stay; their numbers are the clues (a number switched off leaves
a ``?`` island). Random answers come from a small builder
(:func:`.kit.bridges.random_network`), symmetric under ``--symmetric``.
"""
from __future__ import annotations

import random
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from .base import read_number
from .contract import ClueKey, Glyph, Switchable, Symmetry
from .kit import Connected, Count, KitAnswer, KitEncoded, KitGeneration, KitGenre, Values, kit_formats
from .kit.bridges import Bridges, NoCross, Straight, end_atoms, links, random_network, seg
from .kit.lattice import ortho
from .kit.layers import char_number, number_char
from .kit.model import Rule

#: pzprjs's checklist order (ours first: answers it cannot write), so the first
#: violation is the failcode pzprjs reports.
ORDER = ("anBadChar", "brNoLine", "lnDeadEnd", "lnCross", "nmLineGt", "lcDivided", "nmLineLt")
CROSS, DOWN = "-=", "|H"
LAYER = Bridges(2, CROSS, DOWN)


class Hashi(KitGenre):
    name = "hashi"
    aliases = ("hashiwokakero", "bridges")
    url_pids = ("hashi", "hashikake")
    summary = "join the islands by straight bridges (one or two, no crossings) into one network"
    formats = kit_formats(url_codec="number16", pzprv3_pid="hashikake", pzprv3_layout=("qnum", "bridges"),
                          janko_names=("hashi",), blank=".",
                          drawing={ch: "bridge" for ch in CROSS + DOWN},
                          legend={"bridge": "bridge", "blank": "no bridge"})
    layer = LAYER
    #: Janko's solution grids: 1 / 2 bridges across a cell, a / b down, - nothing (islands
    #: are - too; the problem has their numbers, which :meth:`fixed` copies in).
    janko_solution = {"1": "-", "2": "=", "a": "|", "b": "H"}
    max_clue = 8
    editor_candidates = (".", "?", *map(str, range(1, 9)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = HashiGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-", "?"):
            return super().parse_clue(token, where)
        value = read_number(token, where, "'.', '?' or a number 1-8", "a clue must be a number")
        if not 1 <= value <= 8:
            raise InputError(f"clue {value} is out of range (1-8)", where)
        return value

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        return None if clue is None else Glyph(text=str(clue), mark="island")

    def islands(self, puzzle: Puzzle) -> list[Cell]:
        return sorted(puzzle.clues())

    def fixed(self, puzzle: Puzzle, cell: Cell) -> Optional[str]:
        clue = puzzle.grid[cell[0]][cell[1]]
        return None if clue is None else "?" if clue == "?" else number_char(int(clue))

    def validate(self, puzzle: Puzzle, where: str) -> None:
        islands = set(self.islands(puzzle))
        for (r, c) in sorted(islands):
            v = puzzle.grid[r][c]
            if v != "?" and not (isinstance(v, int) and 1 <= v <= 8):
                raise InputError(f"clue {v!r} at r{r + 1}c{c + 1} is not a number 1-8 or '?'",
                                 where)
            for (y, x) in ((r, c + 1), (r + 1, c)):
                if (y, x) in islands:
                    raise InputError(f"islands r{r + 1}c{c + 1} and r{y + 1}c{x + 1} touch (a "
                                     f"bridge between them has no cell to be written in)", where)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        self.validate(puzzle, where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        islands = self.islands(puzzle)
        through = [x for x in puzzle.cells() if puzzle.grid[x[0]][x[1]] is None]
        singles = sorted({a for x in through for a in end_atoms(puzzle, x, 1)}, key=repr)
        edges = [(a, b, seg(a, d)) for a, b, d in links(puzzle, islands)]
        return [Count(singles, 1, (), "brNoLine", "there is no bridge", ">="),
                Straight(puzzle, through), NoCross(puzzle, through),
                Connected(dict.fromkeys(islands), edges, "lcDivided",
                          "the islands fall into {k} groups")]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        atoms = end_atoms(puzzle, cell)
        return [Count(atoms, clue, [cell], "nmLineGt", "an island of {n} has {k} bridges", "<="),
                Count(atoms, clue, [cell], "nmLineLt", "an island of {n} has {k} bridges", ">=")]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        return v.count(end_atoms(puzzle, cell)) if puzzle.grid[cell[0]][cell[1]] is not None else None

    def verify(self, puzzle: Puzzle, answer: Any) -> list[Violation]:
        return sorted(super().verify(puzzle, answer), key=lambda v: ORDER.index(v.code))


class _Encoded(KitEncoded):
    """Decodes with the islands of the puzzle the next solve stands for: a switch state
    shows numbers where the generator's blank has ``?`` islands."""

    def prepare(self, puzzle: Puzzle) -> None:
        super().prepare(puzzle)
        self.puzzle = puzzle


class HashiGeneration(KitGeneration):
    """The islands stay (``?`` in the blank); their numbers are the clues."""

    density_range = (0.05, 0.45)
    default_density = 0.25
    density_meaning = "share of cells that are islands in the drawn answer"
    symmetric_layout = True

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        clues = puzzle.clues()
        return (puzzle.with_clues(dict.fromkeys(clues, "?")),
                {c: v for c, v in clues.items() if isinstance(v, int)})

    def blank_for(self, answer: Any) -> Puzzle:
        """The answer's islands as it writes them (a drawn answer: all ``?``)."""
        layout = getattr(answer, "layout", None)
        if layout is not None:
            return layout
        rows = answer.rows
        grid = tuple(tuple(None if ch in ".-=|H" else "?" if ch == "?" else char_number(ch)
                           for ch in row) for row in rows)
        return Puzzle(self.kit.name, len(rows), len(rows[0]), grid)

    def answer_for(self, puzzle: Puzzle, answer: Any) -> KitAnswer:
        """The same bridges, with this puzzle's islands written in."""
        return KitAnswer(tuple("".join(self.kit.fixed(puzzle, (r, c)) or ch for c, ch in enumerate(row))
                               for r, row in enumerate(answer.rows)))

    def encode_switchable(self, blank: Puzzle, b: Any, clues: dict[ClueKey, Clue]) -> Switchable:
        sw = super().encode_switchable(blank, b, clues)
        enc = sw.encoded
        assert isinstance(enc, KitEncoded)
        return Switchable(_Encoded(self.kit, blank, enc.e, enc.cells), sw.switches, sw.weak)

    def repair(self, answer: Any, other: Any, rng: random.Random,
               symmetric: Symmetry | None) -> KitAnswer | None:
        """A new ``?`` island (with its images) on a bridge of ``answer`` where ``other``
        differs, splitting that bridge in two: the answer stays valid, ``other`` breaks.
        Why: all numbers on, a layout can still have two networks (large grids often do)."""
        rows = answer.rows
        grid = self.blank_for(answer)
        spots = [x for x in grid.cells() if rows[x[0]][x[1]] in CROSS + DOWN
                 and other.rows[x[0]][x[1]] != rows[x[0]][x[1]]]
        rng.shuffle(spots)
        for x in spots:
            new = symmetric.orbit(x) if symmetric else (x,)
            if all(rows[r][c] in CROSS + DOWN and all(grid[y] is None and y not in new
                                                      for y in ortho(grid, (r, c)))
                   for r, c in new):
                out = tuple("".join("?" if (r, c) in new else ch for c, ch in enumerate(row))
                            for r, row in enumerate(rows))
                return KitAnswer(out, grid.with_clues({**grid.clues(), **dict.fromkeys(new, "?")}))
        return None

    def weak_clue(self, clue: Clue) -> Clue:
        return "?"

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        """The best of a few networks from :func:`.kit.bridges.random_network` (a build
        can get stuck early: a first island in the middle of a 3x3 grid has no room)."""
        share = self.default_density if density is None else density
        target = max(2, round(share * rows * cols))
        islands: set[Cell] = set()
        for _ in range(10):
            net = random_network(rows, cols, rng, target, symmetric or None)
            if len(net[0]) > len(islands):
                islands, bridges = net
            if len(islands) >= target:
                break
        if len(islands) < 2:
            raise InputError(f"no {self.kit.name} answer of size {rows}x{cols} exists "
                             f"(islands must be apart)", "--size")
        grid = [["?" if (r, c) in islands else LAYER.table[bridges.get((r, c), ("", 0))]
                 for c in range(cols)] for r in range(rows)]
        layout = Puzzle(self.kit.name, rows, cols, tuple(
            tuple("?" if ch == "?" else None for ch in row) for row in grid))
        return KitAnswer(tuple("".join(row) for row in grid), layout)


HASHI = Hashi()

"""Numberlink (puzz.link ``numlin``, janko.at ``Arukone``): join each pair of equal numbers
by a path of lines between cell centres; paths never cross, branch or pass a number.

Janko's rule says it in so many words: there is no rule that every cell carries a line
("Es gibt keine Regel, dass durch jedes Feld eine Linie führen muss", janko.at
Arukone/Regeln.htm), and neither has pzprjs's numlin; so cells may stay empty, and a
puzzle is unique only if no path can take another way through them. (pzprjs's separate
``arukone`` pid asks for every cell unless its URL says ``e``: it is not read.)

Answers are the Lines layer's pipes with path ends (``. | - L J 7 F``, a number's cell
``^ > v <``). Janko's solutions name each cell's directions with n, s, w and o (Ost) or
e: ``o`` alone is a path's end going east. A ``?`` is a number of unknown value
(pzprjs's qnum -2); here it may join any number (pzprjs joins it only to another ``?``).
Failcodes are pzprjs's (numlin.js): ``brNoLine``, ``lnBranch``, ``lnCross``,
``lcTripleNum``, ``nmConnDiff``, ``lcOnNum``, ``lnDeadEnd``, ``lcIsolate``, ``nmNoLine``.

Generation, as Nurikabe's numbers: a drawn answer (a random Hamiltonian path, by
backbite moves, cut into paths of random lengths, and wherever a path would touch itself:
it could take the shortcut; a lone cell left over stays empty) gets its numbers at the
paths' ends; their places stay,
their values are the clues that switch (a generated or minimized puzzle shows ``?``
where a value is not needed). When another answer fits, :meth:`NumberlinkGeneration.repair`
cuts a path of the drawn answer in two at a cell where the other answer differs: the new
numbers there have two lines or none in the other answer.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Mapping, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle
from .base import read_number
from .contract import ClueKey, Glyph, Switchable, Symmetry
from .kit import Count, KitAnswer, KitGeneration, KitGenre, kit_formats
from .kit.layers import PIPE_DIRS, PIPES, STEP, edge_atom
from .kit.genre import KitEncoded
from .kit.links import (BACK, PathLines, TerminalPaths, TerminalValue, ValuedEncoded, colour, partner,
                        pipe_rows, random_path, shortest_paths_lemma)
from .kit.loops import LineDegrees
from .kit.model import Rule
from .kit.paths import JANKO_PIPES

if TYPE_CHECKING:
    from ..solvers.backends import Backend

_ENDS = {"n": "^", "s": "v", "w": "<", "o": ">", "e": ">"}


def terminals(puzzle: Puzzle) -> dict[Cell, Optional[int]]:
    return {x: (v if isinstance(v, int) else None) for x, v in puzzle.clues().items()}


def colours(puzzle: Puzzle) -> list[int]:
    """The path colours: the numbers' values, and 0 for paths between ``?`` only."""
    ends = terminals(puzzle)
    return sorted({v for v in ends.values() if v is not None}) + ([0] if None in ends.values() else [])


class Numberlink(KitGenre):
    name = "numberlink"
    aliases = ("arukone", "number_link")
    url_pids = ("numlin",)
    summary = "join equal numbers in pairs by paths that never cross, branch or pass a number"
    layer = PathLines()
    formats = kit_formats(url_codec="number16", pzprv3_pid="numlin", pzprv3_layout=("qnum", "lines"),
                          janko_names=("arukone",), drawing=dict.fromkeys("|-LJ7F", "pipe"),
                          blank=".")
    janko_problem = {"-": None}
    janko_solution = {**JANKO_PIPES, **_ENDS}
    editor_candidates = (".", "?", *map(str, range(1, 10)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = NumberlinkGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token in (".", "-"):
            return None
        if token == "?":
            return "?"
        value = read_number(token, where, "'.', '?' or a number", "a clue must be a number")
        if not 1 <= value <= self.max_clue:
            raise InputError(f"clue {value} is out of range (1-{self.max_clue})", where)
        return value

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        cells = list(puzzle.cells())
        inside = set(cells)
        lines = [edge_atom(x, d) for x in cells for d in "ES"
                 if (x[0] + STEP[d][0], x[1] + STEP[d][1]) in inside]
        return [Count(lines, 1, (), "brNoLine", "there is no line", ">="), LineDegrees(cells, ends=True),
                TerminalPaths(puzzle.rows, puzzle.cols, terminals(puzzle), colours(puzzle))]

    def encode(self, puzzle: Puzzle, b: "Backend", encoding: str | None = None) -> KitEncoded:
        model = super().encode(puzzle, b, encoding)
        model.lemma = shortest_paths_lemma(model.e, model.cells, terminals(puzzle), colours(puzzle))
        return model

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        return [TerminalValue(puzzle.rows, puzzle.cols, cell, clue, terminals(puzzle))]

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        return None if clue is None else Glyph(text=str(clue), mark="island")


class NumberlinkGeneration(KitGeneration):
    """Numbers at the ends of drawn paths; their values switch (see the module)."""

    density_range = (0.1, 0.6)
    default_density = 0.3
    density_meaning = "share of cells that hold numbers (paths of up to 2 / density cells)"
    options = {"numbers": "numberlink: 'all' keeps every number's value; 'needed' (default) "
                          "writes '?' where the value is not needed"}

    def __init__(self, genre: KitGenre, keep: bool = False) -> None:
        super().__init__(genre)
        self.keep = keep

    def with_options(self, options: Mapping[str, str]) -> "NumberlinkGeneration":
        for name, value in options.items():
            if name != "numbers":
                return super().with_options(options)  # type: ignore[return-value]
            if value not in ("all", "needed"):
                raise InputError(f"expected all or needed, got {value!r}", "--numbers")
        return NumberlinkGeneration(self.kit, options.get("numbers", "all" if self.keep else "") == "all")

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        if rows * cols < 2:
            raise InputError(f"a {rows}x{cols} grid holds no path", "--size")
        goal = 2
        longest = max(2, round(2 / (density or self.default_density)))
        paths: list[list[Cell]] = []
        for y in random_path(rows, cols, rng):  # cut where a path would touch itself (a
            last = paths[-1] if paths else []    # shortcut), or at its random length
            if last and len(last) < goal and not any(abs(y[0] - x[0]) + abs(y[1] - x[1]) == 1
                                                     for x in last[:-1]):
                last.append(y)
            else:
                paths.append([y])
                goal = rng.randint(2, longest)
        paths = [p for p in paths if len(p) > 1]  # a lone cell stays empty
        grid: list[list[Clue]] = [[None] * cols for _ in range(rows)]
        for k, p in enumerate(paths, 1):
            for r, c in (p[0], p[-1]):
                grid[r][c] = k
        layout = Puzzle(self.kit.name, rows, cols, tuple(map(tuple, grid)))
        return KitAnswer(pipe_rows(paths, rows, cols), layout)

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
        """Each number's value in this answer: its own, its path partner's, or a new one
        shared by a pair of '?'."""
        layout = getattr(answer, "layout", None)
        if layout is None or self.keep:
            return {}
        out: dict[ClueKey, Clue] = {}
        fresh = max([v for v in layout.clues().values() if isinstance(v, int)], default=0)
        for x in sorted(layout.clues()):
            y = partner(answer.rows, x)
            if x in out or y not in layout.clues():
                continue
            value = layout[x] if isinstance(layout[x], int) else layout[y]
            if not isinstance(value, int):
                fresh += 1
                value = fresh
            out[x] = out[y] = value
        return out

    def clue_holds(self, answer: Any, key: ClueKey, clue: Clue) -> bool:
        """The value the answer's path gives this number (its colour in a model)."""
        layout = getattr(answer, "layout", None)
        return layout is not None and layout[key] == clue

    def encode_switchable(self, blank: Puzzle, b: "Backend", clues: dict[ClueKey, Clue]) -> Switchable:
        kit, full = self.kit, self.with_clues(blank, clues)
        e, cells = kit.encoder(blank, b)
        stay = [r for x, v in blank.clues().items() for r in kit.clue_rules(full, x, v)]
        for rule in kit.rules(full) + stay:  # (full: the colours of every value)
            rule.encode(e)
        switches = {x: b.new_var() for x in clues}
        for x, v in clues.items():
            for rule in kit.clue_rules(full, x, v):
                rule.encode(e, switches[x])
        hidden = {x: {(v or "?"): colour(x, v) for v in colours(full)} for x in blank.clues()}
        return Switchable(ValuedEncoded(kit, blank, e, cells, hidden), switches, {})

    def repair(self, answer: Any, other: Any, rng: random.Random,
               symmetric: Symmetry | None) -> KitAnswer | None:
        """Cut a drawn path at an edge from a cell where ``other`` differs to a neighbour
        along the path, both of two lines: they become the ends of two paths."""
        layout: Puzzle = answer.layout
        rows, cols = layout.rows, layout.cols
        dirs = {(r, c): PIPE_DIRS[answer.rows[r][c]] for r in range(rows) for c in range(cols)}
        cuts = [(x, d) for x in sorted(dirs) if answer[x] != other[x] and len(dirs[x]) == 2
                for d in sorted(dirs[x]) if len(dirs[(x[0] + STEP[d][0], x[1] + STEP[d][1])]) == 2]
        if not cuts:
            return None
        u, d = rng.choice(cuts)
        w = (u[0] + STEP[d][0], u[1] + STEP[d][1])
        dirs[u], dirs[w] = dirs[u] - {d}, dirs[w] - {BACK[d]}
        cut = tuple("".join(PIPES[frozenset(dirs[(r, c)])] for c in range(cols)) for r in range(rows))
        end = partner(cut, w)  # the far end of w's part, which takes w's new value
        clues = dict(layout.clues())
        value, new = clues[end], max(v for v in clues.values() if isinstance(v, int)) + 1
        clues.update({u: value, w: new, end: new})
        return KitAnswer(cut, layout.with_clues(clues))


NUMBERLINK = Numberlink()

"""Country Road (puzz.link ``country``, janko.at ``Country-Road``): draw one loop through
cell centres that visits every room (country) exactly once: it enters each room once and
leaves it once. A number is how many cells of its room the loop visits. Two cells the
loop leaves out may not share an edge across a room border.

Rooms are the puzzle's ``areas`` (Janko's ``areas`` section; a block without a
``problem`` section has no numbers). Answers are the Lines layer's pipes; Janko writes
direction pairs (``se``). Failcodes are pzprjs's (country.js): ``lnBranch``,
``lnCross``, ``bkPassTwice`` (a room entered twice), ``bkLineNe``, ``bkNoLine`` (a room
the loop misses), ``cbNoLine`` (two unvisited cells across a border), ``lnDeadEnd``,
``lnPlLoop`` (and the kit's ``brNoLine``: no line at all).

Generation (:class:`CountryGeneration`) draws the loop first: a random loop is cut into
runs, each run a room's visited cells, and every piece of unvisited cells joins a room
next to it (so the loop fits its rooms); the numbers are the clues. Where another loop
fits every number, :meth:`CountryGeneration.repair` cuts the same loop into other rooms
until that loop breaks one of them.
"""
from __future__ import annotations

import random
import weakref
from typing import Any, Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from ..solvers.backends import make_backend
from .contract import Glyph, JankoBlock, Symmetry
from .kit import KitAnswer, KitGeneration, KitGenre, Lines, Values, kit_formats
from .kit.lattice import HOLE, holes, janko_rooms, normalize_areas, pairs
from .kit.layers import STEP
from .kit.loops import LineDegrees, SingleLoop, cell_edges, degree
from .kit.model import Encoder, Lit, Rule
from .kit.paths import (JANKO_PIPES, Crossings, LoopCount, first_answer, loop_order,
                         off_loop_pieces)
from .kit.urlcodec import top_cell


class Grass(Rule):
    """Two edge-adjacent cells of different rooms are not both left out by the loop."""

    code, message = "cbNoLine", "two cells the loop leaves out touch across a room border"

    def __init__(self, a: Cell, b: Cell, live: frozenset[Cell]):
        self.a, self.b, self.live = a, b, live

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        e.clause([e[x] for c in (self.a, self.b) for x in cell_edges(c, self.live)], guard)

    def check(self, v: Values) -> list[Violation]:
        return [] if degree(v, self.a) or degree(v, self.b) else [self.broken([self.a, self.b])]


def _room_map(layout: Optional[tuple[tuple[int, ...], ...]], rows: int, cols: int,
              gone: frozenset[Cell] = frozenset()) -> dict[int, list[Cell]]:
    """Room number -> cells (no layout: the whole grid is one room), without ``gone``."""
    out: dict[int, list[Cell]] = {}
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in gone:
                out.setdefault(layout[r][c] if layout else 0, []).append((r, c))
    return out


#: Each puzzle's room map while the puzzle lives (its clues ask for their rooms one by
#: one), by the puzzle's id. An lru_cache of 64 layouts kept up to 64 big room maps
#: alive in a long-running ``serve`` (a 1000x1000 map is about 100 MB): a map now goes
#: with its puzzle.
_ROOMS: dict[int, tuple["weakref.ref[Puzzle]", dict[int, list[Cell]]]] = {}


def _rooms(puzzle: Puzzle) -> dict[int, list[Cell]]:
    key = id(puzzle)
    hit = _ROOMS.get(key)
    if hit is not None and hit[0]() is puzzle:
        return hit[1]
    out = _room_map(puzzle.param("areas"), puzzle.rows, puzzle.cols, holes(puzzle))

    def gone(_: object, key: int = key) -> None:
        _ROOMS.pop(key, None)
    _ROOMS[key] = (weakref.ref(puzzle, gone), out)
    return out


class Country(KitGenre):
    name = "country"
    aliases = ("country_road", "countryroad")
    url_pids = ("country",)
    summary = "one loop visits every room once; a number counts its room's cells on the loop"
    layer = Lines()
    param_keys = ("areas",)
    formats = kit_formats(url_parts=("border", "roomnumber16"), pzprv3_pid="country",
                          pzprv3_layout=("flags", "rooms", "qnum", "lines", "qsub"),
                          janko_names=("country", "country-road", "country_road"), blank=".",
                          drawing=dict.fromkeys("|-LJ7F^>v<+", "pipe"))
    janko_solution = JANKO_PIPES
    editor_candidates = (".", "?", *map(str, range(1, 10)))

    def __init__(self) -> None:
        super().__init__()
        self.generator = CountryGeneration(self)

    def rooms(self, puzzle: Puzzle) -> dict[int, list[Cell]]:
        return _rooms(puzzle)

    def room_of(self, puzzle: Puzzle, cell: Cell) -> list[Cell]:
        layout = puzzle.param("areas")
        return self.rooms(puzzle)[layout[cell[0]][cell[1]] if layout else 0]

    def janko_puzzle(self, block: JankoBlock) -> Puzzle:
        """Janko's rooms (:func:`~.kit.lattice.janko_rooms`): a cell ``@`` is in no room
        and off the loop (Country Road 029's 3x3 hole)."""
        if block.grid("problem") is None:
            dashes = tuple(tuple(("-", block.where) for _ in range(block.cols)) for _ in range(block.rows))
            block = JankoBlock(block.rows, block.cols, block.fields,
                               {**block.sections, "problem": dashes}, block.where)
        puzzle, grid = super().janko_puzzle(block), block.grid("areas")
        return puzzle if grid is None else janko_rooms(
            puzzle, [[t for t, _ in line] for line in grid], block.where)

    def parse_clue(self, token: object, where: str) -> Clue:
        return HOLE if token == HOLE else super().parse_clue(token, where)

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        return Glyph(hole=True) if clue == HOLE else super().glyph(clue)

    def fixed(self, puzzle: Puzzle, cell: Cell) -> Optional[str]:
        return "." if puzzle[cell] == HOLE else None

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        seen: dict[int, Cell] = {}
        layout = puzzle.param("areas")
        for (r, c), clue in puzzle.clues().items():
            if clue == HOLE:
                continue
            k = layout[r][c] if layout else 0
            if k in seen:
                y, x = seen[k]
                raise InputError(f"r{r + 1}c{c + 1}: a second number in the room of r{y + 1}c{x + 1}",
                                 where)
            seen[k] = (r, c)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        cells = self.free_cells(puzzle)
        live = frozenset(cells)
        rooms = self.rooms(puzzle)
        out: list[Rule] = [LineDegrees(cells), SingleLoop(cells)]
        if len(rooms) > 1:
            out += [Crossings(room, live, ("bkNoLine", "the loop misses a room"),
                              ("bkPassTwice", "the loop enters a room twice or more"))
                    for room in rooms.values()]
        layout = puzzle.param("areas")
        if layout:
            out += [Grass(a, b, live) for a, b in pairs(puzzle)
                    if layout[a[0]][a[1]] != layout[b[0]][b[1]] and a in live and b in live]
        return out

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        if not isinstance(clue, int):
            return []
        room = self.room_of(puzzle, cell)
        return [LoopCount(room, frozenset(self.free_cells(puzzle)), clue, (cell,), "bkLineNe",
                          f"a room's number is {clue}, the loop visits {{k}} of its cells")]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """A room's number, at its top cell (pzprjs's: leftmost column, then topmost)."""
        if puzzle[cell] == HOLE:
            return HOLE
        room = self.room_of(puzzle, cell)
        return sum(1 for x in room if degree(v, x)) if top_cell(room) == cell else None


def _beside(piece: list[Cell]) -> list[Cell]:
    return [(y + dy, x + dx) for y, x in piece for dy, dx in STEP.values()]


def cut_rooms(rows: tuple[str, ...], rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """Rooms a loop fits: runs of 1-6 of its cells, each piece of unvisited cells joined
    to the room of a loop cell beside it."""
    order = loop_order(rows)
    label: dict[Cell, int] = {}
    k, start = 0, rng.randrange(len(order))
    order = order[start:] + order[:start]
    while len(label) < len(order):
        for cell in order[len(label):len(label) + rng.randint(1, 6)]:
            label[cell] = k
        k += 1
    for piece in off_loop_pieces(rows):
        room = rng.choice([label[n] for n in _beside(piece) if n in label])
        label.update(dict.fromkeys(piece, room))
    return normalize_areas([[label[(r, c)] for c in range(len(rows[0]))] for r in range(len(rows))])


def split_room(rows: tuple[str, ...], layout: Any, at: list[Cell]) -> Optional[tuple[tuple[int, ...], ...]]:
    """The rooms with one of them split where the loop reaches the first cell of ``at``
    that does not start its room's run: the loop still fits (the run from that cell on
    is a new room, with the pieces of left-out cells beside it only)."""
    order = loop_order(rows)
    label = {(r, c): k for r, line in enumerate(layout) for c, k in enumerate(line)}
    place = {c: i for i, c in enumerate(order)}
    for x in at:
        i = place.get(x)
        if i is None or label[order[i - 1]] != label[x]:
            continue
        room, part = label[x], list[Cell]()
        while label[order[(i + len(part)) % len(order)]] == room and len(part) < len(order):
            part.append(order[(i + len(part)) % len(order)])
        if len(part) == sum(1 for c in order if label[c] == room):
            continue  # (the whole loop is one room)
        new = max(label.values()) + 1
        label.update(dict.fromkeys(part, new))
        for piece in off_loop_pieces(rows):
            if label[piece[0]] == room and not any(label.get(n) == room for n in _beside(piece)
                                                   if n in place):
                label.update(dict.fromkeys(piece, new))
        return normalize_areas([[label[(r, c)] for c in range(len(rows[0]))] for r in range(len(rows))])
    return None


class CountryGeneration(KitGeneration):
    """Rooms cut from a random loop (see the module docstring); numbers are the clues."""

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Optional[Symmetry]) -> KitAnswer:
        """A random loop cut into rooms, rooms split until no other loop fits them with
        all their numbers."""
        one = self.kit.random_layout(rows, cols, rng).with_params(
            areas=tuple((0,) * cols for _ in range(rows)))
        for _ in range(self.LAYOUTS):
            loop = self._answer_on(one, rng, density)
            if loop is None:
                break
            answer: Optional[KitAnswer] = KitAnswer(loop.rows, one.with_params(
                areas=cut_rooms(loop.rows, rng)))
            for _ in range(rows * cols):
                if answer is None or answer.layout is None:
                    break
                full = self.with_clues(answer.layout, self.clue_candidates(answer))
                b = make_backend("cadical")
                try:
                    enc = self.kit.encode(full, b)
                    b.add_clause(enc.block(answer))
                    other = first_answer(enc, [])
                finally:
                    b.close()
                if other is None:
                    return answer
                answer = self.repair(answer, other, rng, None)
        raise InputError(f"no country answer of size {rows}x{cols} was found")

    def repair(self, answer: Any, other: Any, rng: random.Random,
               symmetric: Optional[Symmetry]) -> Optional[KitAnswer]:
        """The same loop with a room split where ``other`` differs from it (or next to
        such a place)."""
        blank = self.blank_for(answer)
        at = [x for x in blank.cells() if answer[x] != other[x]]
        rng.shuffle(at)
        order = loop_order(answer.rows)
        after = [order[(order.index(x) + 1) % len(order)] for x in at if x in order]
        layout = split_room(answer.rows, blank.param("areas"), at + after)
        return None if layout is None else KitAnswer(answer.rows, blank.with_params(areas=layout))


COUNTRY = Country()

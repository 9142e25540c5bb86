"""Flood-It in plain Python: the board, its areas, move sequences, bounds and search.

No solver here. :class:`Board` turns a puzzle into its areas (maximal edge-connected
one-colour regions, "clusters") and their adjacency, kept as bit masks in Python ints,
so that a state of the game is one int: the areas flooded so far. A move of colour c
adds every area of colour c that borders the flooded ones (an area never borders one
of its own colour, so nothing else joins).

* :func:`replay` is the verifier's engine: it floods cells, not areas, so it shares
  nothing with the area graph the encodings and searches use.
* :meth:`Board.lower_bound` is Puchert's admissible bound: repeatedly, if some colours
  can be removed entirely by one move each, count and apply those moves; otherwise count
  one "colour-blind" move that absorbs every bordering area.
* :meth:`Board.beam` is a beam search ranked by moves + that bound (ties broken by one
  of :data:`TIES`), with the dominance rule that a move removing a colour entirely is
  always played at once (an optimal sequence exists that does so). It gives an upper
  bound, often the optimum; :meth:`Board.beam_levels` also returns the kept states,
  which seed the exact search of :mod:`.search`.

"No solver" does not mean "no C": where the install built the A* core (:mod:`._astar`,
see :mod:`.astar`), :meth:`Board.lower_bound` asks it for the same bound, some 50 times
faster, and :meth:`Board.beam` runs there whole, a level a call (the same states kept in
the same order, so the same sequence as :meth:`Board.beam_levels`; a test holds the two
together): 003b's width-1000 beam takes 0.42 s there against 2.0 s.
"""
from __future__ import annotations

import os

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Sequence

from ...puzzle import Cell, Puzzle
from ...solvers.deadline import NEVER, Deadline, TimeUp

#: Colour characters: 0-9, then A-Z (Simon Tatham's game IDs use the same for 10+).
COLOUR_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_COLOURS = len(COLOUR_CHARS)


@dataclass(frozen=True)
class Moves:
    """A Flood-It answer: the colours chosen, in order (the pivot area takes each)."""

    colours: tuple[int, ...]

    def to_json(self) -> list[int]:
        return list(self.colours)

    def differ(self, other: Any) -> list[Cell]:
        return []  # a sequence has no cells

    def __len__(self) -> int:
        return len(self.colours)

    def text(self) -> str:
        return " ".join(COLOUR_CHARS[c] for c in self.colours)


def pivot_of(puzzle: Puzzle) -> Cell:
    """The start cell: the puzzle's ``pivot`` parameter, or the top-left cell."""
    p = puzzle.param("pivot")
    return (0, 0) if p is None else (int(p[0]), int(p[1]))


@dataclass(frozen=True)
class Replay:
    """What a sequence does: whether it floods the board, after how many moves, and the
    first move that changes nothing (the region's own colour) or comes after the end."""

    flooded: bool
    used: int                 # moves until the board was one colour (all, if never)
    left: int                 # cells not flooded at the end
    no_op: int | None         # index of the first move that changes nothing
    extra: int                # moves after the board was flooded


def replay(puzzle: Puzzle, colours: Sequence[int]) -> Replay:
    """Play a sequence on the cells of the board (plain flood fill, no area graph).

    The flooded region only grows, so it is kept with the cells bordering it, by colour:
    a move takes in the bordering cells of its colour and whatever of that colour they
    touch. Every cell joins once, so a whole game costs about the board's size (a
    100x100 board's 139 moves: milliseconds, where refilling the region each move took
    most of a second)."""
    rows, cols = puzzle.rows, puzzle.cols
    grid = puzzle.grid
    pr, pc = pivot_of(puzzle)
    total = rows * cols
    inside = [[False] * cols for _ in range(rows)]
    border: dict[Any, set[Cell]] = {}  # colour -> cells next to the region, outside it
    size = 0
    current = grid[pr][pc]

    def absorb(start: list[Cell], colour: Any) -> None:
        nonlocal size
        todo = start
        while todo:
            r, c = todo.pop()
            if inside[r][c]:
                continue
            inside[r][c] = True
            size += 1
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= rr < rows and 0 <= cc < cols and not inside[rr][cc]:
                    v = grid[rr][cc]
                    if v == colour:
                        todo.append((rr, cc))
                    else:
                        border.setdefault(v, set()).add((rr, cc))

    absorb([(pr, pc)], current)
    used, no_op, extra = 0, None, 0
    for i, colour in enumerate(colours):
        if size == total:
            extra = len(colours) - i
            break
        if colour == current and no_op is None:
            no_op = i
        current = colour
        absorb(list(border.pop(colour, ())), colour)
        used = i + 1
    return Replay(size == total, used, total - size, no_op, extra)


def boards_after(puzzle: Puzzle, colours: Sequence[int]) -> list[Puzzle]:
    """The board after each move of a sequence (for pictures): the pivot's region takes
    the move's colour."""
    rows, cols = puzzle.rows, puzzle.cols
    grid = [list(row) for row in puzzle.grid]
    pr, pc = pivot_of(puzzle)
    out = []
    for colour in colours:
        old, todo, seen = grid[pr][pc], [(pr, pc)], {(pr, pc)}
        while todo:
            r, c = todo.pop()
            grid[r][c] = colour
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= rr < rows and 0 <= cc < cols and (rr, cc) not in seen \
                        and grid[rr][cc] == old:
                    seen.add((rr, cc))
                    todo.append((rr, cc))
        out.append(Puzzle(puzzle.genre, rows, cols, tuple(tuple(r) for r in grid), puzzle.params))
    return out


#: Boards with at most this many areas get byte tables for :meth:`Board.neighbours` (256
#: masks per byte of areas: their size grows with the square of the areas, 16 MB here).
TABLE_AREAS = 2048

#: Boards with at most this many areas get the C core's bound (its tables hold a row of
#: n bits per area: 2 MB at 4096 areas); bigger ones (no A* either) keep Python's.
CORE_AREAS = 4096

#: Colours the C core takes (it keeps the colours left in one 64-bit word); a board with
#: more is searched in Python.
CORE_COLOURS = 64

try:
    from . import _astar as core_module
except ImportError:  # no C compiler at install: Python alone
    core_module = None  # type: ignore[assignment]


def compiled() -> bool:
    """Whether the C core is there and chosen (``PENCILPROOF_PURE=1`` turns it off)."""
    return core_module is not None and os.environ.get("PENCILPROOF_PURE", "") in ("", "0")


class Board:
    """The areas of a puzzle and their adjacency, as bit masks (state = flooded areas).

    Building one takes time and memory that grow with the square of the number of areas
    (each area's neighbours are a mask as long as its index); ``deadline`` is asked
    between rows and between areas."""

    def __init__(self, puzzle: Puzzle, deadline: Deadline = NEVER):
        self.puzzle = puzzle
        rows, cols = puzzle.rows, puzzle.cols
        grid = puzzle.grid
        area = [[-1] * cols for _ in range(rows)]
        colour: list[int] = []
        cells: list[list[Cell]] = []
        for r in range(rows):
            deadline.check()
            for c in range(cols):
                if area[r][c] >= 0:
                    continue
                k = len(colour)
                col = grid[r][c]
                assert isinstance(col, int)
                colour.append(col)
                members = [(r, c)]
                area[r][c] = k
                i = 0
                while i < len(members):
                    y, x = members[i]
                    i += 1
                    for yy, xx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                        if 0 <= yy < rows and 0 <= xx < cols and area[yy][xx] < 0 \
                                and grid[yy][xx] == col:
                            area[yy][xx] = k
                            members.append((yy, xx))
                cells.append(members)
        n = len(colour)
        adj: list[set[int]] = [set() for _ in range(n)]
        for r in range(rows):
            if not r & 15:
                deadline.check()
            for c in range(cols):
                a = area[r][c]
                if r + 1 < rows and area[r + 1][c] != a:
                    adj[a].add(area[r + 1][c])
                    adj[area[r + 1][c]].add(a)
                if c + 1 < cols and area[r][c + 1] != a:
                    adj[a].add(area[r][c + 1])
                    adj[area[r][c + 1]].add(a)
        pr, pc = pivot_of(puzzle)
        self.area = area
        self.n = n
        self.colour = colour
        self.cells = cells
        self.adj = [sorted(a) for a in adj]
        self.ncolours = max(colour) + 1
        self.start = area[pr][pc]
        self.full = (1 << n) - 1
        self.colour_mask = [0] * self.ncolours
        for k, col in enumerate(colour):
            self.colour_mask[col] |= 1 << k
        nb: list[int] = []
        for k, near in enumerate(self.adj):
            if not k & 1023:
                deadline.check()
            nb.append(sum(1 << j for j in near))
        self._nb = nb
        # Neighbours of a whole mask, one byte of areas at a time (tables of 256); a big
        # board goes area by area instead (the tables would take gigabytes).
        self._nbytes = (n + 7) // 8
        self._table: list[list[int]] = []
        for i in range(self._nbytes if n <= TABLE_AREAS else 0):
            row = [0] * 256
            for v in range(1, 256):
                low = v & -v
                k = 8 * i + low.bit_length() - 1
                row[v] = row[v ^ low] | (nb[k] if k < n else 0)
            self._table.append(row)

    # -- states ---------------------------------------------------------------------------
    def neighbours(self, mask: int) -> int:
        """Every area next to some area of ``mask`` (the mask itself included, maybe)."""
        out = 0
        if not self._table or mask.bit_count() <= 8:  # a few areas (or a big board): one by one
            nb = self._nb
            while mask:
                low = mask & -mask
                out |= nb[low.bit_length() - 1]
                mask ^= low
            return out
        table = self._table
        for i, byte in enumerate(mask.to_bytes(self._nbytes, "little")):
            if byte:
                out |= table[i][byte]
        return out

    def initial(self) -> tuple[int, int]:
        """(flooded areas, bordering areas) before the first move."""
        s = 1 << self.start
        return s, self.neighbours(s) & ~s

    def play(self, state: int, border: int, colour: int) -> tuple[int, int]:
        absorbed = border & self.colour_mask[colour]
        state |= absorbed
        return state, (border | self.neighbours(absorbed)) & ~state

    def essential(self, moves: Moves) -> Moves:
        """``moves`` without the moves that flood no area, and without any after the board
        is flooded. A solver's model may hold such moves: its "may flood" reading lets a
        move take areas an earlier move of the same colour took in the real game, where
        the later one then picks the region's own colour, which is no move (the verifier
        says so). What each remaining move floods is unchanged (a move floods what borders
        the flooded areas in its colour, whatever came before), so the board is flooded
        as by ``moves``, in as many moves or fewer."""
        s, b = self.initial()
        out = []
        for c in moves.colours:
            if s == self.full:
                break
            if 0 <= c < len(self.colour_mask) and b & self.colour_mask[c]:
                s, b = self.play(s, b, c)
                out.append(c)
        return Moves(tuple(out))

    def run(self, colours: Sequence[int]) -> int:
        """The flooded areas after a sequence (area-graph semantics)."""
        s, b = self.initial()
        for c in colours:
            s, b = self.play(s, b, c)
        return s

    @cached_property
    def distance(self) -> list[int]:
        """Moves before an area can be flooded at the earliest (its distance from the
        pivot's area in the area graph)."""
        d = [-1] * self.n
        d[self.start] = 0
        queue = [self.start]
        for k in queue:
            for j in self.adj[k]:
                if d[j] < 0:
                    d[j] = d[k] + 1
                    queue.append(j)
        return d

    # -- bounds ---------------------------------------------------------------------------
    def eliminable(self, state: int, border: int) -> list[int]:
        """Colours whose every remaining area borders the flooded region."""
        rem = self.full & ~state
        return [c for c, m in enumerate(self.colour_mask) if m & rem and not m & rem & ~border]

    @cached_property
    def core_tables(self) -> tuple[int, bytes, bytes]:
        """(bytes a row, each area's neighbours, each colour's areas): the board as the C
        core reads it, rows of little-endian 64-bit words."""
        size = 8 * ((self.n + 63) // 64)
        rows = b"".join(nb.to_bytes(size, "little") for nb in self._nb)
        masks = b"".join(m.to_bytes(size, "little") for m in self.colour_mask)
        return size, rows, masks

    @cached_property
    def _core(self) -> Any:
        """A C core on this board for its bound and its beams (None: Python's; see
        :data:`CORE_AREAS` and :data:`CORE_COLOURS`)."""
        if not compiled() or self.n > CORE_AREAS or len(self.colour_mask) > CORE_COLOURS:
            return None
        size, rows, masks = self.core_tables
        s, b = self.initial()
        return core_module.Core(self.n, len(self.colour_mask), rows, masks,
                                s.to_bytes(size, "little"), b.to_bytes(size, "little"), 0, 0)

    @cached_property
    def _core_bound(self) -> Any:
        """The C core's bound on this board (None: Python's)."""
        core = self._core
        return None if core is None else core.bound

    def lower_bound(self, state: int | None = None, border: int | None = None,
                    cap: int | None = None, deadline: Deadline = NEVER) -> int:
        """Puchert's admissible bound on the moves still needed from a state (with
        ``cap``: any value above ``cap`` once it is known to exceed it): the C core's
        where it is built, the same as :meth:`python_bound`'s."""
        if state is None or border is None:
            state, border = self.initial()
        fast = self._core_bound
        if fast is None:
            return self.python_bound(state, border, cap, deadline)
        if deadline.limited:
            deadline.check()
        size = self.core_tables[0]
        return int(fast(state.to_bytes(size, "little"), border.to_bytes(size, "little"),
                        cap is not None, -1 if cap is None else cap))

    def python_bound(self, state: int, border: int, cap: int | None = None,
                     deadline: Deadline = NEVER) -> int:
        """:meth:`lower_bound` in Python.

        Every search here (beams, A*, the depth-first search) spends most of its time
        in this one function, so it is written for CPython: the test "colour c can be
        removed entirely" is one AND with the areas left outside the border, and the
        neighbours of what a step absorbs come from the byte tables inline. No colour
        is removed entirely by a colour-blind step (it would have been removable before
        it), so the bound counts every colour left once more: the count so far plus the
        colours left never falls, and once it exceeds ``cap`` it is returned (as the C
        core does)."""
        full, masks, nb, table = self.full, self.colour_mask, self._nb, self._table
        nbytes = self._nbytes
        limit = full.bit_length() if cap is None else cap
        check = deadline.limited
        h = 0
        left = sum(1 for m in masks if m & ~state & full)
        while True:
            if check and not h & 7:
                deadline.check()
            rem = full & ~state
            if not rem:
                return h
            if h + left > limit:
                return h + left
            outside = rem & ~border
            absorbed, removed = 0, 0
            for m in masks:
                if m & rem and not m & outside:
                    absorbed |= m & rem
                    removed += 1
            if removed:
                h += removed
                left -= removed
            else:
                absorbed = border
                h += 1
            state |= absorbed
            grown = 0
            if not table or absorbed.bit_count() <= 8:
                while absorbed:
                    low = absorbed & -absorbed
                    grown |= nb[low.bit_length() - 1]
                    absorbed ^= low
            else:
                for i, byte in enumerate(absorbed.to_bytes(nbytes, "little")):
                    if byte:
                        grown |= table[i][byte]
            border = (border | grown) & ~state

    def beam(self, width: int, tie: str = "flooded", deadline: Deadline = NEVER) -> Moves:
        """A short sequence by beam search (moves + lower bound, then ``tie``): the one
        :meth:`beam_levels` finds, by the C core where it is built (5-8 times faster:
        003b's width-1000 beam 0.42 s against 2.0 s in Python). A level a call, ``deadline``
        asked between levels and its time within them (a width-1000 level on a board of
        3000 areas takes seconds)."""
        core = self._core
        if core is None:
            return self.beam_levels(width, tie, deadline, keep=False)[0]
        s, b = self.initial()
        size = self.core_tables[0]
        core.beam_start(width, TIE_CODES[tie], s.to_bytes(size, "little"),
                        b.to_bytes(size, "little"))
        until = -1.0 if deadline.at is None else deadline.at
        while True:
            deadline.check()
            seq = core.beam_step(until)
            if seq is False:
                raise TimeUp()
            if seq is not None:
                return Moves(tuple(seq))

    def beam_levels(self, width: int, tie: str = "flooded", deadline: Deadline = NEVER,
                    keep: bool = True) -> tuple[Moves, list[Level]]:
        """A beam search's sequence and its levels: after t moves, the kept states
        ``(bound, flooded, border, moves)``, best first (``keep`` False: none, which a
        big board cannot afford). States are ranked by moves + Puchert's bound, ties
        broken by ``tie`` (see :data:`TIES`). ``deadline`` is asked for every state."""
        rank = TIES[tie]
        s, b = self.initial()
        if s == self.full:
            return Moves(()), []
        beam: Level = [(self.lower_bound(s, b, deadline=deadline), s, b, ())]
        levels = [beam] if keep else []
        while True:
            cand: dict[int, tuple[int, int, int, int, tuple[int, ...]]] = {}
            for _, s, b, seq in beam:
                deadline.check()
                elim = self.eliminable(s, b)
                choices = elim[:1] if elim else [c for c, m in enumerate(self.colour_mask) if m & b]
                for c in choices:
                    s2, b2 = self.play(s, b, c)
                    if s2 == self.full:
                        return Moves(seq + (c,)), levels
                    if s2 not in cand:
                        cand[s2] = (self.lower_bound(s2, b2, deadline=deadline), rank(s2, b2),
                                    s2, b2, seq + (c,))
            ranked = sorted(cand.values())[:width]
            beam = [(x[0], x[2], x[3], x[4]) for x in ranked]
            if keep:
                levels.append(beam)


#: A beam level: ``(bound, flooded areas, bordering areas, moves)`` per kept state.
Level = list[tuple[int, int, int, tuple[int, ...]]]

#: Tie-breaks of the beam search among states with the same bound (smaller first):
#: most areas flooded; most areas bordering; most flooded and bordering together.
#: Measured on the 39 thesis boards at width 100, each finds optima the others miss.
TIES = {
    "flooded": lambda s, b: -s.bit_count(),
    "border": lambda s, b: (-b.bit_count(), -s.bit_count()),
    "reach": lambda s, b: -s.bit_count() - b.bit_count(),
}
#: The tie-breaks as the C core's beam numbers them.
TIE_CODES = {"flooded": 0, "border": 1, "reach": 2}

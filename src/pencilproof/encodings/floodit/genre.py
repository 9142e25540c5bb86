"""Flood-It: the fewest moves that turn the board into one colour, proven.

A board is a grid of colours 0..n-1 (no gap, at least two). A move picks a colour; the
pivot's region (the pivot is the top-left cell unless the puzzle's ``pivot`` parameter
says otherwise) takes it and so merges with every bordering area of that colour. An
answer is a :class:`~.board.Moves` sequence; the verifier replays it on the
cells. The question is the optimum: ``bounds`` gives Puchert's lower bound and a beam
search's sequence, improved by a first A* slice (:mod:`.astar`, which proves easy boards
on its own; then no solver is imported) and a wider beam's sequence; then A* slices and
CaDiCaL slices (:mod:`.sat`) take turns under the one deadline until one of them closes
the gap (:mod:`.portfolio`). The seed
project's z3 formulation and its five modes are ``solve --mode`` (:mod:`.seed`).
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Optional, Sequence

from ...numerals import is_digits
from ...errors import InputError
from ...solvers.backends import EncodingTimeout, TooLarge
from ...solvers.deadline import NEVER, Deadline, TimeUp
from ...puzzle import Clue, Puzzle, Violation
from ..base import choose_encoding
from ..contract import FormatSpec, Genre, Glyph, Optimisation, OptimumGeneration, Question
from .board import (COLOUR_CHARS, MAX_COLOURS, Board, Level, Moves, boards_after, compiled,
                    pivot_of, replay)
from .formats import DigitGrid, TathamID, ThesisBoard
from .astar import AStar
from .seed import SEED_MODES

if TYPE_CHECKING:
    from .sat import FloodEncoded

#: Beam width of the bounding searches, and their tie-breaks (one search each; the
#: shortest sequence wins; a sequence at the proven lower bound ends them). Width 100 with
#: the tie-break "most areas flooded" alone found the optimum of 27 of the 39 thesis
#: boards; with "reach" and "border" as well, 36 of them, about a second each on 20x20. After
#: the A* search one beam ("reach") pays best: measured (CPU s in one process, 2026-11-28,
#: A* 3000 states, no exact search) over 13 thesis boards of 12x12 to 18x18 that the A*
#: does not finish, three beams 27.7 s, one 23.4 s, none 23.0 s; on the hard 16_16_10_001,
#: 20_20_08_001, 18_18_08_005, 20_20_08_006 and 14_14_10_002 three beams 133.6 s, one
#: 108.3 s; none took 53.6 s on 16_16_10_001 alone (one: 29.1 s), where the solver must
#: then find the 33-move sequence (40 s of its own).
BEAM_WIDTH = 100
BEAM_TIES = ("reach",)

#: States the exact search (:mod:`.search`) may expand after the beam searches (0: none).
#: It proves some boards without a solver, but since the A* search runs first it costs
#: more than it saves: the path before (12,000 A* states, three beams, 3000 states of
#: this search) took 46.6 s over the 13 boards above (one beam, none of it: 23.4 s) and
#: 122.5 s over the first four hard boards (one beam, none of it: 103.4 s).
SEARCH_NODES = 0

#: The first A* slice (:mod:`.astar`), before the wide beam and the portfolio of A* and
#: solver slices (:mod:`.portfolio`), may store this many states on a board of at most 128
#: areas, and as many fewer as its states are longer (states of n areas take n / 64
#: words, and the work per state grows with them): 500,000 states up to 128 areas (12x12),
#: 333,333 up to 192 (most 14x14), 250,000 up to 256 (16x16), 200,000 up to 320; 0: no A*.
#: A board that slice proves never imports a solver. A count, not seconds, so that what is
#: proven without a solver does not depend on the machine's load. With the C core (some
#: 5-10 us an expansion, about 90 bytes a state) the slice proves 23 of the 24 12x12
#: thesis boards alone, 17 of the 22 14x14, 12 of the 21 16x16 (each from a width-10
#: beam's sequence). Measured in paired runs
#: (CPU s by os.wait4, the default path, 2026-11-28) on 17 boards of 12x12 to 20x20 that
#: need 100,000 to 4 million states: the Python search with 3000 states 36.8 s, C with
#: 100,000 32.7 s, 300,000 32.7 s, 500,000 28.8 s (12_12_10_010 1.29 -> 0.49, 14_14_10_004
#: 1.52 -> 0.57, 16_16_08_021 4.96 -> 1.48); but on 12 boards of 16x16 to 20x20, 500,000
#: took 32.7 s, 200,000 23.9 s and 100,000 22.1 s (20_20_06_018 6.25 / 3.06 / 2.77; 100,000
#: misses 20_20_06_010: 0.45 s with 200,000, 1.44 s without), hence the scale by length.
ASTAR_FIRST = 500_000
#: The same budget where the search runs in Python (no C compiler at install, or
#: PENCILPROOF_PURE=1): some 6000 expansions a second there, so the count measured for it.
ASTAR_FIRST_PURE = 3000


def first_budget(states: int, areas: int, compiled: bool) -> int:
    """The first A* slice's state budget on a board of ``areas`` areas (see ASTAR_FIRST)."""
    if not compiled:
        return min(states, ASTAR_FIRST_PURE)
    return states * 2 // max(2, (areas + 63) // 64)

#: Width of the beam ("reach") whose sequence bounds the A* search (a child whose moves
#: plus bound reach it is not stored). Measured (12,000 states): width 1 against 10 on
#: 16_16_06_001, 22 moves and unfinished against 21 (its optimum) and proven; width 10
#: costs 0.02-0.07 s in Python. With the beam in C (:meth:`.board.Board.beam`), width 100
#: costs 4-23 ms up to 20x20, and the first slice, storing fewer states an expansion under
#: the shorter sequence, proves 67 of the 99 thesis boards alone against 61 with width 10
#: (2026-11-29; 12_12_10_073 in 1.4 s, which the portfolio took 1.9 s of wall and 2.9 s of
#: CPU for; 14_14_08_014, 14_14_10_010, 16_16_08_001, 20_20_06_001, 20_20_06_002), at 1-3
#: ms more on the boards both prove. That beam is then also the narrow beam (the same width
#: and tie-break), which does not run again.
ASTAR_BEAM = 100
#: The same where the beam runs in Python (no C core, or ``PENCILPROOF_PURE=1``), and on
#: boards of more than :data:`ASTAR_BEAM_AREAS` areas: there width 100 costs seconds before
#: the first sequence (a 64x64 board of 10 colours, 3236 areas: 10.5 s in C against 0.9 s
#: for width 10; 475 areas: 0.11 against 0.01 s).
ASTAR_BEAM_PURE = 10
ASTAR_BEAM_AREAS = 512

#: Boards with more areas than this skip the A* search (its states would be too large).
ASTAR_AREAS = 4096

#: Boards with more areas than this keep no beam levels for the exact search (each level
#: holds BEAM_WIDTH states of one bit per area; the search cannot finish there anyway).
LEVEL_AREAS = 4096

#: The most cells a board may have to be solved: building its area graph takes memory
#: that grows with the square of its areas (a 300x300 board of 10 colours: 81,000 areas,
#: gigabytes); bigger boards are refused at once (exit 2) rather than run out of memory.
MAX_CELLS = 250 * 250


def refuse_huge(puzzle: Puzzle) -> None:
    if puzzle.rows * puzzle.cols > MAX_CELLS:
        raise TooLarge(f"a {puzzle.rows}x{puzzle.cols} Flood-It board is too large to solve "
                       f"(at most {MAX_CELLS} cells)")


#: Cell colours for pictures (colour-blind-safe first: Okabe-Ito, then more).
PALETTE = ("#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7",
           "#999999", "#882255", "#44aa99", "#117733", "#332288", "#ddcc77", "#aa4499",
           "#88ccee", "#661100", "#6699cc", "#888888")


def colour_fill(c: int) -> str:
    if c < len(PALETTE):
        return PALETTE[c]
    rng = random.Random(c)
    return "#%02x%02x%02x" % (rng.randrange(40, 220), rng.randrange(40, 220), rng.randrange(40, 220))


class FloodBoards(OptimumGeneration):
    """Random boards, every cell's colour drawn uniformly (as Tatham's generator does),
    redrawn until every colour occurs (colours must have no gap)."""

    colours_range = (2, MAX_COLOURS)
    default_colours = 6

    def random_puzzle(self, rows: int, cols: int, colours: int, rng: random.Random) -> Puzzle:
        while True:
            grid = tuple(tuple(rng.randrange(colours) for _ in range(cols)) for _ in range(rows))
            if len({v for row in grid for v in row}) == colours:
                return Puzzle("floodit", rows, cols, grid)


class FloodOptimum(Optimisation):
    ascending = True
    answer_key = "moves"
    generator = FloodBoards()

    def __init__(self, width: int = BEAM_WIDTH, nodes: int = SEARCH_NODES,
                 ties: Sequence[str] = BEAM_TIES, astar_first: int = ASTAR_FIRST,
                 portfolio: bool = True):
        self.width = width
        self.astar_first = astar_first
        self.portfolio = portfolio
        self.nodes = nodes
        self.ties = tuple(ties)
        self._last: tuple[Puzzle, Board] | None = None

    def cost(self, puzzle: Puzzle, answer: Moves) -> int:
        return len(answer)

    def bounds(self, puzzle: Puzzle, deadline: Deadline = NEVER, backend: str | None = None
               ) -> tuple[int, Moves]:
        """Puchert's bound and a narrow beam's sequence, improved by a first A* slice and a
        wide beam, then (``portfolio``) closed by A* and ``backend`` in turn under
        ``deadline`` (:mod:`.portfolio`), so that the checker's own solver loop only runs
        when the deadline came first. When ``deadline`` passes: the best sequence found
        so far with the bound proven so far, or TimeUp carrying the bound if no sequence
        was found yet."""
        refuse_huge(puzzle)
        board = self._board(puzzle, deadline)
        lower = board.lower_bound(deadline=deadline)
        best: Moves | None = None
        levels: list[Level] = []
        keep = board.n <= LEVEL_AREAS and self.nodes > 0
        astar_runs = self.astar_first > 0 and board.n <= ASTAR_AREAS
        first_beam = (ASTAR_BEAM if compiled() and board.n <= ASTAR_BEAM_AREAS
                      else ASTAR_BEAM_PURE, "reach")
        try:  # a first sequence at once (a big board's beams take minutes)
            best = (board.beam(*first_beam, deadline=deadline) if astar_runs
                    else board.beam(1, deadline=deadline))
        except TimeUp:
            raise TimeUp(found=lower) from None
        search: AStar | None = None
        if astar_runs:
            search = AStar(board, best, lower)
            first = search.run(deadline, first_budget(self.astar_first, board.n,
                                                      search.core is not None))
            if first.complete or first.stopped == "deadline":
                return first.lower, first.best
            lower, best = first.lower, first.best
            # The portfolio, the clauses and the search below load only for a board
            # the first slice leaves open (an easy board's run, some 3 ms less).
            from .portfolio import BESIDE_STATES, beside
            if self.portfolio and beside(search):
                search.run_beside(BESIDE_STATES)  # on while the beams and the solver work
        try:
            for tie in self.ties:
                if astar_runs and not keep and (self.width, tie) == first_beam:
                    continue  # that beam ran first: its sequence, or a shorter, is best
                try:
                    moves, kept = (board.beam_levels(self.width, tie, deadline, True) if keep
                                   else (board.beam(self.width, tie, deadline), []))
                except TimeUp:
                    return lower, best
                if len(moves) < len(best):
                    best = moves
                    if search is not None:
                        search.offer(best)
                for t, level in enumerate(kept):
                    if t == len(levels):
                        levels.append([])
                    levels[t].extend(level)
                if len(best) <= lower:
                    return lower, best
            if self.portfolio:
                from .portfolio import prove
                proof = prove(board, lower, best, search, deadline, backend=backend)
                return proof.lower, proof.best
        finally:
            if search is not None and search.running:  # the beams ended it, or an error
                search.stop()
        if not self.nodes:
            return lower, best
        from .search import improve
        res = improve(board, best, lower, max_nodes=self.nodes, levels=levels,
                      deadline=deadline)
        return res.lower, res.best

    def encode_within(self, puzzle: Puzzle, backend: Any, limit: int,
                      encoding: str | None = None) -> FloodEncoded:
        choose_encoding(FLOODIT, encoding)
        try:
            board = self._board(puzzle, Deadline(backend.deadline))
        except TimeUp:
            raise EncodingTimeout(backend.stats()) from None
        from .sat import FloodEncoded
        return FloodEncoded(board, backend, limit)

    def _board(self, puzzle: Puzzle, deadline: Deadline) -> Board:
        """The board of this very puzzle, built once for its bounds and its encoding (a
        big one takes seconds)."""
        last = self._last
        if last is not None and last[0] is puzzle:
            return last[1]
        board = Board(puzzle, deadline)
        self._last = (puzzle, board)
        return board


class FloodIt(Genre):
    name = "floodit"
    aliases = ("flood", "flood-it", "colorflood", "colourflood")
    encodings = ("sat",)
    summary = "turn the board into one colour from the pivot in the fewest moves (proven optimum)"
    answer_type = Moves
    question = Question.OPTIMUM
    param_keys: ClassVar[tuple[str, ...]] = ("limit", "pivot")
    formats = FormatSpec(codes=(TathamID(),), files=(DigitGrid(), ThesisBoard()),
                         row_strings=True)

    def __init__(self) -> None:
        self.optimisation = FloodOptimum()
        self.modes = SEED_MODES

    # -- givens and parameters ---------------------------------------------------------
    def parse_clue(self, token: object, where: str) -> Clue:
        if isinstance(token, int) and not isinstance(token, bool):
            if 0 <= token < MAX_COLOURS:
                return token
            raise InputError(f"colour {token} is outside 0..{MAX_COLOURS - 1}", where)
        if isinstance(token, str) and len(token) == 1 and token.upper() in COLOUR_CHARS:
            return COLOUR_CHARS.index(token.upper())
        raise InputError(f"unknown token {token!r} (expected a colour 0-9 or A-Z)", where)

    def clue_token(self, clue: Clue) -> str:
        return COLOUR_CHARS[clue] if isinstance(clue, int) else "."

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key == "limit":
            if value is None:
                return None
            n = _int(value)
            if n is None or n < 1:
                raise InputError(f"the move limit must be a positive integer, got {value!r}", where)
            return n
        if key == "pivot":
            if value is None or value in ("top-left", "topleft"):
                return None
            parts: Optional[Sequence[object]] = None
            if isinstance(value, str):
                parts = value.replace(" ", "").split(",")
            elif isinstance(value, list):
                parts = value
            nums = [_int(p) for p in parts] if parts is not None else []
            first = 0 if isinstance(value, list) else 1  # JSON cells are 0-based
            if len(nums) != 2 or any(x is None or x < first for x in nums):
                raise InputError(f"the pivot must be 'r,c' (1-based) or [r, c] (0-based), "
                                 f"got {value!r}", where)
            r, c = nums[0], nums[1]
            assert r is not None and c is not None
            if isinstance(value, list):
                r, c = r + 1, c + 1
            return None if (r, c) == (1, 1) else (r - 1, c - 1)
        return super().parse_param(key, value, where)

    def validate(self, puzzle: Puzzle, where: str) -> None:
        if any(not isinstance(v, int) for row in puzzle.grid for v in row):
            raise InputError("every cell needs a colour", where)
        used = sorted({v for row in puzzle.grid for v in row if isinstance(v, int)})
        if len(used) < 2:
            raise InputError("the board has one colour: there is nothing to flood", where)
        if used[-1] != len(used) - 1:
            missing = [c for c in range(used[-1]) if c not in used]
            raise InputError(f"colours must be 0..n-1 with no gap: colour "
                             f"{COLOUR_CHARS[missing[0]]} is missing (used: "
                             f"{''.join(COLOUR_CHARS[c] for c in used)})", where)
        pr, pc = pivot_of(puzzle)
        if not (0 <= pr < puzzle.rows and 0 <= pc < puzzle.cols):
            raise InputError(f"the pivot r{pr + 1}c{pc + 1} is outside the "
                             f"{puzzle.rows}x{puzzle.cols} board", where)

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        if not isinstance(clue, int):
            return None
        return Glyph(COLOUR_CHARS[clue], fill=colour_fill(clue))

    def frames(self, puzzle: Puzzle, answer: Moves) -> list[tuple[str, Puzzle]]:
        after = boards_after(puzzle, answer.colours)
        return [("start", puzzle)] + [(f"{i + 1}: {COLOUR_CHARS[c]}", b)
                                      for i, (c, b) in enumerate(zip(answer.colours, after))]

    # -- answers ----------------------------------------------------------------------------
    def parse_solution(self, puzzle: Puzzle, rows: Sequence[Any], where: str) -> Moves:
        """A sequence: colours as a JSON list of ints, or text tokens / one string."""
        tokens: list[Any] = []
        for r in rows:
            if isinstance(r, int) and not isinstance(r, bool):
                tokens.append(r)
            elif isinstance(r, str):
                tokens.extend(r.replace(",", " ").split() if " " in r or "," in r else list(r.strip()))
            else:
                raise InputError(f"a move must be a colour, got {r!r}", where)
        return Moves(tuple(_colour(self.parse_clue(t, where)) for t in tokens))

    def encode(self, puzzle: Puzzle, backend: Any, encoding: str | None = None) -> FloodEncoded:
        """Every sequence within the beam search's count (any sequence, optimal or not)."""
        choose_encoding(self, encoding)
        refuse_huge(puzzle)
        until = Deadline(backend.deadline)
        try:
            board = Board(puzzle, until)
            horizon = len(board.beam(BEAM_WIDTH, deadline=until))
        except TimeUp:
            raise EncodingTimeout(backend.stats()) from None
        from .sat import FloodEncoded
        return FloodEncoded(board, backend, horizon)

    def verify(self, puzzle: Puzzle, answer: Moves) -> list[Violation]:
        ncol = 1 + max(v for row in puzzle.grid for v in row if isinstance(v, int))
        bad = [i for i, c in enumerate(answer.colours) if not 0 <= c < ncol]
        if bad:
            return [Violation("badColour", f"move {bad[0] + 1} picks colour "
                              f"{answer.colours[bad[0]]}, the board has 0..{ncol - 1}")]
        res = replay(puzzle, answer.colours)
        out = []
        if res.no_op is not None:
            out.append(Violation("sameColour", f"move {res.no_op + 1} picks the region's own "
                                 "colour and changes nothing"))
        if res.extra:
            out.append(Violation("afterFlooded", f"{res.extra} move(s) after the board is "
                                 f"one colour (flooded after {res.used})"))
        if not res.flooded:
            out.append(Violation("notFlooded", f"{res.left} cell(s) are not flooded after "
                                 f"{len(answer)} moves"))
        return out


def _colour(v: Clue) -> int:
    assert isinstance(v, int)  # parse_clue reads every Flood-It token as a colour
    return v


def _int(v: object) -> Optional[int]:
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, str) and is_digits(v.strip()) and len(v) < 10:
        return int(v)
    return None


FLOODIT = FloodIt()

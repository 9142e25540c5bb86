"""Masyu (puzz.link ``mashu``, janko.at ``masyu``): draw one loop through cell centres
that passes every circle. On a black circle the loop turns, and goes straight on through
the next cell on both legs; through a white circle it goes straight, and turns in at
least one of the two cells before and after it.

Answers are the Lines layer's pipes (``. | - L J 7 F``). Givens are ``w`` (white) and
``b`` (black). Janko solutions name each cell's two directions with n, s, w and o (Ost)
or e for east: ``so`` is south and east, ``-`` no line. Failcodes are pzprjs's:
``mashuWCurve`` (a turn on a white circle), ``mashuWStNbr`` (straight on both sides of a
white circle), ``mashuBStrig`` (straight through a black circle), ``mashuBCvNbr`` (a leg
of a black circle turns in the next cell), ``mashuOnLine`` (a circle without a line), and
the kit's line codes (``lnDeadEnd``, ``lnBranch``, ``lnCross``, ``lnPlLoop``, ``brNoLine``).
"""
from __future__ import annotations

import random
from typing import Optional

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Violation
from ..solvers.backends import Status, make_backend
from .contract import Glyph, Symmetry
from .kit import KitAnswer, KitEncoded, KitGeneration, KitGenre, Lines, Values, kit_formats
from .kit.layers import PIPES, STEP, edge_atom
from .kit.loops import LineDegrees, MustVisit, SingleLoop
from .kit.model import Atom, Encoder, Lit, Rule

AXES = (("N", "S"), ("E", "W"))
JANKO_DIRS = {"n": "N", "s": "S", "w": "W", "o": "E", "e": "E"}


def step(cell: Cell, d: str) -> Cell:
    return (cell[0] + STEP[d][0], cell[1] + STEP[d][1])


def onward(cell: Cell, d: str) -> Atom:
    """The atom of the line that carries on straight in direction ``d`` after the
    neighbour of ``cell`` in that direction."""
    return edge_atom(step(cell, d), d)


class _Circle(Rule):
    """A rule about one circle's cell; knows which line atoms the grid has."""

    def __init__(self, puzzle: Puzzle, cell: Cell):
        self.cell = cell
        self.rows, self.cols = puzzle.rows, puzzle.cols

    def has(self, cell: Cell, d: str) -> bool:
        """Whether the grid has a line place from ``cell`` towards ``d``."""
        r, c = step(cell, d)
        return 0 <= r < self.rows and 0 <= c < self.cols and 0 <= cell[0] < self.rows \
            and 0 <= cell[1] < self.cols


class WhiteStraight(_Circle):
    code, message = "mashuWCurve", "the loop turns on a white circle"

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        x = self.cell
        for a in ("N", "S"):
            for b in ("E", "W"):
                if self.has(x, a) and self.has(x, b):
                    e.clause([-e[edge_atom(x, a)], -e[edge_atom(x, b)]], guard)

    def check(self, v: Values) -> list[Violation]:
        x = self.cell
        turn = any(v[edge_atom(x, a)] and v[edge_atom(x, b)] for a in "NS" for b in "EW")
        return [self.broken([x])] if turn else []


class WhiteTurnsNext(_Circle):
    code, message = "mashuWStNbr", "the loop goes straight on both sides of a white circle"

    def run(self, axis: tuple[str, str]) -> Optional[list[Atom]]:
        """The four line atoms of a straight run of three cells centred on the circle
        along ``axis`` (None: the grid has no such run)."""
        x, (a, b) = self.cell, axis
        if not all(self.has(y, d) for y, d in ((x, a), (x, b), (step(x, a), a), (step(x, b), b))):
            return None
        return [edge_atom(x, a), edge_atom(x, b), onward(x, a), onward(x, b)]

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for axis in AXES:
            atoms = self.run(axis)
            if atoms is not None:
                e.clause([-e[a] for a in atoms], guard)

    def check(self, v: Values) -> list[Violation]:
        runs = [atoms for axis in AXES if (atoms := self.run(axis)) is not None]
        return [self.broken([self.cell])] if any(all(v[a] for a in atoms) for atoms in runs) else []


class BlackTurns(_Circle):
    code, message = "mashuBStrig", "the loop goes straight through a black circle"

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for a, b in AXES:
            if self.has(self.cell, a) and self.has(self.cell, b):
                e.clause([-e[edge_atom(self.cell, a)], -e[edge_atom(self.cell, b)]], guard)

    def check(self, v: Values) -> list[Violation]:
        x = self.cell
        return [self.broken([x])] if any(v[edge_atom(x, a)] and v[edge_atom(x, b)]
                                         for a, b in AXES) else []


class BlackStraightNext(_Circle):
    code, message = "mashuBCvNbr", "a leg of a black circle turns in the next cell"

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        x = self.cell
        for d in STEP:
            if self.has(x, d):
                far = [e[onward(x, d)]] if self.has(step(x, d), d) else []
                e.clause([-e[edge_atom(x, d)], *far], guard)

    def check(self, v: Values) -> list[Violation]:
        x = self.cell
        bent = any(v[edge_atom(x, d)] and not v[onward(x, d)] for d in STEP)
        return [self.broken([x])] if bent else []


def _solve(enc: KitEncoded, assume: list[Lit]) -> Optional[KitAnswer]:
    """An answer under these assumptions (lazy cuts added until it holds), or None."""
    while enc.e.b.solve(assume) is Status.SAT:
        answer = enc.decode()
        cuts = enc.cuts(answer)
        if not cuts:
            return answer
        enc.e.b.add_clauses(cuts)
    return None


class MasyuGeneration(KitGeneration):
    """Random loops that circles can pin down. Most random loops cannot be (parallel
    runs and empty pockets leave other loops that every circle they allow accepts), so a
    random loop gets circles it allows one by one, each chosen where another loop that
    fits the circles so far breaks it, until no other loop fits. Where no circle tells
    the two apart, the other loop becomes the answer (it fits every circle so far); a
    loop met twice that way means a fresh random loop."""

    RESTARTS = 10

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        for _ in range(self.RESTARTS):
            answer = super().random_answer(rows, cols, rng, density, symmetric)
            pinned = self.pin(answer, rng)
            if pinned is not None:
                return pinned
        return answer

    def pin(self, answer: KitAnswer, rng: random.Random) -> Optional[KitAnswer]:
        """``answer``, or a loop it leads to, that its circles pin down (None: stuck)."""
        kit, blank = self.kit, self.blank_for(answer)
        seen: set[tuple[str, ...]] = set()
        b = make_backend("cadical")
        try:
            enc = kit.encode(blank, b)
            for _ in range(4 * blank.rows * blank.cols):
                differ = b.new_var()
                b.add_clause([-differ, *enc.block(answer)])
                other = _solve(enc, [differ])
                if other is None:
                    return answer
                v, w = (kit.values(blank, x.rows, "answer") for x in (answer, other))
                tell = [(cell, clue) for cell in blank.cells()
                        if (clue := kit.clue_value(blank, v, cell)) is not None
                        and any(rule.check(w) for rule in kit.clue_rules(blank, cell, clue))]
                if not tell:
                    seen.add(answer.rows)
                    if other.rows in seen:
                        return None
                    answer = KitAnswer(other.rows, answer.layout)
                    continue
                cell, clue = rng.choice(tell)
                for rule in kit.clue_rules(blank, cell, clue):
                    rule.encode(enc.e)
        finally:
            b.close()
        return None


class Masyu(KitGenre):
    name = "masyu"
    aliases = ("pearl",)
    url_pids = ("mashu",)
    summary = "draw one loop through every circle: turn on black (straight on after), straight on white"
    layer = Lines()
    formats = kit_formats(url_parts=("circle",), pzprv3_pid="mashu", pzpr_values={1: "w", 2: "b"},
                          pzprv3_layout=("flag:f", "qnum", "lines"), janko_names=("masyu",),
                          drawing=dict.fromkeys("|-LJ7F", "pipe"), blank=".")
    janko_problem = {"-": None, "w": "w", "b": "b", "1": "w", "2": "b"}  # (1, 2: as pzprjs)
    janko_solution = {a + b: PIPES[frozenset((JANKO_DIRS[a], JANKO_DIRS[b]))]
                      for a in JANKO_DIRS for b in JANKO_DIRS if JANKO_DIRS[a] != JANKO_DIRS[b]}
    editor_candidates = (".", "w", "b")

    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token == "." or token == "-":
            return None
        if isinstance(token, str) and token.lower() in ("w", "b"):
            return token.lower()
        raise InputError(f"unknown Masyu given {token!r} (expected w for a white circle, b for "
                         f"a black one, or . for none)", where)

    def __init__(self) -> None:
        super().__init__()
        self.generator = MasyuGeneration(self)

    def janko_clue(self, token: str, where: str) -> Clue:
        return self.parse_clue(self.janko_problem.get(token, token), where)

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        cells = list(puzzle.cells())
        return [LineDegrees(cells), SingleLoop(cells)]

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        visit = MustVisit([cell], frozenset(puzzle.cells()), "mashuOnLine", "a circle has no line")
        if clue == "w":
            return [visit, WhiteStraight(puzzle, cell), WhiteTurnsNext(puzzle, cell)]
        return [visit, BlackTurns(puzzle, cell), BlackStraightNext(puzzle, cell)]

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """The circle a cell of the loop allows: black where the loop turns and both legs
        go straight on; white where it goes straight and turns next to the cell."""
        dirs = [d for d in STEP if v[edge_atom(cell, d)]]
        if len(dirs) != 2:
            return None
        on = [v[onward(cell, d)] for d in dirs]
        if frozenset(dirs) in (frozenset("NS"), frozenset("EW")):
            return None if all(on) else "w"
        return "b" if all(on) else None

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        if clue == "w":
            return Glyph(short="○", mark="ring")
        if clue == "b":
            return Glyph(short="●", mark="disc")
        return None


MASYU = Masyu()

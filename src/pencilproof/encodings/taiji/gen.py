"""Taiji generation: symbols read off a random answer, so that any subset of them holds.

Taiji's symbols work together (a diamond needs exactly one partner of its colour, dice
add up per region), so the candidate symbols are built as *keys* that can be switched
on and off independently without ever breaking the drawn answer: a die whose value is
its region's size (one per region), a pair of opposite dice (their sum is 0), a pair of
diamonds (their colour used by nothing else in the region), a flower anywhere, dashes
and slashes on regions of one shape (one colour per shape, every shape distinct even
under rotation). Optionally a fixed tile (its state from the answer) is a key too.

Genre options (``generate taiji --symbols ... --palette ... --fixed``) choose the kinds.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

from ...errors import InputError
from ...puzzle import Cell, Clue, Puzzle
from ..contract import ClueKey, Generation, Switchable, Symmetry
from .code import COLOURS, TaijiAnswer, Tile, clue_of, tile_of
from .model import TaijiModel, neighbours, region_of

if TYPE_CHECKING:
    from ...solvers.backends import Backend
    from ..contract import Genre

KINDS = ("dice", "antidice", "diamonds", "flowers", "dashes", "slashes")
DEFAULT_KINDS = ("dice", "diamonds", "flowers", "dashes")
LETTER = {"dash": "T", "slash": "U", "diamond": "S"}


def _turn(shape: frozenset[Cell], k: int) -> frozenset[Cell]:
    for _ in range(k):
        shape = frozenset((-c, r) for r, c in shape)
    return shape


def _normal(shape: frozenset[Cell]) -> frozenset[Cell]:
    r0 = min(r for r, _ in shape)
    c0 = min(c for _, c in shape)
    return frozenset((r - r0, c - c0) for r, c in shape)


class TaijiGeneration(Generation):
    density_range = (0.2, 0.8)
    default_density = 0.5
    density_meaning = "share of lit tiles in the drawn answer"
    options: ClassVar[Mapping[str, str]] = {
        "symbols": "taiji: symbol kinds to use, comma-separated from " + ",".join(KINDS)
                   + " (default: " + ",".join(DEFAULT_KINDS) + ")",
        "palette": "taiji: colour letters to use, from roygbpkw (default: all)",
        "fixed": "taiji: 'yes' lets fixed tiles be clues too (the answer is then unique, "
                 "not just up to inversion)",
    }

    def __init__(self, genre: "Genre", kinds: tuple[str, ...] = DEFAULT_KINDS,
                 colours: str = COLOURS, fixed: bool = False) -> None:
        super().__init__(genre)
        self.kinds, self.colours, self.fixed = kinds, colours, fixed

    def with_options(self, options: Mapping[str, str]) -> "TaijiGeneration":
        kinds, colours, fixed = self.kinds, self.colours, self.fixed
        for name, value in options.items():
            if name == "symbols":
                kinds = tuple(k.strip() for k in value.split(",") if k.strip())
                bad = [k for k in kinds if k not in KINDS]
                if bad or not kinds:
                    raise InputError(f"unknown symbol kind(s) {', '.join(bad) or '(none)'} "
                                     f"(choose from {', '.join(KINDS)})", "--symbols")
            elif name == "palette":
                colours = "".join(dict.fromkeys(value.strip()))
                if not colours or any(ch not in COLOURS for ch in colours):
                    raise InputError(f"colours must be letters from {COLOURS}, got {value!r}",
                                     "--palette")
            elif name == "fixed":
                if value not in ("yes", "no"):
                    raise InputError(f"expected yes or no, got {value!r}", "--fixed")
                fixed = value == "yes"
            else:
                raise InputError(f"taiji has no generation option {name!r}")
        return TaijiGeneration(self.genre, kinds, colours, fixed)

    # -- clues and keys --------------------------------------------------------------------
    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        """Each symbol is a clue; holes, links and fixed tiles stay."""
        blank: dict[Cell, Clue] = {}
        clues: dict[ClueKey, Clue] = {}
        for cell in puzzle.cells():
            if puzzle[cell] is None:  # a plain blank tile: neither clue nor kept (a fast path)
                continue
            t = tile_of(puzzle[cell])
            if t.symbol:
                clues[("y", cell)] = clue_of(Tile(t.symbol, t.colour, hidden=t.hidden))
            rest = clue_of(Tile(hole=t.hole, fixed=t.fixed, lit=t.lit, left=t.left, up=t.up))
            if rest is not None:
                blank[cell] = rest
        return puzzle.with_clues(blank), clues

    def blank_for(self, answer: Any) -> Puzzle:
        rows, cols = len(answer.rows), len(answer.rows[0])
        return Puzzle(self.genre.name, rows, cols, tuple((None,) * cols for _ in range(rows)))

    def answer_for(self, puzzle: Puzzle, answer: Any) -> Any:
        """Up to inversion, the answer the checker reports: its first tile lit."""
        first = next((ch for row in answer.rows for ch in row if ch in "#."), "#")
        if first == "." and self.genre.symmetry_applies(puzzle):
            return answer.inverse()
        return answer

    def key_cell(self, key: ClueKey) -> Cell:
        cell: Cell = key[1]
        return cell

    def _placed(self, key: ClueKey, clue: Clue) -> list[tuple[Cell, Tile]]:
        """What a key puts where: symbol tiles, or a fixed state (``F``)."""
        if key[0] == "F":
            return [(key[1], Tile(fixed=True, lit=clue == "#"))]
        tokens = str(clue).split()
        return [(cell, tile_of(tok)) for cell, tok in zip(key[1:], tokens * len(key[1:]))]

    def with_clues(self, blank: Puzzle, clues: Mapping[ClueKey, Clue]) -> Puzzle:
        grid = {cell: tile_of(v) for cell, v in blank.clues().items()}
        for key, clue in clues.items():
            for cell, add in self._placed(key, clue):
                t = grid.get(cell, Tile())
                if add.fixed:
                    t = Tile(t.symbol, t.colour, t.hole, True, add.lit, t.hidden, t.left, t.up)
                else:
                    t = Tile(add.symbol, add.colour, t.hole, t.fixed, t.lit, add.hidden,
                             t.left, t.up)
                grid[cell] = t
        return blank.with_clues({c: clue_of(t) for c, t in grid.items()})

    def clue_count(self, puzzle: Puzzle) -> int:
        return sum(1 for row in puzzle.grid for v in row if v is not None and tile_of(v).symbol)

    def weak_clue(self, clue: Clue) -> Clue:
        return clue  # no weaker form; the generator never asks (no weak literals)

    # -- the switch board ------------------------------------------------------------------
    def encode_switchable(self, blank: Puzzle, backend: "Backend",
                          clues: dict[ClueKey, Clue]) -> Switchable:
        symbols = {k: v for k, v in clues.items() if k[0] != "F"}
        full = self.with_clues(blank, symbols)
        switches = {k: backend.new_var() for k in clues}
        present = {cell: switches[k] for k, v in symbols.items()
                   for cell, _ in self._placed(k, v)}
        model = TaijiModel(full, backend, present)
        for k, v in clues.items():
            if k[0] == "F":
                x = model.x[k[1]]
                backend.add_clause([-switches[k], x if v == "#" else -x])
        return Switchable(model, switches, {}, monotone=False)

    # -- drawing an answer -----------------------------------------------------------------
    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None = None,
                      symmetric: Symmetry | None = None) -> TaijiAnswer:
        """Random states, smoothed once by the majority of each tile's neighbourhood, so
        that regions are blobs of a few tiles rather than noise."""
        share = self.default_density if density is None else density
        lit = [[rng.random() < share for _ in range(cols)] for _ in range(rows)]
        smooth = []
        for r in range(rows):
            row = []
            for c in range(cols):
                near = [lit[y][x] for y, x in neighbours(rows, cols, (r, c))] + [lit[r][c]]
                votes = sum(near) * 2 - len(near)
                row.append(lit[r][c] if votes == 0 or rng.random() < 0.25 else votes > 0)
            smooth.append(row)
        return TaijiAnswer(tuple("".join("#" if v else "." for v in row) for row in smooth))

    def clue_candidates(self, answer: Any) -> dict[ClueKey, Clue]:
        """Keys that hold in ``answer`` in any combination (module docstring). The
        choices are drawn from a generator seeded by the answer, so the same answer
        always gives the same candidates."""
        rows = answer.rows
        rng = random.Random("\n".join(rows))
        h, w = len(rows), len(rows[0])
        regions: list[frozenset[Cell]] = []
        seen: set[Cell] = set()
        for r in range(h):
            for c in range(w):
                if (r, c) not in seen and rows[r][c] in "#.":
                    reg = frozenset(region_of(rows, (r, c)))
                    seen |= reg
                    regions.append(reg)
        colours = list(self.colours)
        out: dict[ClueKey, Clue] = {}
        used: set[Cell] = set()
        counting: dict[frozenset[Cell], set[str]] = {reg: set() for reg in regions}
        dice_colour: dict[frozenset[Cell], str] = {}

        def free(reg: frozenset[Cell]) -> list[Cell]:
            return sorted(reg - used)
        if "dashes" in self.kinds or "slashes" in self.kinds:
            self._shapes(regions, rng, colours, out, used, counting)
        for reg in regions:
            if "dice" in self.kinds and len(reg) <= 9 and free(reg):
                cell = rng.choice(free(reg))
                colour = dice_colour[reg] = rng.choice(colours)
                out[("d", cell)] = f"{chr(64 + len(reg))}{colour}0"
                used.add(cell)
                counting[reg].add(colour)
            if "antidice" in self.kinds and len(free(reg)) >= 2:
                colour = dice_colour.setdefault(reg, rng.choice(colours))
                a, b = rng.sample(free(reg), 2)
                n = rng.randint(1, 9)
                out[("a", a, b)] = f"{chr(64 + n)}{colour}0 {chr(73 + n)}{colour}0"
                used |= {a, b}
                counting[reg].add(colour)
        if "diamonds" in self.kinds:
            banned = {"p", "y"} if "flowers" in self.kinds else set()
            for reg in regions:
                choices = [c for c in colours if c not in counting[reg] and c not in banned]
                rng.shuffle(choices)
                for colour in choices[:2]:
                    if len(free(reg)) < 2:
                        break
                    a, b = sorted(rng.sample(free(reg), 2))
                    out[("s", a, b)] = f"S{colour}0"
                    used |= {a, b}
        if "flowers" in self.kinds:
            for reg in regions:
                for cell in free(reg):
                    mine = rows[cell[0]][cell[1]]
                    same = sum(1 for y, x in neighbours(h, w, cell) if rows[y][x] == mine)
                    out[("f", cell)] = f"{chr(ord('V') + same)}0"
        if self.fixed:
            for r in range(h):
                for c in range(w):
                    if rows[r][c] in "#.":
                        out[("F", (r, c))] = rows[r][c]
        return out

    def _shapes(self, regions: list[frozenset[Cell]], rng: random.Random, colours: list[str],
                out: dict[ClueKey, Clue], used: set[Cell],
                counting: dict[frozenset[Cell], set[str]]) -> None:
        """One colour per shape class (up to rotation); dashes on the regions of one exact
        shape in the class, slashes on all of them, at matching tiles."""
        classes: dict[frozenset[Cell], list[frozenset[Cell]]] = {}
        for reg in regions:
            if len(reg) > 12:
                continue
            key = min((_normal(_turn(reg, k)) for k in range(4)), key=sorted)
            classes.setdefault(key, []).append(reg)
        kinds = [k for k in ("dashes", "slashes") if k in self.kinds]
        palette = colours[:]
        rng.shuffle(palette)
        for members in sorted(classes.values(), key=lambda m: (-len(m), sorted(m[0]))):
            if not palette:
                break
            colour = palette.pop()
            kind = rng.choice(kinds)
            first = members[0]
            p = rng.choice(sorted(first))
            rel = frozenset((r - p[0], c - p[1]) for r, c in first)
            for reg in members:
                turns = range(1) if kind == "dashes" else range(4)
                spot = next((q for k in turns for q in sorted(reg)
                             if frozenset((r - q[0], c - q[1]) for r, c in reg) == _turn(rel, k)),
                            None)
                if spot is None or spot in used:
                    continue
                out[("t", spot)] = f"{'T' if kind == 'dashes' else 'U'}{colour}0"
                used.add(spot)
                counting[reg].add(colour)

    def clue_holds(self, answer: Any, key: ClueKey, clue: Clue) -> bool:
        """Would this key alone accept the answer (its symbols' rules, on an empty board)?"""
        puzzle = self.with_clues(self.blank_for(answer), {key: clue})
        return not self.genre.verify(puzzle, answer)

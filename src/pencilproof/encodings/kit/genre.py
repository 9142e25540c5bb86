"""A genre on the kit: a layer, rules, clue rules and token tables; the rest is here.

A kit genre declares
* ``layer``: what an answer cell holds (:mod:`.layers`);
* :meth:`KitGenre.rules`: the rules every answer obeys (given the puzzle's layout);
* :meth:`KitGenre.clue_rules`: what one clue adds (each clue's rules can sit behind a
  switch, which is all the minimizer, the generator and the analyses need);
* :meth:`KitGenre.clue_value`: the clue a cell would show in an answer (generation);
* token tables for Janko blocks (:attr:`KitGenre.janko_tokens`).

From these the base class derives the encoding (:class:`KitEncoded`), the independent
verifier (each rule's check face), answer reading, and the :class:`KitGeneration`
hooks, whose random answers come from the solver itself: the rules with no clues,
solved under random phases.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, AbstractSet, ClassVar, Mapping, Optional, Sequence

from ...numerals import is_digits
from ...errors import InputError
from ...puzzle import Cell, Clue, Puzzle, Solution, Violation
from ...solvers.backends import Status, make_backend
from ..base import choose_encoding, read_number
from ..contract import (ClueKey, FormatSpec, Generation, Genre, JankoBlock, Lemma, Switchable,
                        Symmetry)
from .lattice import check_areas_connected, parse_areas
from .layers import line_mismatch, number_char
from .model import BadAnswerChar, Encoder, Layer, Lazy, Lit, Rule, Values

if TYPE_CHECKING:
    from ...solvers.backends import Backend


@dataclass(frozen=True, eq=False)
class KitAnswer(Solution):
    """A kit genre's answer: rows of one character per cell. ``layout`` is the puzzle
    a generated answer was drawn on (its regions), not part of equality."""

    layout: Optional[Puzzle] = None


class KitEncoded:
    """A kit genre's puzzle on one solver (the :class:`~..contract.Encoded` protocol).
    ``lemma``: the :class:`~..contract.Lemma` a genre's ``encode`` may attach (None)."""

    lemma: Optional[Lemma] = None

    def __init__(self, genre: "KitGenre", puzzle: Puzzle, e: Encoder, cells: Sequence[Cell]):
        self.genre, self.puzzle, self.e, self.cells = genre, puzzle, e, list(cells)
        self.layer = genre.layer_for(puzzle)
        self._atoms = [a for a in e.lits if not (isinstance(a, tuple) and a and a[0] == "agree")]
        self._rounds = 0

    def decode(self) -> KitAnswer:
        lits = [self.e.lits[a] for a in self._atoms]
        truth = dict(zip(self._atoms, self.e.b.values(lits)))
        get = truth.get
        return KitAnswer(self.genre.rows_of(self.puzzle, lambda a: get(a, False)), self.puzzle)

    def _values(self, answer: Solution) -> Values:
        return self.genre.values(self.puzzle, answer.rows, "answer")

    def cuts(self, answer: Solution) -> list[list[Lit]]:
        if not self.e.lazy:
            return []
        v = self._values(answer)
        out: list[list[Lit]] = []
        for lazy in self.e.lazy:
            out += lazy.cuts(v)
        self._rounds += bool(out)
        return out

    def block(self, answer: Solution) -> list[Lit]:
        layer, e = self.layer, self.e
        return [lit for cell in self.cells for lit in layer.block(e, cell, answer[cell])]

    def agree(self, answer: Solution) -> dict[Cell, Lit]:
        return {cell: self.layer.agree(self.e, cell, answer[cell]) for cell in self.cells}

    def partial_cuts(self, true: AbstractSet[Lit]) -> list[list[Lit]]:
        return [cl for lazy in self.e.lazy for cl in lazy.partial_cuts(true)]

    def prepare(self, puzzle: Puzzle) -> None:
        for lazy in self.e.lazy:
            lazy.prepare(puzzle)

    def stats(self) -> dict[str, Any]:
        return {"cuts": sum(getattr(z, "cuts_added", 0) for z in self.e.lazy),
                "cut_rounds": self._rounds}


class KitGenre(Genre):
    """The base of every genre written on the kit (see the module docstring)."""

    encodings: ClassVar[tuple[str, ...]] = ("kit",)
    answer_type: ClassVar[type] = KitAnswer
    layer: ClassVar[Layer]
    #: Janko problem tokens besides numbers -> grid values; solution tokens -> answer
    #: characters (any token not listed is "no mark": the layer's blank character).
    janko_problem: ClassVar[Mapping[str, Clue]] = {"-": None}
    janko_solution: ClassVar[Mapping[str, str]] = {}
    #: The answer character of a cell without a Janko mark.
    janko_blank: ClassVar[str] = "."
    #: The largest number a clue may hold (per-genre sanity, errors name the cell).
    max_clue: ClassVar[int] = 999
    #: The least number a clue may hold.
    min_clue: ClassVar[int] = 0
    #: What a given may be, as an unknown token's error says, and what a given of another
    #: type (a JSON list, true) is told.
    clue_expected: ClassVar[str] = "'.' or a number"
    clue_type: ClassVar[str] = "a clue must be a number"
    #: pzprjs's order of checks (it reports the first that fails): the verifier lists the
    #: violations in this order, stably, codes not listed last (empty: the rules' order).
    failcode_order: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        self.generator = KitGeneration(self)

    # -- what a genre declares ---------------------------------------------------------
    def layer_for(self, puzzle: Puzzle) -> Layer:
        """The answer layer of this puzzle (the class's ``layer``; a genre whose values
        depend on the size, as Sudoku's 1..N, builds one per puzzle)."""
        return self.layer

    def rules(self, puzzle: Puzzle) -> list[Rule]:
        """The rules every answer of this puzzle obeys apart from single clues."""
        return []

    def clue_rules(self, puzzle: Puzzle, cell: Cell, clue: Clue) -> list[Rule]:
        """What one given adds (each can sit behind a switch)."""
        return []

    def clue_value(self, puzzle: Puzzle, v: Values, cell: Cell) -> Clue:
        """The clue ``cell`` would show in this answer (None: no clue fits there)."""
        return None

    def fixed(self, puzzle: Puzzle, cell: Cell) -> Optional[str]:
        """The answer character a given fixes (copied into answers), or None."""
        return None

    def random_layout(self, rows: int, cols: int, rng: random.Random) -> Puzzle:
        """The permanent part of a generated puzzle (regions); empty by default."""
        return Puzzle(self.name, rows, cols, tuple((None,) * cols for _ in range(rows)))

    # -- givens ------------------------------------------------------------------------
    def parse_clue(self, token: object, where: str) -> Clue:
        if token is None or token == "." or token == "-":
            return None
        if token == "?" and "?" in self.editor_candidates:
            return "?"
        value = read_number(token, where, self.clue_expected, self.clue_type)
        if not self.min_clue <= value <= self.max_clue:
            raise InputError(f"clue {value} is out of range ({self.min_clue}-{self.max_clue})", where)
        return value

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key == "areas" and "areas" in self.param_keys:
            return parse_areas(value, None, None, where)
        return super().parse_param(key, value, where)

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        if "areas" in self.param_keys:
            layout = puzzle.param("areas")
            if layout is None:
                return
            if len(layout) != puzzle.rows or any(len(row) != puzzle.cols for row in layout):
                raise InputError(f"'areas' is not {puzzle.rows}x{puzzle.cols} like the grid", where)
            check_areas_connected(layout, where)

    # -- Janko blocks ------------------------------------------------------------------
    def janko_clue(self, token: str, where: str) -> Clue:
        """One Janko problem token as a given (numbers, then :attr:`janko_problem`)."""
        if token in self.janko_problem:
            return self.parse_clue(self.janko_problem[token], where)
        if is_digits(token):
            return self.parse_clue(int(token), where)
        known = ", ".join(repr(t) for t in self.janko_problem)
        raise InputError(f"unknown problem token {token!r} (expected a number or {known})", where)

    def janko_mark(self, token: str, where: str) -> str:
        """One Janko solution token as an answer character: a mark of the genre's table, a
        number, or ``-``/``.`` for no mark; anything else is an error at its place (a
        token the page copies from its problem is let through by :meth:`read_janko`)."""
        if token in self.janko_solution:
            return self.janko_solution[token]
        if is_digits(token):
            return number_char(int(token))
        if token in ("-", "."):
            return self.janko_blank
        known = ", ".join(repr(t) for t in ("-", *sorted(self.janko_solution)))
        raise InputError(f"unknown solution token {token!r} (expected {known} or a number)", where)

    def janko_puzzle(self, block: JankoBlock) -> Puzzle:
        """The puzzle of a block: its ``problem`` grid and, where the genre has regions,
        its ``areas``."""
        grid = block.grid("problem")
        if grid is None:
            raise InputError("no 'problem' section", block.where)
        rows = tuple(tuple(self.janko_clue(tok, f"{at}: r{r + 1}c{c + 1}")
                           for c, (tok, at) in enumerate(line)) for r, line in enumerate(grid))
        puzzle = Puzzle(self.name, block.rows, block.cols, rows)
        areas = block.grid("areas") if "areas" in self.param_keys else None
        if areas is not None:
            puzzle = puzzle.with_params(areas=parse_areas([[t for t, _ in line] for line in areas],
                                                          block.rows, block.cols, block.where))
        return puzzle

    def read_janko(self, block: JankoBlock) -> Optional[tuple[Puzzle, Any]]:
        puzzle = self.janko_puzzle(block)
        grid = block.grid("solution")
        if grid is None:
            return puzzle, None
        problem = block.grid("problem") if "problem" in block.sections else None
        rows = []
        for r, line in enumerate(grid):
            row = []
            for c, (tok, at) in enumerate(line):
                given = problem[r][c][0] if problem is not None else None
                # the page copies a given into its solution: its token, or its number
                copied = given is not None and tok in (given, "".join(filter(str.isdigit, given)))
                fixed = self.fixed(puzzle, (r, c))
                if fixed is not None and (copied or tok in ("-", ".")):
                    row.append(fixed)
                    continue
                try:
                    mark = self.janko_mark(tok, f"{at}: r{r + 1}c{c + 1}")
                except InputError:
                    if not copied:
                        raise
                    mark = self.janko_blank  # a given the answer does not write (Battleships' 'x')
                if fixed is not None and mark not in (self.janko_blank, fixed):
                    raise InputError(f"r{r + 1}c{c + 1}: solution mark {tok!r} on the puzzle's "
                                     f"given", at)
                row.append(fixed or mark)
            rows.append("".join(row))
        return puzzle, self.parse_solution(puzzle, rows, block.where)

    # -- answers -----------------------------------------------------------------------
    def free_cells(self, puzzle: Puzzle) -> list[Cell]:
        return [cell for cell in puzzle.cells() if self.fixed(puzzle, cell) is None]

    def rows_of(self, puzzle: Puzzle, truth: Any) -> tuple[str, ...]:
        layer = self.layer_for(puzzle)
        return tuple("".join(self.fixed(puzzle, (r, c)) or layer.char((r, c), truth)
                             for c in range(puzzle.cols)) for r in range(puzzle.rows))

    def values(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> Values:
        """An answer's atoms (the check face's view of it); errors name the cell."""
        v = Values(puzzle, rows)
        layer = self.layer_for(puzzle)
        for r in range(puzzle.rows):
            for c in range(puzzle.cols):
                ch = rows[r][c]
                fixed = self.fixed(puzzle, (r, c))
                if fixed is None:
                    layer.read((r, c), ch, v, where)
                elif ch != fixed:
                    raise InputError(f"answer character {ch!r} at r{r + 1}c{c + 1}, where the "
                                     f"puzzle's given is {fixed!r}", where)
        return v

    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> KitAnswer:
        clean = [r.strip() for r in rows if r.strip()]
        if len(clean) != puzzle.rows:
            raise InputError(f"answer has {len(clean)} rows, the puzzle has {puzzle.rows}", where)
        out = []
        for i, row in enumerate(clean):
            toks = row.split()
            cells = toks if len(toks) == puzzle.cols else list(row.replace(" ", ""))
            if len(cells) != puzzle.cols:
                raise InputError(f"answer row {i + 1} has {len(cells)} cells, the puzzle has "
                                 f"{puzzle.cols}", where)
            out.append(cells)
        for cells in out:  # numbers written as tokens: one character each
            for j, tok in enumerate(cells):
                if len(tok) > 1 and is_digits(tok):
                    cells[j] = number_char(int(tok))
        rows2 = ["".join(cells) for cells in out]
        v = self.values(puzzle, rows2, where)
        line_mismatch(v, where)  # a written answer is read strictly (the verifier is not)
        return KitAnswer(self.rows_of(puzzle, v.__getitem__), puzzle)

    # -- encoding and verifying ------------------------------------------------------------
    def all_rules(self, puzzle: Puzzle) -> list[Rule]:
        out = list(self.rules(puzzle))
        for cell, clue in puzzle.clues().items():
            out += self.clue_rules(puzzle, cell, clue)
        return out

    def encoder(self, puzzle: Puzzle, b: "Backend") -> tuple[Encoder, list[Cell]]:
        e = Encoder(b, puzzle)
        cells = self.free_cells(puzzle)
        b.reserve(len(cells), len(cells))
        self.layer_for(puzzle).setup(e, cells)
        return e, cells

    def encode(self, puzzle: Puzzle, b: "Backend", encoding: str | None = None) -> KitEncoded:
        choose_encoding(self, encoding)
        e, cells = self.encoder(puzzle, b)
        for rule in self.all_rules(puzzle):
            rule.encode(e)
            b.checkpoint()
        return KitEncoded(self, puzzle, e, cells)

    def verify(self, puzzle: Puzzle, answer: Solution) -> list[Violation]:
        try:
            v = self.values(puzzle, answer.rows, "answer")
        except BadAnswerChar as err:
            return [Violation("anBadChar", err.message, (err.cell,))]
        except InputError as err:
            return [Violation("anBadChar", err.message)]
        out = []
        for cell, d in v.cell.get("lines_mismatch", {}).items():
            out.append(Violation("lnMismatch", f"a line ends at the {d} side of a cell that "
                                 f"has none there", (cell,)))
        for rule in self.all_rules(puzzle):
            out += rule.check(v)
        if self.failcode_order:
            rank = {code: i for i, code in enumerate(self.failcode_order)}
            out.sort(key=lambda x: rank.get(x.code, len(rank)))
        return out


class KitGeneration(Generation):
    """Minimizer and generator hooks for any kit genre whose clues only ever remove
    answers (most clue genres): each clue's rules behind a switch; random answers from
    the rules with no clues, solved under random phases."""

    density_range = (0.1, 0.9)
    default_density = 0.5
    density_meaning = "share of shaded cells (or lines) the random answer leans to"

    def __init__(self, genre: KitGenre) -> None:
        super().__init__(genre)
        self.kit = genre
        self._cache: tuple[Any, Values] | None = None

    def encode_switchable(self, blank: Puzzle, b: "Backend",
                          clues: dict[ClueKey, Clue]) -> Switchable:
        kit = self.kit
        e, cells = kit.encoder(blank, b)
        for rule in kit.all_rules(blank):
            rule.encode(e)
        switches: dict[ClueKey, Lit] = {}
        for cell, clue in clues.items():
            on = switches[cell] = b.new_var()
            for rule in kit.clue_rules(blank, cell, clue):
                rule.encode(e, on)
        return Switchable(KitEncoded(kit, blank, e, cells), switches, {})

    def weak_clue(self, clue: Clue) -> Clue:
        return None

    #: Layouts drawn before giving up (a random layout may admit no answer at all).
    LAYOUTS = 20
    #: Solves spent on assuming random wishes (each a small incremental solve).
    WISH_SOLVES = 60

    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> KitAnswer:
        for _ in range(self.LAYOUTS):
            layout = self.kit.random_layout(rows, cols, rng)
            answer = self._answer_on(layout, rng, density)
            if answer is not None:
                return KitAnswer(answer.rows, layout)
            if not layout.params:  # (an empty layout is the same every time)
                break
        raise InputError(f"no {self.kit.name} answer of size {rows}x{cols} was found")

    def _answer_on(self, layout: Puzzle, rng: random.Random,
                   density: float | None) -> Optional[KitAnswer]:
        """A random answer on this layout's rules (no clues), or None if it has none."""
        kit = self.kit
        b = make_backend("cadical")
        try:
            e, cells = kit.encoder(layout, b)
            for rule in kit.rules(layout):
                rule.encode(e)
            wish = kit.layer_for(layout).phases(e, cells, rng, density or self.default_density)
            b.prefer(wish)
            enc = KitEncoded(kit, layout, e, cells)
            # Phases alone give patterned answers (a Sudoku of shifted rows): the solver
            # follows them only until the first conflict. So the wishes are assumed, as
            # many as can hold together: in random order, a chunk at a time, a chunk
            # that fails split in two (a bounded number of solves), then the last
            # satisfiable set is solved for the answer.
            order = wish[:]
            rng.shuffle(order)
            held: list[Lit] = []
            chunks = [order[i:i + max(1, len(order) // 3)]
                      for i in range(0, len(order), max(1, len(order) // 3))]
            budget = self.WISH_SOLVES
            while chunks and budget > 0:
                chunk = chunks.pop(0)
                budget -= 1
                if b.solve(held + chunk) is Status.SAT:
                    held += chunk
                elif len(chunk) > 1:
                    chunks[:0] = [chunk[:len(chunk) // 2], chunk[len(chunk) // 2:]]
            share = held
            while True:
                if b.solve(share) is not Status.SAT:
                    if not share:
                        return None
                    share = share[:len(share) // 2]
                    continue
                answer = enc.decode()
                cuts = enc.cuts(answer)
                if not cuts:
                    return answer
                b.add_clauses(cuts)
        finally:
            b.close()

    def blank_for(self, answer: Any) -> Puzzle:
        layout = getattr(answer, "layout", None)
        return layout if layout is not None else super().blank_for(answer)

    def _values(self, answer: Any) -> tuple[Puzzle, Values]:
        blank = self.blank_for(answer)
        if self._cache is None or self._cache[0] is not answer:
            self._cache = (answer, self.kit.values(blank, answer.rows, "answer"))
        return blank, self._cache[1]

    def clue_candidates(self, answer: Any) -> dict[ClueKey, Clue]:
        blank, v = self._values(answer)
        out: dict[ClueKey, Clue] = {}
        for cell in blank.cells():
            clue = self.kit.clue_value(blank, v, cell)
            if clue is not None:
                out[cell] = clue
        return out

    def clue_holds(self, answer: Any, key: ClueKey, clue: Clue) -> bool:
        blank, v = self._values(answer)
        return not any(rule.check(v) for rule in self.kit.clue_rules(blank, key, clue))


def kit_formats(**kw: Any) -> FormatSpec:
    """A kit genre's FormatSpec (drawing and exchange details; see the contract)."""
    return FormatSpec(**kw)


__all__ = ["KitGenre", "KitGeneration", "KitEncoded", "KitAnswer", "kit_formats", "Lazy"]

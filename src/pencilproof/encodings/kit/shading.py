"""The kit's two faces laid out as rows: genres with one Boolean per cell (shaded cells,
lamps) on grids of up to a million cells.

The generic faces keep a dict entry per atom (:class:`~.model.Encoder`'s ``lits``,
:class:`~.model.Values`' ``truth``) and one rule object per constraint: right for a
Sudoku, but a 1000x1000 Canal View would hold a million atoms and a million 2x2 rules
(seconds and gigabytes before the solver starts). Here the same faces are rows:

* :class:`GridEncoder`: the cell atoms ``S(cell)`` are one block of literals, row by row
  (``var[r][c]``, 0 where a given fixes the cell off), looked up, never stored; any
  other atom is an ordinary one;
* :class:`RowValues`: an answer is its row strings, ``S(cell)`` is "the cell holds the
  on character";
* grid-wide rules (:class:`NoBlock`, :class:`NoTouching`, :class:`SomeOn`,
  :class:`NoLone`, :class:`ConnectedRows`) encode by walking literal rows and check by
  walking strings (bit masks per row), so a million cells take well under a second;
* :class:`GridEncoded` decodes, blocks and cuts by rows; :class:`GridGenre` derives
  ``encode``/``verify`` from ``rules`` and ``clue_rules`` as :class:`~.genre.KitGenre`
  does; :class:`GridGeneration` puts each clue's rules behind a switch.

Clue rules stay ordinary kit rules (:class:`~.rules.Count`, :class:`~.rules.Fix`, the
counts of :mod:`.sight`), read through the same two faces.
"""
from __future__ import annotations

import abc
import itertools
import random
from typing import TYPE_CHECKING, Any, AbstractSet, Callable, ClassVar, Iterator, Sequence, cast

from ...puzzle import Cell, Clue, Puzzle, Shading, Solution, Violation
from ..base import NoAnswer, choose_encoding, mask_bits, parse_shading_rows, shade_masks
from ..contract import ClueKey, Switchable, Symmetry
from ..grid import LazyConnectivity, components, rows_connected, tree_connectivity
from .genre import KitGeneration, KitGenre
from .model import Atom, Encoder, Lazy, Lit, Rule, Values

if TYPE_CHECKING:
    from ...solvers.backends import Backend


class GridEncoder(Encoder):
    """An encoder whose cell atoms are literal rows: ``var[r][c]`` (0: fixed off).

    ``fixed``: the givens fix their cells off (a clue cell is unshaded, a wall holds no
    lamp); otherwise every cell is free. ``encoding`` is the genre's encoding name
    (connectivity reads it: ``reference`` is the seed's spanning tree)."""

    def __init__(self, backend: "Backend", puzzle: Puzzle, fixed: bool, encoding: str = "",
                 reserve: Callable[[int], None] | None = None):
        super().__init__(backend, puzzle)
        self.encoding, self.fixed = encoding, fixed
        cols, grid = puzzle.cols, puzzle.grid
        open_rows = [not fixed or row.count(None) == cols for row in grid]
        nfree = sum(cols if ok else row.count(None) for ok, row in zip(open_rows, grid))
        if reserve is not None:
            reserve(nfree)
        k = backend.new_vars(nfree).start if nfree else 0
        self.var: list[list[Lit]] = []
        for ok, row in zip(open_rows, grid):
            n = cols if ok else row.count(None)
            if n == cols or not n:
                self.var.append(list(range(k, k + cols)) if n else [0] * cols)
            else:
                free = iter(range(k, k + n))
                self.var.append([next(free) if v is None else 0 for v in row])
            k += n
        self.open_rows = open_rows
        self.memo: dict[str, Any] = {}  # what one grid-wide rule leaves for another
        self._off: Lit | None = None

    def atom(self, atom: Atom) -> Lit:
        if type(atom) is tuple and atom[0] == "s":
            lit = self.var[atom[1]][atom[2]]
            if lit:
                return lit
            if self._off is None:
                self._off = -self.b.true
            return self._off
        return super().atom(atom)

    def fix(self, atom: Atom, value: bool, guard: Lit | None = None) -> None:
        if type(atom) is tuple and atom[0] == "s" and not self.var[atom[1]][atom[2]]:
            if value:  # a fixed-off cell cannot be on
                self.clause([], guard)
            return
        super().fix(atom, value, guard)

    def member(self, polarity: int = 1) -> dict[Cell, Lit]:
        """Every free cell -> its literal (``polarity`` -1: the negation)."""
        if polarity == 1:  # (the same int objects: a million cells, no new ones)
            return {(r, c): lit for r, row in enumerate(self.var) for c, lit in enumerate(row) if lit}
        return {(r, c): -lit for r, row in enumerate(self.var) for c, lit in enumerate(row) if lit}


class RowValues(Values):
    """An answer as its row strings: ``S(cell)`` is "the cell shows ``on``"."""

    def __init__(self, puzzle: Puzzle, rows: Sequence[str], on: str):
        super().__init__(puzzle, rows)
        self.on = on
        self.memo: dict[str, Any] = {}  # what rules reading the same strings share

    def __getitem__(self, atom: Atom) -> bool:
        if type(atom) is tuple and atom[0] == "s":
            return self.rows[atom[1]][atom[2]] == self.on
        return self.truth.get(atom, False)

    def count(self, atoms: Any) -> int:
        return sum(1 for a in atoms if self[a])


def as_grid(e: Encoder) -> GridEncoder:
    """The encoder a grid genre's rules get (their type says only :class:`Encoder`)."""
    return cast(GridEncoder, e)


def as_rows(v: Values) -> RowValues:
    """The answer a grid genre's rules check (their type says only :class:`Values`)."""
    return cast(RowValues, v)


class GridEncoded:
    """A grid genre's puzzle on one solver (the :class:`~..contract.Encoded` protocol),
    read and written row by row."""

    def __init__(self, genre: "GridGenre", puzzle: Puzzle, e: GridEncoder):
        self.genre, self.puzzle, self.e, self.b = genre, puzzle, e, e.b
        self.on, self.off = genre.on, genre.off
        self._flat = [lit for row in e.var for lit in row if lit]
        self._rounds = 0

    def decode(self) -> Any:
        e, on, off = self.e, self.on, self.off
        text = "".join([on if v else off for v in self.b.values(self._flat)])
        cols = self.puzzle.cols
        if all(e.open_rows):  # one string for the whole grid, cut into rows
            return self.genre.answer_type(tuple(text[k:k + cols] for k in range(0, len(text), cols)))
        out, k, given = [], 0, self.genre.given_char
        for ok, lits, row in zip(e.open_rows, e.var, self.puzzle.grid):
            n = cols if ok else row.count(None)
            if n == cols:
                out.append(text[k:k + cols])
            else:
                free = iter(text[k:k + n])
                out.append("".join([next(free) if lit else given(v) for lit, v in zip(lits, row)]))
            k += n
        return self.genre.answer_type(tuple(out))

    def cuts(self, answer: Solution) -> list[list[Lit]]:
        if not self.e.lazy:
            return []
        v = RowValues(self.puzzle, answer.rows, self.on)
        out = [cl for lazy in self.e.lazy for cl in lazy.cuts(v)]
        self._rounds += bool(out)
        return out

    def block(self, answer: Solution) -> list[Lit]:
        on = self.on
        return [-lit if x == on else lit
                for row, lits in zip(answer.rows, self.e.var) for x, lit in zip(row, lits) if lit]

    def agree(self, answer: Solution) -> dict[Cell, Lit]:
        on = self.on
        return {(r, c): lit if answer.rows[r][c] == on else -lit
                for r, lits in enumerate(self.e.var) for c, lit in enumerate(lits) if lit}

    def partial_cuts(self, true: AbstractSet[Lit]) -> list[list[Lit]]:
        return [cl for lazy in self.e.lazy for cl in lazy.partial_cuts(true)]

    def prepare(self, puzzle: Puzzle) -> None:
        for lazy in self.e.lazy:
            lazy.prepare(puzzle)

    def stats(self) -> dict[str, Any]:
        return {"cuts": sum(getattr(z, "cuts_added", 0) for z in self.e.lazy)}


class GridGenre(KitGenre):
    """A kit genre whose answer is one Boolean per cell, written ``on``/``off``.

    ``encode`` and ``verify`` work as :class:`~.genre.KitGenre`'s, on the row faces.
    Violations come out in the order of :attr:`codes` (rules first, then clues, if
    empty)."""

    encodings: ClassVar[tuple[str, ...]] = ("lazy", "reference")
    answer_type: ClassVar[type] = Shading
    on: ClassVar[str] = "#"
    off: ClassVar[str] = "."
    #: A given fixes its cell off (a clue cell unshaded, a wall without a lamp).
    fixed_givens: ClassVar[bool] = True
    #: Failcodes in the order the verifier reports them.
    codes: ClassVar[tuple[str, ...]] = ()
    #: Only numbers have clue rules (walls, ``?`` just fix their cells): a grid of a
    #: million walls asks ``clue_rules`` nothing.
    numbers_only: ClassVar[bool] = True

    def given_char(self, clue: Clue) -> str:
        """The answer character of a cell a given fixes."""
        return self.off

    def reserve(self, puzzle: Puzzle, b: "Backend", nfree: int) -> None:
        """A lower bound on the encoding's size, before any variable (``b.reserve``)."""

    def void(self, puzzle: Puzzle) -> bool:
        """True when some given can never be met whatever the answer (a clue larger than
        all it can see): the puzzle has no answer, decided before any variable."""
        return False

    def grid_encoder(self, puzzle: Puzzle, b: "Backend", encoding: str = "") -> GridEncoder:
        return GridEncoder(b, puzzle, self.fixed_givens, encoding,
                           lambda n: self.reserve(puzzle, b, n))

    def encode(self, puzzle: Puzzle, b: "Backend", encoding: str | None = None) -> Any:
        encoding = choose_encoding(self, encoding)
        if self.void(puzzle):
            b.add_clause([])
            return NoAnswer()
        e = self.grid_encoder(puzzle, b, encoding)
        for k, rule in enumerate(self.all_rules(puzzle)):
            if not k & 1023:
                b.checkpoint()
            rule.encode(e)
        encoded = GridEncoded(self, puzzle, e)
        b.checkpoint()  # (a deadline that passed after the last clause stops here, not in a solve)
        return encoded

    def values(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> Values:
        return RowValues(puzzle, rows, self.on)

    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> Any:
        return parse_shading_rows(puzzle, rows, where)

    def read_janko(self, block: Any) -> None:
        return None  # the shared reading by the FormatSpec's token tables

    @staticmethod
    def givens(puzzle: Puzzle) -> Iterator[tuple[Cell, Clue]]:
        """The givens in reading order (rows without any skipped at C speed)."""
        cols = puzzle.cols
        for r, row in enumerate(puzzle.grid):
            if row.count(None) != cols:
                yield from (((r, c), v) for c, v in enumerate(row) if v is not None)

    @staticmethod
    def numbers(puzzle: Puzzle) -> Iterator[tuple[Cell, int]]:
        """The number givens in reading order (rows without any skipped at C speed)."""
        for r, row in enumerate(puzzle.grid):
            if int in set(map(type, row)):
                yield from (((r, c), v) for c, v in enumerate(row) if type(v) is int)

    def all_rules(self, puzzle: Puzzle) -> list[Rule]:
        """The rules and every given's, kept for the last puzzle: the checker encodes a
        puzzle and then verifies its answers (half a million clue rules are built once)."""
        memo = self.__dict__.get("_all_rules")
        if memo is None or memo[0] is not puzzle:
            givens = self.numbers(puzzle) if self.numbers_only else self.givens(puzzle)
            memo = (puzzle, self.rules(puzzle) + [x for cell, clue in givens
                                                  for x in self.clue_rules(puzzle, cell, clue)])
            self.__dict__["_all_rules"] = memo
        return memo[1]

    def verify(self, puzzle: Puzzle, answer: Solution) -> list[Violation]:
        v = self.values(puzzle, answer.rows, "answer")
        out: list[Violation] = []
        for cls, group in itertools.groupby(self.all_rules(puzzle), type):
            if issubclass(cls, GridRule):
                out += cls.check_all(cast("list[GridRule]", list(group)), v)
            else:
                out += [x for rule in group for x in rule.check(v)]
        if len(out) > 1:
            rank = {code: i for i, code in enumerate(self.codes)}
            out.sort(key=lambda x: rank.get(x.code, len(rank)))
        return out


class GridGeneration(KitGeneration):
    """:class:`~.genre.KitGeneration` on the row faces: the rules of ``blank`` (its givens
    included) hold, each clue of ``clues`` behind a switch literal."""

    kit: GridGenre

    def encode_switchable(self, blank: Puzzle, b: "Backend",
                          clues: dict[ClueKey, Clue]) -> Switchable:
        kit = self.kit
        e = kit.grid_encoder(blank, b)
        for rule in kit.all_rules(blank):
            rule.encode(e)
        switches: dict[ClueKey, Lit] = {}
        for cell, clue in clues.items():
            on = switches[cell] = b.new_var()
            for rule in kit.clue_rules(blank, cell, clue):
                rule.encode(e, on)
        return Switchable(GridEncoded(kit, blank, e), switches, {})

    def weak_clue(self, clue: Clue) -> Clue:
        return "?" if isinstance(clue, int) else None

    @abc.abstractmethod
    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None = None, symmetric: Symmetry | None = None) -> Any:
        """Each grid genre draws its own answers in cheap plain Python (kit/draw.py): the
        kit's solver-drawn answers would be slow on the grids these genres generate."""


# -- grid-wide rules ---------------------------------------------------------------------
class GridRule(Rule):
    """A rule that reads the row faces themselves (literal rows, answer strings) instead
    of listing atoms: a grid-wide rule is one object, not one per cell."""

    def __init__(self, code: str, message: str):
        self.code, self.message = code, message

    @classmethod
    def check_all(cls, rules: Sequence["GridRule"], v: Values) -> list[Violation]:
        """The violations of many rules of this class (a class with half a million
        instances, one per clue, checks them in one loop)."""
        return [x for rule in rules for x in rule.check(v)]


class GivensOff(GridRule):
    """The cells of givens are off (Canal View: a clue cell is unshaded); one violation
    naming every such cell that is on. (Where the encoder fixes them, nothing to add.)"""

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        if not as_grid(e).fixed:
            var = as_grid(e).var
            e.b.add_clauses([[-lit] for (r, c), _ in GridGenre.givens(e.puzzle) if (lit := var[r][c])])

    def check(self, v: Values) -> list[Violation]:
        on, givens = as_rows(v).on, v.puzzle.grid
        cells = [(r, c) for r, row in enumerate(v.rows) if on in row
                 for c, (x, ch) in enumerate(zip(givens[r], row)) if ch == on and x is not None]
        return [self.broken(cells)] if cells else []


class NoBlock(GridRule):
    """No 2x2 block entirely on (Canal View's canal); a violation per block."""

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        var = as_grid(e).var
        for top, bottom in zip(var, var[1:]):
            e.b.add_clauses([[-w, -y, -x, -z] for w, x, y, z in
                             zip(top, top[1:], bottom, bottom[1:]) if w and x and y and z])

    def check(self, v: Values) -> list[Violation]:
        masks, out = shade_masks(_on_rows(v)), []
        for r, (a, b) in enumerate(zip(masks, masks[1:])):
            for c in mask_bits(a & (a >> 1) & b & (b >> 1)):  # bit c: c, c + 1 in both rows
                out.append(self.broken(((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))))
        return out


class NoTouching(GridRule):
    """No two edge-adjacent cells both on; one violation naming every such cell."""

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        var = as_grid(e).var
        for r, row in enumerate(var):
            below = var[r + 1] if r + 1 < len(var) else [0] * len(row)
            e.b.add_clauses([[-x, -y] for x, y in zip(row, row[1:]) if x and y]
                            + [[-x, -y] for x, y in zip(row, below) if x and y])

    def check(self, v: Values) -> list[Violation]:
        masks, touching = shade_masks(_on_rows(v)), set[Cell]()
        for r, m in enumerate(masks):
            touching.update(x for c in mask_bits(m & (m >> 1)) for x in ((r, c), (r, c + 1)))
            if r + 1 < len(masks):
                touching.update(x for c in mask_bits(m & masks[r + 1]) for x in ((r, c), (r + 1, c)))
        return [self.broken(touching)] if touching else []


class SomeOn(GridRule):
    """At least one cell is on."""

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        e.clause([lit for row in as_grid(e).var for lit in row if lit])

    def check(self, v: Values) -> list[Violation]:
        on = as_rows(v).on
        return [] if any(on in row for row in v.rows) else [Violation(self.code, self.message)]


class NoLone(GridRule):
    """A solver hint implied by connectivity (nothing to check): no cell of the region
    (on cells, or off cells with ``polarity`` -1) is without a neighbour in it, when the
    region has two cells or more (``switch``: only when this literal is true)."""

    def __init__(self, polarity: int = 1, switch: Lit | None = None):
        super().__init__("", "")
        self.polarity, self.switch = polarity, switch

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        var, p = as_grid(e).var, self.polarity
        g = [] if self.switch is None else [-self.switch]
        none = [0] * len(var[0])
        for r, here in enumerate(var):
            above = var[r - 1] if r else none
            below = var[r + 1] if r + 1 < len(var) else none
            left, right = [0] + here[:-1], here[1:] + [0]
            e.b.add_clauses([g + [-p * x] + [p * y for y in (u, d, lt, rt) if y]
                             for x, u, d, lt, rt in zip(here, above, below, left, right) if x])

    def check(self, v: Values) -> list[Violation]:
        return []


class ConnectedRows(GridRule):
    """The cells showing ``chars`` are one edge-connected piece: the on cells
    (``polarity`` 1) or the off cells (-1). Encoded lazily (cuts read from the answer's
    rows), or as the seed's spanning tree for the ``reference`` encoding; ``make`` builds
    the lazy part from the member literals (default :class:`~..grid.LazyConnectivity`;
    its ``prepare(puzzle)`` hears the generator's switch states)."""

    def __init__(self, chars: str, polarity: int, code: str, message: str,
                 make: Callable[[dict[Cell, Lit], int, int], LazyConnectivity] | None = None):
        super().__init__(code, message)
        self.chars, self.polarity, self.make = chars, polarity, make or LazyConnectivity

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        member = as_grid(e).member(self.polarity)
        size = e.puzzle.rows, e.puzzle.cols
        if as_grid(e).encoding == "reference":
            tree_connectivity(e.b, member, *size)
        else:
            e.lazy.append(_RowCuts(self.make(member, *size), self.chars))

    def check(self, v: Values) -> list[Violation]:
        if rows_connected(v.rows, self.chars):
            return []
        comps = components((r, c) for r, row in enumerate(v.rows)
                           for c, ch in enumerate(row) if ch in self.chars)
        stray = [x for comp in comps[1:] for x in comp]
        return [self.broken(stray, self.message.format(k=len(comps)))]


class _RowCuts(Lazy):
    def __init__(self, conn: LazyConnectivity, chars: str):
        self.conn, self.chars = conn, chars

    @property
    def cuts_added(self) -> int:
        return self.conn.cuts_added

    def cuts(self, values: Values) -> list[list[Lit]]:
        return self.conn.cuts_of_rows(values.rows, self.chars)

    def partial_cuts(self, true: AbstractSet[Lit]) -> list[list[Lit]]:
        return self.conn.partial_cuts(true)

    def prepare(self, puzzle: Puzzle) -> None:
        self.conn.prepare(puzzle)


def _on_rows(v: Values) -> Sequence[str]:
    """The answer's rows with ``#`` for on (what :func:`~..base.shade_masks` reads)."""
    on = as_rows(v).on
    return v.rows if on == "#" else [row.replace("#", "x").replace(on, "#") for row in v.rows]

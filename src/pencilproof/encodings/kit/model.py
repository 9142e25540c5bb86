"""The kit's two faces of one rule set: clauses on a solver, or a check of an answer.

A genre on the kit states its rules once, as a list of :class:`Rule` objects over
*atoms* (hashable names of the answer's Boolean facts: ``("s", r, c)`` "r,c is shaded",
``("n", r, c, v)`` "r,c holds v", ``("e", r, c, "R")`` "a line joins r,c to its right
neighbour"). Each rule carries both faces, written side by side in the same class:

* :meth:`Rule.encode` adds clauses on the backend seam (an :class:`Encoder` maps atoms
  to literals), optionally behind a guard literal (a clue that a switch turns on), or
  registers a :class:`Lazy` part that returns cuts after each solve;
* :meth:`Rule.check` is the plain-Python rule check the independent verifier runs on
  an answer (a :class:`Values` of the same atoms), naming puzz.link's failcode.

Answers are grids of characters: a genre's :class:`Layer` objects say which atoms one
cell's character stands for, both ways (decode a model, read an answer's rows). Only
the check face reads answers, so an encoding bug can never pass the verifier silently:
the verifier does not look at a single clause.
"""
from __future__ import annotations

import abc
import random
from typing import TYPE_CHECKING, Any, AbstractSet, Callable, Hashable, Iterable, Sequence

from ...errors import InputError
from ...puzzle import Cell, Puzzle, Violation

if TYPE_CHECKING:
    from ...solvers.backends import Backend

Lit = int
Atom = Hashable


def S(cell: Cell) -> Atom:
    """The atom "this cell is shaded"."""
    return ("s", cell[0], cell[1])


def N(cell: Cell, value: object) -> Atom:
    """The atom "this cell holds ``value``" (None: the cell is empty)."""
    return ("n", cell[0], cell[1], value)


class Values:
    """An answer as atom truth values (the check face), plus per-layer cell values."""

    def __init__(self, puzzle: Puzzle, rows: Sequence[str]):
        self.puzzle = puzzle
        self.rows = rows
        self.truth: dict[Atom, bool] = {}
        #: layer name -> cell -> the layer's value of that cell (a bool, an int, a set).
        self.cell: dict[str, dict[Cell, Any]] = {}

    def __getitem__(self, atom: Atom) -> bool:
        return self.truth.get(atom, False)

    def count(self, atoms: Iterable[Atom]) -> int:
        get = self.truth.get
        return sum(1 for a in atoms if get(a, False))


class Encoder:
    """Atoms as literals on one backend (the encoding face)."""

    def __init__(self, backend: "Backend", puzzle: Puzzle):
        self.b = backend
        self.puzzle = puzzle
        self.lits: dict[Atom, Lit] = {}
        self.lazy: list["Lazy"] = []

    def atom(self, atom: Atom) -> Lit:
        """The literal of an atom, created on first use."""
        lit = self.lits.get(atom)
        if lit is None:
            lit = self.lits[atom] = self.b.new_var()
        return lit

    def __getitem__(self, atom: Atom) -> Lit:
        return self.atom(atom)

    def fix(self, atom: Atom, value: bool, guard: Lit | None = None) -> None:
        lit = self.atom(atom)
        self.clause([lit if value else -lit], guard)

    def clause(self, lits: Sequence[Lit], guard: Lit | None = None) -> None:
        self.b.add_clause(list(lits) if guard is None else [-guard, *lits])

    def reify_and(self, lits: Sequence[Lit]) -> Lit:
        """A new literal true iff every literal of ``lits`` is."""
        if len(lits) == 1:
            return lits[0]
        x = self.b.new_var()
        for lit in lits:
            self.b.add_clause([-x, lit])
        self.b.add_clause([x, *(-lit for lit in lits)])
        return x

    def reify_or(self, lits: Sequence[Lit]) -> Lit:
        """A new literal true iff some literal of ``lits`` is."""
        if len(lits) == 1:
            return lits[0]
        x = self.b.new_var()
        for lit in lits:
            self.b.add_clause([x, -lit])
        self.b.add_clause([-x, *lits])
        return x


class Lazy(abc.ABC):
    """A rule too large to state up front: clauses the current answer breaks, on demand."""

    @abc.abstractmethod
    def cuts(self, values: Values) -> list[list[Lit]]:
        """Clauses (each valid in every answer) that this answer violates; [] if none."""

    def partial_cuts(self, true: AbstractSet[Lit]) -> list[list[Lit]]:
        """Clauses a partial assignment already makes unit or false ([] is always right)."""
        return []

    def prepare(self, puzzle: Puzzle) -> None:  # noqa: B027 - most parts need nothing
        """The puzzle the next solve stands for (a switch state of the generator)."""


class Rule(abc.ABC):
    """One rule of a genre, with its encoding and its plain-Python check side by side."""

    #: puzz.link's failcode for a broken rule (or this project's own, where puzz.link has
    #: no such genre), and the message the verifier reports.
    code: str = "?"
    message: str = "a rule is broken"

    @abc.abstractmethod
    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        """Clauses that hold in exactly the answers this rule accepts (only when
        ``guard`` is true, if given)."""

    @abc.abstractmethod
    def check(self, v: Values) -> list[Violation]:
        """The violations of this rule in an answer (plain Python, no solver)."""

    def broken(self, cells: Iterable[Cell], message: str | None = None) -> Violation:
        return Violation(self.code, message or self.message, tuple(sorted(set(cells))))


class Layer(abc.ABC):
    """One kind of answer variable on the cells, and the characters it is written with."""

    #: The name rules use to read the layer's cell values in :attr:`Values.cell`.
    name: str = "layer"

    @abc.abstractmethod
    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        """Create the layer's atoms on these cells and its own clauses (one value per
        cell, lines that agree on both sides, ...)."""

    @abc.abstractmethod
    def char(self, cell: Cell, truth: Callable[[Atom], bool]) -> str:
        """The cell's character in an answer, from atom values."""

    @abc.abstractmethod
    def read(self, cell: Cell, ch: str, v: Values, where: str) -> None:
        """Set the atoms (and :attr:`Values.cell`) one character of an answer stands
        for; a one-line InputError for a character this layer does not know."""

    @abc.abstractmethod
    def block(self, e: Encoder, cell: Cell, ch: str) -> list[Lit]:
        """Literals whose disjunction says "this cell is not ``ch``" (or more: it may
        also say a neighbour differs, as long as it holds in every other answer that
        differs here and in none that agrees everywhere)."""

    @abc.abstractmethod
    def agree(self, e: Encoder, cell: Cell, ch: str) -> Lit:
        """A literal true iff the cell holds ``ch``."""

    #: The characters an answer file may use for this layer, for error messages.
    chars: str = ""

    def phases(self, e: Encoder, cells: Sequence[Cell], rng: random.Random,
               density: float) -> list[Lit]:
        """Literals a random answer should lean to (random phases, :mod:`.genre`)."""
        return []


class BadAnswerChar(InputError):
    """An answer character no layer reads (the verifier reports it at its cell)."""

    def __init__(self, message: str, where: str, cell: Cell):
        super().__init__(message, where)
        self.cell = cell


def bad_char(ch: str, cell: Cell, expected: str, where: str) -> InputError:
    return BadAnswerChar(f"unknown answer character {ch!r} at r{cell[0] + 1}c{cell[1] + 1} "
                         f"(expected {expected})", where, cell)

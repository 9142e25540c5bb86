"""Rules along lines of cells, and clues written at the ends of rows and columns.

* :class:`Regular`: the cells of a line, read as symbols, spell a word that a finite
  automaton accepts. Nonogram's run lengths (:func:`runs_automaton`) and Kakurasu's
  weighted sums (:func:`sum_automaton`) are such automata. The encoding unrolls the
  automaton over the line: a literal per (position, state) that can still lead to an
  accepting state, and a literal per transition taken, each state needing a transition
  in and out, each symbol a transition that reads it (the decomposition of the
  ``regular`` constraint that unit propagation keeps arc-consistent).
* :class:`FirstSeen`: the first non-blank value met along a line from one end (Easy as
  ABC's letters at the edges), with a prefix literal "every cell so far is blank".
* :class:`Straight`: the values of a run of cells are consecutive (Str8ts), with a
  selector literal per possible lowest value.
* Edge clues (:class:`EdgeGenre`, :class:`EdgeGeneration`): labels outside the grid,
  one per row or column end, carried as the puzzle parameters ``top``, ``bottom``
  (one entry per column), ``left`` and ``right`` (one per row), each entry a label or
  None. A clue key for the generator and the analyses is ``(r, c, side)``, the first
  cell seen from that side and the side, so keys sort together with cell keys.
"""
from __future__ import annotations

import abc
import copy

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Hashable, Mapping, Optional, Sequence

from ...errors import InputError
from ...puzzle import Cell, Clue, Puzzle, Violation
from ..base import read_number
from ..contract import ClueKey, Switchable
from .genre import KitEncoded, KitGeneration, KitGenre
from .model import N, Atom, Encoder, Lit, Rule, Values

State = Hashable
Symbol = Hashable
#: A literal of an answer: an atom, true (``True``) or false (``False``).
Literal = tuple[Atom, bool]


@dataclass(frozen=True)
class Automaton:
    """A deterministic automaton read along a line: ``step(i, state, symbol)`` is the
    state after reading the symbol at position i (None: no way on)."""

    start: State
    step: Callable[[int, State, Symbol], Optional[State]]
    accept: Callable[[State], bool]

    def layers(self, alphabet: Sequence[Sequence[Symbol]]
               ) -> tuple[list[set[State]], list[dict[tuple[State, Symbol], State]]]:
        """The states at each position (0..n) that are reachable and can still accept,
        and the moves between them at each position: (state, symbol) -> next state."""
        fwd: list[set[State]] = [{self.start}]
        moves: list[dict[tuple[State, Symbol], State]] = []
        for i, syms in enumerate(alphabet):
            step = {(s, a): t for s in fwd[-1] for a in syms if (t := self.step(i, s, a)) is not None}
            moves.append(step)
            fwd.append(set(step.values()))
        keep: list[set[State]] = [set() for _ in fwd]
        keep[-1] = {s for s in fwd[-1] if self.accept(s)}
        for i in range(len(alphabet) - 1, -1, -1):
            moves[i] = {k: t for k, t in moves[i].items() if t in keep[i + 1]}
            keep[i] = {s for s, _ in moves[i]}
        return keep, moves

    def accepts(self, word: Sequence[Symbol]) -> bool:
        state: Optional[State] = self.start
        for i, a in enumerate(word):
            state = self.step(i, state, a)
            if state is None:
                return False
        return self.accept(state)


def runs_automaton(runs: Sequence[int]) -> Automaton:
    """Shaded (True) and unshaded (False) cells whose shaded runs are ``runs``, in order.
    A state is (runs begun, length of the current run; 0 between runs)."""
    k = len(runs)

    def step(i: int, s: State, on: Symbol) -> Optional[State]:
        j, run = s if isinstance(s, tuple) else (0, 0)
        if on:
            if run:
                return (j, run + 1) if run < runs[j - 1] else None
            return (j + 1, 1) if j < k else None
        return (j, 0) if run in (0, runs[j - 1] if j else 0) else None

    return Automaton((0, 0), step, lambda s: s[0] == k and s[1] in (0, runs[-1] if k else 0))  # type: ignore[index]


def sum_automaton(weights: Sequence[int], total: int) -> Automaton:
    """Shaded (True) cells whose weights add up to ``total`` (weights are positive)."""
    return Automaton(0, lambda i, s, on: (s + weights[i] if s + weights[i] <= total else None)  # type: ignore[operator]
                     if on else s, lambda s: s == total)


def runs_of(values: Sequence[bool]) -> tuple[int, ...]:
    """The lengths of the runs of True values, in order."""
    out, run = [], 0
    for x in list(values) + [False]:
        if x:
            run += 1
        elif run:
            out.append(run)
            run = 0
    return tuple(out)


class Regular(Rule):
    """The line's symbols (per position: symbol -> the literal that means it; exactly
    one holds in every answer, as a layer ensures) spell a word the automaton accepts."""

    def __init__(self, letters: Sequence[Mapping[Symbol, Literal]], automaton: Automaton,
                 cells: Sequence[Cell], code: str, message: str):
        self.letters, self.automaton, self.cells = list(letters), automaton, tuple(cells)
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        alphabet = [list(m) for m in self.letters]
        keep, moves = self.automaton.layers(alphabet)
        g = [] if guard is None else [-guard]
        if not keep[0]:
            e.clause([], guard)
            return
        b = e.b
        state = [{s: b.new_var() for s in layer} for layer in keep]
        out: list[list[Lit]] = [g + [state[0][self.automaton.start]]]
        for i, syms in enumerate(alphabet):
            into: dict[State, list[Lit]] = {t: [] for t in keep[i + 1]}
            after = state[i + 1]
            for a in syms:
                atom, on = self.letters[i][a]
                x, reads = (e[atom] if on else -e[atom]), []
                for s, q in state[i].items():
                    t = moves[i].get((s, a))
                    if t is None:
                        out.append(g + [-q, -x])
                        continue
                    tr = b.new_var()  # the transition taken: q and x (a definition)
                    out += [[-tr, q], [-tr, x], [tr, -q, -x], g + [-tr, after[t]]]
                    into[t].append(tr)
                    reads.append(tr)
                out.append(g + [-x, *reads])
            out += [g + [-after[t], *trs] for t, trs in into.items()]
        b.add_clauses(out)

    def check(self, v: Values) -> list[Violation]:
        word = []
        for m in self.letters:
            got = [a for a, (atom, on) in m.items() if v[atom] == on]
            if len(got) != 1:
                return [self.broken(self.cells)]
            word.append(got[0])
        return [] if self.automaton.accepts(word) else [self.broken(self.cells)]


def boolean_letters(atoms: Sequence[Atom]) -> list[dict[Symbol, Literal]]:
    """One Boolean atom per position as the symbols True and False."""
    return [{True: (a, True), False: (a, False)} for a in atoms]


class FirstSeen(Rule):
    """Along ``cells`` (in viewing order), the first cell holding any of ``values``
    holds ``value``; a line with none of them passes (pzprjs's ``checkSight``)."""

    def __init__(self, cells: Sequence[Cell], values: Sequence[int], value: int, code: str,
                 message: str):
        self.cells, self.values, self.value = tuple(cells), tuple(values), value
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        blank = e.b.true  # blank: every cell before this one holds none of the values
        for x in self.cells:
            lits = {w: e.lits[N(x, w)] for w in self.values if N(x, w) in e.lits}
            for w, lit in lits.items():  # the first value seen is this one, or none
                if w != self.value:
                    e.clause([-blank, -lit], guard)
            nxt = e.b.new_var()  # definitions stay unguarded
            e.b.add_clause([-nxt, blank])
            e.b.add_clauses([[-nxt, -lit] for lit in lits.values()])
            e.b.add_clause([nxt, -blank, *lits.values()])
            blank = nxt

    def check(self, v: Values) -> list[Violation]:
        numbers = v.cell.get("number", {})
        for x in self.cells:
            n = numbers.get(x)
            if n in self.values:
                return [] if n == self.value else [self.broken(self.cells)]
        return []


class Straight(Rule):
    """The numbers of these cells are consecutive (a set of len(cells) values with no
    gap, given that they differ, which another rule says): each value lies in the
    window of the selected lowest value."""

    def __init__(self, cells: Sequence[Cell], lo: int, hi: int, code: str, message: str):
        self.cells, self.lo, self.hi = tuple(cells), lo, hi
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        k = len(self.cells)
        starts = {s: e.b.new_var() for s in range(self.lo, self.hi - k + 2)}
        e.clause(list(starts.values()), guard)
        qs = list(starts.values())
        for i, q in enumerate(qs):  # one window: two would let the values spread over both
            for q2 in qs[i + 1:]:
                e.clause([-q, -q2], guard)
        for x in self.cells:
            for w in range(self.lo, self.hi + 1):
                if N(x, w) in e.lits:
                    e.clause([-e.lits[N(x, w)], *(q for s, q in starts.items() if s <= w < s + k)],
                             guard)

    def check(self, v: Values) -> list[Violation]:
        numbers = [v.cell.get("number", {}).get(x) for x in self.cells]
        got = [n for n in numbers if n is not None]
        if got and max(got) - min(got) >= len(self.cells):
            return [self.broken(self.cells)]
        return []


# -- clues at the ends of rows and columns -----------------------------------------------------
SIDES = ("top", "bottom", "left", "right")


def edge_cells(puzzle: Puzzle, side: str, i: int) -> list[Cell]:
    """The cells of row or column ``i`` in the order they are seen from ``side``."""
    rows, cols = puzzle.rows, puzzle.cols
    if side == "top":
        return [(r, i) for r in range(rows)]
    if side == "bottom":
        return [(r, i) for r in reversed(range(rows))]
    if side == "left":
        return [(i, c) for c in range(cols)]
    return [(i, c) for c in reversed(range(cols))]


def edge_key(puzzle: Puzzle, side: str, i: int) -> tuple[int, int, str]:
    """The clue key of a label: its first cell and its side."""
    r, c = edge_cells(puzzle, side, i)[0]
    return (r, c, side)


def line_name(side: str, i: int) -> str:
    """The row or column a label on ``side`` stands for ("row 3", "column 1")."""
    return f"row {i + 1}" if side in ("left", "right") else f"column {i + 1}"


def count_label(token: object, where: str, noun: str, blank: Optional[str] = None) -> Optional[int]:
    """A label that counts (a number, at least 0), or None: no label (JSON null, or the
    ``blank`` token). ``noun`` names it in errors ("a tent count")."""
    if token is None or (blank is not None and token == blank):
        return None
    n = read_number(token, where, f"{noun} or {blank!r}" if blank else "a number",
                    f"{noun} must be a number")
    if n < 0:
        raise InputError(f"{noun} is at least 0, got {n}", where)
    return n


def is_edge_key(key: ClueKey) -> bool:
    return isinstance(key, tuple) and len(key) == 3 and key[2] in SIDES


def edge_index(key: tuple[int, int, str]) -> int:
    return key[1] if key[2] in ("top", "bottom") else key[0]


class EdgeGenre(KitGenre):
    """A kit genre with labels outside the grid (:data:`SIDES` it declares in
    ``edge_sides``); :meth:`edge_label` reads one, :meth:`edge_rules` is what it says,
    :meth:`edge_value` the label an answer shows (generation)."""

    edge_sides: ClassVar[tuple[str, ...]] = SIDES
    #: How a label is written in an error message ("a letter", "a sum").
    label_words: ClassVar[str] = "a label"
    #: A genre whose givens are all labels: how it and they are named ("a nonogram",
    #: "clues"); a cell given other than '.' is refused with them.
    labels_only: ClassVar[Optional[tuple[str, str]]] = None

    def __init__(self) -> None:
        super().__init__()
        self.generator = EdgeGeneration(self)

    def parse_clue(self, token: object, where: str) -> Clue:
        if self.labels_only is None or token is None or token == "." or token == "-":
            return super().parse_clue(token, where)
        what, words = self.labels_only
        sides = " and ".join(f"'{side}'" for side in self.edge_sides)
        raise InputError(f"{what} has no givens in its cells, got {token!r} (its {words} are "
                         f"{sides})", where)

    @abc.abstractmethod
    def edge_label(self, token: object, where: str) -> Any:
        """One label from JSON / Janko (None: no label)."""

    @abc.abstractmethod
    def edge_rules(self, puzzle: Puzzle, side: str, i: int, label: Any) -> list[Rule]:
        """The rules one label on ``side`` (line ``i``) adds."""

    def edge_value(self, puzzle: Puzzle, v: Values, side: str, i: int) -> Any:
        return None

    def edge_text(self, label: Any) -> str:
        """A label as it is written back (JSON keeps the value itself)."""
        return str(label)

    def margins(self, puzzle: Puzzle) -> dict[str, tuple[str, ...]]:
        """The labels as texts beside the grid (see :meth:`Genre.margins`)."""
        return {side: tuple("" if x is None else self.edge_text(x) for x in labels)
                for side in self.edge_sides if (labels := puzzle.param(side)) is not None}

    def parse_param(self, key: str, value: object, where: str) -> Any:
        if key not in self.edge_sides:
            return super().parse_param(key, value, where)
        if not isinstance(value, (list, tuple)):
            raise InputError(f"'{key}' must be a list of labels (null: none)", where)
        out = tuple(self.edge_label(x, f"{where}[{i}]") for i, x in enumerate(value))
        return out if any(x is not None for x in out) else None

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        super().check_puzzle(puzzle, where)
        for side in self.edge_sides:
            labels = puzzle.param(side)
            n = puzzle.cols if side in ("top", "bottom") else puzzle.rows
            if labels is not None and len(labels) != n:
                what = "columns" if side in ("top", "bottom") else "rows"
                raise InputError(f"'{side}' has {len(labels)} labels, the puzzle has {n} {what}",
                                 where)

    def labels(self, puzzle: Puzzle) -> dict[tuple[str, int], Any]:
        """Every label of the puzzle: (side, index) -> label."""
        return {(side, i): x for side in self.edge_sides
                for i, x in enumerate(puzzle.param(side) or ()) if x is not None}

    def all_rules(self, puzzle: Puzzle) -> list[Rule]:
        out = super().all_rules(puzzle)
        for (side, i), label in self.labels(puzzle).items():
            out += self.edge_rules(puzzle, side, i, label)
        return out

    def with_labels(self, puzzle: Puzzle, labels: Mapping[tuple[str, int], Any]) -> Puzzle:
        """The puzzle with exactly these labels (sides without one dropped)."""
        params: dict[str, Any] = {}
        for side in self.edge_sides:
            n = puzzle.cols if side in ("top", "bottom") else puzzle.rows
            row = tuple(labels.get((side, i)) for i in range(n))
            params[side] = row if any(x is not None for x in row) else None
        return puzzle.with_params(**params)


class EdgeGeneration(KitGeneration):
    """Generation hooks where clues are labels at the edges (keys ``(r, c, side)``) and
    givens in cells (cell keys), each behind its own switch."""

    def __init__(self, genre: EdgeGenre) -> None:
        super().__init__(genre)
        self.edge = genre

    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        blank, clues = super().split_givens(puzzle)
        for (side, i), label in self.edge.labels(puzzle).items():
            clues[edge_key(puzzle, side, i)] = label
        return self.edge.with_labels(blank, {}), clues

    def with_clues(self, blank: Puzzle, clues: Mapping[ClueKey, Clue]) -> Puzzle:
        cells = {k: v for k, v in clues.items() if not is_edge_key(k)}
        labels = self.edge.labels(blank)
        labels.update({(k[2], edge_index(k)): v for k, v in clues.items() if is_edge_key(k)})
        return self.edge.with_labels(super().with_clues(blank, cells), labels)

    def key_cell(self, key: ClueKey) -> Cell:
        return (key[0], key[1])

    def clue_place(self, key: ClueKey) -> str:
        if is_edge_key(key):
            return f"{line_name(key[2], edge_index(key))} {key[2]}"
        return super().clue_place(key)

    def encode_switchable(self, blank: Puzzle, b: Any, clues: dict[ClueKey, Clue]) -> Switchable:
        kit = self.edge
        e, cells = kit.encoder(blank, b)
        for rule in kit.all_rules(blank):
            rule.encode(e)
        switches: dict[ClueKey, Lit] = {}
        for key, clue in clues.items():
            on = switches[key] = b.new_var()
            for rule in self._rules(blank, key, clue):
                rule.encode(e, on)
        return Switchable(KitEncoded(kit, blank, e, cells), switches, {})

    def _rules(self, blank: Puzzle, key: ClueKey, clue: Clue) -> list[Rule]:
        if is_edge_key(key):
            return self.edge.edge_rules(blank, key[2], edge_index(key), clue)
        return self.edge.clue_rules(blank, key, clue)

    def clue_candidates(self, answer: Any) -> dict[ClueKey, Clue]:
        out = super().clue_candidates(answer)
        blank, v = self._values(answer)
        for side in self.edge.edge_sides:
            for i in range(blank.cols if side in ("top", "bottom") else blank.rows):
                label = self.edge.edge_value(blank, v, side, i)
                if label is not None:
                    out[edge_key(blank, side, i)] = label
        return out

    def clue_holds(self, answer: Any, key: ClueKey, clue: Clue) -> bool:
        blank, v = self._values(answer)
        return not any(rule.check(v) for rule in self._rules(blank, key, clue))


class EdgesOnly(EdgeGeneration):
    """``--edges only`` / ``--edges any`` (the default): with ``only`` the clue candidates
    are the labels outside the grid (and what :meth:`outside` also keeps), the classic
    form of genres whose published pages have nothing in the cells. Subclasses name the
    option's help in ``options``."""

    cells = True

    def with_options(self, options: Mapping[str, str]) -> "EdgesOnly":
        out = copy.copy(self)
        for name, value in options.items():
            if name != "edges" or value not in ("only", "any"):
                raise InputError(f"expected --edges only or --edges any, got --{name} {value}",
                                 f"--{name}")
            out.cells = value == "any"
        return out

    def outside(self, key: ClueKey, clue: Clue) -> bool:
        """Whether ``--edges only`` keeps this candidate (default: the edge labels)."""
        return is_edge_key(key)

    def clue_candidates(self, answer: Any) -> dict[ClueKey, Clue]:
        out = super().clue_candidates(answer)
        return out if self.cells else {k: v for k, v in out.items() if self.outside(k, v)}


__all__ = ["Automaton", "runs_automaton", "sum_automaton", "runs_of", "Regular", "boolean_letters",
           "FirstSeen", "Straight", "SIDES", "edge_cells", "edge_key", "is_edge_key", "line_name",
           "count_label", "EdgeGenre", "EdgeGeneration", "EdgesOnly"]

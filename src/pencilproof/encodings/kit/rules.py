"""The kit's vocabulary of rules: counts, forbidden patterns, all-different, connectivity.

Every rule here has its encoding and its plain-Python check side by side (see
:mod:`.model`). Rules name their cells, so a violation points at them.
"""
from __future__ import annotations

from collections import deque
from typing import AbstractSet, Hashable, Iterable, Mapping, Optional, Sequence

from ...puzzle import Cell, Violation
from ..cnf import unary_sum
from ..grid import LazyConnectivity
from .model import N, Atom, Encoder, Lazy, Lit, Rule, Values

Node = Hashable


class Count(Rule):
    """The number of true atoms compared with ``n`` (``==``, ``<=`` or ``>=``)."""

    def __init__(self, atoms: Sequence[Atom], n: int, cells: Sequence[Cell], code: str,
                 message: str, op: str = "=="):
        assert op in ("==", "<=", ">=")
        self.atoms, self.n, self.cells, self.op = list(atoms), n, tuple(cells), op
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        n, op = self.n, self.op
        lits = [e[a] for a in self.atoms]
        if (op != "<=" and n > len(lits)) or n < 0 and op != ">=":
            e.clause([], guard)
            return
        if op == "<=" and n >= len(lits) or op == ">=" and n <= 0:
            return
        if op == "<=" and n == 0 or op == "==" and n == 0:
            for lit in lits:
                e.clause([-lit], guard)
            return
        if op in ("==", ">=") and n == len(lits):
            for lit in lits:
                e.clause([lit], guard)
            return
        if op == ">=" and n == 1:
            e.clause(lits, guard)
            return
        unary = unary_sum(e.b, [[x] for x in lits], n + 1)
        if op in ("==", ">="):
            e.clause([unary[n - 1]], guard)
        if op in ("==", "<=") and n < len(unary):
            e.clause([-unary[n]], guard)

    def holds(self, k: int) -> bool:
        return k == self.n if self.op == "==" else k <= self.n if self.op == "<=" else k >= self.n

    def check(self, v: Values) -> list[Violation]:
        k = v.count(self.atoms)
        return [] if self.holds(k) else [self.broken(self.cells, self.message.format(n=self.n, k=k))]


class NotAll(Rule):
    """Not every one of these atoms is true (a forbidden pattern: a 2x2 block, two
    adjacent shaded cells). ``negated`` atoms must be false for the pattern instead."""

    def __init__(self, atoms: Sequence[Atom], cells: Sequence[Cell], code: str, message: str,
                 negated: Sequence[Atom] = ()):
        self.atoms, self.negated, self.cells = list(atoms), list(negated), tuple(cells)
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        e.clause([-e[a] for a in self.atoms] + [e[a] for a in self.negated], guard)

    def check(self, v: Values) -> list[Violation]:
        if all(v[a] for a in self.atoms) and not any(v[a] for a in self.negated):
            return [self.broken(self.cells)]
        return []


class Fix(Rule):
    """An atom has this value (a given digit, a cell a clue keeps unshaded)."""

    def __init__(self, atom: Atom, value: bool, cell: Cell, code: str, message: str):
        self.atom, self.value, self.cell = atom, value, cell
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        e.fix(self.atom, self.value, guard)

    def check(self, v: Values) -> list[Violation]:
        return [] if v[self.atom] == self.value else [self.broken([self.cell])]


class AllDifferent(Rule):
    """No value twice among these cells' numbers (``exact``: every value of ``values``
    once, as in a Sudoku house, which also gives the solver the "somewhere" clauses)."""

    def __init__(self, cells: Sequence[Cell], values: Sequence[int], code: str, message: str,
                 exact: bool = False):
        self.cells, self.values, self.exact = tuple(cells), tuple(values), exact
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        for val in self.values:
            lits = [e.lits[a] for c in self.cells if (a := N(c, val)) in e.lits]
            for i in range(len(lits)):
                for j in range(i + 1, len(lits)):
                    e.clause([-lits[i], -lits[j]], guard)
            if self.exact:
                e.clause(lits, guard)

    def check(self, v: Values) -> list[Violation]:
        seen: dict[object, list[Cell]] = {}
        numbers = v.cell.get("number", {})
        for c in self.cells:
            if numbers.get(c) is not None:
                seen.setdefault(numbers[c], []).append(c)
        dup = [c for cs in seen.values() if len(cs) > 1 for c in cs]
        return [self.broken(dup)] if dup else []


class Connected(Rule):
    """The member nodes form one connected piece over the present edges.

    ``nodes`` maps each node to the atom that makes it a member (None: always one);
    ``edges`` are (u, v, atom or None: always present). Encoded lazily: after each solve,
    every component but the largest gets a cut "a and b both members means some edge
    leaving a's component is used" (valid in every answer: a path from a to b leaves
    the component somewhere). A grid of cells with plain adjacency uses the project's
    tuned grid connectivity (row runs, separator cuts, partial cuts for explain).
    """

    def __init__(self, nodes: Mapping[Node, Optional[Atom]],
                 edges: Sequence[tuple[Node, Node, Optional[Atom]]], code: str, message: str,
                 grid: tuple[int, int] | None = None):
        self.nodes, self.edges, self.grid = dict(nodes), list(edges), grid
        self.code, self.message = code, message
        if grid is not None and not self.edges:  # plain grid adjacency between the cells
            cells: list[Cell] = [n for n in self.nodes if isinstance(n, tuple)]
            self.edges = [(a, b, None) for a in cells for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]))
                          if b in self.nodes]

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "connectivity is a rule of the genre, never a clue"
        if self.grid is not None and all(a is None for _, _, a in self.edges):
            member = {n: (e[a] if a is not None else e.b.true) for n, a in self.nodes.items()}
            cells: dict[Cell, Lit] = {n: lit for n, lit in member.items()}  # type: ignore[misc]
            e.lazy.append(_GridLazy(LazyConnectivity(cells, *self.grid), self.nodes))
        else:
            e.lazy.append(_GraphLazy(self, e))

    def components(self, v: Values) -> list[list[Node]]:
        members = {n for n, a in self.nodes.items() if a is None or v[a]}
        adj: dict[Node, list[Node]] = {n: [] for n in members}
        for a, b, atom in self.edges:
            if a in members and b in members and (atom is None or v[atom]):
                adj[a].append(b)
                adj[b].append(a)
        return _components(members, adj)

    def check(self, v: Values) -> list[Violation]:
        comps = self.components(v)
        if len(comps) <= 1:
            return []
        comps.sort(key=len, reverse=True)
        stray = [n for comp in comps[1:] for n in comp if isinstance(n, tuple) and len(n) == 2
                 and all(isinstance(x, int) for x in n)]
        return [self.broken(stray, self.message.format(k=len(comps)))]


def _components(members: Iterable[Node], adj: Mapping[Node, Sequence[Node]]) -> list[list[Node]]:
    seen: set[Node] = set()
    out = []
    for start in sorted(members, key=repr):
        if start in seen:
            continue
        seen.add(start)
        comp, todo = [start], deque([start])
        while todo:
            x = todo.popleft()
            for y in adj[x]:
                if y not in seen:
                    seen.add(y)
                    comp.append(y)
                    todo.append(y)
        out.append(comp)
    return out


class _GraphLazy(Lazy):
    def __init__(self, rule: Connected, e: Encoder):
        self.rule = rule
        self.member = {n: (e[a] if a is not None else None) for n, a in rule.nodes.items()}
        self.adj: dict[Node, list[tuple[Node, Optional[Lit]]]] = {n: [] for n in rule.nodes}
        for a, b, atom in rule.edges:
            lit = e[atom] if atom is not None else None
            self.adj[a].append((b, lit))
            self.adj[b].append((a, lit))
        self.cuts_added = 0

    def cuts(self, values: Values) -> list[list[Lit]]:
        comps = self.rule.components(values)
        if len(comps) <= 1:
            return []
        comps.sort(key=len, reverse=True)
        big = comps[0]
        out = []
        for comp in comps:
            inside = set(comp)
            other = big if comp is not big else comps[1]
            a, b = comp[0], other[0]
            cl: list[Lit] = []
            for x in (a, b):
                m = self.member[x]
                if m is not None:
                    cl.append(-m)
            for u in comp:
                for w, lit in self.adj[u]:
                    if w in inside:
                        continue
                    if lit is not None:
                        cl.append(lit)
                    elif (m := self.member[w]) is not None:
                        cl.append(m)
            out.append(cl)
        self.cuts_added += len(out)
        return out


class _GridLazy(Lazy):
    def __init__(self, conn: LazyConnectivity, nodes: Mapping[Node, Optional[Atom]]):
        self.conn, self.nodes = conn, nodes

    def cuts(self, values: Values) -> list[list[Lit]]:
        region = [n for n, a in self.nodes.items() if a is None or values[a]]
        return self.conn.cuts(region)  # type: ignore[arg-type]

    def partial_cuts(self, true: AbstractSet[Lit]) -> list[list[Lit]]:
        return self.conn.partial_cuts(true)

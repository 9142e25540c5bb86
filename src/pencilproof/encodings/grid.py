"""Shared grid helpers: neighbours, components, and two ways to make a region connected.

* :class:`LazyConnectivity` adds nothing up front; after each solve it looks at the
  region's components and, if there are several, returns cut clauses ("if a cell of this
  component and a cell outside are both in the region, some boundary cell is too").
  Cuts stay valid for the rest of the solver's life, so they carry over between the
  first and second solve of the checker and between the minimizer's tests.
* :func:`tree_connectivity` is the seed project's reference encoding: one root, parent
  pointers, and turn-parity bits that rule out cycles of pointers. Kept as a cross-check.
"""
from __future__ import annotations

import bisect
import re
from typing import TYPE_CHECKING, AbstractSet, Iterable, Mapping, Sequence

from .cnf import Lit, at_most_one, unary_sum

if TYPE_CHECKING:
    from ..puzzle import Puzzle

Cell = tuple[int, int]
DIRS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def neighbours(cell: Cell, rows: int, cols: int) -> Iterable[Cell]:
    r, c = cell
    for dr, dc in DIRS.values():
        rr, cc = r + dr, c + dc
        if 0 <= rr < rows and 0 <= cc < cols:
            yield (rr, cc)


Run = tuple[int, int, int]  # (row, first column, last column)


def _runs_of_cells(cells: Iterable[Cell]) -> list[Run]:
    """Maximal horizontal runs of a set of cells, in row-major order."""
    ordered = sorted(cells)  # a region comes in row-major order: sorting it is linear
    runs: list[Run] = []
    if not ordered:
        return runs
    r0, c0 = ordered[0]
    last = c0
    for r, c in ordered:
        if r == r0 and c <= last + 1:
            if c > last:
                last = c
            continue
        runs.append((r0, c0, last))
        r0, c0, last = r, c, c
    runs.append((r0, c0, last))
    return runs


def row_runs(rows: Sequence[str], chars: str) -> list[Run]:
    """Maximal horizontal runs of the cells whose character is in ``chars``."""
    pattern = re.compile("[" + re.escape(chars) + "]+")
    return [(r, m.start(), m.end() - 1) for r, row in enumerate(rows)
            for m in pattern.finditer(row)]


def group_runs(runs: Sequence[Run]) -> list[list[int]]:
    """The runs (indices into row-major ``runs``) of each edge-connected component,
    each group in row-major order, the groups in the order of their first runs: a
    union-find over runs of neighbouring rows that overlap, linear in the runs (a big
    grid has far fewer runs than cells)."""
    n = len(runs)
    row_of = [x[0] for x in runs]
    first = [x[1] for x in runs]
    last = [x[2] for x in runs]
    parent = list(range(n))  # parent[x] <= x: roots are each set's first run
    i = prev = 0  # prev: the first run of the row before
    while i < n:
        row = row_of[i]
        j = bisect.bisect_right(row_of, row, i)
        if prev < i and row_of[prev] == row - 1:
            a, b = prev, i  # two pointers over the runs of rows row - 1 and row
            while a < i and b < j:
                a1, b1 = last[a], last[b]
                if a1 >= first[b] and b1 >= first[a]:
                    x = a
                    while parent[x] != x:
                        x = parent[x]
                    y = b
                    while parent[y] != y:
                        y = parent[y]
                    if x < y:
                        parent[y] = x
                    else:
                        parent[x] = y
                        x = y
                    parent[a] = parent[b] = x
                if a1 < b1:
                    a += 1
                else:
                    b += 1
        prev, i = i, j
    groups: dict[int, list[int]] = {}
    for k in range(n):
        root = parent[k] = parent[parent[k]]  # parent[k] < k is resolved already
        groups.setdefault(root, []).append(k)
    return list(groups.values())


def rows_connected(rows: Sequence[str], chars: str) -> bool:
    """Do the cells whose character is in ``chars`` form at most one component?"""
    return len(group_runs(row_runs(rows, chars))) <= 1


def components(cells: Iterable[Cell]) -> list[list[Cell]]:
    """Edge-connected components of a set of cells, each sorted, largest first."""
    runs = _runs_of_cells(cells)
    comps = [[(r, c) for r, a, b in (runs[k] for k in group) for c in range(a, b + 1)]
             for group in group_runs(runs)]
    comps.sort(key=lambda k: (-len(k), k[0]))
    return comps


def is_connected(cells: Iterable[Cell]) -> bool:
    """True for an empty set or a single edge-connected component."""
    return len(components(cells)) <= 1


def min_separator(adj: Sequence[Sequence[int]], source: AbstractSet[int],
                  sink: AbstractSet[int], limit: int) -> list[int] | None:
    """Fewest nodes, in neither set, whose removal leaves no path from ``source`` to
    ``sink`` in the graph ``adj`` (nodes 0..n-1), or None when that takes more than
    ``limit`` nodes: a max flow with unit node capacities (each node split in two), by
    shortest augmenting paths."""
    n = len(adj)
    big = n + 1
    # Edges in pairs (e, e ^ 1); node v's halves are 2v (in) and 2v + 1 (out).
    head: list[list[int]] = [[] for _ in range(2 * n + 2)]
    to: list[int] = []
    cap: list[int] = []

    def edge(u: int, v: int, c: int) -> None:
        head[u].append(len(to))
        to.append(v)
        cap.append(c)
        head[v].append(len(to))
        to.append(u)
        cap.append(0)
    src, snk = 2 * n, 2 * n + 1
    for v in range(n):
        edge(2 * v, 2 * v + 1, big if v in source or v in sink else 1)
        for w in adj[v]:
            edge(2 * v + 1, 2 * w, big)
    for v in source:
        edge(src, 2 * v, big)
    for v in sink:
        edge(2 * v + 1, snk, big)
    flow = 0
    while True:
        came = [-1] * (2 * n + 2)
        came[src] = -2
        queue = [src]
        for u in queue:  # (the list grows while it is read: a breadth-first search)
            if came[snk] != -1:
                break
            for e in head[u]:
                if cap[e] > 0 and came[to[e]] == -1:
                    came[to[e]] = e
                    queue.append(to[e])
        if came[snk] == -1:
            break
        flow += 1
        if flow > limit:
            return None
        v = snk
        while v != src:
            e = came[v]
            cap[e] -= 1
            cap[e ^ 1] += 1
            v = to[e ^ 1]
    return [v for v in range(n) if came[2 * v] != -1 and came[2 * v + 1] == -1]


class LazyConnectivity:
    """Connectivity of the cells whose literal is true, added as cuts on demand.

    ``member`` maps every cell that *may* belong to the region to the literal that says
    it does; cells without a literal are never in the region (clue cells, say).

    After :attr:`STREAK` disconnected models in a row, each also gets *separator* cuts:
    for a stray component K and the largest one L, ``-a | -b | (some cell of S)`` with
    S the fewest member cells that cut K off from L (not just K's border). Where clue
    cells leave narrow passages, one such cut rules out every shape of a stray piece
    inside them: a loosened 20x20 Canal View backbone took 102 000 cut rounds (98 s)
    with border cuts alone, 170 with these.
    """

    #: Disconnected models in a row before separator cuts join the border cuts.
    STREAK = 150
    #: Separator cuts per model (for the smallest stray components), and their largest size.
    SEPARATORS = 3
    SEPARATOR_LIMIT = 24

    def __init__(self, member: Mapping[Cell, Lit], rows: int, cols: int):
        self.member = dict(member)
        self.rows, self.cols = rows, cols
        self.cuts_added = 0
        self._streak = 0
        self._graph: tuple[list[Cell], dict[Cell, int], list[list[int]]] | None = None

    def prepare(self, puzzle: "Puzzle") -> None:
        """The puzzle the next solve stands for (a generator's switch state): nothing
        here; a subclass may shape its cuts by it."""

    def _separator_cuts(self, comps: list[list[Cell]]) -> list[list[Lit]]:
        """Separator cuts between the largest of ``comps`` and the smallest others."""
        if self._graph is None:
            cells = sorted(self.member)
            index = {c: i for i, c in enumerate(cells)}
            adj = [[index[n] for n in neighbours(c, self.rows, self.cols) if n in index]
                   for c in cells]
            self._graph = (cells, index, adj)
        cells, index, adj = self._graph
        m = self.member
        big = max(comps, key=len)
        sink = {index[c] for c in big if c in index}
        out = []
        for comp in sorted((k for k in comps if k is not big), key=len)[:self.SEPARATORS]:
            source = {index[c] for c in comp if c in index}
            if not source or not sink:
                continue
            sep = min_separator(adj, source, sink, self.SEPARATOR_LIMIT)
            if sep is not None:
                a, b = min(comp), min(big)
                out.append([-m[a], -m[b]] + [m[cells[v]] for v in sep])
        self.cuts_added += len(out)
        return out

    def cuts(self, region: Iterable[Cell]) -> list[list[Lit]]:
        """Clauses violated by this region if it is disconnected; [] if it is connected.

        Every component is cut, the largest included: per component K with a cell a,
        and a cell b of another component, ``-a | -b | (some cell bordering K)``.
        """
        return self._cuts(_runs_of_cells(region))

    def partial_cuts(self, true: AbstractSet[Lit]) -> list[list[Lit]]:
        """Connectivity under a partial assignment (``true``: the literals known true).

        The cells not known outside the region may still join it; split them into
        components. A component K holding a cell d known inside is walled off by its
        border (all known outside), so for every cell x of another component the clause
        ``-d | -x | (some border cell of K)`` holds in every answer and is unit now: x is
        outside. Two such components give a false clause (a contradiction)."""
        m = self.member
        possible = [c for c, lit in m.items() if -lit not in true]
        comps = components(possible)
        if len(comps) <= 1:
            return []
        rows, cols = self.rows, self.cols
        anchored = []
        for k, comp in enumerate(comps):
            d = next((c for c in comp if m[c] in true), None)
            if d is not None:
                anchored.append((k, d))
        out: list[list[Lit]] = []
        for k, d in anchored[:2]:
            inside = set(comps[k])
            border = sorted({n for c in comps[k] for n in neighbours(c, rows, cols)
                             if n not in inside and n in m})
            tail = [m[n] for n in border]
            if len(anchored) > 1:  # two walled-off pieces each with a region cell
                other = next(e for j, e in anchored if j != k)
                out.append([-m[d], -m[other]] + tail)
                continue
            for j, comp in enumerate(comps):
                if j != k:
                    out.extend([-m[d], -m[x]] + tail for x in comp)
        return out

    def cuts_of_rows(self, rows: Sequence[str], chars: str) -> list[list[Lit]]:
        """:meth:`cuts` of the region of the cells whose answer character is in
        ``chars`` (every such cell a member): no list of cells is built. A grid much
        taller than wide is read column by column (the same cuts, fewer runs)."""
        if len(rows) > 4 * len(rows[0]):
            return self._cuts(row_runs(["".join(t) for t in zip(*rows)], chars), True)
        return self._cuts(row_runs(rows, chars))

    def _cuts(self, runs: list[Run], transposed: bool = False) -> list[list[Lit]]:
        """The cuts of the region made of these runs (of columns, when ``transposed``:
        then (row, first, last) stands for cells (first..last, row))."""
        groups = group_runs(runs)
        if len(groups) <= 1:
            self._streak = 0
            return []
        self._streak += 1
        m = self.member
        rows, cols = (self.cols, self.rows) if transposed else (self.rows, self.cols)
        # Components largest first (ties: by first cell), as components() orders them.
        size = [sum(runs[k][2] - runs[k][1] + 1 for k in g) for g in groups]
        if transposed:
            first = [min((runs[k][1], runs[k][0]) for k in g) for g in groups]
        else:
            first = [runs[g[0]][:2] for g in groups]
        order = sorted(range(len(groups)), key=lambda i: (-size[i], first[i]))
        # lab[r][c]: the position in ``order`` of the component holding (r, c), or -1.
        lab = [[-1] * cols for _ in range(rows)]
        for pos, gi in enumerate(order):
            for k in groups[gi]:
                r, a, b = runs[k]
                lab[r][a:b + 1] = [pos] * (b - a + 1)
        # A component's border: the members outside the region next to it (a neighbour
        # in the region would be in the component). Row-major, so each comes sorted.
        borders: list[list[Cell]] = [[] for _ in order]
        for r in range(rows):
            line = lab[r]
            up = lab[r - 1] if r else None
            down = lab[r + 1] if r + 1 < rows else None
            for c in [c for c, g in enumerate(line) if g < 0]:
                g1 = line[c - 1] if c else -1
                g2 = line[c + 1] if c + 1 < cols else -1
                g3 = up[c] if up is not None else -1
                g4 = down[c] if down is not None else -1
                cell = (c, r) if transposed else (r, c)
                if (g1 < 0 and g2 < 0 and g3 < 0 and g4 < 0) or cell not in m:
                    continue
                if g1 >= 0:
                    borders[g1].append(cell)
                if g2 >= 0 and g2 != g1:
                    borders[g2].append(cell)
                if g3 >= 0 and g3 != g1 and g3 != g2:
                    borders[g3].append(cell)
                if g4 >= 0 and g4 != g1 and g4 != g2 and g4 != g3:
                    borders[g4].append(cell)
        if transposed:
            for border in borders:
                border.sort()
        firsts = [first[gi] for gi in order]
        out = []
        for pos, border in enumerate(borders):
            mine, other = firsts[pos], firsts[1 if pos == 0 else 0]
            out.append([-m[mine], -m[other]] + [m[n] for n in border])
        self.cuts_added += len(out)
        if self._streak > self.STREAK and all(c in m for c in firsts):
            comps = [[((c, r) if transposed else (r, c)) for k in groups[gi]
                      for r, a, b in (runs[k],) for c in range(a, b + 1)] for gi in order]
            out += self._separator_cuts(comps)
        return out


def tree_connectivity(b, member: Mapping[Cell, Lit], rows: int, cols: int) -> None:
    """Seed reference encoding: a spanning tree with one root and turn-parity acyclicity.

    Every region cell but the root points to a neighbouring region cell. A directed
    cycle of pointers is a closed rectilinear curve; its direction turns once around the
    compass, so it passes between "right" and "up" an odd number of times. A parity bit
    per cell that flips exactly at right->up and up->right turns therefore cannot close
    around a cycle, while on a tree it is always satisfiable.
    """
    cells = sorted(member)
    if not cells:
        return
    root = {x: b.new_var() for x in cells}
    par = {x: b.new_var() for x in cells}
    ptr: dict[tuple[Cell, str], Lit] = {}
    for x in cells:
        for d, (dr, dc) in DIRS.items():
            y = (x[0] + dr, x[1] + dc)
            if y in member:
                ptr[x, d] = b.new_var()
    # At most one root; a root exists if any cell is in the region.
    roots = [root[x] for x in cells]
    cnt = unary_sum(b, [[r] for r in roots], 2)
    if len(cnt) > 1:
        b.add_clause([-cnt[1]])
    nonempty = cnt[0]  # "some cell is a root"; linear instead of one all-roots clause per cell
    for x in cells:
        inx = member[x]
        b.add_clause([-root[x], inx])
        b.add_clause([-inx, nonempty])
        outs = [ptr[x, d] for d in DIRS if (x, d) in ptr]
        b.add_clause([-inx, root[x]] + outs)  # a non-root region cell has a parent
        at_most_one(b, outs)
        for d, (dr, dc) in DIRS.items():
            if (x, d) not in ptr:
                continue
            p = ptr[x, d]
            y = (x[0] + dr, x[1] + dc)
            b.add_clause([-p, inx])
            b.add_clause([-p, member[y]])
            b.add_clause([-p, -root[x]])
            back = {"U": "D", "D": "U", "L": "R", "R": "L"}[d]
            if (y, back) in ptr:
                b.add_clause([-p, -ptr[y, back]])
            # Parity between x and its parent y, decided by the turn made at y.
            for d2 in DIRS:
                if (y, d2) not in ptr or d2 == back:
                    continue
                q = ptr[y, d2]
                flip = {d, d2} == {"R", "U"}
                px, py = par[x], par[y]
                if flip:  # px != py
                    b.add_clause([-p, -q, px, py])
                    b.add_clause([-p, -q, -px, -py])
                else:     # px == py
                    b.add_clause([-p, -q, -px, py])
                    b.add_clause([-p, -q, px, -py])


class SeparatorConnectivity(LazyConnectivity):
    """Lazy connectivity that also cuts off whole walled-in areas, for loose worlds.

    ``walls`` are cells known to be outside the region in the current world (for the
    minimizer and generator: the clue cells switched on, and what they force). When a
    component of a disconnected model lies in an area that walls enclose and that
    holds no other component, one cut covers *every* shape in that area at once, with
    two fresh literals: ``x -> inside`` for each area cell, ``y -> beyond`` for each
    cell past the walls, and ``-inside | -beyond | (some wall cell)``. It stays valid
    in every world (any connected region with cells on both sides crosses the walls);
    in the worlds that made it, it says "this area is empty or the rest is".

    Why: with few clues, a large unclued area can hold a piece of canal in countless
    shapes, and the pair cuts of :class:`LazyConnectivity` (always added too, so every
    disconnected model is cut) rule out one shape at a time. Measured on a 20x20
    generator attempt: over 600 s of cut rounds without the area cuts, 1.2 s with them.
    """

    def __init__(self, backend, member: Mapping[Cell, Lit], rows: int, cols: int):
        super().__init__(member, rows, cols)
        self.b = backend
        self.walls: frozenset[Cell] = frozenset()

    def _area_cut(self, area: set[Cell], sep: set[Cell]) -> list[list[Lit]]:
        m, b = self.member, self.b
        inside, beyond = b.new_var(), b.new_var()
        out = [[-m[x], inside] for x in sorted(area) if x in m]
        out.extend([-lit, beyond] for x, lit in m.items() if x not in area and x not in sep)
        out.append([-inside, -beyond] + [m[n] for n in sorted(sep) if n in m])
        self.cuts_added += 1
        return out

    def cuts_of_rows(self, rows: Sequence[str], chars: str) -> list[list[Lit]]:
        return self.cuts([(r, c) for r, row in enumerate(rows)
                          for c, ch in enumerate(row) if ch in chars])

    def cuts(self, region: Iterable[Cell]) -> list[list[Lit]]:
        region = list(region)
        out = super().cuts(region)  # the border of each component, one pair each
        if not out or not self.walls:
            return out
        comps = components(region)
        rows, cols = self.rows, self.cols
        owner = {x: i for i, comp in enumerate(comps) for x in comp}
        for i, comp in enumerate(comps):
            inside = set(comp)
            # The area this component could spread in without crossing a wall.
            area, stack, alone = set(comp), list(comp), True
            while stack and alone:
                for y in neighbours(stack.pop(), rows, cols):
                    if y in area or y in self.walls:
                        continue
                    if owner.get(y, i) != i:
                        alone = False
                        break
                    area.add(y)
                    stack.append(y)
            if alone and len(area) > len(inside):
                sep = {n for x in area for n in neighbours(x, rows, cols) if n not in area}
                out += self._area_cut(area, sep)
        return out

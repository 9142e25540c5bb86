"""Taiji's rules as clauses: states, regions as membership literals, symbol rules.

One Boolean per existing tile (lit); linked tiles share it. Every rule is about the
region of a symbol tile, so each region-bound symbol *s* (die, diamond, dash, slash)
gets a membership literal ``R[s][t]`` per tile *t* it could reach (holes split the
board). Eagerly: ``R[s][s]``, closure (a member's equal-state neighbour is a member),
members share s's state, and a member other than s has a member neighbour. That makes
R contain the region; the converse, "nothing outside the region is a member", is added
lazily: when a model's R[s] reaches past the real region C, the cut says "if s's state
differs from every tile on C's boundary, nothing outside C is in s's region" - only the
boundary's states, so one cut serves every assignment of C's inside (nogoods on whole
regions were measured too weak for this genre).

On exact membership the rules are direct: dice by unary sums (pips against region size,
or pips cancelling), diamonds by exactly-two counts, flowers by counts of equal
neighbours, dashes and slashes by equality of membership shifted (and rotated) from one
symbol to another, and different colours' shapes by a differing offset.

Symbols may sit behind presence literals (the minimizer's switches): every rule is
guarded by its symbols' presence, and a symbol counts for others only when present.
Presence is not monotone in Taiji (a diamond needs its partner), so an absent symbol's
literal must be assumed false, never left free (``Switchable.monotone`` is False).
"""
from __future__ import annotations

from collections import deque
from itertools import combinations
from typing import TYPE_CHECKING, AbstractSet, Any, Iterable, Sequence

from ...puzzle import Cell, Puzzle
from ..cnf import unary_sum
from .code import TaijiAnswer, Tile, tiles_of

if TYPE_CHECKING:
    from ...solvers.backends import Backend

Lit = int
ROTATIONS = (lambda r, c: (r, c), lambda r, c: (-c, r), lambda r, c: (-r, -c),
             lambda r, c: (c, -r))
REGION_KINDS = ("die", "diamond", "dash", "slash")


def neighbours(rows: int, cols: int, cell: Cell) -> Iterable[Cell]:
    r, c = cell
    if r:
        yield (r - 1, c)
    if r + 1 < rows:
        yield (r + 1, c)
    if c:
        yield (r, c - 1)
    if c + 1 < cols:
        yield (r, c + 1)


def answer_rows(tiles: list[list[Tile]], lit: dict[Cell, bool]) -> tuple[str, ...]:
    return tuple("".join("x" if t.hole else "#" if lit[(r, c)] else "."
                         for c, t in enumerate(row)) for r, row in enumerate(tiles))


def regions(rows: Sequence[str]) -> list[list[Cell]]:
    """Every region of an answer (holes ``x`` excluded), each in BFS order from its
    first tile in row-major order: one pass over flat indices, for big boards."""
    h = len(rows)
    w = len(rows[0]) if h else 0
    flat = "".join(rows)
    label = [-1] * (h * w)
    out: list[list[Cell]] = []
    for start in range(h * w):
        if label[start] >= 0 or flat[start] == "x":
            continue
        ch = flat[start]
        k = len(out)
        label[start] = k
        todo = [start]
        for i in todo:  # grows while it is walked: a BFS
            c = i % w
            for j in (i - w, i + w, i - 1 if c else -1, i + 1 if c + 1 < w else -1):
                if 0 <= j < h * w and label[j] < 0 and flat[j] == ch:
                    label[j] = k
                    todo.append(j)
        out.append([divmod(i, w) for i in todo])
    return out


def region_of(rows: Sequence[str], start: Cell) -> set[Cell]:
    """The region (equal-state component, holes excluded) of a tile in an answer."""
    h, w = len(rows), len(rows[0])
    ch = rows[start[0]][start[1]]
    seen = {start}
    todo = deque([start])
    while todo:
        cell = todo.popleft()
        for n in neighbours(h, w, cell):
            if n not in seen and rows[n[0]][n[1]] == ch:
                seen.add(n)
                todo.append(n)
    return seen


class TaijiModel:
    """A Taiji board on a live solver; ``present`` maps switchable symbol tiles to
    their presence literal (the others are always there)."""

    def __init__(self, puzzle: Puzzle, b: "Backend", present: dict[Cell, Lit] | None = None,
                 break_inversion: bool = False):
        self.b = b
        self.puzzle = puzzle
        self.tiles = tiles = tiles_of(puzzle)
        self.rows, self.cols = puzzle.rows, puzzle.cols
        self.T = b.true
        self.cells = [(r, c) for r in range(self.rows) for c in range(self.cols)
                      if not tiles[r][c].hole]
        b.reserve(len(self.cells), len(self.cells))
        self.present = {cell: self.T for cell in self.cells if self.tile(cell).symbol}
        self.present.update(present or {})
        self.cut_count = 0
        self._states()
        self._components()
        if break_inversion and self.cells:
            b.add_clause([self.x[self.cells[0]]])
        self.anchors = [s for s in self.cells if self.tile(s).kind in REGION_KINDS]
        self._regions()
        self._flowers()
        self._dice()
        self._diamonds()
        self._shapes()

    def tile(self, cell: Cell) -> Tile:
        return self.tiles[cell[0]][cell[1]]

    # -- clause helpers with the constant TRUE / FALSE folded away ----------------------
    def clause(self, lits: Iterable[Lit]) -> None:
        out = []
        for x in lits:
            if x == self.T:
                return
            if x != -self.T:
                out.append(x)
        self.b.add_clause(out)

    def and_lit(self, a: Lit, c: Lit) -> Lit:
        if a == self.T:
            return c
        if c == self.T:
            return a
        if a == -self.T or c == -self.T:
            return -self.T
        y = self.b.new_var()
        self.b.add_clauses([[-y, a], [-y, c], [y, -a, -c]])
        return y

    # -- states, links, fixed tiles --------------------------------------------------------
    def _states(self) -> None:
        parent = {cell: cell for cell in self.cells}

        def find(a: Cell) -> Cell:
            while parent[a] != a:
                parent[a] = parent[parent[a]]
                a = parent[a]
            return a
        for r, c in self.cells:
            t = self.tiles[r][c]
            if t.left:
                parent[find((r, c))] = find((r, c - 1))
            if t.up:
                parent[find((r, c))] = find((r - 1, c))
        var: dict[Cell, Lit] = {}
        self.x: dict[Cell, Lit] = {}
        for cell in self.cells:
            root = find(cell)
            if root not in var:
                var[root] = self.b.new_var()
            self.x[cell] = var[root]
        self.vars = sorted(set(var.values()))
        for cell in self.cells:
            t = self.tile(cell)
            if t.fixed:
                self.b.add_clause([self.x[cell] if t.lit else -self.x[cell]])
        # E[a, b]: two neighbours have the same state.
        self.E: dict[tuple[Cell, Cell], Lit] = {}
        tiles, x, T = self.tiles, self.x, self.T
        # Row by row, asking the deadline between rows (a 1000x1000 board: two million
        # pairs, seconds of Python).
        for r in range(self.rows):
            self.b.checkpoint()
            pairs = [((r, c), (r + dr, c + dc)) for c in range(self.cols) if not tiles[r][c].hole
                     for dr, dc in ((0, 1), (1, 0))
                     if r + dr < self.rows and c + dc < self.cols and not tiles[r + dr][c + dc].hole]
            self.b.reserve(len(pairs), 4 * len(pairs))
            fresh = iter(self.b.new_vars(sum(1 for a, n in pairs if x[a] != x[n])))
            clauses = []
            for a, n in pairs:
                xa, xn = x[a], x[n]
                if xa == xn:
                    e = T
                else:
                    e = next(fresh)
                    clauses += [[-e, -xa, xn], [-e, xa, -xn], [e, xa, xn], [e, -xa, -xn]]
                self.E[(a, n)] = self.E[(n, a)] = e
            self.b.add_clauses(clauses)

    def _components(self) -> None:
        """Tiles joined through existing tiles (regions never cross a hole)."""
        self.comp: dict[Cell, int] = {}
        for start in self.cells:
            if start in self.comp:
                continue
            k = len(set(self.comp.values()))
            self.comp[start] = k
            todo = [start]
            while todo:
                cell = todo.pop()
                for n in neighbours(self.rows, self.cols, cell):
                    if n not in self.comp and not self.tile(n).hole:
                        self.comp[n] = k
                        todo.append(n)
        self.members: dict[int, list[Cell]] = {}
        for cell in self.cells:
            self.members.setdefault(self.comp[cell], []).append(cell)

    # -- regions ---------------------------------------------------------------------------
    def _regions(self) -> None:
        b = self.b
        self.R: dict[Cell, dict[Cell, Lit]] = {}
        for s in self.anchors:
            b.checkpoint()
            own = self.members[self.comp[s]]
            b.reserve(len(own), 6 * len(own))
            row: dict[Cell, Lit] = {}
            for t in own:
                if t == s:
                    row[t] = self.T
                elif t in self.R:  # the same relation seen from t
                    row[t] = self.R[t][s]
                else:
                    row[t] = b.new_var()
            self.R[s] = row
            xs = self.x[s]
            for t in own:
                m = row[t]
                if t != s:
                    self.clause([-m, -self.x[t], xs])
                    self.clause([-m, self.x[t], -xs])
                    self.clause([-m] + [row[n] for n in neighbours(self.rows, self.cols, t)
                                        if n in row])
                for n in neighbours(self.rows, self.cols, t):
                    if n in row:
                        self.clause([-m, -self.E[(t, n)], row[n]])

    def member(self, s: Cell, cell: Cell) -> Lit:
        """R[s][cell], FALSE off the board, on holes and beyond holes."""
        return self.R[s].get(cell, -self.T)

    # -- flowers ---------------------------------------------------------------------------
    def _flowers(self) -> None:
        for f in self.cells:
            k = self.tile(f).petals
            if k < 0:
                continue
            eq = [self.E[(f, n)] for n in neighbours(self.rows, self.cols, f)
                  if not self.tile(n).hole]
            g = -self.present[f]
            if k > len(eq):
                self.clause([g])
                continue
            for sub in combinations(eq, k + 1):      # at most k equal neighbours
                self.clause([g] + [-e for e in sub])
            for sub in combinations(eq, len(eq) - k + 1):  # at least k
                self.clause([g] + list(sub))

    # -- dice ------------------------------------------------------------------------------
    def _dice(self) -> None:
        dice = [d for d in self.anchors if self.tile(d).kind == "die"]
        for d1, d2 in combinations(dice, 2):
            if self.tile(d1).colour != self.tile(d2).colour and d2 in self.R[d1]:
                self.clause([-self.present[d1], -self.present[d2], -self.R[d1][d2]])
        for s in dice:
            self.b.checkpoint()
            colour = self.tile(s).colour
            same = [d for d in dice if d in self.R[s] and self.tile(d).colour == colour]
            pos: list[list[Lit]] = []
            neg: list[list[Lit]] = []
            for d in same:
                w = self.tile(d).pips
                m = self.T if d == s else self.and_lit(self.R[s][d], self.present[d])
                (pos if w > 0 else neg).append([m] * abs(w))
            pmax = sum(len(u) for u in pos)
            nmax = sum(len(u) for u in neg)
            g = -self.present[s]
            row = self.R[s]
            if not neg:  # no anti-die can cancel: the region has exactly pmax tiles at most
                dist = self._distances(s)
                for t, m in row.items():
                    if dist[t] >= pmax:
                        self.clause([g, -m])
            size = unary_sum(self.b, [[m] for t, m in row.items() if t != s], pmax)
            # size[k-1]: at least k+1 tiles (s itself is always in)
            P = unary_sum(self.b, pos, pmax + 1)
            N = unary_sum(self.b, neg, nmax + 1)

            at_least = self._at_least

            def size_at_least(k: int, size: list[Lit] = size) -> Lit:
                return self.T if k <= 1 else self._at_least(size, k - 1)
            # Mode z: the sum equals the size; otherwise the sum is 0 (positive and
            # negative pips cancel).
            z = self.T if not neg else self.b.new_var()
            for a in range(pmax + 1):
                for c in range(nmax + 1):
                    # Pos >= a and Neg <= c -> sum >= a - c -> size >= a - c
                    self.clause([g, -z, -at_least(P, a), at_least(N, c + 1),
                                 size_at_least(a - c)])
                    # Pos <= a and Neg >= c -> size <= a - c
                    self.clause([g, -z, at_least(P, a + 1), -at_least(N, c),
                                 -size_at_least(a - c + 1)])
            if neg:
                for k in range(1, max(pmax, nmax) + 1):
                    self.clause([g, z, -at_least(P, k), at_least(N, k)])
                    self.clause([g, z, at_least(P, k), -at_least(N, k)])

    def _at_least(self, u: list[Lit], k: int) -> Lit:
        """A unary count's "at least k" (TRUE for k <= 0, FALSE beyond its length)."""
        if k <= 0:
            return self.T
        return u[k - 1] if k <= len(u) else -self.T

    def _distances(self, s: Cell) -> dict[Cell, int]:
        dist = {s: 0}
        todo = deque([s])
        while todo:
            cell = todo.popleft()
            for n in neighbours(self.rows, self.cols, cell):
                if n in self.R[s] and n not in dist:
                    dist[n] = dist[cell] + 1
                    todo.append(n)
        return dist

    # -- diamonds --------------------------------------------------------------------------
    def _diamonds(self) -> None:
        for s in self.anchors:
            t0 = self.tile(s)
            if t0.kind != "diamond":
                continue
            others = [self.and_lit(m, self.present[t]) for t, m in self.R[s].items()
                      if t != s and t0.colour in self.tile(t).counts_as()]
            g = -self.present[s]
            self.clause([g] + others)  # another one of this colour ...
            if len(others) <= 6:       # ... and no third
                for a, c in combinations(others, 2):
                    self.clause([g, -a, -c])
            else:
                prev = others[0]
                for x in others[1:-1]:
                    nxt = self.b.new_var()
                    self.b.add_clauses([[-prev, nxt], [-x, nxt]])
                    self.clause([g, -prev, -x])
                    prev = nxt
                self.clause([g, -prev, -others[-1]])

    # -- dashes and slashes ----------------------------------------------------------------
    def _shapes(self) -> None:
        """Each colour with dashes or slashes gets its shape ``Z[v]`` (offsets from the
        symbol tile): a present dash's region is exactly Z, a present slash's region Z
        turned by one of four quarter turns. That is taiji_maker's "standard" (its first
        dash, else its first slash) without choosing one, and it costs one equality per
        symbol instead of one per pair. Two colours that both have a present symbol have
        shapes that differ in some offset (under every turn if either has a slash)."""
        shapes = [s for s in self.anchors if self.tile(s).kind in ("dash", "slash")]
        if not shapes:
            return
        by_colour: dict[str, list[Cell]] = {}
        for s in shapes:
            by_colour.setdefault(self.tile(s).colour, []).append(s)
        d = max(self.rows, self.cols) - 1  # a square of offsets: closed under turns
        domain = [(r, c) for r in range(-d, d + 1) for c in range(-d, d + 1)]
        Z: dict[str, dict[Cell, Lit]] = {}
        has: dict[str, Lit] = {}
        for colour, group in sorted(by_colour.items()):
            self.b.checkpoint()
            z = Z[colour] = dict(zip(domain, self.b.new_vars(len(domain))))
            has[colour] = self._any([self.present[s] for s in group])
            for a in group:
                guard = [-self.present[a]]
                if self.tile(a).kind == "dash":
                    self._equal(a, z, 0, guard)
                    continue
                pick = [self.b.new_var() for _ in ROTATIONS]
                self.clause(guard + pick)
                for k, p in enumerate(pick):
                    self._equal(a, z, k, [-p])
        for c1, c2 in combinations(sorted(by_colour), 2):
            slashes = [s for s in by_colour[c1] + by_colour[c2] if self.tile(s).kind == "slash"]
            rotate = self._any([self.present[s] for s in slashes]) if slashes else -self.T
            guard = [-has[c1], -has[c2]]
            for k, rot in enumerate(ROTATIONS):
                diffs = []
                for v in domain:
                    d1, d2 = self.b.new_var(), Z[c2][rot(*v)]
                    self.b.add_clauses([[-d1, Z[c1][v], d2], [-d1, -Z[c1][v], -d2]])
                    diffs.append(d1)
                self.clause(guard + ([] if k == 0 else [-rotate]) + diffs)

    def _any(self, lits: list[Lit]) -> Lit:
        if self.T in lits:
            return self.T
        y = self.b.new_var()
        self.b.add_clauses([[-x, y] for x in lits] + [[-y] + lits])
        return y

    def _equal(self, a: Cell, z: dict[Cell, Lit], k: int, guard: list[Lit]) -> None:
        """Under ``guard``: the region of ``a`` is ``z`` turned ``k`` quarter turns
        (tile a + rot_k(v) is a member exactly when z[v])."""
        rot = ROTATIONS[k]
        for v, zv in z.items():
            w = rot(*v)
            m = self.member(a, (a[0] + w[0], a[1] + w[1]))
            self.clause(guard + [-m, zv])
            self.clause(guard + [m, -zv])

    # -- the Encoded protocol --------------------------------------------------------------
    def decode(self) -> TaijiAnswer:
        vals = dict(zip(self.vars, self.b.values(self.vars)))
        lit = {cell: vals[self.x[cell]] for cell in self.cells}
        return TaijiAnswer(answer_rows(self.tiles, lit))

    def cuts(self, answer: TaijiAnswer) -> list[list[Lit]]:
        """For each symbol whose membership reaches past its real region: the boundary
        cut (see the module docstring)."""
        rows = answer.rows
        out: list[list[Lit]] = []
        regions: dict[Cell, frozenset[Cell]] = {}
        for s in self.anchors:
            row = self.R[s]
            free = [(t, m) for t, m in row.items() if m != self.T and m != -self.T]
            vals = self.b.values([m for _, m in free])
            if s not in regions:
                region = frozenset(region_of(rows, s))
                for t in region:
                    regions[t] = region
            region = regions[s]
            if not any(v and t not in region for (t, _), v in zip(free, vals)):
                continue
            boundary = sorted({n for t in region for n in neighbours(self.rows, self.cols, t)
                               if n not in region and not self.tile(n).hole})
            sealed = self.b.new_var()
            xs = self.x[s]
            out.append([-xs, sealed] + [self.x[n] for n in boundary])
            out.append([xs, sealed] + [-self.x[n] for n in boundary])
            out += [[-sealed, -m] for t, m in free if t not in region]
            self.cut_count += 1
        return out

    def block(self, answer: TaijiAnswer) -> list[Lit]:
        seen: dict[Lit, bool] = {}
        for r, c in self.cells:
            seen[self.x[(r, c)]] = answer.rows[r][c] == "#"
        return [-v if on else v for v, on in seen.items()]

    def agree(self, answer: TaijiAnswer) -> dict[Cell, Lit]:
        """Every tile whose state the givens do not fix (a fixed tile, or one linked to
        it, has the constant literal); linked tiles share their literal."""
        return {(r, c): (x if answer.rows[r][c] == "#" else -x)
                for r, c in self.cells if (x := self.x[(r, c)]) not in (self.T, -self.T)}

    def partial_cuts(self, true: AbstractSet[Lit]) -> list[list[Lit]]:
        """The boundary cuts a partial assignment already makes unit: for a symbol *s*
        whose state is known, the tiles it could still share a region with are those
        reachable from it through tiles not known to be in the other state; if that
        area A stops short of tiles R[s] could reach, the tiles bounding A (all known
        in the other state) wall *s* in, and for each member literal m outside A the
        clause "s in its state and every wall in the other state -> not m" holds in
        every answer (as :meth:`cuts`: a path out of A crosses a wall) and is unit now.
        What lets explain's propagation see that a region is closed."""
        T = self.T
        out: list[list[Lit]] = []
        for s in self.anchors:
            xs = self.x[s]
            if xs in true or xs == T:
                on = xs
            elif -xs in true or xs == -T:
                on = -xs
            else:
                continue
            row = self.R[s]
            area, todo = {s}, [s]
            walls: set[Cell] = set()
            while todo:
                t = todo.pop()
                for n in neighbours(self.rows, self.cols, t):
                    if n in area or n in walls or self.tile(n).hole:
                        continue
                    # n is in the other state: x[n] is -on's variable in on's sign
                    xn = self.x[n] if on == xs else -self.x[n]
                    if -xn in true or xn == -T:
                        walls.add(n)
                    else:
                        area.add(n)
                        todo.append(n)
            outside = [m for t, m in row.items() if t not in area and m != -T and -m not in true]
            if not outside:
                continue
            # "-on, some wall in s's state, -m": with the constants folded away (a wall
            # is known in the other state, so its literal here is never TRUE).
            head = [] if on == T else [-on]
            for n in sorted(walls):
                xn = self.x[n] if on == xs else -self.x[n]
                if xn != -T:
                    head.append(xn)
            out += [head + [-m] for m in outside]
        return out

    def prepare(self, puzzle: Puzzle) -> None:
        pass

    def stats(self) -> dict[str, Any]:
        return {"cuts": self.cut_count}

"""Region pieces: rules about the pieces a grid falls into, with both faces.

* :class:`Islands`: the unshaded (or shaded) cells fall into islands, each holding one
  number and as many cells as it says (Nurikabe; Mochikoro with ``need_number=False``;
  blocks of one fixed size with ``size``, as Norinori's dominoes);
* :class:`NumberRegions`: the groups of equal numbers have as many cells as their number
  (Fillomino), with :func:`size_domains` (which sizes a cell's region can have at all);
* :class:`ConnectedCells`: the unshaded (or shaded) cells form one piece;
* :class:`RoomRuns`: no straight run of unshaded cells crosses more than so many room
  borders (Heyawake);
* :func:`no_shaded_2x2`, :func:`shaded_apart`, :func:`shaded_connected`,
  :func:`unshaded_connected`: the shading rules many genres share, with pzprjs's codes.

Island and region sizes are lazy: after each solve every piece of the wrong size gets a
cut that holds in every answer (see each class), so nothing is enumerated up front.
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, AbstractSet, Callable, Collection, Iterable, Mapping, Optional, Sequence

from ...errors import InputError
from ...puzzle import Cell, Puzzle, Violation
from ..grid import LazyConnectivity, components, neighbours
from ..cnf import at_most_one_linear, exactly_count
from .lattice import blocks, pairs
from .model import N, S, Atom, Encoder, Lazy, Lit, Rule, Values
from .rules import NotAll

if TYPE_CHECKING:
    from ...solvers.backends import Backend


def _path(start: Cell, goals: Collection[Cell], inside: Collection[Cell], rows: int,
          cols: int) -> list[Cell]:
    """A shortest path from ``start`` to a cell of ``goals`` through ``inside``."""
    back: dict[Cell, Optional[Cell]] = {start: None}
    todo = deque([start])
    while todo:
        x = todo.popleft()
        if x in goals and x != start:
            out = [x]
            while (p := back[out[-1]]) is not None:
                out.append(p)
            return out[::-1]
        for y in neighbours(x, rows, cols):
            if y in inside and y not in back:
                back[y] = x
                todo.append(y)
    raise ValueError("no path")  # callers ask within one component


def _grow(start: Cell, inside: Collection[Cell], k: int, rows: int, cols: int) -> list[Cell]:
    """``k`` cells of ``inside`` around ``start``, edge-connected (breadth first)."""
    seen, todo = [start], deque([start])
    while todo and len(seen) < k:
        for y in neighbours(todo.popleft(), rows, cols):
            if y in inside and y not in seen and len(seen) < k:
                seen.append(y)
                todo.append(y)
    return seen


def pairs_of(rows: int, cols: int) -> list[tuple[Cell, Cell]]:
    """Every pair of edge-adjacent cells of a rows x cols grid, once."""
    return [((r, c), (r + dr, c + dc)) for r in range(rows) for c in range(cols)
            for dr, dc in ((0, 1), (1, 0)) if r + dr < rows and c + dc < cols]


def _border(piece: Collection[Cell], rows: int, cols: int) -> set[Cell]:
    return {y for x in piece for y in neighbours(x, rows, cols) if y not in piece}


def _distances(start: Cell, open_: Callable[..., bool], rows: int, cols: int) -> dict[Cell, int]:
    dist, todo = {start: 0}, deque([start])
    while todo:
        x = todo.popleft()
        for y in neighbours(x, rows, cols):
            if y not in dist and open_(y):
                dist[y] = dist[x] + 1
                todo.append(y)
    return dist


class Islands(Rule):
    """Islands: the maximal edge-connected groups of unshaded cells (``shaded=True``: of
    shaded cells). Each island holds exactly one of ``numbers`` (``need_number=False``: at
    most one) and has as many cells as that number (None, a ``?``: any size); with
    ``size``, every island has that many cells. Numbers always lie on islands.

    ``presence`` (generation) maps a number to the atom that makes it a given; numbers
    without one are always given. ``sized`` maps a number to the atom that makes its
    value hold (else it is a ``?``). Eagerly: a cell no number can reach within its size
    is off the islands (cells next to another given number are not on the way). Lazily,
    for each wrong island K of the current answer (each cut holds in every answer):
    two numbers joined by a path of K: not the whole path on the islands; a number whose
    island is too large: not n+1 connected cells around it all on the islands; any other
    wrong K: not "K all on the islands and its border all off" (unless a number that
    would fit K is switched on).
    """

    def __init__(self, rows: int, cols: int, numbers: Mapping[Cell, Optional[int]], *,
                 shaded: bool = False, need_number: bool = True, size: Optional[int] = None,
                 presence: Optional[Mapping[Cell, Atom]] = None,
                 sized: Optional[Mapping[Cell, Atom]] = None, noun: str = "an island",
                 codes: Mapping[str, str] | None = None):
        self.rows, self.cols, self.numbers = rows, cols, dict(numbers)
        self.shaded, self.need_number, self.size = shaded, need_number, size
        self.presence, self.sized, self.noun = dict(presence or {}), dict(sized or {}), noun
        self.codes = {"many": "bkNumGe2", "none": "bkNoNum", "size": "bkSizeNe",
                      "off": "nmShaded", **(codes or {})}
        self.code = self.codes["size"]

    def member(self, e: Encoder, cell: Cell) -> Lit:
        lit = e[S(cell)]
        return lit if self.shaded else -lit

    def is_member(self, v: Values, cell: Cell) -> bool:
        return v[S(cell)] == self.shaded

    def target(self, number: Optional[Cell], sized: Collection[Cell] = ()) -> Optional[int]:
        """The size an island holding this number must have (None: any); a number with
        a ``sized`` atom has its size only where it is in ``sized`` (those switched on)."""
        if self.size is not None:
            return self.size
        if number is None or (number in self.sized and number not in sized):
            return None
        return self.numbers[number]

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "islands are a rule of the genre; numbers switch by presence"
        rows, cols, numbers = self.rows, self.cols, self.numbers
        fixed = {a for a in numbers if a not in self.presence}
        k = {a: e[self.presence[a]] for a in self.presence}
        for a in numbers:
            e.clause([self.member(e, a)] + ([-k[a]] if a in k else []))
            for b in neighbours(a, rows, cols):
                if b in numbers and a < b:
                    e.clause([-k[x] for x in (a, b) if x in k])
        g = {a: e[self.sized[a]] for a in self.sized}
        if self.need_number and self.size is None and not k and not g:
            self.owners(e)
        elif self.need_number and self.size is None:
            self.reach(e, fixed, k, g)
        e.lazy.append(_IslandCuts(self, e, k, g))

    def owners(self, e: Encoder) -> None:
        """Every number always given: each cell on the islands has one owner, a number
        that reaches it within its size (not past a cell beside another number); cells
        side by side on the islands have one owner; a number owns exactly as many cells
        as it says. Sizes are then exact up front, and the lazy cuts only meet a piece
        with no number (one cut each): the cuts alone took thousands of rounds on big
        islands (Janko's Nurikabe 029: a 37 and a 36 on 10x10; 1055: four 50s)."""
        rows, cols, numbers = self.rows, self.cols, self.numbers
        near: dict[Cell, set[Cell]] = {}
        for a in numbers:
            for y in neighbours(a, rows, cols):
                near.setdefault(y, set()).add(a)
        own: dict[Cell, dict[Cell, Lit]] = {}  # cell -> number -> "the number owns it"
        for a, n in numbers.items():
            dist = _distances(a, lambda y, a=a: y not in numbers and near.get(y, set()) <= {a},
                              rows, cols)
            mine = [y for y, d in dist.items() if y != a and (n is None or d <= n - 1)]
            for y in mine:
                own.setdefault(y, {})[a] = e.b.new_var()
            own.setdefault(a, {})[a] = e.b.true
            if n is not None:
                exactly_count(e.b, [own[y][a] for y in mine], n - 1)
                if n > 2:
                    self.depths(e, a, n, dist, own)
        for r in range(rows):
            for c in range(cols):
                x = (r, c)
                if x in numbers:
                    continue
                lits = list(own.get(x, {}).values())
                m = self.member(e, x)
                e.clause([-m, *lits])
                for lit in lits:
                    e.clause([-lit, m])
                at_most_one_linear(e.b, lits)
        for x, y in pairs_of(rows, cols):  # (neighbours on the islands: one owner)
            for p, q in ((x, y), (y, x)):
                there = own.get(q, {})
                for a, lit in own.get(p, {}).items():
                    e.clause([-lit, -self.member(e, q)] + ([there[a]] if a in there else []))

    def depths(self, e: Encoder, a: Cell, n: int, dist: Mapping[Cell, int],
               own: Mapping[Cell, Mapping[Cell, Lit]]) -> None:
        """A number's island is connected: a cell it owns is at most n - 1 steps from it
        through cells it owns. ``at[y][t]``: y is owned and within t steps (t from y's
        distance to n - 1, the most an island of n cells allows)."""
        at: dict[Cell, dict[int, Lit]] = {a: {}}
        top = n - 1
        cells = sorted((d, y) for y, d in dist.items() if y != a and d <= top)
        for d, y in cells:
            at[y] = {t: e.b.new_var() for t in range(d, top + 1)}
        for d, y in cells:
            mine = own[y][a]
            nbrs = [z for z in neighbours(y, self.rows, self.cols) if z in at]
            for t, lit in at[y].items():
                e.clause([-lit, mine])
                if t > d:
                    e.clause([lit, -at[y][t - 1]])  # (within t-1 steps: within t)
                # within t steps: within t-1, or a neighbour within t-1
                before = [at[y][t - 1]] if t > d else []
                for z in nbrs:
                    if z == a:
                        before = []
                        break
                    if t - 1 in at[z]:
                        before.append(at[z][t - 1])
                else:
                    e.clause([-lit, *before])
            e.clause([-mine, at[y][top]])

    def reach(self, e: Encoder, fixed: Collection[Cell], k: Mapping[Cell, Lit],
              g: Mapping[Cell, Lit]) -> None:
        """A cell on the islands is reached by a number within its size: for each cell,
        the literals of the numbers that reach it (None: one that always does; a number
        that reaches it only beyond its size does so while its value is off)."""
        rows, cols, numbers = self.rows, self.cols, self.numbers
        near: dict[Cell, set[Cell]] = {}  # cell -> the given numbers beside it
        for a in fixed:
            for y in neighbours(a, rows, cols):
                near.setdefault(y, set()).add(a)
        reach: dict[Cell, list[Optional[Lit]]] = {}
        for a, n in numbers.items():
            dist = _distances(a, lambda y, a=a: y not in fixed and near.get(y, set()) <= {a},
                              rows, cols)
            for y, d in dist.items():
                if n is None or d <= n - 1:
                    reach.setdefault(y, []).append(k.get(a))
                elif a in g:
                    reach.setdefault(y, []).append(k[a] if a in k else -g[a])
        for r in range(rows):
            for c in range(cols):
                lits = reach.get((r, c), [])
                if (r, c) not in numbers and None not in lits:
                    e.clause([-self.member(e, (r, c))] + [x for x in lits if x is not None])

    def check(self, v: Values) -> list[Violation]:
        out = [Violation(self.codes["off"], f"a number is not on {self.noun}", (a,))
               for a in sorted(self.numbers) if not self.is_member(v, a)]
        members = [(r, c) for r in range(self.rows) for c in range(self.cols)
                   if self.is_member(v, (r, c))]
        for piece in components(members):
            nums = [a for a in piece if a in self.numbers]
            cells = tuple(sorted(piece))
            if len(nums) > 1:
                out.append(Violation(self.codes["many"], f"{self.noun} holds {len(nums)} numbers", cells))
            elif not nums and self.need_number:
                out.append(Violation(self.codes["none"], f"{self.noun} holds no number", cells))
            elif (t := self.target(nums[0] if nums else None, self.sized)) not in (None, len(piece)):
                out.append(Violation(self.codes["size"], f"{self.noun} has {len(piece)} cells "
                                     f"instead of {t}", cells))
        return out


class _IslandCuts(Lazy):
    def __init__(self, rule: Islands, e: Encoder, k: Mapping[Cell, Lit], g: Mapping[Cell, Lit]):
        self.rule, self.e, self.k, self.g = rule, e, k, g
        self.cuts_added = 0

    def cuts(self, values: Values) -> list[list[Lit]]:
        rule, e, k = self.rule, self.e, self.k
        rows, cols = rule.rows, rule.cols
        on = dict(zip(k, e.b.values(list(k.values())))) if k else {}
        present = {a for a in rule.numbers if on.get(a, True)}
        g = self.g
        sized = {a for a, v in zip(g, e.b.values(list(g.values()))) if v} if g else set()
        members = [(r, c) for r in range(rows) for c in range(cols)
                   if rule.is_member(values, (r, c))]
        out: list[list[Lit]] = []
        for piece in components(members):
            inside = set(piece)
            nums = [a for a in piece if a in present]
            if len(nums) > 1:
                path = _path(nums[0], set(nums), inside, rows, cols)
                out.append([-k[x] for x in (path[0], path[-1]) if x in k]
                           + [-rule.member(e, x) for x in path[1:-1]])
                continue
            a = nums[0] if nums else None
            t = rule.target(a, sized)
            switched = [-m[a] for m in (k, g) if a is not None and a in m]
            if t is not None and len(piece) > t:
                grown = _grow(a or piece[0], inside, t + 1, rows, cols)
                out.append(switched + [-rule.member(e, x) for x in grown if x != a])
            elif (t is not None and len(piece) < t) or (a is None and rule.need_number):
                # While K's border is off the islands, the island of a cell of K lies in K.
                wall = [rule.member(e, y) for y in _border(inside, rows, cols)]
                if a is not None:
                    out.append(switched + wall)
                else:
                    maybe = [k[x] for x in piece if x in k]
                    out += [[-rule.member(e, x)] + wall + maybe for x in piece]
        self.cuts_added += len(out)
        return out


class ConnectedCells(Rule):
    """The unshaded (or shaded) cells form one edge-connected piece (lazily, by the
    project's grid connectivity cuts; ``areas``: with area cuts too, see
    :class:`_ConnectedCuts`)."""

    def __init__(self, rows: int, cols: int, code: str, message: str, shaded: bool = False,
                 areas: bool = False):
        self.rows, self.cols, self.shaded, self.areas = rows, cols, shaded, areas
        self.code, self.message = code, message

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "connectivity is a rule of the genre, never a clue"
        sign = 1 if self.shaded else -1
        member = {(r, c): sign * e[S((r, c))] for r in range(self.rows) for c in range(self.cols)}
        conn = LazyConnectivity(member, self.rows, self.cols)
        e.lazy.append(_ConnectedCuts(conn, self, e.b if self.areas else None))

    def cells(self, v: Values) -> list[Cell]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)
                if v[S((r, c))] == self.shaded]

    def check(self, v: Values) -> list[Violation]:
        pieces = components(self.cells(v))
        stray = [x for piece in pieces[1:] for x in piece]
        return [self.broken(stray, self.message.format(k=len(pieces)))] if stray else []


class _ConnectedCuts(Lazy):
    """The grid connectivity cuts; with a backend, also one *area* cut per area that a
    stray piece lies in: with L the largest piece of the current answer, an area A is a
    component of the other cells, its rim R the cells of A beside L. A path of the
    region from a cell of A to a cell outside A leaves A through R, so "some cell of
    A - R and some cell outside A are in the region" implies "some cell of R is", in
    every answer (two fresh literals: x -> inside, y -> beyond). One cut rules out every
    shape of stray pieces in A while its rim stays out, where the border cuts rule out
    one shape each (Nurikabe's walls inside big islands)."""

    def __init__(self, conn: LazyConnectivity, rule: ConnectedCells, b: "Backend | None" = None):
        self.conn, self.rule, self.b = conn, rule, b
        self.areas_added = 0

    def cuts(self, values: Values) -> list[list[Lit]]:
        region = self.rule.cells(values)
        out = self.conn.cuts(region)
        if out and self.b is not None:
            out += self._area_cuts(region)
        return out

    def _area_cuts(self, region: list[Cell]) -> list[list[Lit]]:
        b, m = self.b, self.conn.member
        assert b is not None
        rows, cols = self.rule.rows, self.rule.cols
        pieces = components(region)
        big, shaded = set(pieces[0]), set(region)
        out: list[list[Lit]] = []
        for area in components(x for x in m if x not in big):
            if shaded.isdisjoint(area) or 2 * len(area) > len(m):
                continue
            inside = set(area)
            rim = {x for x in area if any(y in big for y in neighbours(x, rows, cols))}
            here, beyond = b.new_var(), b.new_var()
            out += [[-m[x], here] for x in area if x not in rim]
            out += [[-lit, beyond] for y, lit in m.items() if y not in inside]
            out.append([-here, -beyond] + [m[x] for x in sorted(rim)])
            self.areas_added += 1
        return out

    def partial_cuts(self, true: AbstractSet[Lit]) -> list[list[Lit]]:
        return self.conn.partial_cuts(true)

    @property
    def cuts_added(self) -> int:
        return self.conn.cuts_added + self.areas_added


class RoomRuns(Rule):
    """No straight (horizontal or vertical) run of unshaded cells crosses more than
    ``borders`` room borders (Heyawake: one; a run may touch two rooms, never three).
    Encoded as one clause per shortest forbidden run: some cell of it is shaded."""

    def __init__(self, layout: Sequence[Sequence[int]], code: str, message: str, borders: int = 1):
        self.layout, self.borders = layout, borders
        self.code, self.message = code, message

    def lines(self) -> Iterable[list[Cell]]:
        rows, cols = len(self.layout), len(self.layout[0])
        yield from ([(r, c) for c in range(cols)] for r in range(rows))
        yield from ([(r, c) for r in range(rows)] for c in range(cols))

    def crossings(self, line: Sequence[Cell]) -> list[int]:
        """Indices i of the line where a border lies between cells i and i + 1."""
        lay = self.layout
        return [i for i in range(len(line) - 1)
                if lay[line[i][0]][line[i][1]] != lay[line[i + 1][0]][line[i + 1][1]]]

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        b = self.borders
        for line in self.lines():
            cross = self.crossings(line)
            for j in range(len(cross) - b):
                e.clause([e[S(x)] for x in line[cross[j]:cross[j + b] + 2]], guard)

    def check(self, v: Values) -> list[Violation]:
        out = []
        for line in self.lines():
            cross = set(self.crossings(line))
            run: list[Cell] = []
            for i in range(len(line) + 1):
                if i < len(line) and not v[S(line[i])]:
                    run.append(line[i])
                    continue
                first = i - len(run)
                if sum(1 for j in range(first, i - 1) if j in cross) > self.borders:
                    out.append(self.broken(run))
                run = []
        return out


def size_domains(rows: int, cols: int, givens: Mapping[Cell, int], big: int) -> dict[Cell, list[int]]:
    """Per cell, the region sizes possible there (``big`` stands for ``big`` or more): a
    given's own value; else each n < ``big`` such that the cells reachable from the cell
    without crossing a given other than n number at least n, and ``big`` if the cells
    reachable without crossing any given do. Sound: a region of n cells is connected
    and holds no given other than n (an unclued region holds none at all)."""
    def sizes(block: Collection[Cell]) -> dict[Cell, int]:
        free = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in block]
        return {x: len(piece) for piece in components(free) for x in piece}
    open_size = sizes(givens.keys())
    by_value = {n: sizes({x for x, m in givens.items() if m != n}) for n in set(givens.values())}
    out: dict[Cell, list[int]] = {}
    for r in range(rows):
        for c in range(cols):
            x = (r, c)
            if x in givens:
                out[x] = [givens[x]]
                continue
            room = open_size[x]
            ns = {n for n in range(1, min(room, big - 1) + 1)}
            ns |= {n for n, s in by_value.items() if n < big and s.get(x, 0) >= n}
            out[x] = sorted(ns) + ([big] if room >= big else [])
    return out


class NumberRegions(Rule):
    """Every region (a maximal edge-connected group of cells holding one number) has as
    many cells as its number; ``big`` stands for "``big`` or more": a group of such cells
    counts as one region of its size, at least ``big``. Empty cells (None) break it.

    Eagerly: a 1 has no 1 beside it, a larger number some equal neighbour. Lazily (each
    cut holds in every answer): a region too large: not n+1 connected cells around one
    of its cells all holding n; too small: not "K all n and no n on its border".
    Two touching regions of ``big`` or more differ in size, so a group of at most
    2 x ``big`` such cells is one region; a larger one could also be several, which
    answers cannot write: the cuts raise :class:`InputError` there (never a wrong count).
    """

    def __init__(self, rows: int, cols: int, domains: Mapping[Cell, Sequence[int]], big: int,
                 codes: Mapping[str, str] | None = None):
        self.rows, self.cols, self.domains, self.big = rows, cols, domains, big
        self.codes = {"lt": "bkSizeLt", "gt": "bkSizeGt", "empty": "ceNoNum", **(codes or {})}
        self.code = self.codes["gt"]

    def encode(self, e: Encoder, guard: Lit | None = None) -> None:
        assert guard is None, "region sizes are a rule of the genre, never a clue"
        for x, dom in self.domains.items():
            near = list(neighbours(x, self.rows, self.cols))
            for n in dom:
                lits = [e.lits[N(y, n)] for y in near if N(y, n) in e.lits]
                if n == 1:
                    for lit in lits:
                        e.clause([-e[N(x, 1)], -lit])
                else:
                    e.clause([-e[N(x, n)], *lits])
        e.lazy.append(_RegionCuts(self, e))

    def regions(self, v: Values) -> list[tuple[Optional[int], list[Cell]]]:
        value = v.cell.get("number", {})
        by: dict[Optional[int], list[Cell]] = {}
        for r in range(self.rows):
            for c in range(self.cols):
                by.setdefault(value.get((r, c)), []).append((r, c))
        return [(n, piece) for n, cells in by.items() for piece in components(cells)]

    def check(self, v: Values) -> list[Violation]:
        out = []
        for n, piece in self.regions(v):
            cells, k = tuple(sorted(piece)), len(piece)
            if n is None:
                out.append(Violation(self.codes["empty"], "a cell holds no number", cells))
            elif k < n:
                out.append(Violation(self.codes["lt"], f"a region of {k} cells holds "
                                     f"{n if n < self.big else f'{n} or more'}", cells))
            elif k > n and n < self.big:
                out.append(Violation(self.codes["gt"], f"a region of {k} cells holds {n}", cells))
        return out


class _RegionCuts(Lazy):
    def __init__(self, rule: NumberRegions, e: Encoder):
        self.rule, self.e = rule, e
        self.cuts_added = 0

    def cuts(self, values: Values) -> list[list[Lit]]:
        rule, lits = self.rule, self.e.lits
        rows, cols, big = rule.rows, rule.cols, rule.big
        out: list[list[Lit]] = []
        for n, piece in rule.regions(values):
            assert n is not None
            if n == big and len(piece) > 2 * big:
                r, c = min(piece)
                raise InputError(f"r{r + 1}c{c + 1}: an answer has a group of {len(piece)} cells "
                                 f"of regions of {big} or more, which answers cannot write "
                                 f"(one region or several)")
            inside = set(piece)
            if len(piece) > n and n < big:
                out.append([-lits[N(x, n)] for x in _grow(piece[0], inside, n + 1, rows, cols)])
            elif len(piece) < n:  # while no cell around K holds n, a region of n in K is too small
                wall = [lits[a] for y in _border(inside, rows, cols) if (a := N(y, n)) in lits]
                out += [[-lits[N(x, n)]] + wall for x in piece]
        self.cuts_added += len(out)
        return out


# -- shading rules many genres share --------------------------------------------------------
def no_shaded_2x2(puzzle: Puzzle) -> list[Rule]:
    """No 2x2 block is all shaded (pzprjs's cs2x2: Nurikabe, Tapa, LITS, Mochikoro)."""
    return [NotAll([S(x) for x in block], block, "cs2x2", "a 2x2 block is shaded")
            for block in blocks(puzzle)]


def shaded_apart(puzzle: Puzzle, among: Optional[AbstractSet[Cell]] = None) -> list[Rule]:
    """No two shaded cells share a side (pzprjs's csAdjacent: Hitori, Kurodoko, Heyawake;
    ``among``: only pairs of these cells, as Yajilin's cells without clues)."""
    return [NotAll([S(a), S(b)], (a, b), "csAdjacent", "two shaded cells touch")
            for a, b in pairs(puzzle) if among is None or (a in among and b in among)]


def shaded_connected(puzzle: Puzzle, areas: bool = False) -> Rule:
    """The shaded cells form one piece (pzprjs's csDivide; ``areas``: with area cuts)."""
    return ConnectedCells(puzzle.rows, puzzle.cols, "csDivide",
                          "the shaded cells fall into {k} pieces", shaded=True, areas=areas)


def unshaded_connected(puzzle: Puzzle) -> Rule:
    """The unshaded cells form one piece (pzprjs's cuDivideRB)."""
    return ConnectedCells(puzzle.rows, puzzle.cols, "cuDivideRB",
                          "the unshaded cells fall into {k} pieces")

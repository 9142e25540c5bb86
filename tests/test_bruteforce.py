"""Exhaustive cross-check: on random small Canal View grids, every backend and encoding
must find exactly the solutions that plain enumeration finds.

The oracle below shares no code with the package: it lists every shading of the free
(non-clue) cells as an integer bit mask (numpy, all masks at once) and applies the rules
directly -- clue cells unshaded, no 2x2 block shaded, each number equal to the shaded
runs it sees in the four directions, and the shaded cells edge-connected (the empty
shading counts as connected). A second, deliberately naive per-shading rule check guards
the vectorised one on the smaller grids.

Grids are drawn from a fixed seed, so the test set is the same on every run. Half of
them get clue values read off a planted valid shading (so they have at least one
solution and often exactly one); the others get random values 0..8. Grids with no clue
at all are drawn only for tiny sizes, and every grid keeps the enumeration at most
2**MAX_FREE shadings and at most MAX_SOLUTIONS solutions so the file runs in well
under a minute.
"""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from pencilproof.checker import Verdict, check, count, make_backend
from pencilproof.solvers.backends import Status
from pencilproof.encodings import get_genre
from pencilproof.puzzle import Puzzle, Solution

SEED = 20261122
N_GRIDS = 240
SIDES = (1, 2, 3, 4, 4, 5, 5, 5)  # side lengths, drawn independently (biased to larger)
MAX_FREE = 19            # at most 2**19 shadings enumerated per grid
MAX_SOLUTIONS = 60       # keep solution enumeration by the solvers short
REFERENCE_EVERY = 4      # the reference encoding runs on every 4th grid (60 grids)
NAIVE_MAX_FREE = 11      # the naive oracle re-checks grids up to 2**11 shadings

DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))


# -- the oracle ------------------------------------------------------------------------

def brute_force(rows: int, cols: int, grid) -> set[tuple[str, ...]]:
    """Every valid shading, as tuples of '#'/'.' row strings (vectorised over all masks)."""
    bit = lambda r, c: r * cols + c  # noqa: E731
    free = [bit(r, c) for r in range(rows) for c in range(cols) if grid[r][c] is None]
    ks = np.arange(1 << len(free), dtype=np.int64)
    masks = np.zeros_like(ks)
    for j, b in enumerate(free):
        masks |= ((ks >> j) & 1) << b
    # No 2x2 block entirely shaded (a block holding a clue can never be).
    for r in range(rows - 1):
        for c in range(cols - 1):
            block = (1 << bit(r, c)) | (1 << bit(r, c + 1)) | (1 << bit(r + 1, c)) \
                | (1 << bit(r + 1, c + 1))
            masks = masks[(masks & block) != block]
    # Each number sees exactly that many shaded cells in unbroken runs.
    for r in range(rows):
        for c in range(cols):
            n = grid[r][c]
            if not isinstance(n, int):
                continue
            seen = np.zeros_like(masks)
            for dr, dc in DIRS:
                run = np.ones_like(masks)
                rr, cc = r + dr, c + dc
                while 0 <= rr < rows and 0 <= cc < cols:
                    run &= (masks >> bit(rr, cc)) & 1
                    seen += run
                    rr, cc = rr + dr, cc + dc
            masks = masks[seen == n]
    # The shaded cells are one edge-connected region: flood from the lowest shaded cell.
    col0 = sum(1 << bit(r, 0) for r in range(rows))
    col_last = sum(1 << bit(r, cols - 1) for r in range(rows))
    reach = masks & -masks
    while True:
        grow = (reach | ((reach << 1) & ~col0) | ((reach >> 1) & ~col_last)
                | (reach << cols) | (reach >> cols)) & masks
        if np.array_equal(grow, reach):
            break
        reach = grow
    masks = masks[reach == masks]
    return {tuple("".join("#" if (int(m) >> bit(r, c)) & 1 else "." for c in range(cols))
                  for r in range(rows)) for m in masks}


def naive_ok(rows: int, cols: int, grid, shade: tuple[str, ...]) -> bool:
    """The rules for one shading, written as plainly as possible."""
    on = {(r, c) for r in range(rows) for c in range(cols) if shade[r][c] == "#"}
    if any(grid[r][c] is not None for r, c in on):
        return False
    for r in range(rows - 1):
        for c in range(cols - 1):
            if {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= on:
                return False
    for r in range(rows):
        for c in range(cols):
            if isinstance(grid[r][c], int):
                total = 0
                for dr, dc in DIRS:
                    rr, cc = r + dr, c + dc
                    while (rr, cc) in on:
                        total += 1
                        rr, cc = rr + dr, cc + dc
                if total != grid[r][c]:
                    return False
    if on:
        start = next(iter(on))
        seen, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for dr, dc in DIRS:
                n = (r + dr, c + dc)
                if n in on and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if seen != on:
            return False
    return True


def naive_brute_force(rows: int, cols: int, grid) -> set[tuple[str, ...]]:
    free = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] is None]
    out = set()
    for bits in itertools.product(".#", repeat=len(free)):
        cell = dict(zip(free, bits))
        shade = tuple("".join(cell.get((r, c), ".") for c in range(cols)) for r in range(rows))
        if naive_ok(rows, cols, grid, shade):
            out.add(shade)
    return out


# -- random grids ----------------------------------------------------------------------

def view(rows: int, cols: int, on: set, r: int, c: int) -> int:
    total = 0
    for dr, dc in DIRS:
        rr, cc = r + dr, c + dc
        while (rr, cc) in on:
            total += 1
            rr, cc = rr + dr, cc + dc
    return total


def planted_region(rng: random.Random, rows: int, cols: int, clue_cells: set) -> set:
    """A random connected set of non-clue cells with no 2x2 block (maybe empty)."""
    free = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in clue_cells]
    if not free or rng.random() < 0.08:
        return set()
    on = {rng.choice(free)}
    target = rng.randint(1, len(free))
    for _ in range(4 * len(free)):
        if len(on) >= target:
            break
        r, c = rng.choice(sorted(on))
        dr, dc = rng.choice(DIRS)
        x = (r + dr, c + dc)
        if not (0 <= x[0] < rows and 0 <= x[1] < cols) or x in clue_cells or x in on:
            continue
        trial = on | {x}
        if any({(a, b), (a + 1, b), (a, b + 1), (a + 1, b + 1)} <= trial
               for a in (x[0] - 1, x[0]) for b in (x[1] - 1, x[1])):
            continue
        on = trial
    return on


def random_grid(rng: random.Random):
    rows, cols = rng.choice(SIDES), rng.choice(SIDES)
    size = rows * cols
    if size <= 9 and rng.random() < 0.25:
        return rows, cols, tuple(tuple(None for _ in range(cols)) for _ in range(rows))
    density = rng.uniform(0.12, 0.4)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    clue_cells = {x for x in cells if rng.random() < density}
    if not clue_cells:
        clue_cells = {rng.choice(cells)}
    planted = rng.random() < 0.5
    on = planted_region(rng, rows, cols, clue_cells) if planted else set()
    grid = [[None] * cols for _ in range(rows)]
    for r, c in clue_cells:
        if rng.random() < 0.2:
            grid[r][c] = "?"
        elif planted:
            grid[r][c] = view(rows, cols, on, r, c)
        else:
            grid[r][c] = rng.randint(0, min(8, rows + cols - 2))
    return rows, cols, tuple(tuple(row) for row in grid)


def make_grids():
    rng = random.Random(SEED)
    out = []
    while len(out) < N_GRIDS:
        rows, cols, grid = random_grid(rng)
        if sum(v is None for row in grid for v in row) > MAX_FREE:
            continue
        sols = brute_force(rows, cols, grid)
        if len(sols) > MAX_SOLUTIONS:
            continue
        out.append((rows, cols, grid, frozenset(sols)))
    return out


GRIDS = make_grids()
IDS = [f"g{i:03d}-{r}x{c}-{len(s)}sol" for i, (r, c, _, s) in enumerate(GRIDS)]
CONFIGS = [("cadical", "lazy"), ("z3", "lazy"), ("cadical", "reference"), ("z3", "reference")]
CASES = [pytest.param(i, b, e, id=f"{IDS[i]}-{b}-{e}")
         for i in range(len(GRIDS)) for b, e in CONFIGS
         if e != "reference" or i % REFERENCE_EVERY == 0]


def puzzle(i: int) -> Puzzle:
    rows, cols, grid, _ = GRIDS[i]
    return Puzzle(genre="canal", rows=rows, cols=cols, grid=grid)


def test_the_grid_sample_is_varied():
    assert len(GRIDS) >= 200
    counts = [len(s) for *_, s in GRIDS]
    assert sum(c == 0 for c in counts) >= 20
    assert sum(c == 1 for c in counts) >= 20
    assert sum(c >= 2 for c in counts) >= 20
    sizes = {(r, c) for r, c, *_ in GRIDS}
    assert {(1, 1), (5, 5)} <= sizes and any(r != c for r, c in sizes)
    assert any(all(v is None for row in g for v in row) for _, _, g, _ in GRIDS)
    assert any(v == "?" for _, _, g, _ in GRIDS for row in g for v in row)
    assert sum(i % REFERENCE_EVERY == 0 for i in range(len(GRIDS))) >= 50


@pytest.mark.parametrize("i", [i for i, (r, c, g, _) in enumerate(GRIDS)
                               if sum(v is None for row in g for v in row) <= NAIVE_MAX_FREE],
                         ids=lambda i: IDS[i])
def test_oracle_agrees_with_naive_enumeration(i):
    rows, cols, grid, sols = GRIDS[i]
    assert naive_brute_force(rows, cols, grid) == sols


@pytest.mark.parametrize("i, backend, encoding", CASES)
def test_count_finds_exactly_the_brute_force_solutions(i, backend, encoding):
    *_, expected = GRIDS[i]
    res = count(puzzle(i), limit=None, backend=backend, encoding=encoding)
    found = [s.rows for s in res.solutions]
    assert len(found) == len(set(found)), "a solution was reported twice"
    assert set(found) == expected
    assert res.count == len(expected) and res.complete and not res.timed_out


@pytest.mark.parametrize("i, backend, encoding", CASES)
def test_check_verdict_matches_brute_force(i, backend, encoding):
    *_, expected = GRIDS[i]
    res = check(puzzle(i), backend=backend, encoding=encoding)
    n = len(expected)
    if n == 0:
        assert res.verdict is Verdict.NO_SOLUTION and res.solutions == () and res.differ == ()
    elif n == 1:
        assert res.verdict is Verdict.UNIQUE
        assert [s.rows for s in res.solutions] == list(expected) and res.differ == ()
    else:
        assert res.verdict is Verdict.MULTIPLE
        a, b = (s.rows for s in res.solutions)
        assert a != b and a in expected and b in expected
        cells = tuple((r, c) for r in range(len(a)) for c in range(len(a[0]))
                      if a[r][c] != b[r][c])
        assert tuple(res.differ) == cells


def test_verify_agrees_with_the_rules_on_random_shadings():
    """The package's plain-Python verify() against the oracle's rules, solutions or not."""
    rng = random.Random(SEED + 1)
    genre = get_genre("canal")
    for i, (rows, cols, grid, sols) in enumerate(GRIDS):
        candidates = set(sols)
        for _ in range(6):
            candidates.add(tuple("".join("#" if grid[r][c] is None and rng.random() < 0.5
                                         else "." for c in range(cols)) for r in range(rows)))
        for shade in candidates:
            ok = not genre.verify(puzzle(i), Solution(shade))
            assert ok == naive_ok(rows, cols, grid, shade) == (shade in sols), (i, shade)


# -- the backends themselves, on random CNF under assumptions ----------------------------

def _cnf_cases():
    rng = random.Random(SEED + 2)
    out = []
    for _ in range(60):
        n = rng.randint(1, 9)
        clauses = []
        for _ in range(rng.randint(0, 4 * n)):
            width = rng.choice((1, 2, 2, 3, 3, 3, 4))
            clauses.append([rng.choice((-1, 1)) * rng.randint(1, n) for _ in range(width)])
        rounds = []
        for _ in range(3):  # incremental: more clauses and new assumptions each round
            extra = [[rng.choice((-1, 1)) * rng.randint(1, n) for _ in range(rng.choice((1, 2, 3)))]
                     for _ in range(rng.randint(0, 2))]
            assumptions = [rng.choice((-1, 1)) * v
                           for v in rng.sample(range(1, n + 1), rng.randint(0, min(n, 3)))]
            rounds.append((extra, assumptions))
        out.append((n, clauses, rounds))
    return out


@pytest.mark.parametrize("backend", ["cadical", "z3"])
def test_backend_answers_match_enumeration_under_assumptions(backend):
    for n, clauses, rounds in _cnf_cases():
        b = make_backend(backend)
        try:
            for _ in range(n):
                b.new_var()
            for cl in clauses:
                b.add_clause(cl)
            live = list(clauses)
            for extra, assumptions in rounds:
                for cl in extra:
                    b.add_clause(cl)
                live += extra
                want = [cl for cl in live] + [[a] for a in assumptions]
                sat = any(all(any((lit > 0) == bits[abs(lit) - 1] for lit in cl) for cl in want)
                          for bits in itertools.product((False, True), repeat=n))
                status = b.solve(assumptions)
                assert status is (Status.SAT if sat else Status.UNSAT), (n, live, assumptions)
                if sat:
                    lits = list(range(1, n + 1)) + [-v for v in range(1, n + 1)]
                    vals = dict(zip(lits, b.values(lits)))
                    assert all(vals[v] != vals[-v] for v in range(1, n + 1))
                    assert all(any(vals[lit] for lit in cl) for cl in want)
        finally:
            b.close()


@pytest.mark.parametrize("backend", ["cadical", "z3"])
def test_backend_empty_clause_and_constant_true(backend):
    b = make_backend(backend)
    try:
        x, t = b.new_var(), b.true
        assert b.solve([x]) is Status.SAT
        assert b.values([x, -x, t, -t]) == [True, False, True, False]
        b.add_clause([])
        assert b.solve() is Status.UNSAT and b.solve([x]) is Status.UNSAT
    finally:
        b.close()

"""Exhaustive cross-check for Smullyanic Dynasty (grids up to 5x5) and Akari (up to 6x6):
on random small grids every backend and encoding finds exactly the answers that plain
enumeration finds.

The oracles share no code with the package. They list candidate answers as integer bit
masks (bit r*cols+c is cell (r, c)) with numpy, row by row, and apply the rules directly:

* Smullyanic Dynasty: row patterns without two neighbouring shaded cells, stacked so no
  shaded cell sits on another; at least one shaded cell; each number compared with the
  shaded cells of its 3x3 block (equal when its cell is unshaded, different when shaded);
  the unshaded cells flood-filled from the lowest one.
* Akari: per row, lamp patterns with at most one lamp between walls, stacked so no lamp
  sees another up its column; every white cell in a lamp's row or column run; each
  numbered wall with exactly that many lamps beside it.

A deliberately naive per-answer check (sets of cells, loops) re-checks the smaller grids.
Grids come from a fixed seed. Half get their numbers read off a planted valid answer (so
they have at least one solution, often exactly one), the others random numbers; every
grid keeps at most MAX_SOLUTIONS solutions so the solvers' enumeration stays short.
"""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from pencilproof.checker import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.puzzle import Puzzle, Solution

SEED = 20261122
MAX_SOLUTIONS = 40
NAIVE_MAX_CELLS = 12
DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _rows_of(mask: int, rows: int, cols: int, on: str, off, grid=None) -> tuple[str, ...]:
    out = []
    for r in range(rows):
        line = ""
        for c in range(cols):
            g = grid[r][c] if grid is not None else None
            line += str(g) if g is not None else (on if (mask >> (r * cols + c)) & 1 else off)
        out.append(line)
    return tuple(out)


def _bits(masks: np.ndarray, cells: list[int]) -> np.ndarray:
    total = np.zeros_like(masks)
    for b in cells:
        total += (masks >> b) & 1
    return total


def _flood_equal(masks: np.ndarray, region: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """True where ``region`` (a subset of cells per mask) is edge-connected or empty."""
    col0 = sum(1 << (r * cols) for r in range(rows))
    col_last = sum(1 << (r * cols + cols - 1) for r in range(rows))
    reach = region & -region
    while True:
        grow = (reach | ((reach << 1) & ~col0) | ((reach >> 1) & ~col_last)
                | (reach << cols) | (reach >> cols)) & region
        if np.array_equal(grow, reach):
            return reach == region
        reach = grow


# == Smullyanic Dynasty =================================================================

def smullyan_oracle(rows: int, cols: int, grid) -> set[tuple[str, ...]]:
    patterns = [m for m in range(1 << cols) if m & (m >> 1) == 0]
    masks = np.array(patterns, dtype=np.int64)
    for r in range(1, rows):
        parts = []
        for m in patterns:
            prev = masks[((masks >> ((r - 1) * cols)) & m) == 0]
            parts.append(prev | np.int64(m << (r * cols)))
        masks = np.concatenate(parts)
    masks = masks[masks != 0]
    for r in range(rows):
        for c in range(cols):
            n = grid[r][c]
            if not isinstance(n, int):
                continue
            block = [rr * cols + cc for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
                     if 0 <= rr < rows and 0 <= cc < cols]
            k = _bits(masks, block)
            shaded = ((masks >> (r * cols + c)) & 1) == 1
            masks = masks[np.where(shaded, k != n, k == n)]
    full = (1 << (rows * cols)) - 1
    masks = masks[_flood_equal(masks, ~masks & full, rows, cols)]
    return {_rows_of(int(m), rows, cols, "#", ".") for m in masks}


def smullyan_naive_ok(rows: int, cols: int, grid, shade: tuple[str, ...]) -> bool:
    on = {(r, c) for r in range(rows) for c in range(cols) if shade[r][c] == "#"}
    if not on:
        return False
    for r, c in on:
        if any((r + dr, c + dc) in on for dr, dc in DIRS):
            return False
    for r in range(rows):
        for c in range(cols):
            n = grid[r][c]
            if isinstance(n, int):
                k = sum((rr, cc) in on for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2))
                if ((r, c) in on) == (k == n):
                    return False
    off = {(r, c) for r in range(rows) for c in range(cols)} - on
    if off:
        start = min(off)
        seen, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for dr, dc in DIRS:
                x = (r + dr, c + dc)
                if x in off and x not in seen:
                    seen.add(x)
                    todo.append(x)
        if seen != off:
            return False
    return True


def smullyan_planted(rng: random.Random, rows: int, cols: int) -> set:
    """Random non-touching shaded cells whose complement stays connected."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    on: set = set()
    target = rng.randint(1, max(1, rows * cols // 3))
    for x in cells:
        if len(on) >= target:
            break
        if any((x[0] + dr, x[1] + dc) in on for dr, dc in DIRS):
            continue
        shade = tuple("".join("#" if (r, c) in on | {x} else "." for c in range(cols))
                      for r in range(rows))
        if smullyan_naive_ok(rows, cols, [[None] * cols for _ in range(rows)], shade):
            on.add(x)
    return on


def smullyan_grid(rng: random.Random):
    rows, cols = rng.choice((1, 2, 3, 4, 5, 5)), rng.choice((1, 2, 3, 4, 5, 5))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    density = rng.uniform(0.1, 0.6)
    clue_cells = [x for x in cells if rng.random() < density]
    planted = rng.random() < 0.5
    on = smullyan_planted(rng, rows, cols) if planted else set()
    grid = [[None] * cols for _ in range(rows)]
    for r, c in clue_cells:
        if rng.random() < 0.15:
            grid[r][c] = "?"
            continue
        if planted:
            k = sum((rr, cc) in on for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2))
            grid[r][c] = k if (r, c) not in on else rng.choice([v for v in range(6) if v != k])
        else:
            grid[r][c] = rng.choice((0, 1, 1, 2, 2, 3, 4, 5, 10))
    return rows, cols, tuple(tuple(row) for row in grid)


# == Akari ==============================================================================

def lightup_oracle(rows: int, cols: int, grid) -> set[tuple[str, ...]]:
    white = lambda r, c: 0 <= r < rows and 0 <= c < cols and grid[r][c] is None  # noqa: E731
    bit = lambda r, c: r * cols + c  # noqa: E731
    numbers = {(r, c): grid[r][c] for r in range(rows) for c in range(cols)
               if isinstance(grid[r][c], int)}

    def beside(r, c):
        return [bit(r + dr, c + dc) for dr, dc in DIRS if white(r + dr, c + dc)]

    def keep_numbers(masks, walls):
        for (r, c) in walls:
            masks = masks[_bits(masks, beside(r, c)) == numbers[r, c]]
        return masks

    masks = np.zeros(1, dtype=np.int64)
    for r in range(rows):
        # Lamp patterns of this row: at most one lamp in each run of white cells.
        runs, run = [], []
        for c in range(cols + 1):
            if c < cols and white(r, c):
                run.append(c)
            elif run:
                runs.append(run)
                run = []
        options = [[]]
        for run in runs:
            options = [o + pick for o in options for pick in [[]] + [[c] for c in run]]
        parts = []
        for o in options:
            seen_above = 0  # cells above a lamp of o, up to the first wall
            for c in o:
                rr = r - 1
                while white(rr, c):
                    seen_above |= 1 << bit(rr, c)
                    rr -= 1
            ok = masks[(masks & seen_above) == 0]
            parts.append(ok | np.int64(sum(1 << bit(r, c) for c in o)))
        masks = np.concatenate(parts)
        if r >= 1:  # walls of the row above have all their neighbours decided now
            masks = keep_numbers(masks, [x for x in numbers if x[0] == r - 1])
    masks = keep_numbers(masks, [x for x in numbers if x[0] == rows - 1])
    for r in range(rows):
        for c in range(cols):
            if not white(r, c):
                continue
            sight = 0
            for dr, dc in ((0, 0),) + DIRS:
                rr, cc = r + dr, c + dc
                while white(rr, cc):
                    sight |= 1 << bit(rr, cc)
                    if (dr, dc) == (0, 0):
                        break
                    rr, cc = rr + dr, cc + dc
            masks = masks[(masks & sight) != 0]
    return {_rows_of(int(m), rows, cols, "L", ".", grid) for m in masks}


def lightup_naive_ok(rows: int, cols: int, grid, answer: tuple[str, ...]) -> bool:
    lamps = {(r, c) for r in range(rows) for c in range(cols) if answer[r][c] == "L"}
    if any(grid[r][c] is not None for r, c in lamps):
        return False
    lit = set()
    for r, c in lamps:
        lit.add((r, c))
        for dr, dc in DIRS:
            rr, cc = r + dr, c + dc
            while 0 <= rr < rows and 0 <= cc < cols and grid[rr][cc] is None:
                if (rr, cc) in lamps:
                    return False
                lit.add((rr, cc))
                rr, cc = rr + dr, cc + dc
    for r in range(rows):
        for c in range(cols):
            v = grid[r][c]
            if v is None and (r, c) not in lit:
                return False
            if isinstance(v, int) and sum((r + dr, c + dc) in lamps for dr, dc in DIRS) != v:
                return False
    return True


def lightup_grid(rng: random.Random):
    rows, cols = rng.choice((1, 2, 3, 4, 5, 6, 6)), rng.choice((1, 2, 3, 4, 5, 6, 6))
    density = rng.uniform(0.1, 0.45)
    grid = [["#" if rng.random() < density else None for _ in range(cols)] for _ in range(rows)]
    if rng.random() < 0.5:  # planted: a maximal set of lamps that do not see each other
        order = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] is None]
        rng.shuffle(order)
        lamps: set = set()
        for r, c in order:
            free = all(not any(x in lamps for x in _line(grid, rows, cols, r, c, d))
                       for d in DIRS)
            if free:
                lamps.add((r, c))
        for r in range(rows):
            for c in range(cols):
                if grid[r][c] == "#" and rng.random() < 0.6:
                    grid[r][c] = sum((r + dr, c + dc) in lamps for dr, dc in DIRS)
    else:
        for r in range(rows):
            for c in range(cols):
                if grid[r][c] == "#" and rng.random() < 0.5:
                    grid[r][c] = rng.choice((0, 1, 1, 2, 2, 3, 4))
    return rows, cols, tuple(tuple(row) for row in grid)


def _line(grid, rows, cols, r, c, d):
    rr, cc = r + d[0], c + d[1]
    while 0 <= rr < rows and 0 <= cc < cols and grid[rr][cc] is None:
        yield (rr, cc)
        rr, cc = rr + d[0], cc + d[1]


# == the sample =========================================================================

def make_grids(genre: str, n: int, seed: int):
    rng = random.Random(seed)
    make, oracle = {"smullyan": (smullyan_grid, smullyan_oracle),
                    "lightup": (lightup_grid, lightup_oracle)}[genre]
    out = []
    while len(out) < n:
        rows, cols, grid = make(rng)
        sols = oracle(rows, cols, grid)
        if len(sols) <= MAX_SOLUTIONS:
            out.append((rows, cols, grid, frozenset(sols)))
    return out


GRIDS = {"smullyan": make_grids("smullyan", 120, SEED),
         "lightup": make_grids("lightup", 120, SEED + 1)}
CONFIGS = {"smullyan": [("cadical", "lazy"), ("z3", "lazy"), ("cadical", "reference"),
                        ("z3", "reference")],
           "lightup": [("cadical", None), ("z3", None)]}
REFERENCE_EVERY = 3


def _id(genre: str, i: int) -> str:
    r, c, _, s = GRIDS[genre][i]
    return f"{genre}-g{i:03d}-{r}x{c}-{len(s)}sol"


CASES = [pytest.param(g, i, b, e, id=f"{_id(g, i)}-{b}-{e}")
         for g in GRIDS for i in range(len(GRIDS[g])) for b, e in CONFIGS[g]
         if e != "reference" or i % REFERENCE_EVERY == 0]


def puzzle(genre: str, i: int) -> Puzzle:
    rows, cols, grid, _ = GRIDS[genre][i]
    return Puzzle(genre=genre, rows=rows, cols=cols, grid=grid)


@pytest.mark.parametrize("genre", list(GRIDS))
def test_the_grid_sample_is_varied(genre):
    grids = GRIDS[genre]
    counts = [len(s) for *_, s in grids]
    assert sum(c == 0 for c in counts) >= 10
    assert sum(c == 1 for c in counts) >= 15
    assert sum(c >= 2 for c in counts) >= 15
    sizes = {(r, c) for r, c, *_ in grids}
    big = (5, 5) if genre == "smullyan" else (6, 6)
    assert big in sizes and any(r != c for r, c in sizes) and any(1 in s for s in sizes)


NAIVE = {"smullyan": (smullyan_naive_ok, "#."), "lightup": (lightup_naive_ok, "L.")}


@pytest.mark.parametrize("genre, i", [(g, i) for g in GRIDS for i, (r, c, *_) in
                                      enumerate(GRIDS[g]) if r * c <= NAIVE_MAX_CELLS],
                         ids=lambda x: str(x))
def test_oracle_agrees_with_naive_enumeration(genre, i):
    rows, cols, grid, sols = GRIDS[genre][i]
    ok, chars = NAIVE[genre]
    found = set()
    for pick in itertools.product(chars, repeat=rows * cols):
        answer = tuple("".join(pick[r * cols:(r + 1) * cols]) for r in range(rows))
        if genre == "lightup":  # walls are copied into answers; lamps only on white cells
            if any(grid[r][c] is not None and answer[r][c] != "." for r in range(rows)
                   for c in range(cols)):
                continue
            answer = tuple("".join(str(grid[r][c]) if grid[r][c] is not None else answer[r][c]
                                   for c in range(cols)) for r in range(rows))
        if ok(rows, cols, grid, answer):
            found.add(answer)
    assert found == sols


@pytest.mark.parametrize("genre, i, backend, encoding", CASES)
def test_count_finds_exactly_the_brute_force_solutions(genre, i, backend, encoding):
    *_, expected = GRIDS[genre][i]
    res = count(puzzle(genre, i), limit=None, backend=backend, encoding=encoding)
    found = [s.rows for s in res.solutions]
    assert len(found) == len(set(found)), "a solution was reported twice"
    assert set(found) == expected
    assert res.count == len(expected) and res.complete and not res.timed_out


@pytest.mark.parametrize("genre, i", [(g, i) for g in GRIDS for i in range(len(GRIDS[g]))],
                         ids=lambda x: str(x))
def test_check_verdict_matches_brute_force(genre, i):
    *_, expected = GRIDS[genre][i]
    res = check(puzzle(genre, i))
    n = len(expected)
    if n == 0:
        assert res.verdict is Verdict.NO_SOLUTION and res.solutions == ()
    elif n == 1:
        assert res.verdict is Verdict.UNIQUE and [s.rows for s in res.solutions] == list(expected)
    else:
        a, b = (s.rows for s in res.solutions)
        assert res.verdict is Verdict.MULTIPLE and a != b and {a, b} <= expected
        assert list(res.differ) == [(r, c) for r in range(len(a)) for c in range(len(a[0]))
                                    if a[r][c] != b[r][c]]


@pytest.mark.parametrize("genre", list(GRIDS))
def test_verify_agrees_with_the_rules_on_random_answers(genre):
    """The package's plain-Python verify() against the naive rules, solutions or not."""
    rng = random.Random(SEED + 2)
    g = get_genre(genre)
    ok, chars = NAIVE[genre]
    for i, (rows, cols, grid, sols) in enumerate(GRIDS[genre]):
        candidates = set(sols)
        for _ in range(8):
            candidates.add(tuple(
                "".join(str(grid[r][c]) if genre == "lightup" and grid[r][c] is not None
                        else rng.choice(chars) for c in range(cols)) for r in range(rows)))
        for answer in candidates:
            valid = not g.verify(puzzle(genre, i), Solution(answer))
            assert valid == ok(rows, cols, grid, answer) == (answer in sols), (genre, i, answer)

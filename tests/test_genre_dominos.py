"""Dominos on the kit: published janko.at puzzles, this project's own codes (puzz.link has
no Dominos), counts against an independent enumerator of tilings, blank cells,
generation and bad input."""
from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from pencilproof import check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_text
from pencilproof.formats.janko import parse_janko
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("dominos")
DATA = Path(__file__).parent / "data" / "janko" / "dominos.jsonl"
RECORDS = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]


def puzzle(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else int(t) for t in row.split()) for row in rows)
    return Puzzle("dominos", len(grid), len(grid[0]), grid)


def codes(board: Puzzle, rows: tuple[str, ...]) -> set[str]:
    return {v.code for v in GENRE.verify(board, KitAnswer(rows))}


# -- 1. published puzzles ---------------------------------------------------------------

@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_janko_record_is_unique_with_its_published_solution(i):
    doc = parse_janko(RECORDS[i]["janko"], f"dominos.jsonl:{i + 1}")
    assert doc.puzzle.rows * doc.puzzle.cols == 56  # the full set 0-0..6-6
    res = check(doc.puzzle)
    assert res.verdict.value == "unique"
    assert res.solutions[0] == doc.solution
    assert GENRE.verify(doc.puzzle, doc.solution) == []
    rows = list(doc.solution.rows)
    for r in range(doc.puzzle.rows):  # one cell changed (its neighbours kept): not a solution
        for c in range(doc.puzzle.cols):
            other = "." if rows[r][c] != "." else ">"
            changed = rows[:r] + [rows[r][:c] + other + rows[r][c + 1:]] + rows[r + 1:]
            assert GENRE.verify(doc.puzzle, KitAnswer(tuple(changed))), (r, c)


def test_janko_letters_become_halves():
    # Janko 001 row 1 "n j j m c v v d" over row 2 "n a a m c A A d": n, m, c, d stand.
    doc = parse_janko(RECORDS[0]["janko"], "dominos.jsonl:1")
    assert doc.puzzle.grid[0] == (2, 3, 1, 6, 0, 3, 6, 3)
    assert doc.solution.rows[:2] == ("v><vv><v", "^><^^><^")


# -- 2. the codes (puzz.link has no Dominos: no pzprjs script) ---------------------------
# A 3x4 board of the full set 0-0..2-2 (answers as rows of halves: '>' '<' a domino across,
# 'v' '^' one down), unique: 1-2 0-0 across, 0-2 1-1 down, 2-2 0-1 across.
BOARD = ["1 2 0 0", "0 1 2 2", "2 1 0 1"]
SOLUTION = ("><><", "vv><", "^^><")


def test_own_codes():
    p = puzzle(BOARD)
    assert GENRE.verify(p, KitAnswer(SOLUTION)) == []
    assert [s.rows for s in count(p).solutions] == [SOLUTION]
    assert codes(p, ("><><", "vv..", "^^><")) == {"dmUncovered"}
    # r2c3 in two dominoes (right and down), r3c4 in none; 1-2 then lies twice
    assert codes(p, ("><><", "vvF<", "^^^.")) == {"dmOverlap", "dmUncovered", "dmTwice"}
    assert codes(p, ("vvvv", "^^^^", "><><")) == {"dmTwice"}  # 0-2 and 1-2 twice
    assert codes(p, ("><><", "><><", "><><")) == {"dmTwice"}


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every tiling (the first free cell in reading order takes the
# cell right of it or below it), kept when some filling of the blank cells with 0..n
# makes all its dominoes different.

def tilings(rows: int, cols: int) -> list[list]:
    out: list[list] = []

    def go(free: set, placed: list) -> None:
        if not free:
            out.append(list(placed))
            return
        x = min(free)
        for y in ((x[0], x[1] + 1), (x[0] + 1, x[1])):
            if y in free:
                go(free - {x, y}, placed + [(x, y)])
    go({(r, c) for r in range(rows) for c in range(cols)}, [])
    return out


def fits(tiling: list, grid: list[list], n: int) -> bool:
    blanks = sorted({x for pair in tiling for x in pair if grid[x[0]][x[1]] is None})
    for values in itertools.product(range(n + 1), repeat=len(blanks)):
        number = dict(zip(blanks, values))
        seen = {tuple(sorted(number.get(x, grid[x[0]][x[1]]) for x in pair)) for pair in tiling}
        if len(seen) == len(tiling):
            return True
    return False


def test_counts_match_an_independent_enumerator():
    rng = random.Random(9)
    seen = set()
    for _ in range(30):
        rows, cols, n = rng.choice([(2, 3, 1), (3, 4, 2), (2, 4, 2), (4, 4, 3)])
        tiling = rng.choice(tilings(rows, cols))
        pairs = rng.sample([(a, b) for a in range(n + 1) for b in range(a, n + 1)], len(tiling))
        grid: list[list] = [[None] * cols for _ in range(rows)]
        for (x, y), (a, b) in zip(tiling, pairs):
            grid[x[0]][x[1]], grid[y[0]][y[1]] = (a, b) if rng.random() < 0.5 else (b, a)
        for _ in range(rng.choice([0, 0, 1, 2])):  # some blanks
            grid[rng.randrange(rows)][rng.randrange(cols)] = None
        if all(v is None or v < n for row in grid for v in row) and rng.random() < 0.5:
            grid[0][0] = n  # (keep n the largest number shown)
        top = max(max(v for row in grid for v in row if v is not None), n)
        expected = sum(fits(t, grid, top) for t in tilings(rows, cols))
        got = count(Puzzle("dominos", rows, cols, tuple(map(tuple, grid))), limit=1000)
        assert got.complete and len(got.solutions) == expected, grid
        seen.add(min(expected, 2))
    assert seen >= {1, 2}


# -- blanks, bad input, generation ------------------------------------------------------

def test_a_blank_takes_the_number_that_keeps_dominoes_apart():
    # The board above with r1c1 and r1c2 blank: 1 and 2 there (its solution), or 2 and 1
    # with the first two columns' top dominoes standing (2-0, 1-1) and the bottom row across.
    p = puzzle([". . 0 0", "0 1 2 2", "2 1 0 1"])
    assert {s.rows for s in count(p).solutions} == {SOLUTION, ("vv><", "^^><", "><><")}
    assert GENRE.verify(p, KitAnswer(("vv><", "^^><", "><><"))) == []
    assert GENRE.generator.clue_candidates(KitAnswer(("vv><", "^^><", "><><"), p))[(0, 0)] == 2
    # one blank of a full set is always known: its number's count is short by one
    assert [s.rows for s in count(puzzle([". 2 0 0", "0 1 2 2", "2 1 0 1"])).solutions] == [SOLUTION]


def test_bad_input():
    with pytest.raises(InputError, match="a 3x3 grid has an odd number of cells: no dominoes cover it"):
        parse_text("dominos 3x3\n0 0 1\n1 . .\n. . .\n", "t.txt")
    with pytest.raises(InputError, match=r"r1c1: unknown token 'x' \(expected '\.' or a number\)"):
        parse_text("dominos 1x2\nx 0\n", "t.txt")
    block = RECORDS[0]["janko"].replace("n j j m c v v d", "j j j m c v v d", 1)
    with pytest.raises(InputError) as e:
        parse_janko(block, "bad")
    assert str(e.value) == ("bad:19:5: r1c3: solution letter 'j' marks 3 cells (r1c1, r1c2, "
                            "r1c3), not two neighbouring ones")


def test_generation_lays_distinct_dominoes():
    got = generate_one(GenerateOptions(genre="dominos", rows=4, cols=5).validate(), 3, 0)
    assert got is not None
    res = check(got.puzzle)
    assert res.verdict.value == "unique" and res.solutions[0] == got.solution

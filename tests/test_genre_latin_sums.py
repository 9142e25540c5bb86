"""Latin Sums (janko.at Lateinische Summen) on the kit: the twelve published pages, how a
Janko block is read (depth, '.'/'-' cells, grey cells of a solution as sums or '-'),
codes, counts against an independent enumerator, bad input, generation."""
from __future__ import annotations

import json
import random

import pytest

from enumerators import latin_sum_fillings
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("latin_sums")
RECORDS = janko_lines("latin_sums")


def test_janko_reading():
    """Lateinische Summen 001: 'depth 2' is N; the solution repeats the sums, answers
    write '.' on them."""
    doc = janko_doc("latin_sums", 0)
    assert (doc.puzzle.rows, doc.puzzle.cols, doc.puzzle.param("max")) == (4, 4, 2)
    assert doc.puzzle.grid == ((None, 3, 5, None), (4, 6, None, None), (None, None, 7, 4),
                               (5, None, None, 1))
    assert doc.solution.rows == ("1..2", "..21", "21..", ".21.")


def test_janko_variants():
    """065: a sum 0, the solution's grey cells '-'; 121: rows/cols fields, '-' for empty."""
    doc = janko_doc("latin_sums", 6)
    assert "065" in RECORDS[6]["source"] and doc.puzzle.grid[6] == (None, None, None, None, 6, 1, 0)
    assert doc.solution.rows[6] == "4132..."
    doc = janko_doc("latin_sums", 8)
    assert "121" in RECORDS[8]["source"] and doc.puzzle.grid[0] == (None, 4, 5, None)
    assert doc.puzzle.param("max") == 2


@pytest.mark.parametrize("i", range(12))
def test_published_pages(i):
    doc = janko_doc("latin_sums", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution


def test_codes_and_cells():
    board = janko_doc("latin_sums", 0).puzzle
    assert GENRE.verify(board, Solution(("1..2", "..21", "21..", ".21."))) == []
    got = GENRE.verify(board, Solution(("1..2", "..21", "21..", ".12.")))
    assert [(v.code, v.message, v.cells) for v in got] == [
        ("nmDupRow", "a number repeats in column 2", ((2, 1), (3, 1))),
        ("nmDupRow", "a number repeats in column 3", ((1, 2), (3, 2))),
        ("nmSumNe", "the numbers around r3c4 do not add up to 4", ((1, 2), (1, 3), (3, 2))),
        ("nmSumNe", "the numbers around r4c1 do not add up to 5", ((2, 0), (2, 1), (3, 1))),
        ("nmSumNe", "the numbers around r4c4 do not add up to 1", ((3, 2),))]
    got = GENRE.verify(board, Solution(("1...", "..21", "21..", ".21.")))
    assert [(v.code, v.cells) for v in got] == [("ceNoNum", ((0, 3),))]


def test_a_changed_published_answer_is_rejected():
    doc = janko_doc("latin_sums", 5)
    rows = list(doc.solution.rows)
    i = next(j for j in range(len(rows[0]) - 1) if rows[0][j] != "." and rows[0][j + 1] != ".")
    rows[0] = rows[0][:i] + rows[0][i + 1] + rows[0][i] + rows[0][i + 2:]  # two numbers swapped
    codes = {v.code for v in GENRE.verify(doc.puzzle, Solution(tuple(rows)))}
    assert "nmSumNe" in codes or "nmDupRow" in codes


def _random_board(rng: random.Random, side: int, n: int) -> tuple[list[list], list[list[int]]]:
    """A Latin square's numbers above n grey (rows and columns shuffled), and a filling of
    its white cells: the square's own numbers."""
    rs, cs = rng.sample(range(side), side), rng.sample(range(side), side)
    square = [[(rs[r] + cs[c]) % side + 1 for c in range(side)] for r in range(side)]
    grid = [[None if x <= n else "?" for x in row] for row in square]
    return grid, [[x if x <= n else 0 for x in row] for row in square]


@pytest.mark.parametrize("seed", range(8))
def test_brute_force(seed):
    """Sums of a planted filling (most or few kept, one often off by one: then often no answer):
    every answer the independent enumerator lists, no other."""
    rng = random.Random(seed)
    side, n = ((4, 2), (5, 3), (4, 3), (5, 2))[seed % 4]
    grid, fill = _random_board(rng, side, n)
    for r in range(side):
        for c in range(side):
            if grid[r][c] == "?" and rng.random() < (0.7, 0.2, 0.7, 0.2, 0.7, 0.2, 0.7, 0.0)[seed]:
                grid[r][c] = sum(fill[y][x] for y in range(r - 1, r + 2) for x in range(c - 1, c + 2)
                                 if 0 <= y < side and 0 <= x < side)
    if seed % 3 == 0:
        at = next(((r, c) for r in range(side) for c in range(side) if isinstance(grid[r][c], int)), None)
        if at is not None:
            grid[at[0]][at[1]] += 1
    want = {tuple("".join("." if x == 0 else str(x) for x in row) for row in g)
            for g in latin_sum_fillings(grid, n)}
    puzzle = Puzzle("latin_sums", side, side, tuple(map(tuple, grid))).with_params(max=n)
    res = count(puzzle, limit=None)
    assert res.complete and {s.rows for s in res.solutions} == want


# -- input errors --------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "latin_sums", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("doc, message", [
    ({"grid": [[None, 3, None], [None, None, 4]]}, "p.json:1:33: a Latin Sums grid is square, not 2x3"),
    ({"grid": [[None, 3], [None, None]]},
     "p.json:1:33: row 2 has 2 white cells, not 1 (every row and column holds 1-1 once)"),
    ({"grid": [[None, None], [None, None]], "max": 3},
     "p.json:1:33: row 1 has 2 white cells, not 3 (every row and column holds 1-3 once)"),
    ({"grid": [[None]], "max": 0}, "p.json:1:50: max: 'max' must be the largest number, 1-35, not 0"),
    ({"grid": [[None, "x"], ["?", None]]},
     "p.json:1:41: r1c2: unknown token 'x' (expected '.', '?' or a sum)"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc) == message


def test_bad_janko_tokens():
    block = RECORDS[0]["janko"]
    for old, new, message in [("depth 2", "depth two", "'depth' must be the largest number, not 'two'"),
                              (". 3 5 .", ". 3 x .", "unknown problem token 'x'")]:
        (_, got), = parse_documents(json.dumps({"janko": block.replace(old, new, 1)}), "f.json")
        assert isinstance(got, InputError) and message in str(got), str(got)


# -- generation ------------------------------------------------------------------------------
def test_generate():
    a = generate_one(GenerateOptions(genre="latin_sums", rows=6, cols=6), 3, 0)
    b = generate_one(GenerateOptions(genre="latin_sums", rows=6, cols=6), 3, 0)
    assert a is not None and b is not None and a.puzzle == b.puzzle
    assert a.puzzle.param("max") == 4 and GENRE.verify(a.puzzle, a.solution) == []
    res = check(a.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == a.solution.rows

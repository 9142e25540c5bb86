"""Tenner (janko.at Zehnergitter) on the kit: the twelve published pages, how the sums' row
is read, counts against an independent enumerator of narrow boards, codes, bad input,
generation."""
from __future__ import annotations

import json
import random

import pytest

from enumerators import tenner_grids, tenner_grids_by_sums
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("tenner")
RECORDS = janko_lines("tenner")


def test_janko_reading():
    """Zehnergitter 001: 'rows 6' is five rows of digits and the sums' row."""
    doc = janko_doc("tenner", 0)
    assert (doc.puzzle.rows, doc.puzzle.cols) == (5, 10)
    assert doc.puzzle.param("sums") == (12, 23, 12, 20, 18, 40, 17, 34, 24, 25)
    assert doc.puzzle.grid[0] == (None, 4, None, 2, None, 9, 3, 8, 7, 5)
    assert doc.solution.rows[0] == "1402693875"


@pytest.mark.parametrize("i", range(12))
def test_published_pages(i):
    doc = janko_doc("tenner", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution


def _puzzle(givens: dict, sums, rows: int = 2, cols: int = 4) -> Puzzle:
    grid = tuple(tuple(givens.get((r, c)) for c in range(cols)) for r in range(rows))
    return Puzzle("tenner", rows, cols, grid).with_params(sums=tuple(sums))


def test_codes_and_cells():
    board = _puzzle({(0, 0): 1}, (6, 8, 3, 5))
    assert GENRE.verify(board, Solution(("1234", "5601"))) == []
    got = GENRE.verify(board, Solution(("1234", "5621")))
    assert [(v.code, v.cells) for v in got] == [("nmAround", ((0, 1), (1, 2))),
                                                ("nmSumColNe", ((0, 2), (1, 2)))]
    assert [v.code for v in GENRE.verify(board, Solution(("1134", "5601")))] == ["nmDupRow", "nmSumColNe"]
    got = GENRE.verify(board, Solution(("2.34", "5601")))
    assert [(v.code, v.message, v.cells) for v in got] == [
        ("nmSumColNe", "the digits of column 1 do not add up to 6", ((0, 0), (1, 0))),
        ("ceNoNum", "a cell has no digit", ((0, 1),)),
        ("nmGiven", "the given 1 is changed", ((0, 0),))]


def test_a_changed_published_answer_is_rejected():
    doc = janko_doc("tenner", 3)
    rows = list(doc.solution.rows)
    rows[2] = rows[2][1] + rows[2][0] + rows[2][2:]  # two digits of a row swapped
    assert "nmSumColNe" in {v.code for v in GENRE.verify(doc.puzzle, Solution(tuple(rows)))}


def _random_grid(rng: random.Random, rows: int, cols: int) -> list[list[int]]:
    """A grid of the rules drawn row by row (a row redrawn while it touches its own digit above)."""
    grid: list[list[int]] = []
    while len(grid) < rows:
        row = rng.sample(range(10), cols)
        if not grid or all(grid[-1][c + dc] != d for c, d in enumerate(row) for dc in (-1, 0, 1)
                           if 0 <= c + dc < cols):
            grid.append(row)
    return grid


def test_the_enumerators_agree():
    """The fast enumerator (column by column, sums cut early) lists what the plain one does."""
    sums, givens = [9, None, 8], {(0, 0): 4, (1, 2): 1}
    assert sorted(tenner_grids_by_sums(2, 3, sums, givens)) == sorted(tenner_grids(2, 3, sums, givens))
    assert len(tenner_grids(2, 3, sums, givens)) == 30


@pytest.mark.parametrize("seed", range(10))
def test_brute_force(seed):
    """Sums of a random grid (one off: often no answer; a column without a sum on two rows),
    a few of its digits given: every answer the independent enumerator lists, no other."""
    rng = random.Random(seed)
    rows, cols = ((2, 4), (3, 3), (2, 5))[seed % 3]
    pick = _random_grid(rng, rows, cols)
    sums: list = [sum(pick[r][c] for r in range(rows)) for c in range(cols)]
    if seed % 4 == 1 and rows == 2:
        sums[rng.randrange(cols)] = None
    if seed % 5 == 0:
        sums[0] += 1
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    givens = {x: pick[x[0]][x[1]] for x in rng.sample(cells, rng.randint(2, 4) + (rows == 3))}
    want = {tuple("".join(map(str, row)) for row in g)
            for g in tenner_grids_by_sums(rows, cols, sums, givens)}
    res = count(_puzzle(givens, sums, rows, cols), limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == want


# -- input errors --------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "tenner", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


EMPTY = [[None] * 10 for _ in range(3)]


@pytest.mark.parametrize("doc, message", [
    ({"grid": EMPTY, "sums": [1, 2]}, "p.json:1:29: 'sums' has 2 column sums, the grid has 10 columns"),
    ({"grid": EMPTY, "sums": [28] + [None] * 9},
     "p.json:1:29: the sum 28 of column 1 is out of range (0-27)"),
    ({"grid": EMPTY, "sums": "12"},
     "p.json:1:225: sums: 'sums' must be a list of column sums (numbers or null)"),
    ({"grid": [[None] * 11]}, "p.json:1:29: a Tenner is at most 10 columns wide, not 11"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc) == message


def test_bad_janko_sum():
    block = RECORDS[0]["janko"].replace("12 23 12 20", "12 x 12 20", 1)
    (_, got), = parse_documents(json.dumps({"janko": block}), "f.json")
    assert isinstance(got, InputError)
    assert str(got).endswith("unknown sum token 'x' (expected a number or '-')")


# -- generation ------------------------------------------------------------------------------
def test_generate():
    a = generate_one(GenerateOptions(genre="tenner", rows=4, cols=10), 3, 0)
    b = generate_one(GenerateOptions(genre="tenner", rows=4, cols=10), 3, 0)
    assert a is not None and b is not None and a.puzzle == b.puzzle
    assert len(a.puzzle.param("sums")) == 10 and GENRE.verify(a.puzzle, a.solution) == []
    res = check(a.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == a.solution.rows

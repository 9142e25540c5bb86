"""Walls (janko.at Mauerbau) on the kit: the twelve published janko.at puzzles, the rule's
code, counts against an independent enumerator on small random boards, bad input,
generation. (puzz.link has no such genre: no script to replay.)"""
from __future__ import annotations

import json
import random

import pytest

from enumerators import walls_answers
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("walls")
RECORDS = janko_lines("walls")


def board(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else t if t == "#" else int(t) for t in row.split())
                 for row in rows)
    return Puzzle("walls", len(grid), len(grid[0]), grid)


def turned(rows: tuple[str, ...], cell) -> Solution:
    r, c = cell
    ch = {"|": "-", "-": "|"}[rows[r][c]]
    return Solution(rows[:r] + (rows[r][:c] + ch + rows[r][c + 1:],) + rows[r + 1:])


@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_published_pages(i):
    """Unique with the published answer; turning any one wall breaks some number."""
    doc = janko_doc("walls", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows
    white = [x for x in doc.puzzle.cells() if doc.puzzle[x] is None]
    for x in random.Random(i).sample(white, 5):
        got = GENRE.verify(doc.puzzle, turned(doc.solution.rows, x))
        assert got and {v.code for v in got} == {"nmWallSumNe"}, x


def test_janko_reading():
    """Mauerbau 001: numbers on black cells, 'ns'/'ew' the walls; 029's 'x' are black
    cells without a number; 253 says 'puzzle mauerbau'."""
    doc = janko_doc("walls", 0)
    assert doc.puzzle.clues() == {(0, 2): 2, (1, 0): 4, (1, 4): 2, (2, 2): 1, (3, 0): 2,
                                  (3, 4): 3, (4, 2): 4}
    assert doc.solution.rows == ("|-#-|", "#--|#", "||#||", "#-|-#", "--#-|")
    x = janko_doc("walls", 6)
    assert (x.puzzle.rows, x.puzzle.cols) == (6, 7)
    assert [cell for cell, v in x.puzzle.clues().items() if v == "#"] == [
        (0, 0), (0, 6), (2, 3), (3, 3), (5, 0), (5, 6)]
    assert x.solution.rows[0] == "##-|-##"
    assert "puzzle mauerbau" in RECORDS[10]["janko"] and janko_doc("walls", 10).puzzle.genre == "walls"


def test_the_length_counts_runs_pointing_at_the_number():
    """A 4 in the middle of 3x5: the runs up, down (one cell each) and left, right (up to
    the first wall lying across, a black cell or the edge)."""
    puzzle = board([". . . . .", ". . 4 . #", ". . . . ."])
    assert GENRE.verify(puzzle, Solution(("--|--", "--#|#", "--|||"))) == []
    assert GENRE.verify(puzzle, Solution(("--|--", "|-#-#", "--|||"))) == []
    got = GENRE.verify(puzzle, Solution(("--|--", "--#-#", "--|||")))
    assert [(v.code, v.cells, v.message) for v in got] == [
        ("nmWallSumNe", ((1, 2),), "a number touches 5 cells of walls instead of 4")]


# -- brute force ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(16))
def test_brute_force(seed):
    """Black cells on random cells of 3x3 to 3x5, each numbered (its length in a random
    answer, off by one for every fourth seed) or '#'."""
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (3, 4), (4, 3), (3, 5)])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    black = rng.sample(cells, rng.randint(1, 4))
    grid = [[None] * cols for _ in range(rows)]
    for x in black:
        grid[x[0]][x[1]] = "#"
    answer = rng.choice(sorted(walls_answers(grid)))
    layout = Puzzle("walls", rows, cols, tuple(map(tuple, grid)))
    v = GENRE.values(layout, answer, "answer")
    for r, c in black:
        if rng.random() < 0.75:
            grid[r][c] = GENRE.clue_value(layout, v, (r, c))
    numbered = [x for x in black if isinstance(grid[x[0]][x[1]], int)]
    if seed % 4 == 0 and numbered:
        grid[numbered[0][0]][numbered[0][1]] += 1
    puzzle = Puzzle("walls", rows, cols, tuple(map(tuple, grid)))
    res = count(puzzle, limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == walls_answers(grid)


def test_a_small_count():
    """A 4 in the middle of 3x3 fixes its four neighbours; the corners are free."""
    puzzle = board([". . .", ". 4 .", ". . ."])
    got = {s.rows for s in count(puzzle, limit=None).solutions}
    assert len(got) == 16 and got == walls_answers([[None] * 3, [None, 4, None], [None] * 3])
    assert all(rows[0][1] == "|" and rows[1] == "-#-" for rows in got)


# -- bad input -------------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "walls", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("grid, message", [
    ([["y", None], [None, None]], "r1c1: unknown token 'y' (expected '.', '#' or a number)"),
    ([[-1, None], [None, None]], "r1c1: clue -1 is out of range (0 or more)"),
    ([[None, None], [None, 3]], "r2c2: clue 3 is out of range (a cell of a 2x2 grid touches at most 2)"),
])
def test_bad_puzzles(grid, message):
    assert _error({"rows": 2, "cols": 2, "grid": grid}).endswith(message)


def test_bad_answers():
    puzzle = board(["1 ."])
    assert [v.message for v in GENRE.verify(puzzle, Solution(("#.",)))] == [
        "unknown answer character '.' at r1c2 (expected | or -)"]
    assert [v.message for v in GENRE.verify(puzzle, Solution(("--",)))] == [
        "answer character '-' at r1c1, where the puzzle's given is '#'"]


def test_bad_janko_block():
    block = RECORDS[0]["janko"].replace("solution\nns ew", "solution\nnw ew")
    (_, got), = parse_documents(json.dumps({"janko": block}), "w.json")
    assert isinstance(got, InputError)
    assert str(got).endswith("r1c1: unknown solution token 'nw' (expected '-', 'ew', 'ns' or a number)")


# -- generation ------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="walls", rows=6, cols=6), 3, 0)
    again = generate_one(GenerateOptions(genre="walls", rows=6, cols=6), 3, 0)
    assert got is not None and again is not None and got.puzzle == again.puzzle
    assert GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

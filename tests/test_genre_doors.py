"""Doors (janko.at Tueren) on the kit: the twelve published janko.at puzzles and their
bitmask solutions, the rules' codes, counts against an independent enumerator on small
random boards, bad input, generation. (puzz.link has no such genre: no script to replay.)"""
from __future__ import annotations

import json
import random

import pytest

from enumerators import door_answers
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("doors")
RECORDS = janko_lines("doors")
FLIP = {".": "|", "|": ".", "_": "J", "J": "_"}  # a cell's right side opened or closed


def board(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else int(t) for t in row.split()) for row in rows)
    return Puzzle("doors", len(grid), len(grid[0]), grid)


def put(rows: tuple[str, ...], cell, ch: str) -> Solution:
    r, c = cell
    return Solution(rows[:r] + (rows[r][:c] + ch + rows[r][c + 1:],) + rows[r + 1:])


@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_published_pages(i):
    """Unique with the published answer; opening or closing a door rejected by a number."""
    doc = janko_doc("doors", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows
    inner = [(r, c) for r, c in doc.puzzle.cells() if c + 1 < doc.puzzle.cols]
    for x in random.Random(i).sample(inner, 4):
        got = GENRE.verify(doc.puzzle, put(doc.solution.rows, x, FLIP[doc.solution[x]]))
        assert "nmSeenNe" in {v.code for v in got}, x


def test_janko_reading():
    """Tueren 001: numbers and '-'; the solution's bitmasks (1 above, 2 right, 4 below,
    8 left, the frame included) as the closed right and lower sides."""
    doc = janko_doc("doors", 0)
    assert doc.puzzle.grid[0] == (3, None, 5, None, 1) and doc.puzzle.grid[4] == (None, None, 4, None, 3)
    # 13 5 1 3 11 / 9 7 8 0 6 / 10 9 6 8 3 / 8 4 1 0 6 / 14 13 4 4 7
    assert doc.solution.rows == ("__.||", ".J..J", "|.J.|", "._..J", "J___J")


def test_the_rules():
    """A 2 that sees too much, a room shut off, a number right beside them."""
    puzzle = board(["2 . .", ". . .", ". . 1"])
    assert GENRE.verify(puzzle, Solution(("_.J", "..J", "J_J"))) == []
    got = GENRE.verify(puzzle, Solution(("..J", "..J", "J_J")))
    assert [(v.code, v.cells, v.message) for v in got] == [
        ("nmSeenNe", ((0, 0),), "a room sees 4 other rooms instead of 2")]
    got = GENRE.verify(puzzle, Solution(("_.J", "..J", "JJJ")))
    assert [(v.code, v.cells, v.message) for v in got] == [
        ("bdDivide", ((2, 2),), "the closed doors cut the rooms into 2 parts"),
        ("nmSeenNe", ((2, 2),), "a room sees 0 other rooms instead of 1")]


def test_connectivity_is_a_rule():
    """Without numbers, a 2x2 keeps its rooms connected only with all four doors open or
    one closed: 5 answers, not the 16 door sets."""
    got = {s.rows for s in count(board([". .", ". ."]), limit=None).solutions}
    assert len(got) == 5 and got == door_answers([[None, None], [None, None]])


# -- brute force ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_brute_force(seed):
    """Numbers on random rooms of 3x3, 2x4 and 4x2, each its count in a random connected
    answer (off by one for every fourth seed)."""
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (2, 4), (4, 2)])
    blank = [[None] * cols for _ in range(rows)]
    answer = Solution(rng.choice(sorted(door_answers(blank))))
    layout = Puzzle("doors", rows, cols, tuple(map(tuple, blank)))
    v = GENRE.values(layout, answer.rows, "answer")
    grid = [[None] * cols for _ in range(rows)]
    spots = rng.sample(list(layout.cells()), rng.randint(1, 4))
    for r, c in spots:
        grid[r][c] = GENRE.clue_value(layout, v, (r, c))
    if seed % 4 == 0:
        grid[spots[0][0]][spots[0][1]] += 1
    res = count(Puzzle("doors", rows, cols, tuple(map(tuple, grid))), limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == door_answers(grid)


# -- bad input -------------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "doors", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("grid, message", [
    ([["x", None], [None, None]], "r1c1: unknown token 'x' (expected '.' or a number)"),
    ([[-1, None], [None, None]], "r1c1: clue -1 is out of range (0-999)"),
    ([[None, None], [None, 3]], "r2c2: clue 3 is out of range (a room of a 2x2 grid sees at most 2)"),
])
def test_bad_puzzles(grid, message):
    assert _error({"rows": 2, "cols": 2, "grid": grid}).endswith(message)


def test_bad_answer():
    got = GENRE.verify(board(["1 ."]), Solution(("x|",)))
    assert [v.message for v in got] == [
        "unknown answer character 'x' at r1c1 (expected one of . | _ J (no border, a border "
        "on the right, below, both))"]


@pytest.mark.parametrize("old, new, message", [
    ("solution\n13 5", "solution\n16 5", "r1c1: unknown solution token '16' (expected a number "
     "0-15: closed sides 1 above, 2 right, 4 below, 8 left)"),
    ("solution\n13 5", "solution\n12 5", "solution r1c1: 12 leaves its upper side open, but the "
     "frame is"),
    ("solution\n13 5", "solution\n15 5", "solution r1c1: 15 leaves its right side closed, but "
     "r1c2 says otherwise"),
])
def test_bad_janko_solution(old, new, message):
    block = RECORDS[0]["janko"]
    assert old in block
    (_, got), = parse_documents(json.dumps({"janko": block.replace(old, new)}), "d.json")
    assert isinstance(got, InputError) and str(got).endswith(message)


# -- generation ------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="doors", rows=5, cols=5), 3, 0)
    again = generate_one(GenerateOptions(genre="doors", rows=5, cols=5), 3, 0)
    assert got is not None and again is not None and got.puzzle == again.puzzle
    assert GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows


def test_connectivity_decides_page_012(monkeypatch):
    """Tueren 012 has a second answer if rooms may be shut off: it breaks bdDivide only."""
    doc = janko_doc("doors", 7)
    with monkeypatch.context() as m:
        m.setattr(type(GENRE), "rules", lambda self, puzzle: [])
        res = check(doc.puzzle)
    assert res.verdict is Verdict.MULTIPLE
    other = next(s for s in res.solutions if s.rows != doc.solution.rows)
    assert {v.code for v in GENRE.verify(doc.puzzle, other)} == {"bdDivide"}

"""Pills (janko.at Pillen) on the kit: the twelve published pages, how the problem's sums
and digits are read, counts against an independent enumerator of small boards, codes, bad
input, generation."""
from __future__ import annotations

import json
import random

import pytest

from enumerators import pill_placements
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("pills")
RECORDS = janko_lines("pills")


def test_janko_reading():
    """Pillen 001: the first problem line the column sums, each row's first token its sum."""
    doc = janko_doc("pills", 0)
    p = doc.puzzle
    assert (p.rows, p.cols, p.param("pills")) == (6, 6, 6)
    assert p.param("top") == (4, 6, 3, 5, 1, 2) and p.param("left") == (4, 3, 3, 4, 6, 1)
    assert p.grid[0] == (2, 3, 2, 2, 1, 1)
    assert doc.solution.rows[2] == "463..2"


def test_more_pills_than_the_side():
    """Pillen 009: 8x8 with depth 10, pills 1-10 ('A' in answers)."""
    doc = janko_doc("pills", 6)
    assert (doc.puzzle.rows, doc.puzzle.param("pills")) == (8, 10)
    assert sum(row.count("A") for row in doc.solution.rows) == 3


@pytest.mark.parametrize("i", range(12))
def test_published_pages(i):
    doc = janko_doc("pills", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution


def _puzzle(grid, top, left, n=None) -> Puzzle:
    p = Puzzle("pills", len(grid), len(grid[0]), tuple(map(tuple, grid)))
    return p.with_params(top=tuple(top), left=tuple(left), pills=n)


BOARD = [[1, 0, 0], [0, 1, 1], [2, 0, 0]]


def test_codes_and_cells():
    board = _puzzle(BOARD, (None, 1, None), (1, None, None), 2)
    assert GENRE.verify(board, Solution(("111", "222", "..."))) == []
    got = GENRE.verify(board, Solution(("111", "...", "222")))
    assert [(v.code, v.message, v.cells) for v in got] == [
        ("exSumNe", "the digits the pills cover in column 2 do not add up to 1",
         ((0, 1), (1, 1), (2, 1)))]
    got = GENRE.verify(board, Solution(("11.", "1..", "222")))
    assert [(v.code, v.cells) for v in got][0] == ("pillShape", ((0, 0), (0, 1), (1, 0)))
    got = GENRE.verify(board, Solution(("222", "111", "...")))
    assert [(v.code, v.message) for v in got][:2] == [
        ("pillSumNe", "pill 1 covers digits adding up to 2"),
        ("pillSumNe", "pill 2 covers digits adding up to 1")]
    got = GENRE.verify(board, Solution(("111", "...", "...")))
    assert [(v.code, v.message) for v in got][0] == ("pillNone", "pill 2 is missing")


def test_a_changed_published_answer_is_rejected():
    doc = janko_doc("pills", 3)
    rows = [row.replace("6", ".") for row in doc.solution.rows]  # pill 6 taken away
    assert {"pillNone", "exSumNe"} <= {v.code for v in GENRE.verify(doc.puzzle, Solution(tuple(rows)))}


def test_the_enumerator_lists_both_answers():
    assert pill_placements(BOARD, 2, (None,) * 3, (None,) * 3) == {("111", "222", "..."),
                                                                   ("111", "...", "222")}


@pytest.mark.parametrize("seed", range(10))
def test_brute_force(seed):
    """Random digits 0-3 on 3x4 to 5x5, 2-4 pills, the sums of some lines (one off now
    and then): every answer the enumerator lists, no other."""
    rng = random.Random(seed)
    rows, cols = ((3, 4), (4, 4), (4, 5), (5, 5))[seed % 4]
    n = rng.randint(2, min(4, rows * cols // 3))
    grid = [[rng.randrange(4) for _ in range(cols)] for _ in range(rows)]
    top = [rng.choice([None, rng.randrange(6)]) for _ in range(cols)]
    left = [rng.choice([None, rng.randrange(6)]) for _ in range(rows)]
    want = pill_placements(grid, n, top, left)
    res = count(_puzzle(grid, top, left, n), limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == want


def test_brute_force_finds_answers():
    """The sums of a drawn answer: the enumerator and the checker agree, and it is one of them."""
    for seed in range(4):
        answer = GENRE.generator.random_answer(4, 4, random.Random(seed), None, None)
        layout = answer.layout
        v = GENRE.values(layout, answer.rows, "answer")
        sums = {side: [GENRE.edge_value(layout, v, side, i) for i in range(4)] for side in ("top", "left")}
        want = pill_placements([list(r) for r in layout.grid], 4, sums["top"], sums["left"])
        res = count(_puzzle(layout.grid, sums["top"], sums["left"], 4), limit=None)
        assert answer.rows in want and {s.rows for s in res.solutions} == want


# -- input errors --------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "pills", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("doc, message", [
    ({"grid": BOARD, "pills": 40}, "p.json:1:72: pills: 'pills' is the number of pills, 1-35, not 40"),
    ({"grid": BOARD, "pills": "x"}, "p.json:1:72: pills: unknown token 'x' (expected a number of pills)"),
    ({"grid": BOARD, "top": [1, 2]}, "p.json:1:28: 'top' has 2 labels, the puzzle has 3 columns"),
    ({"grid": BOARD, "left": [-1, 0, 0]}, "p.json:1:71: left[0]: a sum is at least 0, got -1"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc) == message


def _janko_error(old: str, new: str) -> str:
    block = RECORDS[0]["janko"].replace(old, new, 1)
    (_, got), = parse_documents(json.dumps({"janko": block}), "f.json")
    assert isinstance(got, InputError)
    return str(got)


def test_bad_janko_blocks():
    assert _janko_error("- 4 6 3 5 1 2\n", "- 4 6 3 5 1\n").endswith(
        "a Pills problem is a line of a corner and 6 column sums, then 6 lines of a row sum and "
        "6 digits")
    assert _janko_error("- 4 6 3 5 1 2\n4 2", "- 4 6 3 5 1 2\nx 2").endswith(
        "janko:13:1: unknown token 'x' (expected a sum or '-')")
    assert _janko_error("depth 6", "depth 99").endswith("'pills' is the number of pills, 1-35, not 99")


# -- generation ------------------------------------------------------------------------------
def test_generate():
    a = generate_one(GenerateOptions(genre="pills", rows=6, cols=6), 3, 0)
    b = generate_one(GenerateOptions(genre="pills", rows=6, cols=6), 3, 0)
    assert a is not None and b is not None and a.puzzle == b.puzzle
    assert a.puzzle.param("pills") == 6 and GENRE.verify(a.puzzle, a.solution) == []
    res = check(a.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == a.solution.rows


def test_generate_refuses_a_board_too_small():
    with pytest.raises(InputError, match="4 pills .* do not fit on 2x4 cells"):
        GENRE.generator.random_answer(2, 4, random.Random(0), None, None)

"""Tents (Janko Zeltlager) on the kit: the twelve published janko.at puzzles (read off
their solutions), pzprjs's test script (failcodes), counts against an independent
enumerator on small random boards, the matching rule's two faces, bad input, generation."""
from __future__ import annotations

import itertools
import json
import random

import pytest

from enumerators import counts_hold, grid_cells, touching
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.encodings.kit.bodies import read_1cell, write_1cell
from pencilproof.encodings.kit.urlcodec import Cursor
from pencilproof.formats import parse_documents, parse_url, to_url
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("tents")
RECORDS = janko_lines("tents")


def test_janko_reading():
    """Zeltlager 001: trees 'x' become givens, tents 'o' the answer, and the counts of
    every row and column the line numbers."""
    doc = janko_doc("tents", 0)
    assert doc.puzzle.grid[2] == (None, None, "T", None, None, None, None, None)
    assert doc.solution.rows[:3] == ("........", "..A.....", "..T...A.")
    assert doc.puzzle.param("left") == (0, 1, 1, 1, 0, 3, 1, 3)
    assert doc.puzzle.param("top") == (2, 0, 4, 0, 2, 0, 1, 1)
    two = [janko_doc("tents", i).puzzle for i in (0, 10)]
    assert [(p.rows, p.cols) for p in two] == [(8, 8), (12, 18)]


# pzprjs test/script/tents.js: its URL, and its pzprv3 files, which hold a 6x6
# grid, the corner, the column numbers above and the row numbers left of the 5x5 cells
# ('1' a tree, 'A' a tent, '-' and '.' empty), then the tree-tent links (not read).
URL = "https://puzz.link/p?tents/5/5/2g0h1i1j82323"
TOP, LEFT = (2, None, 0, None, None), (1, None, None, None, 1)
TREES = ((0, 2), (2, 1), (2, 4), (3, 3), (4, 1))
PZPRJS = [
    ("nmTentNone", ("..T..", ".....", ".T..T", "...T.", ".T...")),
    ("nmTreeNone", ("A.T..", ".....", ".T..T", "...T.", ".T...")),
    ("tentAround", (".AT..", ".A..A", ".T.AT", "...T.", "AT...")),
    ("exTentNe", ("..TA.", ".A...", ".T..T", "..ATA", "AT...")),
    ("nmTentLt", (".AT..", "....A", ".T..T", ".A.TA", ".T...")),
    ("nmTentGt", ("..T..", ".....", "ATA.T", "...T.", ".T...")),
    (None, (".AT..", "....A", "AT..T", "...TA", "AT...")),
]


def _board(rows, cols, trees, top=None, left=None) -> Puzzle:
    grid = tuple(tuple("T" if (r, c) in trees else None for c in range(cols)) for r in range(rows))
    p = Puzzle("tents", rows, cols, grid)
    return p.with_params(top=top if top and any(x is not None for x in top) else None,
                         left=left if left and any(x is not None for x in left) else None)


def test_pzprjs_url():
    board = _board(5, 5, TREES, TOP, LEFT)
    assert parse_url(URL) == board and to_url(board) == URL
    res = check(board)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == PZPRJS[-1][1]


def test_janko_urls_round_trip():
    for i in range(12):
        p = janko_doc("tents", i).puzzle
        assert parse_url(to_url(p)) == p


@pytest.mark.parametrize("seed", range(8))
def test_1cell_codec(seed):
    """pzprjs's 1Cell runs, written and read back, on random sparse and dense marks."""
    rng = random.Random(seed)
    n = rng.randint(1, 80)
    marks = [rng.random() < (0.05 if seed % 2 else 0.5) for _ in range(n)]
    text = write_1cell(marks)
    cur = Cursor(text, "u")
    assert read_1cell(cur, n) == marks and cur.rest() == ""


@pytest.mark.parametrize("url, message", [
    ("https://puzz.link/p?tents/5/5/.g0h1i1j82323", "a '?' number outside the grid (top 1) is not supported"),
    ("https://puzz.link/p?tents/5/5/2g0h1i1j8232", "body describes 21 cells, the grid has 25"),
])
def test_bad_urls(url, message):
    with pytest.raises(InputError) as e:
        parse_url(url)
    assert str(e.value).endswith(message)


@pytest.mark.parametrize("code, rows", PZPRJS)
def test_pzprjs_failcodes(code, rows):
    got = GENRE.verify(_board(5, 5, TREES, TOP, LEFT), Solution(rows))
    assert (got[0].code if got else None) == code


def test_codes_and_cells():
    board = _board(5, 5, TREES, TOP, LEFT)
    got = GENRE.verify(board, Solution(("A.T..", ".....", "ATA.T", "...T.", ".T...")))
    assert [(v.code, v.cells) for v in got] == [
        ("nmTreeNone", ((0, 0),)), ("nmTentGt", ((2, 0), (2, 1), (2, 2))),
        ("nmTentNone", ((0, 2),)), ("nmTentNone", ((2, 4),)), ("nmTentNone", ((3, 3),)),
        ("nmTentNone", ((4, 1),)), ("exTentNe", ((1, 2), (2, 2), (3, 2), (4, 2))),
        ("exTentNe", ((4, 0), (4, 2), (4, 3), (4, 4)))]
    assert [v.message for v in got[-2:]] == ["column 3 has 1 tents instead of 0",
                                             "row 5 has 0 tents instead of 1"]


def test_a_balanced_camp_without_a_matching():
    """pzprjs's example (tents.js): one camp of four trees and four tents, yet the two
    trees on the left share their only tent; tents touch at corners."""
    board = _board(3, 4, {(0, 0), (1, 1), (1, 3), (2, 0)})
    got = GENRE.verify(board, Solution(("T..A", "ATAT", "T..A")))
    assert [v.code for v in got] == ["tentAround", "tentAround", "nmNoMatch"]
    assert got[-1].message == "the trees cannot each have a tent of their own"


# -- brute force ---------------------------------------------------------------------------
def _answers(rows, cols, trees, top, left) -> set[tuple[str, ...]]:
    """Every set of tents on cells that are no trees, kept where no two touch, the trees
    can each be given a tent beside it of its own (tried every way), no tent is left
    over, and the numbers hold."""
    free = [x for x in grid_cells(rows, cols) if x not in trees]
    woods = sorted(trees)
    out = set()
    for k in range(len(woods), len(woods) + 1):  # as many tents as trees
        for tents in itertools.combinations(free, k):
            on = set(tents)
            if touching(tents) or not counts_hold(on, rows, cols, top, left):
                continue
            if not any(all(abs(t[0] - x[0]) + abs(t[1] - x[1]) == 1 for t, x in zip(woods, perm))
                       for perm in itertools.permutations(tents)):
                continue
            out.add(tuple("".join("T" if (r, c) in trees else "A" if (r, c) in on else "."
                                  for c in range(cols)) for r in range(rows)))
    return out


@pytest.mark.parametrize("seed", range(16))
def test_brute_force(seed):
    """Trees of a drawn answer (the generator's), a third of its line numbers (one of them off
    by one for every fourth seed), or trees at random with random numbers."""
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 4), (4, 4), (4, 5)])
    if seed % 3:
        drawn = GENRE.generator.random_answer(rows, cols, rng, 0.3, None)
        trees = {x for x, v in drawn.layout.clues().items()}
        top = tuple(sum(row[c] == "A" for row in drawn.rows) if rng.random() < 0.3 else None
                    for c in range(cols))
        left = tuple(row.count("A") if rng.random() < 0.3 else None for row in drawn.rows)
        if seed % 4 == 0:
            top = (1 + (top[0] or 0),) + top[1:]
    else:
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        trees = set(rng.sample(cells, rng.randint(1, 4)))
        top = tuple(rng.choice([None, None, 0, 1, 2]) for _ in range(cols))
        left = tuple(rng.choice([None, None, 0, 1, 2]) for _ in range(rows))
    res = count(_board(rows, cols, trees, top, left), limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(rows, cols, trees, top, left)


def test_a_count_without_numbers():
    """Two trees in a 2x3 grid, corner to corner: of the tents beside each, only the
    pair far apart does not touch."""
    got = {s.rows for s in count(_board(2, 3, {(0, 0), (1, 2)}), limit=None).solutions}
    assert got == _answers(2, 3, {(0, 0), (1, 2)}, None, None) == {("T.A", "A.T")}


# -- bad input -------------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "tents", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("doc, message", [
    ({"rows": 2, "cols": 2, "grid": [["x", None], [None, None]]},
     "p.json:1:52: r1c1: unknown given 'x' (expected '.' or 'T' a tree)"),
    ({"rows": 2, "cols": 2, "grid": [[None, None], [None, None]], "top": [1, 2, 3]},
     "p.json:1:50: 'top' has 3 labels, the puzzle has 2 columns"),
    ({"rows": 2, "cols": 2, "grid": [[None, None], [None, None]], "left": [-1, None]},
     "p.json:1:88: left[0]: a tent count is at least 0, got -1"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc) == message


def test_bad_janko_block():
    block = RECORDS[0]["janko"].replace("solution\n- - - - - - - -", "solution\n- - - - - - - *")
    (_, got), = parse_documents(json.dumps({"janko": block}), "z.json")
    assert isinstance(got, InputError)
    assert "unknown solution token '*' (expected x a tree, o a tent or -)" in str(got)


# -- generation ------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="tents", rows=6, cols=6), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

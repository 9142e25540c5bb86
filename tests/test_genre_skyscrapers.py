"""Skyscrapers (Janko Wolkenkratzer) on the kit: the twelve published janko.at puzzles (five
with diagonals), pzprjs's test script answers, counts against an independent enumerator of
4x4 boards, codes, bad input, generation."""
from __future__ import annotations

import json
import random

import pytest

from enumerators import latin_squares
from janko_data import janko_doc
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.output import render_grid
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("skyscrapers")


def test_janko_reading():
    """Wolkenkratzer 001: clabels = top, bottom; rlabels = left, right; 006: diagonals and a
    given height in the problem section."""
    doc = janko_doc("skyscrapers", 0)
    assert [doc.puzzle.param(k) for k in ("top", "bottom", "left", "right")] == [
        (None, 3, 3, None, None), (None, 2, 2, 2, 1), (1, 4, 3, 2, None), (3, 2, 3, None, 1)]
    assert doc.puzzle.param("diagonals") is None
    six = janko_doc("skyscrapers", 5).puzzle
    assert six.param("diagonals") is True and six.grid[3][0] == 2 and six.param("top") is None
    assert [janko_doc("skyscrapers", i).puzzle.param("diagonals") or False
            for i in range(12)] == [False] * 4 + [True] * 8


# pzprjs test/script/skyscrapers.js (URL 4/4/k13h4j3g): its pzprv3 grids are 6x6 with the edge
# numbers around the 4x4 cells (top row, bottom row, first and last column); read by hand:
# bottom numbers 1 and 3 under columns 2 and 3, a 4 left of row 2, a 3 right of row 3, no given
# height. The answer rows are the inner 4x4 ('.' no number). The script's fourth case (a given
# 'q3' with skiprules) is left out.
EDGES = {"bottom": [None, 1, 3, None], "left": [None, 4, None, None], "right": [None, None, 3, None]}
PZPRJS = [
    ("nmDupRow", ("....", "1233", "....", "....")),
    ("nmSightNe", ("....", "1234", "4...", ".4..")),
    ("ceNoNum", (".143", "1234", "4312", "3421")),
    (None, ("2143", "1234", "4312", "3421")),
]


def _puzzle(givens: dict, **edges) -> Puzzle:
    grid = tuple(tuple(givens.get((r, c)) for c in range(4)) for r in range(4))
    return Puzzle("skyscrapers", 4, 4, grid).with_params(
        **{k: (tuple(v) if any(x is not None for x in v) else None) for k, v in edges.items()})


@pytest.mark.parametrize("code, rows", PZPRJS)
def test_pzprjs_failcodes(code, rows):
    got = GENRE.verify(_puzzle({}, **EDGES), Solution(rows))
    assert (got[0].code if got else None) == code


def test_pzprjs_puzzle_is_unique():
    res = check(_puzzle({}, **EDGES))
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == PZPRJS[-1][1]


def test_codes_and_messages():
    board = _puzzle({(0, 0): 2}, **EDGES, diagonals=[None, None, None, None])
    got = GENRE.verify(board.with_params(diagonals=True), Solution(("1243", "2134", "4312", "3421")))
    assert [(v.code, v.message) for v in got] == [
        ("nmDupDiag", "a height repeats on a diagonal"), ("nmDupDiag", "a height repeats on a diagonal"),
        ("nmSightNe", "3 buildings are seen from the left of r2c1, not 4"),
        ("nmGiven", "the given 2 is changed")]


# -- brute force ---------------------------------------------------------------------------
LATIN = latin_squares(4)


def _seen(heights) -> int:
    return sum(1 for i, h in enumerate(heights) if all(h > x for x in heights[:i]))


def _lines(rows):
    """Per side, the heights each edge number looks along, nearest first."""
    cols = [[rows[r][c] for r in range(4)] for c in range(4)]
    return {"top": cols, "bottom": [col[::-1] for col in cols], "left": [list(r) for r in rows],
            "right": [list(r)[::-1] for r in rows]}


@pytest.mark.parametrize("seed", range(12))
def test_brute_force(seed):
    rng = random.Random(seed)
    pick = rng.choice(LATIN)
    seen = _lines(pick)
    edges = {side: [(_seen(line) + (rng.choice((0, 1)) if seed % 4 == 0 else 0))
                    if rng.random() < 0.35 else None for line in lines] for side, lines in seen.items()}
    diagonals = seed % 3 == 0
    want = set()
    for rows in LATIN:
        diags = ({rows[i][i] for i in range(4)}, {rows[i][3 - i] for i in range(4)})
        if diagonals and min(map(len, diags)) < 4:
            continue
        got = _lines(rows)
        if all(v is None or _seen(got[side][i]) == v for side, vs in edges.items() for i, v in enumerate(vs)):
            want.add(tuple("".join(map(str, row)) for row in rows))
    board = _puzzle({}, **edges)
    if diagonals:
        board = board.with_params(diagonals=True)
    res = count(board, limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == want


# -- input errors --------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "skyscrapers", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


EMPTY4 = [[None] * 4 for _ in range(4)]


@pytest.mark.parametrize("doc, message", [
    ({"grid": EMPTY4, "top": [1, 2, 3]}, "p.json:1:34: 'top' has 3 numbers, the grid has 4"),
    ({"grid": EMPTY4, "left": [1, 2, 3, 5]}, "p.json:1:34: 'left' has a number outside 1-4"),
    ({"grid": EMPTY4, "left": "1234"}, "p.json:1:148: left: 'left' must be a list of numbers or nulls"),
    ({"grid": EMPTY4, "diagonals": 1}, "p.json:1:153: diagonals: 'diagonals' must be true or false"),
    ({"grid": [[5, None, None, None]] + EMPTY4[1:]}, "p.json:1:34: given 5 at r1c1 is not a height 1-4"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc) == message


# -- generation ------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="skyscrapers", rows=5, cols=5), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows


def test_edge_numbers_are_drawn_beside_the_grid():
    """Janko Wolkenkratzer 001's edge numbers, in the terminal grid around its answer."""
    doc = janko_doc("skyscrapers", 0)
    assert render_grid(doc.puzzle, doc.solution, ascii=False) == [
        "     3 3", "1  5 3 1 4 2 3", "4  1 2 3 5 4 2", "3  3 4 5 2 1 3", "2  4 5 2 1 3",
        "   2 1 4 3 5 1", "     2 2 2 1"]


# -- heights 1..depth with empty cells (janko.at's Wolkenkratzer with depth below the size) ---
def test_depth_below_the_size_leaves_cells_empty():
    """Wolkenkratzer 053 (4x4, depth 3: heights 1-3 once per row and column, one empty cell
    each, written 0) and a 5x5 with diagonals and depth 4 (empty cells written -): unique
    with the published answer; they were refused before."""
    doc = janko_doc("skyscrapers", 12)
    assert doc.puzzle.param("depth") == 3 and doc.solution.rows == ("1.32", "321.", ".321", "21.3")
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows
    diag = janko_doc("skyscrapers", 13)
    assert diag.puzzle.param("depth") == 4 and diag.puzzle.param("diagonals") is True
    res = check(diag.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == diag.solution.rows


def test_empty_cells_hide_nothing_and_every_height_is_there():
    doc = janko_doc("skyscrapers", 12)
    codes = {v.code for v in GENRE.verify(doc.puzzle, Solution(("1..2", "321.", ".321", "21.3")))}
    assert "nmMissRow" in codes  # row 1 and column 3 have no 3
    got = GENRE.verify(doc.puzzle, Solution(("1432", "321.", ".321", "21.3")))
    assert [v.code for v in got] == ["anBadChar"]
    # an empty cell in front blocks no view: '.' then 1 2 3 shows three from the left
    p = Puzzle("skyscrapers", 4, 4, tuple((None,) * 4 for _ in range(4))).with_params(
        depth=3, left=(3, None, None, None))
    assert GENRE.verify(p, Solution((".123", "3.12", "23.1", "123."))) == []


def test_count_of_an_empty_board_with_empty_cells():
    """3x3 with heights 1-2 and one empty cell per row and column, no clue: the Latin
    squares of 3 symbols, 12."""
    p = Puzzle("skyscrapers", 3, 3, tuple((None,) * 3 for _ in range(3))).with_params(depth=2)
    assert len(latin_squares(3)) == 12 and len(count(p, limit=20).solutions) == 12


def test_depth_has_no_puzzlink_format():
    from pencilproof.formats import to_url
    with pytest.raises(InputError, match="a skyscrapers puzzle with 'depth' has no puzz.link URL"):
        to_url(janko_doc("skyscrapers", 12).puzzle)

"""Sudoku, classic and irregular (Janko "Sudoku Chaos"): the Janko puzzles' published
solutions, pzprjs's test script (URL and failcodes), a brute-force count on 4x4 boards,
input errors, generation."""
from __future__ import annotations

import json
import random

import pytest

from enumerators import latin_squares
from janko_data import janko_doc
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

SUDOKU = get_genre("sudoku")


def test_janko_collections():
    classic = [janko_doc("sudoku", i) for i in range(12)]
    chaos = [janko_doc("sudoku_irregular", i) for i in range(12)]
    assert all(d.puzzle.rows == 9 and d.puzzle.param("areas") is None for d in classic)
    assert [d.puzzle.rows for d in chaos] == [4, 4, 4, 4, 5, 5, 5, 6, 5, 5, 5, 6]
    assert all(d.puzzle.param("areas") is not None for d in chaos)


def test_janko_chaos_areas():
    """Chaos 001: Janko's area letters become region numbers in reading order."""
    doc = janko_doc("sudoku_irregular", 0)
    assert doc.puzzle.param("areas") == ((0, 0, 0, 1), (0, 1, 1, 1), (2, 2, 3, 3), (2, 2, 3, 3))
    assert doc.solution.rows == ("2143", "3421", "1234", "4312")


# pzprjs test/script/sudoku.js: the URL and its wrong answers, written out by hand from the
# pzprv3 data (4 rows of givens, then 4 rows of the answer's numbers; '.' empty): our rows
# hold the givens and the answer's numbers together.
URL = "https://puzz.link/p?sudoku/4/4/g1k23k3g"
GIVENS = (".1..", "...2", "3...", "..3.")
PZPRJS = [
    ("bkDupNum", (".1..", "1..2", "3...", "..3.")),
    ("nmDupRow", (".1..", "...2", "3...", ".13.")),
    ("ceNoNum", ("21..", "...2", "342.", "123.")),
    (None, ("2143", "4312", "3421", "1234")),
]


def _puzzle(rows, areas=None) -> Puzzle:
    p = Puzzle("sudoku", len(rows), len(rows[0]),
               tuple(tuple(None if ch == "." else int(ch) for ch in row) for row in rows))
    return p if areas is None else p.with_params(areas=areas)


def test_pzprjs_url():
    assert parse_url(URL) == _puzzle(GIVENS)
    res = check(parse_url(URL))
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == PZPRJS[-1][1]


@pytest.mark.parametrize("code, rows", PZPRJS)
def test_pzprjs_failcodes(code, rows):
    got = SUDOKU.verify(_puzzle(GIVENS), Solution(rows))
    assert (got[0].code if got else None) == code


def test_codes_and_cells():
    got = SUDOKU.verify(_puzzle(GIVENS), Solution((".143", "4312", "3421", "1231")))
    assert [(v.code, v.cells) for v in got] == [
        ("bkDupNum", ((2, 3), (3, 3))), ("nmDupRow", ((3, 0), (3, 3))),
        ("nmDupRow", ((2, 3), (3, 3))), ("ceNoNum", ((0, 0),))]


@pytest.mark.parametrize("first", ["5", "x"])
def test_a_number_outside_1_to_n_is_no_number(first):
    """5 (or x = 33) in a 4x4 grid is no number 1-4: the answer layer refuses it, and the
    verifier names the cell (the pilot's verifier once accepted these rows)."""
    got = SUDOKU.verify(_puzzle(GIVENS), Solution(("2143", "4312", "3421", first + "234")))
    assert [(v.code, v.message, v.cells) for v in got] == [
        ("anBadChar", f"unknown answer character {first!r} at r4c1 (expected a number 1-4 or .)",
         ((3, 0),))]


# -- brute force ---------------------------------------------------------------------------
LATIN = [tuple("".join(map(str, row)) for row in rows) for rows in latin_squares(4)]
CLASSIC = ((0, 0, 1, 1), (0, 0, 1, 1), (2, 2, 3, 3), (2, 2, 3, 3))
IRREGULAR = (((0, 0, 0, 1), (0, 1, 1, 1), (2, 2, 3, 3), (2, 2, 3, 3)),
             ((0, 0, 1, 1), (0, 2, 2, 1), (0, 2, 2, 1), (3, 3, 3, 3)),
             ((0, 0, 0, 0), (1, 1, 2, 2), (1, 1, 2, 2), (3, 3, 3, 3)))


def _answers(areas, givens) -> set[tuple[str, ...]]:
    """The Latin squares whose regions hold 1-4 once each and that keep the givens."""
    out = set()
    for rows in LATIN:
        regions: dict = {}
        for r in range(4):
            for c in range(4):
                regions.setdefault(areas[r][c], set()).add(rows[r][c])
        if all(len(v) == 4 for v in regions.values()) and all(
                rows[r][c] == str(v) for (r, c), v in givens.items()):
            out.add(rows)
    return out


def test_the_4x4_count():
    assert len(LATIN) == 576 and len(_answers(CLASSIC, {})) == 288


@pytest.mark.parametrize("seed", range(30))
def test_brute_force(seed):
    rng = random.Random(seed)
    areas = CLASSIC if seed % 3 else rng.choice(IRREGULAR)
    cells = [(r, c) for r in range(4) for c in range(4)]
    if seed % 5:  # givens read off one answer: at least one solution
        pick = rng.choice(sorted(_answers(areas, {})))
        givens = {x: int(pick[x[0]][x[1]]) for x in rng.sample(cells, rng.randint(2, 7))}
    else:
        givens = {x: rng.randint(1, 4) for x in rng.sample(cells, rng.randint(2, 5))}
    grid = tuple(tuple(givens.get((r, c)) for c in range(4)) for r in range(4))
    puzzle = Puzzle("sudoku", 4, 4, grid)
    if areas is not CLASSIC:
        puzzle = puzzle.with_params(areas=areas)
    res = count(puzzle, limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(areas, givens)


# -- input errors --------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "sudoku", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


EMPTY4 = [[None] * 4 for _ in range(4)]


@pytest.mark.parametrize("doc, message", [
    ({"rows": 4, "cols": 5, "grid": [[None] * 5] * 4}, "p.json:1:51: a Sudoku is square, not 4x5"),
    ({"rows": 4, "cols": 4, "grid": [[5, None, None, None]] + EMPTY4[1:]},
     "p.json:1:51: clue 5 at r1c1 is not a number 1-4"),
    ({"rows": 4, "cols": 4, "grid": [[0, None, None, None]] + EMPTY4[1:]},
     "p.json:1:51: clue 0 at r1c1 is not a number 1-4"),
    ({"rows": 4, "cols": 4, "grid": [[37, None, None, None]] + EMPTY4[1:]},
     "p.json:1:53: r1c1: clue 37 is out of range (0-36)"),
    ({"rows": 4, "cols": 4, "grid": [["x", None, None, None]] + EMPTY4[1:]},
     "p.json:1:53: r1c1: unknown token 'x' (expected '.' or a number)"),
    ({"rows": 4, "cols": 4, "grid": EMPTY4, "areas": ["aaab", "bbbb", "cccc", "dddd"]},
     "p.json:1:51: the areas of a 4x4 Sudoku must be 4 regions of 4 cells, got sizes [3, 4, 4, 5]"),
    ({"rows": 4, "cols": 4, "grid": EMPTY4, "areas": ["aaaa", "bbbb", "bbbb", "cccc"]},
     "p.json:1:51: the areas of a 4x4 Sudoku must be 4 regions of 4 cells, got sizes [4, 4, 8]"),
    ({"rows": 4, "cols": 4, "grid": EMPTY4, "areas": ["aaaa", "bbbc", "cccb", "dddd"]},
     "p.json:1:51: region 3 falls into pieces (r3c1 is cut off from the rest)"),
    ({"rows": 4, "cols": 4, "grid": EMPTY4, "areas": ["aaaa", "bbbb", "cccc"]},
     "p.json:1:51: 'areas' is not 4x4 like the grid"),
    ({"rows": 5, "cols": 5, "grid": [[None] * 5] * 5},
     "p.json:1:51: a 5x5 Sudoku has no standard boxes: give its 'areas'"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc) == message


@pytest.mark.parametrize("rows, message", [
    (("2!43", "4312", "3421", "1234"),
     "a.txt: unknown answer character '!' at r1c2 (expected a number 1-4 or .)"),
    (("2143", "4312", "3421"), "a.txt: answer has 3 rows, the puzzle has 4"),
])
def test_bad_answers(rows, message):
    with pytest.raises(InputError) as e:
        SUDOKU.parse_solution(_puzzle(GIVENS), rows, "a.txt")
    assert str(e.value) == message


# -- generation ------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [4, 6])
def test_generate(size):
    got = generate_one(GenerateOptions(genre="sudoku", rows=size, cols=size), 3, 0)
    assert got is not None and SUDOKU.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

"""Sudoku, classic and irregular (Janko "Sudoku Chaos"): the Janko puzzles' published
solutions, pzprjs's test script (URL and failcodes), a brute-force count on 4x4 boards,
input errors, generation."""
from __future__ import annotations

import json
import random

import pytest

from enumerators import latin_squares
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.encodings.kit.numbers import janko_numbers
from pencilproof.formats import parse_documents, parse_text, parse_url, to_text, to_url
from pencilproof.formats.pzprv3 import to_pzprv3
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


def _unique_with_published(doc) -> None:
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution


def test_janko_dot_is_an_empty_cell():
    """Sudoku 0037 (record 13) writes its empty cells '.', not '-' (once refused)."""
    doc = janko_doc("sudoku", 12)
    assert doc.puzzle.grid[0][:3] == (None, None, 6)
    _unique_with_published(doc)


@pytest.mark.parametrize("i, size, boxes", [(13, 6, (3, 2)), (14, 8, (4, 2))])
def test_janko_box_pattern(i, size, boxes):
    """patternx is a box's width, patterny its height (Sudoku 0377: 6x6, patternx 2,
    patterny 3: boxes 3 rows tall, 2 wide). Read as the standard 2x3 (2x4) boxes these
    pages had no solution; the published answer repeats a number in a standard box."""
    doc = janko_doc("sudoku", i)
    assert doc.puzzle.rows == size and doc.puzzle.param("boxes") == boxes
    _unique_with_published(doc)
    assert [v.code for v in SUDOKU.verify(doc.puzzle.with_params(boxes=None), doc.solution)][:1] \
        == ["bkDupNum"]


def test_janko_standard_pattern_is_no_parameter():
    """A pattern naming the standard boxes (16x16, patternx 4, patterny 4) adds nothing:
    the puzzle keeps its puzz.link URL."""
    assert all(janko_doc("sudoku", i).puzzle.params == () for i in range(12))
    text = janko_lines("sudoku")[13]["janko"].replace("patternx 2", "patternx 3").replace(
        "patterny 3", "patterny 2")
    (_, got), = parse_documents(json.dumps({"janko": text}), "j.json")
    assert got.puzzle.param("boxes") is None and to_url(got.puzzle).startswith("https://puzz.link/p?sudoku/6/6/")


# Found by the checker as a second answer of record 16 while the diagonals were not read.
NOT_DIAGONAL = ("326794158", "145238796", "987165324", "518947632", "462381579", "739652481",
                "694523817", "851479263", "273816945")


def test_janko_diagonals():
    """'puzzle sudoku, diagonals' (Sudoku 0785, record 16): both main diagonals also hold
    1-9 once each. Without that rule the page had other answers; one of them, a valid
    classic Sudoku answer, repeats a number on each diagonal."""
    doc = janko_doc("sudoku", 15)
    assert doc.puzzle.param("diagonals") is True
    _unique_with_published(doc)
    assert SUDOKU.verify(doc.puzzle.with_params(diagonals=None), Solution(NOT_DIAGONAL)) == []
    assert [(v.code, v.message) for v in SUDOKU.verify(doc.puzzle, Solution(NOT_DIAGONAL))] == [
        ("nmDupDiag", "a number repeats on a diagonal")] * 2


def test_janko_unknown_variant():
    text = janko_lines("sudoku")[15]["janko"].replace("sudoku, diagonals", "sudoku, windmill")
    (_, got), = parse_documents(json.dumps({"janko": text}), "j.json")
    assert isinstance(got, InputError) and "variant 'windmill'" in str(got)


def test_boxes_and_diagonals_in_text_and_json_not_in_urls():
    """Text and JSON carry 'boxes' and 'diagonals'; puzz.link's Sudoku (URL and pzprv3)
    has neither, so writing one there is an error, not a puzzle with other rules."""
    doc = janko_doc("sudoku", 15)
    text = to_text(doc.puzzle)
    assert text.rstrip().endswith("diagonals: true") and parse_text(text, "t.txt") == doc.puzzle
    six = janko_doc("sudoku", 13).puzzle
    assert parse_text(to_text(six), "t.txt") == six
    for write, what in ((to_url, "puz" "z.link URL"), (to_pzprv3, "pzprv3 format")):
        for puzzle, key in ((doc.puzzle, "diagonals"), (six, "boxes")):
            with pytest.raises(InputError) as e:
                write(puzzle)
            assert str(e.value) == f"a sudoku puzzle with '{key}' has no {what}"


def test_janko_letters():
    """Sudoku Chaos 081 writes its givens a-f and its answer A-F for 1-6; Chaos 201 writes
    letters in the problem and numbers in the answer (a = 1 there too)."""
    doc = janko_doc("sudoku_irregular", 12)
    assert doc.puzzle.grid[0] == (None, None, 4, None, None, 2)
    assert doc.solution.rows[0] == "514362"
    _unique_with_published(doc)
    doc = janko_doc("sudoku_irregular", 13)
    assert all(isinstance(v, int) for v in doc.puzzle.clues().values())
    _unique_with_published(doc)


def _tokens(*rows: str) -> list[list[tuple[str, str]]]:
    return [[(t, f"x:{r + 1}:{c + 1}") for c, t in enumerate(row.split())] for r, row in enumerate(rows)]


def test_janko_numbers():
    """Letters are 1, 2, ... in a size up to 9 or a section without numbers; beside
    numbers in a larger grid they are the digits beyond 9 (A = 10)."""
    assert janko_numbers(_tokens("a - B", ". C 9"), 9, "problem") == [[1, None, 2], [None, 3, 9]]
    assert janko_numbers(_tokens("a - b", "p . g"), 16, "problem") == [[1, None, 2], [16, None, 7]]
    assert janko_numbers(_tokens("a 12 B", "1 G ."), 16, "solution") == [[10, 12, 11], [1, 16, None]]
    with pytest.raises(InputError) as e:
        janko_numbers(_tokens("1 -", "? 2"), 2, "solution")
    assert str(e.value) == "x:2:1: r2c1: unknown solution token '?' (expected a number, a letter, '-' or '.')"


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
    ({"rows": 4, "cols": 4, "grid": EMPTY4, "boxes": [1, 2]},
     "p.json:1:51: boxes of 1x2 do not tile a 4x4 grid"),
    ({"rows": 4, "cols": 4, "grid": EMPTY4, "boxes": "2 by 2"},
     "p.json:1:166: boxes: 'boxes' must be [height, width] of a box (or 'HxW'), numbers from 1"),
    ({"rows": 4, "cols": 4, "grid": EMPTY4, "diagonals": 1},
     "p.json:1:170: diagonals: 'diagonals' must be true or false"),
    ({"rows": 4, "cols": 4, "grid": EMPTY4, "boxes": [4, 1], "areas": ["aabb"] * 4},
     "p.json:1:51: a Sudoku has 'areas' or 'boxes', not both"),
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

"""Mathrax (janko.at Mathrax) on the kit: the published pages (with and without a problem
section, ``x``, ``E``/``O``, ``0-``, ``1/``), the rules' codes, counts against an
independent enumerator on 3x3 and 4x4 Latin squares, bad input, drawing, generation.
puzz.link has no Mathrax (no script to replay)."""
from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest

from enumerators import latin_squares
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.janko import parse_janko
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.output.scene import picture
from pencilproof.output.svg import to_svg
from pencilproof.output.unicode import render_grid
from pencilproof.puzzle import Puzzle

GENRE = get_genre("mathrax")


def read(doc: dict):
    (_, got), = parse_documents(json.dumps(doc), "m.json")
    return got


def board(n: int, nodes, grid=None) -> Puzzle:
    p = Puzzle("mathrax", n, n, tuple(map(tuple, grid or [[None] * n] * n)))
    return p.with_params(nodes=tuple(map(tuple, nodes)))


# -- 1. published puzzles -------------------------------------------------------------------
def test_janko_reading():
    """Mathrax 001 (5x5): a given 1 at r2c4, circles 4+ at the corner of r1c1/r2c2 and
    3- twice; 181 has no problem section (no givens); 197 writes 0-, 1/, 8x and O."""
    doc = janko_doc("mathrax", 0)
    assert doc.puzzle.grid[1][3] == 1 and len(doc.puzzle.clues()) == 1
    assert doc.puzzle.param("nodes")[0] == ("4+", None, None, None)
    assert GENRE.nodes(doc.puzzle) == {(0, 0): "4+", (1, 2): "3-", (2, 1): "3-"}
    assert doc.solution.rows[0] == "12345"
    assert parse_text(to_text(doc.puzzle), "t") == doc.puzzle
    bare = janko_doc("mathrax", 8)
    assert not bare.puzzle.clues() and GENRE.nodes(bare.puzzle)[(1, 0)] == "2-"
    odd = janko_doc("mathrax", 10)
    assert GENRE.nodes(odd.puzzle)[(0, 2)] == "0-" and GENRE.nodes(odd.puzzle)[(2, 4)] == "8*"
    assert GENRE.nodes(odd.puzzle)[(2, 6)] == "o" and GENRE.nodes(odd.puzzle)[(3, 5)] == "1/"
    svg = to_svg(picture(doc.puzzle, doc.solution))
    assert ">4+</text>" in svg and svg.count(">3-</text>") == 2 and 'class="corner"' in svg
    assert render_grid(doc.puzzle)[-1] == "on the grid points: r1c1/r2c2 4+, r2c3/r3c4 3-, r3c2/r4c3 3-"


@pytest.mark.parametrize("i", range(len(janko_lines("mathrax"))))
def test_published_pages_are_unique(i):
    doc = janko_doc("mathrax", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows
    assert GENRE.verify(doc.puzzle, doc.solution) == []


# -- 2. the rules' codes ----------------------------------------------------------------------
SQUARE = ("123", "231", "312")  # diagonals of circle (0, 0): 1, 3 and 2, 2


@pytest.mark.parametrize("clue, ok", [
    ("4+", True), ("5+", False), ("3*", False), ("4*", False), ("0-", False), ("2-", False),
    ("e", False), ("o", False),
])
def test_a_circle_on_a_square(clue, ok):
    got = GENRE.verify(board(3, [[clue, None], [None, None]]), KitAnswer(SQUARE))
    code = "ciParityNe" if clue in "eo" else "ciCalcNe"
    assert [v.code for v in got] == ([] if ok else [code] * (1 if clue in "eo" else len(got)))
    assert ok or got


def test_codes():
    # circle (1, 1) of SQUARE: 3, 2 and 1, 1: 1- fits the first diagonal only
    got = GENRE.verify(board(3, [[None, None], [None, "1-"]]), KitAnswer(SQUARE))
    assert [(v.code, v.cells) for v in got] == [("ciCalcNe", ((1, 2), (2, 1)))]
    assert got[0].message == "a diagonal of the circle at r2c2/r3c3 does not make 1-"
    got = GENRE.verify(board(3, [["o", None], [None, None]]), KitAnswer(SQUARE))
    assert got[0].message == "the circle at r1c1/r2c2 has 2 even numbers"
    swapped = KitAnswer(("213", "231", "312"))
    assert {v.code for v in GENRE.verify(board(3, [[None] * 2] * 2), swapped)} == {"nmDupRow"}
    given = board(3, [[None] * 2] * 2, [[None, 3, None], [None] * 3, [None] * 3])
    assert [v.code for v in GENRE.verify(given, KitAnswer(SQUARE))] == ["nmGiven"]
    assert [v.code for v in GENRE.verify(given, KitAnswer(("132", "21.", "3.1")))].count("ceNoNum") == 2


def test_a_changed_cell_is_named():
    doc = janko_doc("mathrax", 0)
    rows = list(doc.solution.rows)
    rows[0] = "21" + rows[0][2:]  # r1c1 2, r1c2 1: the 4+ circle's diagonal 2 + 3
    codes = {v.code for v in GENRE.verify(doc.puzzle, KitAnswer(tuple(rows)))}
    assert codes == {"ciCalcNe", "nmDupRow"}


# -- 3. brute force ---------------------------------------------------------------------------
@lru_cache(maxsize=None)
def squares(n: int):
    return latin_squares(n)


def holds(sq, i: int, j: int, clue: str) -> bool:
    """Independent reading of one circle: both diagonal pairs make the result."""
    quad = (sq[i][j], sq[i + 1][j + 1], sq[i][j + 1], sq[i + 1][j])
    if clue == "e":
        return all(x % 2 == 0 for x in quad)
    if clue == "o":
        return all(x % 2 == 1 for x in quad)
    op, k = clue[-1], int(clue[:-1])
    calc = {"+": lambda a, b: a + b, "*": lambda a, b: a * b, "-": lambda a, b: abs(a - b),
            "/": lambda a, b: max(a, b) / min(a, b)}[op]
    return calc(quad[0], quad[1]) == k and calc(quad[2], quad[3]) == k


@pytest.mark.parametrize("seed", range(14))
def test_brute_force(seed):
    rng = random.Random(seed)
    n = 3 if seed < 6 else 4
    truth = rng.choice(squares(n))
    nodes = [[None] * (n - 1) for _ in range(n - 1)]
    for i in range(n - 1):
        for j in range(n - 1):
            if rng.random() < 0.45:
                clue = rng.choice(["e", "o"] + [f"{rng.randint(0, 8)}{op}" for op in "+-*/"])
                if rng.random() < 0.7:  # mostly circles the answer keeps
                    good = [c for c in ["e", "o", *(f"{k}{op}" for op in "+-*/" for k in range(17))]
                            if holds(truth, i, j, c)]
                    clue = rng.choice(good) if good else clue
                nodes[i][j] = clue
    grid = [[truth[r][c] if rng.random() < 0.1 else None for c in range(n)] for r in range(n)]
    p = board(n, nodes, grid)
    want = {tuple("".join(map(str, row)) for row in sq) for sq in squares(n)
            if all(sq[r][c] == v for r, row in enumerate(grid) for c, v in enumerate(row) if v)
            and all(holds(sq, i, j, t) for i, row in enumerate(nodes) for j, t in enumerate(row) if t)}
    res = count(p, limit=len(want) + 1)
    assert res.complete and {s.rows for s in res.solutions} == want


# -- 4. bad input ----------------------------------------------------------------------------
@pytest.mark.parametrize("doc, message", [
    ({"nodes": [["3?", None], [None, None]]},
     "nodes: row 1: unknown circle '3?' (expected a result and one of + - * /, e, o or -)"),
    ({"nodes": [[None, None]]}, "'nodes' is not 2x2 (the inner corners of 3x3 cells)"),
    ({"grid": [[4, None, None], [None] * 3, [None] * 3]}, "given 4 at r1c1 is not a number 1-3"),
    ({"cols": 4, "grid": [[None] * 4] * 3}, "a Mathrax is square, not 3x4"),
    ({"nodes": "4+"}, "nodes: 'nodes' must be rows of circles (such as \"7+\", \"2/\", \"e\" or null)"),
])
def test_bad_puzzles(doc, message):
    base = {"genre": "mathrax", "rows": 3, "cols": 3, "grid": [[None] * 3] * 3}
    got = read({**base, **doc})
    assert isinstance(got, InputError) and str(got).split(": ", 1)[1] == message


def test_janko_bad_tokens():
    block = janko_lines("mathrax")[0]["janko"]
    with pytest.raises(InputError) as e:
        parse_janko(block.replace("- - 3- -", "- - 3? -"), "x.txt")
    assert str(e.value) == ("x.txt:18:5: unknown circle '3?' (expected a result and one of "
                            "+ - * /, e, o or -)")
    with pytest.raises(InputError) as e:
        parse_janko(block.replace("- - 3- -", "- - 3-"), "x.txt")
    assert str(e.value) == "x.txt:18:1: nodes row 2 has 3 tokens, expected 4"


# -- 5. generation ---------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="mathrax", rows=5, cols=5), 4, 0)
    again = generate_one(GenerateOptions(genre="mathrax", rows=5, cols=5), 4, 0)
    assert got is not None and again is not None and got.puzzle == again.puzzle
    assert GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows
    assert GENRE.nodes(got.puzzle)  # circles are offered, and some stay

"""Nanbaboru (janko.at Nanbaboru) on the kit: the published pages (circles written ``o`` and
``0``, crosses, givens; depth 3-5 on 5x5 to 9x9), the rules' codes, counts against an
independent enumerator on small boards, bad input, drawing, generation. puzz.link has no
Nanbaboru (no script to replay)."""
from __future__ import annotations

import json
import random

import pytest

from enumerators import number_ball_fillings
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

GENRE = get_genre("nanbaboru")


def read(doc: dict):
    (_, got), = parse_documents(json.dumps(doc), "n.json")
    return got


def board(grid, n: int) -> Puzzle:
    return Puzzle("nanbaboru", len(grid), len(grid[0]), tuple(map(tuple, grid))).with_params(max=n)


def codes(p: Puzzle, rows) -> list[str]:
    return [v.code for v in GENRE.verify(p, KitAnswer(tuple(rows)))]


# -- 1. published puzzles -------------------------------------------------------------------
def test_janko_reading():
    """Nanbaboru 001 (5x5, depth 3): circles written 'o', givens 1 at r2c4 and 2 at r4c5;
    002 writes its circles '0' and has a cross at r3c4; 129 is 9x9 with depth 5."""
    doc = janko_doc("nanbaboru", 0)
    p = doc.puzzle
    assert p.param("max") == 3 and p.grid[1] == ("o", "o", None, 1, None)
    assert p.grid[4] == (1, "o", None, None, "o")
    assert doc.solution.rows == ("..231", "23.1.", "3.12.", ".13.2", "12..3")
    q = janko_doc("nanbaboru", 1).puzzle
    assert q.grid[0] == (1, None, "o", None, None) and q.grid[2][3] == "x"
    assert parse_text(to_text(q), "t") == q
    big = janko_doc("nanbaboru", 8)
    assert (big.puzzle.rows, big.puzzle.param("max")) == (9, 5)


@pytest.mark.parametrize("i", range(len(janko_lines("nanbaboru"))))
def test_published_pages_are_unique(i):
    doc = janko_doc("nanbaboru", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows
    assert GENRE.verify(doc.puzzle, doc.solution) == []


# -- 2. the rules' codes ----------------------------------------------------------------------
EMPTY3 = [[None] * 3 for _ in range(3)]
ANSWER = ("12.", ".12", "2.1")  # 1-2 once in each row and column of a 3x3


def test_codes():
    assert codes(board(EMPTY3, 2), ANSWER) == []
    got = GENRE.verify(board(EMPTY3, 2), KitAnswer(("12.", ".12", "1.2")))
    assert [(v.code, v.message) for v in got] == [
        ("nmDupRow", "a number repeats in column 1"), ("nmDupRow", "a number repeats in column 3"),
        ("nmMissRow", "column 1 has no 2"), ("nmMissRow", "column 3 has no 1")]
    assert codes(board(EMPTY3, 2), ("12.", ".1.", "2.1")) == ["nmMissRow", "nmMissRow"]
    circle = [["o", None, None], [None] * 3, [None] * 3]
    assert codes(board(circle, 2), ANSWER) == []
    assert codes(board([[None, None, "o"], [None] * 3, [None] * 3], 2), ANSWER) == ["ceNoNum"]
    cross = [[None, "x", None], [None] * 3, [None] * 3]
    got = GENRE.verify(board(cross, 2), KitAnswer(ANSWER))
    assert [(v.code, v.cells, v.message) for v in got] == [("nmOnCross", ((0, 1),), "a cross holds a number")]
    given = [[None, 1, None], [None] * 3, [None] * 3]
    assert codes(board(given, 2), ANSWER) == ["nmGiven"]


def test_a_changed_answer_is_rejected():
    doc = janko_doc("nanbaboru", 0)
    rows = list(doc.solution.rows)
    rows[1] = ".321."  # r2c1 (a circle) emptied, its 2 moved to r2c3
    assert set(codes(doc.puzzle, rows)) == {"ceNoNum", "nmDupRow", "nmMissRow"}
    rows = list(doc.solution.rows)
    rows[1] = "23.2."  # the given 1 at r2c4 changed
    assert "nmGiven" in codes(doc.puzzle, rows)


# -- 3. brute force ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_brute_force(seed):
    rng = random.Random(seed)
    size, n = [(3, 2), (4, 2), (4, 3), (4, 4)][seed % 4]
    truth = rng.choice(number_ball_fillings([[None] * size for _ in range(size)], n))
    grid = []
    for r in range(size):
        row = []
        for c in range(size):
            x, roll = truth[r][c], rng.random()
            if roll < 0.12:
                row.append(x or "x")
            elif roll < 0.3:
                row.append("o" if x else "x")
            elif roll < 0.34:  # a clue the answer breaks: fewer or no answers
                row.append("x" if x else "o")
            else:
                row.append(None)
        grid.append(row)
    want = {tuple("".join(str(x) if x else "." for x in row) for row in g)
            for g in number_ball_fillings(grid, n)}
    res = count(board(grid, n), limit=len(want) + 1)
    assert res.complete and {s.rows for s in res.solutions} == want


# -- 4. bad input ----------------------------------------------------------------------------
@pytest.mark.parametrize("doc, message", [
    ({"grid": [[4, None, None], [None] * 3, [None] * 3]}, "given 4 at r1c1 is not a number 1-2"),
    ({"grid": [["y", None, None], [None] * 3, [None] * 3]},
     "r1c1: unknown token 'y' (expected '.', 'o', 'x' or a number)"),
    ({"grid": [[0, None, None], [None] * 3, [None] * 3]}, "r1c1: clue 0 is out of range (1-35)"),
    ({"max": 4}, "numbers 1-4 do not fit in a 3x3 grid"),
    ({"max": 0}, "max: 'max' must be the largest number, 1-35, not 0"),
    ({"max": True}, "max: 'max' must be the largest number, got True"),
])
def test_bad_puzzles(doc, message):
    base = {"genre": "nanbaboru", "rows": 3, "cols": 3, "max": 2, "grid": [[None] * 3] * 3}
    got = read({**base, **doc})
    assert isinstance(got, InputError) and str(got).split(": ", 1)[1] == message


def test_janko_bad_tokens():
    block = janko_lines("nanbaboru")[0]["janko"]
    with pytest.raises(InputError) as e:
        parse_janko(block.replace("o o - 1 -", "o q - 1 -"), "x.txt")
    assert str(e.value) == ("x.txt:11:3: r2c2: unknown problem token 'q' (expected a number or "
                            "'-', '.', '0', 'o', 'x')")
    with pytest.raises(InputError) as e:
        parse_janko(block.replace("depth 3", "depth three"), "x.txt")
    assert str(e.value) == "x.txt:1:1: 'depth' must be the largest number, not 'three'"
    with pytest.raises(InputError) as e:
        parse_janko(block.replace("2 3 - 1 -", "2 3 - 1 y"), "x.txt")
    assert str(e.value) == ("x.txt:17:9: r2c5: unknown solution token 'y' (expected '-' or a "
                            "number)")


# -- 5. drawing and generation ---------------------------------------------------------------
def test_drawing():
    doc = janko_doc("nanbaboru", 1)
    svg = to_svg(picture(doc.puzzle, doc.solution))
    assert "#dce6f5" in svg and ">x</text>" in svg  # circles tinted, the cross written
    drawn = render_grid(doc.puzzle, doc.solution)  # a circle shows its answer's number
    assert drawn[0].split() == ["1", "·", "2", "3", "·"] and drawn[2].split() == ["2", "3", "·", "x", "1"]


def test_generate():
    got = generate_one(GenerateOptions(genre="nanbaboru", rows=5, cols=5), 4, 0)
    again = generate_one(GenerateOptions(genre="nanbaboru", rows=5, cols=5), 4, 0)
    assert got is not None and again is not None and got.puzzle == again.puzzle
    assert got.puzzle.param("max") == 3
    assert GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

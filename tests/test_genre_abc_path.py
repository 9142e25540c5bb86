"""Abc Path (janko.at Abc-Pfad) on the kit: the Janko pages (a ring of numbers around the
grid, its corners the diagonals'), the rules' codes, counts against an independent
enumerator of king's paths on small boards, the corner numbers drawn and switched, bad
input, generation. (puzz.link has no Abc Path.)"""
from __future__ import annotations

import json
import random

import pytest

from enumerators import king_paths
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.encodings.kit.number_path import wide_char, wide_number
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.output import picture
from pencilproof.output.svg import to_svg
from pencilproof.output.unicode import render_grid
from pencilproof.puzzle import Puzzle

GENRE = get_genre("abc_path")
RECORDS = janko_lines("abc_path")


def board(n: int, m: int, givens: dict, **labels) -> Puzzle:
    p = Puzzle("abc_path", n, m, tuple(tuple(givens.get((r, c)) for c in range(m)) for r in range(n)))
    return p.with_params(**{k: tuple(v) for k, v in labels.items()})


def numbers(answer) -> list[list[int]]:
    return [[wide_number(ch) for ch in row] for row in answer.rows]


def rows_of(grid) -> tuple[str, ...]:
    return tuple("".join(wide_char(v) for v in row) for row in grid)


# -- published pages ------------------------------------------------------------------------
def test_janko_reading():
    """Abc-Pfad 001: the ring '3 15 18 4 6 2 21' on top (3 and 21 the corners), the 1 at
    r4c5, the solution's first row 15 14 12 11 10."""
    doc = janko_doc("abc_path", 0)
    p = doc.puzzle
    assert p.clues() == {(3, 4): 1}
    assert p.param("top") == (15, 18, 4, 6, 2) and p.param("bottom") == (16, 13, 23, 11, 25)
    assert p.param("left") == (14, 7, 17, 22, 20) and p.param("right") == (12, 9, 8, 19, 24)
    assert p.param("corners") == (3, 21, 10, 5)
    assert numbers(doc.solution)[0] == [15, 14, 12, 11, 10]
    assert parse_text(to_text(p), "t") == p


@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_pages_are_unique_with_the_published_answer(i):
    doc = janko_doc("abc_path", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution


def test_the_diagonals_count():
    """Without its corner numbers Abc-Pfad 001 is still unique, but a corner number is a rule:
    the published answer breaks a corner number that is not on its diagonal (3 is at r4c4 of
    the main diagonal; the other diagonal holds 10 2 5 22 21)."""
    doc = janko_doc("abc_path", 0)
    wrong = doc.puzzle.with_params(corners=(3, 2, 10, 5))
    got = GENRE.verify(wrong, doc.solution)
    assert [(v.code, v.message) for v in got] == [
        ("nmOutLine", "2 is not in the top-right diagonal")]
    assert GENRE.verify(doc.puzzle.with_params(corners=(10, 21, 3, 5)), doc.solution)


def test_a_changed_answer_is_rejected():
    """Abc-Pfad 001 with 14 and 15 swapped (r1c1, r1c2): the path still runs (r2c2 13,
    r1c1 14, r1c2 15, r2c1 16), but 15, beside column 1, has left it."""
    doc = janko_doc("abc_path", 0)
    rows = [list(row) for row in doc.solution.rows]
    rows[0][0], rows[0][1] = rows[0][1], rows[0][0]
    got = GENRE.verify(doc.puzzle, KitAnswer(tuple(map("".join, rows))))
    assert ("nmOutLine", "15 is not in column 1 (top)") in [(v.code, v.message) for v in got]


def test_codes():
    p = board(2, 3, {(0, 0): 1}, top=(None, 3, None))
    assert GENRE.verify(p, KitAnswer(rows_of([[1, 3, 4], [2, 6, 5]]))) == []
    got = GENRE.verify(p, KitAnswer(rows_of([[1, 2, 3], [6, 5, 4]])))
    assert [(v.code, v.message, v.cells) for v in got] == [
        ("nmOutLine", "3 is not in column 2 (top)", ((0, 1), (1, 1)))]
    got = GENRE.verify(p.with_params(top=None), KitAnswer(rows_of([[1, 2, 4], [3, 6, 5]])))
    assert [(v.code, v.message, v.cells) for v in got] == [
        ("nmNoNext", "4 does not touch 3", ((0, 2), (1, 0)))]
    got = GENRE.verify(p, KitAnswer(("13.", "265")))
    assert [(v.code, v.message) for v in got] == [("ceNoNum", "a cell has no number 1-6")]
    assert GENRE.verify(p, KitAnswer(rows_of([[1, 3, 5], [2, 6, 4]]))) == []  # corners touch
    got = GENRE.verify(p, KitAnswer(rows_of([[2, 3, 4], [1, 6, 6]])))
    assert [v.code for v in got] == ["nmDupNum", "nmGiven"]


# -- brute force ----------------------------------------------------------------------------
def _answers(n: int, m: int, givens: dict, labels: dict, corners: tuple) -> set:
    lines = {("top", i): [(r, i) for r in range(n)] for i in range(m)}
    lines.update({("bottom", i): lines[("top", i)] for i in range(m)})
    lines.update({(s, i): [(i, c) for c in range(m)] for s in ("left", "right") for i in range(n)})
    diag = [[(i, i) for i in range(n)], [(i, n - 1 - i) for i in range(n)]]
    out = set()
    for grid in king_paths(n, m):
        if any(grid[r][c] != v for (r, c), v in givens.items()):
            continue
        if any(v is not None and v not in [grid[r][c] for r, c in lines[k]] for k, v in labels.items()):
            continue
        if any(v is not None and v not in [grid[r][c] for r, c in diag[k in (1, 2)]]
               for k, v in enumerate(corners)):
            continue
        out.add(rows_of(grid))
    return out


@pytest.mark.parametrize("seed", range(20))
def test_brute_force(seed):
    """Numbers outside read off a random path (every fifth seed: one moved to another line),
    corners on square boards, a given now and then."""
    rng = random.Random(seed)
    n, m = rng.choice([(3, 3), (3, 3), (2, 3), (2, 4), (3, 2)])
    path = rng.choice(king_paths(n, m))
    labels = {}
    for side, k in (("top", m), ("bottom", m), ("left", n), ("right", n)):
        for i in range(k):
            if rng.random() < 0.3:
                line = [path[r][i] for r in range(n)] if side in ("top", "bottom") else list(path[i])
                labels[(side, i)] = rng.choice(line)
    if seed % 5 == 0:
        labels[("top", 0)] = rng.randint(1, n * m)
    corners = (None,) * 4
    if n == m:
        corners = tuple(rng.choice([None, None, rng.choice([path[i][i] if k in (0, 3) else path[i][n - 1 - i]
                                                            for i in range(n)])]) for k in range(4))
    givens = {(r, c): path[r][c] for r, c in [(rng.randrange(n), rng.randrange(m))] if seed % 3 == 0}
    p = GENRE.with_labels(board(n, m, givens), labels)
    p = p.with_params(corners=corners if any(x is not None for x in corners) else None)
    res = count(p, limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(n, m, givens, labels, corners)


def test_a_small_count():
    """A 2x2 with 1 beside the top-left corner: 1 on the main diagonal (2 cells), then every
    order of the other three (each touches each): 2 x 6 answers."""
    got = count(board(2, 2, {}, corners=(1, None, None, None)), limit=None)
    assert got.count == 12 == len(_answers(2, 2, {}, {}, (1, None, None, None)))


# -- drawing --------------------------------------------------------------------------------
def test_the_corner_numbers_are_drawn():
    doc = janko_doc("abc_path", 0)
    lines = render_grid(doc.puzzle, doc.solution, ascii=True)
    assert lines[0].split() == ["3", "15", "18", "4", "6", "2", "21"]
    assert lines[-1].split() == ["10", "16", "13", "23", "11", "25", "5"]
    assert lines[1].split() == ["14", "15", "14", "12", "11", "10", "12"]
    svg = to_svg(picture(doc.puzzle, doc.solution))
    for text in (">3<", ">21<", ">10<", ">5<"):
        assert text in svg


# -- bad input ------------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "abc_path", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("doc, message", [
    ({"grid": [[5, None], [None, None]]}, "5 at r1c1 is not a number 1-4"),
    ({"grid": [[2, None], [None, 2]]}, "2 at r2c2 is given twice (and at r1c1)"),
    ({"top": [7, None]}, "7 beside column 1 (top) is not a number 1-4"),
    ({"corners": [1, 2]}, "'corners' must be 4 labels or nulls (top-left, top-right, "
                          "bottom-left, bottom-right)"),
    ({"left": ["x", None]}, "'x' (expected a number or null)"),
])
def test_bad_puzzles(doc, message):
    doc = {"rows": 2, "cols": 2, "grid": [[None, None], [None, None]], **doc}
    assert _error(doc).endswith(message)


def test_corners_need_a_square():
    doc = {"rows": 2, "cols": 3, "grid": [[None] * 3] * 2, "corners": [1, None, None, None]}
    assert _error(doc).endswith("labels at the corners need a square grid, not 2x3")


def test_bad_janko_ring():
    block = RECORDS[0]["janko"].replace("3 15 18 4 6 2 21\n", "3 15 18 4 6 2\n")
    (_, got), = parse_documents(json.dumps({"janko": block}), "l.json")
    assert isinstance(got, InputError)
    assert str(got).endswith("an abcpath problem is 7 lines of 7 tokens (the labels around the "
                             "5x5 grid)")


# -- generation -----------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="abc_path", rows=4, cols=4), 3, 0)
    again = generate_one(GenerateOptions(genre="abc_path", rows=4, cols=4), 3, 0)
    assert got is not None and again is not None and got.puzzle == again.puzzle
    assert GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == got.solution


def test_generate_edges_only():
    """``--edges only``: the numbers outside (corners included) and at most the 1 inside."""
    opts = GenerateOptions(genre="abc_path", rows=4, cols=4, extra=(("edges", "only"),))
    got = generate_one(opts, 1, 0)
    assert got is not None and set(got.puzzle.clues().values()) <= {1}
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == got.solution


def test_corner_numbers_are_switchable_clues():
    hooks = GENRE.generator
    doc = janko_doc("abc_path", 0)
    blank, clues = hooks.split_givens(doc.puzzle)
    assert blank.param("corners") is None and len(clues) == 25
    assert clues[(0, 0, "top-left")] == 3 and clues[(4, 4, "bottom-right")] == 5
    assert hooks.clue_place((0, 4, "top-right")) == "the top-right corner"
    assert hooks.with_clues(blank, clues) == doc.puzzle

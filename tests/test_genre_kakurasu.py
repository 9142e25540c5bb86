"""Kakurasu on the kit: the Janko puzzles (sums in clabels/rlabels, shaded cells read
off the solution), counts against an independent enumerator on small boards, the sum
automaton, failcodes, bad input, generation. (puzz.link has no Kakurasu.)"""
from __future__ import annotations

import itertools
import json
import random

import pytest

from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.encodings.kit.lines_of_cells import sum_automaton
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.output.scene import picture
from pencilproof.output.unicode import render_grid
from pencilproof.puzzle import Puzzle

GENRE = get_genre("kakurasu")


def board(right, bottom) -> Puzzle:
    rows, cols = len(right), len(bottom)
    p = Puzzle("kakurasu", rows, cols, tuple((None,) * cols for _ in range(rows)))
    return p.with_params(right=tuple(right) if any(x is not None for x in right) else None,
                         bottom=tuple(bottom) if any(x is not None for x in bottom) else None)


def codes(p: Puzzle, rows) -> list[str]:
    return [v.code for v in GENRE.verify(p, KitAnswer(tuple(rows)))]


# -- 1. published puzzles -------------------------------------------------------------------
def test_janko_reading():
    """Kakurasu 001: clabels 5 6 1 2 are the column sums, rlabels 3 7 1 2 the row sums;
    009 has rows without a sum ('-')."""
    doc = janko_doc("kakurasu", 0)
    assert doc.puzzle.param("bottom") == (5, 6, 1, 2) and doc.puzzle.param("right") == (3, 7, 1, 2)
    assert doc.solution.rows == ("..#.", "##.#", "#...", ".#..")
    assert janko_doc("kakurasu", 8).puzzle.param("right") == (None, 5, None, 9, 7)
    assert parse_text(to_text(doc.puzzle), "t") == doc.puzzle


def test_failcode_names_the_line():
    p = board([3, None], [None, 2])
    got = GENRE.verify(p, KitAnswer(("#.", "..")))
    assert [(v.code, v.message, v.cells) for v in got] == [
        ("exSumNe", "the shaded cells of row 1 do not add up to 3", ((0, 0), (0, 1))),
        ("exSumNe", "the shaded cells of column 2 do not add up to 2", ((0, 1), (1, 1)))]


def test_drawn_with_its_sums():
    """The sums beside the grid: right of each row, below each column (terminal, picture)."""
    doc = janko_doc("kakurasu", 0)
    assert render_grid(doc.puzzle, doc.solution, ascii=True) == [
        " . .## . 3", "#### .## 7", "## . . . 1", " .## . . 2", " 5 6 1 2"]
    clues = [s.text for s in picture(doc.puzzle).shapes if getattr(s, "cls", "") == "clue"]
    assert sorted(clues) == ["1", "1", "2", "2", "3", "5", "6", "7"]


# -- 3. brute force ---------------------------------------------------------------------------------
def _answers(right, bottom) -> set[tuple[str, ...]]:
    """Every shading whose summed lines add up: rows fitting their sum, then columns."""
    cols = len(bottom)
    choices = [[bits for bits in itertools.product((0, 1), repeat=cols)
                if s is None or sum(c + 1 for c, b in enumerate(bits) if b) == s] for s in right]
    out = set()
    for grid in itertools.product(*choices):
        if all(s is None or sum(r + 1 for r, row in enumerate(grid) if row[c]) == s
               for c, s in enumerate(bottom)):
            out.add(tuple("".join("#" if b else "." for b in row) for row in grid))
    return out


@pytest.mark.parametrize("seed", range(25))
def test_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice(((3, 4), (4, 4), (4, 3), (4, 5)))
    img = [[rng.random() < 0.5 for _ in range(cols)] for _ in range(rows)]
    right = [sum(c + 1 for c in range(cols) if img[r][c]) if rng.random() < 0.8 else None
             for r in range(rows)]
    bottom = [sum(r + 1 for r in range(rows) if img[r][c]) if rng.random() < 0.6 else None
              for c in range(cols)]
    if seed % 5 == 0:  # a sum of no shading: maybe no solution at all
        right[0] = rng.randint(0, cols * (cols + 1) // 2)
    p = board(right, bottom)
    res = count(p, limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(right, bottom)


def test_sum_automaton():
    weights = [1, 2, 3, 4]
    for bits in itertools.product((False, True), repeat=4):
        total = sum(w for w, b in zip(weights, bits) if b)
        assert all(sum_automaton(weights, t).accepts(bits) == (t == total) for t in range(11))


# -- 4. bad input ----------------------------------------------------------------------------------
def _error(doc: dict) -> str:
    base = {"genre": "kakurasu", "rows": 2, "cols": 2, "grid": [[None, None], [None, None]]}
    (_, got), = parse_documents(json.dumps({**base, **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("doc, message", [
    ({"right": [1, "x"]}, "p.json:1:92: right[1]: unknown token 'x' (expected a sum or '-')"),
    ({"right": [1, -1]}, "p.json:1:92: right[1]: a sum is at least 0, got -1"),
    ({"right": [1, 4]}, "p.json:1:53: the sum 4 of row 2 is more than 1+...+2 = 3"),
    ({"bottom": [1]}, "p.json:1:53: 'bottom' has 1 labels, the puzzle has 2 columns"),
    ({"grid": [["#", None], [None, None]]},
     "p.json:1:55: r1c1: a Kakurasu has no givens in its cells, got '#' (its sums are 'right' and "
     "'bottom')"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc) == message


def test_janko_block_needs_both_label_lines():
    """Without a solution to read them off, both label lines are needed."""
    text = "begin\npuzzle kakurasu\nsize 2\nclabels\n1 2\nproblem\n- -\n- -\nend\n"
    (_, got), = parse_documents(text, "k.txt")
    assert str(got) == "k.txt:1:1: 'rlabels' must be one line of 2 sums"


def test_janko_sums_left_out_are_the_solutions():
    """Kakurasu 069 publishes no rlabels/clabels (it was refused): janko.at shows the sums of
    its solution. Read without them, the empty grid was an answer too; the sums reject it."""
    doc = janko_doc("kakurasu", 12)
    rows = doc.solution.rows
    assert rows[0] == "..####." and doc.puzzle.param("right")[0] == 3 + 4 + 5 + 6
    assert doc.puzzle.param("bottom")[0] == 3 + 5 + 6 + 7
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == rows
    empty = KitAnswer(tuple("." * 7 for _ in range(7)))
    assert {v.code for v in GENRE.verify(doc.puzzle, empty)} == {"exSumNe"}


def test_the_kakurasu_3_page_is_a_kakurasu():
    """Kakurasu 509's puzzle line is 'kakurasu 3' (it was refused as an unknown genre): read
    as Kakurasu, unique with its published solution; another variant word is refused."""
    doc = janko_doc("kakurasu", 13)
    assert doc.puzzle.genre == "kakurasu" and doc.puzzle.param("right")[:3] == (8, 10, 4)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows
    block = janko_lines("kakurasu")[13]["janko"].replace("kakurasu 3", "kakurasu 4")
    (_, got), = parse_documents(json.dumps({"janko": block}), "k.json")
    assert isinstance(got, InputError)
    assert "kakurasu: the janko.at variant '4' is not read here (variants read: 3)" in str(got)


# -- generation ---------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="kakurasu", rows=5, cols=5), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == got.solution
    assert got.puzzle.param("right") or got.puzzle.param("bottom")

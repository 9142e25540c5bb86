"""Spotlight (janko.at) on the kit: twelve published pages (the first six, 3x3 and 4x4,
and six spread over the rest, 3x3 to 5x5, three of them with a number on their puzzle
line), the rules' codes, counts against an independent enumerator of shinings on small
boards, bad input, generation. (puzz.link has no such genre.)"""
from __future__ import annotations

import json
import random

import pytest

from enumerators import spotlight_shinings
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("spotlight")
STEPS = {"n": (-1, 0), "ne": (-1, 1), "e": (0, 1), "se": (1, 1), "s": (1, 0), "sw": (1, -1),
         "w": (0, -1), "nw": (-1, -1)}


def test_janko_reading():
    """Spotlight 001: every cell a number and an arrow, 'x' the shining ones; 249's puzzle
    line 'spotlight 13' is read as Spotlight."""
    doc = janko_doc("spotlight", 0)
    assert doc.puzzle.grid == (("2e", "1sw", "2s"), ("0se", "0w", "0s"), ("2ne", "1w", "0nw"))
    assert doc.solution.rows == (".#.", "#..", "..#")
    doc = janko_doc("spotlight", 11)
    assert "spotlight 13" in janko_lines("spotlight")[11]["janko"]
    assert doc.puzzle.rows == 5 and doc.puzzle[(4, 4)] == "4nw" and doc.solution.rows[0] == "##..."


@pytest.mark.parametrize("i", range(12))
def test_published_pages_are_unique(i):
    doc = janko_doc("spotlight", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution


def test_codes_and_cells():
    """Page 001 with one spotlight turned off, one turned on, and none shining."""
    doc = janko_doc("spotlight", 0)
    got = GENRE.verify(doc.puzzle, Solution((".#.", "...", "..#")))  # r2c1 dark, r1c2 sees 0
    assert [(v.code, v.cells[0], v.message) for v in got] == [
        ("nmLitNe", (0, 1), "a shining spotlight lights 0 shining ones, not 1"),
        ("nmDarkEq", (1, 0), "a dark spotlight would light 0, its number"),
        ("nmDarkEq", (1, 1), "a dark spotlight would light 0, its number")]
    got = GENRE.verify(doc.puzzle, Solution((".#.", "#.#", "..#")))  # r2c3 on, lighting r3c3
    assert [(v.code, v.cells[0]) for v in got] == [("nmDarkEq", (0, 2)), ("nmLitNe", (1, 2))]
    assert [v.code for v in GENRE.verify(doc.puzzle, Solution(("...", "...", "...")))] == [
        "brNoShade", "nmDarkEq", "nmDarkEq", "nmDarkEq", "nmDarkEq"]  # (its four 0s)
    bare = Puzzle("spotlight", 1, 2, ((None, "0w"),))
    got = GENRE.verify(bare, Solution(("##",)))
    assert [(v.code, v.cells) for v in got] == [("ceNoSpot", ((0, 0),)),
                                                ("nmLitNe", ((0, 1), (0, 0)))]


# -- brute force ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_brute_force(seed):
    """Random arrows on 2x3 to 3x4 boards, some numbers, now and then a cell without a
    spotlight: the solver's answers are the enumerator's."""
    rng = random.Random(seed)
    rows, cols = rng.choice([(2, 3), (3, 3), (3, 4)])
    spots, grid = {}, [[None] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if rng.random() < 0.1:
                continue
            d = rng.choice(list(STEPS))
            n = rng.choice([None, 0, 1, 1, 2]) if rng.random() < 0.7 else None
            spots[(r, c)] = (n, STEPS[d])
            grid[r][c] = f"{'?' if n is None else n}{d}"
    board = Puzzle("spotlight", rows, cols, tuple(map(tuple, grid)))
    want = {tuple("".join("#" if (r, c) in on else "." for c in range(cols)) for r in range(rows))
            for on in spotlight_shinings(rows, cols, spots)}
    res = count(board, limit=None)
    assert res.complete and {s.rows for s in res.solutions} == want


def test_a_small_count():
    """Two spotlights facing each other, '1e' and '1w': both shine or neither does, and
    one must: one answer. With '0e' and '0w' exactly one shines (both dark, each would
    light 0; both shining, each lights 1): two answers."""
    res = count(Puzzle("spotlight", 1, 2, (("1e", "1w"),)), limit=None)
    assert res.complete and [s.rows for s in res.solutions] == [("##",)]
    res = count(Puzzle("spotlight", 1, 2, (("0e", "0w"),)), limit=None)
    assert res.complete and {s.rows for s in res.solutions} == {("#.",), (".#",)}


# -- bad input -------------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "spotlight", **doc}), "s.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("token", ["2x", "se", "2", "-1e", 3])
def test_bad_givens(token):
    assert _error({"rows": 1, "cols": 2, "grid": [[token, "0w"]]}).endswith(
        f"r1c1: unknown Spotlight given {token!r} (expected '.' or a number and a direction n, "
        f"ne, e, se, s, sw, w, nw such as 2se; ?se)")


def test_bad_janko_block():
    page = janko_lines("spotlight")[0]["janko"]
    (_, got), = parse_documents(json.dumps({"janko": page.replace("2e 1sw", "2q 1sw")}), "l.json")
    assert isinstance(got, InputError) and "unknown Spotlight given '2q'" in str(got)
    (_, got), = parse_documents(json.dumps({"janko": page.replace("spotlight", "spotlight x")}),
                                "l.json")
    assert isinstance(got, InputError) and "the janko.at variant 'x' is not read here" in str(got)


# -- generation ------------------------------------------------------------------------------
def test_generate():
    """Random arrows stay; the numbers are the clues (a '?' where none is needed); the
    puzzle is unique with the drawn answer, and the same seed draws it again."""
    got = generate_one(GenerateOptions(genre="spotlight", rows=4, cols=4), 2, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    assert len(got.puzzle.clues()) == 16 and any(v[0] != "?" for v in got.puzzle.clues().values())
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows
    again = generate_one(GenerateOptions(genre="spotlight", rows=4, cols=4), 2, 0)
    assert again is not None and again.puzzle == got.puzzle

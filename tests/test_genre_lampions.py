"""Lampions (janko.at) on the kit: twelve published pages (the first six, 3x3 and 4x4,
and six spread over the rest, 4x4 and 5x5: two with a second 'begin 3' or 'begin 7'
line, two with a number on their puzzle line), the rules' codes, counts against an
independent enumerator of lampions on small boards, bad input, generation. (puzz.link
has no such genre.)"""
from __future__ import annotations

import json
import random

import pytest

from enumerators import lampion_hangings
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("lampions")


def test_janko_reading():
    """Lampions 001: a number in every cell, 'x' the lampions; 213 has a 'begin 3' line
    after its 'begin', 269 the puzzle line 'lampions 29'."""
    doc = janko_doc("lampions", 0)
    assert doc.puzzle.grid == ((3, 4, 2), (6, 3, 4), (3, 4, 2))
    assert doc.solution.rows == ("..#", ".#.", "..#")
    assert "begin\nbegin 3\n" in janko_lines("lampions")[8]["janko"]
    doc = janko_doc("lampions", 8)
    assert doc.puzzle.grid[0] == (3, 3, 4, 3) and doc.solution.rows == ("##..", ".#..", "..#.", ".#.#")
    assert "puzzle lampions 29\n" in janko_lines("lampions")[11]["janko"]
    doc = janko_doc("lampions", 11)
    assert doc.puzzle.grid[0] == (2, 4, 4, 4, 3) and doc.solution.rows[0] == "..##."


@pytest.mark.parametrize("i", range(12))
def test_published_pages_are_unique(i):
    doc = janko_doc("lampions", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution


def test_codes_and_cells():
    """Page 001 (3 4 2 / 6 3 4 / 3 4 2, lampions at r1c3, r2c2, r3c3) with one cell
    switched, and with no lampion."""
    doc = janko_doc("lampions", 0)
    got = GENRE.verify(doc.puzzle, Solution(("..#", "...", "..#")))  # r2c2 taken down
    assert [(v.code, v.cells[0], v.message) for v in got] == [
        ("nmLampNe", (0, 2), "a lampion's number is 2, its block holds 1"),
        ("nmLampNe", (2, 2), "a lampion's number is 2, its block holds 1")]
    got = GENRE.verify(doc.puzzle, Solution(("..#", ".#.", ".##")))  # r3c2 hung
    assert [(v.code, v.cells[0]) for v in got] == [
        ("nmLampNe", (1, 1)), ("nmPlainEq", (1, 2)), ("nmLampNe", (2, 1)), ("nmLampNe", (2, 2))]
    assert got[1].message == "a cell without a lampion has 4 in its block, its number"
    assert got[1].cells == ((1, 2), (0, 1), (0, 2), (1, 1), (2, 1), (2, 2))  # its block
    got = GENRE.verify(doc.puzzle, Solution(("...", "...", "...")))
    assert [(v.code, v.message, len(v.cells)) for v in got] == [("brNoShade", "no lampion hangs", 9)]


# -- brute force ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_brute_force(seed):
    """Random 2x3 to 3x4 boards, most cells numbered 0-6, some not: the solver's answers
    are the enumerator's."""
    rng = random.Random(seed)
    rows, cols = rng.choice([(2, 3), (3, 3), (3, 4)])
    numbers = {(r, c): rng.choice([1, 2, 2, 3, 3, 4, 5, 6, 0]) for r in range(rows)
               for c in range(cols) if rng.random() < 0.75}
    board = Puzzle("lampions", rows, cols,
                   tuple(tuple(numbers.get((r, c)) for c in range(cols)) for r in range(rows)))
    want = {tuple("".join("#" if (r, c) in on else "." for c in range(cols)) for r in range(rows))
            for on in lampion_hangings(rows, cols, numbers)}
    res = count(board, limit=None)
    assert res.complete and {s.rows for s in res.solutions} == want


def test_small_counts():
    """'2 2': both hang (one alone counts 1, not its 2). '1 1': no answer (one alone
    counts 1, but the other then sees 1, its own number; both count 2). '2 .': both, or
    the unnumbered one alone. A lone '0' has no answer, a lone '.' or '1' one."""
    def answers(*grid):
        res = count(Puzzle("lampions", 1, len(grid), (grid,)), limit=None)
        assert res.complete
        return {s.rows[0] for s in res.solutions}

    assert answers(2, 2) == {"##"}
    assert answers(1, 1) == set()
    assert answers(2, None) == {"##", ".#"}
    assert answers(0) == set() and answers(None) == {"#"} and answers(1) == {"#"}


# -- bad input -------------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "lampions", **doc}), "s.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("token, says", [
    ("10", "clue 10 is out of range (0-9)"), (-1, "clue -1 is out of range (0-9)"),
    ("x", "unknown token 'x' (expected '.' or a number 0-9)"),
    (3.5, "a clue must be a number, got 3.5"),
    (True, "a cell is a number, a string, null or a list of those, got true")])
def test_bad_givens(token, says):
    assert _error({"rows": 1, "cols": 2, "grid": [[token, 1]]}).endswith(f"r1c1: {says}")


def test_bad_janko_block():
    page = janko_lines("lampions")[0]["janko"]
    (_, got), = parse_documents(json.dumps({"janko": page.replace("3 4 2\n6", "3 q 2\n6")}),
                                "l.json")
    assert isinstance(got, InputError) and "r1c2: unknown problem token 'q'" in str(got)
    (_, got), = parse_documents(json.dumps({"janko": page.replace("- - x\n", "- o x\n")}),
                                "l.json")
    assert isinstance(got, InputError) and "r1c2: unknown solution token 'o'" in str(got)
    (_, got), = parse_documents(json.dumps({"janko": page.replace("lampions", "lampions x")}),
                                "l.json")
    assert isinstance(got, InputError) and "the janko.at variant 'x' is not read here" in str(got)


# -- generation ------------------------------------------------------------------------------
def test_generate():
    """A random hanging; every cell's number offered (a lampion's count, another cell's
    count plus or minus one), the needless ones taken away: unique with the drawn answer,
    and the same seed draws it again."""
    got = generate_one(GenerateOptions(genre="lampions", rows=4, cols=4), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    assert 0 < len(got.puzzle.clues()) < 16
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows
    again = generate_one(GenerateOptions(genre="lampions", rows=4, cols=4), 3, 0)
    assert again is not None and again.puzzle == got.puzzle

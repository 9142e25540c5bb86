"""Burokku (janko.at) on the kit: the twelve published pages copied here (sparse lowercase
letters, every cell lettered with ``depth``, given borders), the rules' codes, counts
against an independent enumerator of divisions on small boards, bad input, generation.
(puzz.link has no such genre.)"""
from __future__ import annotations

import json
import random

import pytest

from enumerators import block_divisions
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.division import walls_of
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("burokku")
RECORDS = janko_lines("burokku")


def test_janko_reading():
    """Burokku 001: five a's, blocks of five (the grid's side, no depth line)."""
    doc = janko_doc("burokku", 0)
    assert doc.puzzle.clues() == dict.fromkeys([(0, 0), (0, 1), (0, 2), (4, 0), (4, 1)], "a")
    assert doc.puzzle.param("block") is None and GENRE.block(doc.puzzle) == 5
    assert doc.solution.rows[0] == "||__|"


def test_depth_and_given_borders():
    """Burokku 233: 'depth 3' is blocks of three; 205: its lines section's 1 is a border
    right of r5c1."""
    assert janko_doc("burokku", 9).puzzle.param("block") == 3
    doc = janko_doc("burokku", 10)
    assert doc.puzzle.param("block") == 4 and doc.puzzle[(4, 0)] == "C|"


@pytest.mark.parametrize("i", range(12))
def test_published_pages_are_unique(i):
    doc = janko_doc("burokku", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution


def _board(rows, cols, given, block=None) -> Puzzle:
    p = Puzzle("burokku", rows, cols, tuple(tuple(given.get((r, c)) for c in range(cols))
                                            for r in range(rows)))
    return p.with_params(block=block) if block else p


def test_codes_and_cells():
    """2x4 in dominoes, A twice on top, a border given right of r1c2 (``A|``)."""
    board = _board(2, 4, {(0, 0): "A", (0, 1): "A|"}, block=2)
    assert GENRE.verify(board, Solution(("||||", "JJJJ"))) == []
    got = GENRE.verify(board, Solution(("_J_J", "_J_J")))
    assert [(v.code, v.cells, v.message) for v in got] == [
        ("bkDupSym", ((0, 0), (0, 1)), "a block holds a symbol twice")]
    got = GENRE.verify(board, Solution(("___J", "___J")))
    assert [(v.code, v.cells, v.message) for v in got] == [
        ("bkSizeNe", ((0, 0), (0, 1), (0, 2), (0, 3)), "a block has 4 cells, not 2"),
        ("bkSizeNe", ((1, 0), (1, 1), (1, 2), (1, 3)), "a block has 4 cells, not 2"),
        ("bkDupSym", ((0, 0), (0, 1)), "a block holds a symbol twice"),
        ("bdGiven", ((0, 1),), "a given border is missing")]


def test_a_border_inside_a_block():
    board = _board(2, 2, {}, block=4)
    assert [(v.code, v.cells) for v in GENRE.verify(board, Solution(("||", "_J")))] == [
        ("bdDeadEnd", ((0, 0), (0, 1)))]


def test_a_changed_published_answer_is_refused():
    doc = janko_doc("burokku", 11)
    rows = list(doc.solution.rows)
    rows[3] = rows[3][:3] + ("." if rows[3][3] != "." else "J") + rows[3][4:]
    assert {v.code for v in GENRE.verify(doc.puzzle, Solution(tuple(rows)))} & {"bkSizeNe", "bdDeadEnd"}


# -- brute force ---------------------------------------------------------------------------
def _answers(rows, cols, k, given) -> set[tuple[str, ...]]:
    out = set()
    for division in block_divisions(rows, cols, k):
        of = {x: i for i, piece in enumerate(division) for x in piece}
        syms = [[given[x].rstrip("|_J") for x in piece if x in given and given[x].rstrip("|_J")]
                for piece in division]
        if any(len(s) != len(set(s)) for s in syms):
            continue
        walls = [[of[(r, c)] for c in range(cols)] for r in range(rows)]
        rows_ = tuple(walls_of(walls))
        if all(side in rows_[x[0]][x[1]] or rows_[x[0]][x[1]] == "J"
               for x, v in given.items() for side in v[len(v.rstrip("|_J")):]):
            out.add(rows_)
    return out


@pytest.mark.parametrize("seed", range(12))
def test_brute_force(seed):
    """Random letters (and now and then a given border) on 3x3 (blocks of 3), 4x4 (of 4
    or 2) and 2x6 (of 3) boards."""
    rng = random.Random(seed)
    rows, cols, k = rng.choice([(3, 3, 3), (4, 4, 4), (4, 4, 2), (2, 6, 3)])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    given = {x: rng.choice("ABC") for x in rng.sample(cells, rng.randint(0, 6))}
    if seed % 3 == 0:
        x = rng.choice(cells)
        given[x] = given.get(x, "") + rng.choice("|_")
    res = count(_board(rows, cols, given, block=k), limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(rows, cols, k, given)


def test_the_tromino_tilings_of_3x3():
    assert len(count(_board(3, 3, {}, block=3), limit=None).solutions) == 10


# -- bad input -------------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "burokku", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("doc, message", [
    ({"rows": 2, "cols": 2, "grid": [["AB", None], [None, None]]},
     "r1c1: unknown Burokku given 'AB' (expected a letter or digit, optionally followed by a "
     "border | _ or J, or .)"),
    ({"rows": 3, "cols": 3, "grid": [[None] * 3] * 3, "block": 2},
     "a 3x3 grid does not fall into blocks of 2 cells"),
    ({"rows": 2, "cols": 2, "grid": [[None] * 2] * 2, "block": 0}, "'block' must be at least 1, got 0"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc).endswith(message)


def test_an_answer_without_its_frame():
    board = _board(2, 2, {}, block=2)
    with pytest.raises(InputError, match=r"unknown answer character '\.' at r1c2 \(expected \|: the "
                                         r"grid's frame is a border\)"):
        GENRE.parse_solution(board, ("|.", "JJ"), "a.txt")


def test_the_sum_variant_is_not_read():
    """'burokku, sum' pages have answers the rules read here do not tell apart (003: two
    divisions into blocks of 1-6 once each): its rule is not known here, so it is refused."""
    block = RECORDS[0]["janko"].replace("puzzle burokku", "puzzle burokku, sum")
    (_, got), = parse_documents(json.dumps({"janko": block}), "l.json")
    assert isinstance(got, InputError) and "the janko.at variant 'sum' is not read here" in str(got)


# -- generation ------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="burokku", rows=5, cols=5), 1, 0)
    again = generate_one(GenerateOptions(genre="burokku", rows=5, cols=5), 1, 0)
    assert got is not None and again is not None and got.puzzle == again.puzzle
    assert GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

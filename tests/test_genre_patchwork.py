"""Patchwork (Tatami) on the kit: the published janko.at pages, the rules' codes, counts
against an independent enumerator on strips and on rooms of mixed sizes, bad input,
generation. (puzz.link has no Patchwork.)"""
from __future__ import annotations

import json
import random

import pytest

from enumerators import patchwork_fillings
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.encodings.kit.placement import random_rooms
from pencilproof.encodings.patchwork import strips
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("patchwork")
RECORDS = janko_lines("patchwork")


def codes(p: Puzzle, rows) -> list[str]:
    return [v.code for v in GENRE.verify(p, KitAnswer(tuple(rows)))]


# -- 1. published puzzles -------------------------------------------------------------------
def test_janko_reading():
    """Patchwork 001 (9x9, depth 3): givens, strips of three as rooms, the digits."""
    doc = janko_doc("patchwork", 0)
    assert doc.puzzle.clues() == {(0, 4): 1, (1, 3): 2, (2, 7): 2, (4, 4): 1, (7, 2): 1}
    areas = doc.puzzle.param("areas")
    assert areas[0][0] == areas[0][1] == areas[0][2] != areas[1][0] == areas[2][0] == areas[3][0]
    assert doc.solution.rows[0] == "312312312"
    assert parse_text(to_text(doc.puzzle), "t") == doc.puzzle


@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_published_pages_are_unique(i):
    doc = janko_doc("patchwork", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution
    assert GENRE.verify(doc.puzzle, doc.solution) == []


def test_the_codes():
    """Patchwork 001 with r1c1 3 -> 1: a 1 twice in its strip and beside the 1 of r1c2, row 1
    and column 1 with four 1s and two 3s; an empty cell; a given changed."""
    doc = janko_doc("patchwork", 0)
    rows = list(doc.solution.rows)
    got = GENRE.verify(doc.puzzle, KitAnswer(tuple(["1" + rows[0][1:]] + rows[1:])))
    assert [(v.code, v.message) for v in got] == [
        ("bkDupNum", "a number repeats in a room"), ("nmAdjacent", "two 1s share a side"),
        ("nmCountNe", "row 1 holds 4 1s instead of 3"), ("nmCountNe", "row 1 holds 2 3s instead of 3"),
        ("nmCountNe", "column 1 holds 4 1s instead of 3"), ("nmCountNe", "column 1 holds 2 3s instead of 3")]
    empty = ["." + rows[0][1:]] + rows[1:]
    assert codes(doc.puzzle, empty) == ["nmCountNe", "nmCountNe", "ceNoNum"]
    assert rows[0][4] == "1"
    assert "nmGiven" in codes(doc.puzzle, [rows[0][:4] + "2" + rows[0][5:]] + rows[1:])


# -- 2. brute force --------------------------------------------------------------------------
def _layout(rng: random.Random):
    """Strips of 3 on 3x3, 3x6 or 6x6, strips of 4 on 4x4, or rooms of 1-3 cells with one
    of 3 at least on 3x3 / 3x6 (Cross+A's rooms of any size)."""
    if rng.random() < 0.6:
        rows, cols, n = rng.choice([(3, 3, 3), (3, 6, 3), (6, 6, 3), (4, 4, 4)])
        return strips(rows, cols, n, rng)
    rows, cols = rng.choice([(3, 3), (3, 6)])
    while True:
        layout = random_rooms(rows, cols, rng, (1, 2, 3, 3, 3))
        sizes = [sum(row.count(k) for row in layout) for k in {k for row in layout for k in row}]
        if max(sizes) == 3:
            return layout


@pytest.mark.parametrize("seed", range(14))
def test_brute_force(seed):
    """Givens from a random filling (every fourth board one of them changed); the answers
    are the enumerator's fillings that keep them."""
    rng = random.Random(seed)
    layout = _layout(rng)
    rows, cols = len(layout), len(layout[0])
    every = patchwork_fillings(layout, {})
    givens: dict = {}
    if every:
        truth = rng.choice(every)
        cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], rng.randint(1, 4))
        givens = {x: truth[x[0]][x[1]] for x in cells}
        if seed % 4 == 0:
            x = cells[0]
            size = sum(row.count(layout[x[0]][x[1]]) for row in layout)
            givens[x] = givens[x] % size + 1 if size > 1 else 1
    p = Puzzle("patchwork", rows, cols, tuple(tuple(givens.get((r, c)) for c in range(cols))
                                              for r in range(rows))).with_params(areas=layout)
    want = {tuple("".join(map(str, row)) for row in g) for g in patchwork_fillings(layout, givens)}
    res = count(p, limit=None)
    assert res.complete and {s.rows for s in res.solutions} == want


# -- 3. bad input ----------------------------------------------------------------------------
@pytest.mark.parametrize("doc, message", [
    ({"areas": None}, "a Patchwork needs its rooms ('areas')"),
    ({"grid": [[4, None, None], [None] * 3, [None] * 3]},
     "clue 4 at r1c1 is not a number 1-3 (its room's size)"),
    ({"areas": [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]], "cols": 4, "grid": [[None] * 4] * 3},
     "the largest room has 4 cells: a 3x4 grid's rows and columns cannot hold 1-4 equally often"),
    ({"grid": [["x", None, None], [None] * 3, [None] * 3]},
     "r1c1: unknown token 'x' (expected '.' or a number)"),
    ({"areas": [[0, 0, 1], [2, 2, 1], [3, 3, 1]]}, None),  # (rooms of 2 and 3: read, no answer)
])
def test_bad_puzzles(doc, message):
    base = {"genre": "patchwork", "rows": 3, "cols": 3, "grid": [[None] * 3] * 3,
            "areas": [[0, 0, 0], [1, 1, 1], [2, 2, 2]]}
    (_, got), = parse_documents(json.dumps({k: v for k, v in {**base, **doc}.items() if v is not None}),
                                "p.json")
    if message is None:
        layout = got.puzzle.param("areas")
        assert count(got.puzzle, limit=None).count == len(patchwork_fillings(layout, {})) == 0
        return
    assert isinstance(got, InputError) and str(got).split(": ", 1)[1] == message


def test_bad_janko_blocks():
    block = RECORDS[0]["janko"]
    for old, new, message in (("depth 3", "depth 4", "depth 4, but the largest room has 3 cells"),
                              ("problem\n- - - - 1", "problem\n- - - - y",
                               "r1c5: unknown problem token 'y' (expected a number or '-')")):
        assert old in block
        (_, got), = parse_documents(json.dumps({"janko": block.replace(old, new, 1)}), "p.json")
        assert isinstance(got, InputError) and message in str(got)


# -- 4. generation ---------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="patchwork", rows=6, cols=6), 3, 0)
    again = generate_one(GenerateOptions(genre="patchwork", rows=6, cols=6), 3, 0)
    assert got is not None and again is not None and got.puzzle == again.puzzle
    assert GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows
    sizes = {sum(row.count(k) for row in got.puzzle.param("areas")) for row in got.puzzle.param("areas")
             for k in row}
    assert sizes in ({3}, {6})
    with pytest.raises(InputError, match="no such side dividing both its sides"):
        GENRE.generator.random_answer(7, 7, random.Random(0), None, None)

"""Shimaguni on the kit: the Janko pages (rooms, numbers in a problem section or none),
pzprjs's test script (URL, pzprv3 and failcodes), counts against an independent
enumerator, bad input, generation."""
from __future__ import annotations

import json
import random

import pytest

from enumerators import one_island_per_room
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.encodings.kit.placement import random_rooms
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.text import parse_text, to_text
from pencilproof.formats.url import to_url
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("shimaguni")


def read(text: str):
    (_, doc), = parse_documents(text, "t")
    assert not isinstance(doc, Exception), doc
    return doc


# -- 1. published puzzles -------------------------------------------------------------------
def test_janko_reading():
    """Shimaguni 001 (6x6): numbers in the problem section (2 in r1c2's room); 002 has no
    problem section, rooms only."""
    doc = janko_doc("shimaguni", 0)
    assert doc.puzzle.grid[0][:3] == (None, 2, 3) and doc.puzzle.grid[2][3] == 4
    assert doc.solution.rows[0] == ".#.###"
    assert parse_text(to_text(doc.puzzle), "t") == doc.puzzle
    bare = janko_doc("shimaguni", 1)
    assert not bare.puzzle.clues() and bare.puzzle.param("areas")[0][:2] == (0, 1)


@pytest.mark.parametrize("i", range(len(janko_lines("shimaguni"))))
def test_published_pages_are_unique(i):
    doc = janko_doc("shimaguni", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows


# -- 2. pzprjs test/script/shimaguni.js -------------------------------------------------------
URL = "6/6/7fe608s0e3uf3g3g2g43"
BOARD = ("pzprv3/shimaguni/6/6/8/0 0 0 1 2 3 /4 4 5 1 2 3 /4 4 5 1 2 2 /5 5 5 1 2 2 /6 6 6 6 6 6 "
         "/6 6 7 7 7 7 /3 . . . 3 . /2 . . . . . /. . . . . . /. . . . . . /4 . . . . . /. . 3 . . . /")
SCRIPT = [
    ("cbShade", "# # # . . . /# # . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /"),
    ("bkShadeDivide", "# # # + . . /+ + + . . . /# # + . . . /+ + # . . . /# # + # # # /# # . . . . /"),
    ("bkShadeNe", "# # # + . . /+ + + . . . /# # + . . . /+ + # . . . /# # + + + + /# + . . . . /"),
    ("bsEqShade", "# # # + . . /+ + + . . . /# # + # . # /+ + # + # # /# # + + + + /# # + # # # /"),
    ("bkNoShade", "# # # + . . /+ + + # . . /# # + # . # /+ + # + # # /# # + + + + /# # + # # # /"),
    (None, "# # # + . # /+ + + # + + /# # + # + # /+ + # + # # /# # + + + + /# # + # # # /"),
]


@pytest.mark.parametrize("code, answer", SCRIPT)
def test_pzprjs_script(code, answer):
    """Each wrong answer's first code is pzprjs's (its order of checks); the right one
    passes and is the URL puzzle's unique solution."""
    doc = read(BOARD + answer)
    got = GENRE.verify(doc.puzzle, doc.solution)
    assert (got[0].code if got else None) == code
    if code is None:
        url = read(f"https://puzz.link/p?shimaguni/{URL}")
        assert url.puzzle == doc.puzzle
        assert to_url(doc.puzzle) == f"https://puzz.link/p?shimaguni/{URL}"
        res = check(url.puzzle)
        assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution


# -- 3. brute force ---------------------------------------------------------------------------
def _sizes_ok(layout, on, clues) -> bool:
    size: dict = {}
    for r, row in enumerate(layout):
        for c, k in enumerate(row):
            size[k] = size.get(k, 0) + ((r, c) in on)
    for r, row in enumerate(layout):
        for c, k in enumerate(row):
            for y in ((r + 1, c), (r, c + 1)):
                if y[0] < len(layout) and y[1] < len(row) and layout[y[0]][y[1]] != k \
                        and size[layout[y[0]][y[1]]] == size[k]:
                    return False
    return all(size[layout[r][c]] == n for (r, c), n in clues.items())


@pytest.mark.parametrize("seed", range(16))
def test_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice(((3, 3), (3, 4), (4, 4)))
    layout = random_rooms(rows, cols, rng, (2, 3, 3, 4), 2)
    islands = [a for a in one_island_per_room(layout) if _sizes_ok(layout, a, {})]
    clues: dict = {}
    if islands:
        truth = rng.choice(islands)
        for r in range(rows):
            for c in range(cols):
                if rng.random() < 0.15 and all(layout[r][c] != layout[x[0]][x[1]] for x in clues):
                    clues[(r, c)] = sum(layout[y][x] == layout[r][c] and (y, x) in truth
                                        for y in range(rows) for x in range(cols))
    grid = tuple(tuple(clues.get((r, c)) for c in range(cols)) for r in range(rows))
    p = Puzzle("shimaguni", rows, cols, grid).with_params(areas=layout)
    want = {tuple("".join("#" if (r, c) in a else "." for c in range(cols)) for r in range(rows))
            for a in islands if _sizes_ok(layout, a, clues)}
    res = count(p, limit=None)
    assert res.complete and {s.rows for s in res.solutions} == want


# -- 4. bad input ----------------------------------------------------------------------------
@pytest.mark.parametrize("doc, message", [
    ({"areas": None}, "a Shimaguni needs its rooms ('areas')"),
    ({"grid": [[1, 2], [None, None]]}, "one room holds 2 numbers (r1c1, r1c2)"),
    ({"grid": [["x", None], [None, None]]}, "r1c1: unknown token 'x' (expected '.' or a number)"),
])
def test_bad_puzzles(doc, message):
    base = {"genre": "shimaguni", "rows": 2, "cols": 2, "grid": [[None, None], [None, None]],
            "areas": [[0, 0], [1, 1]]}
    (_, got), = parse_documents(json.dumps({k: v for k, v in {**base, **doc}.items()
                                            if v is not None}), "p.json")
    assert isinstance(got, InputError) and str(got).split(": ", 1)[1] == message


def test_a_wrong_size_is_named():
    doc = janko_doc("shimaguni", 0)
    rows = list(doc.solution.rows)
    assert rows[1] == ".#...."
    rows[1] = "......"  # the 2's room (column 2, rows 1-4) keeps r1c2 alone
    got = GENRE.verify(doc.puzzle, KitAnswer(tuple(rows)))
    assert [(v.code, v.message) for v in got] == [
        ("bkShadeNe", "a room has 1 shaded cells instead of 2"),
        ("bsEqShade", "the islands of two neighbouring rooms have the same size")]  # (the 1 beside it)


# -- 5. generation ---------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="shimaguni", rows=6, cols=6), 3, 0)
    again = generate_one(GenerateOptions(genre="shimaguni", rows=6, cols=6), 3, 0)
    assert got is not None and again is not None and got.puzzle == again.puzzle
    assert GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

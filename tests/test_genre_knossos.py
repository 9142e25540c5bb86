"""Knossos on the kit: the published janko.at pages (room labels read as borders), the
rules' codes, counts against an independent enumerator of divisions, the perimeter's
bounds, bad input, generation. (puzz.link has no Knossos.)"""
from __future__ import annotations

import json
import random

import pytest

from enumerators import seeded_divisions
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.division import walls_of
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.encodings.kit.seeded_division import perimeter_reach
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("knossos")
RECORDS = janko_lines("knossos")
#: A border on a cell's right (R) and lower (D) side -> the answer character.
CHARS = {"": ".", "R": "|", "D": "_", "RD": "J"}


def board(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else t if t == "?" else int(t) for t in row.split())
                 for row in rows)
    return Puzzle("knossos", len(grid), len(grid[0]), grid)


def codes(p: Puzzle, rows) -> list[str]:
    return [v.code for v in GENRE.verify(p, KitAnswer(tuple(rows)))]


def toggled(ch: str, side: str) -> str:
    now = next(k for k, v in CHARS.items() if v == ch)
    return CHARS["".join(d for d in "RD" if (d in now) != (d == side))]


# -- 1. published puzzles -------------------------------------------------------------------
def test_janko_reading():
    """Knossos 001: the numbers of the problem; the solution's labels (first row
    "1 4 7 7 7 14" over "1 4 4 9 9 14") as borders."""
    doc = janko_doc("knossos", 0)
    assert doc.puzzle.grid[0] == (None, None, None, None, 8, 6)
    assert len(doc.puzzle.clues()) == 16
    assert doc.solution.rows[0] == "||__J|"
    assert parse_text(to_text(doc.puzzle), "t") == doc.puzzle


@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_published_pages_are_unique(i):
    doc = janko_doc("knossos", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution
    assert GENRE.verify(doc.puzzle, doc.solution) == []
    rows, n = list(doc.solution.rows), doc.puzzle.rows
    for r, c in ((0, 0), (n // 2, n // 2), (n - 2, 1), (1, n - 2)):  # one border flipped
        changed = rows[:r] + [rows[r][:c] + toggled(rows[r][c], "R") + rows[r][c + 1:]] + rows[r + 1:]
        assert GENRE.verify(doc.puzzle, KitAnswer(tuple(changed))), (r, c)


def test_a_wall_taken_away_and_one_added():
    """Knossos 001: r1c1-r3c1 is one room (the 8 in r3c1), r1c2 with r2c2-r2c3 another (the
    8 in r2c3). Without the wall between them the room holds two numbers and has a
    perimeter of 12; a wall across the first splits off a room without a number; a wall
    inside a 2x2 room leaves it whole but is a wall inside a room."""
    doc = janko_doc("knossos", 0)
    rows = list(doc.solution.rows)
    assert rows[0][0] == rows[1][0] == "|"
    merged = ["." + rows[0][1:], "." + rows[1][1:]] + rows[2:]
    assert codes(doc.puzzle, merged) == ["bkNumGe2", "bkPerimNe", "bkPerimNe"]
    assert GENRE.verify(doc.puzzle, KitAnswer(tuple(merged)))[1].message == \
        "a piece with a perimeter of 12 holds the number 8"
    split = ["J" + rows[0][1:]] + rows[1:]
    assert codes(doc.puzzle, split) == ["bkNoNum", "bkPerimNe"]
    assert codes(board(["8 .", ". ."]), ["||", "_J"]) == ["bdDeadEnd"]
    assert codes(board(["8 .", ". ."]), [".|", "_J"]) == []


def test_a_room_around_a_room():
    """The perimeter counts every side of the room, those around a room inside it too: a
    ring of eight cells has 12 outside and 4 inside."""
    p = board(["16 . .", ". 4 .", ". . ."])
    ring = walls_of([[0, 0, 0], [0, 1, 0], [0, 0, 0]])
    res = count(p, limit=None)
    assert res.complete and [s.rows for s in res.solutions] == [tuple(ring)]
    assert codes(board(["12 . .", ". 4 .", ". . ."]), ring) == ["bkPerimNe"]


def test_the_bounds_of_a_perimeter():
    """A 4 is its cell alone, a 6 reaches its neighbours, an 8 two steps (an L, a line of
    three, a square), a '?' every cell not past another number."""
    reach, depth = perimeter_reach(5, 5, (((0, 0), None), ((2, 2), 8), ((4, 0), 4), ((4, 4), 6)))
    assert reach[(4, 0)] == {(4, 0)} and depth[(4, 0)] == 0
    assert reach[(4, 4)] == {(4, 4), (3, 4), (4, 3)} and depth[(4, 4)] == 1
    assert len(reach[(2, 2)]) == 13 and depth[(2, 2)] == 3  # (four cells at most: a 2x2)
    assert len(reach[(0, 0)]) == 22 and depth[(0, 0)] == 21


# -- 2. brute force --------------------------------------------------------------------------
def perimeter(piece) -> int:
    return sum(1 for r, c in piece for y in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
               if y not in piece)


@pytest.mark.parametrize("seed", range(14))
def test_brute_force(seed):
    """Numbers on random cells, valued from one random division into rooms each holding
    one (a few '?', every fifth board one value off by two); the answers are the
    enumerator's divisions whose rooms' perimeters are their numbers."""
    rng = random.Random(seed)
    rows, cols, k = rng.choice([(3, 3, 3), (3, 4, 5), (2, 5, 3), (4, 4, 8)])
    seeds = rng.sample([(r, c) for r in range(rows) for c in range(cols)], k)
    every = seeded_divisions(rows, cols, seeds)
    truth = rng.choice(every)
    value = {x: perimeter(p) for p in truth for x in p if x in seeds}
    for x in seeds:
        if rng.random() < 0.15:
            value[x] = "?"
    if seed % 5 == 0:
        value[seeds[0]] = perimeter(next(p for p in truth if seeds[0] in p)) + 2
    p = Puzzle("knossos", rows, cols, tuple(tuple(value.get((r, c)) for c in range(cols))
                                            for r in range(rows)))
    want = set()
    for division in every:
        if all(value[x] in ("?", perimeter(q)) for q in division for x in q if x in value):
            label = {x: i for i, q in enumerate(division) for x in q}
            want.add(tuple(walls_of([[label[(r, c)] for c in range(cols)] for r in range(rows)])))
    res = count(p, limit=None)
    assert res.complete and {s.rows for s in res.solutions} == want
    assert want or seed % 5 == 0


# -- 3. bad input ----------------------------------------------------------------------------
@pytest.mark.parametrize("grid, message", [
    ([["x", None], [None, None]], "r1c1: unknown token 'x' (expected '.', '?' or a number)"),
    ([[2, None], [None, None]], "r1c1: clue 2 is out of range (4-999)"),
])
def test_bad_puzzles(grid, message):
    (_, got), = parse_documents(json.dumps({"genre": "knossos", "rows": 2, "cols": 2, "grid": grid}),
                                "p.json")
    assert isinstance(got, InputError) and str(got).endswith(message)


def test_bad_answer_and_janko_block():
    p = board(["8 .", ". ."])
    with pytest.raises(InputError, match=r"unknown answer character 'x' at r1c2 \(expected one of "
                                         r"\. \| _ J"):
        GENRE.parse_solution(p, ["_x", "__"], "answer")
    block = RECORDS[0]["janko"].replace("problem\n- - - - 8 6", "problem\n- - - - 8 y")
    (_, got), = parse_documents(json.dumps({"janko": block}), "k.json")
    assert isinstance(got, InputError)
    assert "r1c6: unknown problem token 'y' (expected a number or '-')" in str(got)


# -- 4. generation ---------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="knossos", rows=6, cols=6), 3, 0)
    again = generate_one(GenerateOptions(genre="knossos", rows=6, cols=6), 3, 0)
    assert got is not None and again is not None and got.puzzle == again.puzzle
    assert GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows
    assert all(v == "?" or (isinstance(v, int) and v % 2 == 0) for v in got.puzzle.clues().values())

"""Norinori on the kit: the twelve published janko.at puzzles, pzprjs's test script (URL,
pzprv3 file and failcodes), counts against an independent enumerator on small random
rooms, given cells, bad input, generation."""
from __future__ import annotations

import itertools
import json
import random

import pytest

from enumerators import shade_rows
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.placement import random_rooms
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url, to_pzprv3, to_url
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("norinori")
RECORDS = janko_lines("norinori")


def test_janko_reading():
    """Norinori 001: rooms in reading order of their first cell, 'x' shaded."""
    doc = janko_doc("norinori", 0)
    assert doc.puzzle.param("areas")[0] == (0, 1, 2, 3, 3, 4, 4, 5, 5, 5)
    assert doc.puzzle.clues() == {}
    assert doc.solution.rows[0] == "#..##.##.."
    assert all(p.rows == p.cols == 10 for p in (janko_doc("norinori", i).puzzle for i in range(12)))


# pzprjs test/script/norinori.js: the URL, and its answers (pzprv3 files with the rooms as
# numbers, then the answer: '#' shaded, '+' dotted and '.' undecided both unshaded here).
URL = "https://puzz.link/p?norinori/5/5/cag4ocjo"
ROOMS = ((0, 0, 1, 2, 2), (1, 1, 1, 2, 2), (1, 3, 3, 2, 2), (3, 3, 3, 3, 3), (4, 4, 3, 3, 3))
FILE = "pzprv3/norinori/5/5/5/" + "".join(" ".join(map(str, row)) + " /" for row in ROOMS)
PZPRJS = [
    ("csGt2", ("##...", ".#...", ".....", ".....", ".....")),
    ("bkShadeGt2", ("##..#", "..##.", "#...#", "....#", ".....")),
    ("csLt2", ("##...", "..##.", "#....", ".....", "##...")),
    ("bkShadeLt2", ("##...", "..##.", "##...", ".....", "##...")),
    ("bkNoShade", ("##...", ".....", ".....", ".....", "##...")),
    (None, ("##...", "..##.", "##..#", "....#", "##...")),
]


def _board(areas, givens=None) -> Puzzle:
    rows, cols = len(areas), len(areas[0])
    grid = tuple(tuple((givens or {}).get((r, c)) for c in range(cols)) for r in range(rows))
    return Puzzle("norinori", rows, cols, grid).with_params(areas=areas)


def test_pzprjs_url():
    assert parse_url(URL) == _board(ROOMS)
    assert to_url(_board(ROOMS)) == URL
    res = check(_board(ROOMS))
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == PZPRJS[-1][1]


@pytest.mark.parametrize("code, rows", PZPRJS)
def test_pzprjs_failcodes(code, rows):
    got = GENRE.verify(_board(ROOMS), Solution(rows))
    assert (got[0].code if got else None) == code


def test_pzprjs_file():
    """The script's correct answer file, read (version 0 rooms) and written (version 1)."""
    answer = "# # + + + /+ + # # + /# # + + # /+ + . . # /# # + . . /"
    (_, doc), = parse_documents(FILE + answer, "f")
    assert doc.puzzle == _board(ROOMS) and doc.solution.rows == PZPRJS[-1][1]
    text = to_pzprv3(doc.puzzle, doc.solution, slashes=True)
    assert text.startswith("pzprv3.1/norinori/5/5/0 1 1 0 /0 0 1 0 /")
    (_, again), = parse_documents(text, "g")
    assert again.puzzle == doc.puzzle and again.solution == doc.solution


def test_codes_and_cells():
    got = GENRE.verify(_board(ROOMS), Solution(("###..", "#....", "#...#", ".....", "##...")))
    assert [(v.code, v.cells) for v in got] == [
        ("csGt2", ((0, 0), (0, 1), (0, 2), (1, 0), (2, 0))),
        ("bkShadeGt2", ((0, 2), (1, 0), (1, 1), (1, 2), (2, 0))), ("csLt2", ((2, 4),)),
        ("bkShadeLt2", ((0, 3), (0, 4), (1, 3), (1, 4), (2, 3), (2, 4))),
        ("bkNoShade", ((2, 1), (2, 2), (3, 0), (3, 1), (3, 2), (3, 3), (3, 4), (4, 2), (4, 3), (4, 4)))]
    assert got[1].message == "a room has 3 shaded cells instead of 2"


# -- brute force ---------------------------------------------------------------------------
def _answers(areas, givens) -> set[tuple[str, ...]]:
    """Two cells of every room (each choice tried), kept where the shaded cells pair off
    into dominoes and the givens hold."""
    rows, cols = len(areas), len(areas[0])
    rooms: dict = {}
    for r in range(rows):
        for c in range(cols):
            rooms.setdefault(areas[r][c], []).append((r, c))
    out = set()
    for pick in itertools.product(*(itertools.combinations(cells, 2) for cells in rooms.values())):
        on = {x for pair in pick for x in pair}
        near = [sum((r + dr, c + dc) in on for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
                for r, c in on]
        if all(n == 1 for n in near) and all((x in on) == (v == "#") for x, v in givens.items()):
            out.add(shade_rows(on, rows, cols))
    return out


@pytest.mark.parametrize("seed", range(16))
def test_brute_force(seed):
    """Random rooms (redrawn, for most seeds, until some answer exists), givens read off
    one answer or drawn at random."""
    rng = random.Random(seed)
    for _ in range(30):
        rows, cols = rng.choice([(3, 4), (4, 4), (4, 5)])
        areas = random_rooms(rows, cols, rng, (2, 3, 4, 5), 2)
        answers = _answers(areas, {})
        if answers or seed % 4 == 0:
            break
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    pick = rng.choice(sorted(answers)) if answers and seed % 5 else None
    givens = {x: ("#" if pick[x[0]][x[1]] == "#" else "+") if pick else rng.choice("#+")
              for x in rng.sample(cells, seed % 3)}
    res = count(_board(areas, givens), limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(areas, givens)


def test_the_small_counts():
    """Two 2x2 rooms side by side: a domino in each room, apart: the left one in the
    outer column (4 ways), in a row (2 ways each), in the inner column (1 way); two
    dominoes across the border would touch."""
    assert len(_answers(((0, 0, 1, 1), (0, 0, 1, 1)), {})) == 4 + 2 + 2 + 1
    assert count(_board(((0, 0, 1, 1), (0, 0, 1, 1))), limit=None).count == 9


# -- givens and bad input ------------------------------------------------------------------
def test_givens():
    board = _board(ROOMS, {(0, 0): "+"})
    with pytest.raises(InputError) as e:
        to_url(board)
    assert str(e.value) == "a norinori URL carries no givens (the given '+' at r1c1)"
    assert count(board, limit=5).count == 0
    got = GENRE.verify(board, Solution(PZPRJS[-1][1]))
    assert [(v.code, v.message) for v in got] == [("ceUnshaded", "a cell given unshaded is not")]


def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "norinori", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("doc, message", [
    ({"rows": 2, "cols": 2, "grid": [[None, None], [None, None]]},
     "p.json:1:53: a Norinori needs its rooms ('areas')"),
    ({"rows": 2, "cols": 2, "grid": [[3, None], [None, None]], "areas": ["ab", "ab"]},
     "p.json:1:55: r1c1: unknown given 3 (expected '.', '#' shaded or '+' unshaded)"),
    ({"rows": 2, "cols": 2, "grid": [[None, None], [None, None]], "areas": ["ab", "ba"]},
     "p.json:1:53: region 2 falls into pieces (r2c1 is cut off from the rest)"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc) == message


def test_bad_janko_block():
    block = RECORDS[0]["janko"].replace("areas\n", "")
    (_, got), = parse_documents(json.dumps({"janko": block}), "n.json")
    assert isinstance(got, InputError)
    assert "no 'areas' section" in str(got)


# -- generation ------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="norinori", rows=6, cols=6), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

"""Star Battle on the kit: the twelve published janko.at puzzles (one and two stars,
shaped grids), pzprjs's test script (failcodes), counts against an independent
enumerator on small random rooms, holes and given cells, bad input, generation."""
from __future__ import annotations

import itertools
import json
import random

import pytest

from enumerators import shade_rows
from janko_data import janko_doc
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.lattice import normalize_areas
from pencilproof.encodings.starbattle import rooms_around
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url, to_url
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("starbattle")


def test_janko_reading():
    """Star counts from 'depth'; Sternenschlacht 003's '@' cells are holes (givens '@',
    written '.'), 005's '#' cells black ones."""
    docs = [janko_doc("starbattle", i) for i in range(12)]
    assert [d.puzzle.param("stars") for d in docs] == [1] * 4 + [2, 2, 1, 2, 2, 2, 2, 2]
    third = docs[2].puzzle
    assert third.grid[0] == ("@", "@", None, None, None, "@", "@")
    assert docs[2].solution.rows[0] == "...*..."
    assert "#" in {v for row in docs[4].puzzle.grid for v in row}
    assert all(d.puzzle.rows == d.puzzle.cols for d in docs)


# pzprjs test/script/starbattle.js: its URL and wrong answers (pzprv3: the star count 1,
# the room count and the rooms as numbers, then the answer: '#' a star, '+' dotted and
# '.' blank, both empty here).
URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
ROOMS = normalize_areas([row.split() for row in (
    "0 0 0 1 1 1", "0 1 1 1 2 2", "0 3 3 4 4 2", "5 5 3 3 4 2", "5 4 4 4 4 2", "5 2 2 2 2 2")])
PZPRJS = [
    ("starAround", ("......", "......", "...*..", "..*...", "......", "......")),
    ("bkStarGt", ("..*...", "......", "*.....", "......", "......", "......")),
    ("bkStarLt", ("..*...", "......", "......", "......", "......", "......")),
    ("lnStarNe", (".*....", "...*..", ".....*", "..*...", "*...*.", "......")),
    (None, (".*....", "...*..", ".....*", "..*...", "....*.", "*.....")),
]


def _board(areas, k=1, givens=None) -> Puzzle:
    rows, cols = len(areas), len(areas[0])
    grid = tuple(tuple((givens or {}).get((r, c)) for c in range(cols)) for r in range(rows))
    return Puzzle("starbattle", rows, cols, grid).with_params(areas=areas, stars=k)


def test_pzprjs_url():
    assert parse_url(URL) == _board(ROOMS)
    assert to_url(_board(ROOMS)) == URL
    res = check(_board(ROOMS))
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == PZPRJS[-1][1]
    assert parse_url(URL.replace("/1/", "/2/")).param("stars") == 2


@pytest.mark.parametrize("url, message", [
    (URL.replace("/1/", "/x/"), "stars: unknown token 'x' (expected a number)"),
    (URL[:-2], "the border part needs 6 characters, the body has 4"),
])
def test_bad_urls(url, message):
    with pytest.raises(InputError) as e:
        parse_url(url)
    assert str(e.value).endswith(message)


def test_urls_carry_no_holes():
    with pytest.raises(InputError) as e:
        to_url(janko_doc("starbattle", 2).puzzle)
    assert str(e.value) == "a starbattle URL carries no givens (the given '@' at r1c1)"


@pytest.mark.parametrize("code, rows", PZPRJS)
def test_pzprjs_failcodes(code, rows):
    got = GENRE.verify(_board(ROOMS), Solution(rows))
    assert (got[0].code if got else None) == code


def test_codes_and_cells():
    got = GENRE.verify(_board(ROOMS), Solution(("..*...", "......", "*.....", ".*....", "......", "......")))
    assert [(v.code, v.cells, v.message) for v in got][:3] == [
        ("starAround", ((2, 0), (3, 1)), "two stars touch"),
        ("bkStarGt", ((0, 0), (0, 1), (0, 2), (1, 0), (2, 0)), "a room has 2 stars, more than 1"),
        ("bkStarLt", ((0, 3), (0, 4), (0, 5), (1, 1), (1, 2), (1, 3)), "a room has 0 stars, fewer than 1")]
    assert got[-1].message == "column 6 has 0 stars instead of 1"


# -- brute force ---------------------------------------------------------------------------
def _answers(areas, k, givens) -> set[tuple[str, ...]]:
    """k stars chosen in every row (each choice tried), kept where the columns and rooms
    hold k, no two stars touch and the givens hold (holes: no star)."""
    n = len(areas)
    out = set()
    rows = [[c for c in range(n) if givens.get((r, c)) not in ("@", "#")] for r in range(n)]
    apart = [[p for p in itertools.combinations(cs, k) if all(b - a > 1 for a, b in zip(p, p[1:]))]
             for cs in rows]  # (two stars side by side in a row touch)
    for pick in itertools.product(*apart):
        on = {(r, c) for r, cs in enumerate(pick) for c in cs}
        if any(sum((r, c) in on for r in range(n)) != k for c in range(n)):
            continue
        rooms: dict = {}
        for r, c in on:
            rooms[areas[r][c]] = rooms.get(areas[r][c], 0) + 1
        live = {areas[r][c] for r in range(n) for c in range(n) if givens.get((r, c)) not in ("@", "#")}
        if any(rooms.get(room, 0) != k for room in live):
            continue
        if any((r + dr, c + dc) in on for r, c in on for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1))):
            continue
        if any((x in on) != (v == "*") for x, v in givens.items() if v in ("*", "+")):
            continue
        out.add(shade_rows(on, n, n, "*"))
    return out


@pytest.mark.parametrize("seed", range(16))
def test_brute_force(seed):
    """Rooms grown around random stars (one per row and column, or two), givens read
    off an answer or drawn at random."""
    rng = random.Random(seed)
    n, k = (5, 2) if seed % 4 == 3 else (rng.choice([4, 5, 6]), 1)
    areas = None
    while areas is None:
        spots = [(r, c) for r in range(n) for c in rng.sample(range(n), k)] if k == 2 else \
            list(enumerate(rng.sample(range(n), n)))
        areas = rooms_around(spots, n, n, k, rng)
    answers = _answers(areas, k, {})
    cells = [(r, c) for r in range(n) for c in range(n)]
    pick = rng.choice(sorted(answers)) if answers and seed % 5 else None
    givens = {x: ("*" if pick[x[0]][x[1]] == "*" else "+") if pick else rng.choice("*+")
              for x in rng.sample(cells, seed % 3)}
    res = count(_board(areas, k, givens), limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(areas, k, givens)


def test_holes():
    """A 4x4 with its corners outside the shape ('@') and one black cell ('#'): the two
    ways of one star per row and column that miss them fit the rooms."""
    areas = normalize_areas(["@aa@", "b#ac", "bbcc", "@dd@"])
    givens = {(0, 0): "@", (0, 3): "@", (3, 0): "@", (3, 3): "@", (1, 1): "#"}
    got = {s.rows for s in count(_board(areas, 1, givens), limit=None).solutions}
    assert got == _answers(areas, 1, givens) == {(".*..", "...*", "*...", "..*."),
                                                  ("..*.", "*...", "...*", ".*..")}
    wrong = ("*...", "...*", "*...", "..*.")
    assert [v.code for v in GENRE.verify(_board(areas, 1, givens), Solution(wrong))] == ["anBadChar"]


# -- givens and bad input ------------------------------------------------------------------
def test_givens():
    board = _board(ROOMS, 1, {(0, 1): "+"})
    assert count(board, limit=5).count == 0
    got = GENRE.verify(board, Solution(PZPRJS[-1][1]))
    assert [(v.code, v.message) for v in got] == [("ceUnshaded", "a star stands where none is given")]


def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "starbattle", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


GRID = [[None, None], [None, None]]


@pytest.mark.parametrize("doc, message", [
    ({"rows": 2, "cols": 2, "grid": GRID}, "p.json:1:55: a Star Battle needs its rooms ('areas')"),
    ({"rows": 2, "cols": 2, "grid": GRID, "areas": ["ab", "ab"], "stars": 0},
     "p.json:1:117: stars: 'stars' must be 1-99, got 0"),
    ({"rows": 2, "cols": 2, "grid": GRID, "areas": ["ab", "ab"], "stars": "two"},
     "p.json:1:117: stars: unknown token 'two' (expected a number)"),
    ({"rows": 2, "cols": 2, "grid": [["x", None], [None, None]], "areas": ["ab", "ab"]},
     "p.json:1:57: r1c1: unknown given 'x' (expected '.', '*' a star or '+' no star)"),
    ({"rows": 2, "cols": 2, "grid": [["@", None], [None, "@"]], "areas": ["ab", "ba"]},
     "p.json:1:55: region 2 falls into pieces (r2c1 is cut off from the rest)"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc) == message


def test_holes_may_share_a_label():
    """Two '@' cells labelled alike are no region (the rest are connected rooms)."""
    (_, doc), = parse_documents(json.dumps({"genre": "starbattle", "rows": 3, "cols": 3, "grid": [
        ["@", None, None], [None] * 3, [None, None, "@"]], "areas": ["@ab", "aab", "cc@"]}), "p.json")
    assert not isinstance(doc, Exception)
    assert GENRE.rooms(doc.puzzle) == [[(0, 1), (1, 0), (1, 1)], [(0, 2), (1, 2)], [(2, 0), (2, 1)]]
    assert count(doc.puzzle, limit=3).count == 0  # no 3x3 holds three apart


# -- generation ------------------------------------------------------------------------------
@pytest.mark.parametrize("size, stars", [(6, 1), (8, 2)])
def test_generate(size, stars):
    opts = GenerateOptions(genre="starbattle", rows=size, cols=size, extra=(("stars", str(stars)),))
    got = generate_one(opts, 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    assert got.puzzle.param("stars") == stars
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

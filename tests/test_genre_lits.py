"""LITS on the kit: the twelve published janko.at puzzles, pzprjs's test script (URL,
pzprv3 file and failcodes), counts against an independent enumerator on small random
rooms, the shape rules, given cells, bad input, generation."""
from __future__ import annotations

import itertools
import json
import random

import pytest

from enumerators import connected, has_2x2, shade_rows
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.placement import random_rooms
from pencilproof.encodings.kit.shapes import TETROMINOES, canonical, connected_subsets, shape_name
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url, to_pzprv3, to_url
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("lits")
RECORDS = janko_lines("lits")


def test_janko_letters_are_the_shapes():
    """LITS 001: the published letters name the shapes of the solution's tetrominoes."""
    for i in range(12):
        block = RECORDS[i]["janko"].split("\n")
        rows = [line.split() for line in block[block.index("solution") + 1:block.index("end")]]
        doc = janko_doc("lits", i)
        for room in {k for row in doc.puzzle.param("areas") for k in row}:
            cells = [(r, c) for r, row in enumerate(doc.puzzle.param("areas"))
                     for c, k in enumerate(row) if k == room and rows[r][c] != "-"]
            assert {rows[r][c] for r, c in cells} == {shape_name(cells)}
    assert janko_doc("lits", 0).solution.rows[0] == "###..##"


# pzprjs test/script/lits.js: the URL, and its answers (pzprv3 files with the rooms as
# numbers, then the answer: '#' shaded, '+' dotted and '.' undecided both unshaded here).
URL = "https://puzz.link/p?lits/4/4/9q02jg"
ROOMS = ((0, 0, 1, 1), (0, 0, 1, 2), (0, 1, 1, 2), (2, 2, 2, 2))
PZPRJS = [
    ("cs2x2", ("##..", "##..", "....", "....")),
    ("bkShadeGt4", ("..##", "..#.", ".##.", "....")),
    ("bkShadeDivide", ("..##", "....", ".###", "....")),
    ("bsSameShape", ("####", "#.#.", "#.#.", "....")),
    ("csDivide", ("#.##", "#.#.", "#.#.", "....")),
    ("bkNoShade", ("#.##", "###.", "#.#.", "....")),
    ("bkShadeLt4", ("#.##", "###.", "#.#.", "..##")),
    (None, ("#.##", "###.", "#.#.", "####")),
]


def _board(areas, givens=None) -> Puzzle:
    rows, cols = len(areas), len(areas[0])
    grid = tuple(tuple((givens or {}).get((r, c)) for c in range(cols)) for r in range(rows))
    return Puzzle("lits", rows, cols, grid).with_params(areas=areas)


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
    text = "pzprv3/lits/4/4/3/0 0 1 1 /0 0 1 2 /0 1 1 2 /2 2 2 2 /# + # # /# # # + /# + # + /# # # # /"
    (_, doc), = parse_documents(text, "f")
    assert doc.puzzle == _board(ROOMS) and doc.solution.rows == PZPRJS[-1][1]
    out = to_pzprv3(doc.puzzle, doc.solution, slashes=True)
    assert out.startswith("pzprv3.1/lits/4/4/0 1 0 /0 1 1 /1 0 1 /0 0 0 /0 0 0 1 /0 1 0 0 /1 1 1 0 /")
    (_, again), = parse_documents(out, "g")
    assert again.puzzle == doc.puzzle and again.solution == doc.solution


def test_codes_and_cells():
    got = GENRE.verify(_board(ROOMS), Solution(("####", "#.#.", "#.#.", "....")))
    room2 = ((1, 3), (2, 3), (3, 0), (3, 1), (3, 2), (3, 3))
    assert [(v.code, v.cells, v.message) for v in got] == [
        ("bsSameShape", ((0, 1), (0, 2)), "two L tetrominoes touch"),
        ("bkNoShade", room2, "a room has no shaded cell")]
    got = GENRE.verify(_board(ROOMS), Solution(("#.##", "###.", "#.##", "###.")))
    assert [(v.code, v.cells) for v in got] == [("bkShadeDivide", room2)]


def test_shapes():
    assert len(TETROMINOES) == 5 and len(set(TETROMINOES.values())) == 5
    assert canonical([(5, 5), (6, 5), (7, 5), (7, 4)]) == TETROMINOES["L"]  # a J is an L
    assert shape_name([(0, 1), (1, 0), (1, 1), (2, 0)]) == "S"               # so is a Z
    # every place of the 19 fixed tetrominoes in a 4x4 box: I 4 + 4, O 9, and the 16
    # that span 2x3 or 3x2 (L 8, T 4, S 4) 6 each
    assert len(connected_subsets([(r, c) for r in range(4) for c in range(4)], 4)) == 8 + 9 + 16 * 6
    assert len(connected_subsets([(0, 0), (0, 1), (1, 1)], 2)) == 2


# -- brute force ---------------------------------------------------------------------------
def _shape(cells) -> tuple:
    """The least of a piece's eight orientations, each moved to the corner."""
    out = []
    for m in ((1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
              (1, 0, 0, -1), (-1, 0, 0, 1), (0, 1, 1, 0), (0, -1, -1, 0)):
        pts = [(m[0] * r + m[1] * c, m[2] * r + m[3] * c) for r, c in cells]
        r0, c0 = min(p[0] for p in pts), min(p[1] for p in pts)
        out.append(tuple(sorted((r - r0, c - c0) for r, c in pts)))
    return min(out)


def _answers(areas, givens) -> set[tuple[str, ...]]:
    rows, cols = len(areas), len(areas[0])
    rooms: dict = {}
    for r in range(rows):
        for c in range(cols):
            rooms.setdefault(areas[r][c], []).append((r, c))
    choices = [[p for p in itertools.combinations(cells, 4) if connected(p)] for cells in rooms.values()]
    out = set()
    for pick in itertools.product(*choices):
        on = {x for piece in pick for x in piece}
        if has_2x2(on) or not connected(on) or any((x in on) != (v == "#") for x, v in givens.items()):
            continue
        shape = {x: _shape(piece) for piece in pick for x in piece}
        if any(areas[r][c] != areas[y][x] and shape[(r, c)] == shape[(y, x)]
               for (r, c) in on for y, x in ((r + 1, c), (r, c + 1)) if (y, x) in on):
            continue
        out.add(shade_rows(on, rows, cols))
    return out


@pytest.mark.parametrize("seed", range(16))
def test_brute_force(seed):
    """Random rooms (redrawn, for most seeds, until some answer exists), givens read off
    one answer or drawn at random."""
    rng = random.Random(seed)
    for _ in range(30):
        rows, cols = rng.choice([(4, 4), (4, 5), (5, 5)])
        areas = random_rooms(rows, cols, rng, (4, 5, 6), 4)
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


def test_a_board_with_several_answers():
    """Two 2x4 rooms, one above the other: each holds an I, an L, an S or a T; they
    touch along the border, so their shapes differ and they share an edge."""
    areas = ((0, 0, 0, 0), (0, 0, 0, 0), (1, 1, 1, 1), (1, 1, 1, 1))
    got = {s.rows for s in count(_board(areas), limit=None).solutions}
    assert got == _answers(areas, {}) and len(got) > 10


# -- givens and bad input ------------------------------------------------------------------
def test_givens():
    board = _board(ROOMS, {(0, 1): "#"})
    assert count(board, limit=5).count == 0
    got = GENRE.verify(board, Solution(PZPRJS[-1][1]))
    assert [(v.code, v.message) for v in got] == [("ceShaded", "a cell given shaded is not")]


def test_janko_cell_in_no_room():
    """LITS 061's areas have a cell '@' (r4c7) in no room: it stays unshaded. Read as a
    room of one cell, the page had no answer."""
    doc = janko_doc("lits", 12)
    assert doc.puzzle.grid[3][6] == "@" and doc.solution.rows[3][6] == "."
    res = check(doc.puzzle)
    assert res.verdict == Verdict.UNIQUE and res.solutions[0] == doc.solution
    rows = list(doc.solution.rows)
    rows[3] = rows[3][:6] + "#" + rows[3][7:]
    assert ("ceUnshaded", "a cell in no room is shaded") in [
        (v.code, v.message) for v in GENRE.verify(doc.puzzle, Solution(tuple(rows)))]


def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "lits", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("doc, message", [
    ({"rows": 2, "cols": 2, "grid": [[None, None], [None, None]]},
     "p.json:1:49: a LITS needs its rooms ('areas')"),
    ({"rows": 2, "cols": 2, "grid": [["I", None], [None, None]], "areas": ["ab", "ab"]},
     "p.json:1:51: r1c1: unknown given 'I' (expected '.', '#' shaded or '+' unshaded)"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc) == message


# -- generation ------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="lits", rows=6, cols=6), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

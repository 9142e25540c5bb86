"""Heyawake: the Janko puzzles' published solutions, pzprjs's test script (URL, pzprv3
files and failcodes), a brute-force count on small boards, input errors, generation."""
from __future__ import annotations

import json
import random

import pytest

from enumerators import connected, shade_rows
from janko_data import janko_doc
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.analysis.repair import repair
from pencilproof.formats import parse_documents, parse_url
from pencilproof.formats.pzprv3 import parse_pzprv3
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.generator.minimize import minimize
from pencilproof.puzzle import Puzzle, Solution

HEYAWAKE = get_genre("heyawake")


def _puzzle(rooms, numbers) -> Puzzle:
    """Rooms as rows of one-character labels, numbers as rows ('.' none, '?' or a digit)."""
    grid = tuple(tuple(None if ch == "." else "?" if ch == "?" else int(ch) for ch in row)
                 for row in numbers)
    labels: dict = {}
    layout = tuple(tuple(labels.setdefault(ch, len(labels)) for ch in row) for row in rooms)
    return Puzzle("heyawake", len(grid), len(grid[0]), grid).with_params(areas=layout)


def test_janko_tokens():
    """Janko's areas are letters (and more: 009 has 0-9 and A-Z too), numbers stand in any
    cell of their room; solution 'x' is shaded."""
    doc = janko_doc("heyawake", 0)  # Heyawake 001, 10x10
    assert doc.puzzle.param("areas")[0] == (0, 0, 0, 1, 1, 2, 2, 3, 4, 4)
    assert doc.puzzle.grid[2][:6] == (3, None, None, None, None, 5)
    assert doc.solution.rows[0] == "..#....#.."
    big = janko_doc("heyawake", 8)  # Heyawake 009, 17x17
    assert big.puzzle.rows == 17 and len(set(sum(big.puzzle.param("areas"), ()))) > 36


def test_janko_label_of_two_rooms():
    """Janko's Heyawake 049 labels two rooms apart 'f' (r4c1 and r4c8, a row of 'g'
    between them): each piece of a label is a room of its own (a JSON layout whose
    label falls into pieces is still refused: test_bad_input)."""
    doc = janko_doc("heyawake", 12)
    layout = doc.puzzle.param("areas")
    assert layout[3][0] != layout[3][7] and len(set(sum(layout, ()))) == 20
    res = check(doc.puzzle)
    assert res.verdict.value == "unique" and res.solutions[0] == doc.solution


# pzprjs test/script/heyawake.js: the URL and its wrong answers. Translated by hand from
# the pzprv3 data: after the room count come 6 rows of room numbers, 6 rows of givens
# (numbers in the rooms' top-left cells), 6 rows of marks: '#' shaded, '+' and '.' not.
URL = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"
ROOMS = ("011223", "011223", "011223", "444443", "555663", "555667")
NUMBERS = ("22.2.2", "......", "......", "......", "......", "......")
HEAD = ("pzprv3/heyawake/6/6/8/0 1 1 2 2 3 /0 1 1 2 2 3 /0 1 1 2 2 3 /4 4 4 4 4 3 /"
        "5 5 5 6 6 3 /5 5 5 6 6 7 /2 2 . 2 . 2 /. . . . . . /. . . . . . /. . . . . . /"
        ". . . . . . /. . . . . . /")
PZPRJS = [
    # pzprjs's first case, brNoShade, is an empty board: its check that an answer was
    # begun, not a rule; here that board breaks the room counts (bkShadeNe).
    ("bkShadeNe", ". . . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /",
     ("......", "......", "......", "......", "......", "......")),
    ("csAdjacent", ". . . . . . /. . . . . . /. . . . . . /. . . . . . /. # . . . . /. # . . . . /",
     ("......", "......", "......", "......", ".#....", ".#....")),
    ("cuDivideRB", "# . # . . . /. . . # . . /# . # . . . /. # . . . . /. . . . . . /. . . . . . /",
     ("#.#...", "...#..", "#.#...", ".#....", "......", "......")),
    ("bkShadeNe", "# . . . . . /. . . # . . /# . # . # . /. # . . . . /. . . . . . /. . . . . . /",
     ("#.....", "...#..", "#.#.#.", ".#....", "......", "......")),
    ("bkUnshadeConsecGt3",
     "# + # + + # /+ + + # + + /# + # + # + /+ + + + + + /. # . # . # /. . . . . . /",
     ("#.#..#", "...#..", "#.#.#.", "......", ".#.#.#", "......")),
    (None, "# + # + + # /+ + + # + + /# + # + # + /+ + + + + + /+ # + # + # /+ + # + + + /",
     ("#.#..#", "...#..", "#.#.#.", "......", ".#.#.#", "..#...")),
]
#: pzprjs's checklist order (heyawake.js): the first rule broken is the one reported.
ORDER = ("csAdjacent", "cuDivideRB", "bkShadeNe", "bkUnshadeConsecGt3")


def test_pzprjs_url_decodes():
    assert parse_url(URL) == _puzzle(ROOMS, NUMBERS)


@pytest.mark.parametrize("code, body, rows", PZPRJS)
def test_pzprjs_failcodes(code, body, rows):
    doc = parse_pzprv3(HEAD + body, "script")
    assert doc.puzzle == _puzzle(ROOMS, NUMBERS)
    assert doc.solution is None or doc.solution.rows == rows
    codes = {v.code for v in HEYAWAKE.verify(_puzzle(ROOMS, NUMBERS), Solution(rows))}
    assert next((c for c in ORDER if c in codes), None) == code


def test_pzprjs_answer_is_the_unique_solution():
    res = check(_puzzle(ROOMS, NUMBERS))
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == PZPRJS[-1][2]


def test_pzprjs_heyawacky_file():
    """The script's 'heyawacky' file (pzprjs's alias): a room around other rooms, its
    answer verifies and is the unique one."""
    doc = parse_pzprv3("pzprv3/heyawacky/4/4/5/0 0 0 0 /0 1 2 0 /0 0 2 0 /3 0 4 0 /"
                       ". . . . /. . . . /. . . . /. . 1 . /+ + + + /+ + # + /+ # + + /"
                       "+ + # + ", "script")
    assert doc.puzzle == _puzzle(("AAAA", "ABCA", "AACA", "DAEA"), ("....", "....", "....", "..1."))
    assert doc.solution.rows == ("....", "..#.", ".#..", "..#.")
    assert HEYAWAKE.verify(doc.puzzle, doc.solution) == []


@pytest.mark.parametrize("rows, expected", [
    (("#.#..#", "...#..", "#.#.#.", "......", ".#.#.#", "..#..."), []),
    # r4c3 shaded: it touches r3c3, and r5c3 and the block left of it are cut off
    (("#.#..#", "...#..", "#.#.#.", "..#...", ".#.#.#", "..#..."),
     [("csAdjacent", ((2, 2), (3, 2)), "two shaded cells touch"),
      ("cuDivideRB", ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (3, 0), (3, 1), (4, 0), (4, 2),
                      (5, 0), (5, 1)), "the unshaded cells fall into 3 pieces")]),
    # the bottom row unshaded: rooms 6, 7 and 8 in one run
    (("#.#..#", "...#..", "#.#.#.", "......", ".#.#.#", "......"),
     [("bkUnshadeConsecGt3", ((5, 0), (5, 1), (5, 2), (5, 3), (5, 4), (5, 5)),
       "a run of unshaded cells crosses two room borders")]),
    # r3c3 unshaded: column 3 runs through rooms 2, 5 and 6; room 2 has one shaded cell
    (("#.#..#", "...#..", "#...#.", "......", ".#.#.#", "..#..."),
     [("bkUnshadeConsecGt3", ((1, 2), (2, 2), (3, 2), (4, 2)),
       "a run of unshaded cells crosses two room borders"),
      ("bkShadeNe", ((0, 1), (0, 2), (1, 1), (1, 2), (2, 1), (2, 2)),
       "a room has 1 shaded cells instead of 2")]),
    # r2c2 shaded: three cut-off cells, three shaded cells in room 2
    (("#.#..#", ".#.#..", "#.#.#.", "......", ".#.#.#", "..#..."),
     [("cuDivideRB", ((0, 1), (1, 0), (1, 2)), "the unshaded cells fall into 4 pieces"),
      ("bkShadeNe", ((0, 1), (0, 2), (1, 1), (1, 2), (2, 1), (2, 2)),
       "a room has 3 shaded cells instead of 2")]),
])
def test_codes_cells_and_messages(rows, expected):
    got = HEYAWAKE.verify(_puzzle(ROOMS, NUMBERS), Solution(rows))
    assert [(v.code, v.cells, v.message) for v in got] == expected


# -- brute force ---------------------------------------------------------------------------
def _runs_ok(layout, shaded: set) -> bool:
    """No run of unshaded cells in a row or column crosses two room borders."""
    rows, cols = len(layout), len(layout[0])
    lines = [[(r, c) for c in range(cols)] for r in range(rows)]
    lines += [[(r, c) for r in range(rows)] for c in range(cols)]
    for line in lines:
        borders = 0
        for a, b in zip(line, line[1:]):
            if a in shaded or b in shaded:
                borders = 0
            elif layout[a[0]][a[1]] != layout[b[0]][b[1]]:
                borders += 1
                if borders > 1:
                    return False
    return True


def _enumerate(puzzle: Puzzle) -> set[tuple[str, ...]]:
    """Every answer: shadings with no two shaded cells side by side, built row by row,
    kept when the unshaded cells are one piece, the numbers count their rooms and no
    run crosses two borders (plain Python)."""
    rows, cols, layout = puzzle.rows, puzzle.cols, puzzle.param("areas")
    masks = [m for m in range(1 << cols) if not m & (m >> 1)]
    out = set()

    def walk(r: int, prev: int, chosen: list[int]) -> None:
        if r == rows:
            shaded = {(i, c) for i, m in enumerate(chosen) for c in range(cols) if m >> c & 1}
            white = {(i, c) for i in range(rows) for c in range(cols)} - shaded
            if not connected(white) or not _runs_ok(layout, shaded):
                return
            for (i, j), n in puzzle.clues().items():
                room = {(y, x) for y in range(rows) for x in range(cols)
                        if layout[y][x] == layout[i][j]}
                if n != "?" and len(room & shaded) != n:
                    return
            out.add(shade_rows(shaded, rows, cols))
            return
        for m in masks:
            if not m & prev:
                walk(r + 1, m, chosen + [m])

    walk(0, 0, [])
    return out


def _random_board(rng: random.Random) -> Puzzle:
    """Random rectangle rooms (the genre's own drawing, which only builds the puzzle);
    numbers from one of the board's answers (some rooms left out, one changed now and
    then), or random numbers."""
    rows, cols = rng.choice([(3, 4), (4, 4), (4, 5)])
    blank = HEYAWAKE.random_layout(rows, cols, rng)
    answers = sorted(_enumerate(blank))
    layout = blank.param("areas")
    grid = [[None] * cols for _ in range(rows)]
    firsts = {}
    for r in range(rows):
        for c in range(cols):
            firsts.setdefault(layout[r][c], (r, c))
    pick = rng.choice(answers) if answers and rng.random() < 0.8 else None
    for k, (r, c) in firsts.items():
        if rng.random() < 0.6:
            if pick is None:
                grid[r][c] = rng.choice(["?", 0, 1, 2])
            else:
                room = [(y, x) for y in range(rows) for x in range(cols) if layout[y][x] == k]
                grid[r][c] = sum(pick[y][x] == "#" for y, x in room) + (rng.random() < 0.1)
    return blank.with_clues({(r, c): grid[r][c] for r in range(rows) for c in range(cols)
                             if grid[r][c] is not None})


@pytest.mark.parametrize("seed", range(30))
def test_brute_force(seed):
    puzzle = _random_board(random.Random(seed))
    res = count(puzzle, limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _enumerate(puzzle)


# -- input errors --------------------------------------------------------------------------
@pytest.mark.parametrize("token, message", [
    (-1, "clue -1 is out of range (0-999)"),
    ("x", "unknown token 'x' (expected '.' or a number)"),
    (True, "a clue must be a number, got True"),
])
def test_bad_clues(token, message):
    with pytest.raises(InputError) as e:
        HEYAWAKE.parse_clue(token, "f.txt:2: r1c3")
    assert str(e.value) == f"f.txt:2: r1c3: {message}"


@pytest.mark.parametrize("doc, message", [
    ({"genre": "heyawake", "rows": 2, "cols": 2, "grid": [[1, None], [None, None]]},
     "p.json:1:53: a Heyawake needs its rooms ('areas')"),
    ({"genre": "heyawake", "rows": 2, "cols": 2, "grid": [[1, 2], [None, None]],
      "areas": ["aa", "bb"]},
     "p.json:1:53: one room holds 2 numbers (r1c1, r1c2)"),
    ({"genre": "heyawake", "rows": 2, "cols": 2, "grid": [[1, None], [None, None]],
      "areas": ["ab", "ba"]},
     "p.json:1:53: region 2 falls into pieces (r2c1 is cut off from the rest)"),
])
def test_bad_puzzles(doc, message):
    (_, got), = parse_documents(json.dumps(doc), "p.json")
    assert isinstance(got, InputError)
    assert str(got) == message


def test_bad_answer_character():
    with pytest.raises(InputError) as e:
        HEYAWAKE.parse_solution(_puzzle(ROOMS, NUMBERS), ("#.#..#", "...#..", "#.#.#.",
                                                          "....?.", ".#.#.#", "..#..."), "a.txt")
    assert str(e.value) == "a.txt: unknown answer character '?' at r4c5 (expected # or .)"


# -- generation ------------------------------------------------------------------------------
def test_random_layout_tiles_the_grid_with_rectangles():
    layout = HEYAWAKE.random_layout(7, 9, random.Random(4)).param("areas")
    cells: dict = {}
    for r, row in enumerate(layout):
        for c, k in enumerate(row):
            cells.setdefault(k, []).append((r, c))
    for room in cells.values():
        rs, cs = {r for r, _ in room}, {c for _, c in room}
        assert len(room) == len(rs) * len(cs) and max(rs) - min(rs) < 3 and max(cs) - min(cs) < 3


def test_generate_and_minimize():
    for index in range(3):
        got = generate_one(GenerateOptions(genre="heyawake", rows=6, cols=6), 1, index)
        assert got is not None
        assert HEYAWAKE.verify(got.puzzle, got.solution) == []
        res = check(got.puzzle)
        assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows
        rooms = got.puzzle.param("areas")
        for (r, c) in got.puzzle.clues():  # numbers in the top-left cells of their rooms
            assert all(rooms[y][x] != rooms[r][c] for y in range(6) for x in range(6)
                       if (y, x) < (r, c))
    m = minimize(_puzzle(ROOMS, NUMBERS))
    assert check(m.minimized).solutions[0].rows == PZPRJS[-1][2]
    assert len(m.minimized.clues()) < 5


def test_repair_of_a_file_with_its_answer():
    """An answer read from a file knows its rooms (the kit keeps the puzzle as its
    layout), so repair can offer room numbers for it: the pzprjs puzzle without its
    numbers gets numbers back that make it unique with that answer."""
    text = json.dumps({"genre": "heyawake", "rows": 6, "cols": 6,
                       "grid": [[None] * 6 for _ in range(6)], "areas": list(ROOMS),
                       "solution": list(PZPRJS[-1][2])})
    (_, doc), = parse_documents(text, "p.json")
    got = repair(doc.puzzle, doc.solution)
    assert got.found and not got.already_unique and got.clues
    res = check(got.repaired)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == PZPRJS[-1][2]

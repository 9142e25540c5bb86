"""Gokigen Naname on the kit: published janko.at puzzles (clues on the grid points),
pzprjs's test script (URL, failcodes), counts against an independent enumerator on small
boards, loops, answers of cells or of points, bad input, pictures, generation."""
from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.diagonals import cycles
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url, to_url
from pencilproof.formats.janko import parse_janko
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.output.scene import Line, picture
from pencilproof.output.unicode import render_grid
from pencilproof.puzzle import Puzzle

GENRE = get_genre("gokigen")
DATA = Path(__file__).parent / "data" / "janko" / "gokigen.jsonl"
RECORDS = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]


def points(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else t if t == "?" else int(t) for t in row.split())
                 for row in rows)
    return Puzzle("gokigen", len(grid), len(grid[0]), grid)


def answer(p: Puzzle, cells: list[str]) -> KitAnswer:
    return GENRE.parse_solution(p, cells, "test")


def flipped(rows: tuple[str, ...], r: int, c: int) -> KitAnswer:
    row = rows[r]
    return KitAnswer(rows[:r] + (row[:c] + ("/" if row[c] == "\\" else "\\") + row[c + 1:],) + rows[r + 1:])


# -- 1. published puzzles ---------------------------------------------------------------

@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_janko_record_is_unique_with_its_published_solution(i):
    doc = parse_janko(RECORDS[i]["janko"], f"gokigen.jsonl:{i + 1}")
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution
    assert GENRE.verify(doc.puzzle, doc.solution) == []
    cells = [(r, c) for r in range(doc.puzzle.rows - 1) for c in range(doc.puzzle.cols - 1)]
    for r, c in random.Random(i).sample(cells, 30):  # unique: any other answer breaks a rule
        assert GENRE.verify(doc.puzzle, flipped(doc.solution.rows, r, c)), (r, c)


def test_janko_blocks_are_read_as_points_and_cells():
    # Janko 001: "size 6", a problem of 7 rows of 7 points ("- 0 - 0 - - 0"), a solution
    # of 6 rows of 6 cells ("\ / \ / \ \").
    doc = parse_janko(RECORDS[0]["janko"], "gokigen.jsonl:1")
    assert (doc.puzzle.rows, doc.puzzle.cols) == (7, 7)
    assert doc.puzzle.grid[0] == (None, 0, None, 0, None, None, 0)
    assert doc.solution.rows[0] == "\\/\\/\\\\." and doc.solution.rows[6] == "." * 7
    wide = parse_janko(RECORDS[6]["janko"], "gokigen.jsonl:7")  # "rows 10", "cols 14"
    assert (wide.puzzle.rows, wide.puzzle.cols) == (11, 15)


def test_answers_of_cells_or_of_points():
    p = points(["1 . .", ". . .", ". . ."])
    want = ("\\/.", "/\\.", "...")
    assert answer(p, ["\\/", "/\\"]).rows == want
    assert answer(p, ["\\ /", "/ \\"]).rows == want
    assert answer(p, ["\\/.", "/\\.", "..."]).rows == want


# -- 2. pzprjs test/script/gokigen.js ------------------------------------------------------
# url 4/4/iaegcgcj6a (4Cross: 5x5 points); each answer is the last block of the script's
# pzprv3 string (4 rows of 4 cells): 1 written '\', 2 written '/', '.' (none) '.'.
SCRIPT = points([". . . 0 .", ". 4 . . .", "2 . . . 2", ". . . . .", ". 1 . 0 ."])
WRONG = [
    ("slLoop", ["./\\.", "/..\\", "\\../", ".\\/."]),
    ("crConnSlNe", ["./\\.", "/..\\", "\\../", "../."]),
    ("ceNoSlash", ["\\/\\/", "/\\.\\", "\\../", ".//\\"]),
]
RIGHT = ["\\/\\/", "/\\\\\\", "\\\\//", "///\\"]


def test_pzprjs_url():
    url = "https://puzz.link/p?gokigen/4/4/iaegcgcj6a"
    assert parse_url(url) == SCRIPT and to_url(SCRIPT) == url


@pytest.mark.parametrize("code, cells", WRONG)
def test_pzprjs_failcodes(code, cells):
    # reported in pzprjs's order (loops, numbers, empty cells): its code is our first
    assert GENRE.verify(SCRIPT, answer(SCRIPT, cells))[0].code == code


def test_pzprjs_answer_is_the_unique_solution():
    res = check(SCRIPT)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == answer(SCRIPT, RIGHT)


def test_loops_name_their_cells():
    # the script's loop: eight diagonals around the middle 2x2 block
    loop = GENRE.verify(SCRIPT, answer(SCRIPT, WRONG[0][1]))[0]
    assert loop.cells == ((0, 1), (0, 2), (1, 0), (1, 3), (2, 0), (2, 3), (3, 1), (3, 2))
    # a diamond around one point, and a tail on it (not part of the loop)
    assert sorted(x for loop in cycles({(0, 0): "/", (0, 1): "\\", (1, 0): "\\", (1, 1): "/",
                                        (2, 2): "\\"}) for x in loop) == [(0, 0), (0, 1), (1, 0), (1, 1)]


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every choice of a diagonal per cell whose diagonals, as edges
# between grid points, close no cycle (union-find); a clue at point (i, j) counts '\' in
# (i-1, j-1) and (i, j) and '/' in (i-1, j) and (i, j-1).

def root(parent: dict, x: tuple) -> tuple:
    while parent.setdefault(x, x) != x:
        x = parent[x]
    return x


def brute(p: Puzzle) -> set[tuple[str, ...]]:
    rows, cols = p.rows - 1, p.cols - 1
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    out = set()
    for chars in itertools.product("\\/", repeat=len(cells)):
        got = dict(zip(cells, chars))
        parent: dict = {}
        looped = False
        for (r, c), ch in got.items():
            a, b = ((r, c), (r + 1, c + 1)) if ch == "\\" else ((r, c + 1), (r + 1, c))
            ra, rb = root(parent, a), root(parent, b)
            looped |= ra == rb
            parent[ra] = rb
        if looped:
            continue
        if all(v == "?" or v == sum(got.get(x) == ch for x, ch in (
                ((i - 1, j - 1), "\\"), ((i, j), "\\"), ((i - 1, j), "/"), ((i, j - 1), "/")))
               for (i, j), v in p.clues().items()):
            out.add(tuple("".join(got.get((r, c), ".") for c in range(p.cols)) for r in range(p.rows)))
    return out


def random_boards(seed: int, n: int) -> list[Puzzle]:
    rng = random.Random(seed)
    out = []
    for k in range(n):
        rows, cols = rng.choice([(2, 2), (2, 3), (3, 3), (3, 4)])
        grid = [[None] * (cols + 1) for _ in range(rows + 1)]
        for i in range(rows + 1):
            for j in range(cols + 1):
                if rng.random() < 0.35:
                    near = (min(i, 1) + (i < rows)) * (min(j, 1) + (j < cols))
                    grid[i][j] = "?" if rng.random() < 0.1 else rng.randint(0, min(near, 2 + k % 3))
        out.append(Puzzle("gokigen", rows + 1, cols + 1, tuple(map(tuple, grid))))
    return out


@pytest.mark.parametrize("p", random_boards(17, 24), ids=lambda b: str(b.grid))
def test_counts_match_the_enumerator(p):
    expected = brute(p)
    res = count(p, limit=len(expected) + 1)
    assert res.complete and {s.rows for s in res.solutions} == expected


def test_small_boards_by_hand():
    # 2x2 cells with no clue: 16 choices less the one diamond (a loop) = 15
    assert count(points([". . .", ". . .", ". . ."])).count == 15
    # a 4 in the middle: the four diagonals meet there ('\/' over '/\')
    assert [s.rows for s in count(points([". . .", ". 4 .", ". . ."])).solutions] == [
        ("\\/.", "/\\.", "...")]


# -- 4. bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    ('{"genre":"gokigen","rows":3,"cols":3,"grid":[[5,null,null],[null,null,null],[null,null,null]]}',
     "t.json:1:47: r1c1: clue 5 is out of range (0-4)"),
    ('{"genre":"gokigen","rows":3,"cols":3,"grid":[[2,null,null],[null,null,null],[null,null,null]]}',
     "t.json:1:45: r1c1: clue 2 is out of range (a point there has 1 cell around it)"),
    ("gokigen 1x3\n. . .\n",
     "t.json: a grid of 1x3 points has no cell (the grid is the points: one more than the "
     "cells each way)"),
    ('{"genre":"gokigen","rows":2,"cols":2,"grid":[[null,null],[null,null]],"solution":["x"]}',
     "t.json:1:82: solution: unknown answer character 'x' at r1c1 (expected \\ or /)"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


def test_janko_problem_of_the_cells_size_is_refused():
    block = RECORDS[0]["janko"].replace("- 0 - 0 - - 0\n", "")
    with pytest.raises(InputError) as e:
        parse_janko(block, "x.txt")
    assert str(e.value) == "x.txt:1:1: problem has 6 rows, expected 7 (the grid points of 6x6 cells)"


# -- 5. pictures and generation -------------------------------------------------------------

def test_pictures_draw_diagonals():
    p = points([". . .", ". 4 .", ". . ."])
    sol = answer(p, ["\\/", "/\\"])
    lines = [s for s in picture(p, sol).shapes if isinstance(s, Line) and s.width == 3.5]
    assert len(lines) == 4
    assert render_grid(p, sol, ascii=False)[:2] == ["  ╲  ╱  ·", "  ╱ 4╲  ·"]
    assert render_grid(p, sol, ascii=True)[0] == "  \\  /  ."


def test_generate_unique_puzzles():
    got = generate_one(GenerateOptions(genre="gokigen", rows=6, cols=6), 2, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows
    assert got.solution.rows[-1] == "......" and all(row[-1] == "." for row in got.solution.rows)

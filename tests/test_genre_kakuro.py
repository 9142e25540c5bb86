"""Kakuro on the kit: the twelve published janko.at puzzles (read off their solutions),
pzprjs's test script answers, counts against an independent enumerator on small boards,
codes, bad input, generation."""
from __future__ import annotations

import json
import random

import pytest

from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("kakuro")
RECORDS = janko_lines("kakuro")


def test_janko_reading():
    """Kakuro 001: '-' black, each run's digit sum on the black cell before it."""
    doc = janko_doc("kakuro", 0)
    assert doc.puzzle.rows == 10 and doc.puzzle.cols == 12
    assert doc.puzzle.grid[0][:6] == ("#", "#", "16\\", "15\\", "#", "20\\")
    assert doc.puzzle.grid[1][:4] == ("#", "23\\7", None, None)  # 8+6+9 below, 3+4 across
    assert doc.puzzle.grid[2][0] == "\\23"
    assert doc.solution.rows[1] == "##34#79###31"


# pzprjs test/script/kakuro.js (URL 5/5/48la0.na0lh3l0Bn.0cl.c4a3): its pzprv3 board is 5x5
# with the outside cells' sums in an extra top row and left column, which are our row 0 and
# column 0; a black cell "A,D" holds its across then its down sum (0: none). Read by hand:
BOARD = ["# # 12\\ 4\\ # #", "# 4\\8 . . 10\\ #", "\\10 . . . . 10\\", "\\3 . . 17\\3 . .",
         "# \\21 . . . .", "# # \\12 . . #"]
PZPRJS = [  # the answer sections (5 rows of 5: '.' empty), our row 0 and column 0 added
    ("nmDupRow", ("######", "##..##", "#2...#", "#2.#..", "##....", "###..#")),
    ("nmSumRowNe", ("######", "##.3##", "#3415#", "#12#..", "##....", "###..#")),
    ("ceNoNum", ("######", "##.3##", "#3412#", "#12#12", "##.9.8", "###84#")),
    (None, ("######", "##53##", "#3412#", "#12#12", "##1938", "###84#")),
]


def _board(lines) -> Puzzle:
    grid = tuple(tuple(GENRE.parse_clue(t, "t") for t in line.split()) for line in lines)
    return Puzzle("kakuro", len(grid), len(grid[0]), grid)


@pytest.mark.parametrize("code, rows", PZPRJS)
def test_pzprjs_failcodes(code, rows):
    got = GENRE.verify(_board(BOARD), Solution(rows))
    assert (got[0].code if got else None) == code


def test_pzprjs_puzzle_is_unique():
    res = check(_board(BOARD))
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == PZPRJS[-1][1]


def test_codes_and_cells():
    got = GENRE.verify(_board(BOARD), Solution(("######", "##55##", "#3412#", "#12#12", "##1938", "###8.#")))
    assert [(v.code, v.cells) for v in got] == [
        ("nmDupRow", ((1, 2), (1, 3))), ("nmSumRowNe", ((1, 3), (2, 3))),
        ("nmSumRowNe", ((1, 2), (1, 3))), ("ceNoNum", ((5, 4),))]
    got = GENRE.verify(_board(BOARD), Solution(("######", "#.53##", "#3412#", "#12#12", "##1938", "###84#")))
    assert got[0].code == "anBadChar"


# -- brute force ---------------------------------------------------------------------------
def _runs(black: set, rows: int, cols: int) -> list[tuple[tuple[int, int], str, list]]:
    out = []
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in black:
                continue
            for d, (dr, dc) in (("D", (1, 0)), ("R", (0, 1))):
                cells, y, x = [], r + dr, c + dc
                while y < rows and x < cols and (y, x) not in black:
                    cells.append((y, x))
                    y, x = y + dr, x + dc
                if cells:
                    out.append(((r, c), d, cells))
    return out


def _answers(black, rows, cols, given) -> set:
    """Backtracking over the white cells in reading order: digits differ in each run, and a
    run with a given sum adds up to it once full."""
    whites = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in black]
    runs = _runs(black, rows, cols)
    out, digits = set(), {}

    def ok() -> bool:
        for head, d, cells in runs:
            vals = [digits[x] for x in cells if x in digits]
            if len(set(vals)) < len(vals):
                return False
            if (head, d) in given and len(vals) == len(cells) and sum(vals) != given[(head, d)]:
                return False
        return True

    def go(i: int) -> None:
        if i == len(whites):
            out.add(tuple("".join("#" if (r, c) in black else str(digits[(r, c)]) for c in range(cols))
                          for r in range(rows)))
            return
        for v in range(1, 10):
            digits[whites[i]] = v
            if ok():
                go(i + 1)
            del digits[whites[i]]

    go(0)
    return out


@pytest.mark.parametrize("seed", range(16))
def test_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = 4, 4
    black = {(r, c) for r in range(rows) for c in range(cols) if r == 0 or c == 0 or rng.random() < 0.15}
    runs = _runs(black, rows, cols)
    pick = {}
    for r in range(rows):  # one answer to read the sums off: a digit per white cell, runs apart
        for c in range(cols):
            if (r, c) not in black:
                used = {pick.get(x) for _, _, cells in runs if (r, c) in cells for x in cells}
                pick[(r, c)] = rng.choice([v for v in range(1, 10) if v not in used])
    given = {(head, d): sum(pick[x] for x in cells) + (1 if seed == 4 else 0)
             for head, d, cells in runs if rng.random() < 0.9}
    grid = [[None if (r, c) not in black else "#" for c in range(cols)] for r in range(rows)]
    for (r, c), _, _ in runs:
        down, right = given.get(((r, c), "D")), given.get(((r, c), "R"))
        if down or right:
            grid[r][c] = f"{down or ''}\\{right or ''}"
    puzzle = Puzzle("kakuro", rows, cols, tuple(map(tuple, grid)))
    res = count(puzzle, limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(black, rows, cols, given)


# -- input errors --------------------------------------------------------------------------
def _error(grid: list) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "kakuro", "grid": grid}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("grid, message", [
    ([["#", "x7"], ["#", None]],
     "p.json:1:36: r1c2: unknown token 'x7' (expected '.', a digit, '#' or DOWN\\ACROSS sums such "
     "as '16\\7', '\\7', '16\\')"),
    ([["#", 10], ["#", None]], "p.json:1:36: r1c2: given digit 10 is out of range (1-9)"),
    ([["#", "50\\"], ["#", None]], "p.json:1:36: r1c2: sum 50 is out of range (1-45)"),
    ([["#", "\\5"], ["#", None]], "p.json:1:29: the across sum 5 at r1c2 has a run of 0 cells"),
    ([["#"] * 11, ["#"] + [None] * 10],
     "p.json:1:29: a run of 10 white cells from r2c2 cannot hold different digits 1-9"),
])
def test_bad_puzzles(grid, message):
    assert _error(grid) == message


def test_bad_janko_token():
    block = RECORDS[0]["janko"].replace("- - 3 4 -", "- - 3 x -")
    (_, got), = parse_documents(json.dumps({"janko": block}), "k.json")
    assert isinstance(got, InputError) and str(got).endswith(
        "unknown solution token 'x' (expected '-' or a digit 1-9)")


# -- generation ------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="kakuro", rows=6, cols=6), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

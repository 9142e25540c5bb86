"""Kurodoko (Janko: Kuromasu) on the kit: published janko.at puzzles, pzprjs's test script,
counts against an independent enumerator on small boards, bad input, generation."""
from __future__ import annotations

import random

import pytest

from enumerators import apart_shadings, grid_cells, shade_rows, sight
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url, to_url
from pencilproof.formats.janko import parse_janko
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("kurodoko")
RECORDS = janko_lines("kurodoko")


def puzzle(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else t if t == "?" else int(t) for t in row.split())
                 for row in rows)
    return Puzzle("kurodoko", len(grid), len(grid[0]), grid)


def flipped(rows: tuple[str, ...], r: int, c: int) -> KitAnswer:
    row = rows[r]
    return KitAnswer(rows[:r] + (row[:c] + ("." if row[c] == "#" else "#") + row[c + 1:],) + rows[r + 1:])


# -- 1. published puzzles ---------------------------------------------------------------

def test_janko_tokens():
    # Janko Kuromasu 001: "puzzle kuromasu", "9 - - 8 - 9 - 8 -"; solution row 1 "- ... x".
    doc = janko_doc("kurodoko", 0)
    assert doc.puzzle.genre == "kurodoko"
    assert doc.puzzle.grid[0] == (9, None, None, 8, None, 9, None, 8, None)
    assert doc.solution.rows[0] == "........#"
    assert doc.puzzle.grid[6][1] == 15  # two-digit numbers


# -- 2. pzprjs test/script/kurodoko.js ----------------------------------------------------
# url 5/5/i7g5l2l2g4i; each answer is the second block of rows of the script's pzprv3
# string, '#' copied, '+' (marked unshaded) and '.' written '.'.
SCRIPT = [". . . 7 .", "5 . . . .", ". . 2 . .", ". . . . 2", ". 4 . . ."]
WRONG = [
    ("csAdjacent", (".....", ".....", ".....", "..#..", "..#..")),
    ("cuDivideRB", (".#...", "..#..", ".#...", "..#..", "...#.")),
    ("nmSumViewNe", ("#....", "..#..", ".#..#", "..#..", "#...#")),
]
RIGHT = (".#...", "..#..", ".#..#", "..#..", "#...#")


def test_pzprjs_url():
    url = "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i"
    assert parse_url(url) == puzzle(SCRIPT) and to_url(puzzle(SCRIPT)) == url


@pytest.mark.parametrize("code, rows", WRONG)
def test_pzprjs_failcodes(code, rows):
    # pzprjs's order is ours (adjacency, connectivity, numbers): its code is our first
    assert GENRE.verify(puzzle(SCRIPT), KitAnswer(rows))[0].code == code


def test_pzprjs_answer_is_the_unique_solution():
    res = check(puzzle(SCRIPT))
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == RIGHT
    # pzprjs's empty answer (brNoShade: not begun) breaks the numbers here
    assert {v.code for v in GENRE.verify(puzzle(SCRIPT), KitAnswer((".....",) * 5))} == {"nmSumViewNe"}


def test_pzprv3_file():
    text = ("pzprv3/kurodoko/5/5/. . . 7 . /5 . . . . /. . 2 . . /. . . . 2 /. 4 . . . /"
            "+ # + + . /+ + # + + /+ # + + # /+ + # + + /# + + + # /")
    (_, doc), = parse_documents(text, "script")
    assert doc.puzzle == puzzle(SCRIPT) and doc.solution.rows == RIGHT


def test_a_shaded_number_is_its_own_violation():
    board = puzzle(["2 .", ". ."])
    assert [v.code for v in GENRE.verify(board, KitAnswer(("#.", "..")))] == ["nmShaded"]


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every shading without touching shaded cells whose unshaded
# cells are one piece; a number's cell unshaded and the cells it sees (itself, then each
# direction up to a shaded cell or the edge) as many as it says ('?': any).

SHADINGS = {size: apart_shadings(*size) for size in ((3, 3), (3, 4), (4, 4))}


def sees(rows: int, cols: int, dark: frozenset, cell: tuple) -> int:
    return sight(cell, rows, cols, set(grid_cells(rows, cols)) - dark)


def brute(board: Puzzle) -> set[tuple[str, ...]]:
    out = set()
    for dark in SHADINGS[board.rows, board.cols]:
        if all(x not in dark and (v == "?" or sees(board.rows, board.cols, dark, x) == v)
               for x, v in board.clues().items()):
            out.add(shade_rows(dark, board.rows, board.cols))
    return out


def random_boards(seed: int, n: int) -> list[Puzzle]:
    """Numbers read off a random shading (a share kept), or random numbers."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4)])
        dark = rng.choice(SHADINGS[rows, cols])
        grid = [[None] * cols for _ in range(rows)]
        for r in range(rows):
            for c in range(cols):
                if rng.random() < 0.3:
                    grid[r][c] = (rng.randint(1, rows + cols - 1) if k % 3 == 0 else "?"
                                  if rng.random() < 0.1 else None if (r, c) in dark
                                  else sees(rows, cols, dark, (r, c)))
        out.append(Puzzle("kurodoko", rows, cols, tuple(map(tuple, grid))))
    return out


@pytest.mark.parametrize("board", random_boards(5, 24), ids=lambda b: str(b.grid))
def test_counts_match_the_enumerator(board):
    expected = brute(board)
    res = count(board, limit=len(expected) + 1)
    assert res.complete and {s.rows for s in res.solutions} == expected


def test_small_boards_by_hand():
    # 1x3 "3 . .": r1c1 sees all three, so nothing is shaded; "1 . ." : r1c2 shaded (and
    # r1c3 then cut off: no answer); "2 . ." : r1c3 shaded, the one answer.
    assert [s.rows for s in count(puzzle(["3 . ."])).solutions] == [("...",)]
    assert count(puzzle(["1 . ."])).count == 0
    assert [s.rows for s in count(puzzle(["2 . ."])).solutions] == [("..#",)]


# -- 4. bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    ('{"genre":"kurodoko","rows":2,"cols":2,"grid":[[0,null],[null,null]]}',
     "t.json:1:48: r1c1: clue 0 is out of range (a number counts its own cell: 1 or more)"),
    ('{"genre":"kurodoko","rows":2,"cols":2,"grid":[[4,null],[null,null]]}',
     "t.json:1:46: r1c1: clue 4 is out of range (a cell of a 2x2 grid sees at most 3)"),
    ('{"genre":"kurodoko","rows":2,"cols":2,"grid":[["x",null],[null,null]]}',
     "t.json:1:48: r1c1: unknown token 'x' (expected '.', '?' or a number)"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


def test_janko_bad_token():
    block = RECORDS[0]["janko"].replace("9 - - 8", "9 - - y")
    with pytest.raises(InputError) as e:
        parse_janko(block, "x.txt")
    assert str(e.value) == "x.txt:11:7: r1c4: unknown problem token 'y' (expected a number or '-', '?')"


# -- 5. generation ----------------------------------------------------------------------

def test_generate_unique_puzzles():
    got = generate_one(GenerateOptions(genre="kurodoko", rows=7, cols=7), 2, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

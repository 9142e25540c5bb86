"""Hitori on the kit: published janko.at puzzles, pzprjs's test answers, counts against an
independent enumerator of shadings on small boards, bad input, generation."""
from __future__ import annotations

import random

import pytest

from enumerators import apart_shadings, shade_rows
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, to_pzprv3
from pencilproof.formats.janko import parse_janko
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("hitori")
RECORDS = janko_lines("hitori")


def puzzle(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else int(t) for t in row.split()) for row in rows)
    return Puzzle("hitori", len(grid), len(grid[0]), grid)


def flipped(rows: tuple[str, ...], r: int, c: int) -> KitAnswer:
    row = rows[r]
    return KitAnswer(rows[:r] + (row[:c] + ("." if row[c] == "#" else "#") + row[c + 1:],) + rows[r + 1:])


# -- 1. published puzzles ---------------------------------------------------------------

def test_janko_tokens():
    # Janko 001: "problem / 3 3 1 4 / ..." and "solution / - x - - / - - - x / ..." (x shaded)
    doc = janko_doc("hitori", 0)
    assert doc.puzzle.grid[0] == (3, 3, 1, 4)
    assert doc.solution.rows == (".#..", "...#", ".#..", "#..#")


# -- 2. pzprjs test/script/hitori.js ------------------------------------------------------
# The script's board (url 4/4/1114142333214213) and its pzprv3 answers, whose second
# block of rows is the shading: '#' shaded, '.' and '+' (a marked unshaded cell)
# unshaded; we copy '#' and write '.' for both others.
SCRIPT = ["1 1 1 4", "1 4 2 3", "3 3 2 1", "4 2 1 3"]
WRONG = [
    ("csAdjacent", ("#...", "#...", "....", "....")),
    ("cuDivideRB", ("#...", "...#", "#.#.", ".#..")),
    ("nmDupRow", ("#...", "....", "#.#.", "...#")),
]
RIGHT = ("#.#.", "....", "#.#.", "...#")


@pytest.mark.parametrize("code, rows", WRONG)
def test_pzprjs_failcodes(code, rows):
    # pzprjs stops at its first failing check; its order is ours (adjacency,
    # connectivity, repeated numbers), so the script's code is our first.
    assert GENRE.verify(puzzle(SCRIPT), KitAnswer(rows))[0].code == code


def test_pzprjs_answer_is_the_unique_solution():
    res = check(puzzle(SCRIPT))
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == RIGHT
    # pzprjs's first case is an empty answer (brNoShade: an answer not begun): here it
    # breaks the rule it does break, the repeated 1s of row 1 (not a rule of its own).
    assert {v.code for v in GENRE.verify(puzzle(SCRIPT), KitAnswer(("....",) * 4))} == {"nmDupRow"}


def test_pzprjs_file_reads_and_writes_back():
    text = ("pzprv3/hitori/4/4/1 1 1 4 /1 4 2 3 /3 3 2 1 /4 2 1 3 /"
            "# + # . /+ + + . /# + # . /+ + + # /")
    (_, doc), = parse_documents(text, "script")
    assert doc.puzzle == puzzle(SCRIPT) and doc.solution.rows == RIGHT
    written = to_pzprv3(doc.puzzle, doc.solution).split("\n")
    assert written[:9] == ["pzprv3", "hitori", "4", "4", "1 1 1 4 ", "1 4 2 3 ", "3 3 2 1 ",
                           "4 2 1 3 ", "# . # . "]


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every shading of the board, kept when no two shaded cells share
# an edge, the unshaded cells are one piece, and no row or column has a number twice
# among its unshaded cells.

SHADINGS = {size: apart_shadings(*size) for size in ((3, 3), (3, 4), (4, 4))}


def brute(board: Puzzle) -> set[tuple[str, ...]]:
    out = set()
    lines = [[(r, c) for c in range(board.cols)] for r in range(board.rows)] + \
            [[(r, c) for r in range(board.rows)] for c in range(board.cols)]
    for dark in SHADINGS[board.rows, board.cols]:
        ok = True
        for line in lines:
            nums = [board[x] for x in line if x not in dark and board[x] is not None]
            ok &= len(nums) == len(set(nums))
        if ok:
            out.add(shade_rows(dark, board.rows, board.cols))
    return out


def random_boards(seed: int, n: int) -> list[Puzzle]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4)])
        top = rng.choice([2, 3, 4])
        grid = tuple(tuple(None if rng.random() < 0.15 else rng.randint(1, top) for _ in range(cols))
                     for _ in range(rows))
        out.append(Puzzle("hitori", rows, cols, grid))
    return out


@pytest.mark.parametrize("board", random_boards(3, 24), ids=lambda b: str(b.grid))
def test_counts_match_the_enumerator(board):
    expected = brute(board)
    res = count(board, limit=len(expected) + 1)
    assert res.complete and {s.rows for s in res.solutions} == expected


def test_small_boards_by_hand():
    # 2x2: the shadings without touching cells are none, one cell, or a diagonal (whose
    # unshaded diagonal falls apart). "1 2 / 2 1" repeats nothing: none or any one cell,
    # 5 answers. "1 1 / 1 1": one shaded cell leaves a row with two 1s: no answer.
    assert count(puzzle(["1 2", "2 1"]), limit=10).count == 5
    assert count(puzzle(["1 1", "1 1"]), limit=10).count == 0


# -- 4. bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    ('{"genre":"hitori","rows":2,"cols":2,"grid":[[0,1],[1,2]]}',
     "t.json:1:46: r1c1: number 0 is out of range (1-99)"),
    ('{"genre":"hitori","rows":2,"cols":2,"grid":[["a",1],[1,2]]}',
     "t.json:1:46: r1c1: unknown token 'a' (expected '.' or a number)"),
    ('{"genre":"hitori","rows":2,"cols":2,"grid":[[1,1],[1,2]],"solution":["#o",".."]}',
     "t.json:1:69: solution: unknown answer character 'o' at r1c2 (expected # or .)"),
    ("hitori 2x2\n1 ?\n2 1\n", "t.json:2:3: r1c2: unknown token '?' (expected '.' or a number)"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


def test_janko_bad_token():
    block = RECORDS[0]["janko"].replace("3 3 1 4", "3 3 1 z")
    with pytest.raises(InputError) as e:
        parse_janko(block, "x.txt")
    assert str(e.value) == "x.txt:11:7: r1c4: unknown problem token 'z' (expected a number or '-')"


# -- 5. generation ----------------------------------------------------------------------

def test_generate_unique_puzzles():
    got = generate_one(GenerateOptions(genre="hitori", rows=6, cols=6), 4, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows


def test_drawn_answers_cannot_shade_more():
    hooks = GENRE.generator
    answer = hooks.random_answer(7, 7, random.Random(1), None, None)
    full = hooks.with_clues(hooks.blank_for(answer), hooks.clue_candidates(answer))
    assert GENRE.verify(full, answer) == []
    # every unshaded cell touches a shaded one or holds the unshaded cells together
    for r, c in full.cells():
        if answer[(r, c)] == ".":
            assert GENRE.verify(full, flipped(answer.rows, r, c))

"""Linesweeper on the kit (janko.at only): published puzzles, the project's own codes,
counts against an independent enumerator of loops on small boards, bad input and
generation."""
from __future__ import annotations

import random

import pytest

from enumerators import centre_loops, loop_cells, pipe_rows
from janko_data import janko_doc, janko_lines
from pencilproof import check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.janko import parse_janko
from pencilproof.puzzle import Puzzle

GENRE = get_genre("linesweeper")
RECORDS = janko_lines("linesweeper")


def puzzle(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else int(t) for t in row.split()) for row in rows)
    return Puzzle("linesweeper", len(grid), len(grid[0]), grid)


def codes(p: Puzzle, rows: tuple[str, ...]) -> set[str]:
    return {v.code for v in GENRE.verify(p, KitAnswer(rows))}


# -- 1. published puzzles ---------------------------------------------------------------

def test_janko_first_puzzle():
    # Janko 001: a lone 1 at r3c2; the loop is the 2x2 square in the top-right corner.
    doc = janko_doc("linesweeper", 0)
    assert doc.puzzle.clues() == {(2, 1): 1}
    assert doc.solution.rows == ("..F7", "..LJ", "....", "....")


# -- 2. codes (no puzz.link genre: the project's own) -----------------------------------

@pytest.mark.parametrize("rows, expected", [
    (("F7.", "LJ.", "..."), set()),                      # the 1 sees r2c2
    ((".F7", ".LJ", "..."), {"nmLoopNe"}),               # it sees r2c2, r2c3 (and r3c2: off)
    (("...", ".F7", ".LJ"), {"lnOnClue", "nmLoopNe"}),   # the loop runs through the 1
    (("F-7", "L7|", ".LJ"), {"lnOnClue", "nmLoopNe"}),
    (("...", "...", "..."), {"brNoLine", "nmLoopNe"}),
    (("F7.", "LJ.", "..1"), {"anBadChar"}),
])
def test_codes(rows, expected):
    board = puzzle([". . .", ". . .", ". . 1"])
    assert codes(board, rows) == expected


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every loop between cell centres (tests/enumerators.py). A
# number's cell is off the loop and that many of its (up to) eight neighbours are on it.
LOOPS = {size: centre_loops(*size) for size in ((3, 3), (3, 4), (4, 4))}


def around(cell: tuple, on: set) -> int:
    return sum((cell[0] + dr, cell[1] + dc) in on for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)


def brute(p: Puzzle) -> set[tuple[str, ...]]:
    out = set()
    for lines in LOOPS[p.rows, p.cols]:
        on = loop_cells(lines)
        if all(x not in on and (v == "?" or around(x, on) == v) for x, v in p.clues().items()):
            out.add(pipe_rows(lines, p.rows, p.cols))
    return out


def random_boards(seed: int, n: int) -> list[Puzzle]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4)])
        on = loop_cells(rng.choice(LOOPS[rows, cols]))
        off = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in on]
        grid = {x: around(x, on) for x in rng.sample(off, min(len(off), rng.randint(1, 3)))}
        if rng.random() < 0.25:  # a number where any loop may be
            grid[(rng.randrange(rows), rng.randrange(cols))] = rng.randint(0, 5)
        out.append(Puzzle("linesweeper", rows, cols, tuple(tuple(grid.get((r, c)) for c in range(cols))
                                                          for r in range(rows))))
    return out


def test_the_enumerator_and_an_empty_board():
    assert len(LOOPS[4, 4]) == 213  # the cycles of the 4x4 grid graph (OEIS A140517)
    assert count(puzzle([". . . ."] * 4), limit=300).count == 213


@pytest.mark.parametrize("p", random_boards(17, 40), ids=lambda b: str(b.grid))
def test_counts_match_the_enumerator(p):
    expected = brute(p)
    res = count(p, limit=len(expected) + 1)
    assert res.complete and res.count == len(expected)
    assert {s.rows for s in res.solutions} == expected


# -- 4. bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    ('{"genre":"linesweeper","rows":2,"cols":2,"grid":[[9,null],[null,null]]}',
     "t.json:1:51: r1c1: clue 9 is out of range (0-8)"),
    ('{"genre":"linesweeper","rows":2,"cols":2,"grid":[[1,null],[null,null]],"solution":[".x","LJ"]}',
     "t.json:1:83: solution: unknown answer character 'x' at r1c2 (expected one of . | - L J 7 F "
     "(and ^ > v < path ends, + crossings))"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


def test_janko_bad_token():
    block = RECORDS[0]["janko"].replace("- 1 - -", "- x - -", 1)
    with pytest.raises(InputError) as e:
        parse_janko(block, "x.txt")
    assert "r3c2: unknown problem token 'x'" in str(e.value)


# -- generation ----------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(2))
def test_random_answers_are_pinned_down_by_their_numbers(seed):
    hooks = GENRE.generator
    answer = hooks.random_answer(7, 7, random.Random(seed), None, None)
    board = hooks.with_clues(hooks.blank_for(answer), hooks.clue_candidates(answer))
    assert GENRE.verify(board, answer) == []
    res = check(board)
    assert res.verdict.value == "unique" and res.solutions[0].rows == answer.rows

"""Grand Tour on the kit (janko.at only): published puzzles read as dots (a Janko block of
N x M cells is N+1 x M+1 dots), the project's own codes, counts against an independent
enumerator of loops through every dot, bad input and generation."""
from __future__ import annotations

import random

import pytest

from enumerators import centre_loops, grid_cells, line_dirs, loop_cells, pipe_rows
from janko_data import janko_doc
from pencilproof import check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.puzzle import Puzzle

GENRE = get_genre("grandtour")


def puzzle(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else int(t) for t in row.split()) for row in rows)
    return Puzzle("grandtour", len(grid), len(grid[0]), grid)


def codes(p: Puzzle, rows: tuple[str, ...]) -> set[str]:
    return {v.code for v in GENRE.verify(p, KitAnswer(rows))}


# -- 1. published puzzles ---------------------------------------------------------------

def test_janko_cells_become_dots():
    # Janko 001 (5x5 cells): "- - - 8 -" gives r1c4's north side (8), the segment between
    # dots r1c4 and r1c5; "1 4 - 1 4" in the last row: the side between r5c1 and r5c2
    # (1 east, 4 west), the segment between dots r5c2 and r6c2. Its solution's x cells
    # are the inside of the loop: the loop runs along their border.
    doc = janko_doc("grandtour", 0)
    assert doc.puzzle.rows == doc.puzzle.cols == 6
    assert doc.puzzle.grid[0][3:5] == (1, 4)            # east from r1c4, west from r1c5
    assert doc.puzzle.grid[4][1] == 2 and doc.puzzle.grid[5][1] == 8
    assert doc.solution.rows == ("F7F--7", "|LJF7|", "|F-J||", "|L-7||", "|F7|||", "LJLJLJ")


# -- 2. codes (no puzz.link genre: the project's own) -----------------------------------

@pytest.mark.parametrize("rows, expected", [
    (("F-7", "|.|", "L-J"), {"ptNoLine"}),                 # the middle dot left out
    (("F7.", "LJ.", "..."), {"ptNoLine", "sgOffLoop"}),     # and the given not on the loop
    (("...", "...", "..."), {"brNoLine", "ptNoLine", "sgOffLoop"}),
])
def test_codes(rows, expected):
    board = puzzle([". . .", ". . .", ". 5 ."])  # a segment across r3c2, east and west
    assert codes(board, rows) == expected


def test_a_given_that_leaves_the_grid():
    (_, err), = parse_documents('{"genre":"grandtour","rows":2,"cols":2,"grid":[[8,null],[null,null]]}',
                                "t.json")
    assert isinstance(err, InputError)
    assert str(err) == "t.json:1:47: r1c1: a given segment leaves the grid (N)"


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every loop between the dots (tests/enumerators.py), kept when it
# passes every dot; a given's segments must be lines of the loop.
BITS = {"E": 1, "S": 2, "W": 4, "N": 8}
TOURS = {size: [t for t in centre_loops(*size) if len(loop_cells(t)) == size[0] * size[1]]
         for size in ((3, 4), (4, 4), (4, 5))}


def brute(p: Puzzle) -> set[tuple[str, ...]]:
    return {pipe_rows(t, p.rows, p.cols) for t in TOURS[p.rows, p.cols]
            if all({d for d, bit in BITS.items() if v & bit} <= line_dirs(t, x)
                   for x, v in p.clues().items())}


def random_boards(seed: int, n: int) -> list[Puzzle]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        rows, cols = rng.choice([(3, 4), (4, 4), (4, 5)])
        tour = rng.choice(TOURS[rows, cols])
        cells = grid_cells(rows, cols)
        grid = {x: sum(BITS[d] for d in sorted(line_dirs(tour, x)) if rng.random() < 0.6)
                for x in rng.sample(cells, 3)}
        if rng.random() < 0.3:  # a given no tour of this board may have
            grid[(1, 1)] = rng.choice([1, 2, 4, 8, 5, 10])
        out.append(Puzzle("grandtour", rows, cols, tuple(tuple(grid.get((r, c)) or None for c in range(cols))
                                                        for r in range(rows))))
    return out


def test_the_enumerator_counts_hamiltonian_cycles():
    # Hamiltonian cycles of the 4x4 grid graph: 6 (OEIS A003763); of the 3 x 2k grid:
    # 2^(k-1), so 2 on 3x4
    assert len(TOURS[4, 4]) == 6 and len(TOURS[3, 4]) == 2
    assert count(puzzle([". . . ."] * 4), limit=10).count == 6


@pytest.mark.parametrize("p", random_boards(23, 40), ids=lambda b: str(b.grid))
def test_counts_match_the_enumerator(p):
    expected = brute(p)
    res = count(p, limit=len(expected) + 1)
    assert res.complete and res.count == len(expected)
    assert {s.rows for s in res.solutions} == expected


# -- 4. bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    ('{"genre":"grandtour","rows":2,"cols":2,"grid":[[0,null],[null,null]]}',
     "t.json:1:49: r1c1: given 0 names no segment (1 east, 2 south, 4 west, 8 north, or their sum)"),
    ('{"genre":"grandtour","rows":2,"cols":2,"grid":[[16,null],[null,null]]}',
     "t.json:1:49: r1c1: clue 16 is out of range (0-15)"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


# -- generation ----------------------------------------------------------------------------

def test_random_tours_and_an_odd_grid():
    hooks = GENRE.generator
    answer = hooks.random_answer(6, 6, random.Random(2), None, None)
    board = hooks.with_clues(hooks.blank_for(answer), hooks.clue_candidates(answer))
    res = check(board)
    assert res.verdict.value == "unique" and res.solutions[0].rows == answer.rows
    with pytest.raises(InputError, match="no grandtour answer of size 5x5"):
        hooks.random_answer(5, 5, random.Random(2), None, None)

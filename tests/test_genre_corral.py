"""Corral (Bag; puzz.link Cave) on the kit: published janko.at puzzles, pzprjs's Cave test
script (URL, pzprv3 files with the outside shaded, failcodes), counts against an
independent enumerator of loops along the grid lines, bad input and generation."""
from __future__ import annotations

import random

import pytest

from enumerators import border_loops, shade_rows, sight
from janko_data import janko_doc
from pencilproof import check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url, to_pzprv3, to_url
from pencilproof.puzzle import Puzzle

GENRE = get_genre("corral")


def puzzle(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else int(t) for t in row.split()) for row in rows)
    return Puzzle("corral", len(grid), len(grid[0]), grid)


def codes(p: Puzzle, rows: tuple[str, ...]) -> set[str]:
    return {v.code for v in GENRE.verify(p, KitAnswer(rows))}


# -- 1. published puzzles ---------------------------------------------------------------

def test_janko_tokens():
    # Janko 001: "- 4 - 3 ..." and "x x - x - x ...": x the cells inside the loop
    doc = janko_doc("corral", 0)
    assert doc.puzzle.grid[0][:4] == (None, 4, None, 3)
    assert doc.solution.rows[0] == "##.#.#####"


# -- 2. pzprjs test/script/cave.js ------------------------------------------------------
# The script's board (url 6/6/g3q2h3jbj3i3i2g) and its answers: after the clue rows, six
# rows of Cave's shading, shaded ("#") outside the loop and the rest inside: written here
# the other way round, "#" inside and "." outside. pzprjs stops at its first failing
# check; each expected set holds the script's code and the others that answer breaks
# (the kit also names the corner where the loop would touch itself, lnCross).
SCRIPT = [". 3 . . . .", ". . . . . .", ". 2 . . 3 .", ". . . 11 . .", ". . 3 . . .", "3 . . . 2 ."]
SCRIPT_ANSWERS = [
    ("cuDivide", (".###.#", ".#.#..", ".#.##.", "######", "#.##..", "#..##."),
     {"csConnOut", "cuDivide", "nmSumViewNe"}),
    ("cuDivide", (".###..", ".#.#.#", ".#.##.", "######", "#.##..", "#..##."),
     {"csConnOut", "cuDivide", "lnCross", "nmSumViewNe"}),
    ("csConnOut", (".###..", ".#.#..", ".#.##.", "######", "#.##..", "#..##."),
     {"csConnOut", "nmSumViewNe"}),
    ("csConnOut", (".###..", "..##..", ".#.##.", "######", "#.##..", "#..##."), {"csConnOut", "lnCross"}),
    ("nmSumViewNe", (".####.", "...#..", ".#.##.", "#####.", "#.##..", "#..##."), {"nmSumViewNe"}),
]
SCRIPT_SOLUTION = (".###..", "...#..", ".#.##.", "######", "#.##..", "#..##.")
SOLUTION_FILE = ("pzprv3/cave/6/6/. 3 . . . . /. . . . . . /. 2 . . 3 . /. . . 11 . . /. . 3 . . . /"
                 "3 . . . 2 . /# . . . # # /# # # . # # /# . # . . # /. . . . . . /. # . . # # /"
                 ". # # . . # /")


@pytest.mark.parametrize("code, rows, expected", SCRIPT_ANSWERS,
                         ids=[f"{a[0]}-{i}" for i, a in enumerate(SCRIPT_ANSWERS)])
def test_pzprjs_script_wrong_answers(code, rows, expected):
    found = codes(puzzle(SCRIPT), rows)
    assert code in found and found == expected


def test_pzprjs_script_url_and_pzprv3():
    url = "https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g"
    assert parse_url(url) == puzzle(SCRIPT) and to_url(puzzle(SCRIPT)) == url
    assert parse_url("https://puzz.link/p?bag/6/6/g3q2h3jbj3i3i2g") == puzzle(SCRIPT)
    (_, doc), = parse_documents(SOLUTION_FILE, "script")
    assert doc.puzzle == puzzle(SCRIPT) and doc.solution.rows == SCRIPT_SOLUTION
    assert to_pzprv3(doc.puzzle, doc.solution, slashes=True) == SOLUTION_FILE
    res = check(puzzle(SCRIPT))
    assert res.verdict.value == "unique" and res.solutions[0].rows == SCRIPT_SOLUTION


def test_a_number_outside_the_loop():
    assert codes(puzzle(["1 .", ". ."]), (".#", "..")) == {"nmOutside"}


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every set of inside cells whose border is one loop
# (tests/enumerators.py). Numbers are inside and count the inside cells they see in a
# straight line, themselves included.
SETS = {size: [inside for _, inside in border_loops(*size)] for size in ((3, 3), (3, 4))}


def brute(p: Puzzle) -> set[tuple[str, ...]]:
    return {shade_rows(s, p.rows, p.cols) for s in SETS[p.rows, p.cols]
            if all(x in s and (v == "?" or sight(x, p.rows, p.cols, s) == v) for x, v in p.clues().items())}


def random_boards(seed: int, n: int) -> list[Puzzle]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        rows, cols = rng.choice([(3, 3), (3, 4)])
        s = rng.choice(SETS[rows, cols])
        grid = {x: sight(x, rows, cols, s) for x in rng.sample(sorted(s), min(len(s), rng.randint(1, 3)))}
        if rng.random() < 0.2:  # and sometimes a number no loop may fit
            grid[rng.choice(sorted(grid))] = rng.randint(1, 6)
        out.append(Puzzle("corral", rows, cols, tuple(tuple(grid.get((r, c)) for c in range(cols))
                                                     for r in range(rows))))
    return out


def test_the_enumerator_counts_simple_loops():
    # simple cycles along the lines of a 3x3 grid of cells (4x4 points): OEIS A140517, 213
    assert len(SETS[3, 3]) == 213


@pytest.mark.parametrize("p", random_boards(9, 40), ids=lambda b: str(b.grid))
def test_counts_match_the_enumerator(p):
    expected = brute(p)
    res = count(p, limit=len(expected) + 1)
    assert res.complete and res.count == len(expected)
    assert {s.rows for s in res.solutions} == expected


# -- 4. bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    ('{"genre":"corral","rows":2,"cols":2,"grid":[[0,null],[null,null]]}',
     "t.json:1:46: r1c1: clue 0 is out of range (a number counts its own cell: 1 or more)"),
    ('{"genre":"corral","rows":2,"cols":2,"grid":[["a",null],[null,null]]}',
     "t.json:1:46: r1c1: unknown token 'a' (expected '.' or a number)"),
    ('{"genre":"corral","rows":2,"cols":2,"grid":[[1,null],[null,null]],"solution":["#?",".."]}',
     "t.json:1:78: solution: unknown answer character '?' at r1c2 (expected # or .)"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


# -- generation ----------------------------------------------------------------------------

def test_every_inside_cell_numbered_pins_the_loop():
    hooks = GENRE.generator
    answer = hooks.random_answer(7, 7, random.Random(1), None, None)
    cands = hooks.clue_candidates(answer)
    assert set(cands) == {x for x in puzzle([". " * 7] * 7).cells() if answer[x] == "#"}
    full = hooks.with_clues(hooks.blank_for(answer), cands)
    res = check(full)
    assert res.verdict.value == "unique" and res.solutions[0].rows == answer.rows

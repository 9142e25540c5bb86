"""Nonogram on the kit: the Janko puzzles (clues read off their solutions), pzprjs's test
answers and failcodes, counts against an independent enumerator on small boards, the
run-length automaton, bad input, generation."""
from __future__ import annotations

import itertools
import json
import random

import pytest

from janko_data import janko_doc
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.encodings.kit.lines_of_cells import runs_automaton
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url, to_url
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.output.unicode import render_grid
from pencilproof.puzzle import Puzzle

GENRE = get_genre("nonogram")


def board(left, top) -> Puzzle:
    rows, cols = len(left), len(top)
    p = Puzzle("nonogram", rows, cols, tuple((None,) * cols for _ in range(rows)))
    return p.with_params(left=tuple(None if x is None else tuple(x) for x in left),
                         top=tuple(None if x is None else tuple(x) for x in top))


def codes(p: Puzzle, rows) -> list[str]:
    return [v.code for v in GENRE.verify(p, KitAnswer(tuple(rows)))]


# -- 1. published puzzles -------------------------------------------------------------------
def test_janko_clues_are_the_solution_runs():
    """Nonogramme 0001 (15x15): row 1 is all shaded, row 5 one cell; column 1 all shaded."""
    doc = janko_doc("nonogram", 0)
    left, top = doc.puzzle.param("left"), doc.puzzle.param("top")
    assert (doc.puzzle.rows, doc.puzzle.cols) == (15, 15)
    assert left[0] == (15,) and left[1] == (10, 2) and left[4] == (1,)
    assert top[0] == (15,) and len(top) == 15
    big = [janko_doc("nonogram", i).puzzle for i in (10, 11)]
    assert [(p.rows, p.cols) for p in big] == [(20, 20), (20, 20)]


# -- 2. pzprjs test/script/nonogram.js ------------------------------------------------------------
# The script's 6x6 board (pzprv3: three rows of column clues above, three columns of row
# clues left of the grid, '#' shaded): clues and answers copied by hand, '.' unshaded.
PZPR = board([[2, 1], [1, 1], [1, 2], [], [1, 1], [3]],
             [[2, 1], [1, 1, 1], [1], [1, 1, 1], [2, 1], []])
PZPR_ANSWERS = [
    ("exNoMatch", ["##.#..", "#...#.", ".#.##.", "......", "#.....", ".###.."]),   # missing groups
    ("exNoMatch", [".#.##.", "#...#.", "##.#..", "......", "#...#.", ".###.."]),   # group order
    ("exNoMatch", ["##.#..", "#...#.", ".#.##.", ".....#", "#...#.", ".###.."]),   # empty rows
    (None, ["##.#..", "#...#.", ".#.##.", "......", "#...#.", ".###.."]),
]


@pytest.mark.parametrize("code, rows", PZPR_ANSWERS)
def test_pzprjs_failcodes(code, rows):
    got = codes(PZPR, rows)
    assert (got[0] if got else None) == code


URL = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h"


def test_pzprjs_url():
    assert parse_url(URL) == PZPR and to_url(PZPR) == URL
    for i in range(12):  # every Janko puzzle round trips
        assert parse_url(to_url(janko_doc("nonogram", i).puzzle)) == janko_doc("nonogram", i).puzzle
    with pytest.raises(InputError, match="top line 2 has no clue: a puzz.link URL has none"):
        to_url(board([[1], [1]], [[1], None]))


def test_pzprjs_board_is_unique():
    res = check(PZPR)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == tuple(PZPR_ANSWERS[-1][1])


def test_drawn_with_its_runs():
    """Column runs stacked above the columns, row runs left of the rows, 0 an empty line."""
    assert render_grid(PZPR, None, ascii=True) == [
        "       1   1", "     2 1   1 2", "     1 1 1 1 1 0", "2 1  . . . . . .",
        "1 1  . . . . . .", "1 2  . . . . . .", "  0  . . . . . .", "1 1  . . . . . .",
        "  3  . . . . . ."]


# -- 3. brute force ---------------------------------------------------------------------------------
def _runs(bits) -> tuple[int, ...]:
    out, run = [], 0
    for b in bits:
        if b:
            run += 1
        elif run:
            out.append(run)
            run = 0
    return tuple(out + [run] if run else out)


def _answers(left, top, cols) -> set[tuple[str, ...]]:
    """Every shading whose clued lines have their runs: rows fitting their clue, then
    the columns checked (a few thousand candidates at most on 4x4)."""
    choices = [[bits for bits in itertools.product((0, 1), repeat=cols)
                if clue is None or _runs(bits) == tuple(clue)] for clue in left]
    out = set()
    for grid in itertools.product(*choices):
        if all(clue is None or _runs([row[c] for row in grid]) == tuple(clue)
               for c, clue in enumerate(top)):
            out.add(tuple("".join("#" if b else "." for b in row) for row in grid))
    return out


@pytest.mark.parametrize("seed", range(25))
def test_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = 4, rng.choice((3, 4, 5))
    img = [[rng.random() < 0.5 for _ in range(cols)] for _ in range(rows)]
    left = [_runs(row) if rng.random() < 0.75 else None for row in img]
    top = [_runs([row[c] for row in img]) if rng.random() < 0.75 else None for c in range(cols)]
    if seed % 5 == 0:  # a clue of no image: maybe no solution at all
        left[0] = (rng.randint(1, cols),)
    p = board(left, top)
    res = count(p, limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(left, top, cols)


def test_runs_automaton_accepts_exactly_the_runs():
    for n in range(7):
        for bits in itertools.product((False, True), repeat=n):
            for runs in [(), (1,), (2,), (1, 1), (2, 1), (1, 2, 1)]:
                assert runs_automaton(runs).accepts(bits) == (_runs(bits) == runs)


# -- 4. bad input ----------------------------------------------------------------------------------
def _error(doc: dict) -> str:
    base = {"genre": "nonogram", "rows": 2, "cols": 2, "grid": [[None, None], [None, None]]}
    (_, got), = parse_documents(json.dumps({**base, **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("doc, message", [
    ({"left": [[1], [1, "x"]]}, "p.json:1:91: left[1][1]: unknown token 'x' (expected a run length)"),
    ({"left": [[1], [0]]}, "p.json:1:91: left[1]: run lengths are at least 1, got [0]"),
    ({"left": [[1], 2]}, "p.json:1:91: left[1]: a nonogram clue is a list of run lengths, got 2"),
    ({"left": [[1]]}, "p.json:1:53: 'left' has 1 labels, the puzzle has 2 rows"),
    ({"top": [[1, 1], None]}, "p.json:1:53: the runs [1, 1] of column 1 need more than 2 cells"),
    ({"grid": [[1, None], [None, None]]},
     "p.json:1:55: r1c1: a nonogram has no givens in its cells, got 1 (its clues are 'left' and 'top')"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc) == message


def test_a_janko_block_without_solution():
    text = "begin\npuzzle nonogram\nsize 2\nproblem\n- -\n- -\nend\n"
    (_, got), = parse_documents(text, "n.txt")
    assert str(got) == "n.txt:1:1: no 'solution' section (a Janko nonogram is read off its solution)"


def test_bad_answer_character():
    with pytest.raises(InputError) as e:
        GENRE.parse_solution(PZPR, ["##.#..", "#...#.", ".#.##.", "......", "#...#.", ".##?.."], "a.txt")
    assert str(e.value) == "a.txt: unknown answer character '?' at r6c4 (expected # or .)"


# -- generation ---------------------------------------------------------------------------------
def test_generate_and_minimize():
    got = generate_one(GenerateOptions(genre="nonogram", rows=6, cols=6), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == got.solution
    hooks = GENRE.generator
    blank, clues = hooks.split_givens(got.puzzle)
    assert blank.params == () and all(len(k) == 3 and k[2] in ("left", "top") for k in clues)
    assert hooks.with_clues(blank, clues) == got.puzzle

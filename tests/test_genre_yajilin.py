"""Yajilin on the kit: published janko.at puzzles, pzprjs's test script (URL, pzprv3 files,
failcodes), counts against an independent enumerator on small boards, the arrow clue
codecs, bad input and generation."""
from __future__ import annotations

import random

import pytest

from enumerators import PIPES, centre_loops, grid_cells, line_dirs, loop_cells, side_by_side
from janko_data import janko_doc, janko_lines
from pencilproof import check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.arrows import read_arrow16, write_arrow16
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.encodings.kit.urlcodec import Cursor
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url, to_pzprv3, to_url
from pencilproof.formats.janko import parse_janko
from pencilproof.puzzle import Puzzle

GENRE = get_genre("yajilin")
RECORDS = janko_lines("yajilin")


def puzzle(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else t for t in row.split()) for row in rows)
    return Puzzle("yajilin", len(grid), len(grid[0]), grid)


def codes(board: Puzzle, rows: tuple[str, ...]) -> set[str]:
    return {v.code for v in GENRE.verify(board, KitAnswer(rows))}


# -- 1. published puzzles ---------------------------------------------------------------

def test_janko_tokens():
    # Janko 001: "- 1w - - - - -" / "x - se ew ew ew sw": x shaded, direction pairs the loop.
    doc = janko_doc("yajilin", 0)
    assert doc.puzzle.grid[0] == (None, "1w", None, None, None, None, None)
    assert doc.puzzle.grid[3][3] == "2s"
    assert doc.solution.rows[0] == "#.F---7"



def test_janko_x_in_the_problem_is_a_clue_cell_without_a_number():
    # Janko 065 (Prasanna Seshadri): "- - - - x x - - - -"; the solution leaves both
    # cells without line or shading ("- -"), as a clue cell.
    doc = janko_doc("yajilin", 12)
    assert doc.puzzle.grid[7][4:6] == ("?", "?")
    res = check(doc.puzzle)
    assert res.verdict.value == "unique" and res.solutions[0] == doc.solution


def test_janko_answers_whose_cells_disagree_are_refused():
    # Janko 001's "x - se ew ew ew sw" with r1c6 written ns: r1c5 goes east into it.
    doc = janko_lines("yajilin")[0]["janko"]
    block = doc.replace("x - se ew ew ew sw", "x - se ew ew ns sw", 1)
    with pytest.raises(InputError, match=r"answer cell r1c6 has no line going west, but r1c5 has "
                                         r"one going east$"):
        parse_janko(block, "x.txt")

# -- 2. pzprjs test/script/yajilin.js ---------------------------------------------------
# The script's board (url 5/5/m32j10; pzprv3 "3,2" = direction 3 (left) and 2, "1,0" = up
# and 0) and its answers, written by hand from the files: the "ans" rows give # for a
# shaded cell, the line rows (5 rows of 4 "line right", then 4 rows of 5 "line down";
# 1 = line, -1 a cross mark and 0 none) give each cell's pipe; clue cells are ".". The
# lnBranch answer (three lines in a cell) and lnOnShade (lines through shaded cells)
# cannot be written one character per cell, and the shInside files set the "o" variant,
# which is refused. pzprjs stops at its first failing check; each expected set holds the
# script's code and the others that answer breaks.
SCRIPT = [". . . . .", ". . . . .", ". . . 2w .", ". . . . .", ". . . . 0n"]
SCRIPT_ANSWERS = [
    ("lnCross", (".vF<.", ">+J..", ".|...", ".^...", "....."),
     {"anShadeNe", "ceEmpty", "lnCross", "lnDeadEnd"}),
    ("csAdjacent", ("F-7F<", "L7LJ.", "#|#..", ".^#..", "....."), {"ceEmpty", "csAdjacent", "lnDeadEnd"}),
    ("anShadeNe", ("F-7F7", "L7LJ|", "#|..|", "FJF-J", "L-J#."), {"anShadeNe", "ceEmpty"}),
    ("lnDeadEnd", ("F-7F<", "L7LJ.", "#|#..", ".^...", "....."), {"ceEmpty", "lnDeadEnd"}),
    ("lnPlLoop", ("F-7F7", "L-JLJ", "#.#..", "..F7.", "..LJ."), {"ceEmpty", "lnPlLoop"}),
    ("ceEmpty", ("F-7F7", "L7LJ|", "#|#.|", ".L7FJ", "..LJ."), {"ceEmpty"}),
]
SCRIPT_SOLUTION = ("F-7F7", "L7LJ|", "#|#.|", "FJF-J", "L-J#.")
SOLUTION_FILE = ("pzprv3/yajilin/5/5/. . . . . /. . . . . /. . . 3,2 . /. . . . . /. . . . 1,0 /"
                 ". . . . . /. . . . + /# . # . + /. . + . + /. . . # . /1 1 -1 1 /1 -1 1 -1 /"
                 "0 0 0 -1 /1 -1 1 1 /1 1 0 0 /1 -1 1 1 1 /0 1 0 0 1 /0 1 0 0 1 /1 -1 1 0 0 /")


@pytest.mark.parametrize("code, rows, expected", SCRIPT_ANSWERS, ids=[a[0] for a in SCRIPT_ANSWERS])
def test_pzprjs_script_wrong_answers(code, rows, expected):
    found = codes(puzzle(SCRIPT), rows)
    assert code in found and found == expected


def test_a_number_without_an_arrow():
    # "0,1": direction 0 (none), number 1: no answer is right.
    (_, doc), = parse_documents("pzprv3/yajilin/2/3/0,1 . . /. . . /. . . /# . . /0 1 /0 1 /0 1 1 /", "s")
    assert doc.puzzle.grid == ((1, None, None), (None, None, None))
    assert doc.solution.rows == (".F7", "#LJ") and codes(doc.puzzle, doc.solution.rows) == {"anNoArrow"}
    assert count(doc.puzzle).count == 0


def test_pzprjs_script_url_and_pzprv3():
    url = "https://puzz.link/p?yajilin/5/5/m32j10"
    assert parse_url(url) == puzzle(SCRIPT) and to_url(puzzle(SCRIPT)) == url
    (_, doc), = parse_documents(SOLUTION_FILE, "script")
    assert doc.puzzle == puzzle(SCRIPT) and doc.solution.rows == SCRIPT_SOLUTION
    text = to_pzprv3(doc.puzzle, doc.solution, slashes=True)
    assert text.startswith("pzprv3/yajilin/5/5/. . . . . /. . . . . /. . . 3,2 . /")
    (_, back), = parse_documents(text, "ours")
    assert back.puzzle == doc.puzzle and back.solution.rows == SCRIPT_SOLUTION
    res = check(puzzle(SCRIPT))
    assert res.verdict.value == "unique" and res.solutions[0].rows == SCRIPT_SOLUTION


def test_lines_through_shaded_cells_and_variants_are_no_answer():
    on_shade = ("pzprv3/yajilin/5/5/. . . . . /. . . . . /. . . 3,2 . /. . . . . /. . . . 1,0 /"
                ". . . # . /. . . . . /# . # . . /. . . . . /. . . . . /1 1 0 1 /1 0 1 0 /0 0 0 0 /"
                "0 0 0 0 /0 0 0 0 /1 0 1 1 0 /0 1 0 0 0 /0 1 0 0 0 /0 0 0 0 0 /")
    (_, doc), = parse_documents(on_shade, "s")
    assert doc.puzzle == puzzle(SCRIPT) and doc.solution is None
    (_, err), = parse_documents("pzprv3/yajilin/3/3/o/. . . /. . . /. . . /# . . /. . . /. . . /"
                                "0 1 /1 0 /1 1 /0 1 1 /1 0 1 /", "s")
    assert isinstance(err, InputError) and "option 'o' (a rule variant) is not supported" in str(err)


def test_a_line_into_a_clue_cell():
    # r1c1 and r1c3 draw their lines into the clue between them
    assert codes(puzzle([". 0w .", ". . ."]), ("F.7", "L-J")) == {"lnOnClue"}


# -- arrow clue codecs ------------------------------------------------------------------

@pytest.mark.parametrize("body, cells", [
    ("m32j10", [None] * 13 + ["2w"] + [None] * 10 + ["0n"]),
    ("40a1.z", ["0e", None, "?n"] + [None] * 26),
    ("0.2f", ["?", "15s"]),
    ("6ff-4100", ["255n", "256e"]),
])
def test_arrow16_both_ways(body, cells):
    assert read_arrow16(Cursor(body, "u"), len(cells)) == cells
    assert write_arrow16(cells) == body


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every loop between cell centres (tests/enumerators.py). A
# Yajilin answer is a loop avoiding the clue cells whose other free cells, shaded, never
# touch; each arrow counts shaded cells.
LOOPS = {size: centre_loops(*size) for size in ((3, 3), (3, 4), (4, 4))}


def char(lines: frozenset, cell: tuple, shaded: set, clues: dict) -> str:
    if cell in shaded or cell in clues:
        return "#" if cell in shaded else "."
    return PIPES[frozenset(line_dirs(lines, cell))]


def answers(rows: int, cols: int, clues: dict) -> list[tuple[str, ...]]:
    out = []
    for lines in LOOPS[rows, cols]:
        on = loop_cells(lines)
        if on & set(clues):
            continue
        shaded = set(grid_cells(rows, cols)) - on - set(clues)
        if side_by_side(shaded):
            continue
        ok = True
        for (r, c), clue in clues.items():
            if clue == "?":
                continue
            dr, dc = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}[clue[-1]]
            k, (y, x) = 0, (r + dr, c + dc)
            while 0 <= y < rows and 0 <= x < cols:
                k += (y, x) in shaded
                y, x = y + dr, x + dc
            ok &= k == int(clue[:-1])
        if ok:
            out.append(tuple("".join(char(lines, (r, c), shaded, clues) for c in range(cols))
                             for r in range(rows)))
    return out


def random_boards(seed: int, n: int) -> list[Puzzle]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4)])
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        clues = {x: "?" for x in rng.sample(cells, rng.randint(0, 3))}
        for x in clues:
            if rng.random() < 0.8:
                clues[x] = f"{rng.choice([0, 0, 1, 1, 2])}{rng.choice('nesw')}"
        out.append(Puzzle("yajilin", rows, cols, tuple(tuple(clues.get((r, c)) for c in range(cols))
                                                      for r in range(rows))))
    return out


@pytest.mark.parametrize("board", random_boards(5, 40), ids=lambda b: str(b.grid))
def test_counts_match_the_enumerator(board):
    expected = set(answers(board.rows, board.cols, board.clues()))
    res = count(board, limit=len(expected) + 1)
    assert res.complete and res.count == len(expected)
    assert {s.rows for s in res.solutions} == expected


def test_the_enumerator_and_an_empty_board():
    assert len(LOOPS[4, 4]) == 213  # the cycles of the 4x4 grid graph (OEIS A140517)
    # the loops whose left-out cells never touch
    res = count(puzzle([". . . ."] * 4), limit=300)
    assert res.complete and {s.rows for s in res.solutions} == set(answers(4, 4, {}))


# -- 4. bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    ('{"genre":"yajilin","rows":2,"cols":2,"grid":[["2x",null],[null,null]]}',
     "t.json:1:47: r1c1: unknown arrow clue '2x' (expected a number and a direction n, e, s or w, "
     "such as 2e; ?e; or ?)"),
    ('{"genre":"yajilin","rows":2,"cols":2,"grid":[["1s",null],[null,null]],"solution":[".F","xJ"]}',
     "t.json:1:82: solution: unknown answer character 'x' at r2c1 (expected # (shaded), . (empty) "
     "or a pipe | - L J 7 F)"),
    ('{"genre":"yajilin","rows":2,"cols":2,"grid":[[null,null],[null,"1n"]],"solution":["F7","L#"]}',
     "t.json:1:82: solution: answer character '#' at r2c2, where the puzzle's given is '.'"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


def test_janko_bad_token():
    block = RECORDS[0]["janko"].replace("- 1w - - - - -", "- 1x - - - - -", 1)
    with pytest.raises(InputError) as e:
        parse_janko(block, "x.txt")
    assert "r1c2: unknown arrow clue '1x'" in str(e.value)


# -- generation ----------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(2))
def test_random_answers_are_pinned_down_by_their_arrows(seed):
    hooks = GENRE.generator
    answer = hooks.random_answer(7, 7, random.Random(seed), None, None)
    blank = hooks.blank_for(answer)
    assert all(v == "?" for v in blank.clues().values()) and blank.clues()
    board = hooks.with_clues(blank, hooks.clue_candidates(answer))
    assert GENRE.verify(board, answer) == []
    res = check(board)
    assert res.verdict.value == "unique" and res.solutions[0].rows == answer.rows

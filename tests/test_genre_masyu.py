"""Masyu on the kit: published janko.at puzzles, pzprjs's test answers, counts against an
independent enumerator of loops on small boards, the kit's loop rules (both faces), and
bad input."""
from __future__ import annotations

import itertools
import random

import pytest

from enumerators import STEPS, centre_loops, line_dirs, pipe_rows
from janko_data import janko_doc, janko_lines
from pencilproof import check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit import Encoder, Lines, Values
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.encodings.kit.layers import edge_atom
from pencilproof.encodings.kit.loops import LineDegrees, MustVisit, SingleLoop
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url, to_pzprv3, to_url
from pencilproof.formats.janko import parse_janko
from pencilproof.puzzle import Puzzle
from pencilproof.solvers import Status, make_backend

GENRE = get_genre("masyu")
RECORDS = janko_lines("masyu")


def puzzle(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else t for t in row.split()) for row in rows)
    return Puzzle("masyu", len(grid), len(grid[0]), grid)


def codes(board: Puzzle, rows: tuple[str, ...]) -> set[str]:
    return {v.code for v in GENRE.verify(board, KitAnswer(rows))}


# -- 1. published puzzles ---------------------------------------------------------------

def test_janko_direction_pairs_become_pipes():
    # Janko 001: "so ow ow sw - -" (o = Ost, east) ... "- - no ow ow nw".
    doc = janko_doc("masyu", 0)
    assert doc.puzzle.grid[0] == (None, None, "w", None, None, None)
    assert doc.solution.rows == ("F--7..", "|..L-7", "|....|", "|....|", "L-7..|", "..L--J")
    # Some blocks write east as e (English): both read the same.
    assert GENRE.janko_solution["se"] == GENRE.janko_solution["so"] == "F"
    assert GENRE.janko_solution["ew"] == GENRE.janko_solution["wo"] == "-"



def test_janko_pearls_written_as_numbers():
    # Janko 029 (Iwa Daigeki) writes its pearls as pzprjs does, 1 white and 2 black:
    # "2 - 1 - - - - - - 2 - - 2 - - - -" opens the problem.
    doc = janko_doc("masyu", 12)
    assert doc.puzzle.grid[0][:4] == ("b", None, "w", None)
    res = check(doc.puzzle)
    assert res.verdict.value == "unique" and res.solutions[0] == doc.solution

# -- 2. pzprjs test/script/mashu.js -----------------------------------------------------
# The script's board (url 6/6/1063000i3000; pzprv3 qnum 1 = white, 2 = black) and its
# answers: after the clue rows come 6 rows of 5 "line to the right" values, then 5 rows of
# 6 "line down" values (1 = line; -1, a cross mark, and 0 = none). Each cell is written as
# the pipe of its lines (a cell with one line as ^ > v <, four as +). The lnBranch answer
# has a cell with three lines, which no pipe writes, so it is left out. pzprjs stops at its
# first failing check; our verifier lists every broken rule, so each expected set below
# holds the script's code and the others that answer breaks (dead ends of unfinished
# lines, circles not yet reached).
SCRIPT = [". . w . . .", ". b . . w .", ". . . . . .", ". . . b . .", ". w . . . .", ". . . . . ."]
SCRIPT_ANSWERS = [
    ("brNoLine", ("......",) * 6, {"brNoLine", "mashuOnLine"}),
    ("lnCross", ("..F-<.", "..|...", ">-+-<.", "..|...", "..|...", "..^..."),
     {"lnCross", "lnDeadEnd", "mashuOnLine", "mashuWCurve"}),
    ("mashuWCurve", ("..F-<.", "..|...", "..L-<.", "......", "......", "......"),
     {"lnDeadEnd", "mashuOnLine", "mashuWCurve"}),
    ("mashuBStrig", ("......", ".F-<..", ".|.v..", ".^.|..", "...|..", "...^.."),
     {"lnDeadEnd", "lnPlLoop", "mashuBCvNbr", "mashuBStrig", "mashuOnLine"}),
    ("mashuBCvNbr", ("F--<..", "^F-<..", ".|.v..", ".^FJ..", "..^...", "......"),
     {"lnDeadEnd", "lnPlLoop", "mashuBCvNbr", "mashuOnLine"}),
    ("mashuWStNbr", ("F---<.", "|F-<..", "||....", "^^....", "......", "......"),
     {"lnDeadEnd", "lnPlLoop", "mashuOnLine", "mashuWStNbr"}),
    ("mashuOnLine", ("F--7..", "^F-J..", ".|....", ".^....", "......", "......"),
     {"lnDeadEnd", "mashuOnLine"}),
    ("lnDeadEnd", ("F--7F7", "|F-J||", "||..^|", "|L<v.^", "L-<|..", "...^.."),
     {"lnDeadEnd", "lnPlLoop"}),
    ("lnPlLoop", ("F--7F7", "|F-J||", "||..||", "|L-7||", "L-7|||", "..LJLJ"), {"lnPlLoop"}),
]
SCRIPT_SOLUTION = ("F--7F7", "|F-J||", "||F-J|", "|LJF-J", "L-7|..", "..LJ..")


@pytest.mark.parametrize("code, rows, expected", SCRIPT_ANSWERS, ids=[a[0] for a in SCRIPT_ANSWERS])
def test_pzprjs_script_wrong_answers(code, rows, expected):
    found = codes(puzzle(SCRIPT), rows)
    assert code in found and found == expected


def test_pzprjs_script_url_and_pzprv3():
    url = "https://puzz.link/p?mashu/6/6/1063000i3000"
    assert parse_url(url) == puzzle(SCRIPT) and to_url(puzzle(SCRIPT)) == url
    # the script's correct answer as pzprjs saves it reads as our pipes
    text = ("pzprv3/mashu/6/6/. . 1 . . . /. 2 . . 1 . /. . . . . . /. . . 2 . . /. 1 . . . . /"
            ". . . . . . /1 1 1 0 1 /0 1 1 -1 0 /0 0 1 1 0 /0 1 -1 1 1 /1 1 0 0 0 /0 0 1 0 0 /"
            "1 0 0 1 1 1 /1 1 0 0 1 1 /1 1 1 -1 0 1 /1 -1 0 1 0 0 /0 0 1 1 0 0 /")
    (_, doc), = parse_documents(text, "script")
    assert doc.puzzle == puzzle(SCRIPT) and doc.solution.rows == SCRIPT_SOLUTION
    (_, back), = parse_documents(to_pzprv3(doc.puzzle, doc.solution), "ours")
    assert back.solution.rows == SCRIPT_SOLUTION


def test_pzprjs_script_board_is_unique_with_the_scripts_answer():
    assert GENRE.verify(puzzle(SCRIPT), KitAnswer(SCRIPT_SOLUTION)) == []
    res = check(puzzle(SCRIPT))
    assert res.verdict.value == "unique" and res.solutions[0].rows == SCRIPT_SOLUTION


def test_line_ends_that_disagree_are_reported():
    # r1c1 says its line goes right, r1c2 has no line on its left.
    found = codes(puzzle(["w . .", ". . .", ". . ."]), ("F..", "|..", "L-J"))
    assert "lnMismatch" in found
    # Read the other way round: r1c1 has no line, its neighbours draw one into it.
    assert "lnMismatch" in codes(puzzle([". . .", ". . .", ". . ."]), (".-7", "|.|", "L-J"))
    # A line through the grid's edge: the cells' degrees look right, the loop is open.
    assert codes(puzzle([". .", ". ."]), ("|.", "|.")) == {"lnMismatch"}



def test_answers_whose_cells_disagree_about_a_line_are_refused():
    # Read from a file (text, Janko), not judged: the cell and the neighbour it names.
    board = puzzle([". . .", ". . .", ". . ."])
    with pytest.raises(InputError, match=r"^t\.txt: answer cell r1c2 has no line going west, "
                                         r"but r1c1 has one going east$"):
        GENRE.parse_solution(board, ["F..", "|..", "L-J"], "t.txt")
    with pytest.raises(InputError, match=r"answer cell r1c2 has a line going west, but r1c1 has "
                                         r"none going east$"):
        GENRE.parse_solution(board, [". - 7", "| . |", "L - J"], "t.txt")
    with pytest.raises(InputError, match=r"answer cell r1c1 has a line going north, out of the grid$"):
        GENRE.parse_solution(puzzle([". .", ". ."]), ["|.", "|."], "t.txt")
    # Janko 001's solution with r1c2's "ow" written "ns": r1c1 "so" goes east into it.
    block = RECORDS[0]["janko"].replace("so ow ow sw", "so ns ow sw", 1)
    with pytest.raises(InputError, match=r"answer cell r1c2 has no line going west, but r1c1 has "
                                         r"one going east$"):
        parse_janko(block, "x.txt")

# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every loop between cell centres (tests/enumerators.py), the
# circles checked on its lines.
LOOPS = {size: centre_loops(*size) for size in ((3, 3), (3, 4), (4, 4), (4, 5))}


def straight(ds: set[str]) -> bool:
    return ds in ({"N", "S"}, {"E", "W"})


def circle_ok(lines: frozenset, cell: tuple, kind: str) -> bool:
    ds = line_dirs(lines, cell)
    if len(ds) != 2:
        return False
    nexts = [line_dirs(lines, (cell[0] + STEPS[d][0], cell[1] + STEPS[d][1])) for d in ds]
    if kind == "w":
        return straight(ds) and not all(straight(n) for n in nexts)
    return not straight(ds) and all(straight(n) for n in nexts)


def brute(board: Puzzle) -> set[tuple[str, ...]]:
    return {pipe_rows(lines, board.rows, board.cols) for lines in LOOPS[board.rows, board.cols]
            if all(circle_ok(lines, x, k) for x, k in board.clues().items())}


def random_boards(seed: int, n: int) -> list[Puzzle]:
    """Boards with circles a random loop allows (a share kept), and random circles."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        rows, cols = rng.choice([(3, 4), (4, 4), (4, 5)])
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        grid = {x: None for x in cells}
        if k % 3:
            lines = rng.choice(LOOPS[rows, cols])
            keep = rng.uniform(0.4, 0.9)
            for x in cells:
                kind = next((t for t in "wb" if circle_ok(lines, x, t)), None)
                if kind and rng.random() < keep:
                    grid[x] = kind
        else:
            for x in rng.sample(cells, rng.randint(1, 4)):
                grid[x] = rng.choice("wb")
        out.append(Puzzle("masyu", rows, cols, tuple(tuple(grid[r, c] for c in range(cols))
                                                     for r in range(rows))))
    return out


def test_enumerator_matches_the_published_cycle_count():
    # OEIS A140517: 213 cycles in the 4 x 4 grid graph.
    assert len(LOOPS[4, 4]) == 213


def test_a_board_without_circles_has_every_loop():
    res = count(puzzle([". . . ."] * 4), limit=300)
    assert res.complete and res.count == 213


@pytest.mark.parametrize("board", random_boards(11, 27), ids=lambda b: str(b.grid))
def test_counts_match_the_enumerator(board):
    expected = brute(board)
    res = count(board, limit=len(expected) + 1)
    assert res.complete and res.count == len(expected)
    assert {s.rows for s in res.solutions} == expected


def test_clue_value_names_the_circle_an_answer_allows():
    lines = LOOPS[4, 5][100]
    rows = pipe_rows(lines, 4, 5)
    v = GENRE.values(puzzle([". . . . ."] * 4), rows, "answer")
    for r in range(4):
        for c in range(5):
            want = next((t for t in "wb" if circle_ok(lines, (r, c), t)), None)
            assert GENRE.clue_value(puzzle([". . . . ."] * 4), v, (r, c)) == want


# -- the kit's loop rules: clauses (and cuts) admit exactly what the check accepts --------

BOARD = Puzzle("masyu", 2, 3, ((None,) * 3,) * 2)
CELLS = list(BOARD.cells())
EDGES = sorted({edge_atom(x, d) for x in CELLS for d in "ES"
                if (x[0] + (d == "S"), x[1] + (d == "E")) in set(CELLS)})


def agree(rule) -> None:
    """For every assignment of the 2x3 board's seven line atoms: satisfiable with the
    rule's clauses and lazy cuts exactly when its check finds nothing."""
    b = make_backend("cadical")
    try:
        e = Encoder(b, BOARD)
        for a in EDGES:
            e.atom(a)
        rule.encode(e)
        for bits in itertools.product((False, True), repeat=len(EDGES)):
            assume = [e[a] if on else -e[a] for a, on in zip(EDGES, bits)]
            while True:
                ok = b.solve(assume) is Status.SAT
                if not ok:
                    break
                v = Values(BOARD, ())
                v.truth = dict(zip(EDGES, bits))
                cuts = [cl for lazy in e.lazy for cl in lazy.cuts(v)]
                if not cuts:
                    break
                b.add_clauses(cuts)
            v = Values(BOARD, ())
            v.truth = dict(zip(EDGES, bits))
            assert ok == (not rule.check(v)), bits
    finally:
        b.close()


@pytest.mark.parametrize("rule", [SingleLoop(CELLS), MustVisit([(0, 1), (1, 2)], frozenset(CELLS))],
                         ids=["SingleLoop", "MustVisit"])
def test_loop_rules_faces_agree(rule):
    agree(rule)


def test_line_degrees_check_the_layers_clauses():
    b = make_backend("cadical")
    try:
        e = Encoder(b, BOARD)
        Lines().setup(e, CELLS)
        rule = LineDegrees(CELLS)
        for bits in itertools.product((False, True), repeat=len(EDGES)):
            v = Values(BOARD, ())
            v.truth = dict(zip(EDGES, bits))
            sat = b.solve([e[a] if on else -e[a] for a, on in zip(EDGES, bits)]) is Status.SAT
            assert sat == (not rule.check(v)), bits
    finally:
        b.close()


@pytest.mark.parametrize("cell, kind", [((0, 1), "w"), ((0, 1), "b"), ((1, 0), "b"), ((0, 0), "w")])
def test_circle_rules_faces_agree(cell, kind):
    for rule in GENRE.clue_rules(BOARD, cell, kind):
        agree(rule)


# -- 4. bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    ('{"genre":"masyu","rows":2,"cols":2,"grid":[["x",null],[null,null]]}',
     "t.json:1:45: r1c1: unknown Masyu given 'x' (expected w for a white circle, b for a black "
     "one, or . for none)"),
    ('{"genre":"masyu","rows":2,"cols":2,"grid":[[1,null],[null,null]]}',
     "t.json:1:45: r1c1: unknown Masyu given 1 (expected w for a white circle, b for a black "
     "one, or . for none)"),
    ('{"genre":"masyu","rows":2,"cols":2,"grid":[["w",null],[null,null]],"solution":["F7","Lx"]}',
     "t.json:1:79: solution: unknown answer character 'x' at r2c2 (expected one of . | - L J 7 F "
     "(and ^ > v < path ends, + crossings))"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


def test_givens_in_either_case():
    (_, doc), = parse_documents('{"genre":"masyu","rows":2,"cols":2,"grid":[["W",null],[null,"B"]]}',
                                "t.json")
    assert doc.puzzle.grid == (("w", None), (None, "b"))
    assert GENRE.editor_tokens() == (".", "w", "b")


def test_janko_bad_token():
    block = RECORDS[0]["janko"].replace("- - w - - -", "- - w - - x", 1)
    with pytest.raises(InputError) as e:
        parse_janko(block, "x.txt")
    assert str(e.value).endswith("unknown Masyu given 'x' (expected w for a white circle, b for a "
                                 "black one, or . for none)")


# -- generation ----------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(3))
def test_random_answers_are_pinned_down_by_their_circles(seed):
    hooks = GENRE.generator
    answer = hooks.random_answer(7, 7, random.Random(seed), None, None)
    board = hooks.with_clues(hooks.blank_for(answer), hooks.clue_candidates(answer))
    assert GENRE.verify(board, answer) == []
    res = check(board)
    assert res.verdict.value == "unique" and res.solutions[0].rows == answer.rows

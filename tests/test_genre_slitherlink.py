"""Slitherlink on the kit: published janko.at puzzles, pzprjs's test answers, counts
against an independent enumerator of loops on small boards, and bad input."""
from __future__ import annotations

import itertools
import random

import pytest

from enumerators import border_loops, cell_sides, shade_rows
from janko_data import janko_doc, janko_lines
from pencilproof import check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit import Encoder, S, Values
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.encodings.kit.loops import region_loop
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url, to_pzprv3, to_url
from pencilproof.formats.janko import parse_janko
from pencilproof.puzzle import Puzzle
from pencilproof.solvers import Status, make_backend

GENRE = get_genre("slitherlink")
RECORDS = janko_lines("slitherlink")


def puzzle(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else int(t) for t in row.split()) for row in rows)
    return Puzzle("slitherlink", len(grid), len(grid[0]), grid)


# -- 1. published puzzles ---------------------------------------------------------------

def test_janko_solution_marks_the_cells_inside_the_loop():
    # Janko 0001: "solution / - x - - / - x - - / - x x - / - - x -" (x = inside).
    doc = janko_doc("slitherlink", 0)
    assert doc.puzzle.grid[0] == (1, None, None, 0)
    assert doc.solution.rows == (".#..", ".#..", ".##.", "..#.")


# -- 2. pzprjs test/script/slither.js ---------------------------------------------------
# The script's board (url 5/5/cbcbcddad) and its answers as pzprv3 border lines: after
# the clue rows come 5 rows of 6 vertical borders, then 6 rows of 5 horizontal ones
# (1 = line). We write an answer as its inside cells: a cell is inside when an odd number
# of vertical lines lie to its left in its row. That is the answer exactly when every
# grid point has an even number of lines; in the script only the lnPlLoop answer and the
# correct one do. The brNoLine answer (no lines) is all outside; lnBranch, lnCross,
# nmLineNe and lnDeadEnd have points of odd degree (branches, dead ends) and cannot be
# written as a shading, so the lnCross case is taken from a board of our own below.
SCRIPT = ["2 . . 1 .", ". 2 . . 1", ". . 2 . .", "3 . . 3 .", ". 0 . . 3"]
SCRIPT_ANSWER = ("#####", "#..##", "#.###", "#.#.#", "....#")


def test_pzprjs_script_board_is_unique_with_the_scripts_answer():
    res = check(puzzle(SCRIPT))
    assert res.verdict.value == "unique" and res.solutions[0].rows == SCRIPT_ANSWER
    assert GENRE.verify(puzzle(SCRIPT), KitAnswer(SCRIPT_ANSWER)) == []


def test_pzprjs_script_url_and_pzprv3():
    url = "https://puzz.link/p?slither/5/5/cbcbcddad"
    assert parse_url(url) == puzzle(SCRIPT) and to_url(puzzle(SCRIPT)) == url
    # the script's correct answer as pzprjs saves it reads as the inside cells
    text = ("pzprv3/slither/5/5/2 . . 1 . /. 2 . . 1 /. . 2 . . /3 . . 3 . /. 0 . . 3 /"
            "1 -1 0 -1 -1 1 /1 1 -1 1 -1 1 /1 1 1 0 0 1 /1 1 1 1 1 1 /-1 -1 -1 0 1 1 /"
            "1 1 1 1 1 /-1 1 1 -1 -1 /0 -1 1 0 0 /0 0 0 1 0 /1 -1 1 -1 0 /-1 0 -1 0 1 /")
    (_, doc), = parse_documents(text, "script")
    assert doc.puzzle == puzzle(SCRIPT) and doc.solution.rows == SCRIPT_ANSWER
    written = to_pzprv3(doc.puzzle, doc.solution)
    assert written.split("\n")[:10] == ["pzprv3.1", "slither", "5", "5", "2 . . 1 . ", ". 2 . . 1 ",
                                        ". . 2 . . ", "3 . . 3 . ", ". 0 . . 3 ", "0 0 0 0 0 "]
    (_, back), = parse_documents(written, "ours")
    assert back.solution.rows == SCRIPT_ANSWER
    # the script's "slither_full" variant (flag f) is another genre's rule: refused
    (_, err), = parse_documents("pzprv3.1/slither/2/3/f/. . . /. . . /0 0 0 /0 0 0 /1 0 0 1 /"
                                "1 1 0 0 /1 1 1 /0 1 1 /1 0 0 /", "v")
    assert str(err) == ("v: line 5 (lines are '/'-separated), column 1: the file's option 'f' "
                        "(a rule variant) is not supported")


def test_pzprjs_script_wrong_answers():
    codes = {v.code for v in GENRE.verify(puzzle(SCRIPT), KitAnswer((".....",) * 5))}
    assert "brNoLine" in codes and codes == {"brNoLine", "nmLineNe"}
    # lnPlLoop: the script changes r1c4's clue to 0 and draws two loops.
    board = puzzle(["2 . . 0 .", *SCRIPT[1:]])
    answer = KitAnswer(("##...", "#....", "#.###", "#.#.#", "....#"))
    assert [v.code for v in GENRE.verify(board, answer)] == ["lnPlLoop"]


def test_a_loop_touching_itself_at_a_point_is_a_crossing():
    # Two squares meeting at a corner: four lines at one grid point (pzprjs lnCross),
    # and two loops.
    answer = KitAnswer(("#..", ".#.", "..."))
    codes = sorted({v.code for v in GENRE.verify(puzzle([". . .", ". . .", ". . ."]), answer)})
    assert codes == ["lnCross", "lnPlLoop"]
    # A ring: the outside falls into two pieces.
    ring = KitAnswer(("###", "#.#", "###"))
    violations = GENRE.verify(puzzle([". . .", ". . .", ". . ."]), ring)
    assert [(v.code, v.cells) for v in violations] == [("lnPlLoop", ((1, 1),))]


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every loop along grid lines is the border of the cells it
# encloses (tests/enumerators.py); a clue counts the loop's lines among its cell's sides.
LOOPS = {size: border_loops(*size) for size in ((2, 2), (3, 3), (3, 4))}


def test_enumerator_matches_the_published_cycle_counts():
    # OEIS A140517: cycles in the n x n grid graph of points: 13 (3x3 points), 213 (4x4).
    assert len(LOOPS[2, 2]) == 13 and len(LOOPS[3, 3]) == 213


def test_an_empty_board_has_every_loop():
    res = count(puzzle([". . .", ". . .", ". . ."]), limit=300)
    assert res.complete and res.count == 213


def brute(board: Puzzle) -> set[tuple[str, ...]]:
    out = set()
    for lines, inside in LOOPS[board.rows, board.cols]:
        if all(sum(e in lines for e in cell_sides(r, c)) == n for (r, c), n in board.clues().items()):
            out.add(shade_rows(inside, board.rows, board.cols))
    return out


def random_boards(seed: int, n: int) -> list[Puzzle]:
    """Boards with the clues of a random loop (a share kept), and boards of random clues."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        rows, cols = rng.choice([(3, 3), (3, 4)])
        if k % 3:
            lines, _ = rng.choice(LOOPS[rows, cols])
            keep = rng.uniform(0.3, 0.7)
            grid = [[sum(e in lines for e in cell_sides(r, c)) if rng.random() < keep else None
                     for c in range(cols)] for r in range(rows)]
        else:
            grid = [[rng.randint(0, 3) if rng.random() < 0.3 else None for c in range(cols)]
                    for r in range(rows)]
        out.append(Puzzle("slitherlink", rows, cols, tuple(map(tuple, grid))))
    return out


@pytest.mark.parametrize("board", random_boards(7, 24), ids=lambda b: str(b.grid))
def test_counts_match_the_enumerator(board):
    expected = brute(board)
    res = count(board, limit=len(expected) + 1)
    assert res.complete and res.count == len(expected)
    assert {s.rows for s in res.solutions} == expected


# -- the rules' two faces: clauses (and cuts) admit exactly what the checks accept ------

def agree(board: Puzzle, rules: list) -> None:
    """For every shading of the board: satisfiable with the rules' clauses and lazy cuts
    exactly when their checks find nothing."""
    cells = list(board.cells())
    atoms = [S(x) for x in cells]
    b = make_backend("cadical")
    try:
        e = Encoder(b, board)
        for a in atoms:
            e.atom(a)
        for rule in rules:
            rule.encode(e)
        for bits in itertools.product((False, True), repeat=len(atoms)):
            assume = [e[a] if on else -e[a] for a, on in zip(atoms, bits)]
            while (ok := b.solve(assume) is Status.SAT):
                v = Values(board, ())
                v.truth = dict(zip(atoms, bits))
                cuts = [cl for lazy in e.lazy for cl in lazy.cuts(v)]
                if not cuts:
                    break
                b.add_clauses(cuts)
            v = Values(board, ())
            v.truth = dict(zip(atoms, bits))
            assert ok == (not any(rule.check(v) for rule in rules)), bits
    finally:
        b.close()


@pytest.mark.parametrize("size", [(2, 3), (3, 3)])
def test_region_loop_faces_agree(size):
    board = puzzle([" ".join("." * size[1])] * size[0])
    agree(board, region_loop(board))
    # and they accept exactly the enumerator's loops
    good = 0
    for bits in itertools.product((False, True), repeat=size[0] * size[1]):
        v = Values(board, ())
        v.truth = {S(x): on for x, on in zip(board.cells(), bits)}
        good += not any(rule.check(v) for rule in region_loop(board))
    assert size != (3, 3) or good == 213


@pytest.mark.parametrize("cell, n", [((0, 0), 2), ((0, 1), 1), ((1, 1), 3), ((1, 1), 0), ((0, 2), 4)])
def test_clue_faces_agree(cell, n):
    board = puzzle([". . .", ". . .", ". . ."])
    agree(board, GENRE.clue_rules(board, cell, n))


# -- 4. bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    ('{"genre":"slitherlink","rows":2,"cols":2,"grid":[[5,null],[null,null]]}',
     "t.json:1:51: r1c1: clue 5 is out of range (0-4)"),
    ('{"genre":"slitherlink","rows":2,"cols":2,"grid":[["a",null],[null,null]]}',
     "t.json:1:51: r1c1: unknown token 'a' (expected '.' or a number)"),
    ('{"genre":"slitherlink","rows":2,"cols":2,"grid":[[1,null],[null,null]],"solution":["#.","o."]}',
     "t.json:1:83: solution: unknown answer character 'o' at r2c1 (expected # or .)"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


def test_janko_bad_token():
    block = RECORDS[0]["janko"].replace("1 - - 0", "1 - - 7")
    with pytest.raises(InputError) as e:
        parse_janko(block, "x.txt")
    assert str(e.value).endswith("clue 7 is out of range (0-4)")


def test_question_mark_clue_counts_nothing():
    board = puzzle([". . .", ". . .", ". . ."]).with_clues({(1, 1): "?"})
    assert GENRE.parse_clue("?", "here") == "?"
    assert count(board, limit=300).count == 213

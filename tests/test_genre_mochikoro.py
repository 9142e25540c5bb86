"""Mochikoro on the kit: published janko.at puzzles, pzprjs's test script, counts against
an independent enumerator on small boards, the rules' two faces, bad input, generation."""
from __future__ import annotations

import itertools
import random

import pytest

from enumerators import KING, ORTHO, connected, grid_cells, has_2x2, pieces, shade_rows, subsets
from janko_data import janko_doc
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit import Encoder, S, Values
from pencilproof.encodings.kit.blocks import ConnectedAround, Rectangles
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url, to_url
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle
from pencilproof.solvers import Status, make_backend

GENRE = get_genre("mochikoro")


def puzzle(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else t if t == "?" else int(t) for t in row.split())
                 for row in rows)
    return Puzzle("mochikoro", len(grid), len(grid[0]), grid)


def flipped(rows: tuple[str, ...], r: int, c: int) -> KitAnswer:
    row = rows[r]
    return KitAnswer(rows[:r] + (row[:c] + ("." if row[c] == "#" else "#") + row[c + 1:],) + rows[r + 1:])


# -- 1. published puzzles ---------------------------------------------------------------

def test_janko_tokens():
    # Janko 001: "size 5", "3 - - 4 -" and the solution's first row "- x - - x"
    doc = janko_doc("mochikoro", 0)
    assert doc.puzzle.grid[0] == (3, None, None, 4, None)
    assert doc.solution.rows[0] == ".#..#"


# -- 2. pzprjs test/script/mochikoro.js ---------------------------------------------------
# url 5/5/4p2n1i1; each answer is the second block of rows of the script's pzprv3
# string, '#' copied, '+' (marked unshaded) and '.' written '.'.
SCRIPT = ["4 . . . .", ". . . . .", ". 2 . . .", ". . . . .", "1 . . . 1"]
WRONG = [
    ("cs2x2", ("...##", "...##", ".....", ".....", ".....")),
    ("csDivide8", ("....#", "#####", ".....", ".....", ".....")),
    ("cuNotRect", ("....#", "####.", "..#..", "...##", ".....")),
    ("bkNumGe2", ("..#..", "..#..", "..#..", "##.##", "..#..")),
    ("bkSizeNe", ("....#", "####.", "#..#.", ".##.#", ".#.#.")),
]
RIGHT = ("....#", "####.", "#.#.#", "#.#.#", ".#.#.")


def test_pzprjs_url():
    url = "https://puzz.link/p?mochikoro/5/5/4p2n1i1"
    assert parse_url(url) == puzzle(SCRIPT) and to_url(puzzle(SCRIPT)) == url


@pytest.mark.parametrize("code, rows", WRONG)
def test_pzprjs_failcodes(code, rows):
    # pzprjs's order is ours (2x2, network, rectangles, numbers): its code is our first
    assert GENRE.verify(puzzle(SCRIPT), KitAnswer(rows))[0].code == code


def test_pzprjs_answer_is_the_unique_solution():
    res = check(puzzle(SCRIPT))
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == RIGHT
    # pzprjs's empty answer (brNoShade: not begun): one area with all four numbers
    assert [v.code for v in GENRE.verify(puzzle(SCRIPT), KitAnswer((".....",) * 5))] == ["bkNumGe2"]


def test_pzprv3_file():
    text = ("pzprv3/mochikoro/5/5/4 . . . . /. . . . . /. 2 . . . /. . . . . /1 . . . 1 /"
            "+ + + + # /# # # # + /# + # + # /# + # + # /+ # + # + /")
    (_, doc), = parse_documents(text, "script")
    assert doc.puzzle == puzzle(SCRIPT) and doc.solution.rows == RIGHT


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every shading without a shaded 2x2 block whose unshaded areas
# (edge-connected) are rectangles and all touch one another through edges or corners;
# a number's cell unshaded, alone in its area, of its size ('?': any size).

def shadings(rows: int, cols: int) -> list[tuple[frozenset, list[set]]]:
    """(shaded cells, unshaded areas) of every shading the rules without numbers allow."""
    cells = grid_cells(rows, cols)
    out = []
    for dark in subsets(cells):
        light = set(cells) - dark
        if has_2x2(dark) or not connected(light, KING):
            continue
        areas = pieces(light)
        if all((max(r for r, _ in p) - min(r for r, _ in p) + 1)
               * (max(c for _, c in p) - min(c for _, c in p) + 1) == len(p) for p in areas):
            out.append((dark, areas))
    return out


SHADINGS = {size: shadings(*size) for size in ((3, 3), (3, 4), (4, 4))}


def brute(board: Puzzle) -> set[tuple[str, ...]]:
    out = set()
    clues = board.clues()
    for dark, areas in SHADINGS[board.rows, board.cols]:
        if any(x in dark for x in clues):
            continue
        ok = True
        for p in areas:
            nums = [clues[x] for x in p if x in clues]
            ok &= len(nums) <= 1 and all(n == "?" or n == len(p) for n in nums)
        if ok:
            out.add(shade_rows(dark, board.rows, board.cols))
    return out


def random_boards(seed: int, n: int) -> list[Puzzle]:
    """Numbers read off a random allowed shading (some areas), or random numbers."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4)])
        grid: list[list] = [[None] * cols for _ in range(rows)]
        if k % 3 == 0:
            for r, c in rng.sample([(r, c) for r in range(rows) for c in range(cols)], 3):
                grid[r][c] = rng.choice([1, 2, 2, 3, 4, "?"])
        else:
            _, areas = rng.choice(SHADINGS[rows, cols])
            for p in areas:
                if rng.random() < 0.6:
                    r, c = rng.choice(sorted(p))
                    grid[r][c] = "?" if rng.random() < 0.15 else len(p)
        out.append(Puzzle("mochikoro", rows, cols, tuple(map(tuple, grid))))
    return out


@pytest.mark.parametrize("board", random_boards(7, 24), ids=lambda b: str(b.grid))
def test_counts_match_the_enumerator(board):
    expected = brute(board)
    res = count(board, limit=len(expected) + 1)
    assert res.complete and {s.rows for s in res.solutions} == expected


def test_two_question_marks_never_share_an_area():
    # 1x3 "? . ?": r1c2 shaded leaves two areas that touch nowhere, unshaded it joins
    # them into one area with two numbers: no answer. 2x2 "? . / . ?": the other two
    # cells both unshaded make one area, one of them an L; both shaded leave two areas
    # touching at a corner: the one answer.
    assert count(puzzle(["? . ?"])).count == 0
    assert [s.rows for s in count(puzzle(["? .", ". ?"])).solutions] == [(".#", "#.")]


# -- the kit's two pieces: clauses (and cuts) admit exactly what the checks accept -------

@pytest.mark.parametrize("size", [(3, 3), (3, 4)])
def test_block_rules_faces_agree(size):
    board = puzzle([" ".join("." * size[1])] * size[0])
    rules = [Rectangles(*size, "r", "r"), ConnectedAround(*size, "c", "c")]
    atoms = [S(x) for x in board.cells()]
    b = make_backend("cadical")
    try:
        e = Encoder(b, board)
        for rule in rules:
            rule.encode(e)
        for bits in itertools.product((False, True), repeat=len(atoms)):
            assume = [e[a] if on else -e[a] for a, on in zip(atoms, bits)]
            v = Values(board, ())
            v.truth = dict(zip(atoms, bits))
            while (ok := b.solve(assume) is Status.SAT):
                cuts = [cl for lazy in e.lazy for cl in lazy.cuts(v)]
                if not cuts:
                    break
                b.add_clauses(cuts)
            assert ok == (not any(rule.check(v) for rule in rules)), bits
    finally:
        b.close()


def test_partial_cuts_hold_in_every_answer():
    # explain's propagation uses them: each must hold in every shading the rule accepts,
    # whatever part of a shading they were read from.
    board = puzzle([". . . .", ". . . .", ". . . ."])
    rule = ConnectedAround(3, 4, "c", "c")
    b = make_backend("cadical")
    try:
        e = Encoder(b, board)
        rule.encode(e)
        lazy = e.lazy[0]
        atoms = [S(x) for x in board.cells()]
        good = []
        for bits in itertools.product((False, True), repeat=len(atoms)):
            v = Values(board, ())
            v.truth = dict(zip(atoms, bits))
            if not rule.check(v):
                good.append({e[a] if on else -e[a] for a, on in zip(atoms, bits)})
        rng, seen = random.Random(3), 0
        for _ in range(600):
            full = rng.choice(good) if rng.random() < 0.5 else {
                e[a] * rng.choice((1, -1)) for a in atoms}
            part = {lit for lit in full if rng.random() < 0.6}
            for cut in lazy.partial_cuts(part):
                seen += 1
                assert all(any(lit in g for lit in cut) for g in good), cut
        assert seen > 30
    finally:
        b.close()


# -- 4. bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    ('{"genre":"mochikoro","rows":2,"cols":2,"grid":[[0,null],[null,null]]}',
     "t.json:1:49: r1c1: clue 0 is out of range (1-999)"),
    ('{"genre":"mochikoro","rows":2,"cols":2,"grid":[["x",null],[null,null]]}',
     "t.json:1:49: r1c1: unknown token 'x' (expected '.', '?' or a number)"),
    ('{"genre":"mochikoro","rows":1,"cols":2,"grid":[[1,null]],"solution":["#*"]}',
     "t.json:1:69: solution: unknown answer character '*' at r1c2 (expected # or .)"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


# -- 5. generation ----------------------------------------------------------------------

def test_generate_unique_puzzles():
    got = generate_one(GenerateOptions(genre="mochikoro", rows=7, cols=7), 2, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows


def test_drawn_answers_have_no_lone_shaded_cell_inside_shading():
    hooks = GENRE.generator
    for seed in range(5):
        answer = hooks.random_answer(8, 8, random.Random(seed), None, None)
        full = hooks.with_clues(hooks.blank_for(answer), hooks.clue_candidates(answer))
        assert GENRE.verify(full, answer) == []
        for r, c in full.cells():
            near = [(r + dr, c + dc) for dr, dc in ORTHO if 0 <= r + dr < 8 and 0 <= c + dc < 8]
            assert not all(answer[x] == "#" for x in [(r, c), *near])

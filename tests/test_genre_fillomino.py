"""Fillomino: the Janko puzzles' published solutions, pzprjs's test script (URL and its
answers as numbers), a brute-force count on small boards (with the real '+' threshold
and with a small one), the candidate sizes, input errors, generation."""
from __future__ import annotations

import random
import re

import pytest

from janko_data import janko_doc
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre, register, unregister
from pencilproof.encodings.fillomino import Fillomino, random_regions
from pencilproof.encodings.kit import KitEncoded
from pencilproof.encodings.kit.regions import size_domains
from pencilproof.errors import InputError
from pencilproof.formats import parse_url
from pencilproof.formats.janko import parse_janko
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.generator.minimize import minimize
from pencilproof.puzzle import Puzzle, Solution
from pencilproof.solvers.backends import make_backend

FILLOMINO = get_genre("fillomino")
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _puzzle(rows, genre: str = "fillomino") -> Puzzle:
    return Puzzle(genre, len(rows), len(rows[0]), tuple(
        tuple(None if ch == "." else "?" if ch == "?" else DIGITS.index(ch) for ch in row)
        for row in rows))


def test_janko_unclued_regions_larger_than_every_given():
    """Janko's Fillomino 009: no given above 5, yet its answer has a region of 7."""
    doc = janko_doc("fillomino", 8)
    assert max(v for v in doc.puzzle.clues().values()) == 5
    assert "7" in "".join(doc.solution.rows)
    assert check(doc.puzzle).verdict is Verdict.UNIQUE


# Janko's Fillomino 485 (https://www.janko.at/Raetsel/Fillomino/485.a.htm), its data block
# as published (not in tests/data: test_janko_records changes a cell by its digit, and
# this answer's '+' cells have none).
J485 = """begin
puzzle fillomino
author Chris Green
solver Jürgen Helbig
source http://puzzleparade.blogspot.co.uk/
info 213
unit 30
size 10
problem
- 5 - 5 - - 5 - - -
5 - - - - 5 - - 5 -
- - 5 - - - - 5 - 5
- - - 5 - 5 - - - -
55 - - - 5 - - - 5 -
- - - - - 5 - 5 - -
- 5 - - - - - - 5 -
- - 5 - 5 - - 5 - -
- 5 - - - 5 - - 5 -
5 - - 5 - - - 5 - -
solution
5 5 5 5 55 5 5 55 55 55
5 55 55 55 55 5 55 55 5 5
55 55 5 5 55 5 55 5 5 5
55 55 55 5 55 5 55 55 55 55
55 5 55 5 5 55 55 5 5 55
55 5 55 55 55 5 55 5 5 55
55 5 5 55 55 5 55 55 5 55
55 55 5 55 5 5 55 5 55 55
55 5 55 55 55 5 55 5 5 55
5 5 5 5 55 55 55 5 5 55
end
"""


def test_janko_given_of_36_or_more():
    """Janko's Fillomino 485: a 55 among 5s, its region of 55 cells written '+' (it was
    refused: "clue 55 is out of range (1-35)")."""
    doc = parse_janko(J485, "j485.txt")
    assert doc.puzzle.grid[4][0] == 55 and doc.solution.rows[4] == "+5+55++55+"
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution
    # r1c4, a 5 beside the region, taken into it: 56 cells
    rows = list(doc.solution.rows)
    assert rows[0] == "5555+55+++"
    rows[0] = "555++55+++"
    found = FILLOMINO.verify(doc.puzzle, Solution(tuple(rows)))
    assert ("bkSizeGt", "a region of 56 cells holds 55") in [(v.code, v.message) for v in found]


# pzprjs test/script/fillomino.js. Its files hold givens, answer numbers and borders a
# player drew; translated by hand: a cell's number is its given or its answer number,
# '.' where it has neither; '-' (a given of unknown value) is '?'; the borders are left
# out (here a region is a group of equal numbers). So where pzprjs judges the drawn
# borders our codes differ: its bsSameNum (two 3-regions split by a border) is one
# region of six 3s here, bkSizeGt; its bkMixedNum (a bordered area with a 5 and 4s) is
# two regions, too small here, bkSizeLt. Every partial answer also leaves cells empty
# (ceNoNum). The two 3x3 files with option 't' (the "tri" rule variant, at most 3
# cells) are not this genre's rules and are left out.
URL = "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h"
GRID = ("..4...", ".53.2.", "....52", "33....", ".2.14.", "...3..")
PZPRJS = [
    ("bkSizeLt", GRID, {"bkSizeLt", "ceNoNum"}),
    ("bsSameNum", ("..4...", ".53.2.", ".33352", "33..5.", ".2.14.", "...3.."),
     {"bkSizeGt", "bkSizeLt", "ceNoNum"}),
    ("bkSizeGt", ("..4...", ".53.2.", "..3352", "33555.", ".2514.", "..53.."),
     {"bkSizeGt", "bkSizeLt", "ceNoNum"}),
    ("bkSizeLt", ("..4...", ".53.21", "..3352", "33555.", "32514.", "1233.."),
     {"bkSizeLt", "ceNoNum"}),
    ("bkMixedNum", ("5.444.", "553221", "353352", "335552", "225144", "133344"),
     {"bkSizeLt", "ceNoNum"}),
    ("ceNoNum", ("......", "..322.", "3.3352", "335552", "225144", "133344"), {"ceNoNum"}),
    (None, ("554444", "553221", "353352", "335552", "225144", "133344"), set()),
]


def test_pzprjs_url_decodes():
    assert parse_url(URL) == _puzzle(GRID)


@pytest.mark.parametrize("pzprjs_code, rows, codes", PZPRJS)
def test_pzprjs_answers(pzprjs_code, rows, codes):
    grid = _puzzle(GRID)
    if pzprjs_code == "ceNoNum":  # this file's givens r1c3 and r2c2 are '-'
        grid = _puzzle(("..?...", ".?3.2.", "....52", "33....", ".2.14.", "...3.."))
    assert {v.code for v in FILLOMINO.verify(grid, Solution(rows))} == codes


def test_pzprjs_answer_is_the_unique_solution():
    res = check(_puzzle(GRID))
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == PZPRJS[-1][1]


@pytest.mark.parametrize("rows, expected", [
    (("22", "13"), [("bkSizeLt", ((1, 1),), "a region of 1 cells holds 3")]),
    (("22", "11"), [("bkSizeGt", ((1, 0), (1, 1)), "a region of 2 cells holds 1")]),
    (("11", "21"), [("nmGiven", ((0, 1),), "the given 2 is changed"),
                    ("bkSizeGt", ((0, 0), (0, 1), (1, 1)), "a region of 3 cells holds 1"),
                    ("bkSizeLt", ((1, 0),), "a region of 1 cells holds 2")]),
    (("1.", "21"), [("nmGiven", ((0, 1),), "the given 2 is changed"),
                    ("ceNoNum", ((0, 1),), "a cell holds no number"),
                    ("bkSizeLt", ((1, 0),), "a region of 1 cells holds 2")]),
])
def test_codes_cells_and_messages(rows, expected):
    got = FILLOMINO.verify(_puzzle((".2", "..")), Solution(rows))
    assert sorted((v.code, v.cells, v.message) for v in got) == sorted(expected)


# -- brute force ---------------------------------------------------------------------------
def _near(x, rows, cols):
    r, c = x
    return [(y, z) for y, z in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
            if 0 <= y < rows and 0 <= z < cols]


def _answers(grid) -> list[dict]:
    """Every answer as cell -> (region id, size): partitions of the grid into connected
    regions (each grown from the first cell not yet in one), kept when each region's
    givens equal its size and no two touching regions have one size (plain Python)."""
    rows, cols = len(grid), len(grid[0])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    out: list[dict] = []
    part: dict = {}

    def rec() -> None:
        free = [x for x in cells if x not in part]
        if not free:
            if all(part[x][1] != part[y][1] or part[x][0] == part[y][0]
                   for x in cells for y in _near(x, rows, cols)):
                out.append(dict(part))
            return
        x = free[0]
        seen, todo = {frozenset([x])}, [frozenset([x])]
        while todo:
            piece = todo.pop()
            if all(grid[r][c] in (None, "?", len(piece)) for r, c in piece):
                part.update({y: (x, len(piece)) for y in piece})
                rec()
                for y in piece:
                    del part[y]
            for p in piece:
                for y in _near(p, rows, cols):
                    if y not in part and y not in piece and (more := piece | {y}) not in seen:
                        seen.add(more)
                        todo.append(more)

    rec()
    return out


def _rows(answer: dict, rows: int, cols: int, big: int = 36) -> tuple[str, ...]:
    return tuple("".join("+" if answer[(r, c)][1] >= big else DIGITS[answer[(r, c)][1]]
                         for c in range(cols)) for r in range(rows))


EMPTY: dict = {}


def _random_board(rng: random.Random, shapes) -> tuple[tuple, ...]:
    """Givens read off a random answer of the empty board (some changed to '?' or to
    another number now and then), or random givens."""
    rows, cols = rng.choice(shapes)
    if (rows, cols) not in EMPTY:
        EMPTY[(rows, cols)] = _answers(((None,) * cols,) * rows)
    pick = rng.choice(EMPTY[(rows, cols)])
    grid = [[None] * cols for _ in range(rows)]
    share = rng.choice([0.3, 0.5, 0.7])
    for r in range(rows):
        for c in range(cols):
            if rng.random() < share:
                grid[r][c] = pick[(r, c)][1] if rng.random() < 0.9 else rng.choice(["?", 1, 2, 3])
    return tuple(map(tuple, grid))


@pytest.mark.parametrize("seed", range(30))
def test_brute_force(seed):
    grid = _random_board(random.Random(seed), [(3, 3), (2, 4), (2, 5), (3, 4)])
    res = count(Puzzle("fillomino", len(grid), len(grid[0]), grid), limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == {_rows(a, len(grid), len(grid[0]))
                                               for a in _answers(grid)}


class SmallPlus(Fillomino):
    """Fillomino with '+' for regions of 3 cells or more: the threshold within reach."""

    name = "fillomino_plus3_test"
    url_pids = ()
    big = 3


@pytest.fixture
def small_plus():
    genre = register(SmallPlus())
    yield genre
    unregister(genre.name)


def _plus_groups(rows: tuple[str, ...]) -> list[int]:
    cells = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "+"}
    sizes, seen = [], set()
    for x in sorted(cells):
        if x in seen:
            continue
        seen.add(x)
        todo, n = [x], 0
        while todo:
            n += 1
            for y in _near(todo.pop(), len(rows), len(rows[0])):
                if y in cells and y not in seen:
                    seen.add(y)
                    todo.append(y)
        sizes.append(n)
    return sizes


@pytest.mark.parametrize("seed", range(40))
def test_brute_force_with_plus(small_plus, seed):
    """Regions of 3 or more written '+': a group of '+' cells of at most 6 cells is one
    region (two touching ones would be 3 and 4 at least), so the count is exact; a
    board with an answer whose group is larger is refused with an error. Givens of 3 to
    6 are '+' cells whose region has exactly that many cells."""
    grid = _random_board(random.Random(100 + seed), [(3, 3), (2, 4)])
    grid = tuple(tuple(v if v in (None, "?") or v <= 6 else None for v in row) for row in grid)
    puzzle = Puzzle(small_plus.name, len(grid), len(grid[0]), grid)
    answers = {_rows(a, len(grid), len(grid[0]), 3) for a in _answers(grid)}
    if any(max(_plus_groups(a), default=0) > 6 for a in answers):
        with pytest.raises(InputError) as e:
            count(puzzle, limit=None)
        assert "cells of regions of 3 or more, which answers cannot write" in str(e.value)
    else:
        res = count(puzzle, limit=None)
        assert res.complete and {s.rows for s in res.solutions} == answers


def test_a_large_plus_group_is_refused_only_in_an_answer(small_plus):
    """A group of more than 2 x 3 '+' cells could be one region or several: a candidate
    that breaks another rule too is cut for that rule (Janko 209 and 589 were refused
    while the solver was still searching), one that breaks none is refused."""
    puzzle = _puzzle(("....2", "....."), small_plus.name)
    lazy = small_plus.encode(puzzle, make_backend()).e.lazy[-1]
    other = small_plus.values(puzzle, ("++++2", "+++++"), "a")  # a lone 2 beside 9 '+'
    assert lazy.cuts(other)
    with pytest.raises(InputError) as e:
        lazy.cuts(small_plus.values(puzzle, ("+++++", "+++++"), "a"))
    assert str(e.value) == ("r1c1: an answer has a group of 10 cells of regions of 3 or more, "
                            "which answers cannot write (one region or several)")


@pytest.mark.parametrize("board", ["j485", "random"])
def test_decoded_grid_agrees_with_the_written_answer(board, small_plus):
    """Each round the solver's model is decoded straight to a grid of values and cut
    there (the kit's path wrote the answer's characters and read them back: most of a
    round's time, 3 s of Janko 209's): every candidate of a search, '+' groups among
    them, decodes to the kit's characters and gets the same cuts as its re-read answer."""
    if board == "j485":
        genre, puzzle = FILLOMINO, parse_janko(J485, "j485.txt").puzzle
    else:
        genre = small_plus
        puzzle = _puzzle(("1..?..", "......", "...2..", "......"), small_plus.name)
    b = make_backend()
    enc = genre.encode(puzzle, b)
    assert type(enc).decode is not KitEncoded.decode
    rounds = 0
    while rounds < 60 and b.solve().name == "SAT":
        rounds += 1
        answer = enc.decode()
        assert answer.rows == KitEncoded.decode(enc).rows
        read = genre.parse_solution(puzzle, answer.rows, "a")
        try:
            fast = enc.cuts(answer)
        except InputError as e:  # a '+' group of more than 6 cells in an answer: both refuse
            with pytest.raises(InputError, match=re.escape(str(e))):
                KitEncoded.cuts(enc, read)
            fast = []
        else:
            assert {frozenset(cl) for cl in fast} == {frozenset(cl) for cl in KitEncoded.cuts(enc, read)}
        b.add_clauses(fast or [enc.block(answer)])
    assert rounds > 3


def test_plus_answers_read_and_verify(small_plus):
    puzzle = _puzzle(("1..", "..."), small_plus.name)
    assert small_plus.verify(puzzle, Solution(("1++", "+++"))) == []
    assert small_plus.verify(puzzle, Solution(("12+", "+2+"))) != []
    assert [(v.code, v.message) for v in small_plus.verify(puzzle, Solution(("1+1", "2+2")))] == [
        ("bkSizeLt", "a region of 2 cells holds 3 or more"),
        ("bkSizeLt", "a region of 1 cells holds 2"), ("bkSizeLt", "a region of 1 cells holds 2")]
    res = count(puzzle, limit=None)
    assert {s.rows for s in res.solutions} == {_rows(a, 2, 3, 3) for a in _answers(puzzle.grid)}


# -- candidate sizes -------------------------------------------------------------------------
def test_size_domains():
    """Givens 2, 1 and 4 leave r1c1 in a pocket of three free cells (r1c1, r1c2, r2c1):
    its region has at most 3 cells, or it is the given 4's region (reached through
    r2c1); never 5 or more. On an empty 6x6 grid every size up to '36 or more'."""
    givens = {(0, 2): 2, (1, 1): 1, (2, 0): 4}
    dom = size_domains(3, 3, givens, 36)
    assert dom[(0, 2)] == [2] and dom[(1, 1)] == [1] and dom[(2, 0)] == [4]
    assert all(dom[x] == [1, 2, 3, 4] for x in ((0, 0), (0, 1), (1, 0), (1, 2), (2, 1), (2, 2)))
    assert size_domains(3, 3, {(1, 1): 1, (2, 0): 2, (0, 2): 2}, 36)[(0, 0)] == [1, 2, 3]
    assert size_domains(6, 6, {}, 36)[(0, 0)] == list(range(1, 37))


# -- input errors --------------------------------------------------------------------------
@pytest.mark.parametrize("token, message", [
    (0, "clue 0 is out of range (1-72)"),
    ("73", "clue 73 is out of range (1-72)"),
    ("x", "unknown token 'x' (expected '.', '?' or a number)"),
    (True, "a clue must be a number, got True"),
])
def test_bad_clues(token, message):
    with pytest.raises(InputError) as e:
        FILLOMINO.parse_clue(token, "f.txt:2: r1c3")
    assert str(e.value) == f"f.txt:2: r1c3: {message}"


@pytest.mark.parametrize("ch", ["0", "*", "?"])
def test_bad_answer_characters(ch):
    with pytest.raises(InputError) as e:
        FILLOMINO.parse_solution(_puzzle((".2", "..")), ("22", "1" + ch), "a.txt")
    assert str(e.value) == (f"a.txt: unknown answer character {ch!r} at r2c2 (expected a "
                            f"number 1-35 (1-9, A-Z) or + (36 or more) or . (empty))")


# -- generation ------------------------------------------------------------------------------
def test_random_regions_are_a_fillomino():
    for seed in range(20):
        region = random_regions(6, 7, random.Random(seed), 6)
        sizes = {k: list(region.values()).count(k) for k in set(region.values())}
        rows = tuple("".join(DIGITS[sizes[region[(r, c)]]] for c in range(7)) for r in range(6))
        assert FILLOMINO.verify(_puzzle(("." * 7,) * 6), Solution(rows)) == []


def test_generate_and_minimize():
    got = generate_one(GenerateOptions(genre="fillomino", rows=5, cols=5), 2, 0)
    assert got is not None
    assert FILLOMINO.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows
    m = minimize(_puzzle(GRID))
    assert m.removed and check(m.minimized).solutions[0].rows == PZPRJS[-1][1]

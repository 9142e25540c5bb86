"""Lighthouses (Janko Leuchttuerme) on the kit: the twelve published janko.at puzzles
(read off their solutions), the rules' codes, counts against an independent enumerator
on small random boards, bad input, generation. (puzz.link has no such genre.)"""
from __future__ import annotations

import itertools
import json
import random

import pytest

from enumerators import shade_rows, touching
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("lighthouses")
RECORDS = janko_lines("lighthouses")


def test_janko_reading():
    """Leuchttuerme 001: the numbers of the solution are the lighthouses, 'x' ships."""
    doc = janko_doc("lighthouses", 0)
    assert doc.puzzle.clues() == {(0, 1): 2, (1, 5): 2, (3, 1): 1, (4, 3): 1, (7, 2): 0, (7, 5): 2}
    assert doc.solution.rows[:2] == ("...#...#", "........")


def test_the_lit_rule_is_janko_s():
    """Without "every ship is lit", Leuchttuerme 001 would have more answers: ships could
    sit on the twelve cells no lighthouse sees."""
    doc = janko_doc("lighthouses", 0)
    unlit = [x for x in doc.puzzle.cells() if doc.puzzle[x] is None
             and all(x[0] != r and x[1] != c for r, c in doc.puzzle.clues())]
    assert len(unlit) == 12
    rows = [list(row) for row in doc.solution.rows]
    r, c = next(x for x in unlit if all(doc.solution[y] == "." and doc.puzzle[y] is None
                                        for y in _around(x, 8, 8)))
    rows[r][c] = "#"
    got = GENRE.verify(doc.puzzle, Solution(tuple(map("".join, rows))))
    assert [(v.code, v.cells) for v in got] == [("shUnlit", ((r, c),))]


def _around(x, rows, cols):
    return [(x[0] + dr, x[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if 0 <= x[0] + dr < rows and 0 <= x[1] + dc < cols]


def _board(rows, cols, lights) -> Puzzle:
    return Puzzle("lighthouses", rows, cols, tuple(tuple(lights.get((r, c)) for c in range(cols))
                                                  for r in range(rows)))


def test_codes_and_cells():
    board = _board(4, 5, {(0, 0): 2, (3, 4): "?"})
    assert GENRE.verify(board, Solution(("..#..", ".....", "#....", "....."))) == []
    got = GENRE.verify(board, Solution(("..#.#", "...#.", "#....", "...#.")))
    assert [(v.code, v.cells, v.message) for v in got] == [
        ("shTouch", ((0, 2), (1, 3)), "two ships touch"),
        ("shTouch", ((0, 4), (1, 3)), "two ships touch"),
        ("shLighthouse", ((3, 3),), "a ship touches a lighthouse"),
        ("shUnlit", ((1, 3),), "a ship is in no lighthouse's row or column"),
        ("lhShipNe", ((0, 0),), "a lighthouse sees 3 ships instead of 2")]


# -- brute force ---------------------------------------------------------------------------
def _answers(rows, cols, lights) -> set[tuple[str, ...]]:
    """Every set of ships on lit cells that are no lighthouses and touch none, kept where
    no two touch and every number is its row's and column's count."""
    def lit(x):
        return any(x[0] == r or x[1] == c for r, c in lights)
    free = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in lights and lit((r, c))
            and not any(y in lights for y in _around((r, c), rows, cols))]
    out = set()
    for k in range(len(free) + 1):
        for ships in itertools.combinations(free, k):
            if touching(ships):
                continue
            if any(isinstance(n, int) and sum((s[0] == r) != (s[1] == c) for s in ships) != n
                   for (r, c), n in lights.items()):
                continue
            out.add(shade_rows(ships, rows, cols))
    return out


@pytest.mark.parametrize("seed", range(16))
def test_brute_force(seed):
    """Lighthouses on random cells, each numbered (from a random set of ships, or off by
    one for every fourth seed) or '?'."""
    rng = random.Random(seed)
    rows, cols = rng.choice([(4, 4), (4, 5), (5, 5)])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    spots = rng.sample(cells, rng.randint(1, 3))
    ships = set(rng.sample([x for x in cells if x not in spots], rng.randint(0, 4)))
    lights = {x: rng.choice([sum((s[0] == x[0]) != (s[1] == x[1]) for s in ships)] * 3 + ["?"])
              for x in spots}
    if seed % 4 == 0 and isinstance(lights[spots[0]], int):
        lights[spots[0]] += 1
    res = count(_board(rows, cols, lights), limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(rows, cols, lights)


def test_a_small_count():
    """One lighthouse numbered 1 in the corner of a 3x3: a ship on one of the four cells
    of its row and column that do not touch it."""
    got = {s.rows for s in count(_board(3, 3, {(0, 0): 1}), limit=None).solutions}
    assert got == _answers(3, 3, {(0, 0): 1}) == {("..#", "...", "..."), ("...", "...", "#..")}


# -- bad input -------------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "lighthouses", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("grid, message", [
    ([["x", None], [None, None]], "r1c1: unknown token 'x' (expected '.', '?' or a number)"),
    ([[-1, None], [None, None]], "r1c1: clue -1 is out of range (0-999)"),
])
def test_bad_puzzles(grid, message):
    assert _error({"rows": 2, "cols": 2, "grid": grid}).endswith(message)


def test_bad_answer():
    board = _board(2, 2, {(0, 0): 1})
    got = GENRE.verify(board, Solution(("1.", ".#")))
    assert [(v.code, v.message) for v in got] == [
        ("anBadChar", "answer character '1' at r1c1, where the puzzle's given is '.'")]


def test_bad_janko_block():
    block = RECORDS[0]["janko"].replace("solution\n- 2 - x", "solution\n- 2 - y")
    (_, got), = parse_documents(json.dumps({"janko": block}), "l.json")
    assert isinstance(got, InputError)
    assert "unknown problem token 'y' (expected a number or '-')" in str(got)


# -- generation ------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="lighthouses", rows=6, cols=6), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows


def test_a_page_with_a_problem_section():
    """Leuchttuerme 061 has a problem section with the lighthouses and a solution of ships
    only: the lighthouses are the problem's (read off the solution there were none, and the
    only answer was the empty sea, which breaks every number)."""
    doc = janko_doc("lighthouses", 12)
    assert doc.puzzle.clues()[(0, 2)] == 3 and len(doc.puzzle.clues()) == 9
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows
    empty = Solution(tuple("." * 10 for _ in range(10)))
    assert {v.code for v in GENRE.verify(doc.puzzle, empty)} == {"lhShipNe"}


@pytest.mark.parametrize("old, new, message", [
    ("solution\n- - - - x", "solution\n- - 4 - x", "solution r1c3 shows the lighthouse 4, the problem 3"),
    ("solution\n- - - - x", "solution\n- 1 - - x", "solution r1c2 shows the lighthouse 1, the problem none"),
    ("solution\n- - - - x", "solution\n- - x - x", "solution r1c3 is a ship on a lighthouse"),
])
def test_a_solution_contradicting_the_problem(old, new, message):
    block = RECORDS[12]["janko"]
    assert old in block
    (_, got), = parse_documents(json.dumps({"janko": block.replace(old, new)}), "l.json")
    assert isinstance(got, InputError) and str(got).endswith(message)

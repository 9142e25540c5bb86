"""Arrow Numbers (janko.at Pfeilzahlen) on the kit: the published pages (a framed problem,
an inner-grid problem, no problem section; 241's arrow written pointing off the grid), the
rules' codes, counts against an independent enumerator of rings on 2x2 to 3x3 grids, bad
input, drawing, generation. puzz.link has no Arrow Numbers (no script to replay)."""
from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest

from enumerators import arrow_rings
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.janko import parse_janko
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.output.scene import picture
from pencilproof.output.svg import to_svg
from pencilproof.output.unicode import render_grid
from pencilproof.puzzle import Puzzle

GENRE = get_genre("arrow_numbers")
#: The keypad's digit of each step (row, column): this test's own table.
KEY = {(-1, 0): "8", (-1, 1): "9", (0, 1): "6", (1, 1): "3", (1, 0): "2", (1, -1): "1",
       (0, -1): "4", (-1, -1): "7"}


def read(doc: dict):
    (_, got), = parse_documents(json.dumps(doc), "a.json")
    return got


def board(grid) -> Puzzle:
    """A framed puzzle from the inner grid's rows (None: no number)."""
    h, w = len(grid), len(grid[0])
    rows = [(None,) * (w + 2)] + [(None, *row, None) for row in grid] + [(None,) * (w + 2)]
    return Puzzle("arrow_numbers", h + 2, w + 2, tuple(rows))


def rows_of(ring: dict, h: int, w: int) -> tuple[str, ...]:
    return tuple("".join(KEY[ring[(r, c)]] if (r, c) in ring else "." for c in range(w + 2))
                 for r in range(h + 2))


# -- 1. published puzzles -------------------------------------------------------------------
def test_janko_reading():
    """Pfeilzahlen 001 (size 8): the framed problem, the ring's arrows se sw s ... on top;
    213 writes only the inner 3x3 problem; 241 has none (the solution's numbers are the
    puzzle) and writes its r2 right arrow 'e' (off the grid), read as w (its counts say so)."""
    doc = janko_doc("arrow_numbers", 0)
    assert (doc.puzzle.rows, doc.puzzle.cols) == (10, 10)
    assert doc.puzzle.grid[1][1:9] == (3, 3, 3, 5, 3, 2, 2, 4)
    assert len(doc.puzzle.clues()) == 64 and doc.puzzle.grid[0] == (None,) * 10
    assert doc.solution.rows[0] == ".31211132." and doc.solution.rows[1] == "3........4"
    assert parse_text(to_text(doc.puzzle), "t") == doc.puzzle
    inner = janko_doc("arrow_numbers", 8)
    assert inner.puzzle.grid[1:4] == ((None, 2, 1, 2, None), (None, 4, 0, 2, None), (None, 3, 6, 3, None))
    bare = janko_doc("arrow_numbers", 9)
    assert "problem" not in janko_lines("arrow_numbers")[9]["janko"]
    assert bare.puzzle.grid[1:4] == ((None, 3, 1, 3, None), (None, 4, 0, 1, None), (None, 6, 4, 4, None))
    assert bare.solution.rows == (".232.", "3...4", "3...1", "6...4", ".877.")


@pytest.mark.parametrize("i", range(len(janko_lines("arrow_numbers"))))
def test_published_pages_are_unique(i):
    doc = janko_doc("arrow_numbers", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows
    assert GENRE.verify(doc.puzzle, doc.solution) == []


# -- 2. the rules' codes ----------------------------------------------------------------------
#: s, sw / e, w / e, w / n, nw: the counts 5 2 / 5 2 (r2c2: s, sw, e, w and n)
ANSWER = (".21.", "6..4", "6..4", ".87.")


def test_codes():
    puzzle = board([[5, 2], [5, 2]])
    assert GENRE.verify(puzzle, KitAnswer(ANSWER)) == []
    got = GENRE.verify(board([[5, 1], [5, 2]]), KitAnswer(ANSWER))
    assert [(v.code, v.cells, v.message) for v in got] == [
        ("nmArrowNe", ((1, 2),), "the 1 has 2 arrows pointing at it")]
    got = GENRE.verify(puzzle, KitAnswer((".2..", "6..4", "6..4", ".87.")))
    assert [(v.code, v.cells) for v in got] == [("ceNoArrow", ((0, 2),)), ("nmArrowNe", ((1, 1),))]
    assert got[0].message == "a ring cell has no arrow"
    got = GENRE.verify(puzzle, KitAnswer((".28.", "6..4", "6..4", ".87.")))  # r1c3 points off the grid
    assert [(v.code, v.cells) for v in got] == [("anBadChar", ((0, 2),))]
    moved = GENRE.verify(puzzle, KitAnswer((".21.", "6..4", "6..4", ".88.")))  # r4c3 nw -> n
    assert [(v.code, v.cells) for v in moved] == [("nmArrowNe", ((1, 2),)), ("nmArrowNe", ((2, 1),)),
                                                  ("nmArrowNe", ((2, 2),))]


def test_a_changed_arrow_is_named():
    doc = janko_doc("arrow_numbers", 7)
    rows = list(doc.solution.rows)
    assert rows[4] == ".888."
    rows[4] = ".887."  # r5c4 n -> nw: column 4's numbers lose one, r4c3 and r3c2 gain one
    got = GENRE.verify(doc.puzzle, KitAnswer(tuple(rows)))
    assert {v.code for v in got} == {"nmArrowNe"}
    assert {v.cells for v in got} == {((1, 3),), ((2, 3),), ((3, 3),), ((3, 2),), ((2, 1),)}


# -- 3. brute force ---------------------------------------------------------------------------
@lru_cache(maxsize=None)
def rings(h: int, w: int):
    return arrow_rings(h, w)


@pytest.mark.parametrize("seed", range(12))
def test_brute_force(seed):
    rng = random.Random(seed)
    h, w = [(2, 2), (2, 3), (3, 2), (3, 3)][seed % 4]
    truth = rng.choice(rings(h, w))[1]
    share = 0.6 if h * w < 9 else 0.95
    grid = [[truth[r][c] if rng.random() < share else None for c in range(w)] for r in range(h)]
    if seed % 5 == 4:  # a number no ring makes here
        grid[0][0] = 7
    want = {rows_of(ring, h, w) for ring, counts in rings(h, w)
            if all(v is None or counts[r][c] == v for r, row in enumerate(grid) for c, v in enumerate(row))}
    res = count(board(grid), limit=len(want) + 1)
    assert res.complete and {s.rows for s in res.solutions} == want


# -- 4. bad input ----------------------------------------------------------------------------
@pytest.mark.parametrize("doc, message", [
    ({"grid": [[None, 1, None, None]] + [[None] * 4] * 3},
     "given 1 at r1c2 is on the ring of arrows (numbers stand inside it)"),
    ({"rows": 2, "grid": [[None] * 4] * 2},
     "an Arrow Numbers grid is framed by its ring of arrows: at least 3x3 cells, not 2x4"),
    ({"grid": [[None] * 4, [None, 9, None, None]] + [[None] * 4] * 2},
     "r2c2: clue 9 is out of range (0-8)"),
])
def test_bad_puzzles(doc, message):
    base = {"genre": "arrow_numbers", "rows": 4, "cols": 4, "grid": [[None] * 4] * 4}
    got = read({**base, **doc})
    assert isinstance(got, InputError) and str(got).split(": ", 1)[1] == message


def test_janko_bad_tokens():
    block = janko_lines("arrow_numbers")[7]["janko"]
    assert "e 4 3 4 sw" in block
    with pytest.raises(InputError) as e:
        parse_janko(block.replace("e 4 3 4 sw", "e 4 3 4 up"), "x.txt")
    assert str(e.value) == ("x.txt:16:9: unknown solution token 'up' at r2c5 (expected an arrow "
                            "n, ne, e, se, s, sw, w, nw or -)")
    with pytest.raises(InputError) as e:
        parse_janko(block.replace("e 4 3 4 sw", "e 4 3 4"), "x.txt")
    assert str(e.value) == "x.txt:16:1: solution row 2 has 4 tokens, expected 5"


# -- 5. drawing and generation ---------------------------------------------------------------
def test_drawing():
    doc = janko_doc("arrow_numbers", 7)
    assert render_grid(doc.puzzle, doc.solution)[0].split() == ["·", "↘", "↙", "↓", "·"]
    # each of the 12 ring arrows drawn as three lines (a shaft and its head)
    drawn, bare = to_svg(picture(doc.puzzle, doc.solution)), to_svg(picture(doc.puzzle))
    assert drawn.count("<line") - bare.count("<line") == 36 and "↗" not in drawn


def test_generate():
    got = generate_one(GenerateOptions(genre="arrow_numbers", rows=6, cols=6), 5, 0)
    again = generate_one(GenerateOptions(genre="arrow_numbers", rows=6, cols=6), 5, 0)
    assert got is not None and again is not None and got.puzzle == again.puzzle
    assert GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

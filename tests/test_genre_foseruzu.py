"""Foseruzu (Four Cells / Five Cells) on the kit: the Janko pages (numbers, ``depth`` the
piece size, piece labels as borders), pzprjs's Four Cells codes, counts against an
independent enumerator of divisions, bad input, generation."""
from __future__ import annotations

import json
import random

import pytest

from enumerators import divisions_into
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.encodings.kit.polyominoes import shapes
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("foseruzu")
CHAR = {(False, False): ".", (True, False): "|", (False, True): "_", (True, True): "J"}


def walls(pieces, rows: int, cols: int) -> tuple[str, ...]:
    """Answer rows of a division: a border right of / below a cell at the frame or where
    the piece changes."""
    of = {x: i for i, p in enumerate(pieces) for x in p}
    return tuple("".join(CHAR[(c == cols - 1 or of[(r, c)] != of[(r, c + 1)],
                               r == rows - 1 or of[(r, c)] != of[(r + 1, c)])]
                         for c in range(cols)) for r in range(rows))


def borders(pieces, rows: int, cols: int, cell) -> int:
    of = {x: i for i, p in enumerate(pieces) for x in p}
    r, c = cell
    return sum(not (0 <= y[0] < rows and 0 <= y[1] < cols) or of[y] != of[cell]
               for y in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))


# -- 1. published puzzles -------------------------------------------------------------------
def test_janko_reading():
    """Foseruzu 001: 10x10, depth 5 (pieces of five), numbers 0-3; page 015 is 6x6 with
    depth 4; one page is 10 rows by 18 columns; one repeats its solution as 'solution_'."""
    doc = janko_doc("foseruzu", 0)
    assert doc.puzzle.param("piece") == 5 and doc.puzzle.grid[0][:4] == (2, None, None, 1)
    assert doc.solution.rows[0][:3] == ".|."  # labels 1 1 6 over 1 1 6: one border, right of r1c2
    assert parse_text(to_text(doc.puzzle), "t") == doc.puzzle
    small = janko_doc("foseruzu", 7)
    assert (small.puzzle.rows, small.puzzle.param("piece")) == (6, 4)
    wide = janko_doc("foseruzu", 6)
    assert (wide.puzzle.rows, wide.puzzle.cols) == (10, 18)


@pytest.mark.parametrize("i", range(len(janko_lines("foseruzu"))))
def test_published_pages_are_unique(i):
    doc = janko_doc("foseruzu", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows


# -- 2. pzprjs test/script/fourcells.js (its 6x6 puzzle is Foseruzu 015) ----------------------
def test_pzprjs_codes():
    """pzprjs's codes in its order: a piece too small (bkSizeLt4), a number that counts
    otherwise (nmBorderNe), a stray border (bdDeadEnd), a piece too large (bkSizeGt4)."""
    doc = janko_doc("foseruzu", 7)
    assert GENRE.verify(doc.puzzle, doc.solution) == []
    every = KitAnswer(tuple(["J" * 6] * 6))  # every border: pieces of one cell
    got = [v.code for v in GENRE.verify(doc.puzzle, every)]
    assert got[0] == "bkSizeLt4" and "nmBorderNe" in got and "bkSizeGt4" not in got
    p = Puzzle("foseruzu", 2, 4, ((None,) * 4, (None,) * 4)).with_params(piece=4)
    assert GENRE.verify(p, KitAnswer((".|.|", "_J_J"))) == []  # two 2x2 squares
    assert [v.code for v in GENRE.verify(p, KitAnswer(("...|", "___J")))] == ["bkSizeGt4"]
    assert [(v.code, v.message) for v in GENRE.verify(p, KitAnswer(("|..|", "J__J")))] == [
        ("bkSizeLt4", "a piece has 2 cells, fewer than 4"),
        ("bkSizeGt4", "a piece has 6 cells, more than 4")]
    clued = p.with_clues({(0, 0): 3})  # (r1c1 has the frame on two sides, no other border)
    assert [v.code for v in GENRE.verify(clued, KitAnswer(("...|", "___J")))] == [
        "nmBorderNe", "bkSizeGt4"]


def test_a_border_inside_a_piece_is_a_dead_end():
    p = Puzzle("foseruzu", 2, 2, ((None, None), (None, None))).with_params(piece=4)
    assert [v.code for v in GENRE.verify(p, KitAnswer(("||", "._")))] == ["bdDeadEnd"]
    assert GENRE.verify(p, KitAnswer(("..", ".."))) == []


# -- 3. brute force ---------------------------------------------------------------------------
def test_shapes_are_the_fixed_polyominoes():
    assert [len(shapes(k)) for k in range(1, 7)] == [1, 2, 6, 19, 63, 216]


@pytest.mark.parametrize("seed", range(16))
def test_brute_force(seed):
    rng = random.Random(seed)
    rows, cols, k = rng.choice(((4, 4, 4), (3, 4, 3), (3, 6, 3), (4, 5, 4), (4, 5, 5), (2, 6, 4)))
    every = divisions_into(rows, cols, k)
    truth = rng.choice(every)
    clues = {(r, c): borders(truth, rows, cols, (r, c)) for r in range(rows) for c in range(cols)
             if rng.random() < 0.3}
    if seed % 5 == 0 and clues:
        clues[min(clues)] = rng.randint(0, 4)  # perhaps no answer
    grid = tuple(tuple(clues.get((r, c)) for c in range(cols)) for r in range(rows))
    p = Puzzle("foseruzu", rows, cols, grid).with_params(piece=k)
    want = {walls(d, rows, cols) for d in every
            if all(borders(d, rows, cols, x) == n for x, n in clues.items())}
    res = count(p, limit=None)
    assert res.complete and {s.rows for s in res.solutions} == want


# -- 4. bad input ----------------------------------------------------------------------------
@pytest.mark.parametrize("doc, message", [
    ({"piece": 3}, "2x2 cells do not fall into pieces of 3"),
    ({"piece": 9}, "piece: 'piece' must be 2-8 cells, got 9"),
    ({"grid": [[5, None], [None, None]]}, "r1c1: clue 5 is out of range (0-4)"),
])
def test_bad_puzzles(doc, message):
    base = {"genre": "foseruzu", "rows": 2, "cols": 2, "grid": [[None, None], [None, None]],
            "piece": 4}
    (_, got), = parse_documents(json.dumps({**base, **doc}), "p.json")
    assert isinstance(got, InputError) and str(got).split(": ", 1)[1] == message


# -- 5. generation ---------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="foseruzu", rows=6, cols=6), 3, 0)
    again = generate_one(GenerateOptions(genre="foseruzu", rows=6, cols=6), 3, 0)
    assert got is not None and again is not None and got.puzzle == again.puzzle
    assert GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

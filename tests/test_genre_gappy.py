"""Gappy on the kit: the Janko pages (gaps in rlabels/clabels, shaded cells read off the
solution), counts against an independent enumerator, failcodes, bad input, generation.
(puzz.link has no Gappy.)"""
from __future__ import annotations

import json
import random

import pytest

from enumerators import two_per_line_apart
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("gappy")


def board(left, top) -> Puzzle:
    n = len(left)
    p = Puzzle("gappy", n, n, tuple((None,) * n for _ in range(n)))
    return GENRE.with_labels(p, {**{("left", i): x for i, x in enumerate(left)},
                                 **{("top", i): x for i, x in enumerate(top)}})


def codes(p: Puzzle, rows) -> list[str]:
    return [v.code for v in GENRE.verify(p, KitAnswer(tuple(rows)))]


# -- 1. published puzzles -------------------------------------------------------------------
def test_janko_reading():
    """Gappy 001: rlabels 2 6 1 ... are the row gaps, clabels 1 6 1 ... the column gaps;
    a later page has lines without a number ('-')."""
    doc = janko_doc("gappy", 0)
    assert doc.puzzle.param("left") == (2, 6, 1, 6, 2, 6, 1, 1, 2)
    assert doc.puzzle.param("top") == (1, 6, 1, 1, 1, 1, 6, 1, 5)
    assert doc.solution.rows[0] == "...#..#.."
    assert parse_text(to_text(doc.puzzle), "t") == doc.puzzle
    blanks = [i for i in range(len(janko_lines("gappy")))
              if None in (janko_doc("gappy", i).puzzle.param("left") or (None,))]
    assert blanks


@pytest.mark.parametrize("i", range(len(janko_lines("gappy"))))
def test_published_pages_are_unique(i):
    doc = janko_doc("gappy", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows


def test_a_changed_answer_breaks_the_rule_it_changes():
    """Gappy 001 with row 1's second shaded cell moved one to the right: the gap is 3, not
    2 (row 1 and columns 7 and 8), and the moved cell touches row 2's shaded r2c9."""
    doc = janko_doc("gappy", 0)
    rows = list(doc.solution.rows)
    rows[0] = "...#...#."
    got = GENRE.verify(doc.puzzle, KitAnswer(tuple(rows)))
    assert {v.code for v in got} == {"csAround", "lnShadeNe", "exGapNe"}
    assert [v.message for v in got if v.code == "exGapNe"][0] == \
        "row 1 has no gap of 2 between two shaded cells"
    assert [v.code for v in got][0] == "csAround"  # the order of the checks


def test_failcodes_on_a_small_board():
    p = board([1, None, None, None], [None] * 4)
    assert codes(p, ["#.#.", "....", "....", "...."]) == ["lnShadeNe"] * 7  # rows 2-4, every column
    assert codes(p, ["#..#", "....", "....", "...."])[-1] == "exGapNe"
    assert codes(p, ["##..", "....", "....", "...."])[0] == "csAround"


# -- 2. brute force ---------------------------------------------------------------------------
def _gaps(cells: frozenset, n: int) -> tuple[list[int], list[int]]:
    rows = [sorted(c for r, c in cells if r == i) for i in range(n)]
    cols = [sorted(r for r, c in cells if c == i) for i in range(n)]
    return [b - a - 1 for a, b in rows], [b - a - 1 for a, b in cols]


def test_no_answer_below_8x8_and_two_at_8x8():
    """Two per line, never touching: impossible up to 7x7 (the enumerator agrees)."""
    for n in (5, 7, 8):
        res = count(board([None] * n, [None] * n), limit=None)
        assert res.complete and {s.rows for s in res.solutions} == {
            tuple("".join("#" if (r, c) in a else "." for c in range(n)) for r in range(n))
            for a in two_per_line_apart(n)}
    assert len(two_per_line_apart(7)) == 0 and len(two_per_line_apart(8)) == 2


ALL9 = two_per_line_apart(9)


@pytest.mark.parametrize("seed", range(12))
def test_brute_force(seed):
    """9x9 boards with some gaps of a random answer (664 answers in all): the solver's
    answers are the enumerator's answers that show those gaps."""
    rng = random.Random(seed)
    left, top = _gaps(rng.choice(ALL9), 9)
    left = [g if rng.random() < 0.3 else None for g in left]
    top = [g if rng.random() < 0.3 else None for g in top]
    if seed % 4 == 0:
        left[rng.randrange(9)] = rng.randrange(8)  # perhaps no answer at all
    p = board(left, top)
    want = set()
    for a in ALL9:
        lg, tg = _gaps(a, 9)
        if all(x is None or x == g for x, g in zip(left + top, lg + tg)):
            want.add(tuple("".join("#" if (r, c) in a else "." for c in range(9)) for r in range(9)))
    res = count(p, limit=None)
    assert len(ALL9) == 664 and res.complete
    assert {s.rows for s in res.solutions} == want


# -- 3. bad input ----------------------------------------------------------------------------
def _error(text: str, where: str = "p.json") -> str:
    (_, got), = parse_documents(text, where)
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("doc, message", [
    ({"left": [1, "x"]}, "p.json:1:88: left[1]: unknown token 'x' (expected a gap or '-')"),
    ({"left": [-1, 0]}, "p.json:1:88: left[0]: a gap is at least 0, got -1"),
    ({"left": [1, None]}, "p.json:1:50: the gap 1 of row 1 is more than its 2 cells leave (at most 0)"),
    ({"top": [1]}, "p.json:1:50: 'top' has 1 labels, the puzzle has 2 columns"),
    ({"grid": [["#", None], [None, None]]},
     "p.json:1:52: r1c1: a Gappy has no givens in its cells, got '#' (its numbers are 'left' and 'top')"),
])
def test_bad_puzzles(doc, message):
    base = {"genre": "gappy", "rows": 2, "cols": 2, "grid": [[None, None], [None, None]]}
    assert _error(json.dumps({**base, **doc})) == message


def test_bad_janko_blocks():
    text = ("begin\npuzzle gappy\nsize 9\nclabels\n1 2\nrlabels\n1 1 1 1 1 1 1 1 1\nsolution\n"
            + "- - - - - - - - -\n" * 9 + "end\n")
    assert _error(text, "g.txt") == "g.txt:1:1: 'clabels' must be one line of 9 gaps"
    bad = janko_lines("gappy")[0]["janko"].replace("- - - x - - x - -", "- - - y - - x - -")
    assert _error(bad, "g.txt") == \
        "g.txt:15:7: r1c4: unknown solution token 'y' (expected '-', 'x' or a number)"


# -- 4. generation ---------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="gappy", rows=9, cols=9), 3, 0)
    again = generate_one(GenerateOptions(genre="gappy", rows=9, cols=9), 3, 0)
    assert got is not None and again is not None and got.puzzle == again.puzzle
    assert GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

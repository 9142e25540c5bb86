"""Tilepaint (janko.at Tairupeinto) on the kit: the Janko pages (tiles in areas, counts in
rlabels/clabels), counts against an independent enumerator, pzprjs's failcodes, bad
input, generation."""
from __future__ import annotations

import json
import random

import pytest

from enumerators import whole_rooms
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.encodings.kit.placement import random_rooms
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("tilepaint")


def board(layout, left, top) -> Puzzle:
    rows, cols = len(layout), len(layout[0])
    p = Puzzle("tilepaint", rows, cols, tuple((None,) * cols for _ in range(rows)))
    p = p.with_params(areas=tuple(tuple(row) for row in layout))
    return GENRE.with_labels(p, {**{("left", i): x for i, x in enumerate(left)},
                                 **{("top", i): x for i, x in enumerate(top)}})


# -- 1. published puzzles -------------------------------------------------------------------
def test_janko_reading():
    """Tairupeinto 001 (puzzle line 'tairupeinto'): rlabels 9 7 4 ... the row counts,
    clabels 7 7 7 ... the column counts, areas the tiles."""
    doc = janko_doc("tilepaint", 0)
    assert doc.puzzle.genre == "tilepaint"
    assert doc.puzzle.param("left")[:3] == (9, 7, 4) and doc.puzzle.param("top")[:3] == (7, 7, 7)
    areas = doc.puzzle.param("areas")
    assert areas[0][1] == areas[0][2] != areas[0][0]
    assert doc.solution.rows[0] == "#########."
    assert parse_text(to_text(doc.puzzle), "t") == doc.puzzle
    fourth = janko_doc("tilepaint", 3).puzzle
    assert None in fourth.param("top") + fourth.param("left")


@pytest.mark.parametrize("i", range(len(janko_lines("tilepaint"))))
def test_published_pages_are_unique(i):
    doc = janko_doc("tilepaint", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows


def test_a_changed_answer_breaks_the_rule_it_changes():
    """Tairupeinto 001 with r1c1 unshaded: its tile is mixed, row 1 and column 1 count one
    less (pzprjs's order: bkMixed first)."""
    doc = janko_doc("tilepaint", 0)
    rows = list(doc.solution.rows)
    rows[0] = "." + rows[0][1:]
    got = GENRE.verify(doc.puzzle, KitAnswer(tuple(rows)))
    assert [(v.code, v.message) for v in got] == [
        ("bkMixed", "a tile is partly shaded"),
        ("asShadeNe", "row 1 has 8 shaded cells instead of 9"),
        ("asShadeNe", "column 1 has 6 shaded cells instead of 7")]


# -- 2. brute force ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(20))
def test_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice(((3, 4), (4, 4), (4, 5), (5, 5)))
    layout = random_rooms(rows, cols, rng, (1, 2, 3, 4), 1)
    answers = whole_rooms(layout)
    truth = rng.choice(answers)
    left = [sum((r, c) in truth for c in range(cols)) if rng.random() < 0.7 else None
            for r in range(rows)]
    top = [sum((r, c) in truth for r in range(rows)) if rng.random() < 0.7 else None
           for c in range(cols)]
    if seed % 5 == 0:
        left[0] = rng.randint(0, cols)  # perhaps no answer
    want = {tuple("".join("#" if (r, c) in a else "." for c in range(cols)) for r in range(rows))
            for a in answers
            if all(n is None or n == sum((r, c) in a for c in range(cols)) for r, n in enumerate(left))
            and all(n is None or n == sum((r, c) in a for r in range(rows)) for c, n in enumerate(top))}
    res = count(board(layout, left, top), limit=None)
    assert res.complete and {s.rows for s in res.solutions} == want


# -- 3. bad input ----------------------------------------------------------------------------
@pytest.mark.parametrize("doc, message", [
    ({"left": [1, "x"]}, "left[1]: unknown token 'x' (expected a count or '-')"),
    ({"left": [3, None]}, "the count 3 of row 1 is more than its 2 cells"),
    ({"areas": None}, "a Tilepaint needs its tiles ('areas')"),
    ({"grid": [["#", None], [None, None]]},
     "r1c1: a Tilepaint has no givens in its cells, got '#' (its numbers are 'left' and 'top')"),
])
def test_bad_puzzles(doc, message):
    base = {"genre": "tilepaint", "rows": 2, "cols": 2, "grid": [[None, None], [None, None]],
            "areas": [[0, 0], [1, 1]]}
    (_, got), = parse_documents(json.dumps({k: v for k, v in {**base, **doc}.items()
                                            if v is not None}), "p.json")
    assert isinstance(got, InputError) and str(got).split(": ", 1)[1] == message


def test_bad_janko_block():
    text = janko_lines("tilepaint")[0]["janko"].replace("rlabels\n9 7 4 4 6 3 1 5 6 8\n",
                                                        "rlabels\n9 7\n")
    (_, got), = parse_documents(text, "t.txt")
    assert str(got) == "t.txt:1:1: 'rlabels' must be one line of 10 counts"


# -- 4. generation ---------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="tilepaint", rows=6, cols=6), 3, 0)
    again = generate_one(GenerateOptions(genre="tilepaint", rows=6, cols=6), 3, 0)
    assert got is not None and again is not None and got.puzzle == again.puzzle
    assert GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

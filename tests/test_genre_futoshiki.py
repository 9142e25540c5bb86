"""Futoshiki on the kit: the twelve published janko.at puzzles, how Janko's sign grid is read,
counts against an independent enumerator of 4x4 Futoshikis, codes, bad input, generation."""
from __future__ import annotations

import json
import random

import pytest

from enumerators import latin_squares
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("futoshiki")
RECORDS = janko_lines("futoshiki")


def test_janko_reading():
    """Futoshiki 001: '«' left smaller, 'A' upper smaller, 'V' upper larger."""
    doc = janko_doc("futoshiki", 0)
    assert doc.puzzle.grid == ((None, 2, None, None), (None, None, 3, None), (None,) * 4,
                               (None, None, 2, None))
    assert doc.puzzle.param("relations") == ("r2c3<r3c3", "r3c1<r3c2", "r4c4<r3c4")
    assert doc.solution.rows == ("4213", "2134", "1342", "3421")
    assert "r1c3<r1c2" in janko_doc("futoshiki", 2).puzzle.param("relations")  # '»': the right one smaller


def _puzzle(givens: dict, relations) -> Puzzle:
    grid = tuple(tuple(givens.get((r, c)) for c in range(4)) for r in range(4))
    return Puzzle("futoshiki", 4, 4, grid).with_params(relations=tuple(sorted(relations)) or None)


def test_codes_and_cells():
    board = _puzzle({(0, 1): 2}, ["r1c1<r1c2", "r2c1<r1c1"])
    assert GENRE.verify(board, Solution(("1234", "3412", "2143", "4321"))) != []
    assert GENRE.verify(board, Solution(("1234", "4312", "2143", "3421")))[0].code == "nmIneqNe"
    got = GENRE.verify(board, Solution(("3.12", "1243", "2134", "4321")))
    assert [(v.code, v.cells) for v in got] == [("ceNoNum", ((0, 1),)), ("nmGiven", ((0, 1),))]
    got = GENRE.verify(board, Solution(("3214", "1342", "2431", "4123")))
    assert [(v.code, v.message, v.cells) for v in got] == [
        ("nmIneqNe", "r1c1 is not smaller than r1c2", ((0, 0), (0, 1)))]


# -- brute force ---------------------------------------------------------------------------
LATIN = latin_squares(4)
NEIGHBOURS = [((r, c), (r + dr, c + dc)) for r in range(4) for c in range(4) for dr, dc in ((0, 1), (1, 0))
              if r + dr < 4 and c + dc < 4]


@pytest.mark.parametrize("seed", range(12))
def test_brute_force(seed):
    rng = random.Random(seed)
    pick = rng.choice(LATIN)
    cells = [(r, c) for r in range(4) for c in range(4)]
    givens = {x: pick[x[0]][x[1]] for x in rng.sample(cells, rng.randint(0, 3))}
    signs = []  # (smaller, larger)
    for a, b in rng.sample(NEIGHBOURS, rng.randint(1, 6)):
        truth = pick[a[0]][a[1]] < pick[b[0]][b[1]]
        if seed % 4 == 0 and rng.random() < 0.3:
            truth = not truth
        signs.append((a, b) if truth else (b, a))
    rels = [f"r{a[0] + 1}c{a[1] + 1}<r{b[0] + 1}c{b[1] + 1}" for a, b in signs]
    want = {tuple("".join(map(str, row)) for row in rows) for rows in LATIN
            if all(rows[r][c] == v for (r, c), v in givens.items())
            and all(rows[a[0]][a[1]] < rows[b[0]][b[1]] for a, b in signs)}
    res = count(_puzzle(givens, rels), limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == want


# -- input errors --------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "futoshiki", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


EMPTY4 = [[None] * 4 for _ in range(4)]


@pytest.mark.parametrize("doc, message", [
    ({"rows": 4, "cols": 4, "grid": EMPTY4, "relations": ["r1c1<r2c2"]},
     "p.json:1:54: relation r1c1<r2c2 is not between neighbouring cells of the grid"),
    ({"rows": 4, "cols": 4, "grid": EMPTY4, "relations": ["r1c4<r1c5"]},
     "p.json:1:54: relation r1c4<r1c5 is not between neighbouring cells of the grid"),
    ({"rows": 4, "cols": 4, "grid": EMPTY4, "relations": ["r1c1=r1c2"]},
     "p.json:1:173: relations: relation 'r1c1=r1c2' is not like \"r1c1<r1c2\""),
    ({"rows": 4, "cols": 4, "grid": EMPTY4, "relations": "r1c1<r1c2"},
     "p.json:1:173: relations: 'relations' must be a list of strings like \"r1c1<r1c2\""),
    ({"rows": 4, "cols": 4, "grid": [[5, None, None, None]] + EMPTY4[1:]},
     "p.json:1:54: given 5 at r1c1 is not a number 1-4"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc) == message


def test_relations_are_canonical():
    a = _puzzle({}, ["r1c2<r1c1"])
    (_, b), = parse_documents(json.dumps({"genre": "futoshiki", "grid": EMPTY4,
                                          "relations": ["r1c1>r1c2", "r1c2 < r1c1"]}), "p.json")
    assert b.puzzle == a


def test_bad_janko_token():
    block = RECORDS[0]["janko"].replace("? « ?", "? ≤ ?")
    (_, got), = parse_documents(json.dumps({"janko": block}), "f.json")
    assert isinstance(got, InputError)
    assert str(got).endswith("unknown problem token '≤' (expected ?, a number, . « » A V)")


# -- generation ------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="futoshiki", rows=5, cols=5), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

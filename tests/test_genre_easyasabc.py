"""Easy as ABC on the kit: the Janko puzzles (Abc-End-View: depth and label lines),
pzprjs's test answers and failcodes, counts against an independent enumerator on small
boards, bad input, generation (with and without letters in cells)."""
from __future__ import annotations

import itertools
import json
import random

import pytest

from janko_data import janko_doc
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url, to_url
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("easyasabc")


def board(rows: int, cols: int, letters: int, givens=None, **labels) -> Puzzle:
    grid = tuple(tuple((givens or {}).get((r, c)) for c in range(cols)) for r in range(rows))
    p = Puzzle("easyasabc", rows, cols, grid).with_params(letters=letters)
    for side, row in labels.items():
        if any(x is not None for x in row):
            p = p.with_params(**{side: tuple(row)})
    return p


def codes(p: Puzzle, rows) -> list[str]:
    return [v.code for v in GENRE.verify(p, KitAnswer(tuple(rows)))]


# -- 1. published puzzles -------------------------------------------------------------------
def test_janko_reading():
    """Abc-End-View 001 (3x3, depth 2): clabels '- - a' / '- - -' (above, below),
    rlabels 'a - -' / '- - -' (left, right); 010 has labels on all four sides."""
    doc = janko_doc("easyasabc", 0)
    p = doc.puzzle
    assert p.param("letters") == 2 and p.param("top") == (None, None, "A")
    assert p.param("left") == ("A", None, None) and p.param("bottom") is None and p.param("right") is None
    assert doc.solution.rows == ("AB.", "B.A", ".AB")
    q = janko_doc("easyasabc", 9).puzzle
    assert (q.param("top"), q.param("bottom")) == (("C", "A", "C", None, None), (None, "D", "A", "A", None))
    assert (q.param("left"), q.param("right")) == (None, (None, "B", None, None, None))
    assert parse_text(to_text(q), "t") == q


# -- 2. pzprjs test/script/easyasabc.js -------------------------------------------------------------
# The script's 4x4 board with 3 letters (pzprv3 rows of 6: the edge cells around the grid
# hold the labels, numbers 1-3 = A-C): A above column 1, B left of row 1, C right of row 2,
# C left of row 4. Answers copied by hand: numbers as letters, '-', '+' (marked empty) and
# '.' (with or without pencil marks) as '.'.
PZPR = board(4, 4, 3, top=("A", None, None, None), left=("B", None, None, "C"),
             right=(None, "C", None, None))
PZPR_ANSWERS = [
    ("nmDupRow", [".B.B", "....", "....", "...."]),
    ("nmSightNe", [".B..", "A...", "....", "...."]),
    ("nmMissRow", [".BCA", "A.BC", "BC..", "CA.."]),
    (None, [".BCA", "A.BC", "BCA.", "CA.B"]),
]


@pytest.mark.parametrize("code, rows", PZPR_ANSWERS)
def test_pzprjs_failcodes(code, rows):
    got = codes(PZPR, rows)
    assert (got[0] if got else None) == code


URL = "https://puzz.link/p?easyasabc/4/4/3/1m2h3g3h"


def test_pzprjs_url():
    assert parse_url(URL) == PZPR and to_url(PZPR) == URL
    for i in range(12):  # every Janko puzzle round trips, and letters in cells too
        assert parse_url(to_url(janko_doc("easyasabc", i).puzzle)) == janko_doc("easyasabc", i).puzzle
    given = board(4, 4, 3, {(1, 2): "B"}, top=("A", None, None, None))
    assert to_url(given) == "https://puzz.link/p?easyasabc/4/4/3/1ul2o" and parse_url(to_url(given)) == given


@pytest.mark.parametrize("url, message", [
    ("easyasabc/4/4/0/1m2h3g3h", "the number of letters: 'letters' must be 1-26, got 0"),
    ("easyasabc/4/4/3/4m2h3g3h", "letter D at 'top' 1 is not one of A-C"),
    ("easyasabc/4/4/3/1m2h3g3hk.p", "'?' is not the number of a letter"),
])
def test_bad_urls(url, message):
    with pytest.raises(InputError) as e:
        parse_url("https://puzz.link/p?" + url)
    assert str(e.value).endswith(": " + message)


def test_pzprjs_board_is_unique():
    res = check(PZPR)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == tuple(PZPR_ANSWERS[-1][1])


# -- 3. brute force ---------------------------------------------------------------------------------
def _first(line) -> str | None:
    return next((ch for ch in line if ch != "."), None)


def _answers(rows: int, cols: int, k: int, givens, labels) -> set[tuple[str, ...]]:
    """Row by row, every arrangement of the k letters and empty cells, no letter twice
    in a column so far; then every letter in every column and the labels."""
    letters = "ABCDEFGH"[:k]
    row_words = {"".join(w) for w in itertools.permutations(letters + "." * (cols - k))}
    out = set()

    def fits(word, r):
        return all(word[c] == v for (y, c), v in givens.items() if y == r) and (
            labels.get(("left", r)) in (None, _first(word))) and (
            labels.get(("right", r)) in (None, _first(word[::-1])))

    def grow(done):
        if len(done) == rows:
            columns = ["".join(row[c] for row in done) for c in range(cols)]
            if all(sorted(col.replace(".", "")) == list(letters) for col in columns) and all(
                    labels.get(("top", c)) in (None, _first(col)) and
                    labels.get(("bottom", c)) in (None, _first(col[::-1]))
                    for c, col in enumerate(columns)):
                out.add(tuple(done))
            return
        for word in sorted(row_words):
            if fits(word, len(done)) and all(word[c] == "." or all(row[c] != word[c] for row in done)
                                             for c in range(cols)):
                grow(done + [word])

    grow([])
    return out


@pytest.mark.parametrize("seed", range(20))
def test_brute_force(seed):
    rng = random.Random(seed)
    n, k = rng.choice(((3, 2), (4, 2), (4, 3), (4, 3)))
    labels = {}
    for side in ("top", "bottom", "left", "right"):
        for i in range(n):
            if rng.random() < 0.3:
                labels[(side, i)] = rng.choice("ABC"[:k])
    givens = {(rng.randrange(n), rng.randrange(n)): rng.choice("ABC"[:k])} if seed % 4 == 0 else {}
    p = board(n, n, k, givens, **{s: [labels.get((s, i)) for i in range(n)]
                                  for s in ("top", "bottom", "left", "right")})
    res = count(p, limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(n, n, k, givens, labels)


# -- 4. bad input ----------------------------------------------------------------------------------
def _error(doc: dict) -> str:
    base = {"genre": "easyasabc", "rows": 3, "cols": 3, "letters": 2,
            "grid": [[None] * 3, [None] * 3, [None] * 3]}
    (_, got), = parse_documents(json.dumps({**base, **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("doc, message", [
    ({"top": ["A", "C", None]}, "p.json:1:68: letter C at 'top' 2 is not one of A-B"),
    ({"left": ["A", 3, None]}, "p.json:1:138: left[1]: unknown token 3 (expected '.' or a letter)"),
    ({"letters": 4}, "p.json:1:68: 4 letters do not fit in a 3x3 grid"),
    ({"letters": 0}, "p.json:1:57: letters: 'letters' must be 1-26, got 0"),
    ({"grid": [["B", None, "x1"], [None] * 3, [None] * 3]},
     "p.json:1:81: r1c3: unknown token 'x1' (expected '.' or a letter)"),
    ({"right": ["A"]}, "p.json:1:68: 'right' has 1 labels, the puzzle has 3 rows"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc) == message


def test_bad_answer():
    with pytest.raises(InputError) as e:
        GENRE.parse_solution(PZPR, [".BCA", "A.BD", "BCA.", "CA.B"], "a.txt")
    assert str(e.value) == "a.txt: unknown answer character 'D' at r2c4 (expected a letter A-C or .)"


def test_janko_block_needs_depth():
    text = "begin\npuzzle abcendview\nsize 2\nclabels\n- -\n- -\nrlabels\n- -\n- -\nsolution\na -\n- a\nend\n"
    (_, got), = parse_documents(text, "e.txt")
    assert str(got) == "e.txt:1:1: no 'depth' line (the number of letters)"


# -- generation ---------------------------------------------------------------------------------
@pytest.mark.parametrize("edges", ["any", "only"])
def test_generate(edges):
    options = GenerateOptions(genre="easyasabc", rows=5, cols=5, extra=(("edges", edges),))
    got = generate_one(options, 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == got.solution
    assert got.puzzle.param("letters") == 4
    if edges == "only":
        assert got.puzzle.clues() == {}


# -- janko.at's variants and layouts ---------------------------------------------------------
def test_diagonals_variant():
    """Abc-End-View 161 ('abcendview, diagonals', refused before): both main diagonals hold
    each letter once too. Without that rule it has other answers; each repeats a letter
    on a diagonal."""
    doc = janko_doc("easyasabc", 12)
    assert doc.puzzle.param("diagonals") is True and doc.puzzle.param("letters") == 4
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows
    others = [s for s in count(doc.puzzle.with_params(diagonals=None), limit=5).solutions
              if s.rows != doc.solution.rows]
    assert others and all("nmDupDiag" in {v.code for v in GENRE.verify(doc.puzzle, s)} for s in others)
    with pytest.raises(InputError, match="a easyasabc puzzle with 'diagonals' has no puzz.link URL"):
        to_url(doc.puzzle)
    with pytest.raises(InputError, match="diagonals need a square grid, not 2x3"):
        GENRE.check_puzzle(Puzzle("easyasabc", 2, 3, ((None,) * 3,) * 2).with_params(
            letters=2, diagonals=True), "t")


def test_labels_and_givens_written_as_numbers():
    """Abc-End-View 185 writes its labels as numbers (6 = F: refused before as "unknown
    token '6'"); 205 also has a problem section, a given 3 (C) at r7c5. Read without its
    given, 205 had other answers, which change it."""
    doc = janko_doc("easyasabc", 13)
    assert doc.puzzle.param("top")[:4] == (None, "F", None, "C")
    assert doc.puzzle.param("right")[:2] == ("D", None)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows
    doc = janko_doc("easyasabc", 14)
    assert doc.puzzle.clues() == {(6, 4): "C"}
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows
    others = [s for s in count(doc.puzzle.with_clues({}), limit=5).solutions if s.rows != doc.solution.rows]
    assert others and all([v.code for v in GENRE.verify(doc.puzzle, s)] == ["nmGiven"] for s in others)


def test_a_label_number_past_z():
    text = ("begin\npuzzle abcendview\nsize 2\ndepth 1\nclabels\n27 -\n- -\nrlabels\n- -\n- -\n"
            "solution\na -\n- a\nend\n")
    (_, got), = parse_documents(text, "a.txt")
    assert str(got).endswith("label 27 is no letter's number (1-26)")

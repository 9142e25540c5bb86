"""Eulero (janko.at Eulero, a Graeco-Latin square) on the kit: the published pages (pairs
and half pairs as given), the rules' codes, counts against an independent enumerator of
pairs of orthogonal Latin squares, bad input, drawing, generation. puzz.link has no such
genre (no script to replay)."""
from __future__ import annotations

import itertools
import json
import random
from functools import lru_cache

import pytest

from enumerators import latin_squares
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.janko import parse_janko
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.output.unicode import render_grid
from pencilproof.puzzle import Puzzle

GENRE = get_genre("eulero")
CHARS = "0123456789ABCDEFGHIJKLMNOP"


def char(a: int, b: int) -> str:
    """The answer character of the pair (a, b): 5(a - 1) + b in 1-9, A-P."""
    return CHARS[5 * (a - 1) + b]


def read(doc: dict):
    (_, got), = parse_documents(json.dumps(doc), "e.json")
    return got


# -- 1. published puzzles -------------------------------------------------------------------
def test_janko_reading():
    """Eulero 001 (4x4): ``00`` nothing, ``20`` the letter B alone, ``01`` the number 1
    alone, ``14`` the pair A4; its first published row ``31 13 24 42`` is C1 A3 B4 D2."""
    doc = janko_doc("eulero", 0)
    assert doc.puzzle.grid[1] == (None, "20", "01", None)
    assert doc.puzzle.grid[3] == ("03", "40", None, "14")
    assert doc.solution.rows[0] == char(3, 1) + char(1, 3) + char(2, 4) + char(4, 2)
    assert parse_text(to_text(doc.puzzle), "t") == doc.puzzle
    assert GENRE.parse_solution(doc.puzzle, ["31 13 24 42", "44 22 11 33", "12 34 43 21",
                                             "23 41 32 14"], "t") == doc.solution
    drawn = "\n".join(render_grid(doc.puzzle, doc.solution))
    assert "C1" in drawn and "A4" in drawn


@pytest.mark.parametrize("i", range(len(janko_lines("eulero"))))
def test_published_pages_are_unique(i):
    doc = janko_doc("eulero", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows
    assert GENRE.verify(doc.puzzle, doc.solution) == []


# -- 2. the rules' codes ----------------------------------------------------------------------
SQUARE = ("11 22 33", "23 31 12", "32 13 21")  # letters and numbers both Latin, pairs once


def codes(rows, grid=None) -> list[str]:
    p = Puzzle("eulero", 3, 3, grid or ((None,) * 3,) * 3)
    return [v.code for v in GENRE.verify(p, GENRE.parse_solution(p, list(rows), "t"))]


def test_codes():
    assert codes(SQUARE) == []
    # two numbers swapped in row 1: numbers repeat in two columns, two pairs repeat
    assert sorted(codes(("12 21 33", "23 31 12", "32 13 21"))) == [
        "nmDupPair", "nmDupRow", "nmDupRow", "nmDupRow", "nmDupRow"]
    # letters A and B swapped in the first column: letters repeat in rows 1 and 2
    # (and B1, A3 now stand twice)
    assert sorted(set(codes(("21 22 33", "13 31 12", "32 13 21")))) == ["ltDupRow", "nmDupPair"]
    # the letter-Latin square repeated as the number one: every pair twice or not at all
    assert set(codes(("11 22 33", "22 33 11", "33 11 22"))) == {"nmDupPair"}
    assert codes(("11 22 33", "23 31 12", "32 13 .")).count("ceNoNum") == 1
    given = ((None, None, None), (None, "10", None), (None, None, "02"))
    assert codes(SQUARE, given) == ["nmGiven", "nmGiven"]
    assert codes(SQUARE, ((None, None, None), (None, "30", None), (None, None, "01"))) == []


def test_a_changed_cell_is_named():
    doc = janko_doc("eulero", 0)
    rows = list(doc.solution.rows)
    rows[0] = char(1, 1) + rows[0][1:]  # C1 -> A1: A twice in row 1, C missing
    got = GENRE.verify(doc.puzzle, KitAnswer(tuple(rows)))
    assert ("ltDupRow", "the letter A stands 2 times in row 1") in [(v.code, v.message) for v in got]
    assert {v.code for v in got} == {"ltDupRow", "nmDupPair"}


# -- 3. brute force ---------------------------------------------------------------------------
@lru_cache(maxsize=None)
def squares(n: int) -> list[tuple[tuple[int, ...], ...]]:
    return latin_squares(n)


def graeco_latin(n: int, grid=None) -> set[tuple[str, ...]]:
    """Every pair of orthogonal n x n Latin squares (letters, numbers) that keeps the
    givens' halves (two digits, 0 a half not given), as answer rows."""
    def keeps(square, half: int) -> bool:
        return all(g[half] in ("0", str(square[r][c])) for r, row in enumerate(grid or ())
                   for c, g in enumerate(row) if g)
    out = set()
    for letters, numbers in itertools.product([s for s in squares(n) if keeps(s, 0)],
                                              [s for s in squares(n) if keeps(s, 1)]):
        if len({(letters[r][c], numbers[r][c]) for r in range(n) for c in range(n)}) == n * n:
            out.add(tuple("".join(char(letters[r][c], numbers[r][c]) for c in range(n))
                          for r in range(n)))
    return out


def test_the_enumerator():
    assert len(graeco_latin(3)) == 72 and len(graeco_latin(2)) == 0


@pytest.mark.parametrize("seed", range(12))
def test_brute_force(seed):
    rng = random.Random(seed)
    n = 3 if seed < 8 else 4
    if n == 3:
        truth = rng.choice(sorted(graeco_latin(3)))
    else:  # GF(4): letters r + c, numbers r + wc (w: 1 -> 2 -> 3 -> 1), shuffled
        w, perm = (0, 2, 3, 1), rng.sample(range(1, 5), 4)
        truth = tuple("".join(char(perm[r ^ c], 1 + (r ^ w[c])) for c in range(4)) for r in range(4))
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            a, b = divmod(CHARS.index(truth[r][c]) - 1, 5)
            a, b = a + 1, b + 1
            x = rng.random()
            row.append(f"{a}{b}" if x < 0.08 else f"{a}0" if x < 0.2 else f"0{b}" if x < 0.32 else None)
        grid.append(tuple(row))
    p = Puzzle("eulero", n, n, tuple(grid))
    want = graeco_latin(n, grid)
    res = count(p, limit=len(want) + 1)
    assert res.complete and {s.rows for s in res.solutions} == want


def test_two_by_two_has_no_answer():
    assert count(Puzzle("eulero", 2, 2, ((None, None), (None, None)))).count == 0


# -- 4. bad input ----------------------------------------------------------------------------
@pytest.mark.parametrize("grid, message", [
    ([["F1", None], [None, None]], "r1c1: unknown token 'F1' (expected '.', a pair such as 31 or C1, "
                                   "or half of one: 30, C, 01, ?1)"),
    ([[7, None], [None, None]], "r1c1: unknown token 7 (expected '.', a pair such as 31 or C1, "
                                "or half of one: 30, C, 01, ?1)"),
    ([["C1", None], [None, None]], "given C1 at r1c1 is outside A-B and 1-2"),
])
def test_bad_puzzles(grid, message):
    got = read({"genre": "eulero", "rows": 2, "cols": 2, "grid": grid})
    assert isinstance(got, InputError) and str(got).split(": ", 1)[1] == message


def test_bad_sizes_and_answers():
    got = read({"genre": "eulero", "rows": 6, "cols": 6, "grid": [[None] * 6] * 6})
    assert isinstance(got, InputError) and str(got).endswith(": an Eulero of side 6 is larger than 5")
    got = read({"genre": "eulero", "rows": 3, "cols": 3, "grid": [[None] * 3] * 3,
                "solution": ["11 22 33", "23 31 12", "32 13 41"]})
    assert isinstance(got, InputError) and "unknown answer character 'G' at r3c3" in str(got)
    block = janko_lines("eulero")[0]["janko"].replace("31 13 24 42", "31 13 2x 42")
    with pytest.raises(InputError) as e:
        parse_janko(block, "x.txt")
    assert str(e.value) == "x.txt:15:7: r1c3: unknown solution token '2x' (expected a pair such as 31)"


# -- 5. generation ---------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="eulero", rows=4, cols=4), 5, 0)
    again = generate_one(GenerateOptions(genre="eulero", rows=4, cols=4), 5, 0)
    assert got is not None and again is not None and got.puzzle == again.puzzle
    assert GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows
    hooks = GENRE.generator  # letters and numbers are clues of their own, as janko.at gives them
    blank, clues = hooks.split_givens(Puzzle("eulero", 3, 3, ((None,) * 3, (None, "31", "20"), (None,) * 3)))
    assert clues == {(1, 1): "30", (1, 1, "N"): "01", (1, 2): "20"} and not blank.clues()
    assert hooks.with_clues(blank, {(1, 1, "N"): "01", (1, 2): "20"}).grid[1] == (None, "01", "20")

"""Ripple Effect on the kit: the Janko puzzles (Hakyuu), pzprjs's test script (URL and
failcodes), counts against an independent enumerator on small boards, bad input,
generation."""
from __future__ import annotations

import json
import random

import pytest

from janko_data import janko_doc
from pencilproof import Verdict, check, count, solve
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url, to_url
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("ripple")


def board(areas, givens: dict) -> Puzzle:
    rows, cols = len(areas), len(areas[0])
    grid = tuple(tuple(givens.get((r, c)) for c in range(cols)) for r in range(rows))
    return Puzzle("ripple", rows, cols, grid).with_params(areas=tuple(map(tuple, areas)))


def codes(p: Puzzle, rows) -> list[str]:
    return [v.code for v in GENRE.verify(p, KitAnswer(tuple(rows)))]


# -- 1. published puzzles -------------------------------------------------------------------
def test_janko_reading():
    """Hakyuu 001 (8x8): its first row of areas '1 1 2 2 3 4 4 5', 21 rooms."""
    p = janko_doc("ripple", 0).puzzle
    assert p.param("areas")[0] == (0, 0, 1, 1, 2, 3, 3, 4)
    assert len({k for row in p.param("areas") for k in row}) == 21
    assert p.grid[0] == (None, 4, None, None, 3, 1, None, None)
    assert parse_text(to_text(p), "t") == p
    assert parse_url(to_url(p)) == p


# -- 2. pzprjs test/script/ripple.js ----------------------------------------------------------------
# The script's URL; its answers written out by hand from the pzprv3 data (the rows of
# givens and the rows of answer numbers in one, '.' empty). Its rooms, read off the
# border rows by hand: {r1c1 r1c2}, {r1c3 r1c4 r2c3 r3c3}, {r2c1 r2c2}, {r2c4 r3c4 r4c4},
# {r3c1 r3c2 r4c2 r4c3}, {r4c1}.
URL = "https://puzz.link/p?ripple/4/4/9n8rigk14h32k"
AREAS = ((0, 0, 1, 1), (2, 2, 1, 3), (4, 4, 1, 3), (5, 4, 4, 3))
GIVENS = {(1, 1): 1, (1, 2): 4, (2, 1): 3, (2, 2): 2}
PZPR_ANSWERS = [
    ("bkDupNum", ["....", ".14.", ".32.", "..3."]),
    ("nmSmallGap", ["12..", "214.", "4323", "121."]),
    ("ceNoNum", ["12..", "214.", "432.", "121."]),
    (None, ["1231", "2142", "4321", "1213"]),
]


def test_pzprjs_url():
    p = parse_url(URL)
    assert p == board(AREAS, GIVENS)
    assert to_url(p) == URL
    res = check(p)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == tuple(PZPR_ANSWERS[-1][1])


@pytest.mark.parametrize("code, rows", PZPR_ANSWERS)
def test_pzprjs_failcodes(code, rows):
    got = codes(board(AREAS, GIVENS), rows)
    assert (got[0] if got else None) == code


def test_a_number_larger_than_its_room():
    got = GENRE.verify(board(AREAS, GIVENS), KitAnswer(("1231", "2142", "4321", "2213")))
    assert [(v.code, v.message, v.cells) for v in got] == [
        ("ceNoNum", "a cell has no number 1-1 (its room's size)", ((3, 0),))]


# -- 3. brute force ---------------------------------------------------------------------------------
def _answers(areas, givens) -> set[tuple[str, ...]]:
    """Backtracking in reading order: each cell a number of 1..its room's size, not yet
    in its room, no equal number k within k cells before it in its row or column."""
    rows, cols = len(areas), len(areas[0])
    size = {k: sum(row.count(k) for row in areas) for row in areas for k in row}
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    val: dict = {}
    out = set()

    def ok(x, v) -> bool:
        r, c = x
        if any(val.get(y) == v for y in val if areas[y[0]][y[1]] == areas[r][c]):
            return False
        return all(val.get((r, c - d)) != v and val.get((r - d, c)) != v for d in range(1, v + 1))

    def go(i: int) -> None:
        if i == len(cells):
            out.add(tuple("".join(str(val[(r, c)]) for c in range(cols)) for r in range(rows)))
            return
        x = cells[i]
        for v in ([givens[x]] if x in givens else range(1, size[areas[x[0]][x[1]]] + 1)):
            if ok(x, v):
                val[x] = v
                go(i + 1)
                del val[x]

    go(0)
    return out


@pytest.mark.parametrize("seed", range(25))
def test_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice(((3, 3), (2, 4), (4, 2), (2, 5)))
    areas = GENRE.random_layout(rows, cols, rng).param("areas")
    one = solve(board(areas, {}))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    if one is not None and seed % 4:  # givens read off an answer, until at most 200 answers are left
        pick, order = one.rows, rng.sample(cells, len(cells))
        k = next(k for k in range(2, len(cells) + 1)
                 if len(_answers(areas, {x: int(pick[x[0]][x[1]]) for x in order[:k]})) <= 200)
        givens = {x: int(pick[x[0]][x[1]]) for x in order[:k]}
    else:
        size = {k: sum(row.count(k) for row in areas) for row in areas for k in row}
        givens = {x: rng.randint(1, size[areas[x[0]][x[1]]]) for x in rng.sample(cells, 2)}
    p = board(areas, givens)
    res = count(p, limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(areas, givens)


# -- 4. bad input ----------------------------------------------------------------------------------
def _error(doc: dict) -> str:
    base = {"genre": "ripple", "rows": 2, "cols": 2, "grid": [[None, None], [None, None]],
            "areas": ["ab", "bb"]}
    (_, got), = parse_documents(json.dumps({**base, **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("doc, message", [
    ({"areas": None}, "p.json:1:51: a Ripple Effect puzzle needs its rooms ('areas')"),
    ({"grid": [[2, None], [None, None]]},
     "p.json:1:51: clue 2 at r1c1 is not a number 1-1 (its room's size)"),
    ({"grid": [["x", None], [None, None]]},
     "p.json:1:53: r1c1: unknown token 'x' (expected '.' or a number)"),
    ({"areas": ["ab", "ba"]}, "p.json:1:51: region 2 falls into pieces (r2c1 is cut off from the rest)"),
])
def test_bad_puzzles(doc, message):
    if doc.get("areas", 0) is None:
        base = {"genre": "ripple", "rows": 2, "cols": 2, "grid": [[None, None], [None, None]]}
        (_, got), = parse_documents(json.dumps(base), "p.json")
        assert str(got) == message
        return
    assert _error(doc) == message


def test_bad_answer():
    with pytest.raises(InputError) as e:
        GENRE.parse_solution(board(AREAS, GIVENS), ["1231", "2142", "4321", "121?"], "a.txt")
    assert str(e.value) == "a.txt: unknown answer character '?' at r4c4 (expected a number 1-4 or .)"


# -- generation ---------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="ripple", rows=6, cols=6), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == got.solution
    assert got.puzzle.param("areas") is not None

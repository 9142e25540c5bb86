"""KenKen (Janko Kendoku) on the kit: the twelve published janko.at puzzles, counts against an
independent enumerator of 4x4 KenKens, the cage codes, target spellings, bad input, generation."""
from __future__ import annotations

import json
import math
import random

import pytest

from enumerators import latin_squares
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.numbers import random_cages
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("kenken")


def test_janko_reading():
    """Kendoku 001: targets as written, in the cages' first cells; 007: a plain 2 on a
    two-cell cage (4 and 2) is a target whose operation is not told."""
    doc = janko_doc("kenken", 0)
    assert doc.puzzle.grid == (("24*", "2/", None, "3-"), (None, None, "7+", None),
                               ("3-", "5+", None, 3), (None, None, "2/", None))
    assert doc.puzzle.param("areas") == ((0, 1, 1, 2), (0, 0, 3, 2), (4, 5, 3, 6), (4, 5, 7, 7))
    assert doc.solution.rows == ("3124", "2431", "1243", "4312")
    seven = janko_doc("kenken", 6).puzzle
    assert seven.grid[2][0] == 2 and seven.param("areas")[2][:2] == (4, 4)


def _puzzle(clues: dict, cages) -> Puzzle:
    n = len(cages)
    grid = tuple(tuple(clues.get((r, c)) for c in range(n)) for r in range(n))
    return Puzzle("kenken", n, n, grid).with_params(areas=cages)


def test_codes_and_cells():
    cages = ((0, 0, 1, 1), (2, 2, 3, 3), (4, 4, 5, 5), (6, 6, 7, 7))
    board = _puzzle({(0, 0): "3+", (0, 2): "12*", (1, 0): "1-", (1, 2): "2/", (2, 0): "2/",
                     (2, 2): "1-", (3, 0): 7, (3, 2): "2*"}, cages)
    assert GENRE.verify(board, Solution(("1234", "3412", "2143", "4321"))) == []
    got = GENRE.verify(board, Solution(("1234", "3412", "2143", "44.1")))
    assert [(v.code, v.cells) for v in got] == [
        ("nmDupRow", ((3, 0), (3, 1))), ("nmDupRow", ((1, 1), (3, 1))), ("ceNoNum", ((3, 2),)),
        ("cgCalcNe", ((3, 0), (3, 1)))]


@pytest.mark.parametrize("token, clue", [("12+", "12+"), ("6x", "6*"), ("6×", "6*"), ("2÷", "2/"),
                                         ("1−", "1-"), ("3", 3), (4, 4)])
def test_target_spellings(token, clue):
    assert GENRE.parse_clue(token, "t") == clue


# -- brute force ---------------------------------------------------------------------------
LATIN = latin_squares(4)


def _makes(op: str, goal: int, values: list[int]) -> bool:
    """An independent reading of the targets: one cell is its number; + * as usual; - and
    / the largest against the rest; no operation: any of the four."""
    if len(values) == 1:
        return values[0] == goal
    big = max(values)
    rest = sorted(values)[:-1]
    made = {"+": sum(values), "*": math.prod(values), "-": big - sum(rest),
            "/": big / math.prod(rest)}
    return any(made[o] == goal for o in (made if op == "?" else op))


def _answers(cages, clues) -> set[tuple[str, ...]]:
    out = set()
    for rows in LATIN:
        ok = True
        for (r, c), clue in clues.items():
            op, goal = ("?", clue) if isinstance(clue, int) else (clue[-1], int(clue[:-1]))
            values = [rows[y][x] for y in range(4) for x in range(4) if cages[y][x] == cages[r][c]]
            ok = ok and _makes(op, goal, values)
        if ok:
            out.add(tuple("".join(map(str, row)) for row in rows))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_brute_force(seed):
    rng = random.Random(seed)
    cages = random_cages(4, 4, rng)
    first: dict = {}
    for r in range(4):
        for c in range(4):
            first.setdefault(cages[r][c], (r, c))
    pick = rng.choice(LATIN)
    clues: dict = {}
    for k, cell in first.items():
        values = [pick[y][x] for y in range(4) for x in range(4) if cages[y][x] == k]
        if rng.random() < 0.3:
            continue
        op = rng.choice("+*-/?" if len(values) == 2 else "+*?")
        goal = {"+": sum(values), "*": math.prod(values), "-": max(values) - min(values),
                "/": max(values) // min(values), "?": sum(values)}[op]
        clues[cell] = goal if op == "?" else f"{goal}{op}"
    res = count(_puzzle(clues, cages), limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(cages, clues)


# -- input errors --------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "kenken", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


EMPTY4 = [[None] * 4 for _ in range(4)]


@pytest.mark.parametrize("doc, message", [
    ({"rows": 4, "cols": 4, "grid": EMPTY4}, "p.json:1:51: a KenKen needs its cages ('areas')"),
    ({"rows": 4, "cols": 4, "grid": [["3+", "4*", None, None]] + EMPTY4[1:], "areas": ["aabb"] * 4},
     "p.json:1:51: one cage holds 2 targets (r1c1, r1c2)"),
    ({"rows": 4, "cols": 4, "grid": [["3%", None, None, None]] + EMPTY4[1:], "areas": ["aabb"] * 4},
     "p.json:1:53: r1c1: unknown target '3%' (expected a number and one of + - * /)"),
    ({"rows": 4, "cols": 4, "grid": [["0+", None, None, None]] + EMPTY4[1:], "areas": ["aabb"] * 4},
     "p.json:1:53: r1c1: target 0 is out of range (1-1000000000)"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc) == message


# -- generation ------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="kenken", rows=4, cols=4), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows


def test_janko_answer_token_is_read_strictly():
    """A solution token that is no number (nor '-'/'.') is an error at its place, not an
    empty cell (the kit's token table once read it as one)."""
    rec = dict(janko_lines("kenken")[0])
    rec["janko"] = rec["janko"].replace("solution\n3 1", "solution\n3 ?", 1)
    (_, got), = parse_documents(json.dumps(rec), "kenken.jsonl:1")
    assert isinstance(got, InputError)
    assert str(got).endswith("janko:20:3: r1c2: unknown solution token '?' (expected a number, '-' or '.')")

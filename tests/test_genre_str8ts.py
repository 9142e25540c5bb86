"""Str8ts on the kit: the Janko puzzles (Straights: black cells 'x' and '5x'), failcodes,
counts against an independent enumerator on small boards, bad input, generation.
(puzz.link has no Str8ts.)"""
from __future__ import annotations

import json
import random

import pytest

from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("str8ts")


def board(rows: list[str]) -> Puzzle:
    """Rows of tokens: '.' white, a digit a white given, '#' black, '#5' black with 5."""
    grid = tuple(tuple(None if t == "." else t if t.startswith("#") else int(t) for t in row.split())
                 for row in rows)
    return Puzzle("str8ts", len(grid), len(grid[0]), grid)


def codes(p: Puzzle, rows) -> list[str]:
    return [v.code for v in GENRE.verify(p, KitAnswer(tuple(rows)))]


# -- 1. published puzzles -------------------------------------------------------------------
def test_janko_reading():
    """Straights 001: 'x - - 1x x x' is a black cell, two white ones, a black 1, two black."""
    doc = janko_doc("str8ts", 0)
    assert doc.puzzle.grid[0] == ("#", None, None, "#1", "#", "#")
    assert doc.puzzle.grid[5] == ("#", "#", "#", None, 1, "#4")
    assert doc.solution.rows[0] == "#43###" and doc.solution.rows[5] == "###21#"  # (4 is given)
    assert parse_text(to_text(doc.puzzle), "t") == doc.puzzle
    assert [janko_doc("str8ts", i).puzzle.rows for i in range(12)] == [6] * 6 + [9] * 6


def test_failcodes_and_cells():
    p = board(["# . . .", ". . . #4", ". . # .", "#1 . . ."])
    assert GENRE.verify(p, KitAnswer(("#123", "321#", "43#1", "#432"))) == []
    got = GENRE.verify(p, KitAnswer(("#124", "321#", "43#.", "#432")))
    assert [(v.code, v.message, v.cells) for v in got] == [
        ("nmNotStraight", "a compartment is not a straight", ((0, 1), (0, 2), (0, 3))),
        ("ceNoNum", "a white cell has no number 1-4", ((2, 3),)),
        ("nmDupRow", "4 repeats the black cell's number", ((0, 3), (1, 3)))]
    got = GENRE.verify(p, KitAnswer(("#123", "311#", "43#1", "#432")))
    assert [(v.code, v.message, v.cells) for v in got] == [
        ("nmDupRow", "a number repeats in row 2", ((1, 1), (1, 2))),
        ("nmDupRow", "a number repeats in column 2", ((0, 1), (1, 1)))]
    assert codes(p, ("#123", "321#", "43#1", "#132")) == ["nmDupRow", "nmDupRow"]


# -- 3. brute force ---------------------------------------------------------------------------------
def _answers(p: Puzzle) -> set[tuple[str, ...]]:
    """Backtracking over the white cells in reading order: 1..n, no number twice in a row
    or column (black cells' numbers included); then every compartment a straight."""
    n = p.rows
    cells = [x for x in p.cells() if not isinstance(p[x], str)]
    black = {x: int(v[1:]) for x, v in p.clues().items() if isinstance(v, str) and len(v) > 1}
    val: dict = dict(black)
    out = set()

    def straights() -> bool:
        lines = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)]
                                                                   for c in range(n)]
        for line in lines:
            run: list = []
            for x in line + [None]:
                if x is not None and x in cells:
                    run.append(val[x])
                    continue
                if run and max(run) - min(run) != len(run) - 1:
                    return False
                run = []
        return True

    def go(i: int) -> None:
        if i == len(cells):
            if straights():
                out.add(tuple("".join("#" if (r, c) not in cells else str(val[(r, c)])
                                      for c in range(n)) for r in range(n)))
            return
        r, c = x = cells[i]
        given = p[x]
        for v in ([given] if isinstance(given, int) else range(1, n + 1)):
            if all(val.get(y) != v for y in val if (y[0] == r) != (y[1] == c)):
                val[x] = v
                go(i + 1)
                del val[x]

    go(0)
    return out


@pytest.mark.parametrize("seed", range(25))
def test_brute_force(seed):
    rng = random.Random(seed)
    n = 4
    tokens = [["."] * n for _ in range(n)]
    for _ in range(rng.randint(2, 5)):
        r, c = rng.randrange(n), rng.randrange(n)
        tokens[r][c] = "#" if rng.random() < 0.6 else f"#{rng.randint(1, n)}"
    for _ in range(rng.randint(0, 3)):
        r, c = rng.randrange(n), rng.randrange(n)
        if tokens[r][c] == ".":
            tokens[r][c] = str(rng.randint(1, n))
    p = board([" ".join(row) for row in tokens])
    res = count(p, limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(p)


# -- 4. bad input ----------------------------------------------------------------------------------
def _error(grid) -> str:
    doc = {"genre": "str8ts", "rows": len(grid), "cols": len(grid[0]), "grid": grid}
    (_, got), = parse_documents(json.dumps(doc), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("grid, message", [
    ([[None] * 3] * 2, "p.json:1:51: a Str8ts is square, not 2x3"),
    ([[5, None], [None, None]], "p.json:1:51: clue 5 at r1c1 has a number outside 1-2"),
    ([["#3", None], [None, None]], "p.json:1:51: clue '#3' at r1c1 has a number outside 1-2"),
    ([["#y", None], [None, None]],
     "p.json:1:53: r1c1: unknown token '#y' (expected '.', a number, '#' or '#N')"),
    ([[True, None], [None, None]],
     "p.json:1:53: r1c1: a cell is a number, a string, null or a list of those, got true"),
])
def test_bad_puzzles(grid, message):
    assert _error(grid) == message


def test_black_cells_are_copied_into_answers():
    p = board(["# .", ". ."])
    with pytest.raises(InputError) as e:
        GENRE.parse_solution(p, ["1.", ".."], "a.txt")
    assert str(e.value) == "a.txt: answer character '1' at r1c1, where the puzzle's given is '#'"
    assert GENRE.parse_clue("5x", "w") == "#5" and GENRE.parse_clue("x", "w") == "#"


# -- generation ---------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="str8ts", rows=6, cols=6), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == got.solution
    blank, clues = GENRE.generator.split_givens(got.puzzle)
    assert all(v == "#" for v in blank.clues().values()) and "#" not in clues.values()


def test_janko_answer_token_is_read_strictly():
    """A solution token that is no number (nor '-'/'.') is an error at its place, not an
    empty cell (the kit's token table once read it as one)."""
    rec = dict(janko_lines("str8ts")[0])
    rec["janko"] = rec["janko"].replace("solution\n- 4", "solution\n- ?", 1)
    (_, got), = parse_documents(json.dumps(rec), "str8ts.jsonl:1")
    assert isinstance(got, InputError)
    assert str(got).endswith("janko:17:3: r1c2: unknown solution token '?' (expected a number, '-' or '.')")

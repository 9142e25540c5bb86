"""Binairo (janko.at: Tohu-Wa-Vohu) on the kit: published janko.at puzzles, janko.at's rules
(equal rows allowed), counts against an independent enumerator on small boards, odd sides,
bad input, generation. puzz.link has no such genre (no script to replay)."""
from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.janko import parse_janko
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("binairo")
DATA = Path(__file__).parent / "data" / "janko" / "binairo.jsonl"
RECORDS = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]


def puzzle(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else int(t) for t in row.split()) for row in rows)
    return Puzzle("binairo", len(grid), len(grid[0]), grid)


def flipped(rows: tuple[str, ...], r: int, c: int) -> KitAnswer:
    row = rows[r]
    return KitAnswer(rows[:r] + (row[:c] + ("1" if row[c] == "2" else "2") + row[c + 1:],) + rows[r + 1:])


# -- 1. published puzzles ---------------------------------------------------------------

@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_janko_record_is_unique_with_its_published_solution(i):
    doc = parse_janko(RECORDS[i]["janko"], f"binairo.jsonl:{i + 1}")
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution
    assert GENRE.verify(doc.puzzle, doc.solution) == []
    for r, c in doc.puzzle.cells():  # unique: any other answer breaks a rule
        assert GENRE.verify(doc.puzzle, flipped(doc.solution.rows, r, c)), (r, c)


def test_janko_tokens_and_equal_rows():
    # Janko Tohu-Wa-Vohu 001: "puzzle tohuwavohu", "- 1 - - - - - - 1 -"; its published
    # solution repeats a row (rows 3 and 7 are both "2212211211"): janko.at's rules have
    # no "rows differ".
    doc = parse_janko(RECORDS[0]["janko"], "binairo.jsonl:1")
    assert doc.puzzle.genre == "binairo" and doc.puzzle.grid[0][:2] == (None, 1)
    assert doc.solution.rows[0] == "2112211212"
    assert doc.solution.rows[2] == doc.solution.rows[6] == "2212211211"


# -- 2. the rules' codes ----------------------------------------------------------------------

def test_codes():
    board = puzzle([". . . .", ". . . .", ". . . .", "1 . . ."])
    good = KitAnswer(("1122", "2211", "2112", "1221"))
    assert GENRE.verify(board, good) == [] and GENRE.verify(puzzle([". ."]), KitAnswer(("12",))) == []
    bad = GENRE.verify(puzzle([". . . ."] * 4), KitAnswer(("1122", "2211", "2211", "2112")))
    assert [v.cells for v in bad if v.code == "nmThree"] == [((1, 0), (2, 0), (3, 0)),
                                                              ((1, 2), (2, 2), (3, 2))]
    assert [v.message for v in bad if v.code == "nmUnbalanced"] == [
        "column 1 holds 3 2s in 4 cells", "column 3 holds 1 2s in 4 cells"]
    given = puzzle(["2 . . .", ". . . .", ". . . .", ". . . ."])
    assert [v.code for v in GENRE.verify(given, good)] == ["nmGiven"]
    # equal rows and equal columns are allowed (janko.at's rules)
    assert GENRE.verify(puzzle([". . . ."] * 4), KitAnswer(("1212", "1212", "2121", "2121"))) == []


def test_odd_sides_hold_one_more_of_either():
    assert count(puzzle([". . ."])).count == 6           # 112 121 211 122 212 221
    assert [s.rows for s in count(puzzle(["1 . 1"])).solutions] == [("121",)]


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every grid of 1s and 2s whose rows and columns hold as many 1s
# as 2s (one more of either on an odd side) with no three alike in a line, and the givens.

def brute(board: Puzzle) -> set[tuple[str, ...]]:
    def good(line: str) -> bool:
        return abs(line.count("1") - line.count("2")) <= len(line) % 2 \
            and "111" not in line and "222" not in line
    rows_ok = [r for r in map("".join, itertools.product("12", repeat=board.cols)) if good(r)]
    out = set()
    for rows in itertools.product(rows_ok, repeat=board.rows):
        if all(good("".join(r[c] for r in rows)) for c in range(board.cols)) and all(
                rows[r][c] == str(v) for (r, c), v in board.clues().items()):
            out.add(rows)
    return out


def random_boards(seed: int, n: int) -> list[Puzzle]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        rows, cols = rng.choice([(4, 4), (4, 6), (3, 4), (5, 4)])
        grid = tuple(tuple(rng.choice((1, 2)) if rng.random() < 0.2 else None for _ in range(cols))
                     for _ in range(rows))
        out.append(Puzzle("binairo", rows, cols, grid))
    return out


@pytest.mark.parametrize("board", random_boards(7, 20), ids=lambda b: str(b.grid))
def test_counts_match_the_enumerator(board):
    expected = brute(board)
    res = count(board, limit=len(expected) + 1)
    assert res.complete and {s.rows for s in res.solutions} == expected


# -- 4. bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    ('{"genre":"binairo","rows":2,"cols":2,"grid":[[3,null],[null,null]]}',
     "t.json:1:47: r1c1: given 3 is not 1 or 2"),
    ('{"genre":"binairo","rows":2,"cols":2,"grid":[["w",null],[null,null]]}',
     "t.json:1:47: r1c1: unknown token 'w' (expected '.', 1 or 2)"),
    ('{"genre":"binairo","rows":1,"cols":2,"grid":[[1,null]],"solution":["13"]}',
     "t.json:1:67: solution: unknown answer character '3' at r1c2 (expected 2 or 1)"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


def test_janko_bad_token():
    block = RECORDS[0]["janko"].replace("- 1 - - - - - - 1 -", "- 1 - - - - - - 3 -")
    with pytest.raises(InputError) as e:
        parse_janko(block, "x.txt")
    assert str(e.value) == "x.txt:10:17: r1c9: given 3 is not 1 or 2"


# -- 5. generation ----------------------------------------------------------------------------

def test_generate_unique_puzzles():
    got = generate_one(GenerateOptions(genre="binairo", rows=6, cols=6), 2, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

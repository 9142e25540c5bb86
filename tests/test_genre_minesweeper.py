"""Minesweeper on the kit: published janko.at puzzles, pzprjs's test script (mines),
counts against an independent enumerator on small boards, bad input, generation."""
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
from pencilproof.formats import parse_documents, parse_url, to_pzprv3, to_url
from pencilproof.formats.janko import parse_janko
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("minesweeper")
DATA = Path(__file__).parent / "data" / "janko" / "minesweeper.jsonl"
RECORDS = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]


def puzzle(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else t if t == "?" else int(t) for t in row.split())
                 for row in rows)
    return Puzzle("minesweeper", len(grid), len(grid[0]), grid)


def flipped(rows: tuple[str, ...], r: int, c: int) -> KitAnswer:
    row = rows[r]
    return KitAnswer(rows[:r] + (row[:c] + ("." if row[c] == "*" else "*") + row[c + 1:],) + rows[r + 1:])


# -- 1. published puzzles ---------------------------------------------------------------

@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_janko_record_is_unique_with_its_published_solution(i):
    doc = parse_janko(RECORDS[i]["janko"], f"minesweeper.jsonl:{i + 1}")
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution
    assert GENRE.verify(doc.puzzle, doc.solution) == []
    for r, c in doc.puzzle.cells():  # unique: any other answer breaks a rule
        assert GENRE.verify(doc.puzzle, flipped(doc.solution.rows, r, c)), (r, c)


def test_janko_tokens():
    # Janko Minesweeper 001: "rows 4", "cols 4", "2 - - -", solution "- x - -" (x a mine).
    doc = parse_janko(RECORDS[0]["janko"], "minesweeper.jsonl:1")
    assert doc.puzzle.genre == "minesweeper" and doc.puzzle.grid[0] == (2, None, None, None)
    assert doc.solution.rows == (".*..", "*...", "....", "..*.")


# -- 2. pzprjs test/script/mines.js ----------------------------------------------------------
# url 5/5/g2m13l13g0j; each answer is the second block of rows of the script's pzprv3
# string: '#' (shaded: a mine) written '*', '+' (marked empty) and '.' written '.'.
SCRIPT = [". 2 . . .", ". . . . 1", "3 . . . .", ". . 1 3 .", "0 . . . ."]
WRONG = [
    ("nmMinesNe", ("....*", "**...", ".....", "*...*", "...**")),
    ("nmMinesNe", (".....", "**...", "..*.*", ".....", "....*")),
]
RIGHT = (".....", "**...", ".*..*", "....*", "....*")


def test_pzprjs_url():
    url = "https://puzz.link/p?mines/5/5/g2m13l13g0j"
    assert parse_url(url) == puzzle(SCRIPT) and to_url(puzzle(SCRIPT)) == url


@pytest.mark.parametrize("code, rows", WRONG)
def test_pzprjs_failcodes(code, rows):
    assert [v.code for v in GENRE.verify(puzzle(SCRIPT), KitAnswer(rows))][:1] == [code]


def test_pzprjs_answer_is_the_unique_solution():
    res = check(puzzle(SCRIPT))
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == RIGHT


def test_pzprv3_file():
    text = ("pzprv3/mines/5/5/. 2 . . . /. . . . 1 /3 . . . . /. . 1 3 . /0 . . . . /"
            ". . + . . /# # + . . /. # + + # /+ + . . # /. + + + # /")
    (_, doc), = parse_documents(text, "script")
    assert doc.puzzle == puzzle(SCRIPT) and doc.solution.rows == RIGHT
    assert to_pzprv3(doc.puzzle, doc.solution, slashes=True) == (
        "pzprv3/mines/5/5/. 2 . . . /. . . . 1 /3 . . . . /. . 1 3 . /0 . . . . /"
        ". . . . . /# # . . . /. # . . # /. . . . # /. . . . # /")


# Janko Minesweeper 081 (from puzzlepicnic) says "mines 12": twelve mines hide. Without
# that rule its numbers allow many answers (two of nine mines below); with it, the
# published one.
J081 = ["- 1 - - - 1", "- - - 2 - -", "- 1 2 - - -", "- - - - - 1", "3 - - 2 3 -", "- - 2 - - -"]
J081_ANSWER = ("*..*..", ".....*", "*..*.*", "...*..", ".*....", "**..**")
J081_NINE = [("......", "..*..*", "....*.", "...*..", ".*....", "**..**"),
             ("......", "..*..*", "...*..", "....*.", ".*....", "**..**")]


def test_the_total_of_mines_is_a_rule():
    text = "minesweeper 6x6\n" + "\n".join(J081) + "\nmines: 12\n"
    (_, doc), = parse_documents(text, "t.txt")
    assert doc.puzzle.param("mines") == 12
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == J081_ANSWER
    for rows in J081_NINE:
        found = GENRE.verify(doc.puzzle, KitAnswer(rows))
        assert [(v.code, v.message) for v in found] == [("mnTotalNe", "the board holds 9 mines, not 12")]
    loose = doc.puzzle.with_params(mines=None)
    assert check(loose).verdict is Verdict.MULTIPLE
    assert all(GENRE.verify(loose, KitAnswer(rows)) == [] for rows in J081_NINE)


# Janko Minesweeper 089 (from puzzlepicnic), 13x13 of another shape: its problem's 'x'
# cells are outside the board; the published solution leaves them '-'. "mines 41".
J089_PROBLEM = """x x x x x x x - - - x x x
x x x x x - - - 1 - x x x
x x - - - 4 - 2 - 4 - x x
x - 2 - 1 - 3 - 3 - - x x
- 3 - 1 - 2 - - - 3 - - x
x - 4 - - - 6 - 4 - 2 - x
x - - 3 - - - - - 1 - - x
x - 2 - 4 - 5 - - - 4 - -
x - - 1 - - - 2 - 1 - 3 -
x x - - 2 - 3 - 1 - 2 - x
x x - 3 - 1 - 4 - - - x x
x x x - 4 - x - - x x x x
x x x - - - x x x x x x x"""
J089_ANSWER = (".............", ".....**..*...", "..*.*.*...*..", ".*.......**..", "*.....***....",
               ".*.*.*.*.....", ".**.**.*..**.", ".....*.*...*.", ".....*....*..", "...*...*...*.",
               "..*...*......", "...*...**....", "...***.......")


def test_cells_outside_the_board():
    block = "begin\npuzzle minesweeper\nsize 13\nproblem\n" + J089_PROBLEM + "\nsolution\n" + \
        "\n".join(" ".join("x" if ch == "*" else "-" for ch in row) for row in J089_ANSWER) + "\nend\n"
    doc = parse_janko(block, "j.txt")
    assert doc.puzzle.grid[0][:8] == ("@",) * 7 + (None,) and doc.solution.rows == J089_ANSWER
    p = doc.puzzle.with_params(mines=41)
    res = check(p)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == J089_ANSWER
    assert GENRE.verify(p, doc.solution) == []
    # a hole holds no mine, and counts as no neighbour
    board = Puzzle("minesweeper", 1, 3, (("@", 1, None),))
    assert [s.rows for s in count(board).solutions] == [("..*",)]
    with pytest.raises(InputError) as e:
        GENRE.parse_solution(board, ["*.*"], "a")
    assert str(e.value) == "a: answer character '*' at r1c1, where the puzzle's given is '.'"


def test_a_mine_on_a_number_is_its_own_violation():
    board = puzzle(["1 .", ". ."])
    assert [v.code for v in GENRE.verify(board, KitAnswer(("**", "..")))] == ["nmShaded"]
    assert [v.code for v in GENRE.verify(puzzle(["? ."]), KitAnswer(("*.",)))] == ["nmShaded"]


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every set of mines; a number's cell has none ('?' and a hole
# '@' too) and the up to eight cells around it hold as many as it says; with a total, the
# board holds that many.

def brute(board: Puzzle) -> set[tuple[str, ...]]:
    cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    out = set()
    for bits in itertools.product((0, 1), repeat=len(cells)):
        mines = {x for x, b in zip(cells, bits) if b}
        if board.param("mines") not in (None, len(mines)):
            continue
        if all(x not in mines and (v == "?" or v == sum(
                (x[0] + dr, x[1] + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1)))
               for x, v in board.clues().items() if v != "@") and not mines & set(board.clues()):
            out.add(tuple("".join("*" if (r, c) in mines else "." for c in range(board.cols))
                          for r in range(board.rows)))
    return out


def random_boards(seed: int, n: int) -> list[Puzzle]:
    """Numbers read off random mines (a share kept), or random numbers."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        rows, cols = rng.choice([(2, 4), (3, 3), (3, 4)])
        mines = {(r, c) for r in range(rows) for c in range(cols) if rng.random() < 0.3}
        grid = [[None] * cols for _ in range(rows)]
        for r in range(rows):
            for c in range(cols):
                if (r, c) not in mines and rng.random() < 0.5:
                    near = sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1))
                    grid[r][c] = rng.randint(0, 3) if k % 3 == 0 else "?" if rng.random() < 0.1 else near
        out.append(Puzzle("minesweeper", rows, cols, tuple(map(tuple, grid))))
    return out


def with_totals(boards: list[Puzzle], seed: int) -> list[Puzzle]:
    """The boards with a hole and a total of mines: that of one of its answers if it has
    some (by the enumerator), else 0 to 4."""
    rng = random.Random(seed)
    out = []
    for b in boards:
        grid = [list(row) for row in b.grid]
        grid[rng.randrange(b.rows)][rng.randrange(b.cols)] = "@"
        holed = Puzzle(b.genre, b.rows, b.cols, tuple(map(tuple, grid)))
        answers = sorted(brute(holed))
        total = "".join(rng.choice(answers)).count("*") if answers else rng.randint(0, 4)
        out.append(holed.with_params(mines=total))
    return out


@pytest.mark.parametrize("board", random_boards(3, 20) + with_totals(random_boards(5, 12), 7),
                         ids=lambda b: str(b.grid) + str(b.params))
def test_counts_match_the_enumerator(board):
    expected = brute(board)
    res = count(board, limit=len(expected) + 1)
    assert res.complete and {s.rows for s in res.solutions} == expected


# -- 4. bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    ('{"genre":"minesweeper","rows":2,"cols":2,"grid":[[9,null],[null,null]]}',
     "t.json:1:51: r1c1: clue 9 is out of range (0-8)"),
    ('{"genre":"minesweeper","rows":2,"cols":2,"grid":[[4,null],[null,null]]}',
     "t.json:1:49: r1c1: clue 4 is out of range (the cell has 3 neighbours)"),
    ('{"genre":"minesweeper","rows":2,"cols":2,"grid":[["x",null],[null,null]]}',
     "t.json:1:51: r1c1: unknown token 'x' (expected '.', '?', '@' or a number 0-8)"),
    ('{"genre":"minesweeper","rows":1,"cols":3,"grid":[[1,null,null]],"mines":-1}',
     "t.json:1:73: mines: mines -1 is out of range (0 or more)"),
    ('{"genre":"minesweeper","rows":1,"cols":3,"grid":[[1,null,"@"]],"mines":2}',
     "t.json:1:49: mines 2 do not fit in 1 empty cell"),
    ('{"genre":"minesweeper","rows":1,"cols":2,"grid":[[1,null]],"solution":[".o"]}',
     "t.json:1:71: solution: unknown answer character 'o' at r1c2 (expected * or .)"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


def test_janko_bad_token():
    block = RECORDS[0]["janko"].replace("2 - - -", "2 - - y")
    with pytest.raises(InputError) as e:
        parse_janko(block, "x.txt")
    assert str(e.value) == "x.txt:11:7: r1c4: unknown problem token 'y' (expected a number or '-', '?', 'x')"


# -- 5. generation ----------------------------------------------------------------------------

def test_generate_unique_puzzles():
    got = generate_one(GenerateOptions(genre="minesweeper", rows=6, cols=6), 2, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

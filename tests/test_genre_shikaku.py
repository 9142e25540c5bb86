"""Shikaku on the kit: published janko.at puzzles, pzprjs's test answers, counts against an
independent enumerator of rectangle divisions, the border answers, generation and bad
input."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pencilproof import check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.division import Walls, pieces
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_text, parse_url, to_url
from pencilproof.formats.janko import parse_janko
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("shikaku")
DATA = Path(__file__).parent / "data" / "janko" / "shikaku.jsonl"
RECORDS = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
#: A border on a cell's right (R) and lower (D) side -> the answer character.
CHARS = {"": ".", "R": "|", "D": "_", "RD": "J"}


def puzzle(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else t if t == "?" else int(t) for t in row.split())
                 for row in rows)
    return Puzzle("shikaku", len(grid), len(grid[0]), grid)


def codes(board: Puzzle, rows: tuple[str, ...]) -> set[str]:
    return {v.code for v in GENRE.verify(board, KitAnswer(rows))}


def toggled(ch: str, side: str) -> str:
    """The character with the border on one side flipped."""
    now = next(k for k, v in CHARS.items() if v == ch)
    return CHARS["".join(d for d in "RD" if (d in now) != (d == side))]


# -- 1. published puzzles ---------------------------------------------------------------

@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_janko_record_is_unique_with_its_published_solution(i):
    doc = parse_janko(RECORDS[i]["janko"], f"shikaku.jsonl:{i + 1}")
    res = check(doc.puzzle)
    assert res.verdict.value == "unique"
    assert res.solutions[0] == doc.solution
    assert GENRE.verify(doc.puzzle, doc.solution) == []
    rows = list(doc.solution.rows)
    for r in range(doc.puzzle.rows):  # one border flipped (not on the frame): no solution
        for c in range(doc.puzzle.cols):
            side = "R" if c + 1 < doc.puzzle.cols else "D" if r + 1 < doc.puzzle.rows else None
            if side is None:
                continue
            changed = rows[:r] + [rows[r][:c] + toggled(rows[r][c], side) + rows[r][c + 1:]] + rows[r + 1:]
            assert GENRE.verify(doc.puzzle, KitAnswer(tuple(changed))), (r, c)


def test_janko_labels_become_borders():
    # Janko 001 labels its rectangles 0 (r1c1-r1c4), 40 (r1c5-r1c6), 60 (column 7), ...
    doc = parse_janko(RECORDS[0]["janko"], "shikaku.jsonl:1")
    assert doc.puzzle.grid[0][:3] == (None, 4, None)
    assert doc.solution.rows[0] == "___J_J|__J"
    assert doc.solution.rows[9] == "_JJ____JJJ"  # "9 9 25 39 39 39 39 39 87 97"


# -- 2. pzprjs test/script/shikaku.js ---------------------------------------------------
# The script's board (url 6/6/j3g56h6t6h23g5j) and its answers as pzprv3 border data: 6
# rows of 5 "border right of the cell" values, then 5 rows of 6 "border below the cell"
# values (1 a border; 0 and -1, an auxiliary mark, none). Each cell is written as the
# character of its right and lower borders, the frame counting as a border (rows_of).
# pzprjs stops at its first failing check; our verifier lists every broken rule.
SCRIPT = ["0 0 0 0 3 0", "5 6 0 0 6 0", "0 0 0 0 0 0", "0 0 0 0 0 0", "0 6 0 0 2 3",
          "0 5 0 0 0 0"]
SCRIPT_ANSWERS = [
    ("bkNoNum", "0 0 0 0 0 /0 1 0 1 0 /0 1 0 1 0 /0 1 0 1 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 1 1 0 0 /"
                "0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 1 1 0 0 /0 0 0 0 0 0 /",
     {"bkNoNum", "bkNumGe2", "bkNotRect", "bkSizeNe"}),
    ("bkNumGe2", "0 0 0 0 0 /1 0 0 0 0 /1 0 0 0 0 /1 0 0 0 0 /1 0 0 0 0 /0 -1 -1 -1 0 /"
                 "0 0 0 0 0 0 /-1 0 0 0 0 0 /-1 0 0 0 0 0 /-1 0 0 0 0 0 /0 1 1 1 1 0 /",
     {"bkNumGe2", "bkSizeNe", "bdDeadEnd"}),
    ("bkNotRect", "0 1 1 0 0 /1 0 1 0 0 /1 0 1 0 0 /1 -1 1 0 1 /1 -1 1 0 1 /0 -1 -1 -1 1 /"
                  "0 1 0 1 1 1 /-1 0 0 0 0 0 /-1 1 1 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /",
     {"bkNotRect", "bkSizeNe"}),
    ("bkSizeNe", "1 0 1 0 0 /1 0 1 0 0 /1 0 1 0 0 /1 -1 1 0 1 /1 -1 1 0 1 /0 -1 -1 -1 1 /"
                 "0 0 0 1 1 1 /-1 1 1 0 0 0 /-1 0 0 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /",
     {"bkSizeNe"}),
    ("bdDeadEnd", "1 0 1 0 0 /1 0 1 0 0 /1 0 1 0 0 /1 -1 0 1 1 /1 -1 1 1 1 /0 -1 -1 -1 1 /"
                  "0 0 0 1 1 1 /-1 0 0 0 0 0 /-1 1 1 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /",
     {"bdDeadEnd"}),
    (None, "1 -1 1 0 0 /1 0 1 0 0 /1 -1 1 0 0 /1 -1 0 1 1 /1 -1 0 1 1 /0 -1 -1 -1 1 /"
           "0 -1 -1 1 1 1 /-1 -1 -1 0 0 0 /-1 1 1 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /", set()),
]
SCRIPT_SOLUTION = ("|.|__J", "|.|..|", "|_J__J", "|..|||", "J__JJ|", "____JJ")


def rows_of(text: str, n: int = 6) -> tuple[str, ...]:
    lines = [line.split() for line in text.strip("/").split("/")]
    right, down = lines[:n], lines[n:]
    return tuple("".join(CHARS["".join(d for d, on in (("R", c == n - 1 or right[r][c] == "1"),
                                                        ("D", r == n - 1 or down[r][c] == "1")) if on)]
                         for c in range(n)) for r in range(n))


def board() -> Puzzle:
    return puzzle([" ".join("." if t == "0" else t for t in row.split()) for row in SCRIPT])


@pytest.mark.parametrize("code, text, expected", SCRIPT_ANSWERS, ids=[str(a[0]) for a in SCRIPT_ANSWERS])
def test_pzprjs_script_wrong_answers(code, text, expected):
    found = codes(board(), rows_of(text))
    assert found == expected and (code is None or code in found)


def test_pzprjs_script_url_pzprv3_and_answer():
    url = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"
    assert parse_url(url) == board() and to_url(board()) == url
    assert rows_of(SCRIPT_ANSWERS[-1][1]) == SCRIPT_SOLUTION
    res = check(board())
    assert res.verdict.value == "unique" and res.solutions[0].rows == SCRIPT_SOLUTION
    # A pzprjs save reads as the numbers (its answer borders are read past).
    givens = "".join(" ".join("." if t == "0" else t for t in row.split()) + " /" for row in SCRIPT)
    text = "pzprv3/shikaku/6/6/" + givens + SCRIPT_ANSWERS[-1][1]
    (_, doc), = parse_documents(text, "script")
    assert doc.puzzle == board()


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every division of the grid into rectangles, built by covering
# the first free cell in reading order with each rectangle that has it as its top-left
# corner and fits the free cells; a division counts when each rectangle holds exactly
# one number, equal to its area ('?' any).

def divisions(rows: int, cols: int, grid: list[list]) -> int:
    free = [[True] * cols for _ in range(rows)]

    def go() -> int:
        spot = next(((r, c) for r in range(rows) for c in range(cols) if free[r][c]), None)
        if spot is None:
            return 1
        r, c = spot
        total = 0
        for h in range(1, rows - r + 1):
            for w in range(1, cols - c + 1):
                cells = [(r + i, c + j) for i in range(h) for j in range(w)]
                if not all(free[y][x] for y, x in cells):
                    continue
                nums = [grid[y][x] for y, x in cells if grid[y][x] is not None]
                if len(nums) != 1 or nums[0] not in ("?", h * w):
                    continue
                for y, x in cells:
                    free[y][x] = False
                total += go()
                for y, x in cells:
                    free[y][x] = True
        return total
    return go()


def random_board(rng: random.Random, rows: int, cols: int) -> list[list]:
    """Numbers of a random division into rectangles (split at random lines), some
    turned into '?', some off by one, sometimes one left out."""
    grid: list[list] = [[None] * cols for _ in range(rows)]

    def split(r0: int, c0: int, r1: int, c1: int) -> None:
        h, w = r1 - r0, c1 - c0
        if h * w <= rng.choice([1, 2, 3, 4, 6]) or rng.random() < 0.2:
            y, x = rng.randrange(r0, r1), rng.randrange(c0, c1)
            grid[y][x] = rng.choice([h * w] * 4 + ["?", h * w + 1])
            return
        if (h > w or w == 1) and h > 1:
            k = rng.randrange(r0 + 1, r1)
            split(r0, c0, k, c1)
            split(k, c0, r1, c1)
        else:
            k = rng.randrange(c0 + 1, c1)
            split(r0, c0, r1, k)
            split(r0, k, r1, c1)
    split(0, 0, rows, cols)
    if rng.random() < 0.2:
        grid[rng.randrange(rows)][rng.randrange(cols)] = None
    return grid


def test_counts_match_an_independent_enumerator():
    rng = random.Random(20)
    seen = set()
    for _ in range(60):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4), (2, 5)])
        grid = random_board(rng, rows, cols)
        expected = divisions(rows, cols, grid)
        got = count(Puzzle("shikaku", rows, cols, tuple(map(tuple, grid))), limit=1000)
        assert got.complete and len(got.solutions) == expected, grid
        seen.add(min(expected, 3))
    assert seen == {0, 1, 2, 3}  # none, unique, two and more all occur


# -- the border answers -----------------------------------------------------------------

def test_frame_borders_read_either_way_and_are_written():
    # Rectangles r1c1-r1c2, r2c1-r2c2 and r1c3-r2c3: a border inside is needed, one on the
    # frame may be left out (r1c3, r2c3: '.' read as '|' and 'J').
    p = puzzle(["2 . 2", "2 . ."])
    written = GENRE.parse_solution(p, ["_J.", "_J."], "answer")
    assert written.rows == ("_J|", "_JJ")
    assert GENRE.verify(p, written) == [] and check(p).solutions == (written,)
    # one piece of all six cells (a rectangle) with borders inside it
    assert codes(p, ("_..", "_J.")) == {"bdDeadEnd", "bkNumGe2", "bkSizeNe"}


def test_bad_answer_characters_and_input():
    p = puzzle(["2 .", "2 ."])
    with pytest.raises(InputError, match=r"unknown answer character 'x' at r1c2 \(expected one of "
                                         r"\. \| _ J"):
        GENRE.parse_solution(p, ["_x", "__"], "answer")
    with pytest.raises(InputError, match=r"clue 0 is out of range \(1-999\)"):
        parse_text("shikaku 2x2\n0 .\n. .\n", "t.txt")
    with pytest.raises(InputError, match=r"r1c1: unknown token 'x' \(expected '\.', '\?' or a number\)"):
        parse_text("shikaku 2x2\nx .\n. .\n", "t.txt")
    block = RECORDS[0]["janko"].replace("- 4 - - - 2", "- 4 - x - 2", 1)
    with pytest.raises(InputError, match=r"unknown problem token 'x'"):
        parse_janko(block, "bad")


# -- generation -------------------------------------------------------------------------

def test_generation_keeps_one_number_per_rectangle():
    got = generate_one(GenerateOptions(genre="shikaku", rows=6, cols=6).validate(), 3, 0)
    assert got is not None
    res = check(got.puzzle)
    assert res.verdict.value == "unique" and res.solutions[0] == got.solution
    found, _ = pieces(GENRE.values(got.puzzle, got.solution.rows, "a"), Walls(6, 6))
    assert all(sum(1 for x in p if got.puzzle[x] is not None) == 1 for p in found)
    assert all(got.puzzle[x] in ("?", len(p)) for p in found for x in p if got.puzzle[x] is not None)

"""Galaxies on the kit: published janko.at puzzles, pzprjs's test answers (a board with a
hole), counts against an independent enumerator of divisions, the dots codec, '?' dots,
generation and bad input."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pencilproof import check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.galaxies import random_galaxies
from pencilproof.encodings.kit.division import Walls, pieces
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_text, parse_url, to_url
from pencilproof.formats.janko import parse_janko
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("galaxies")
DATA = Path(__file__).parent / "data" / "janko" / "galaxies.jsonl"
RECORDS = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
#: A border on a cell's right (R) and lower (D) side -> the answer character.
CHARS = {"": ".", "R": "|", "D": "_", "RD": "J"}


def puzzle(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else int(t) if t.isdigit() else t for t in row.split())
                 for row in rows)
    return Puzzle("galaxies", len(grid), len(grid[0]), grid)


def codes(board: Puzzle, rows: tuple[str, ...]) -> set[str]:
    return {v.code for v in GENRE.verify(board, KitAnswer(rows))}


def toggled(ch: str, side: str) -> str:
    now = next(k for k, v in CHARS.items() if v == ch)
    return CHARS["".join(d for d in "RD" if (d in now) != (d == side))]


# -- 1. published puzzles ---------------------------------------------------------------

@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_janko_record_is_unique_with_its_published_solution(i):
    doc = parse_janko(RECORDS[i]["janko"], f"galaxies.jsonl:{i + 1}")
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


def test_a_big_page_is_connected_up_front():
    """Janko Galaxien (17x17, 55 dots, the last record): each galaxy's connectivity is in
    the encoding (levels towards its dot), so no lazy cut is needed; the lazy cuts alone
    took 27 rounds and 3158 cuts, past 10 s."""
    doc = parse_janko(RECORDS[-1]["janko"], f"galaxies.jsonl:{len(RECORDS)}")
    assert (doc.puzzle.rows, doc.puzzle.cols) == (17, 17)
    res = check(doc.puzzle)
    assert res.verdict.value == "unique" and res.solutions[0] == doc.solution
    assert res.stats["cuts"] == 0


def test_janko_dots_and_labels():
    # Janko 001 row 1 "- 0 - - - 3 -": a dot in r1c2's centre, one on r1c6's lower right
    # corner; its region 6 is r1c6-r2c7, region 1 r1c1-r1c3 around the centre of r1c2.
    doc = parse_janko(RECORDS[0]["janko"], "galaxies.jsonl:1")
    assert doc.puzzle.grid[0] == (None, 0, None, None, None, 3, None)
    assert doc.puzzle.grid[2][5] == 2 and doc.puzzle.grid[4][6] == 0
    assert doc.solution.rows[0] == "__J.|.|"  # labels 1 1 1 3 3 6 6 over 2 2 3 3 3 6 6
    assert doc.solution.rows[1][5:] == "_J"  # 6 6 over 7 9


# -- 2. pzprjs test/script/tentaisho.js -------------------------------------------------
# The script's board (url 5/5/6fl94fi65en8dbf10000: dots, then the empty cells, r1c5 a
# hole) and its answers as pzprv3 border data: 5 rows of 4 "border right of the cell"
# values, then 4 rows of 5 "border below the cell" values (1 or 2 a border, 2 with an
# auxiliary mark; 0 none); the cell colour rows after them are left out. Each cell is
# written as the character of its right and lower borders, the frame and the hole's
# sides counting as borders, the hole as '#'. pzprjs stops at its first failing check;
# our verifier lists every broken rule (a border through a dot leaves its region with
# the dots of its neighbours too: bkPlStar).
SCRIPT = ["0 . 0 . #", "0 . 1 . 0", "1 . 1 . 0", ". 2 . 0 .", "0 . . 0 ."]
SCRIPT_ANSWERS = [
    ("bdPassStar", "1 0 0 0 /1 0 0 0 /1 0 0 0 /1 0 0 0 /1 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /"
                   "0 0 0 0 0 /0 0 0 0 0 /", {"bdPassStar", "bkPlStar"}),
    ("bkNoStar", "1 1 0 0 /1 1 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 0 /0 1 0 0 0 /"
                 "0 0 0 0 0 /0 0 0 0 0 /", {"bkNoStar", "bkPlStar"}),
    ("bkNotSymSt", "1 0 0 0 /1 1 0 0 /0 1 0 0 /0 0 0 0 /0 0 0 0 /1 1 0 0 0 /1 0 0 0 0 /"
                   "1 1 0 0 0 /0 0 0 0 0 /", {"bkNotSymSt", "bkPlStar"}),
    ("bkPlStar", "1 0 0 0 /1 1 0 0 /0 1 0 0 /1 1 0 0 /1 1 0 0 /1 1 0 0 0 /1 0 0 0 0 /"
                 "0 1 0 0 0 /1 0 0 0 0 /", {"bkPlStar"}),
    (None, "1 0 0 1 /1 1 0 1 /0 1 0 1 /1 1 0 0 /1 1 0 0 /1 1 1 1 1 /1 0 1 1 1 /0 1 1 1 1 /"
           "1 0 1 1 1 /", set()),
]


def rows_of(text: str, n: int = 5, holes: frozenset = frozenset({(0, 4)})) -> tuple[str, ...]:
    lines = [line.split() for line in text.strip("/").split("/")]
    right, down = lines[:n], lines[n:]

    def char(r: int, c: int) -> str:
        if (r, c) in holes:
            return "#"
        on = [("R", c == n - 1 or (r, c + 1) in holes or right[r][c] in "12"),
              ("D", r == n - 1 or (r + 1, c) in holes or down[r][c] in "12")]
        return CHARS["".join(d for d, b in on if b)]
    return tuple("".join(char(r, c) for c in range(n)) for r in range(n))


@pytest.mark.parametrize("code, text, expected", SCRIPT_ANSWERS, ids=[str(a[0]) for a in SCRIPT_ANSWERS])
def test_pzprjs_script_wrong_answers(code, text, expected):
    found = codes(puzzle(SCRIPT), rows_of(text))
    assert found == expected and (code is None or code in found)


def test_pzprjs_script_url_and_solution():
    url = "https://puzz.link/p?tentaisho/5/5/6fl94fi65en8dbf10000"
    p = parse_url(url)
    assert p == puzzle(SCRIPT)
    # pzprjs wrote its dots black and white; we read dots and write them white.
    assert to_url(p) == "https://puzz.link/p?tentaisho/5/5/6el84ei64en8cae10000"
    assert parse_url(to_url(p)) == p
    res = check(p)
    assert res.verdict.value == "unique" and res.solutions[0].rows == rows_of(SCRIPT_ANSWERS[-1][1])


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: each dot's cells are its own; cells in reading order each take
# a dot whose mirror image of the cell is a cell that is free or the dot's (both are
# taken together); at the end every dot's cells must hold the cells the dot touches and
# be edge-connected. Each assignment is one division.

def enumerate_divisions(rows: int, cols: int, grid: list[list]) -> int:
    dots = [(2 * r + v // 2, 2 * c + v % 2) for r in range(rows) for c in range(cols)
            if isinstance(v := grid[r][c], int)]
    owner: dict = {}
    for k, (pr, pc) in enumerate(dots):
        for r in {pr // 2, (pr + 1) // 2}:
            for c in {pc // 2, (pc + 1) // 2}:
                if owner.get((r, c), k) != k:
                    return 0
                owner[(r, c)] = k
    cells = [(r, c) for r in range(rows) for c in range(cols)]

    def connected(k: int) -> bool:
        mine = {x for x, o in owner.items() if o == k}
        start = next(iter(mine))
        seen, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for y in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if y in mine and y not in seen:
                    seen.add(y)
                    todo.append(y)
        return seen == mine

    def go(i: int) -> int:
        while i < len(cells) and cells[i] in owner:
            i += 1
        if i == len(cells):
            ok = all(owner[(pr - r, pc - c)] == k for (r, c), k in owner.items()
                     for pr, pc in [dots[k]])
            return int(ok and all(connected(k) for k in range(len(dots))))
        x, total = cells[i], 0
        for k, (pr, pc) in enumerate(dots):
            m = (pr - x[0], pc - x[1])
            if not (0 <= m[0] < rows and 0 <= m[1] < cols) or owner.get(m, k) != k:
                continue
            fresh = m not in owner
            owner[x] = owner[m] = k
            total += go(i + 1)
            del owner[x]
            if fresh and m != x:
                del owner[m]
        return total
    return go(0)


def test_counts_match_an_independent_enumerator():
    rng = random.Random(5)
    seen = set()
    for _ in range(40):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4)])
        label = random_galaxies(rows, cols, rng, rng.choice([2, 4, 6]))
        grid: list[list] = [[None] * cols for _ in range(rows)]
        for k in {x for row in label for x in row}:
            mine = [(r, c) for r in range(rows) for c in range(cols) if label[r][c] == k]
            pr = min(x[0] for x in mine) + max(x[0] for x in mine)
            pc = min(x[1] for x in mine) + max(x[1] for x in mine)
            grid[pr // 2][pc // 2] = pr % 2 * 2 + pc % 2
        if rng.random() < 0.3:  # a dot moved or dropped: fewer or no divisions
            r, c = rng.randrange(rows), rng.randrange(cols)
            grid[r][c] = rng.choice([None, 0]) if grid[r][c] is not None else 0
        p = Puzzle("galaxies", rows, cols, tuple(map(tuple, grid)))
        expected = enumerate_divisions(rows, cols, grid)
        got = count(p, limit=1000)
        assert got.complete and len(got.solutions) == expected, grid
        seen.add(min(expected, 2))
    assert seen == {0, 1, 2}


# -- given borders, bad input, generation -----------------------------------------------

def test_a_question_mark_is_a_dot_somewhere_on_its_cell():
    # 1x3 with a '?' on r1c1: its centre or its right side, never the row's centre (r1c2).
    assert count(puzzle(["? . ."])).solutions == ()
    # 2x3 with a '?' on r1c2: the lower side of r1c2 is the whole grid's centre.
    assert [s.rows for s in count(puzzle([". ? .", ". . ."])).solutions] == [("..|", "__J")]
    # Two '?' on r1c1 and r1c2: the columns (both on their lower sides); the top row around
    # r1c1's right side would hold r1c2's dot too.
    assert [s.rows for s in count(puzzle(["? ?", ". ."])).solutions] == [("||", "JJ")]
    # The point of a dot is the clue generation switches: the answer shows it.
    p = puzzle([". ? .", ". . ."])
    v = GENRE.values(p, ("..|", "__J"), "a")
    assert GENRE.clue_value(p, v, (0, 1)) == 2
    assert codes(puzzle([". 0 .", ". . ."]), ("..|", "__J")) == {"bkNotSymSt"}
    with pytest.raises(InputError, match=r"a dot '\?' \(somewhere on its cell\) has no puzz.link URL"):
        to_url(p)


def test_bad_input():
    with pytest.raises(InputError, match=r"dot 4 is not 0-3 \(0 centre, 1 right side, 2 lower side, "
                                         r"3 lower right corner\)"):
        parse_text("galaxies 2x2\n4 .\n. .\n", "t.txt")
    with pytest.raises(InputError, match="the dot 1 of r1c2 lies on the grid's edge"):
        parse_text("galaxies 2x2\n. 1\n. .\n", "t.txt")
    with pytest.raises(InputError, match=r"unexpected character '\*' in the dots"):
        parse_url("https://puzz.link/p?tentaisho/2/2/*")
    with pytest.raises(InputError, match="unknown answer character 'x' at r1c1"):
        GENRE.parse_solution(puzzle(["0 .", ". ."]), ["x|", "_J"], "answer")


def test_generation_keeps_every_dot():
    got = generate_one(GenerateOptions(genre="galaxies", rows=6, cols=6).validate(), 3, 0)
    assert got is not None
    res = check(got.puzzle)
    assert res.verdict.value == "unique" and res.solutions[0] == got.solution
    found, _ = pieces(GENRE.values(got.puzzle, got.solution.rows, "a"), Walls(6, 6))
    dots = [x for x, v in got.puzzle.clues().items() if v is not None]
    assert len(dots) == len(found)

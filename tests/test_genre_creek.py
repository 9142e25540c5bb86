"""Creek on the kit: published janko.at puzzles (clues on the grid points), pzprjs's test
script, counts against an independent enumerator on small boards, answers of cells or of
points, bad input, the picture's clues on the points, generation."""
from __future__ import annotations

import random

import pytest

from enumerators import connected, grid_cells, shade_rows, subsets
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.janko import parse_janko
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.output.scene import CELL, Disc, picture
from pencilproof.puzzle import Puzzle

GENRE = get_genre("creek")
RECORDS = janko_lines("creek")


def points(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else t if t == "?" else int(t) for t in row.split())
                 for row in rows)
    return Puzzle("creek", len(grid), len(grid[0]), grid)


def answer(p: Puzzle, cells: list[str]) -> KitAnswer:
    return GENRE.parse_solution(p, cells, "test")


def flipped(rows: tuple[str, ...], r: int, c: int) -> KitAnswer:
    row = rows[r]
    return KitAnswer(rows[:r] + (row[:c] + ("." if row[c] == "#" else "#") + row[c + 1:],) + rows[r + 1:])


# -- 1. published puzzles ---------------------------------------------------------------

def test_janko_blocks_are_read_as_points_and_cells():
    # Janko 001: "size 10", a problem of 11 rows of 11 points ("- - 1 - ..."), a
    # solution of 10 rows of 10 cells ("x x - - - - x x x x").
    doc = janko_doc("creek", 0)
    assert (doc.puzzle.rows, doc.puzzle.cols) == (11, 11)
    assert doc.puzzle.grid[0][:3] == (None, None, 1) and doc.puzzle.grid[10][10] == 0
    assert doc.solution.rows[0] == "##....####." and doc.solution.rows[10] == "." * 11
    wide = janko_doc("creek", 6)  # "rows 10", "cols 15"
    assert (wide.puzzle.rows, wide.puzzle.cols) == (11, 16)


def test_answers_of_cells_or_of_points():
    p = points(["1 . .", ". . .", ". . ."])
    assert answer(p, ["#.", ".."]).rows == ("#..", "...", "...")
    assert answer(p, ["# .", ". ."]).rows == ("#..", "...", "...")
    assert answer(p, ["#..", "...", "..."]).rows == ("#..", "...", "...")


# -- 2. pzprjs test/script/creek.js -------------------------------------------------------
# puzz.link's Creek URL (4Cross) and pzprv3 (crosses, then cells) have no codec here yet,
# so the script's 7x7 crosses are written out as our points, and each answer's 6x6 cell
# block as our rows of cells: '#' copied, '+' (marked unshaded) and '.' written '.'.
SCRIPT = points([". 0 . . . 0 .", ". . . . 2 . .", ". . 2 2 . . .", "1 . . 1 . 2 .",
                 "1 . 4 . 3 . .", ". . . . . . .", ". . . . . . ."])
WRONG = [
    ("crShadeGt", ["##....", "......", "......", "......", "......", "......"]),
    ("cuDivide", ["......", "...#..", "###.##", "......", "......", "......"]),
    ("crShadeLt", ["......", "....#.", "....#.", ".##.#.", ".####.", "......"]),
]
RIGHT = ["......", ".####.", "....#.", "###.#.", ".####.", "......"]


@pytest.mark.parametrize("code, cells", WRONG)
def test_pzprjs_failcodes(code, cells):
    # reported in pzprjs's order (too many, connectivity, too few): its code is our first
    assert GENRE.verify(SCRIPT, answer(SCRIPT, cells))[0].code == code


def test_pzprjs_answer_is_the_unique_solution():
    res = check(SCRIPT)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == answer(SCRIPT, RIGHT)
    # pzprjs's empty answer (brNoShade: not begun) leaves every non-zero clue short
    codes = {v.code for v in GENRE.verify(SCRIPT, answer(SCRIPT, ["......"] * 6))}
    assert codes == {"crShadeLt"}


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every shading of the R x C cells whose unshaded cells are one
# piece (none at all counts as one); a clue at point (i, j) counts the shaded cells among
# (i-1, j-1), (i-1, j), (i, j-1), (i, j) that exist.

def shadings(rows: int, cols: int) -> list[frozenset]:
    cells = grid_cells(rows, cols)
    return [dark for dark in subsets(cells) if connected(set(cells) - dark)]


SHADINGS = {size: shadings(*size) for size in ((2, 3), (3, 3), (3, 4))}


def brute(p: Puzzle) -> set[tuple[str, ...]]:
    rows, cols = p.rows - 1, p.cols - 1
    out = set()
    for dark in SHADINGS[rows, cols]:
        if all(v == "?" or v == sum((r, c) in dark for r in (i - 1, i) for c in (j - 1, j))
               for (i, j), v in p.clues().items()):
            out.add(shade_rows(dark, p.rows, p.cols))
    return out


def random_boards(seed: int, n: int) -> list[Puzzle]:
    """Clues read off a random allowed shading (a share kept), or random clues."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        rows, cols = rng.choice([(2, 3), (3, 3), (3, 4)])
        dark = rng.choice(SHADINGS[rows, cols])
        grid: list[list] = [[None] * (cols + 1) for _ in range(rows + 1)]
        for i in range(rows + 1):
            for j in range(cols + 1):
                if rng.random() < 0.4:
                    near = [(r, c) for r in (i - 1, i) for c in (j - 1, j)
                            if 0 <= r < rows and 0 <= c < cols]
                    grid[i][j] = ("?" if rng.random() < 0.1 else rng.randint(0, len(near))
                                  if k % 3 == 0 else sum(x in dark for x in near))
        out.append(Puzzle("creek", rows + 1, cols + 1, tuple(map(tuple, grid))))
    return out


@pytest.mark.parametrize("p", random_boards(13, 24), ids=lambda b: str(b.grid))
def test_counts_match_the_enumerator(p):
    expected = brute(p)
    res = count(p, limit=len(expected) + 1)
    assert res.complete and {s.rows for s in res.solutions} == expected


def test_small_board_by_hand():
    # 1x2 cells (2x3 points): a 2 on the middle point of the top edge shades both cells
    # (and "no unshaded cell" is one piece); a 1 there shades either: two answers.
    assert [s.rows for s in count(points([". 2 .", ". . ."])).solutions] == [("##.", "...")]
    assert count(points([". 1 .", ". . ."])).count == 2


# -- 4. bad input -----------------------------------------------------------------------

GRID = '[[1,null,null],[null,null,null],[null,null,null]]'


@pytest.mark.parametrize("doc, message", [
    ('{"genre":"creek","rows":3,"cols":3,"grid":[[5,null,null],[null,null,null],[null,null,null]]}',
     "t.json:1:45: r1c1: clue 5 is out of range (0-4)"),
    ('{"genre":"creek","rows":3,"cols":3,"grid":[[2,null,null],[null,null,null],[null,null,null]]}',
     "t.json:1:43: r1c1: clue 2 is out of range (a point there has 1 cell around it)"),
    ("creek 1x3\n. . .\n",
     "t.json: a Creek of 1x3 grid points has no cell (its grid is the points: one more than "
     "the cells each way)"),
    ('{"genre":"creek","rows":3,"cols":3,"grid":' + GRID + ',"solution":["#.#","...","..."]}',
     "t.json:1:104: solution: answer row 1 marks a point of the grid's right edge, which is no "
     "cell (write '.' there, or only the cells)"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


def test_janko_problem_of_the_cells_size_is_refused():
    block = RECORDS[0]["janko"].replace("- - 1 - - - - - - - -\n", "")
    with pytest.raises(InputError) as e:
        parse_janko(block, "x.txt")
    assert str(e.value) == "x.txt:1:1: problem has 10 rows, expected 11 (the grid points of 10x10 cells)"


# -- 5. pictures and generation -------------------------------------------------------------

def test_picture_puts_clues_on_the_grid_points():
    scene = picture(points([". 2 .", ". . 0"]))
    discs = [s for s in scene.shapes if isinstance(s, Disc) and s.cls == "corner"]
    assert len(discs) == 2
    (x1, y1), (x2, y2) = sorted((d.cx, d.cy) for d in discs)
    assert (x2 - x1, y2 - y1) == (CELL, CELL)  # r1c2's and r2c3's top-left corners


def test_generate_unique_puzzles():
    got = generate_one(GenerateOptions(genre="creek", rows=7, cols=7), 2, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows
    assert got.solution.rows[-1] == "......." and all(row[-1] == "." for row in got.solution.rows)

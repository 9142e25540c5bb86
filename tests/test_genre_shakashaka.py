"""Shakashaka on the kit: published janko.at puzzles, pzprjs's test script (URL, pzprv3,
failcodes), counts against an independent enumerator on small boards, the white-region
rule's two faces, bad input, pictures, generation."""
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
from pencilproof.output.scene import Line, picture
from pencilproof.output.unicode import render_grid
from pencilproof.puzzle import Puzzle

GENRE = get_genre("shakashaka")
DATA = Path(__file__).parent / "data" / "janko" / "shakashaka.jsonl"
RECORDS = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]


def puzzle(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else t if t == "#" else int(t) for t in row.split())
                 for row in rows)
    return Puzzle("shakashaka", len(grid), len(grid[0]), grid)


def changed(rows: tuple[str, ...], r: int, c: int, k: int) -> KitAnswer:
    row = rows[r]
    other = [ch for ch in ".F7LJ" if ch != row[c]][k % 4]
    return KitAnswer(rows[:r] + (row[:c] + other + row[c + 1:],) + rows[r + 1:])


# -- 1. published puzzles ---------------------------------------------------------------

@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_janko_record_is_unique_with_its_published_solution(i):
    doc = parse_janko(RECORDS[i]["janko"], f"shakashaka.jsonl:{i + 1}")
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution
    assert GENRE.verify(doc.puzzle, doc.solution) == []
    free = [x for x in doc.puzzle.cells() if doc.puzzle[x] is None]
    for k, (r, c) in enumerate(random.Random(i).sample(free, 30)):  # any other answer fails
        assert GENRE.verify(doc.puzzle, changed(doc.solution.rows, r, c, k)), (r, c)


def test_janko_tokens():
    # Janko Shakashaka 001: "2 - - - - - - x" (x a black cell); solution "- nw ne - nw ne - -"
    # (each triangle named by its black corner).
    doc = parse_janko(RECORDS[0]["janko"], "shakashaka.jsonl:1")
    assert doc.puzzle.grid[0] == (2, None, None, None, None, None, None, "#")
    assert doc.solution.rows[0] == "2F7.F7.#"


def test_janko_five_is_a_black_cell_without_a_number():
    # Janko Shakashaka 061 (the sample's thirteenth record): "- 5 - - 3 - - - - 5". No cell
    # has five neighbours: janko.at writes 5 for a black cell without a number ("black
    # cells without a number may have any number of triangles beside them"), as pzprjs's
    # pzprv3 files do. The page was refused ("clue 5 is out of range").
    doc = parse_janko(RECORDS[12]["janko"], "shakashaka.jsonl:13")
    assert doc.puzzle.grid[0] == (None, "#", None, None, 3, None, None, None, None, "#")
    assert doc.solution.rows[0] == ".#F73F7..#"
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution


def test_a_numbered_black_cell_written_hash_is_the_same_answer():
    # An answer may write a numbered black cell '#' (it is black either way): the same
    # answer, so verified; a cell the puzzle leaves white changed is another one, rejected.
    doc = parse_janko(RECORDS[1]["janko"], "shakashaka.jsonl:2")
    (r, c), n = next((x, v) for x, v in doc.puzzle.clues().items() if isinstance(v, int))
    rows = list(doc.solution.rows)
    rows[r] = rows[r][:c] + "#" + rows[r][c + 1:]
    assert GENRE.parse_solution(doc.puzzle, rows, "a") == doc.solution
    assert GENRE.verify(doc.puzzle, KitAnswer(tuple(rows))) == []
    rows[r] = rows[r][:c] + "F" + rows[r][c + 1:]
    with pytest.raises(InputError) as e:
        GENRE.parse_solution(doc.puzzle, rows, "a")
    assert str(e.value) == f"a: answer character 'F' at r{r + 1}c{c + 1}, where the puzzle's given is '{n}'"


# -- 2. pzprjs test/script/shakashaka.js --------------------------------------------------------
# url 6/6/cgbhdhegdrb; each answer is the second block of rows of the script's pzprv3
# string, pzprjs's triangles 2 3 4 5 (black corner bottom-left, bottom-right, top-right,
# top-left) written L J 7 F, '+' and '.' written '.', the numbered black cells copied.
SCRIPT = puzzle(["2 . . . 1 .", ". . . 3 . .", ". . 4 . . .", "3 . . . . .", ". . . . . .",
                 ". . . 1 . ."])
PZPR = {"2": "L", "3": "J", "4": "7", "5": "F", "+": ".", ".": "."}


def pzpr_answer(text: str, p: Puzzle = SCRIPT) -> KitAnswer:
    rows = [row.split() for row in text.strip("/").split("/")]
    return KitAnswer(tuple("".join(str(p.grid[r][c]) if p.grid[r][c] is not None else PZPR[t]
                                   for c, t in enumerate(row)) for r, row in enumerate(rows)))


# the third cuNotRectx answer is for another board: black cells (pzprjs's 5) at r2c6, r6c4
OTHER = puzzle(["2 . . . 1 .", ". . . 3 . #", ". . 4 . . .", "3 . . . . .", ". . . . . .",
                ". . . # . ."])
WRONG = [
    (SCRIPT, "nmTriangleGt",
     ". 5 4 . . . /5 . 3 . . . /2 3 . . . . /. . . . . . /. . . . . . /. 2 3 . 2 3 /"),
    (SCRIPT, "cuNotRectx", ". 5 4 . . . /5 . 3 . . . /2 3 . . . . /. . . . . . /. . . . . . /. . . . 2 3 /"),
    (OTHER, "cuNotRectx", ". 5 4 . . . /5 . 3 . . . /2 3 . . 5 4 /. 5 4 5 . 3 /5 . 3 2 . 4 /2 3 . . 2 3 /"),
    (SCRIPT, "cuNotRectx", ". 5 4 . . . /5 . 3 . 5 4 /2 3 . 5 5 3 /. 5 4 2 3 . /5 . 3 . 5 4 /2 3 . . 2 3 /"),
    (SCRIPT, "nmTriangleGt",
     ". 5 4 . . . /5 . 3 . . . /2 3 . . 5 4 /. 5 4 5 . 3 /5 . 3 2 . 4 /2 3 . . 2 3 /"),
]
RIGHT = ". 5 4 + . + /5 . 3 . 5 4 /2 3 . 5 . 3 /. 5 4 2 3 . /5 . 3 + 5 4 /2 3 + . 2 3 /"


def test_pzprjs_url_and_pzprv3():
    url = "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"
    assert parse_url(url) == SCRIPT and to_url(SCRIPT) == url
    text = ("pzprv3/shakashaka/6/6/2 . . . 1 . /. . . 3 . . /. . 4 . . . /3 . . . . . /"
            ". . . . . . /. . . 1 . . /" + RIGHT)
    (_, doc), = parse_documents(text, "script")
    assert doc.puzzle == SCRIPT and doc.solution == pzpr_answer(RIGHT)
    assert to_pzprv3(doc.puzzle, doc.solution, slashes=True) == text.replace("+", ".")


def test_black_cells_without_numbers():
    # pzprjs: '.' in a URL and '5' in a pzprv3 file (its qnum -2) is a black cell
    p = puzzle(["# . 1", ". . .", "2 . #"])
    assert to_url(p) == "https://puzz.link/p?shakashaka/3/3/.gbg7./"
    assert parse_url(to_url(p)) == p
    assert to_pzprv3(p).splitlines()[4:7] == ["5 . 1 ", ". . . ", "2 . 5 "]


@pytest.mark.parametrize("p, code, text", WRONG)
def test_pzprjs_failcodes(p, code, text):
    # pzprjs's order is ours (too many, rectangles, too few): its code is our first
    assert GENRE.verify(p, pzpr_answer(text, p))[0].code == code


def test_pzprjs_answer_is_the_unique_solution():
    res = check(SCRIPT)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == pzpr_answer(RIGHT)
    # the script's nmTriangleLt answer: a 2 at r6c4 (not 1) with one triangle beside it
    p = puzzle(["2 . . . 1 .", ". . . 3 . .", ". . 4 . . .", "3 . . . . .", ". . . . . .",
                ". . . 2 . ."])
    wrong = pzpr_answer(". 5 4 + . + /5 . 3 . 5 4 /2 3 . 5 . 3 /. 5 4 2 3 + /5 . 3 + 5 4 /2 3 . . 2 3 /", p)
    assert [v.code for v in GENRE.verify(p, wrong)] == ["nmTriangleLt"]
    # brNoTriangle (an empty board, nothing drawn) checks that an answer was begun: the
    # empty answer of an empty board is one white rectangle here
    assert GENRE.verify(puzzle([". . ."] * 2), KitAnswer(("...", "..."))) == []


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every white cell holds nothing or a triangle in one of its four
# corners; each cell is cut by its diagonals into four quarters (top, right, bottom,
# left); a triangle blackens the two quarters at its corner. White quarters sharing an
# edge (inside a cell, or across a cell side) are one region, and a region is a rectangle
# when it is exactly the quarters inside its upright or its 45-degree bounding box.

QUARTER_CORNERS = {"t": ((0, 0), (1, 0)), "r": ((1, 0), (1, 1)), "b": ((0, 1), (1, 1)),
                   "l": ((0, 0), (0, 1))}  # (x, y) offsets of a quarter's outer side
BLACK = {"F": "tl", "7": "tr", "L": "bl", "J": "br", ".": ""}
NEXT = {"t": "rl", "r": "tb", "b": "rl", "l": "tb"}
ACROSS = {"t": ((-1, 0), "b"), "b": ((1, 0), "t"), "l": ((0, -1), "r"), "r": ((0, 1), "l")}


def centroid(r: int, c: int, q: str) -> tuple[float, float]:
    (x1, y1), (x2, y2) = QUARTER_CORNERS[q]
    return (c + (0.5 + x1 + x2) / 3, r + (0.5 + y1 + y2) / 3)


FRAMES = (lambda x, y: (x, y), lambda x, y: (x + y, x - y))


def rectangles_only(rows: int, cols: int, state: dict) -> bool:
    white = {(r, c, q) for (r, c), ch in state.items() for q in "trbl" if q not in BLACK[ch]}
    seen: set = set()
    for start in sorted(white):
        if start in seen:
            continue
        region, todo = {start}, [start]
        while todo:
            r, c, q = todo.pop()
            (dr, dc), q2 = ACROSS[q]
            for y in [(r, c, p) for p in NEXT[q]] + [(r + dr, c + dc, q2)]:
                if y in white and y not in region:
                    region.add(y)
                    todo.append(y)
        seen |= region
        pts = [(c + 0.5, r + 0.5) for r, c, _ in region] + [
            (c + dx, r + dy) for r, c, q in region for dx, dy in QUARTER_CORNERS[q]]
        fits = False
        for k, f in enumerate(FRAMES):
            us, vs = zip(*(f(*p) for p in pts))
            # (a box of another size cannot be the region: a quick test first; quarters
            # beyond the grid count, never white, so that a box cannot leave it)
            if len(region) != (2 if k else 4) * (max(us) - min(us)) * (max(vs) - min(vs)):
                continue
            box = {x for x in ALL_QUARTERS if min(us) < f(*centroid(*x))[0] < max(us)
                   and min(vs) < f(*centroid(*x))[1] < max(vs)}
            fits |= box == region
        if not fits:
            return False
    return True


ALL_QUARTERS = [(r, c, q) for r in range(-2, 6) for c in range(-2, 6) for q in "trbl"]


def brute(p: Puzzle) -> set[tuple[str, ...]]:
    free = [x for x in p.cells() if p[x] is None]
    out = set()
    for chars in itertools.product(".F7LJ", repeat=len(free)):
        state = dict(zip(free, chars))
        if any(isinstance(v, int) and v != sum(state.get((r + dr, c + dc), ".") != "."
                                               for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
               for (r, c), v in p.clues().items()):
            continue
        if rectangles_only(p.rows, p.cols, state):
            out.add(tuple("".join(state.get((r, c)) or str(p.grid[r][c]) for c in range(p.cols))
                          for r in range(p.rows)))
    return out


def random_boards(seed: int, n: int) -> list[Puzzle]:
    """Random black cells that admit an answer (by the enumerator), numbered as one of
    their answers shows (a share of them), or at random."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        rows, cols = rng.choice([(2, 2), (2, 3), (3, 2), (3, 3)])
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        black = rng.sample(cells, max(1, len(cells) - 5) + rng.randint(0, 1))
        blank = Puzzle("shakashaka", rows, cols, tuple(
            tuple("#" if (r, c) in black else None for c in range(cols)) for r in range(rows)))
        answers = sorted(brute(blank))
        if not answers:
            continue
        rows_ = rng.choice(answers)
        clues = {}
        for r, c in black:
            near = sum(0 <= y < rows and 0 <= x < cols and rows_[y][x] in "F7LJ"
                       for y, x in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)))
            clues[(r, c)] = (near if rng.random() < 0.6 else rng.randint(0, 2)) \
                if rng.random() < 0.7 else "#"
        out.append(blank.with_clues(clues))
    return out


@pytest.mark.parametrize("p", random_boards(5, 12), ids=lambda b: str(b.grid))
def test_counts_match_the_enumerator(p):
    expected = brute(p)
    res = count(p, limit=len(expected) + 1)
    assert res.complete and {s.rows for s in res.solutions} == expected


def test_small_boards_by_hand():
    # 2x2 white: all white, or a diamond (F7 over LJ)
    assert {s.rows for s in count(puzzle([". ."] * 2)).solutions} == {("..", ".."), ("F7", "LJ")}
    # a 1x2 strip: no diamond fits; only the white rectangle
    assert [s.rows for s in count(puzzle([". ."])).solutions] == [("..",)]


def test_regions_that_are_no_rectangles():
    p = puzzle([". . .", ". # .", ". . ."])  # a ring around a black cell
    ring = GENRE.verify(p, KitAnswer(("...", ".#.", "...")))
    assert [(v.code, len(v.cells)) for v in ring] == [("cuNotRectx", 8)]
    assert GENRE.verify(puzzle([". ."]), KitAnswer(("F.",)))[0].code == "cuNotRectx"


# -- 4. bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    ('{"genre":"shakashaka","rows":1,"cols":2,"grid":[[5,null]]}',
     "t.json:1:50: r1c1: clue 5 is out of range (0-4)"),
    ('{"genre":"shakashaka","rows":1,"cols":2,"grid":[["w",null]]}',
     "t.json:1:50: r1c1: unknown token 'w' (expected '.', '#' or a number 0-4)"),
    ('{"genre":"shakashaka","rows":1,"cols":2,"grid":[[1,null]],"solution":["1x"]}',
     "t.json:1:70: solution: unknown answer character 'x' at r1c2 (expected one of F 7 L J "
     "(black corner top-left, top-right, bottom-left, bottom-right) or . white)"),
    ('{"genre":"shakashaka","rows":1,"cols":2,"grid":[[1,null]],"solution":["FF"]}',
     "t.json:1:70: solution: answer character 'F' at r1c1, where the puzzle's given is '1'"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


# -- 5. pictures and generation -------------------------------------------------------------

def test_pictures_draw_triangles():
    p = puzzle([". .", ". ."])
    sol = KitAnswer(("F7", "LJ"))
    lines = [s for s in picture(p, sol).shapes if isinstance(s, Line) and s.width == 2.5]
    assert len(lines) == 4 * 18
    assert render_grid(p, sol, ascii=False) == [" ◤ ◥", " ◣ ◢"]
    assert render_grid(p, sol, ascii=True) == [" F 7", " L J"]
    assert GENRE.parse_solution(p, ["◤◥", "◣◢"], "t") == sol  # the Unicode triangles are read


def test_generate_unique_puzzles():
    got = generate_one(GenerateOptions(genre="shakashaka", rows=6, cols=6), 2, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

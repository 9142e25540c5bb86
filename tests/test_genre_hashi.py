"""Hashiwokakero: the Janko puzzles' published solutions, pzprjs's test script (URL and
failcodes), a brute-force count on small boards, input errors, generation."""
from __future__ import annotations

import itertools
import json
import random

import pytest

from janko_data import janko_doc
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url
from pencilproof.formats.pzprv3 import parse_pzprv3
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.generator.minimize import minimize
from pencilproof.puzzle import Puzzle, Solution

HASHI = get_genre("hashi")


def test_janko_solution_tokens():
    """Janko's 1 / 2 are bridges across a cell, a / b bridges down, - nothing (islands
    are - in the solution too: their numbers are in the problem)."""
    doc = janko_doc("hashi", 11)  # Hashi 012, 5x5
    assert doc.puzzle == _puzzle(("3.3.3", ".....", "4..1.", "..2.3", "2..1."))
    assert doc.solution.rows == ("3-3=3", "H...|", "4--1|", "|.2=3", "2--1.")


# pzprjs test/script/hashikake.js: the URL and its wrong answers. Translated by hand from
# the pzprv3 data: after the 5 rows of numbers come 5 rows of 4 borders between
# horizontal neighbours, then 4 rows of 5 borders between vertical neighbours; a border's
# value is its bridge count (-1 a cross mark: no bridge). A run of counted borders
# between two islands is written on the empty cells it crosses: - = across, | H down.
URL = "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3"
GRID = ("4.2..", ".3..2", "3....", ".3.1.", "3.4.3")
PZPRJS = [
    ("brNoLine", GRID),
    ("nmLineGt", ("4=2..", "H3..2", "3....", "H3.1.", "3.4.3")),
    ("lcDivided", ("4=2..", "H3--2", "3|...", "|3.1.", "3.4.3")),
    ("nmLineLt", ("4=2..", "H3--2", "3|..|", "|3-1|", "3-4-3")),
    (None, ("4=2..", "H3--2", "3H..|", "|3-1|", "3=4=3")),
]


#: The script's files (the puzzle, then its borders), in pzprjs's order after brNoLine.
HEAD = "pzprv3/hashikake/5/5/4 . 2 . . /. 3 . . 2 /3 . . . . /. 3 . 1 . /3 . 4 . 3 /"
FILES = [
    "2 2 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /2 0 0 0 0 /2 0 0 0 0 /2 0 0 0 0 /2 0 0 0 0 /",
    "2 2 0 0 /0 1 1 1 /-1 0 0 0 /0 0 0 0 /0 0 0 0 /2 0 0 0 0 /2 1 0 0 0 /1 1 0 0 0 /1 0 0 0 0 /",
    "2 2 0 0 /0 1 1 1 /-1 0 0 0 /0 1 1 0 /1 1 1 1 /2 0 0 0 0 /2 1 0 0 1 /1 1 0 0 1 /1 0 0 0 1 /",
    "2 2 0 0 /0 1 1 1 /-1 0 -1 -1 /0 1 1 -1 /2 2 2 2 /2 0 0 0 0 /2 2 0 0 1 /1 2 0 -1 1 /1 0 0 -1 1 /",
]


@pytest.mark.parametrize("i", range(4))
def test_pzprjs_files_read_as_translated_by_hand(i):
    doc = parse_pzprv3(HEAD + FILES[i], "script")
    assert doc.puzzle == _puzzle(GRID) and doc.solution.rows == PZPRJS[i + 1][1]


def _puzzle(rows) -> Puzzle:
    return Puzzle("hashi", len(rows), len(rows[0]), tuple(
        tuple(None if ch == "." else "?" if ch == "?" else int(ch) for ch in row) for row in rows))


def test_pzprjs_url_decodes():
    assert parse_url(URL) == _puzzle(GRID)


@pytest.mark.parametrize("code, rows", PZPRJS)
def test_pzprjs_failcodes(code, rows):
    got = HASHI.verify(_puzzle(GRID), Solution(rows))
    assert (got[0].code if got else None) == code


def test_pzprjs_answer_is_the_unique_solution():
    res = check(_puzzle(GRID))
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == PZPRJS[-1][1]


@pytest.mark.parametrize("rows, expected", [
    # bridges that run off the grid (only our format can say so)
    (("-1...", ".....", "....."), [("lnDeadEnd", ((0, 0),))]),
    (("1..1|", "....1", "....."),
     [("lnDeadEnd", ((0, 4),)), ("lcDivided", ((0, 3), (1, 4))), ("nmLineLt", ((0, 0),)),
      ("nmLineLt", ((0, 3),))]),
])
def test_own_codes_and_cells(rows, expected):
    puzzle = _puzzle(tuple("".join(ch if ch.isdigit() else "." for ch in row) for row in rows))
    got = HASHI.verify(puzzle, Solution(rows))
    assert [(v.code, v.cells) for v in got] == expected


@pytest.mark.parametrize("rows, message", [
    # a bridge that stops in an empty cell, or a crossing: two through cells side by side
    # that disagree on the bridges between them (the answer contradicts itself)
    (("1-.1.", "....."), "r1c3: '.' and '-' at r1c2 disagree on the bridges between them"),
    (("1=.1.", "....."), "r1c3: '.' and '=' at r1c2 disagree on the bridges between them"),
    (("1.|1.", "....."), "r2c3: '.' and '|' at r1c3 disagree on the bridges between them"),
    (("..1..", "..|..", "1-|-1", "..|..", "..1.."),
     "r3c3: '|' and '-' at r3c2 disagree on the bridges between them"),
    # a '.' between two '-': the atoms they share alone would read it as a '-'
    (("1-.-1",), "r1c3: '.' and '-' at r1c2 disagree on the bridges between them"),
])
def test_answers_that_contradict_themselves(rows, message):
    puzzle = _puzzle(tuple("".join(ch if ch.isdigit() else "." for ch in row) for row in rows))
    with pytest.raises(InputError) as err:
        HASHI.parse_solution(puzzle, list(rows), "a.txt")
    assert str(err.value) == "a.txt: " + message
    assert [(v.code, v.message) for v in HASHI.verify(puzzle, Solution(rows))] == [("anBadChar", message)]


def test_janko_answer_with_a_gap_in_a_bridge():
    """Hashi 329's answer with r8c12 (inside a bridge of nine cells) made '.' read as the
    published answer: both neighbours' claims set the atoms the '.' shares with them."""
    doc = janko_doc("hashi", 12)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution
    rows = list(doc.solution.rows)
    assert rows[7][10:13] == "---"
    rows[7] = rows[7][:11] + "." + rows[7][12:]
    assert [v.message for v in HASHI.verify(doc.puzzle, Solution(tuple(rows)))] == [
        "r8c12: '.' and '-' at r8c11 disagree on the bridges between them"]


def test_question_mark_islands_take_any_number():
    puzzle = _puzzle(("?.?", "...", "?.."))
    res = count(puzzle, limit=None)
    assert res.complete
    # Both pairs are joined (else not connected), each by one or two bridges.
    assert {s.rows for s in res.solutions} == {
        (f"?{a}?", f"{b}..", "?..") for a in "-=" for b in "|H"}


# -- brute force ---------------------------------------------------------------------------
def _root(parent: dict, x: tuple) -> tuple:
    while parent[x] != x:
        x = parent[x]
    return x


def _enumerate(grid: tuple[tuple, ...]) -> set[tuple[str, ...]]:
    """Every answer of a board, by trying 0, 1 or 2 bridges on each pair of islands that
    see each other across at least one empty cell (plain Python)."""
    rows, cols = len(grid), len(grid[0])
    isl = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] is not None]
    pairs = []
    for r, c in isl:
        for dr, dc, ch in ((0, 1, "h"), (1, 0, "v")):
            y, x, between = r + dr, c + dc, []
            while y < rows and x < cols and grid[y][x] is None:
                between.append((y, x))
                y, x = y + dr, x + dc
            if between and y < rows and x < cols:
                pairs.append(((r, c), (y, x), ch, between))
    out = set()
    for counts in itertools.product((0, 1, 2), repeat=len(pairs)):
        used: dict = {}
        ok = any(counts)
        for (_, _, ch, between), n in zip(pairs, counts):
            if n:
                for x in between:
                    ok = ok and x not in used
                    used[x] = {"h": "-=", "v": "|H"}[ch][n - 1]
        total = {x: 0 for x in isl}
        parent = {x: x for x in isl}
        for (a, b, _, _), n in zip(pairs, counts):
            total[a] += n
            total[b] += n
            if n:
                parent[_root(parent, a)] = _root(parent, b)
        ok = ok and all(grid[r][c] == "?" or grid[r][c] == total[(r, c)] for r, c in isl)
        ok = ok and len({_root(parent, x) for x in isl}) == 1
        if ok:
            out.add(tuple("".join(str(grid[r][c]) if grid[r][c] is not None else used.get((r, c), ".")
                                  for c in range(cols)) for r in range(rows)))
    return out


def _bridges_at(rows: tuple[str, ...], r: int, c: int) -> int:
    out = 0
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        if 0 <= r + dr < len(rows) and 0 <= c + dc < len(rows[0]):
            ch = rows[r + dr][c + dc]
            out += {"-": 1, "=": 2}.get(ch, 0) if dr == 0 else {"|": 1, "H": 2}.get(ch, 0)
    return out


def _random_board(rng: random.Random) -> tuple[tuple, ...]:
    """3 to 6 islands, apart, that some network joins; mostly the numbers of one of its
    answers (a few left '?'), else random numbers."""
    rows, cols = rng.choice([(3, 3), (3, 4), (4, 4), (4, 5)])
    while True:
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        rng.shuffle(cells)
        want, isl = rng.randint(3, 6), []
        for x in cells:
            if len(isl) < want and all(abs(x[0] - y[0]) + abs(x[1] - y[1]) > 1 for y in isl):
                isl.append(x)
        grid = [[None] * cols for _ in range(rows)]
        for r, c in isl:
            grid[r][c] = "?"
        answers = sorted(_enumerate(tuple(map(tuple, grid))))
        if answers:
            break
    pick = rng.choice(answers)
    numbered = rng.random() < 0.75
    for r, c in isl:
        if rng.random() < 0.8:
            grid[r][c] = _bridges_at(pick, r, c) if numbered else rng.randint(1, 4)
    return tuple(map(tuple, grid))


@pytest.mark.parametrize("seed", range(40))
def test_brute_force(seed):
    grid = _random_board(random.Random(seed))
    expected = _enumerate(grid)
    res = count(Puzzle("hashi", len(grid), len(grid[0]), grid), limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == expected


# -- input errors --------------------------------------------------------------------------
@pytest.mark.parametrize("token, message", [
    (9, "clue 9 is out of range (1-8)"),
    ("0", "clue 0 is out of range (1-8)"),
    ("x", "unknown token 'x' (expected '.', '?' or a number 1-8)"),
    (True, "a clue must be a number, got True"),
])
def test_bad_clues(token, message):
    with pytest.raises(InputError) as e:
        HASHI.parse_clue(token, "f.txt:2: r1c3")
    assert str(e.value) == f"f.txt:2: r1c3: {message}"


def test_touching_islands_are_refused():
    text = json.dumps({"genre": "hashi", "rows": 3, "cols": 3,
                       "grid": [[1, None, 2], [None, None, 3], [None, None, None]]})
    (_, got), = parse_documents(text, "p.json")
    assert isinstance(got, InputError)
    assert str(got) == ("p.json:1:50: islands r1c3 and r2c3 touch (a bridge between them "
                        "has no cell to be written in)")


@pytest.mark.parametrize("rows, message", [
    (("4x2..", "H3--2", "3H..|", "|3-1|", "3=4=3"),
     "a.txt: unknown answer character 'x' at r1c2 (expected . - | = H)"),
    (("5=2..", "H3--2", "3H..|", "|3-1|", "3=4=3"),
     "a.txt: answer character '5' at r1c1, where the puzzle's given is '4'"),
])
def test_bad_answers(rows, message):
    with pytest.raises(InputError) as e:
        HASHI.parse_solution(_puzzle(GRID), rows, "a.txt")
    assert str(e.value) == message


# -- generation ------------------------------------------------------------------------------
def test_generate_and_minimize():
    got = generate_one(GenerateOptions(genre="hashi", rows=7, cols=7), 5, 0)
    assert got is not None
    assert HASHI.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows
    # The published pzprjs puzzle with every number: minimizing turns some into '?'.
    full = _puzzle(GRID)
    m = minimize(full)
    assert m.removed and all(m.minimized[c] == "?" for c in m.removed)
    assert check(m.minimized).solutions[0].rows == tuple(
        "".join("?" if (r, c) in m.removed else ch for c, ch in enumerate(row))
        for r, row in enumerate(PZPRJS[-1][1]))


def test_generate_symmetric_layout():
    got = generate_one(GenerateOptions(genre="hashi", rows=7, cols=7, symmetric=True), 2, 0)
    assert got is not None and HASHI.verify(got.puzzle, got.solution) == []
    islands = set(got.puzzle.clues())
    assert islands == {(6 - r, 6 - c) for r, c in islands}
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows


def test_repair_splits_a_bridge_where_the_answers_differ():
    """Only r1c3 is a bridge cell of the answer where the other differs and no island
    touches: a new '?' island there splits the bridge; the answer stays valid."""
    hooks = HASHI.generator
    answer = KitAnswer(("?---?", "|...|", "|...|", "|...|", "?---?"),
                       _puzzle(("?...?", ".....", ".....", ".....", "?...?")))
    other = Solution(("?===?", "|...|", "|...|", "|...|", "?---?"))
    new = hooks.repair(answer, other, random.Random(1), None)
    assert new.rows == ("?-?-?", "|...|", "|...|", "|...|", "?---?")
    assert new.layout == _puzzle(("?.?.?", ".....", ".....", ".....", "?...?"))
    assert HASHI.verify(new.layout, new) == []

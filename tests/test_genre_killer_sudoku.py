"""Killer Sudoku on the kit: the twelve published janko.at puzzles, counts against an
independent enumerator of 4x4 Killer Sudokus, the cage rules' codes, bad input, generation."""
from __future__ import annotations

import json
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

GENRE = get_genre("killer_sudoku")
RECORDS = janko_lines("killer_sudoku")


def test_janko_reading():
    """Killer 001: sums at the cages' first cells, Janko's cage numbers as regions."""
    doc = janko_doc("killer_sudoku", 0)
    assert doc.puzzle.grid == ((9, None, 8, 3), (None, 7, None, None), (4, None, None, 9),
                               (None,) * 4)
    assert doc.puzzle.param("areas") == ((0, 0, 1, 2), (0, 3, 1, 2), (4, 3, 1, 5), (4, 3, 5, 5))
    assert doc.solution.rows == ("2341", "4132", "3214", "1423")
    assert [janko_doc("killer_sudoku", i).puzzle.rows for i in range(12)] == [4] * 10 + [6, 6]


def _puzzle(sums: dict, cages) -> Puzzle:
    grid = tuple(tuple(sums.get((r, c)) for c in range(len(cages))) for r in range(len(cages)))
    return Puzzle("killer_sudoku", len(cages), len(cages), grid).with_params(areas=cages)


CAGES = ((0, 0, 1, 1), (2, 3, 3, 1), (2, 4, 5, 5), (6, 4, 7, 7))
SUMS = {(0, 0): 3, (0, 2): 9, (1, 0): 7, (1, 1): 5, (2, 1): 4, (2, 2): 3, (3, 0): 2, (3, 2): 7}


def test_codes_and_cells():
    board = _puzzle(SUMS, CAGES)
    assert GENRE.verify(board, Solution(("1243", "3412", "4321", "2134"))) == []
    got = GENRE.verify(board, Solution(("1143", "3412", "4321", "2.34")))
    assert [(v.code, v.cells) for v in got] == [
        ("bkDupNum", ((0, 0), (0, 1))), ("nmDupRow", ((0, 0), (0, 1))),
        ("cgDupNum", ((0, 0), (0, 1))), ("ceNoNum", ((3, 1),)),
        ("cgSumNe", ((0, 0), (0, 1)))]


# -- brute force ---------------------------------------------------------------------------
#: Every 4x4 Sudoku with 2x2 boxes (288): the Latin squares whose boxes hold 1-4 each.
SUDOKUS = [rows for rows in latin_squares(4)
           if all(len({rows[r + i][c + j] for i in (0, 1) for j in (0, 1)}) == 4
                  for r in (0, 2) for c in (0, 2))]


def _answers(cages, sums) -> set[tuple[str, ...]]:
    out = set()
    for rows in SUDOKUS:
        groups: dict = {}
        for r in range(4):
            for c in range(4):
                groups.setdefault(cages[r][c], []).append(rows[r][c])
        if any(len(set(g)) < len(g) for g in groups.values()):
            continue
        if all(sum(groups[cages[r][c]]) == s for (r, c), s in sums.items()):
            out.add(tuple("".join(map(str, row)) for row in rows))
    return out


def test_the_4x4_count():
    assert len(SUDOKUS) == 288


@pytest.mark.parametrize("seed", range(12))
def test_brute_force(seed):
    rng = random.Random(seed)
    cages = random_cages(4, 4, rng)
    first: dict = {}
    for r in range(4):
        for c in range(4):
            first.setdefault(cages[r][c], (r, c))
    pick = rng.choice(SUDOKUS)
    sums = {}
    for k, (r, c) in first.items():
        if rng.random() < 0.6:
            total = sum(pick[y][x] for y in range(4) for x in range(4) if cages[y][x] == k)
            sums[(r, c)] = total + (rng.choice((0, 0, 0, 1)) if seed % 4 == 0 else 0)
    res = count(_puzzle(sums, cages), limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(cages, sums)


# -- input errors --------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "killer_sudoku", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


EMPTY4 = [[None] * 4 for _ in range(4)]


@pytest.mark.parametrize("doc, message", [
    ({"rows": 4, "cols": 4, "grid": EMPTY4}, "p.json:1:58: a Killer Sudoku needs its cages ('areas')"),
    ({"rows": 4, "cols": 5, "grid": [[None] * 5] * 4, "areas": ["abcde"] * 4},
     "p.json:1:58: a Killer Sudoku is square, not 4x5"),
    ({"rows": 4, "cols": 4, "grid": [[3, 4, None, None]] + EMPTY4[1:], "areas": ["aabb"] * 4},
     "p.json:1:58: one cage holds 2 sums (r1c1, r1c2)"),
    ({"rows": 4, "cols": 4, "grid": EMPTY4, "areas": ["aaaa", "abbb", "bbbb", "bbbb"]},
     "p.json:1:58: a cage of 5 cells cannot hold different numbers 1-4"),
    ({"rows": 4, "cols": 4, "grid": [["x", None, None, None]] + EMPTY4[1:], "areas": ["aabb"] * 4},
     "p.json:1:60: r1c1: unknown token 'x' (expected '.' or a number)"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc) == message


def test_janko_boxes():
    """patternx is a box's width, patterny its height: a 6x6 block with patternx 2 and
    patterny 3 has boxes 3 tall and 2 wide, under which the published answer (for 2x3
    boxes) repeats a number in a box; a pattern that does not tile the grid is refused."""
    block = RECORDS[10]["janko"].replace("patternx 3", "patternx 2").replace("patterny 2", "patterny 3")
    (_, got), = parse_documents(json.dumps({"janko": block}), "k.json")
    assert got.puzzle.param("boxes") == (3, 2)
    assert janko_doc("killer_sudoku", 10).puzzle.param("boxes") is None  # 2x3: standard
    assert [v.code for v in GENRE.verify(got.puzzle, got.solution)][:1] == ["bkDupNum"]
    block = RECORDS[10]["janko"].replace("patternx 3", "patternx 4")
    (_, got), = parse_documents(json.dumps({"janko": block}), "k.json")
    assert isinstance(got, InputError)
    assert str(got).endswith("boxes of 2x4 do not tile a 6x6 grid")


def test_janko_diagonals():
    """'puzzle killer, diagonals' (Killer 197, record 13): both main diagonals hold 1-9 once.
    Without that rule the checker found a second answer (below); it repeats a number on
    each diagonal."""
    doc = janko_doc("killer_sudoku", 12)
    assert doc.puzzle.param("diagonals") is True
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution
    other = Solution(("184527396", "957643182", "263819745", "726984513", "391765824",
                      "845132679", "672398451", "438251967", "519476238"))
    assert GENRE.verify(doc.puzzle.with_params(diagonals=None), other) == []
    assert [(v.code, v.message) for v in GENRE.verify(doc.puzzle, other)] == [
        ("nmDupDiag", "a number repeats on a diagonal")] * 2  # both diagonals


# -- generation ------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="killer_sudoku", rows=4, cols=4), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows


def test_janko_answer_token_is_read_strictly():
    """A solution token that is no number (nor '-'/'.') is an error at its place, not an
    empty cell (the kit's token table once read it as one)."""
    rec = dict(janko_lines("killer_sudoku")[0])
    rec["janko"] = rec["janko"].replace("solution\n2 3", "solution\n2 ?", 1)
    (_, got), = parse_documents(json.dumps(rec), "killer_sudoku.jsonl:1")
    assert isinstance(got, InputError)
    assert str(got).endswith("janko:23:3: r1c2: unknown solution token '?' (expected a number, '-' or '.')")


def test_janko_dot_is_a_cell_without_a_sum():
    """'.' marks a cell without a sum as '-' does (janko.at's Sudoku pages use both)."""
    rec = dict(RECORDS[0])
    head, _, rest = rec["janko"].partition("problem\n")
    problem, _, tail = rest.partition("areas")
    rec["janko"] = head + "problem\n" + problem.replace("-", ".") + "areas" + tail
    (_, got), = parse_documents(json.dumps(rec), "k.json")
    assert got.puzzle == janko_doc("killer_sudoku", 0).puzzle

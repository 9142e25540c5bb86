"""Pipeline (janko.at) on the kit: twelve published pages (the first six, whose blocks
carry no line counts, and six with them), the counts of a count-less page read off its
solution, the rules' codes, counts against an independent enumerator of simple paths on
small boards, bad input, generation. (puzz.link has no such genre.)"""
from __future__ import annotations

import json
import random

import pytest

from enumerators import simple_paths
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("pipeline")


def test_janko_reading():
    """Pipeline 001: ends (s, n), a bend, a straight, and no counts in its block: every
    line's count is its solution's; 085: the counts of its clabels and rlabels."""
    doc = janko_doc("pipeline", 0)
    assert doc.puzzle.clues() == {(1, 4): "|", (2, 0): "v", (2, 2): "^", (3, 1): "7"}
    assert doc.solution.rows[3] == "L7FJ."
    assert doc.puzzle.param("left") == (2, 3, 4, 4, 2)
    assert doc.puzzle.param("top") == (2, 2, 4, 4, 3)
    doc = janko_doc("pipeline", 7)
    assert doc.puzzle.param("top") == (2, 8, 6, 5, 2, 7, 6, 4, 4, 4)
    assert doc.puzzle.param("left") == (5, 6, 5, 6, 8, 6, 3, 1, 5, 3)
    assert doc.puzzle[(5, 0)] == "v" and doc.puzzle[(9, 3)] == "<" and doc.puzzle[(0, 5)] == "-"


@pytest.mark.parametrize("i", range(12))
def test_published_pages_are_unique(i):
    doc = janko_doc("pipeline", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution


def test_a_count_less_page_without_its_solution():
    """Page 003 without its solution section: nothing to read the counts off, and its two
    ends alone admit other pipes (the published one among them)."""
    text = janko_lines("pipeline")[2]["janko"]
    bare = text[:text.index("solution")] + "end\n"
    (_, doc), = parse_documents(json.dumps({"janko": bare}), "003.json")
    assert doc.puzzle.param("top") is None and doc.puzzle.param("left") is None
    assert check(doc.puzzle).verdict is Verdict.MULTIPLE
    assert GENRE.verify(doc.puzzle, janko_doc("pipeline", 2).solution) == []


def _board(rows, cols, given, top=None, left=None) -> Puzzle:
    p = Puzzle("pipeline", rows, cols, tuple(tuple(given.get((r, c)) for c in range(cols))
                                             for r in range(rows)))
    return GENRE.with_labels(p, {**{("top", i): n for i, n in enumerate(top or ())},
                                 **{("left", i): n for i, n in enumerate(left or ())}})


def test_codes_and_cells():
    board = _board(2, 3, {(0, 0): ">", (1, 0): ">"}, top=(2, 2, 2))
    assert GENRE.verify(board, Solution((">-7", ">-J"))) == []
    got = GENRE.verify(board, Solution((">7.", ">J.")))
    assert [(v.code, v.cells, v.message) for v in got] == [
        ("exPipeNe", ((0, 2), (1, 2)), "column 3 does not have 2 cells of the pipe")]
    got = GENRE.verify(board, Solution((">-7", "|.|")))
    assert [v.code for v in got] == ["lnMismatch", "lnMismatch", "lcOnNum", "lnGiven", "lnGiven",
                                     "exPipeNe"]
    loop = _board(3, 3, {(0, 0): "v", (1, 0): "^"})
    got = GENRE.verify(loop, Solution(("v..", "^F7", ".LJ")))
    assert [(v.code, v.cells) for v in got] == [("lcIsolate", ((1, 1), (1, 2), (2, 1), (2, 2)))]


def test_a_page_changed_is_rejected_with_the_rule_s_code():
    """Page 085's solution against its puzzle with a given or a count changed."""
    doc = janko_doc("pipeline", 7)
    assert GENRE.verify(doc.puzzle, doc.solution) == []
    turned = doc.puzzle.with_clues({**doc.puzzle.clues(), (0, 5): "|"})
    assert [(v.code, v.cells) for v in GENRE.verify(turned, doc.solution)] == [("lnGiven", ((0, 5),))]
    labels = {("top", i): n for i, n in enumerate(doc.puzzle.param("top"))}
    labels.update({("left", i): n for i, n in enumerate(doc.puzzle.param("left"))})
    labels[("left", 7)] = 2
    got = GENRE.verify(GENRE.with_labels(doc.puzzle, labels), doc.solution)
    assert [(v.code, v.message) for v in got] == [("exPipeNe", "row 8 does not have 2 cells of the pipe")]


# -- brute force ---------------------------------------------------------------------------
_DIR = {(0, 1): "E", (0, -1): "W", (1, 0): "S", (-1, 0): "N"}
_PIECE = {frozenset("NS"): "|", frozenset("EW"): "-", frozenset("NE"): "L", frozenset("NW"): "J",
          frozenset("SW"): "7", frozenset("SE"): "F", frozenset("N"): "^", frozenset("S"): "v",
          frozenset("E"): ">", frozenset("W"): "<"}


def _rows(path, rows, cols) -> tuple[str, ...]:
    """A path's cells as answer rows (its own table of pieces, not the kit's)."""
    dirs: dict = {}
    for a, b in zip(path, path[1:]):
        dirs.setdefault(a, set()).add(_DIR[(b[0] - a[0], b[1] - a[1])])
        dirs.setdefault(b, set()).add(_DIR[(a[0] - b[0], a[1] - b[1])])
    return tuple("".join(_PIECE[frozenset(dirs[(r, c)])] if (r, c) in dirs else "."
                         for c in range(cols)) for r in range(rows))


@pytest.mark.parametrize("seed", range(10))
def test_brute_force(seed):
    """A random pipe between two cells of a 3x3 or 3x4 board: its two end pieces, now and
    then a piece of its middle, and the counts of some lines."""
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (3, 4)])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    a, b = rng.sample(cells, 2)
    paths = simple_paths(rows, cols, a, b)
    drawn = _rows(rng.choice(paths), rows, cols)
    given = {a: drawn[a[0]][a[1]], b: drawn[b[0]][b[1]]}
    if seed % 2:
        x = rng.choice([x for x in cells if drawn[x[0]][x[1]] in "|-LJ7F"] or [a])
        given[x] = drawn[x[0]][x[1]]
    top = [sum(row[c] != "." for row in drawn) if rng.random() < 0.5 else None for c in range(cols)]
    left = [sum(ch != "." for ch in row) if rng.random() < 0.5 else None for row in drawn]
    board = _board(rows, cols, given, top, left)
    want = {_rows(p, rows, cols) for p in paths}
    want = {w for w in want if all(w[x[0]][x[1]] == v for x, v in given.items())
            and all(n is None or sum(row[c] != "." for row in w) == n for c, n in enumerate(top))
            and all(n is None or sum(ch != "." for ch in w[r]) == n for r, n in enumerate(left))}
    res = count(board, limit=None)
    assert res.complete and drawn in want
    assert {s.rows for s in res.solutions} == want


def test_two_ends_in_corners_of_a_3x3_board():
    """Leaving r1c1 southwards and entering r3c3 from the west: of the enumerator's 12
    simple paths corner to corner, two (along the edge, and through the centre)."""
    res = count(_board(3, 3, {(0, 0): "v", (2, 2): "<"}), limit=None)
    assert res.complete and {s.rows for s in res.solutions} == {("v..", "|..", "L-<"),
                                                                ("v..", "L7.", ".L<")}
    assert len(simple_paths(3, 3, (0, 0), (2, 2))) == 12


# -- bad input -------------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "pipeline", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


def test_bad_puzzle():
    assert _error({"rows": 2, "cols": 2, "grid": [["x", None], [None, None]]}).endswith(
        "r1c1: unknown Pipeline given 'x' (expected '.' or a pipe piece: | - L J 7 F, or an end "
        "^ > v <)")
    assert _error({"rows": 2, "cols": 2, "grid": [[None] * 2] * 2, "top": [1, -1]}).endswith(
        "a pipe count is at least 0, got -1")


def test_bad_janko_blocks():
    page = janko_lines("pipeline")[2]["janko"]
    for old, new, message in (
            ("s - - - -\n- -", "q - - - -\n- -",
             "unknown token 'q' (expected a pipe piece such as ns, se, an end n, e, s, w, or -)"),
            ("cols 5\n", "cols 5\nclabels\n1 2 3\n", "'clabels' must be one line of 5 numbers or '-'")):
        (_, got), = parse_documents(json.dumps({"janko": page.replace(old, new)}), "l.json")
        assert isinstance(got, InputError) and message in str(got), got


# -- generation ------------------------------------------------------------------------------
def test_generate():
    """A drawn pipe: its two ends stay, the other pieces and the counts are the clues;
    the puzzle is unique with it, and the same seed draws the same puzzle."""
    got = generate_one(GenerateOptions(genre="pipeline", rows=5, cols=5), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    ends = [v for v in got.puzzle.clues().values() if v in "^>v<"]
    assert len(ends) == 2
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows
    again = generate_one(GenerateOptions(genre="pipeline", rows=5, cols=5), 3, 0)
    assert again is not None and again.puzzle == got.puzzle

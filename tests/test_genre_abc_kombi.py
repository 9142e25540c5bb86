"""Abc Kombi (janko.at Abc-Kombi, the ABCD puzzle) on the kit: the Janko pages (a line of
rlabels / clabels per letter, no problem section), the rules' codes, counts against an
independent enumerator on small boards, given letters, bad input, generation. (puzz.link
has no Abc Kombi.)"""
from __future__ import annotations

import json
import random

import pytest

from enumerators import unlike_neighbours
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.output.unicode import render_grid
from pencilproof.puzzle import Puzzle

GENRE = get_genre("abc_kombi")
RECORDS = janko_lines("abc_kombi")


def board(n: int, m: int, k: int, givens: dict | None = None, **labels) -> Puzzle:
    givens = givens or {}
    p = Puzzle("abc_kombi", n, m, tuple(tuple(givens.get((r, c)) for c in range(m)) for r in range(n)))
    return p.with_params(letters=k, **labels)


# -- published pages ------------------------------------------------------------------------
def test_janko_reading():
    """Abc-Kombi 001 (4x4, A-C): rlabels' first line '1 1 1 0' counts the A of each row, so
    row 1 has one A, two B, one C; clabels likewise per column."""
    doc = janko_doc("abc_kombi", 0)
    p = doc.puzzle
    assert p.param("letters") == 3 and p.clues() == {}
    assert p.param("left") == ((1, 2, 1), (1, 2, 1), (1, 1, 2), (0, 2, 2))
    assert p.param("top") == ((0, 2, 2), (1, 1, 2), (1, 2, 1), (1, 2, 1))
    assert doc.solution.rows == ("CBAB", "BCBA", "CACB", "BCBC")
    assert parse_text(to_text(p), "t") == p


@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_pages_are_unique_with_the_published_answer(i):
    doc = janko_doc("abc_kombi", i)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution


def test_a_changed_answer_is_rejected():
    """Abc-Kombi 001 with r1c1's C made an A: row 1 and column 1 count one A too many and
    one C too few; its neighbours are B (r1c2, r2c1), so no two alike touch."""
    doc = janko_doc("abc_kombi", 0)
    rows = list(doc.solution.rows)
    rows[0] = "A" + rows[0][1:]
    got = GENRE.verify(doc.puzzle, KitAnswer(tuple(rows)))
    assert [(v.code, v.message) for v in got] == [
        ("nmCountNe", "column 1 has 1 A instead of 0"), ("nmCountNe", "column 1 has 1 C instead of 2"),
        ("nmCountNe", "row 1 has 2 A instead of 1"), ("nmCountNe", "row 1 has 0 C instead of 1")]


def test_corners_may_touch_but_sides_not():
    p = board(2, 2, 2)
    assert GENRE.verify(p, KitAnswer(("AB", "BA"))) == []
    got = GENRE.verify(p, KitAnswer(("AA", "B.")))
    assert [(v.code, v.message, v.cells) for v in got] == [
        ("nmSameAdj", "two As side by side", ((0, 0), (0, 1))),
        ("ceNoNum", "a cell has no letter", ((1, 1),))]
    got = GENRE.verify(board(2, 2, 2, {(0, 0): "B"}), KitAnswer(("AB", "BA")))
    assert [v.code for v in got] == ["nmGiven"]


# -- brute force ----------------------------------------------------------------------------
def _answers(n, m, k, givens, left, top) -> set:
    out = set()
    for grid in unlike_neighbours(n, m, k):
        rows = ["".join("ABCDE"[v - 1] for v in row) for row in grid]
        if any(rows[r][c] != x for (r, c), x in givens.items()):
            continue
        lines = [(left, [rows[r] for r in range(n)]), (top, ["".join(row[c] for row in rows)
                                                             for c in range(m)])]
        if all(counts is None or all(x is None or line.count("ABCDE"[v]) == x
                                     for v, x in enumerate(counts))
               for labels, texts in lines if labels for counts, line in zip(labels, texts)):
            out.add(tuple(rows))
    return out


@pytest.mark.parametrize("seed", range(20))
def test_brute_force(seed):
    """Counts read off a random grid (some lines, some letters left out; every fifth seed
    one count off by one), sometimes a given letter."""
    rng = random.Random(seed)
    n, m, k = rng.choice([(3, 3, 3), (3, 3, 2), (2, 4, 3), (3, 4, 3), (4, 3, 3), (2, 3, 4)])
    grid = ["".join("ABCDE"[v - 1] for v in row) for row in rng.choice(unlike_neighbours(n, m, k))]

    def counts(line: str):
        got = [line.count("ABCDE"[v]) if rng.random() < 0.7 else None for v in range(k)]
        return tuple(got) if rng.random() < 0.7 and any(x is not None for x in got) else None

    left = [counts(row) for row in grid]
    top = [counts("".join(row[c] for row in grid)) for c in range(m)]
    if seed % 5 == 0 and left[0] is not None:
        left[0] = tuple(None if x is None else x + (i == 0) for i, x in enumerate(left[0]))
    givens = {(1, 1): grid[1][1]} if seed % 4 == 1 else {}
    p = GENRE.with_labels(board(n, m, k, givens), {**{("left", r): x for r, x in enumerate(left)},
                                                  **{("top", c): x for c, x in enumerate(top)}})
    res = count(p, limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(n, m, k, givens, p.param("left"), p.param("top"))


def test_a_small_count():
    """2x2 with A and B and nothing else: the two chequerboards."""
    assert {s.rows for s in count(board(2, 2, 2), limit=None).solutions} == {("AB", "BA"), ("BA", "AB")}


# -- drawing --------------------------------------------------------------------------------
def test_the_counts_are_drawn_beside_the_grid():
    """Row counts left of the rows (A first), column counts stacked above the columns."""
    doc = janko_doc("abc_kombi", 0)
    lines = render_grid(doc.puzzle, doc.solution, ascii=True)
    assert [line.split() for line in lines[:3]] == [["0", "1", "1", "1"], ["2", "1", "2", "2"],
                                                    ["2", "2", "1", "1"]]
    assert lines[3].split() == ["1", "2", "1", "C", "B", "A", "B"]


# -- bad input ------------------------------------------------------------------------------
def _error(doc: dict) -> str:
    doc = {"genre": "abc_kombi", "rows": 2, "cols": 2, "grid": [[None, None], [None, None]],
           "letters": 2, **doc}
    (_, got), = parse_documents(json.dumps(doc), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("doc, message", [
    ({"left": [[1, 1, 0], None]}, "the counts beside row 1 must be 2 numbers 0-2 or nulls, got 1 1 0"),
    ({"top": [[3, 0], None]}, "the counts beside column 1 must be 2 numbers 0-2 or nulls, got 3 0"),
    ({"left": [3, None]}, "counts must be a list of numbers or nulls, got 3"),
    ({"grid": [["C", None], [None, None]]}, "letter C at r1c1 is not one of A-B"),
    ({"grid": [["1", None], [None, None]]}, "r1c1: unknown token '1' (expected '.' or a letter)"),
    ({"letters": 1}, "'letters' must be 2-26, got 1"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc).endswith(message)


def test_bad_janko_labels():
    block = RECORDS[0]["janko"].replace("clabels\n0 1 1 1\n", "clabels\n0 1 1\n")
    (_, got), = parse_documents(json.dumps({"janko": block}), "l.json")
    assert isinstance(got, InputError)
    assert str(got).endswith("'clabels' must be 3 lines (one per letter) of 4 counts or '-'")


def test_a_problem_section_gives_letters_and_dashes_are_unknown_counts():
    """No published page has a problem section or '-' counts; both are read: a given letter
    stays, a '-' count says nothing."""
    block = RECORDS[0]["janko"].replace("rlabels\n1 1 1 0\n", "rlabels\n- 1 1 0\n").replace(
        "solution\n", "problem\nC - - -\n- - - -\n- - - -\n- - - -\nsolution\n")
    (_, doc), = parse_documents(json.dumps({"janko": block}), "l.json")
    assert doc.puzzle.clues() == {(0, 0): "C"} and doc.puzzle.param("left")[0] == (None, 2, 1)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution


# -- generation -----------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="abc_kombi", rows=4, cols=4), 3, 0)
    again = generate_one(GenerateOptions(genre="abc_kombi", rows=4, cols=4), 3, 0)
    assert got is not None and again is not None and got.puzzle == again.puzzle
    assert GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == got.solution


def test_generate_edges_only():
    opts = GenerateOptions(genre="abc_kombi", rows=5, cols=5, extra=(("edges", "only"),))
    got = generate_one(opts, 1, 0)
    assert got is not None and got.puzzle.clues() == {}
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == got.solution

"""Hidoku on the kit: the Janko puzzles (numbers up to 81 in the wide alphabet; the
repeated 'solution_' section), counts against an independent enumerator of king paths on
small boards, answers as decimal tokens, bad input, generation. (puzz.link has no Hidoku.)"""
from __future__ import annotations

import json
import random

import pytest

from janko_data import janko_doc
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.encodings.kit.number_path import WIDE_MAX, wide_char, wide_number
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.output.unicode import render_grid
from pencilproof.puzzle import Puzzle

GENRE = get_genre("hidoku")


def board(rows: int, cols: int, givens: dict) -> Puzzle:
    return Puzzle("hidoku", rows, cols, tuple(tuple(givens.get((r, c)) for c in range(cols))
                                              for r in range(rows)))


def numbers(answer) -> list[list[int]]:
    return [[wide_number(ch) for ch in row] for row in answer.rows]


# -- 1. published puzzles -------------------------------------------------------------------
def test_janko_reading_and_numbers_past_35():
    """Hidoku 001 (7x7, 1..49): its first solution row '21 22 27 26 34 33 32', its third
    ends in 37 (the wide alphabet's U+0101); the repeated 'solution_' section is skipped."""
    doc = janko_doc("hidoku", 0)
    assert doc.puzzle.grid[0] == (None, 22, None, 26, 34, None, 32)
    assert numbers(doc.solution)[0] == [21, 22, 27, 26, 34, 33, 32]
    assert numbers(doc.solution)[2][-1] == 37 and doc.solution.rows[2][-1] == "\u0101"
    assert max(max(row) for row in numbers(janko_doc("hidoku", 8).solution)) == 81
    assert parse_text(to_text(doc.puzzle), "t") == doc.puzzle


def test_answers_as_decimal_tokens():
    doc = janko_doc("hidoku", 0)
    tokens = [" ".join(str(n) for n in row) for row in numbers(doc.solution)]
    assert GENRE.parse_solution(doc.puzzle, tokens, "a.txt") == doc.solution
    assert wide_char(36) == "\u0100" and wide_number("\u0100") == 36 and wide_char(35) == "Z"
    assert wide_number(wide_char(WIDE_MAX)) == WIDE_MAX and wide_char(WIDE_MAX + 1) == "?"


def test_terminal_grid_shows_the_numbers():
    doc = janko_doc("hidoku", 0)
    lines = render_grid(doc.puzzle, doc.solution, ascii=True)
    assert lines[2].split() == ["19", "24", "14", "42", "29", "30", "37"]


def test_failcodes():
    p = board(2, 2, {(0, 0): 1})
    assert GENRE.verify(p, KitAnswer(("12", "43"))) == []
    assert GENRE.verify(p, KitAnswer(("12", "34"))) == []  # 2 and 3 touch at a corner
    got = GENRE.verify(board(2, 3, {(0, 0): 1}), KitAnswer(("123", "45.")))
    assert [(v.code, v.message, v.cells) for v in got] == [
        ("nmNoNext", "4 does not touch 3", ((0, 2), (1, 0))),
        ("ceNoNum", "a cell has no number 1-6", ((1, 2),))]
    got = GENRE.verify(board(2, 3, {(0, 0): 1}), KitAnswer(("123", "654")))
    assert got == []
    got = GENRE.verify(board(2, 3, {(0, 0): 1}), KitAnswer(("223", "654")))
    assert [v.code for v in got] == ["nmDupNum", "nmGiven"]


# -- 3. brute force ---------------------------------------------------------------------------------
def _answers(rows: int, cols: int, givens: dict) -> set[tuple[str, ...]]:
    """Every Hamiltonian path of the king's graph (from every start), numbered 1..N,
    that keeps the givens."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    near = {x: [y for y in cells if y != x and max(abs(x[0] - y[0]), abs(x[1] - y[1])) == 1]
            for x in cells}
    out = set()

    def go(path: list) -> None:
        k = len(path)
        if givens.get(path[-1], k) != k:
            return
        if k == len(cells):
            at = {x: i + 1 for i, x in enumerate(path)}
            out.add(tuple("".join(wide_char(at[(r, c)]) for c in range(cols)) for r in range(rows)))
            return
        for y in near[path[-1]]:
            if y not in path:
                go(path + [y])

    for start in cells:
        go([start])
    return out


@pytest.mark.parametrize("seed", range(25))
def test_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice(((3, 3), (2, 4), (2, 5), (4, 2)))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    every = sorted(_answers(rows, cols, {}))
    if seed % 5:  # givens read off one path
        pick = rng.choice(every)
        givens = {x: wide_number(pick[x[0]][x[1]]) for x in rng.sample(cells, rng.randint(1, 3))}
    else:
        givens = dict(zip(rng.sample(cells, 2), rng.sample(range(1, len(cells) + 1), 2)))
    res = count(board(rows, cols, givens), limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(rows, cols, givens)


# -- 4. bad input ----------------------------------------------------------------------------------
def _error(grid) -> str:
    doc = {"genre": "hidoku", "rows": len(grid), "cols": len(grid[0]), "grid": grid}
    (_, got), = parse_documents(json.dumps(doc), "p.json")
    assert isinstance(got, InputError)
    return str(got)


@pytest.mark.parametrize("grid, message", [
    ([[5, None], [None, None]], "p.json:1:51: clue 5 at r1c1 is not a number 1-4"),
    ([[2, None], [None, 2]], "p.json:1:51: 2 is given twice (r1c1 and r2c2)"),
    ([["x", None], [None, None]], "p.json:1:53: r1c1: unknown token 'x' (expected '.' or a number)"),
    ([[None] * 20] * 19, "p.json:1:53: a Hidoku of 380 cells is larger than 371 (answers write one "
                         "character per cell)"),
])
def test_bad_puzzles(grid, message):
    assert _error(grid) == message


def test_bad_answer():
    with pytest.raises(InputError) as e:
        GENRE.parse_solution(board(2, 2, {}), ["12", "4!"], "a.txt")
    assert str(e.value) == "a.txt: unknown answer character '!' at r2c2 (expected a number 1-4 or .)"


# -- generation ---------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="hidoku", rows=5, cols=5), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == got.solution

"""Every Akari (Light Up) record in the shared collection: the Janko puzzles' published
solutions, puzz.link's rule codes for wrong answers, and the genre's input errors."""
from __future__ import annotations

import pytest

from pencilproof import count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.puzzle import Puzzle, Solution

from conftest import records

LIGHTUP = records("lightup")
PUZZLES = [r for r in LIGHTUP if r["kind"] == "puzzle"]
BAD = [r for r in LIGHTUP if r["kind"] == "bad_answer"]
JANKO = [r for r in PUZZLES if "janko.at" in r["source"]]


def _rid(r: dict) -> str:
    if "janko.at" in r["source"]:
        return "janko-" + r["source"].split("Akari/")[1][:3]
    return r["source"].split(" ")[0].split("/")[-1] + f"-{r['rows']}x{r['cols']}"


def test_collection():
    assert len(JANKO) == 30 and all(r["unique"] for r in PUZZLES)
    assert {(r["rows"], r["cols"]) for r in JANKO} == {(10, 10), (10, 18), (14, 24)}


RULES = Puzzle("lightup", 3, 3, ((None, None, None), (None, 1, "#"), (None, None, None)))


@pytest.mark.parametrize("rows, expected", [
    ((".L.", ".1#", "L.."), []),
    (("L.L", ".1#", "..."), [("akariDup", ((0, 0), (0, 2))), ("nmAkariNe", ((1, 1),)),
                             ("ceDark", ((2, 1), (2, 2)))]),
    (("...", ".1#", "L.L"), [("akariDup", ((2, 0), (2, 2))), ("nmAkariNe", ((1, 1),)),
                             ("ceDark", ((0, 1), (0, 2)))]),
    ((".L.", "L1#", "..."), [("nmAkariNe", ((1, 1),)), ("ceDark", ((2, 1), (2, 2)))]),
    (("...", ".1#", "..."), [("nmAkariNe", ((1, 1),)),
                             ("ceDark", ((0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1),
                                         (2, 2)))]),
])
def test_rule_codes_and_cells(rows, expected):
    got = get_genre("lightup").verify(RULES, Solution(rows))
    assert [(v.code, v.cells) for v in got] == expected


def test_count_on_a_small_grid():
    """The 3x3 grid above: a 1 at the centre, a wall to its right. The 1's lamp is above,
    below or left of it; each choice leaves one way to light the rest."""
    res = count(RULES, limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == {(".L.", ".1#", "L.."), ("L..", ".1#", ".L."),
                                                ("..L", "L1#", "..L")}


@pytest.mark.parametrize("token, message", [
    (5, "wall number 5 is out of range (0..4)"),
    ("-1", "wall number -1 is out of range (0..4)"),
    ("?", "unknown token '?' (expected '.' white, '#' wall or a wall number 0..4)"),
    ("L", "unknown token 'L' (expected '.' white, '#' wall or a wall number 0..4)"),
    ("-", "unknown token '-' (expected '.' white, '#' wall or a wall number 0..4)"),
    (True, "expected null (white), '#' (wall) or a wall number 0..4, got True"),
])
def test_bad_tokens_name_the_cell(token, message):
    with pytest.raises(InputError) as e:
        get_genre("lightup").parse_clue(token, "f.txt:2: r1c3")
    assert str(e.value) == f"f.txt:2: r1c3: {message}"


def test_tokens_and_names():
    g = get_genre("akari")
    assert g is get_genre("lightup") is get_genre("bijutsukan")
    assert [g.parse_clue(t, "x") for t in (None, ".", "#", "0", 4)] == [None, None, "#", 0, 4]


@pytest.mark.parametrize("rows, message", [
    (["L..", ".L#", "..."], "answer.txt: lamp on the wall at r2c2"),
    (["L..", ".1#", "..#"], "answer.txt: unknown answer character '#' at r3c3, a white cell "
                            "(use L for a lamp, . for none)"),
    (["L..", ".1#"], "answer.txt: answer has 2 rows, the puzzle has 3"),
    (["L..", ".1#", "...."], "answer.txt: answer row 3 has 4 cells, the puzzle has 3"),
])
def test_bad_answers_name_the_place(rows, message):
    with pytest.raises(InputError) as e:
        get_genre("lightup").parse_solution(RULES, rows, "answer.txt")
    assert str(e.value) == message


def test_answers_copy_the_walls_whatever_the_setter_wrote_there():
    sol = get_genre("lightup").parse_solution(RULES, ["L . .", ". # .", ". . L"], "a")
    assert sol.rows == ("L..", ".1#", "..L")

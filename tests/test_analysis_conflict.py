"""Why a puzzle has no solution: the minimal conflicting clues (``pencilproof conflict``,
``explain`` on a puzzle without solution, ``analysis.find_conflict``).

Known answers: a hand-made Sudoku whose only conflict is plain to see, and published
janko.at puzzles with one clue changed. A published puzzle has a solution, so every subset
of its clues has one (clues only remove answers); once one clue is changed and no solution
is left (decided by both solvers), every conflicting set must contain the changed clue.
"""
from __future__ import annotations

import json

import pytest

from pencilproof.analysis import find_conflict
from pencilproof.checker import Verdict, check_unique
from pencilproof.encodings import get_genre
from pencilproof.formats import load_one

from janko_data import janko_doc, janko_lines

SUDOKU = "sudoku 4x4\n1 . . 1\n. . . .\n. . . .\n. . . .\n"


def test_two_equal_digits_in_a_row_are_the_conflict(tmp_path, run_cli):
    (tmp_path / "s.txt").write_text(SUDOKU)
    res = find_conflict(load_one(str(tmp_path / "s.txt")))
    assert res.verdict is Verdict.NO_SOLUTION and res.minimal and not res.timed_out
    assert [(c.place, c.token) for c in res.clues] == [("r1c1", "1"), ("r1c4", "1")]
    code, out, err = run_cli("conflict", "-q", str(tmp_path / "s.txt"))
    assert (code, err) == (1, "")
    lines = out.splitlines()
    assert lines[0].startswith(f"{tmp_path / 's.txt'}: no solution; these 2 clues cannot all "
                               "hold together, even alone (any 1 of them can: a minimal "
                               "conflict) (")
    assert lines[1:] == ["  r1c1 = 1", "  r1c4 = 1"]
    code, out, _ = run_cli("explain", "--json", str(tmp_path / "s.txt"))
    doc = json.loads(out)
    assert code == 1 and doc["verdict"] == "no_solution" and doc["minimal"] is True
    assert [(c["row"], c["col"], c["place"], c["value"]) for c in doc["clues"]] == [
        (0, 0, "r1c1", "1"), (0, 3, "r1c4", "1")]


def test_a_puzzle_with_a_solution_has_no_conflict(run_cli):
    code, out, _ = run_cli("conflict", "src/pencilproof/examples/canal-course-17.txt")
    assert code == 0
    assert out.startswith("src/pencilproof/examples/canal-course-17.txt: it has a solution "
                          "(unique): no clues conflict (")


def test_a_genre_without_clues_to_switch_is_refused_in_one_line(run_cli):
    code, out, err = run_cli("conflict", "src/pencilproof/examples/floodit.txt")
    assert (code, out) == (2, "")
    assert err == ("pencilproof: error: src/pencilproof/examples/floodit.txt: conflict does not "
                   "apply to floodit: it asks for an optimum, not a unique answer\n")


def _broken(stem: str):
    """Record 1 of a published genre with one clue changed so that no solution is left
    (both solvers agree), and the key of the changed clue; None if no change found."""
    doc = janko_doc(stem, 0)
    genre = get_genre(doc.puzzle.genre)
    hooks = genre.generator
    blank, clues = hooks.split_givens(doc.puzzle)
    for key, value in list(clues.items())[:12]:
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        for other in (value + 1, value - 1, value + 2, value - 2):
            try:
                token = genre.parse_clue(other, "test")
            except Exception:
                continue
            changed = hooks.with_clues(blank, {**clues, key: token})
            if check_unique(changed).verdict is not Verdict.NO_SOLUTION:
                continue
            assert check_unique(changed, backend="z3").verdict is Verdict.NO_SOLUTION
            return changed, key
    return None


GENRES = ["nurikabe", "sudoku", "kurodoko", "hitori", "tapa", "skyscrapers", "heyawake",
          "slitherlink", "mochikoro", "fillomino", "kakuro", "hashi", "lighthouses", "futoshiki",
          "minesweeper", "kenken", "ripple", "linesweeper"]


def named(key) -> str:
    """How a setter names a clue: a cell's given, a Kakuro sum (its black cell and
    direction), a Skyscrapers number beside the grid (its line and side)."""
    r, c = key[0], key[1]
    if len(key) == 2:
        return f"r{r + 1}c{c + 1}"
    return f"r{r + 1}c{c + 1} " + {"D": "down", "R": "across"}[key[2]]


SIDES = {"T": "column {c} top", "B": "column {c} bottom", "L": "row {r} left",
         "R": "row {r} right"}


@pytest.mark.parametrize("stem", GENRES)
def test_a_published_puzzle_with_one_clue_changed(stem):
    assert janko_lines(stem)
    found = _broken(stem)
    if found is None:  # the genre's clues are not numbers this test can shift
        pytest.fail(f"{stem}: no single number change leaves it without solution")
    puzzle, key = found
    res = find_conflict(puzzle)
    assert res.verdict is Verdict.NO_SOLUTION and res.minimal
    keys = [c.key for c in res.clues]
    assert key in keys
    place = next(c.place for c in res.clues if c.key == key)
    if stem == "skyscrapers":
        assert place == SIDES[key[2]].format(r=key[0] + 1, c=key[1] + 1)
    else:
        assert place == named(key)
    hooks = get_genre(puzzle.genre).generator
    blank, clues = hooks.split_givens(puzzle)
    only = {k: clues[k] for k in keys}
    assert check_unique(hooks.with_clues(blank, only)).verdict is Verdict.NO_SOLUTION
    for k in keys:  # minimal: leave any one out and an answer exists
        rest = {j: v for j, v in only.items() if j != k}
        assert check_unique(hooks.with_clues(blank, rest)).verdict is not Verdict.NO_SOLUTION

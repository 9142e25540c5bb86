"""Repair: every proposed clue set, checked independently (count), makes the puzzle
unique with the intended answer; every single clue reported works on its own; greedy
sets when no single clue works; --redundant lists exactly the clues that can go alone."""
from __future__ import annotations

import json

import pytest

from pencilproof.analysis import redundant, repair
from pencilproof.checker import count
from pencilproof.encodings import get_genre
from pencilproof.formats import load

from test_analysis_backbone import UNIQUE_GENRES, _loose, _small


def _with(puzzle, clues):
    grid = [list(row) for row in puzzle.grid]
    for r, c, v in clues:
        grid[r][c] = v
    return type(puzzle)(puzzle.genre, puzzle.rows, puzzle.cols, tuple(map(tuple, grid)), puzzle.params)


def _unique_with(puzzle, answer) -> bool:
    genre = get_genre(puzzle.genre)
    c = count(puzzle, limit=3)
    n = c.classes if c.up_to else c.count
    return n == 1 and (c.solutions[0] == answer or c.solutions[0] in genre.images(puzzle, answer))


#: Genres whose switchable clues all stand outside the grid (row and column labels): repair
#: proposes givens in cells only, so it has nothing to offer them yet (README: left undone).
OUTSIDE_CLUES = {"gappy", "kakurasu", "nonogram", "pills", "tents", "tilepaint"}


@pytest.mark.parametrize("name", sorted(set(UNIQUE_GENRES) - OUTSIDE_CLUES))
def test_every_proposal_is_unique_with_the_intended_answer(name):
    puzzles = [p for p in _small(name, 49) + _loose(name, 6, 11)
               if count(p, limit=2).count >= 2 and (count(p, limit=2).classes or 2) >= 2]
    assert puzzles
    found = 0
    for p in puzzles[:8]:
        res = repair(p)
        if not res.found:
            continue
        found += 1
        genre = get_genre(p.genre)
        assert res.clues and all(p.grid[r][c] != v for r, c, v in res.clues)
        hooks = genre.generator
        assert _unique_with(res.repaired, hooks.answer_for(res.repaired, res.answer))
        assert res.repaired == _with(p, res.clues)
        for single in res.singles:
            q = _with(p, single)
            assert _unique_with(q, hooks.answer_for(q, res.answer))
    assert found >= 1


@pytest.mark.parametrize("name", sorted(OUTSIDE_CLUES))
def test_genres_with_clues_outside_the_grid_get_no_false_repair(name):
    """No cell clue can make these unique: repair says it found none and proposes nothing."""
    puzzles = [p for p in _loose(name, 6, 11) if count(p, limit=2).count >= 2]
    assert puzzles
    for p in puzzles[:3]:
        res = repair(p)
        assert not res.found and res.clues == () and res.singles == ()


def test_the_intended_answer_is_the_one_kept():
    p = load("https://puzz.link/p?canal/6/6/4j4p4h4p6j6")[0]
    sols = count(p).solutions
    for want in sols:
        res = repair(p, want)
        assert res.found and res.singles and res.answer == want
        assert _unique_with(res.repaired, want)


def test_greedy_when_no_single_clue_works():
    p = load("src/pencilproof/examples/smullyan.txt")[0]
    res = repair(p)
    assert res.found and not res.singles and len(res.clues) >= 2
    assert _unique_with(res.repaired, res.answer)
    # each clue of the set is needed: without any one it is not unique
    for k in range(len(res.clues)):
        fewer = _with(p, res.clues[:k] + res.clues[k + 1:])
        assert count(fewer, limit=2).count == 2


def test_a_unique_puzzle_needs_nothing_and_redundant_clues_are_exactly_those():
    p = load("https://puzz.link/p?canal/6/6/3i3h2z4h5i2")[0]
    assert repair(p).already_unique
    _, can_go = redundant(p)
    gone = {(r, c) for group in can_go for r, c, _ in group}
    for cell in p.clues():
        smaller = p.with_clues({k: v for k, v in p.clues().items() if k != cell})
        assert (count(smaller, limit=2).count == 1) == (cell in gone)


def test_cli_repair(run_cli, tmp_path):
    url = "https://puzz.link/p?canal/6/6/4j4p4h4p6j6"
    code, out, _ = run_cli("repair", url, "--picture", str(tmp_path / "r.svg"))
    assert code == 0 and "adding one clue" in out and "r2c2 = 2" in out
    assert (tmp_path / "r.svg").stat().st_size > 0
    code, out, _ = run_cli("repair", "--json", url)
    doc = json.loads(out)
    assert doc["clues"] == [[1, 1, 2]] and doc["verdict_after"] == "unique"
    code, out, _ = run_cli("repair", "src/pencilproof/examples/akari.txt")
    assert code == 1 and "no repair found" in out
    code, out, err = run_cli("repair", "--redundant", url)
    assert code == 2 and "not unique" in err
    code, out, _ = run_cli("repair", "--redundant", "--json",
                           "https://puzz.link/p?canal/6/6/3i3h2z4h5i2")
    assert code == 0 and json.loads(out)["redundant"] == [[0, 0, 3], [0, 4, 3]]
    code, _, err = run_cli("repair", "src/pencilproof/examples/puzzle.txt", "--answer",
                           "src/pencilproof/examples/answer.txt")
    assert code == 2 and "not a solution" in err


def test_a_solve_that_runs_out_of_time_is_never_another_answer(monkeypatch, run_cli):
    """Issue 46, item 5: the first solve's UNKNOWN was taken as "another answer" (a
    traceback, or "not unique" about a unique puzzle). Now nothing is claimed: exit 3."""
    from pencilproof.checker import Status
    from pencilproof.checker.switchboard import SwitchBoard
    path = "src/pencilproof/examples/canal-course-48.txt"
    assert count(load(path)[0], limit=2).count == 1
    monkeypatch.setattr(SwitchBoard, "solve", lambda self: (Status.UNKNOWN, None))
    res = repair(load(path)[0])
    assert res.timed_out and not res.decided and not res.found and res.clues == ()
    assert res.to_json()["already_unique"] is None
    code, out, _ = run_cli("repair", "-q", path)
    assert code == 3 and out == (f"{path}: unknown: the time limit was reached before another "
                                 "answer was found or ruled out\n")


def test_a_puzzle_with_no_answer_is_a_verdict_not_bad_input(run_cli):
    """Issue 46, item 9: ``repair`` of a puzzle with no solution said "error" (exit 2, bad
    input) and named no file. It is the verdict ``check`` gives the same file: exit 1."""
    path = "src/pencilproof/examples/no-solution.txt"
    assert count(load(path)[0], limit=1).count == 0
    code, out, err = run_cli("repair", path)
    assert (code, err) == (1, "") and out == (f"{path}: no_solution: the puzzle has no answer, "
                                              "so there is none to repair towards\n")
    code, out, _ = run_cli("repair", "--json", path)
    assert code == 1 and json.loads(out) == {"source": path, "verdict": "no_solution"}

"""Issue 22 (found by the stress benchmark): ``repair --time-limit 5`` of an empty
1000x1000 Taiji said "the puzzle has no solution" (exit 2): the search for its first
answer, cut short a little before the deadline, was taken for a proof that there is none.
A search the limit stops is "the time limit was reached" (exit 3), never a verdict."""
from __future__ import annotations

import json

from pencilproof.analysis.repair import repair
from pencilproof.checker import Status
from pencilproof.checker.check import LiveSolver
from pencilproof.formats import load_one

PUZZLE = "https://puzz.link/p?canal/6/6/3i3h2z4h5i2"


def _search_cut_short(monkeypatch):
    def solve(self, assumptions=(), puzzle=None):
        return Status.UNKNOWN, None  # what a search the deadline stopped gives
    monkeypatch.setattr(LiveSolver, "solve", solve)


def test_a_first_answer_not_found_in_time_is_no_verdict(monkeypatch):
    _search_cut_short(monkeypatch)
    res = repair(load_one(PUZZLE), time_limit=60)
    assert (res.timed_out, res.found, res.clues) == (True, False, ())


def test_the_command_says_the_time_limit_was_reached(monkeypatch, run_cli, tmp_path):
    _search_cut_short(monkeypatch)
    path = tmp_path / "p.txt"
    path.write_text(PUZZLE + "\n")
    code, out, err = run_cli("repair", str(path), "--time-limit", "60", "-q")
    assert (code, err) == (3, "")
    # (not "not unique": no answer but the intended one was seen; issue 46, item 5)
    assert out == (f"{path}: unknown: the time limit was reached before another answer was "
                   "found or ruled out\n")


def test_a_puzzle_without_a_solution_is_still_said_to_have_none(run_cli, tmp_path):
    """A 2x2 Canal View whose clue asks for 4 shaded cells in its view: a corner of a 2x2
    grid sees 2 cells at most, so it has no answer at all."""
    path = tmp_path / "none.json"
    path.write_text(json.dumps({"genre": "canal", "rows": 2, "cols": 2,
                                "grid": [[4, None], [None, None]]}))
    code, out, err = run_cli("repair", str(path), "--time-limit", "60", "-q")
    assert (code, err) == (1, "")  # the verdict no_solution (issue 46, item 9), not bad input
    assert out == (f"{path}: no_solution: the puzzle has no answer, so there is none to "
                   "repair towards\n")

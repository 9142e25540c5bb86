"""The clue minimizer and the switchable encoding it runs on.

Known answers: the course records' solutions and verdicts. The minimizer's output is
judged by the checker (a separate encoding on a fresh solver): unique, the record's
solution, and 1-minimal (each remaining clue removed gives MULTIPLE).
"""
from __future__ import annotations

import json
import random

import pytest

from pencilproof import Verdict, check
from pencilproof.formats import parse_text, parse_url, puzzle_from_doc
from pencilproof.generator import NotUnique, Switch, minimize
from pencilproof.puzzle import Puzzle, Solution

from conftest import course, solution_set, switch_solutions

COURSE = course("canal")
# Every unique course puzzle but the three largest (46, 48: benchmarks/minimize_course.py;
# 22: slow on z3); about 2 s in all on CaDiCaL, minimality checks included.
SMALL = [i for i, r in enumerate(COURSE) if r["kind"] == "puzzle" and r.get("unique")
         and i not in (22, 46, 48)]


def _puzzle(i: int) -> Puzzle:
    return puzzle_from_doc(COURSE[i], f"course {i}")


def _without(p: Puzzle, cell) -> Puzzle:
    clues = p.clues()
    del clues[cell]
    return p.with_clues(clues)


def _assert_minimal(original: Puzzle, res, solution: list[str], backend: str) -> None:
    got = check(res.minimized, backend=backend)
    assert got.verdict is Verdict.UNIQUE
    assert got.solutions[0] == Solution(tuple(solution)) == res.solution
    kept = res.minimized.clues()
    # A subset of the original clues with their values; the reports add up.
    assert all(original[c] == v for c, v in kept.items())
    assert set(kept) == set(res.kept) | set(res.unknown)
    assert set(kept) | set(res.removed) == set(original.clues())
    assert not set(kept) & set(res.removed)
    for cell in kept:
        assert check(_without(res.minimized, cell), backend=backend).verdict is Verdict.MULTIPLE, cell


@pytest.mark.parametrize("i", SMALL)
def test_minimized_course_puzzle_is_unique_same_answer_and_1_minimal(i):
    p = _puzzle(i)
    res = minimize(p)
    _assert_minimal(p, res, COURSE[i]["solution"], "cadical")
    assert res.unknown == () and res.tests == len(p.clues())


@pytest.mark.parametrize("i", [2, 9, 17, 31, 44])
def test_minimizer_on_z3_gives_the_same_puzzle(i):
    """Each test's outcome is a fact about the puzzle, not about a model: in the same
    order, both backends must remove exactly the same clues."""
    p = _puzzle(i)
    on_z3 = minimize(p, backend="z3")
    _assert_minimal(p, on_z3, COURSE[i]["solution"], "z3")
    assert on_z3.minimized == minimize(p, backend="cadical").minimized


def test_orders_keep_and_seed():
    p = _puzzle(44)  # 10x10, 22 clues
    results = {o: minimize(p, order=o, seed=7) for o in ("given", "reverse", "random",
                                                        "high-first", "low-first")}
    for res in results.values():
        _assert_minimal(p, res, COURSE[44]["solution"], "cadical")
    assert minimize(p, order="random", seed=7).minimized == results["random"].minimized
    # A clue the given order removes stays when it must.
    gone = results["given"].removed[0]
    kept = minimize(p, keep=[gone])
    assert gone in kept.minimized.clues() and gone in kept.kept and gone not in kept.removed
    assert check(kept.minimized).verdict is Verdict.UNIQUE


def test_a_time_limit_that_ends_before_the_input_is_checked_is_unknown():
    # --max-time bounds the input's own uniqueness check too (issue 22); untested clues
    # are kept and reported in tests/test_generate_robust.py.
    from pencilproof.solvers.deadline import TimeUp
    with pytest.raises(TimeUp, match="before the puzzle was found unique"):
        minimize(_puzzle(31), max_time=1e-9)


def test_not_unique_and_no_solution_are_refused():
    with pytest.raises(NotUnique) as e:
        minimize(_puzzle(25))
    assert e.value.result.verdict is Verdict.MULTIPLE
    assert {s.rows for s in e.value.result.solutions} == {tuple(COURSE[25]["solution"]),
                                                         tuple(COURSE[25]["alt_solution"])}
    with pytest.raises(NotUnique, match="has no solution"):
        minimize(_puzzle(26))


# -- the switchable encoding ------------------------------------------------------------------
def _enumerate(blank: Puzzle, clues: dict, state: dict, backend: str = "cadical") -> set:
    return switch_solutions(blank, clues, state, backend, limit=500)


def _reference(p: Puzzle) -> set:
    return solution_set(p, limit=500)


@pytest.mark.parametrize("backend", ["cadical", "z3"])
@pytest.mark.parametrize("i", [0, 3, 17, 23, 24, 25, 26, 30, 36])
def test_all_switches_on_equals_the_puzzle(i, backend):
    p = _puzzle(i)
    clues = p.clues()
    got = _enumerate(p.with_clues({}), clues, {c: Switch.ON for c in clues}, backend)
    assert got == _reference(p)
    n = COURSE[i].get("solution_count", 1 if COURSE[i]["unique"] else 0)
    assert len(got) == n


@pytest.mark.parametrize("i", [30, 16, 3, 11])
def test_switch_states_equal_the_puzzles_they_stand_for(i):
    """Clues off (their cells free), weak ('?'), or some of them permanent givens."""
    p = _puzzle(i)
    clues = p.clues()
    rng = random.Random(i)
    cells = sorted(clues)
    for _ in range(6):
        # Two clues weak or off, the others on (more freedom makes counting slow).
        state = {c: Switch.ON for c in cells}
        for c in rng.sample(cells, 2):
            state[c] = rng.choice([Switch.WEAK, Switch.OFF])
        stands_for = {c: (v if state[c] is Switch.ON else "?") for c, v in clues.items()
                      if state[c] is not Switch.OFF}
        assert _enumerate(p.with_clues({}), clues, state, "cadical") == \
            _reference(p.with_clues(stands_for)), state
        # The same with half the clues as permanent givens of the blank puzzle.
        fixed = {c: clues[c] for c in cells[::2] if state[c] is Switch.ON}
        rest = {c: v for c, v in clues.items() if c not in fixed}
        assert _enumerate(p.with_clues(fixed), rest, {c: state[c] for c in rest},
                          "cadical") == _reference(p.with_clues(stands_for))


# -- the command ---------------------------------------------------------------------------
COURSE17 = "https://puzz.link/p?canal/6/6/3i3h2z4h5i2"


def test_cli_minimize_prints_report_text_and_url(run_cli, tmp_path):
    code, out, err = run_cli("minimize", COURSE17)
    assert code == 0 and err == ""
    res = minimize(parse_url(COURSE17))
    lines = out.splitlines()
    assert lines[0].startswith(f"{COURSE17}: 6 -> 5 clues (1 removed), 6 tests, ")
    assert lines[1] == "removed: r1c1"
    assert lines[2] == "kept:    r1c5 r2c2 r5c5 r6c2 r6c6"
    # Independently: without r1c1 the checker finds it still unique.
    assert check(_without(parse_url(COURSE17), (0, 0))).verdict is Verdict.UNIQUE
    text = "\n".join(lines[4:11]) + "\n"
    assert parse_text(text, "out") == res.minimized
    assert lines[11] == "https://puzz.link/p?canal/6/6/j3h2z4h5i2"
    assert parse_url(lines[11]) == res.minimized


@pytest.mark.parametrize("suffix", [".json", ".txt"])
def test_cli_minimize_output_file(run_cli, tmp_path, suffix):
    out_file = tmp_path / f"min{suffix}"
    code, out, _ = run_cli("minimize", "-q", COURSE17, "-o", str(out_file))
    assert code == 0 and out.rstrip().endswith(f"wrote {out_file}")
    text = out_file.read_text()
    expected = minimize(parse_url(COURSE17)).minimized
    if suffix == ".json":
        doc = json.loads(text)
        assert puzzle_from_doc(doc, "out") == expected
        assert doc["solution"] == COURSE[17]["solution"]
    else:
        assert parse_text(text, "out") == expected


def test_cli_minimize_refuses_a_puzzle_with_two_solutions(run_cli):
    code, out, _ = run_cli("minimize", "https://puzz.link/p?canal/6/6/4j4p4h4p6j6")
    assert code == 1
    assert "has more than one solution; only a unique puzzle can be minimized" in out.splitlines()[0]
    assert "solution 2" in out and out.rstrip().endswith("r2c3 r2c4")


def test_cli_minimize_time_limit_exit_3(run_cli):
    code, out, _ = run_cli("minimize", "-q", "--max-time", "1e-9", COURSE17)
    assert code == 3  # the input's own check is bounded too (issue 22)
    assert "unknown: the time limit was reached before the puzzle was found unique" in out


@pytest.mark.parametrize("argv,message", [
    (["-o", "out.png"], "argument -o/--output: 'out.png': unknown output extension (use .json or .txt)"),
    (["--keep", "r9c9"], "--keep: r9c9 is outside the 6x6 grid"),
    (["--keep", "r3c3"], "--keep: r3c3 has no clue to keep"),
    (["--keep", "x1"], "--keep: 'x1' is not a cell"),
    (["--order", "sideways"], "argument --order: invalid choice: 'sideways'"),
    (["--max-time", "0"], "argument --max-time: must be positive: '0'"),
])
def test_cli_minimize_bad_options(run_cli, argv, message):
    code, out, err = run_cli("minimize", COURSE17, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"pencilproof: error: {message}")

"""Big grids: time limits hold while a puzzle is being encoded, encodings grow linearly
with the grid, what cannot fit is refused up front, and the encodings that only big
grids use (Light Up's product at-most-one, Canal View's binary sums) give answers known
without a solver.

The whole file runs in well under 30 s on two cores."""
from __future__ import annotations

import time

import pytest

from pencilproof.checker import LiveSolver, Verdict, check, count, solve
from pencilproof.solvers.backends import EncodingTimeout, TooLarge, make_backend
from pencilproof.encodings import cnf, get_genre
from pencilproof.errors import InputError
from pencilproof.puzzle import Puzzle

BACKENDS = ["cadical", "z3"]


def empty(genre: str, rows: int, cols: int) -> Puzzle:
    return Puzzle(genre, rows, cols, tuple((None,) * cols for _ in range(rows)))


def with_clues(genre: str, rows: int, cols: int, clues: dict) -> Puzzle:
    return empty(genre, rows, cols).with_clues(clues)


def encoded_size(puzzle: Puzzle) -> tuple[int, int]:
    """(variables, clauses) of the puzzle's default encoding."""
    b = make_backend("cadical")
    try:
        get_genre(puzzle.genre).encode(puzzle, b)
        return b.nvars, b.nclauses
    finally:
        b.close()


# -- the time limit covers the encoding ----------------------------------------------------
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("genre", ["lightup", "canal", "smullyan"])
def test_a_deadline_during_encoding_gives_unknown(backend, genre):
    t = time.monotonic()
    res = check(empty(genre, 300, 300), backend=backend, time_limit=0.05)
    assert time.monotonic() - t < 2
    assert res.verdict is Verdict.UNKNOWN and res.solutions == ()
    assert res.stats["solver_calls"] == 0  # it never got to solving
    assert res.stats["backend"] == backend


@pytest.mark.parametrize("backend", BACKENDS)
def test_count_and_solve_report_the_encoding_timeout(backend):
    big = empty("lightup", 300, 300)
    t = time.monotonic()
    res = count(big, limit=2, backend=backend, time_limit=0.05)
    assert (res.count, res.complete, res.timed_out) == (0, False, True)
    assert solve(big, backend=backend, time_limit=0.05) is None
    assert time.monotonic() - t < 4


def test_live_solver_open_raises_the_timeout_itself():
    with pytest.raises(EncodingTimeout) as e:
        LiveSolver.open(empty("canal", 300, 300), time_limit=0.02)
    assert e.value.stats["solver_calls"] == 0 and "encode_seconds" in e.value.stats


def test_no_time_limit_means_no_deadline_on_the_backend():
    live = LiveSolver.open(empty("lightup", 30, 30))
    try:
        assert live.deadline is None and live.solver.deadline is None
        assert live.solve()[1] is not None
    finally:
        live.close()


# -- linear encodings ------------------------------------------------------------------------
def test_an_open_light_up_grid_costs_a_few_clauses_per_cell():
    n = 200
    nvars, nclauses = encoded_size(empty("lightup", n, n))
    assert nclauses < 20 * n * n  # about 5.5: 2 + 2 (product at-most-ones) + 1 (lit)
    assert nvars < 2 * n * n
    small_vars, small = encoded_size(empty("lightup", n // 2, n // 2))
    assert nclauses < 4.5 * small  # linear: four times the cells, about four times the clauses


def sprinkled(genre: str, n: int, clue: int) -> Puzzle:
    """An n x n grid with a clue on every 7th cell."""
    return with_clues(genre, n, n, {(r, c): clue for r in range(n) for c in range(n)
                                    if (r * n + c) % 7 == 0})


@pytest.mark.parametrize("genre, clue", [("smullyan", 1), ("canal", 3)])
def test_smullyan_and_canal_grow_linearly(genre, clue):
    _, big = encoded_size(sprinkled(genre, 120, clue))
    _, small = encoded_size(sprinkled(genre, 60, clue))
    assert big < 4.5 * small
    assert big < 40 * 120 * 120


def test_a_large_canal_clue_costs_clauses_linear_in_what_it_sees():
    # A clue of 300 in the middle of a 201x201 grid sees 400 cells; a totalizer would
    # cost ~100k clauses, the binary sum a few thousand. (A clue of 2 costs the same
    # rest: the 2x2 blocks and "no shaded cell alone".)
    n = 201
    small = encoded_size(with_clues("canal", n, n, {(100, 100): 2}))[1]
    large = encoded_size(with_clues("canal", n, n, {(100, 100): 300}))[1]
    assert large - small < 15 * 400


def test_unary_sum_cost_is_what_unary_sum_adds():
    b = make_backend("cadical")
    for lengths, cap in (((3, 5, 2, 7), 9), ((10, 10), 12), ((1, 1, 1, 1, 1), 3)):
        parts = [[b.new_var() for _ in range(k)] for k in lengths]
        before = b.nclauses
        cnf.unary_sum(b, parts, cap)
        assert b.nclauses - before == cnf.unary_sum_cost(lengths, cap)
    b.close()


# -- refused up front ------------------------------------------------------------------------
def test_an_impossible_size_is_refused_with_one_line(run_cli, tmp_path, monkeypatch):
    (tmp_path / "big.txt").write_text("canal 5000x5000\n")
    monkeypatch.chdir(tmp_path)
    t = time.monotonic()
    code, out, err = run_cli("check", "--time-limit", "5", "big.txt")
    assert time.monotonic() - t < 1
    assert code == 2 and out == ""
    assert err == ("pencilproof: error: big.txt:1:7: impossible size 5000x5000 "
                   "(rows and columns must be 1..1000)\n")


def test_z3_refuses_a_grid_it_cannot_hold_before_any_work():
    t = time.monotonic()
    with pytest.raises(TooLarge) as e:
        check(empty("canal", 1000, 1000), backend="z3", time_limit=5)
    assert time.monotonic() - t < 1
    assert isinstance(e.value, InputError)
    assert str(e.value) == (
        "too large for the z3 solver: the encoding needs at least 1000000 variables and "
        "998000 clauses, more than fits in 2 GB (the cadical solver needs far less: "
        "--solver cadical)")


def test_a_smullyan_grid_full_of_numbers_is_refused_up_front():
    # 22 clauses per "1": 26 million clauses, more than 2 GB even in CaDiCaL.
    n = 1000
    full = Puzzle("smullyan", n, n, tuple((1,) * n for _ in range(n)))
    t = time.monotonic()
    with pytest.raises(TooLarge, match="too large for the cadical solver"):
        check(full, time_limit=5)
    assert time.monotonic() - t < 2


def test_the_backend_refuses_past_its_memory_budget():
    b = make_backend("cadical")
    b.memory_budget = 10_000_000
    with pytest.raises(TooLarge, match="so far"):
        for _ in range(200_000):
            b.add_clause([1, 2])
    b.close()


# -- answers known without a solver ------------------------------------------------------------
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("rows, cols", [(1, 60), (60, 1)])
def test_an_open_light_up_strip_has_one_answer_per_cell(backend, rows, cols):
    # One segment of 60 cells (the product at-most-one): one lamp, anywhere.
    res = count(empty("lightup", rows, cols), limit=100, backend=backend)
    assert (res.count, res.complete) == (60, True)


def test_two_open_light_up_rows_have_n_times_n_minus_one_answers():
    # 2 x n, n >= 2: each row needs its own lamp (a column lamp lights one cell of the
    # other row only), in different columns.
    res = count(empty("lightup", 2, 41), limit=2000)
    assert (res.count, res.complete) == (41 * 40, True)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_canal_clue_beyond_its_sight_has_no_solution(backend):
    t = time.monotonic()
    # The middle of 301x301 sees 600 cells.
    res = check(with_clues("canal", 301, 301, {(150, 150): 601}), backend=backend)
    assert res.verdict is Verdict.NO_SOLUTION
    assert time.monotonic() - t < 10
    assert check(with_clues("canal", 3, 3, {(1, 1): 5}), backend=backend).verdict \
        is Verdict.NO_SOLUTION


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_large_canal_clue_on_a_strip(backend):
    # 1 x 301, a clue at column 200 sees 200 cells left and 100 right. A canal cannot
    # pass the clue, so it lies on one side: 200 is met by exactly the whole left part,
    # 250 by nothing. Both sums are binary (a totalizer would cost ~40k clauses).
    left = {(0, 200): 200}
    res = check(with_clues("canal", 1, 301, left), backend=backend)
    assert res.verdict is Verdict.UNIQUE
    assert res.solutions[0].rows == ("#" * 200 + "." * 101,)
    res = check(with_clues("canal", 1, 301, {(0, 200): 250}), backend=backend)
    assert res.verdict is Verdict.NO_SOLUTION


def test_the_binary_sum_counts_like_the_totalizer():
    # Every count of four prefix chains, both ways: the same number of answers.
    def answers(lengths, n, binary):
        b = make_backend("cadical")
        xs = [[b.new_var() for _ in range(k)] for k in lengths]
        old = cnf.TOTALIZER_PER_LITERAL, cnf.TOTALIZER_FLOOR
        if binary:
            cnf.TOTALIZER_PER_LITERAL, cnf.TOTALIZER_FLOOR = -1, -1
        try:
            cnf.exactly_sum(b, [cnf.and_chain(b, x) for x in xs], n)
        finally:
            cnf.TOTALIZER_PER_LITERAL, cnf.TOTALIZER_FLOOR = old
        base = [v for x in xs for v in x]
        found = 0
        while b.solve().value == "sat":
            vals = b.values(base)
            b.add_clause([-v if on else v for v, on in zip(base, vals)])
            found += 1
        b.close()
        return found
    for lengths in ((2, 3, 1, 2), (4, 0, 3, 2)):
        for n in range(0, sum(lengths) + 2):
            assert answers(lengths, n, True) == answers(lengths, n, False)


@pytest.mark.parametrize("rows, cols", [(1, 200), (200, 1)])
def test_an_open_smullyan_strip_has_three_answers(rows, cols):
    # The unshaded cells stay connected only if the shaded ones are at the ends.
    res = count(empty("smullyan", rows, cols), limit=10)
    assert (res.count, res.complete) == (3, True)

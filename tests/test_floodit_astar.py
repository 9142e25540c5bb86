"""Flood-It's A* search: the breadth-first optimum of test_floodit (cells, no area graph)
on small random boards, the published optima of the small thesis boards, an admissible
bound on every reachable state, and bounds that stay valid when memory or time runs out."""
from __future__ import annotations

import json
import random
import subprocess
import sys
import time

import pytest

from pencilproof.checker import optimum
from pencilproof.encodings import GENRES
from pencilproof.encodings.floodit.astar import AStar, astar
from pencilproof.encodings.floodit import portfolio
from pencilproof.encodings.floodit.portfolio import prove
from pencilproof.encodings.floodit.board import Board, Moves
from pencilproof.formats.jsondoc import puzzle_from_doc
from pencilproof.solvers.deadline import Deadline

from test_floodit import RECS, _flood_region, _puzzle, _random_board, bfs
from test_floodit_search import _slow_sequence

FLOOD = GENRES["floodit"]
CASES = [(200 + seed, h, w, k) for seed, (h, w, k) in enumerate(
    [(3, 3, 3), (3, 4, 3), (4, 4, 3), (4, 4, 4), (4, 5, 4), (5, 5, 3), (5, 5, 4), (5, 4, 5),
     (5, 5, 5), (6, 4, 4)])]


def _setup(case):
    seed, h, w, k = case
    rows = _random_board(random.Random(seed), h, w, k)
    return rows, _puzzle(rows)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"seed{c[0]}-{c[1]}x{c[2]}c{c[3]}")
def test_astar_proves_the_bfs_optimum_from_a_long_sequence(case):
    rows, p = _setup(case)
    board = Board(p)
    start = _slow_sequence(board)
    res = astar(board, start)
    assert res.complete and not res.stopped
    assert res.lower == len(res.best) == bfs(rows)[0]
    assert FLOOD.verify(p, res.best) == []


def _reachable(rows: list[str]) -> list[list[str]]:
    """Every board reachable from ``rows`` (cell by cell, as the breadth-first search)."""
    h, w = len(rows), len(rows[0])
    first = tuple(int(ch) for row in rows for ch in row)
    colours = sorted(set(first))
    seen, todo = {first}, [first]
    while todo:
        cells = todo.pop()
        region = _flood_region(cells, w, h, 0)
        for c in colours:
            new = tuple(c if i in region else v for i, v in enumerate(cells))
            if new not in seen:
                seen.add(new)
                todo.append(new)
    return [["".join(str(v) for v in b[r * w:(r + 1) * w]) for r in range(h)]
            for b in seen if len(set(b)) > 1]


@pytest.mark.parametrize("case", CASES[:6], ids=lambda c: f"seed{c[0]}")
def test_bounds_are_admissible_on_every_reachable_state(case):
    """Puchert's bound (the board's and A*'s own, after one expansion with pathmax) never
    exceeds the breadth-first distance to one colour, from any state of the game."""
    rows, _ = _setup(case)
    states = _reachable(rows)
    assert len(states) >= 5
    for b in states:
        exact = bfs(b)[0]
        board = Board(_puzzle(b))
        assert board.lower_bound() <= exact
        res = astar(board, _slow_sequence(board), max_states=1)
        assert res.lower <= exact <= len(res.best)


SMALL = [r for r in RECS if r["rows"] == 12 and r.get("colors") == 6]


@pytest.mark.parametrize("rec", SMALL, ids=lambda r: r["source"].split("/")[-1])
def test_published_optima_by_astar_alone(rec):
    p = puzzle_from_doc(rec, "record")
    board = Board(p)
    res = astar(board, board.beam(1))
    assert res.complete and res.lower == len(res.best) == rec["optimal_moves"]
    assert FLOOD.verify(p, res.best) == []


def test_the_easy_thesis_board_is_proven_without_a_solver():
    """12_12_06_001 (published optimum 18): A* within its default budget proves it, so no
    solver call is made."""
    rec = next(r for r in RECS if r["source"].endswith("12_12_06_001"))
    res = optimum(puzzle_from_doc(rec, "record"))
    assert res.optimum == 18 and res.proven
    assert "solver_calls" not in res.stats  # set by every solver run (checker)


HARD = next(r for r in RECS if r["source"].endswith("14_14_10_004"))  # published 28
HARDEST = next(r for r in RECS if r["source"].endswith("16_16_10_001"))  # published 33


def test_memory_budget_keeps_valid_bounds():
    p = puzzle_from_doc(HARD, "record")
    board = Board(p)
    start = board.beam(1)
    res = astar(board, start, max_states=2000)
    assert res.stopped == "memory" and not res.complete
    assert board.lower_bound() <= res.lower <= 28 <= len(res.best) <= len(start)
    assert res.stored <= 2000 + board.ncolours
    assert FLOOD.verify(p, res.best) == []


def test_deadline_is_honoured():
    p = puzzle_from_doc(HARDEST, "record")  # the A* alone needs far more than 0.3 s
    board = Board(p)
    t0 = time.monotonic()
    res = astar(board, board.beam(1), deadline=Deadline.after(0.3))
    assert time.monotonic() - t0 < 1.5
    assert res.stopped == "deadline" and res.lower <= 33


def test_a_one_move_board():
    p = _puzzle(["01", "11"])
    board = Board(p)
    res = astar(board, Moves((1,)))
    assert res.complete and res.best == Moves((1,))


@pytest.mark.parametrize("case", CASES[:6], ids=lambda c: f"seed{c[0]}")
def test_the_bound_counts_every_colour_left_and_its_cap_cuts_consistently(case):
    """Puchert's bound is never below the number of colours left outside the flooded
    region (each needs a move of its own), never above the breadth-first distance, and
    with ``cap`` it exceeds the cap exactly when the uncapped bound does."""
    rows, _ = _setup(case)
    for b in _reachable(rows):
        board = Board(_puzzle(b))
        region = _flood_region(tuple(int(ch) for row in b for ch in row), len(b[0]), len(b), 0)
        left = {int(ch) for i, ch in enumerate("".join(b)) if i not in region}
        h = board.lower_bound()
        assert len(left) <= h <= bfs(b)[0]
        for cap in range(h + 1):
            assert (board.lower_bound(cap=cap) > cap) == (h > cap)


def test_the_default_path_honours_a_short_deadline_with_valid_bounds():
    """16_16_10_001 takes the solver half a minute; 0.5 s stops every step of the path
    (A*, beams, encoding, the portfolio's A* and solver slices) within the limit and half
    a second, with bounds that hold the published optimum."""
    p = puzzle_from_doc(HARDEST, "record")
    t0 = time.monotonic()
    res = optimum(p, time_limit=0.5)
    assert time.monotonic() - t0 < 1.0
    assert not res.proven and res.lower_bound <= 33
    assert res.answer is None or (len(res.answer) >= 33 and FLOOD.verify(p, res.answer) == [])


def test_no_solver_is_imported_when_astar_proves_the_optimum():
    """A board the A* proves on its own needs neither python-sat nor z3 (their import is
    most of the fixed cost of an easy board)."""
    code = ("import sys; from pencilproof.checker import optimum; "
            "from pencilproof.formats.jsondoc import puzzle_from_doc; import json; "
            f"r = optimum(puzzle_from_doc(json.loads({json.dumps(json.dumps(SMALL[0]))}), 'r')); "
            "print(r.optimum, sorted(m for m in ('pysat', 'z3') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split(None, 1)
    assert int(out[0]) == SMALL[0]["optimal_moves"] and out[1].strip() == "[]"


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"seed{c[0]}-{c[1]}x{c[2]}c{c[3]}")
def test_astar_in_slices_reaches_the_bfs_optimum(case):
    """Stopped every 3 expansions and resumed, A* ends where one run ends: the optimum."""
    rows, p = _setup(case)
    board = Board(p)
    search = AStar(board, _slow_sequence(board))
    res = search.run(expansions=3)
    while res.stopped:
        assert res.stopped == "budget" and res.lower <= bfs(rows)[0] <= len(res.best)
        res = search.run(expansions=3)
    assert res.complete and res.lower == len(res.best) == bfs(rows)[0]
    assert FLOOD.verify(p, res.best) == []


def test_a_sequence_offered_from_outside_ends_the_search_at_once():
    """Given the optimum from elsewhere (the solver), an A* whose open list holds only
    states whose moves plus bound reach it is done without expanding any."""
    rec = next(r for r in RECS if r["source"].endswith("12_12_06_002"))  # published 20
    p = puzzle_from_doc(rec, "record")
    board = Board(p)
    search = AStar(board, board.beam(1))
    first = search.run(expansions=50)
    assert first.stopped == "budget" and first.lower <= 20
    optimal = astar(board, board.beam(10, "reach")).best
    assert len(optimal) == 20
    search.offer(optimal)
    # Only states below 20 moves stay open; the search goes on from them and ends.
    res = search.run()
    assert res.complete and res.lower == len(res.best) == 20 and res.best == optimal


@pytest.mark.parametrize("name,moves", [("12_12_08_003", 23), ("14_14_06_001", 22)])
@pytest.mark.parametrize("ascending", [False, True])
def test_the_portfolio_proves_published_optima(name, moves, ascending):
    """A* slices and solver slices in turn reach the published optimum (whichever closes
    the gap), from a one-move-too-long sequence or better, each answer replayed."""
    rec = next(r for r in RECS if r["source"].endswith(name))
    p = puzzle_from_doc(rec, "record")
    board = Board(p)
    start = board.beam(1)
    proof = prove(board, board.lower_bound(), start, AStar(board, start), Deadline(),
                  ascending)
    assert proof.lower == len(proof.best) == moves and proof.by in ("astar", "sat")
    assert FLOOD.verify(p, proof.best) == []


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"seed{c[0]}")
def test_the_solver_side_alone_proves_the_bfs_optimum(case):
    rows, p = _setup(case)
    board = Board(p)
    proof = prove(board, board.lower_bound(), _slow_sequence(board), None, Deadline())
    assert proof.by in ("sat", "") and proof.lower == len(proof.best) == bfs(rows)[0]
    assert FLOOD.verify(p, proof.best) == []


@pytest.mark.parametrize("backend", ["cadical", "z3"])
def test_the_solver_side_proves_published_optima_on_the_solver_chosen(backend, monkeypatch):
    """The portfolio's solver is the one the user chose: z3 (the reference solver) proves
    the same published optima as CaDiCaL, from a single-beam sequence several moves long."""
    made = []
    real = portfolio.make_backend
    monkeypatch.setattr(portfolio, "make_backend", lambda name=None: made.append(name) or
                        real(name))
    for name, moves in (("12_12_06_001", 18), ("14_14_06_001", 22)):
        rec = next(r for r in RECS if r["source"].endswith(name))
        p = puzzle_from_doc(rec, "record")
        board = Board(p)
        start = board.beam(1)
        assert len(start) > moves
        proof = prove(board, board.lower_bound(), start, None, Deadline(), backend=backend)
        assert proof.by == "sat" and proof.lower == len(proof.best) == moves
        assert FLOOD.verify(p, proof.best) == []
    assert made == [backend, backend]


def test_the_portfolio_stops_at_its_deadline_with_valid_bounds():
    p = puzzle_from_doc(HARDEST, "record")
    board = Board(p)
    start = board.beam(1)
    t0 = time.monotonic()
    proof = prove(board, board.lower_bound(), start, AStar(board, start), Deadline.after(0.4))
    assert time.monotonic() - t0 < 0.9
    assert proof.by == "" and proof.lower <= 33 <= len(proof.best) <= len(start)
    assert FLOOD.verify(p, proof.best) == []

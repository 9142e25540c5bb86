"""Flood-It's A* search: the breadth-first optimum of test_floodit (cells, no area graph)
on small random boards, the published optima of the small thesis boards, an admissible
bound on every reachable state, and bounds that stay valid when memory or time runs out."""
from __future__ import annotations

import random
import time

import pytest

from pencilproof.checker import optimum
from pencilproof.encodings import GENRES
from pencilproof.encodings.floodit.astar import astar
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
    p = puzzle_from_doc(HARD, "record")
    board = Board(p)
    t0 = time.monotonic()
    res = astar(board, board.beam(1), deadline=Deadline.after(0.3))
    assert time.monotonic() - t0 < 1.5
    assert res.stopped == "deadline" and res.lower <= 28


def test_a_one_move_board():
    p = _puzzle(["01", "11"])
    board = Board(p)
    res = astar(board, Moves((1,)))
    assert res.complete and res.best == Moves((1,))

"""Flood-It's exact search and beam portfolio, against the independent breadth-first
search of test_floodit and the published optima of the thesis boards."""
from __future__ import annotations

import random

import pytest

from pencilproof.checker import optimum
from pencilproof.encodings import GENRES
from pencilproof.encodings.floodit.genre import FloodOptimum
from pencilproof.encodings.floodit.board import TIES, Board, Moves
from pencilproof.encodings.floodit.search import improve
from pencilproof.formats.jsondoc import puzzle_from_doc

from test_floodit import RECS, _puzzle, _random_board, bfs

FLOOD = GENRES["floodit"]
CASES = [(100 + seed, h, w, k) for seed, (h, w, k) in enumerate(
    [(3, 3, 3), (4, 4, 3), (4, 4, 4), (4, 5, 4), (5, 5, 3), (5, 5, 4), (5, 4, 4), (5, 5, 4)])]


def _slow_sequence(board: Board) -> Moves:
    """A valid but long sequence: the colours in turn, skipping the region's own."""
    seq: list[int] = []
    s, b = board.initial()
    while s != board.full:
        c = (seq[-1] + 1 if seq else 0) % board.ncolours
        if seq and c == seq[-1] or not board.colour_mask[c] & b:
            c = next(x for x in range(board.ncolours) if board.colour_mask[x] & b)
        seq.append(c)
        s, b = board.play(s, b, c)
    return Moves(tuple(seq))


def _setup(case):
    """(the BFS optimum, the puzzle, its board, a valid but long sequence)."""
    seed, h, w, k = case
    rows = _random_board(random.Random(seed), h, w, k)
    best, _ = bfs(rows)
    p = _puzzle(rows)
    board = Board(p)
    return best, p, board, _slow_sequence(board)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"seed{c[0]}-{c[1]}x{c[2]}c{c[3]}")
def test_search_proves_the_bfs_optimum_from_a_long_sequence(case):
    best, p, board, start = _setup(case)
    assert FLOOD.verify(p, start) == []
    res = improve(board, start, board.lower_bound())
    assert res.complete and res.lower == best == len(res.best)
    assert FLOOD.verify(p, res.best) == []


@pytest.mark.parametrize("case", CASES[:4], ids=lambda c: f"seed{c[0]}")
def test_search_out_of_budget_keeps_valid_bounds(case):
    best, p, board, start = _setup(case)
    res = improve(board, start, board.lower_bound(), max_nodes=1)
    assert res.lower <= best <= len(res.best) <= len(start)
    assert FLOOD.verify(p, res.best) == []


@pytest.mark.parametrize("tie", sorted(TIES))
def test_every_beam_tie_break_gives_a_valid_sequence(tie):
    for seed in range(3):
        rows = _random_board(random.Random(200 + seed), 5, 5, 4)
        p = _puzzle(rows)
        moves = Board(p).beam(10, tie)
        assert FLOOD.verify(p, moves) == [] and len(moves) >= bfs(rows)[0]


#: Boards (seed, rows, cols, colours) where one greedy beam of width 1 stops above
#: Puchert's bound, so the solver must prove (and on some, find) the optimum.
SAT_CASES = [(318, 5, 5, 4), (316, 5, 5, 4), (319, 5, 6, 4), (316, 6, 6, 3), (301, 6, 6, 4),
             (302, 6, 6, 4), (304, 6, 6, 4)]


@pytest.mark.parametrize("backend", ["cadical", "z3"])
def test_sat_alone_still_proves_the_bfs_optimum(monkeypatch, backend):
    """Without the exact searches and the portfolio (and with one narrow beam) the
    checker's own solver loop does the work."""
    weak = FloodOptimum(width=1, nodes=0, ties=("flooded",), astar_first=0, portfolio=False)
    monkeypatch.setattr(FLOOD, "optimisation", weak)
    for seed, h, w, k in SAT_CASES:
        rows = _random_board(random.Random(seed), h, w, k)
        p = _puzzle(rows)
        lower, first = weak.bounds(p)
        assert lower < len(first)
        res = optimum(p, backend=backend)
        assert res.proven and res.optimum == bfs(rows)[0] == len(res.answer)
        assert res.stats.get("solver_calls", 0) >= 1
        assert FLOOD.verify(p, res.answer) == []


def test_the_portfolio_reaches_a_published_optimum_the_first_beam_misses():
    """14_14_08_001: the beam ranked by flooded areas alone finds 24 moves; the optimum
    (published: 23) comes from the other tie-breaks."""
    rec = next(r for r in RECS if r["source"].endswith("14_14_08_001"))
    p = puzzle_from_doc(rec, "record")
    assert len(Board(p).beam(100, "flooded")) == 24
    lower, best = FloodOptimum(nodes=0).bounds(p)
    assert len(best) == rec["optimal_moves"] == 23 and lower <= 23
    assert FLOOD.verify(p, best) == []

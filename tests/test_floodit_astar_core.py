"""Flood-It's A* core in C (_astar.c) against the Python search it replaces: the same bound
on random states (boards of one word to more than 1024 areas), the same states expanded
in the same order to the published optima, the breadth-first optima on small boards from
both, and the C side's own duties: slices, offers, the state budget, a deadline and Ctrl-C
within a slice, and a fallback without it."""
from __future__ import annotations

import random
import signal
import time

import pytest

from pencilproof.encodings import GENRES
from pencilproof.encodings.floodit import _astar, astar as astar_module, board as board_module
from pencilproof.encodings.floodit.astar import AStar, compiled
from pencilproof.encodings.floodit.board import Board, Moves, replay
from pencilproof.formats.jsondoc import puzzle_from_doc
from pencilproof.puzzle import Puzzle
from pencilproof.solvers.deadline import NEVER, Deadline, TimeUp

from test_floodit import RECS, bfs
from test_floodit_astar import CASES, _setup
from test_floodit_search import _slow_sequence

FLOOD = GENRES["floodit"]


def _rec(name: str) -> dict:
    return next(r for r in RECS if r["source"].split("/")[-1].split(" ")[0] == name)


def _board(name: str) -> tuple[Puzzle, Board]:
    p = puzzle_from_doc(_rec(name), "record")
    return p, Board(p)


def _random_puzzle(rng: random.Random, h: int, w: int, k: int) -> Puzzle:
    grid = tuple(tuple(rng.randrange(k) for _ in range(w)) for _ in range(h))
    return Puzzle("floodit", h, w, grid)


def _random_states(board: Board, rng: random.Random, count: int) -> list[tuple[int, int]]:
    """States along random games (random bordering colour each move)."""
    out = []
    while len(out) < count:
        s, b = board.initial()
        while s != board.full and len(out) < count:
            out.append((s, b))
            c = rng.choice([c for c, m in enumerate(board.colour_mask) if m & b])
            s, b = board.play(s, b, c)
    return out


def test_the_core_is_built_and_chosen_by_default(monkeypatch):
    monkeypatch.delenv("PENCILPROOF_PURE", raising=False)
    assert compiled()
    _, board = _board("12_12_06_001")
    assert AStar(board, board.beam(1)).core is not None


@pytest.mark.parametrize("shape", [(12, 12, 6), (20, 20, 10), (45, 45, 8)])
def test_the_c_bound_is_the_boards_bound_on_random_states(shape):
    """Two words of areas (12x12: some 100 areas), several, and more than 1024 areas
    (45x45, 8 colours): Puchert's bound, uncapped and with caps around it."""
    rng = random.Random(sum(shape))
    board = Board(_random_puzzle(rng, *shape))
    if shape[0] == 45:
        assert board.n > 1024
    core = AStar(board, _slow_sequence(board), pure=False).core
    size = 8 * ((board.n + 63) // 64)
    for s, b in _random_states(board, rng, 60 if shape[0] < 45 else 12):
        sb, bb = s.to_bytes(size, "little"), b.to_bytes(size, "little")
        h = board.python_bound(s, b)
        assert core.bound(sb, bb) == h == board.lower_bound(s, b)
        for cap in (-1, 0, h // 2, h - 1, h, h + 3):
            assert core.bound(sb, bb, True, cap) == board.python_bound(s, b, cap)
            assert board.lower_bound(s, b, cap) == board.python_bound(s, b, cap)


EXACT = ["002.txt", "12_12_06_001", "12_12_06_002", "12_12_06_003", "12_12_08_004"]


@pytest.mark.parametrize("name", EXACT)
def test_c_and_python_expand_the_same_states_to_the_published_optimum(name):
    p, board = _board(name)
    best = board.beam(10, "reach")
    lower = board.lower_bound()
    c = AStar(board, best, lower, pure=False).run()
    py = AStar(board, best, lower, pure=True).run()
    assert c.complete and py.complete
    assert c.lower == py.lower == len(c.best) == len(py.best) == _rec(name)["optimal_moves"]
    assert (c.expanded, c.stored) == (py.expanded, py.stored)
    assert replay(p, c.best.colours).flooded and FLOOD.verify(p, c.best) == []


@pytest.mark.parametrize("pure", [True, False], ids=["python", "c"])
@pytest.mark.parametrize("case", CASES, ids=lambda c: f"seed{c[0]}")
def test_both_prove_the_bfs_optimum_from_a_long_sequence(case, pure):
    rows, p = _setup(case)
    board = Board(p)
    res = AStar(board, _slow_sequence(board), pure=pure).run()
    assert res.complete and res.lower == len(res.best) == bfs(rows)[0]
    assert FLOOD.verify(p, res.best) == []


def test_after_one_expansion_both_bounds_are_admissible_and_equal():
    """On every reachable state of small boards (the breadth-first distance known), the
    bound after one expansion (pathmax included) is the same in C and Python, and below
    the distance."""
    from test_floodit import _puzzle
    from test_floodit_astar import _reachable
    for case in CASES[:4]:
        rows, _ = _setup(case)
        for b in _reachable(rows):
            board = Board(_puzzle(b))
            exact = bfs(b)[0]
            start = _slow_sequence(board)
            c = AStar(board, start, pure=False).run(max_states=1)
            py = AStar(board, start, pure=True).run(max_states=1)
            assert c.lower == py.lower <= exact <= len(c.best)


def test_slices_end_where_one_run_ends():
    """Stopped every 7 expansions (C) and resumed, the search expands the same states as
    one run and proves the same optimum (12_12_06_002, published 20)."""
    p, board = _board("12_12_06_002")
    best = board.beam(1)
    one = AStar(board, best, pure=False).run()
    search = AStar(board, best, pure=False)
    res = search.run(expansions=7)
    slices = 1
    while res.stopped:
        assert res.stopped == "budget" and res.expanded == 7 * slices
        assert res.lower <= 20 <= len(res.best)
        res = search.run(expansions=7)
        slices += 1
    assert res.complete and len(res.best) == 20 == one.lower
    assert (res.expanded, res.stored, res.best) == (one.expanded, one.stored, one.best)


def test_an_offered_sequence_prunes_the_same_in_c_and_python():
    p, board = _board("12_12_06_002")  # published 20
    optimal = AStar(board, board.beam(10, "reach")).run().best
    assert len(optimal) == 20
    results = []
    for pure in (True, False):
        search = AStar(board, board.beam(1), pure=pure)
        first = search.run(expansions=50)
        assert first.stopped == "budget"
        search.offer(optimal)
        results.append(search.run())
    py, c = results
    assert c.complete and c.lower == 20 and c.best == optimal
    assert (c.expanded, c.stored) == (py.expanded, py.stored)
    # Without the offer the search expands more states before it proves the same.
    alone = AStar(board, board.beam(1), pure=False).run()
    assert alone.lower == 20 and alone.expanded > c.expanded


def test_the_state_budget_is_honoured_as_in_python():
    p, board = _board("14_14_10_004")  # published 28
    start = board.beam(1)
    c = AStar(board, start, pure=False).run(max_states=2000)
    py = AStar(board, start, pure=True).run(max_states=2000)
    assert c.stopped == py.stopped == "memory"
    assert (c.lower, c.expanded, c.stored) == (py.lower, py.expanded, py.stored)
    assert 2000 < c.stored <= 2000 + board.ncolours
    assert c.lower <= 28 <= len(c.best)


HARD = "16_16_10_001"  # published 33; the A* cannot finish it in seconds


@pytest.mark.timed
def test_a_deadline_stops_the_c_search_within_a_slice():
    _, board = _board(HARD)
    search = AStar(board, board.beam(1), pure=False)
    t0 = time.monotonic()
    res = search.run(Deadline.after(0.2))
    assert time.monotonic() - t0 < 0.3
    assert res.stopped == "deadline" and res.expanded > astar_module.SLICE
    assert board.lower_bound() <= res.lower <= 33


@pytest.mark.timed
def test_a_deadline_stops_the_c_search_on_a_board_of_3000_areas():
    """Expansions take some 100 times longer there: the slices shrink to keep the stop
    within a few milliseconds of the deadline."""
    rng = random.Random(5)
    board = Board(_random_puzzle(rng, 64, 64, 10))
    assert board.n > 3000
    search = AStar(board, _slow_sequence(board), pure=False)
    t0 = time.monotonic()
    res = search.run(Deadline.after(0.2))
    assert time.monotonic() - t0 < 0.3
    assert res.stopped == "deadline" and res.expanded > 0 and search.slice < astar_module.SLICE


@pytest.mark.timed
def test_ctrl_c_surfaces_from_inside_the_c_search_and_it_can_go_on():
    """A SIGINT-like interrupt (SIGALRM's handler raising KeyboardInterrupt) during one
    long C call surfaces within a second; the search then resumes with valid bounds."""
    _, board = _board(HARD)
    search = AStar(board, board.beam(1), pure=False)
    core = search.core
    old = signal.signal(signal.SIGALRM, signal.default_int_handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        t0 = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            core.run(10**12, 10**9)  # one call: only the core's own check can stop it
        assert time.monotonic() - t0 < 1.2
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert core.expanded > 0
    search.expanded = core.expanded
    res = search.run(expansions=100)
    assert res.stopped == "budget" and res.lower <= 33 <= len(res.best)


def test_without_the_core_the_python_search_runs(monkeypatch):
    _, board = _board("12_12_06_001")
    monkeypatch.setenv("PENCILPROOF_PURE", "1")
    assert not compiled() and AStar(board, board.beam(1)).core is None
    monkeypatch.delenv("PENCILPROOF_PURE")
    monkeypatch.setattr(board_module, "core_module", None)
    search = AStar(board, board.beam(1))
    assert search.core is None
    res = search.run()
    assert res.complete and res.lower == 18


def test_bad_construction_is_a_value_error():
    with pytest.raises(ValueError, match="neighbours must be bytes of 3 rows of 1 words"):
        _astar.Core(3, 2, b"\0" * 8, b"\0" * 16, b"\1" + b"\0" * 7, b"\2" + b"\0" * 7, 1, 2)


@pytest.mark.parametrize("pure,budget", [("0", 500_000), ("1", 3000)])
def test_the_first_slice_budget_follows_the_core(monkeypatch, pure, budget):
    """The default path's first A* slice may store 500,000 states in C on a 12x12 board (105
    areas) but 3000 in Python (where 500,000 would take a minute); either proves the easy
    12_12_06_001 (18)."""
    from pencilproof.encodings.floodit import genre
    asked = []

    class Spy(AStar):
        def run(self, deadline=NEVER, max_states=astar_module.MAX_STATES, expansions=None):
            asked.append(max_states)
            return super().run(deadline, max_states, expansions)

    monkeypatch.setenv("PENCILPROOF_PURE", pure)
    monkeypatch.setattr(genre, "AStar", Spy)
    p, _ = _board("12_12_06_001")
    lower, best = genre.FloodOptimum().bounds(p)
    assert asked == [budget] and lower == len(best) == 18


def test_the_first_slice_budget_shrinks_as_states_grow_longer():
    from pencilproof.encodings.floodit.genre import first_budget
    assert [first_budget(500_000, n, True) for n in (60, 105, 128, 129, 192, 256, 320, 4096)] \
        == [500_000, 500_000, 500_000, 333_333, 333_333, 250_000, 200_000, 15_625]
    assert first_budget(500_000, 105, False) == first_budget(500_000, 4096, False) == 3000


def _bfs_moves(board: Board) -> int:
    """Fewest moves to one colour, by breadth-first search over flooded-area states."""
    state, border = board.initial()
    layer, seen, depth = {state: border}, {state}, 0
    while board.full not in layer:
        depth += 1
        nxt: dict[int, int] = {}
        for s, b in layer.items():
            for c, m in enumerate(board.colour_mask):
                if m & b:
                    s2, b2 = board.play(s, b, c)
                    if s2 not in seen:
                        seen.add(s2)
                        nxt[s2] = b2
        layer = nxt
    return depth


@pytest.mark.parametrize("seed", range(4))
def test_the_move_order_rule_keeps_the_optimum_on_random_boards(seed):
    """Searching one order of two exchangeable moves (see astar.py, "Order") loses no
    optimum: on 30 random boards of 3x3 to 7x7 and 3-7 colours, from a random sequence,
    C and Python prove the breadth-first optimum with the same counts, with and without
    the rule. (Run over 4,500 boards of the same kinds while it was built.)"""
    rng = random.Random(900 + seed)
    for _ in range(30):
        h, w, k = rng.randint(3, 7), rng.randint(3, 7), rng.randint(3, 7)
        board = Board(_random_puzzle(rng, h, w, k))
        state, border = board.initial()
        seq = []
        while state != board.full:
            seq.append(rng.choice([c for c, m in enumerate(board.colour_mask) if m & border]))
            state, border = board.play(state, border, seq[-1])
        opt = _bfs_moves(board)
        for prune in (True, False):
            c = AStar(board, Moves(tuple(seq)), pure=False, prune=prune).run()
            py = AStar(board, Moves(tuple(seq)), pure=True, prune=prune).run()
            assert c.complete and c.lower == len(c.best) == opt, (h, w, k, prune)
            assert (c.expanded, c.stored, c.best) == (py.expanded, py.stored, py.best)


def test_the_move_order_rule_saves_expansions_on_a_published_board():
    """12_12_10_002 (published optimum 26): 99,629 expansions without the rule, 51,070
    with it (states reached again by a move that allows more are expanded again)."""
    p, board = _board("12_12_10_002")
    best = board.beam(10, "reach")
    on = AStar(board, best, pure=False).run()
    off = AStar(board, best, pure=False, prune=False).run()
    assert on.lower == off.lower == len(on.best) == 26 == _rec("12_12_10_002")["optimal_moves"]
    assert on.expanded < 0.6 * off.expanded
    assert replay(p, on.best.colours).flooded


def test_the_beam_on_the_c_bound_is_the_beam_on_pythons(monkeypatch):
    """Board.lower_bound asks the C core where it is built (the beams then cost a fifth):
    the wide beam keeps the same states either way and finds the same sequence (14_14_06_001,
    published 22)."""
    p, board = _board("14_14_06_001")
    assert board._core_bound is not None
    fast = board.beam_levels(100, "reach")
    monkeypatch.setenv("PENCILPROOF_PURE", "1")
    slow_board = Board(p)
    assert slow_board._core_bound is None
    slow = slow_board.beam_levels(100, "reach")
    assert fast == slow and len(fast[0]) >= 22


@pytest.mark.parametrize("k", [64, 66])
def test_the_core_takes_up_to_64_colours_and_python_searches_more(k):
    """The C core keeps the colours left in one 64-bit word: it refuses 65 colours, and
    such a board gets Python's bound and search. A row of k cells of k colours takes k - 1
    moves, one a cell."""
    board = Board(Puzzle("floodit", 1, k, (tuple(range(k)),)))
    size, rows, masks = board.core_tables
    s, b = board.initial()
    with pytest.raises(ValueError, match="n, ncolours, h0 or upper out of range"):
        _astar.Core(board.n, 65, rows, masks[: 65 * size], s.to_bytes(size, "little"),
                    b.to_bytes(size, "little"), 0, 0)
    assert (board._core_bound is None) == (k > 64)
    assert board.lower_bound() == k - 1
    search = AStar(board, Moves(tuple(range(1, k))))
    assert (search.core is None) == (k > 64)
    result = search.run()
    assert (result.complete, result.lower, len(result.best)) == (True, k - 1, k - 1)


# -- the beam search in C ------------------------------------------------------------------
@pytest.mark.parametrize("name", ["12_12_06_001", "14_14_10_002", "16_16_10_001", "20_20_08_006"])
def test_the_c_beam_finds_the_python_beams_sequence_on_published_boards(name):
    """Board.beam runs in C where the core is built; Board.beam_levels is the Python beam
    it replaces: the same sequence at each width and tie-break, never shorter than the
    published optimum, and flooding the board when replayed on its cells."""
    p, board = _board(name)
    assert board._core is not None
    opt = _rec(name)["optimal_moves"]
    for width, tie in ((1, "flooded"), (10, "reach"), (100, "reach"), (40, "border")):
        fast = board.beam(width, tie)
        assert fast == board.beam_levels(width, tie, keep=False)[0]
        assert len(fast) >= opt and replay(p, fast.colours).flooded


@pytest.mark.parametrize("seed", range(3))
def test_the_c_beam_finds_the_python_beams_sequence_on_random_boards(seed):
    """Boards of one cell row to more than 1024 areas (the core's neighbour table and its
    row-by-row path), and boards already one colour from the start."""
    rng = random.Random(100 + seed)
    shapes = [(rng.randrange(1, 9), rng.randrange(1, 9), rng.randrange(2, 7)) for _ in range(40)]
    shapes += [(20, 20, 10), (45, 45, 8)]
    for h, w, k in shapes:
        board = Board(_random_puzzle(rng, h, w, k))
        for width, tie in ((1, "flooded"), (3, "reach"), (5, "border")):
            assert board.beam(width, tie) == board.beam_levels(width, tie, keep=False)[0]
    one = Board(Puzzle("floodit", 1, 3, ((1, 1, 1),)))
    assert one.beam(10, "reach") == Moves(()) == one.beam_levels(10, "reach")[0]


def test_the_beam_is_pythons_without_the_core(monkeypatch):
    p, _ = _board("12_12_06_001")
    monkeypatch.setenv("PENCILPROOF_PURE", "1")
    board = Board(p)
    assert board._core is None
    assert len(board.beam(10, "reach")) >= 18


@pytest.mark.timed
def test_a_deadline_stops_the_c_beam_within_a_level():
    """A width-1000 beam on a board of over 3000 areas takes 1-2 s a level: the core looks
    at the time every 16 states of a level, so the beam stops within a few milliseconds
    of the deadline."""
    rng = random.Random(5)
    board = Board(_random_puzzle(rng, 64, 64, 10))
    assert board.n > 3000 and board._core is not None
    t0 = time.monotonic()
    with pytest.raises(TimeUp):
        board.beam(1000, "reach", Deadline.after(0.2))
    assert time.monotonic() - t0 < 0.4


def test_a_level_cut_by_its_time_is_made_again_the_same():
    """beam_step(until) with ``until`` past leaves the level as it was (False): the next
    calls go on to the same sequence as an uncut beam."""
    _, board = _board("14_14_10_002")
    core, size = board._core, board.core_tables[0]
    s, b = board.initial()
    core.beam_start(30, 2, s.to_bytes(size, "little"), b.to_bytes(size, "little"))
    steps = 0
    while True:
        assert core.beam_step(time.monotonic() - 1.0) is False
        seq = core.beam_step()
        steps += 1
        if seq is not None:
            break
    assert Moves(tuple(seq)) == board.beam_levels(30, "reach", keep=False)[0]
    assert steps == len(seq) >= 30  # one level a move; the published optimum is 30


def test_the_c_beam_refuses_what_it_cannot_do():
    _, board = _board("12_12_06_001")
    core = board._core
    size = board.core_tables[0]
    s, b = board.initial()
    fresh = _astar.Core(board.n, len(board.colour_mask), *board.core_tables[1:],
                        s.to_bytes(size, "little"), b.to_bytes(size, "little"), 0, 0)
    with pytest.raises(RuntimeError, match="no beam_start"):
        fresh.beam_step()
    with pytest.raises(ValueError, match="width or tie out of range"):
        core.beam_start(0, 2, s.to_bytes(size, "little"), b.to_bytes(size, "little"))
    with pytest.raises(ValueError, match="width or tie out of range"):
        core.beam_start(10, 3, s.to_bytes(size, "little"), b.to_bytes(size, "little"))
    with pytest.raises(ValueError, match="bytes of 1 rows"):
        core.beam_start(10, 2, b"\0", b.to_bytes(size, "little"))


@pytest.mark.timed
def test_a_big_board_gets_its_first_sequence_from_a_narrow_beam():
    """The A*'s bounding beam is width 100 up to ASTAR_BEAM_AREAS areas only: on a 64x64
    board of 10 colours (3236 areas) width 100 takes some 10 s before the first sequence,
    width 10 under one. Within 4 s the path returns a sequence that floods the board."""
    from pencilproof.encodings.floodit import genre
    rng = random.Random(5)
    p = _random_puzzle(rng, 64, 64, 10)
    board = Board(p)
    assert board.n > genre.ASTAR_BEAM_AREAS and genre.ASTAR_BEAM == 100
    lower, best = genre.FloodOptimum().bounds(p, Deadline.after(4))
    assert 0 < lower <= len(best) and replay(p, best.colours).flooded

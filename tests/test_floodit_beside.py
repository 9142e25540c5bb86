"""Flood-It's A* in a C thread of its own beside the solver (astar.py ``run_beside``,
portfolio.py ``BESIDE``): it expands what the search in the caller's thread expands and
proves the published optima; it stops when asked, on Ctrl-C and when dropped, and can go
on in the caller's thread afterwards; the portfolio proves the same with it and without."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from pencilproof.encodings import GENRES
from pencilproof.encodings.floodit import portfolio
from pencilproof.encodings.floodit.astar import AStar, compiled
from pencilproof.encodings.floodit.board import Board
from pencilproof.encodings.floodit.portfolio import prove
from pencilproof.formats.jsondoc import puzzle_from_doc
from pencilproof.solvers.backends import TooLarge
from pencilproof.solvers.deadline import Deadline

from test_floodit import RECS

FLOOD = GENRES["floodit"]
pytestmark = pytest.mark.skipif(not compiled(), reason="needs the C core (built at install)")


def _board(name: str):
    rec = next(r for r in RECS if r["source"].endswith(name))
    p = puzzle_from_doc(rec, "record")
    return p, Board(p), rec["optimal_moves"]


def _wait(search: AStar, seconds: float = 60.0):
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
        res = search.poll()
        if res is not None:
            return res
        time.sleep(0.005)
    raise AssertionError("the thread did not end")


def test_the_thread_expands_what_the_callers_search_expands():
    """12_12_10_002 (published 26): the same expansions, table and optimum either way."""
    p, board, opt = _board("12_12_10_002")
    best = board.beam(10, "reach")
    here = AStar(board, best).run()
    there = AStar(board, best)
    assert there.run_beside() and there.running
    res = _wait(there)
    assert not there.running and res.complete and res.stopped == ""
    assert res.lower == len(res.best) == here.lower == opt == 26
    assert (res.expanded, res.stored) == (here.expanded, here.stored)
    assert FLOOD.verify(p, res.best) == []
    assert there.poll() is None and there.stop() is None  # joined once, then nothing runs


def test_stop_halts_within_moments_and_the_search_goes_on_here():
    """16_16_10_001 (published 33) is far beyond a tenth of a second of A*: stop() ends
    the thread at once with a valid bound, and the caller's thread can go on from there."""
    p, board, opt = _board("16_16_10_001")
    search = AStar(board, board.beam(1))
    search.run_beside()
    time.sleep(0.1)
    with pytest.raises(RuntimeError, match="runs in its thread"):
        search.core.min_f()
    t0 = time.monotonic()
    res = search.stop()
    assert time.monotonic() - t0 < 0.5
    assert res.stopped == "halted" and not res.complete and res.expanded > 0
    assert board.lower_bound() <= res.lower <= opt < len(res.best)
    more = search.run(Deadline.after(0.2))
    assert more.expanded > res.expanded and res.lower <= more.lower <= opt


def test_an_offer_reaches_the_running_thread():
    """A sequence of the optimum's length, offered just after the thread starts, ends its
    search below it: it proves that sequence optimal, keeps it, and expands fewer states
    than without the offer (51,070 against 51,084 from the 29 moves of beam(1))."""
    p, board, opt = _board("12_12_10_002")
    ref = AStar(board, board.beam(1)).run()
    assert ref.complete and len(ref.best) == opt < len(board.beam(1))
    search = AStar(board, board.beam(1))
    search.run_beside()
    search.offer(ref.best)
    res = _wait(search)
    assert res.complete and res.lower == len(res.best) == opt
    assert res.best == ref.best and res.expanded < ref.expanded


def test_a_dropped_search_stops_its_thread():
    p, board, opt = _board("16_16_10_001")
    search = AStar(board, board.beam(1))
    search.run_beside()
    t0 = time.monotonic()
    del search  # the core's deallocation halts and joins the thread
    assert time.monotonic() - t0 < 0.5


@pytest.mark.parametrize("beside", [True, False], ids=["beside", "in-turns"])
@pytest.mark.parametrize("name", ["12_12_10_002", "14_14_06_001"])
def test_the_portfolio_proves_the_same_beside_and_in_turns(monkeypatch, name, beside):
    monkeypatch.setattr(portfolio, "BESIDE", beside)
    monkeypatch.setattr(portfolio, "cores", lambda: 2)
    p, board, opt = _board(name)
    start = board.beam(1)
    search = AStar(board, start)
    search.run(Deadline(), 200)  # a first slice, as the genre runs one
    proof = prove(board, board.lower_bound(), start, search, Deadline.after(120))
    assert proof.lower == len(proof.best) == opt and proof.by in ("astar", "sat")
    assert not search.running and FLOOD.verify(p, proof.best) == []


def test_ctrl_c_amid_the_solver_stops_the_thread(monkeypatch):
    """A KeyboardInterrupt in the solver's turn leaves no thread behind."""
    p, board, opt = _board("16_16_10_001")

    def interrupted(self, lower, best, until):
        raise KeyboardInterrupt
    monkeypatch.setattr(portfolio._Sat, "step", interrupted)
    monkeypatch.setattr(portfolio, "cores", lambda: 2)
    search = AStar(board, board.beam(1))
    with pytest.raises(KeyboardInterrupt):
        prove(board, board.lower_bound(), board.beam(1), search, Deadline.after(60))
    assert not search.running


def test_a_deadline_ends_both_sides_with_valid_bounds(monkeypatch):
    monkeypatch.setattr(portfolio, "cores", lambda: 2)
    p, board, opt = _board("16_16_10_001")
    start = board.beam(1)
    search = AStar(board, start)
    t0 = time.monotonic()
    proof = prove(board, board.lower_bound(), start, search, Deadline.after(1.0))
    assert time.monotonic() - t0 < 2.0
    assert not search.running and proof.by == ""
    assert board.lower_bound() <= proof.lower <= opt <= len(proof.best)


def test_one_thread_where_the_environment_says_so(monkeypatch):
    """PENCILPROOF_THREADS=1 (set by the workers of generate and of the page): the A* and
    the solver take turns in one thread, and prove the same."""
    monkeypatch.setenv("PENCILPROOF_THREADS", "1")
    assert portfolio.cores() == 1
    p, board, opt = _board("12_12_10_002")
    search = AStar(board, board.beam(1))
    search.run(Deadline(), 200)
    started = []
    monkeypatch.setattr(AStar, "run_beside", lambda self, n=0: started.append(n) or False)
    proof = prove(board, board.lower_bound(), board.beam(1), search, Deadline.after(120))
    assert proof.lower == len(proof.best) == opt and started == []


def _as_under_a_terminal() -> None:
    """Ctrl-C as a shell leaves it (pytest-xdist's workers ignore SIGINT, and a child
    inherits that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@pytest.mark.parametrize("sig, code, word", [(signal.SIGINT, 130, "interrupted"),
                                             (signal.SIGTERM, 143, "terminated")])
def test_a_signal_amid_the_proof_ends_the_command_at_once(tmp_path, sig, code, word):
    """16_16_10_001 takes the default path some 20 s: a second and a half in, the A* runs
    in its thread beside the beam or the solver; Ctrl-C (or SIGTERM) still ends the
    command within a second with its one line (the thread blocks every signal)."""
    rec = next(r for r in RECS if r["source"].endswith("16_16_10_001"))
    board = tmp_path / "board.jsonl"
    board.write_text(json.dumps(rec) + "\n")
    env = {k: v for k, v in os.environ.items() if k != "PENCILPROOF_THREADS"}
    p = subprocess.Popen([sys.executable, "-c", "from pencilproof.cli import run; run()",
                          "solve", str(board)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=env, preexec_fn=_as_under_a_terminal)
    time.sleep(1.5)
    assert p.poll() is None
    t = time.monotonic()
    p.send_signal(sig)
    _, err = p.communicate(timeout=30)
    assert (p.returncode, err) == (code, f"pencilproof: {word}\n")
    assert time.monotonic() - t < 1.0


def test_progress_is_published_while_the_thread_runs():
    """progress() may be asked while the thread runs: neither its counts nor its bound fall,
    and the bound never passes the published optimum of 16_16_10_001 (33); once stopped
    it is the result's."""
    p, board, opt = _board("16_16_10_001")
    search = AStar(board, board.beam(1))
    start = search.progress()
    assert start == (0, 1, max(board.lower_bound(), start[2])) and start[2] <= opt
    search.run_beside()
    seen = [start]
    for _ in range(20):
        time.sleep(0.01)
        seen.append(search.progress())
    res = search.stop()
    assert all(a <= b for x, y in zip(seen, seen[1:]) for a, b in zip(x, y))  # none falls
    assert seen[-1][0] > 0
    assert all(lower <= opt for _, _, lower in seen)
    assert search.progress() == (res.expanded, res.stored, res.lower)


@pytest.mark.parametrize("after, stopped", [(1, True), (10**9, False)])
def test_a_thread_that_lags_behind_the_best_sequence_is_stopped(monkeypatch, after, stopped):
    """Past LAG_AFTER expansions with its bound LAG or more below the best sequence the
    thread is stopped and the solver goes on alone (here after 1 and LAG 1: at the first
    look, the first slice having made 200); the published optimum of 12_12_10_002 (26) is
    proven either way."""
    monkeypatch.setattr(portfolio, "LAG_AFTER", after)
    monkeypatch.setattr(portfolio, "LAG_STORED", after)
    monkeypatch.setattr(portfolio, "LAG", 1)
    monkeypatch.setattr(portfolio, "cores", lambda: 2)
    p, board, opt = _board("12_12_10_002")
    start = board.beam(1)
    assert len(start) > opt
    lagged = []
    real = portfolio._lagging

    def spy(search, best):
        lagged.append((real(search, best), search.running))
        return lagged[-1][0]
    monkeypatch.setattr(portfolio, "_lagging", spy)
    search = AStar(board, start)
    search.run(Deadline(), 200)
    proof = prove(board, board.lower_bound(), start, search, Deadline.after(120))
    assert proof.lower == len(proof.best) == opt and FLOOD.verify(p, proof.best) == []
    assert not search.running
    if stopped:
        assert lagged == [(True, True)]  # the first look stops it, and none follows
        assert proof.by == "sat" and proof.expanded < 51_084  # the A* alone from them: 51,084
    else:
        assert lagged and not any(lag for lag, _ in lagged)


def test_without_a_solver_a_lagging_thread_goes_on(monkeypatch):
    """Where no solver can be made (its clauses too large) the A* is the only prover, so
    it is not stopped for lagging: it proves 12_12_10_002's published 26 alone, with the
    expansions of one uninterrupted search from the same 29 moves (51,084)."""
    monkeypatch.setattr(portfolio, "LAG_AFTER", 1)
    monkeypatch.setattr(portfolio, "LAG", 1)
    monkeypatch.setattr(portfolio, "cores", lambda: 2)

    def too_large(*args, **kwargs):
        raise TooLarge("the clauses would not fit")
    monkeypatch.setattr(portfolio, "_Sat", too_large)
    p, board, opt = _board("12_12_10_002")
    start = board.beam(1)
    assert len(start) == 29
    search = AStar(board, start)
    search.run(Deadline(), 200)
    proof = prove(board, board.lower_bound(), start, search, Deadline.after(120))
    assert proof.by == "astar" and proof.lower == len(proof.best) == opt == 26
    assert proof.expanded == 51_084 and FLOOD.verify(p, proof.best) == []


def test_lagging_is_measured_against_the_best_sequence():
    class At:
        def __init__(self, expanded, stored, lower):
            self.state = (expanded, stored, lower)

        def progress(self):
            return self.state
    after, stored = portfolio.LAG_AFTER, portfolio.LAG_STORED
    assert portfolio._lagging(At(after, 0, 33), 35)
    assert portfolio._lagging(At(0, stored, 33), 35)
    assert not portfolio._lagging(At(after - 1, stored - 1, 33), 35)
    assert not portfolio._lagging(At(after, stored, 34), 35)

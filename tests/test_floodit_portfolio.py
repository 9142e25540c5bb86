"""Flood-It's portfolio runs its solver side on CaDiCaL with the proof options
(``PROOF_OPTIONS``, set before the first clause) and still proves the published optima;
z3, which takes no options, proves the same."""
from __future__ import annotations

import pytest

from pencilproof.encodings import GENRES
from pencilproof.encodings.floodit import portfolio
from pencilproof.encodings.floodit.board import Board
from pencilproof.encodings.floodit.portfolio import PROOF_OPTIONS, prove
from pencilproof.formats.jsondoc import puzzle_from_doc
from pencilproof.solvers.backends import CadicalBackend
from pencilproof.solvers.deadline import Deadline, TimeUp

from test_floodit import RECS

FLOOD = GENRES["floodit"]


def _board(name: str):
    rec = next(r for r in RECS if r["source"].endswith(name))
    p = puzzle_from_doc(rec, "record")
    return p, Board(p)


def test_the_solver_side_is_configured_before_its_first_clause(monkeypatch):
    """CaDiCaL gets PROOF_OPTIONS while it holds no clause yet, and the configured solver
    proves the published optimum of 14_14_06_001 (22 moves) from a longer sequence."""
    assert ("stabilize", 0) in PROOF_OPTIONS
    seen = []
    real = CadicalBackend.configure

    def spy(self, options):
        seen.append((dict(options), self.nclauses))
        real(self, options)
    monkeypatch.setattr(CadicalBackend, "configure", spy)
    p, board = _board("14_14_06_001")
    start = board.beam(1)
    assert len(start) > 22
    proof = prove(board, board.lower_bound(), start, None, Deadline(), backend="cadical")
    assert proof.by == "sat" and proof.lower == len(proof.best) == 22
    assert FLOOD.verify(p, proof.best) == []
    assert seen == [(dict(PROOF_OPTIONS), 0)]


def test_configure_after_a_clause_is_refused():
    """CaDiCaL may abort the whole process when an option comes after clauses; the backend
    refuses that in Python first."""
    b = CadicalBackend()
    try:
        b.add_clause([b.new_var()])
        with pytest.raises(AssertionError, match="before any clause"):
            b.configure({"stabilize": 0})
    finally:
        b.close()


def test_without_proof_options_the_defaults_prove_the_same(monkeypatch):
    """PROOF_OPTIONS empty (CaDiCaL's defaults) and z3 (no options at all) prove the same
    published optimum of 12_12_06_001 (18 moves)."""
    monkeypatch.setattr(portfolio, "PROOF_OPTIONS", ())
    p, board = _board("12_12_06_001")
    for backend in ("cadical", "z3"):
        start = board.beam(1)
        proof = prove(board, board.lower_bound(), start, None, Deadline(), backend=backend)
        assert proof.lower == len(proof.best) == 18
        assert FLOOD.verify(p, proof.best) == []


def test_the_wide_beam_finds_the_sequence_the_narrow_one_misses():
    """On 16_16_08_004 (published optimum 28) the genre's width-100 beam stops one move
    over; the wide beam (WIDE_BEAM) finds 28 moves, so the solver need not search for them."""
    p, board = _board("16_16_08_004")
    narrow = board.beam(100, "reach")
    assert len(narrow) == 29
    wide = portfolio._wider(board, narrow, Deadline())
    assert len(wide) == 28 and FLOOD.verify(p, wide) == []
    assert portfolio._wider(board, wide, Deadline()) is wide  # no shorter: kept


@pytest.mark.parametrize("after, runs", [(0.0, 1), (1e9, 0)])
def test_the_wide_beam_runs_once_after_the_solvers_first_seconds(monkeypatch, after, runs):
    """After WIDE_AFTER seconds of solver time the wide beam runs once (never, when the
    solver closes the gap sooner); either way the published optimum of 16_16_08_004 is
    proven from the narrow beam's 29 moves."""
    monkeypatch.setattr(portfolio, "WIDE_AFTER", after)
    monkeypatch.setattr(portfolio, "WIDE_AFTER_PURE", after)
    monkeypatch.setattr(portfolio, "SAT_FIRST", 1e-4)  # the first slice cannot close it
    calls = []
    real = portfolio._wider

    def spy(board, best, deadline):
        calls.append(len(best))
        return real(board, best, deadline)
    monkeypatch.setattr(portfolio, "_wider", spy)
    p, board = _board("16_16_08_004")
    proof = prove(board, board.lower_bound(), board.beam(100, "reach"), None, Deadline(),
                  backend="cadical")
    assert proof.lower == len(proof.best) == 28
    assert FLOOD.verify(p, proof.best) == []
    assert len(calls) == runs


def test_the_wide_beam_stops_when_the_astar_thread_ends():
    """The wide beam runs under a deadline that also passes once the A* thread has ended
    (its result, which may close the gap, is kept): a beam that would take a second
    more does not keep a proof waiting (16_16_08_004: 1.77 s before, 2.40 s with a beam
    that ignored the thread)."""

    class Ending:
        def __init__(self):
            self.polls = 0

        def poll(self):
            self.polls += 1
            return "result" if self.polls >= 3 else None

    search = Ending()
    watch = portfolio._UntilEnded(None, search)
    assert [watch.passed() for _ in range(4)] == [False, False, True, True]
    assert watch.ended == ["result"] and search.polls == 3  # polled no more once ended
    p, board = _board("16_16_08_004")
    with pytest.raises(TimeUp):
        portfolio._wider(board, board.beam(100, "reach"), portfolio._UntilEnded(None, Ending()))


def test_the_wide_beam_waits_longer_where_the_bound_runs_in_python(monkeypatch):
    """In Python the wide beam costs some seven times more, so it waits WIDE_AFTER_PURE."""
    monkeypatch.setenv("PENCILPROOF_PURE", "1")  # the C core turned off, built or not
    assert portfolio._wide_after() == portfolio.WIDE_AFTER_PURE == 10.0
    monkeypatch.setattr(portfolio, "compiled", lambda: True)
    assert portfolio._wide_after() == portfolio.WIDE_AFTER == 1.0

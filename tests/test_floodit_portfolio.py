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
from pencilproof.solvers.deadline import Deadline

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

"""z3 keeps an interrupt that finds nothing running: every later call on that context fails
with 'canceled'. A deadline's timer that fires just as a clause hand-over ends must not
break the later z3 solvers of the process (a batch check, a page's worker, the tests)."""
from __future__ import annotations

import time

from pencilproof.solvers import backends
from pencilproof.solvers.backends import Status, Z3Backend

CLAUSES = [[i, i + 1] for i in range(1, 30000)]


class LateTimer:
    """Fires when it is cancelled: just after the hand-over, as a late timer does."""

    def __init__(self, seconds: float, fire) -> None:
        self.fire, self.daemon = fire, True

    def start(self) -> None:
        pass

    def cancel(self) -> None:
        self.fire()


def test_a_late_interrupt_leaves_later_solvers_working(monkeypatch):
    monkeypatch.setattr(backends.threading, "Timer", LateTimer)
    first = Z3Backend()
    first.add_clauses(CLAUSES)
    assert first.solve(deadline=time.monotonic() + 60) is Status.UNKNOWN  # cut: no verdict
    monkeypatch.undo()
    later = Z3Backend()
    later.add_clauses(CLAUSES + [[-1], [-3]])
    assert later.solve() is Status.SAT and later.values([2, 4]) == [True, True]
    again = Z3Backend()
    again.add_clauses([[1], [-1]])
    assert again.solve() is Status.UNSAT

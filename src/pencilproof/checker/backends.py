"""Solver backends: one small clause-level interface over z3 and CaDiCaL (as PySAT does).

Encodings speak only in DIMACS-style literals (positive/negative ints) and clauses, so
the same encoding runs on every backend and the backends can be compared on it.
"""
from __future__ import annotations

import enum
import time
from typing import Iterable, Protocol, Sequence


class Status(enum.Enum):
    SAT = "sat"
    UNSAT = "unsat"
    UNKNOWN = "unknown"


class Backend(Protocol):
    """An incremental SAT solver: clauses only ever added, solved under assumptions."""

    name: str

    def new_var(self) -> int: ...
    def add_clause(self, lits: Sequence[int]) -> None: ...
    def solve(self, assumptions: Sequence[int] = (), deadline: float | None = None) -> Status: ...
    def values(self, lits: Iterable[int]) -> list[bool]: ...
    def stats(self) -> dict: ...


class _Counting:
    """Shared bookkeeping: variable numbering, counters, the constant TRUE literal."""

    name = "?"

    def __init__(self) -> None:
        self.nvars = 0
        self.nclauses = 0
        self.calls = 0
        self.solve_seconds = 0.0
        self._true: int | None = None

    def new_var(self) -> int:
        self.nvars += 1
        self._grow(self.nvars)
        return self.nvars

    def _grow(self, n: int) -> None:
        pass

    @property
    def true(self) -> int:
        """A literal fixed to true (its negation is false)."""
        if self._true is None:
            self._true = self.new_var()
            self.add_clause([self._true])
        return self._true

    def stats(self) -> dict:
        return {"backend": self.name, "vars": self.nvars, "clauses": self.nclauses,
                "solver_calls": self.calls, "solve_seconds": round(self.solve_seconds, 6)}


class CadicalBackend(_Counting):
    """CaDiCaL through python-sat: ~10x cheaper per incremental round than z3's Python API."""

    name = "cadical"

    def __init__(self) -> None:
        super().__init__()
        from pysat.solvers import Solver
        self._s = Solver(name="cadical195")
        self._model: list[int] | None = None

    def add_clause(self, lits: Sequence[int]) -> None:
        self.nclauses += 1
        if not lits:  # an empty clause: make the instance unsatisfiable explicitly
            v = self.new_var()
            self._s.add_clause([v])
            self._s.add_clause([-v])
            return
        self._s.add_clause(list(lits))

    def solve(self, assumptions: Sequence[int] = (), deadline: float | None = None) -> Status:
        self.calls += 1
        t0 = time.perf_counter()
        try:
            if deadline is None:
                ok = self._s.solve(assumptions=list(assumptions))
            else:
                ok = self._solve_until(list(assumptions), deadline)
        finally:
            self.solve_seconds += time.perf_counter() - t0
        if ok is None:
            return Status.UNKNOWN
        self._model = self._s.get_model() if ok else None
        return Status.SAT if ok else Status.UNSAT

    def _solve_until(self, assumptions: list[int], deadline: float) -> bool | None:
        """Solve in conflict-budgeted slices until an answer or the deadline.

        python-sat cannot interrupt CaDiCaL, but a conflict budget per call works and
        the solver keeps what it learned between slices. Each slice is sized from the
        observed conflict rate to end near min(remaining time, 0.25 s).
        """
        budget, rate = 1000, None
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            if rate is not None:
                budget = max(100, int(rate * min(remaining, 0.25)))
            self._s.conf_budget(budget)
            t = time.perf_counter()
            ok = self._s.solve_limited(assumptions=assumptions)
            if ok is not None:
                return ok
            rate = budget / max(time.perf_counter() - t, 1e-6)

    def values(self, lits: Iterable[int]) -> list[bool]:
        m = self._model
        assert m is not None, "values() needs a SAT answer"
        out = []
        for lit in lits:
            v = abs(lit)
            val = v <= len(m) and m[v - 1] > 0
            out.append(val if lit > 0 else not val)
        return out

    def close(self) -> None:
        self._s.delete()


class Z3Backend(_Counting):
    """z3, the reference solver: every test must pass on it.

    Clauses go to z3's incremental SAT core (``QF_FD``), which handles assumptions
    without falling back to the slower SMT kernel.
    """

    name = "z3"

    def __init__(self) -> None:
        super().__init__()
        import z3
        self._z3 = z3
        self._s = z3.SolverFor("QF_FD")
        self._vars: list = [None]
        self._model = None

    def _grow(self, n: int) -> None:
        while len(self._vars) <= n:
            self._vars.append(self._z3.Bool(f"v{len(self._vars)}"))

    def _lit(self, lit: int):
        v = self._vars[abs(lit)]
        return v if lit > 0 else self._z3.Not(v)

    def add_clause(self, lits: Sequence[int]) -> None:
        self.nclauses += 1
        z3 = self._z3
        if not lits:
            self._s.add(z3.BoolVal(False))
        elif len(lits) == 1:
            self._s.add(self._lit(lits[0]))
        else:
            self._s.add(z3.Or([self._lit(x) for x in lits]))

    def solve(self, assumptions: Sequence[int] = (), deadline: float | None = None) -> Status:
        z3 = self._z3
        self.calls += 1
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return Status.UNKNOWN
            self._s.set("timeout", max(1, int(remaining * 1000)))
        t0 = time.perf_counter()
        try:
            r = self._s.check([self._lit(x) for x in assumptions])
        finally:
            self.solve_seconds += time.perf_counter() - t0
        if r == z3.sat:
            self._model = self._s.model()
            return Status.SAT
        self._model = None
        return Status.UNSAT if r == z3.unsat else Status.UNKNOWN

    def values(self, lits: Iterable[int]) -> list[bool]:
        m = self._model
        assert m is not None, "values() needs a SAT answer"
        z3 = self._z3
        out = []
        for lit in lits:
            val = z3.is_true(m.eval(self._vars[abs(lit)], model_completion=True))
            out.append(val if lit > 0 else not val)
        return out

    def close(self) -> None:
        pass


BACKENDS = {"z3": Z3Backend, "cadical": CadicalBackend}
DEFAULT_BACKEND = "cadical"


def make_backend(name: str | None = None):
    """A fresh solver by name (``z3`` or ``cadical``; None for the default)."""
    from ..errors import InputError
    name = name or DEFAULT_BACKEND
    try:
        return BACKENDS[name]()
    except KeyError:
        raise InputError(f"unknown solver backend {name!r} (choose from {', '.join(BACKENDS)})") from None

"""Solver backends: one small clause-level interface over z3 and CaDiCaL (as PySAT does).

Encodings speak only in DIMACS-style literals (positive/negative ints) and clauses, so
the same encoding runs on every backend and the backends can be compared on it.
"""
from __future__ import annotations

import enum
import time
from typing import Any, Iterable, Protocol, Sequence

from ..errors import InputError


class Status(enum.Enum):
    SAT = "sat"
    UNSAT = "unsat"
    UNKNOWN = "unknown"


class Backend(Protocol):
    """An incremental SAT solver: clauses only ever added, solved under assumptions."""

    name: str
    calls: int

    def new_var(self) -> int: ...
    @property
    def true(self) -> int: ...
    def add_clause(self, lits: Sequence[int]) -> None: ...
    def solve(self, assumptions: Sequence[int] = (), deadline: float | None = None) -> Status: ...
    def values(self, lits: Iterable[int]) -> list[bool]: ...
    def stats(self) -> dict[str, Any]: ...
    def close(self) -> None: ...


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

    z3's Python API spends tens of microseconds on every term it builds, far more than
    the SAT core spends on a clause, so clauses never become Python terms here. They are
    buffered and handed over before each solve: a large batch (the encoding) as DIMACS
    text in one ``from_string`` call, which z3 parses in C++; a small one (the lazy
    cuts and blocking clauses of a round, where ``from_string``'s fixed cost of building
    a scratch SAT solver dominates) through direct C calls on cached literal terms.
    z3 names DIMACS variable ``v`` by the integer symbol ``v`` (printed ``k!v``), and
    every term here uses the same constants. Model values are read with two C calls per
    variable instead of one ``Model.eval`` (a dozen wrapped calls) each.
    """

    name = "z3"
    #: The longest timeout z3 takes, in milliseconds (one more means "no timeout").
    MAX_TIMEOUT_MS = 4294967294
    #: Logic passed to ``z3.SolverFor``; None builds the default ``z3.Solver()``.
    #: On the 49 course puzzles ``QF_FD`` (z3's SAT core) was the fastest choice measured:
    #: ``Solver()``, ``SimpleSolver()``, ``SolverFor("QF_BV")``, ``Tactic("sat")`` and
    #: ``Then("simplify", "sat")`` solvers took 1.3-3.2x as long on the lazy encoding and
    #: 1.4-3.8x on the reference one.
    logic: str | None = "QF_FD"
    #: Batches up to this many clauses go through the C API, larger ones as DIMACS text.
    direct_batch = 100
    _capi = None   # raw C functions (a dict), or {} when z3's layout is not as expected
    _terms = None  # per-context caches of terms, shared by every instance (see __init__)

    def __init__(self) -> None:
        super().__init__()
        import z3
        self._z3 = z3
        self._ctx = z3.main_ctx()
        self._s = z3.SolverFor(self.logic, ctx=self._ctx) if self.logic else z3.Solver(ctx=self._ctx)
        self._bool = z3.BoolSort(self._ctx)
        self._pending: list[Sequence[int]] = []  # clauses not yet given to z3
        self._timeout = False
        self._model = None
        if Z3Backend._capi is None:
            Z3Backend._capi = self._c_functions(z3)
        terms = Z3Backend._terms
        if terms is None or terms["ctx"] is not self._ctx:
            # Variable v is the same z3 constant in every solver of a context, so its
            # terms and declaration are built once per process, not once per puzzle.
            truth = (z3.BoolVal(True, self._ctx), z3.BoolVal(False, self._ctx))
            terms = Z3Backend._terms = {
                "ctx": self._ctx, "consts": {}, "atoms": {}, "addrs": {}, "decls": {},
                "keep": list(truth),
                "truth": tuple(t.as_ast().value for t in truth) if self._capi else (None, None)}
        self._consts: dict = terms["consts"]    # variable -> z3 constant
        self._atoms: dict = terms["atoms"]      # literal -> z3 term (constant or its Not)
        self._addrs: dict = terms["addrs"]      # literal -> address of that term
        self._decls: dict = terms["decls"]      # variable -> its declaration (address)
        self._keep: list = terms["keep"]        # wrappers keeping declarations alive
        self._truth = terms["truth"]            # addresses of z3's true and false

    @staticmethod
    def _c_functions(z3) -> dict:
        """C functions called directly through ctypes, with plain pointer arguments.

        z3's wrappers convert every argument through Python-level ``from_param`` hooks
        and check the error code after each call; here the error code is checked once per
        batch instead. Returns {} (use the wrappers) if z3's layout is not as expected.
        """
        import ctypes
        P, U = ctypes.c_void_p, ctypes.c_uint
        try:
            def raw(wrapper, restype, *argtypes):
                f = wrapper.__defaults__[-1].f   # the ctypes function behind the wrapper
                return ctypes.CFUNCTYPE(restype, *argtypes)(ctypes.cast(f, P).value)
            return {
                "interp": raw(z3.Z3_model_get_const_interp, P, P, P, P),
                "boolval": raw(z3.Z3_get_bool_value, ctypes.c_int, P, P),
                "mk_or": raw(z3.Z3_mk_or, P, P, U, ctypes.POINTER(P)),
                "assert": raw(z3.Z3_solver_assert, None, P, P, P),
                "inc_ref": raw(z3.Z3_inc_ref, None, P, P),
                "dec_ref": raw(z3.Z3_dec_ref, None, P, P),
                "error": raw(z3.Z3_get_error_code, ctypes.c_int, P),
                "array": P,
            }
        except Exception:  # pragma: no cover - depends on the z3 build
            return {}

    def _const(self, v: int):
        c = self._consts.get(v)
        if c is None:
            z3, ref = self._z3, self._ctx.ref()
            c = z3.BoolRef(z3.Z3_mk_const(ref, z3.Z3_mk_int_symbol(ref, v), self._bool.ast),
                           self._ctx)
            self._consts[v] = c
        return c

    def _atom(self, lit: int):
        a = self._atoms.get(lit)
        if a is None:
            c = self._const(abs(lit))
            a = self._atoms[lit] = c if lit > 0 else self._z3.Not(c)
            self._addrs[lit] = a.as_ast().value
        return a

    def _decl(self, v: int):
        d = self._const(v).decl()
        self._keep.append(d)
        addr = d.ast.value if self._capi else d.ast
        self._decls[v] = addr
        return addr

    def add_clause(self, lits: Sequence[int]) -> None:
        self.nclauses += 1
        if not lits:  # an empty clause: the instance is unsatisfiable from now on
            self._s.add(self._z3.BoolVal(False, self._ctx))
            return
        self._pending.append(lits)

    def _flush(self) -> None:
        pending = self._pending
        if not pending:
            return
        self._pending = []
        if len(pending) > self.direct_batch or not self._capi:
            # ``p cnf`` at the very start selects z3's DIMACS parser.
            self._s.from_string(f"p cnf {self.nvars} {len(pending)}\n" + "".join(
                [" ".join(map(str, cl)) + " 0\n" for cl in pending]))
            return
        api = self._capi
        mk_or, assert_, inc, dec = api["mk_or"], api["assert"], api["inc_ref"], api["dec_ref"]
        error = api["error"]
        ref, solver = self._ctx.ref().value, self._s.solver.value
        addrs = self._addrs
        for cl in pending:
            for lit in cl:
                if lit not in addrs:
                    self._atom(lit)
            if len(cl) == 1:
                assert_(ref, solver, addrs[cl[0]])
            else:
                # Every argument is a live Boolean term, so mk_or cannot fail.
                term = mk_or(ref, len(cl), (api["array"] * len(cl))(*[addrs[x] for x in cl]))
                inc(ref, term)  # a fresh term has no owner until it is referenced
                assert_(ref, solver, term)
                dec(ref, term)
            err = error(ref)  # each call resets the code: check after every assert
            if err:
                raise self._z3.Z3Exception(self._z3.Z3_get_error_msg(self._ctx.ref(), err))

    def _get_model(self):
        """The current model, without compacting it.

        ``Z3_solver_get_model`` compacts every model unless the *global* parameter
        ``model.compact`` is off (the solver's own setting is not consulted); on a
        propositional model compaction changes nothing and costs about 1 us per variable,
        most of a lazy round. The global value is restored straight away.
        """
        z3 = self._z3
        try:
            old = z3.get_param("model.compact")
        except z3.Z3Exception:  # pragma: no cover - a z3 without this parameter
            old = "false"
        if old == "false":
            return self._s.model()
        z3.set_param("model.compact", False)
        try:
            return self._s.model()
        finally:
            z3.set_param("model.compact", old)

    def solve(self, assumptions: Sequence[int] = (), deadline: float | None = None) -> Status:
        z3 = self._z3
        self.calls += 1
        self._model = None
        self._flush()
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return Status.UNKNOWN
            # z3's timeout is an unsigned 32-bit count of milliseconds, 4294967295 meaning
            # none: a longer (or infinite) limit is clamped just below it (~49 days).
            ms = remaining * 1000
            self._s.set("timeout", max(1, int(ms)) if ms < self.MAX_TIMEOUT_MS
                        else self.MAX_TIMEOUT_MS)
            self._timeout = True
        elif self._timeout:
            self._s.set("timeout", self.MAX_TIMEOUT_MS + 1)  # z3's "no timeout"
            self._timeout = False
        t0 = time.perf_counter()
        try:
            r = self._s.check(*[self._atom(x) for x in assumptions])
        finally:
            self.solve_seconds += time.perf_counter() - t0
        if r == z3.sat:
            self._model = self._get_model()
            return Status.SAT
        if r == z3.unsat:
            return Status.UNSAT
        self._raise_if_interrupted(deadline)
        return Status.UNKNOWN

    def _raise_if_interrupted(self, deadline: float | None) -> None:
        """z3 catches SIGINT (Ctrl-C) during ``check`` and returns unknown, reason
        "interrupted from keyboard" (``Context.interrupt()``: "interrupted"). That is not a
        verdict: raise KeyboardInterrupt, as Python would have without z3. "canceled"
        counts too unless the deadline has passed (then it is the time limit)."""
        reason = self._s.reason_unknown()
        if "interrupt" in reason or ("cancel" in reason and (
                deadline is None or time.monotonic() < deadline - 0.05)):
            raise KeyboardInterrupt(f"z3: {reason}")

    def values(self, lits: Iterable[int]) -> list[bool]:
        m = self._model
        assert m is not None, "values() needs a SAT answer"
        ref, mp = self._ctx.ref(), m.model
        if self._capi:
            interp, boolval = self._capi["interp"], self._capi["boolval"]
            ref, mp = ref.value, mp.value
        else:  # pragma: no cover - depends on the z3 build
            interp, boolval = self._z3.Z3_model_get_const_interp, self._z3.Z3_get_bool_value
        decls = self._decls
        true, false = self._truth
        out = []
        for lit in lits:
            v = lit if lit > 0 else -lit
            d = decls.get(v)
            if d is None:
                d = self._decl(v)
            a = interp(ref, mp, d)
            # z3's true and false are unique terms: compare addresses, ask z3 otherwise.
            # A variable missing from the model is unconstrained: false, as model completion.
            val = a == true or (bool(a) and a != false and boolval(ref, a) == 1)  # Z3_L_TRUE
            out.append(val if lit > 0 else not val)
        return out

    def close(self) -> None:
        self._model = None


BACKENDS = {"z3": Z3Backend, "cadical": CadicalBackend}
DEFAULT_BACKEND = "cadical"


def make_backend(name: str | None = None):
    """A fresh solver by name (``z3`` or ``cadical``; None for the default)."""
    name = name or DEFAULT_BACKEND
    try:
        return BACKENDS[name]()
    except KeyError:
        raise InputError(f"unknown solver backend {name!r} (choose from {', '.join(BACKENDS)})") from None

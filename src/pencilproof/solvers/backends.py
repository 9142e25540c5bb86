"""Solver backends: one small clause-level interface over z3 and CaDiCaL (as PySAT does).

Encodings speak only in DIMACS-style literals (positive/negative ints) and clauses, so
the same encoding runs on every backend and the backends can be compared on it.

Big grids: a backend can carry a ``deadline`` while a puzzle is encoded; every few
thousand ``new_var``/``add_clause`` calls (and at every :meth:`checkpoint` an encoding
calls in loops that add nothing) it compares the clock with it and raises
:class:`EncodingTimeout`, which the checker reports as verdict ``unknown``. It also
keeps a rough account of its own memory (per variable and per clause, measured for each
solver) and refuses an encoding that would not fit (:class:`TooLarge`, bad input: exit
2): :meth:`reserve` lets an encoding say up front how much it is about to add.
"""
from __future__ import annotations

import collections
import abc
import enum
import itertools
import math
import threading
import time
from typing import Any, Callable, Iterable, Protocol, Sequence

from ..errors import InputError
from .deadline import TimeUp, deferred, poll, watch


class Status(enum.Enum):
    SAT = "sat"
    UNSAT = "unsat"
    UNKNOWN = "unknown"


class EncodingTimeout(TimeUp):
    """The deadline passed while clauses were being added: the verdict is ``unknown``.

    ``stats`` are the backend's counters at that moment (how far the encoding got).
    """

    def __init__(self, stats: dict[str, Any] | None = None):
        super().__init__("the time limit was reached while the puzzle was being encoded")
        self.stats = {} if stats is None else stats


class TooLarge(InputError):
    """The puzzle's encoding would not fit in the memory one check may use."""


#: What one check may use in all: the solver's share is what is left after Python's own.
MEMORY_LIMIT = 2 << 30



class Backend(Protocol):
    """An incremental SAT solver: clauses only ever added, solved under assumptions."""

    name: str
    calls: int
    deadline: float | None

    def new_var(self) -> int: ...
    def new_vars(self, n: int) -> range: ...
    @property
    def true(self) -> int: ...
    def add_clause(self, lits: Sequence[int]) -> None: ...
    def add_clauses(self, clauses: Iterable[Sequence[int]]) -> None: ...
    def checkpoint(self) -> None: ...
    def reserve(self, nvars: int, nclauses: int) -> None: ...
    def solve(self, assumptions: Sequence[int] = (), deadline: float | None = None) -> Status: ...
    def values(self, lits: Iterable[int]) -> list[bool]: ...
    def core(self) -> list[int] | None: ...
    def prefer(self, lits: Sequence[int]) -> None: ...
    def stats(self) -> dict[str, Any]: ...
    def close(self) -> None: ...


class _Counting(abc.ABC):
    """Shared bookkeeping: variable numbering, counters, the constant TRUE literal, the
    deadline and memory checks."""

    name = "?"
    #: Bytes the solver holds per variable and per clause (a clause of a few literals,
    #: its watches and Python's share while it is handed over), measured on big grids
    #: (CaDiCaL: 3.9M clauses of a 400x400 Smullyanic Dynasty full of numbers took 440
    #: MB); the budget is what the solver may hold: the rest of 2 GB is Python's (about
    #: 400 MB for a 1000x1000 grid's puzzle, literals and answers).
    bytes_per_var = 120
    bytes_per_clause = 120
    memory_budget = int(MEMORY_LIMIT * 0.65)
    #: What to suggest when the budget is exceeded ("" for nothing).
    too_large_hint = ""
    #: The clock is read every this many new_var/add_clause calls (a power of two; the
    #: hot paths test ``& 4095`` directly).
    CHECK_EVERY = 4096

    def __init__(self) -> None:
        self.nvars = 0
        self.nclauses = 0
        self.calls = 0
        self.solve_seconds = 0.0
        self._true: int | None = None
        #: While set, adding past this time.monotonic() value raises EncodingTimeout.
        self.deadline: float | None = None

    def new_var(self) -> int:
        self.nvars += 1
        if not self.nvars & 4095:  # CHECK_EVERY - 1, inlined: this runs for every variable
            self.checkpoint()
        return self.nvars

    def new_vars(self, n: int) -> range:
        """``n`` fresh variables at once (consecutive numbers)."""
        first = self.nvars + 1
        self.reserve(n, 0)
        self.nvars += n
        self.checkpoint()
        return range(first, first + n)

    @property
    def true(self) -> int:
        """A literal fixed to true (its negation is false)."""
        if self._true is None:
            self._true = self.new_var()
            self.add_clause([self._true])
        return self._true

    @abc.abstractmethod
    def add_clause(self, lits: Sequence[int]) -> None:
        """Add one clause (each backend hands clauses to its solver its own way)."""

    def add_clauses(self, clauses: Iterable[Sequence[int]]) -> None:
        """Many clauses at once (the same as add_clause on each, with less overhead)."""
        for cl in clauses:
            self.add_clause(cl)

    def prefer(self, lits: Sequence[int]) -> None:
        """A hint: decide these literals true first where the search is free (phases).
        Never changes what is satisfiable; a backend may ignore it."""
        return None

    # -- deadline and memory ---------------------------------------------------------------
    def checkpoint(self) -> None:
        """Raise :class:`EncodingTimeout` past the deadline and :class:`TooLarge` past the
        memory budget. Cheap; called by the backend itself every ``CHECK_EVERY`` additions,
        and by encodings in long loops that add nothing."""
        poll()
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise EncodingTimeout(self.stats())
        if self._memory(self.nvars, self.nclauses) > self.memory_budget:
            self._too_large(self.nvars, self.nclauses, "so far")

    def reserve(self, nvars: int, nclauses: int) -> None:
        """An encoding is about to add about this many variables and clauses (a lower
        bound of what it will add): refuse now, before any work, if they cannot fit."""
        total_vars, total_clauses = self.nvars + nvars, self.nclauses + nclauses
        if self._memory(total_vars, total_clauses) > self.memory_budget:
            self._too_large(total_vars, total_clauses, "at least")

    def _memory(self, nvars: int, nclauses: int) -> int:
        return nvars * self.bytes_per_var + nclauses * self.bytes_per_clause

    def _too_large(self, nvars: int, nclauses: int, how: str) -> None:
        gb = MEMORY_LIMIT / (1 << 30)
        raise TooLarge(f"too large for the {self.name} solver: the encoding needs {how} "
                       f"{nvars} variables and {nclauses} clauses, more than fits in "
                       f"{gb:g} GB{self.too_large_hint}")

    def stats(self) -> dict[str, Any]:
        return {"backend": self.name, "vars": self.nvars, "clauses": self.nclauses,
                "solver_calls": self.calls, "solve_seconds": round(self.solve_seconds, 6)}


class CadicalBackend(_Counting):
    """CaDiCaL through python-sat: ~10x cheaper per incremental round than z3's Python API."""

    name = "cadical"

    #: Conflicts in the first slice of this solver's solves (then sized from the rate
    #: observed, kept across solves: a heavy encoding's 1000 conflicts took 5 s), and
    #: the fewest in a slice.
    FIRST_SLICE = 200
    LEAST_SLICE = 20
    #: Seconds a slice may take at most: how soon Ctrl-C or a deadline is noticed.
    SLICE_SECONDS = 0.25
    #: Decisions in a first slice, and the fewest in any. Conflicts alone do not bound a
    #: slice: near an answer CaDiCaL makes many decisions per conflict (an empty 35x35
    #: Futoshiki: 400 conflicts planned as 0.25 s took 1.8-3.1 s, 76,000 decisions), so
    #: a slice also ends after the decisions its time allows.
    FIRST_DECISIONS = 20_000
    LEAST_DECISIONS = 1_000

    def __init__(self) -> None:
        super().__init__()
        from pysat.solvers import Solver
        with deferred():  # a Ctrl-C here would leave a half-made solver for __del__
            self._s = Solver(name="cadical195")
        self._model: list[int] | None = None
        self._empty = False  # an empty clause was added
        self._rate: float | None = None  # conflicts per second measured in slices
        self._drate: float | None = None  # decisions per second, likewise
        #: The fewest decisions of the next slice: doubled after each slice that its
        #: decision budget ended, so that an answer needing more decisions than a slice
        #: allows (each solve call starts from the root) is still reached.
        self._dfloor = 0
        # python-sat's own add_clause is one more Python call per clause around this C
        # function; big grids add millions of clauses. Its solve functions are called
        # directly too, telling them they are not on the main thread: then python-sat
        # installs no SIGINT handler of its own (which longjmps out of CaDiCaL, leaves
        # itself installed, and turns Ctrl-C into an ordinary exception).
        try:
            from pysat.solvers import pysolvers
            self._handle = self._s.solver.cadical
            self._add = pysolvers.cadical195_add_cl
            self._solve_lim = pysolvers.cadical195_solve_lim
            self._model_of = pysolvers.cadical195_model
        except (ImportError, AttributeError):  # pragma: no cover - another python-sat layout
            self._handle = None
            self._add = lambda _, lits: self._s.add_clause(lits)
            self._solve_lim = None
        #: CaDiCaL's own solve and terminate, called through ctypes (None: not found;
        #: solves then run in budgeted slices): see _solve_native.
        native = _cadical_native() if self._handle is not None else None
        self._native = native
        self._ptr = native.pointer(self._handle) if native is not None else None

    def add_clause(self, lits: Sequence[int]) -> None:
        self.nclauses += 1
        if not self.nclauses & 4095:  # CHECK_EVERY - 1
            self.checkpoint()
        if not lits:  # an empty clause: make the instance unsatisfiable explicitly
            if not self._empty:  # (once is enough: a grid of impossible clues has many)
                self._empty = True
                v = self.new_var()
                self._s.add_clause([v])
                self._s.add_clause([-v])
            return
        self._add(self._handle, lits)

    def add_clauses(self, clauses: Iterable[Sequence[int]]) -> None:
        add, handle = self._add, self._handle
        it = iter(clauses)
        step = self.CHECK_EVERY
        while True:
            chunk = list(itertools.islice(it, step))
            if not chunk:
                return
            if all(chunk):  # the loop runs in C: map() over the C function
                collections.deque(map(add, itertools.repeat(handle, len(chunk)), chunk), 0)
            else:
                for cl in chunk:
                    if cl:
                        add(handle, cl)
                    else:
                        self.nclauses -= 1  # counted again by add_clause
                        self.add_clause(cl)
            self.nclauses += len(chunk)
            self.checkpoint()

    def solve(self, assumptions: Sequence[int] = (), deadline: float | None = None) -> Status:
        self.calls += 1
        t0 = time.perf_counter()
        try:
            ok = self._solve_until(list(assumptions), deadline)
        finally:
            self.solve_seconds += time.perf_counter() - t0
        if ok is None:
            return Status.UNKNOWN
        if not ok:
            self._model = None
        elif self._solve_lim is not None:
            self._model = self._model_of(self._handle) or []  # None: no variables at all
        else:  # pragma: no cover - another python-sat layout
            self._model = self._s.get_model()
        return Status.SAT if ok else Status.UNSAT

    def _limited(self, assumptions: list[int]) -> bool | None:
        """One budgeted solve: True, False, or None (the budget ran out)."""
        if self._solve_lim is None:  # pragma: no cover - another python-sat layout
            ok: bool | None = self._s.solve_limited(assumptions=assumptions)
            return ok
        res: int = self._solve_lim(self._handle, assumptions, 0)  # 0: no SIGINT handler
        ok = None if res == 0 else res > 0
        # python-sat's own methods (get_core, get_model) read what its solve would set.
        inner = self._s.solver
        inner.status, inner.prev_assumps = ok, assumptions
        return ok

    def _solve_until(self, assumptions: list[int], deadline: float | None) -> bool | None:
        if self._native is not None:
            return self._solve_native(assumptions, deadline)
        return self._solve_sliced(assumptions, deadline)

    def _solve_native(self, assumptions: list[int], deadline: float | None) -> bool | None:
        """One CaDiCaL solve, stopped by CaDiCaL's own ``terminate()``: the watchdog
        calls it at the deadline or when a signal arrives (the solve runs with the GIL
        released, through ctypes). Nothing is ever raised inside it: a stop that is due
        is raised here, after it returned. A solve ended by a signal meant for no one
        here (a cancel of another job) goes on where it stopped (CaDiCaL keeps what it
        learned)."""
        native, ptr = self._native, self._ptr
        assert native is not None and ptr is not None
        while True:
            poll()
            if deadline is not None and time.monotonic() >= deadline:
                return None
            for lit in assumptions:
                native.assume(ptr, lit)
            with watch(native.stopper(ptr), deadline):
                res = native.solve(ptr)
            if res in (10, 20):
                ok: bool = res == 10
                inner = self._s.solver  # python-sat's get_core/get_model read these
                inner.status, inner.prev_assumps = ok, assumptions
                return ok
            self._s.solver.status = None

    def _solve_sliced(self, assumptions: list[int], deadline: float | None) -> bool | None:
        """Solve in conflict-budgeted slices until an answer or the deadline (None: none).

        python-sat cannot interrupt CaDiCaL, but a conflict budget per call works and
        the solver keeps what it learned between slices. Each slice is sized from the
        observed conflict rate to end near min(remaining time, 0.25 s); between slices
        Python runs, so a Ctrl-C stops the solve within a slice, with or without a
        deadline.
        """
        while True:
            poll()  # an interrupt that was swallowed (see solvers.deadline) stops us here
            remaining = math.inf if deadline is None else deadline - time.monotonic()
            if remaining <= 0:
                return None
            rate, drate = self._rate, self._drate
            seconds = min(remaining, self.SLICE_SECONDS)
            budget = (self.FIRST_SLICE if rate is None else
                      max(self.LEAST_SLICE, int(rate * seconds)))
            decisions = max(self._dfloor, self.FIRST_DECISIONS if drate is None else
                            max(self.LEAST_DECISIONS, int(drate * seconds)))
            if drate is not None and remaining < math.inf:  # never far past the deadline
                decisions = min(decisions, max(self.LEAST_DECISIONS, int(drate * remaining)))
            self._s.conf_budget(budget)
            self._s.dec_budget(decisions)
            t = time.perf_counter()
            before = self._counts()
            ok = self._limited(assumptions)
            spent = time.perf_counter() - t
            after = self._counts()
            done, ddone = ((after[0] - before[0], after[1] - before[1])
                           if before is not None and after is not None
                           else (budget, 0) if ok is None else (None, 0))
            if spent > 0.01:  # the rates this instance runs at, kept across solves
                if done:
                    self._rate = done / spent
                if ddone:
                    self._drate = ddone / spent
            self._dfloor = 2 * decisions if ok is None and ddone >= decisions else 0
            if ok is not None:
                return bool(ok)

    def _counts(self) -> tuple[int, int] | None:
        """(conflicts, decisions) so far (None if python-sat does not say)."""
        try:
            stats = self._s.accum_stats()
            return int(stats["conflicts"]), int(stats["decisions"])
        except (AttributeError, KeyError, TypeError):  # pragma: no cover - another layout
            return None

    def prefer(self, lits: Sequence[int]) -> None:
        self._s.set_phases(list(lits))

    def configure(self, options: dict[str, int]) -> None:
        """CaDiCaL's own options (name: value); only before the first clause, when
        CaDiCaL accepts them (later it may abort the process)."""
        assert not self.nclauses and self._true is None, "configure before any clause"
        self._s.solver.configure(dict(options))

    def core(self) -> list[int]:
        """The failed assumptions of the last UNSAT solve (a subset that is UNSAT too)."""
        return list(self._s.get_core() or [])

    def values(self, lits: Iterable[int]) -> list[bool]:
        m = self._model
        assert m is not None, "values() needs a SAT answer"
        n = len(m)  # variables the solver never saw are false
        return [(lit <= n and m[lit - 1] > 0) if lit > 0 else (-lit > n or m[-lit - 1] < 0)
                for lit in lits]

    def close(self) -> None:
        with deferred():  # freed once: a Ctrl-C in the middle would free it again later
            self._s.delete()


#: Per-thread z3 contexts (and their term caches) of solvers made off the main thread.
_Z3_LOCAL = threading.local()


class _CadicalNative:
    """CaDiCaL's C++ ``solve``, ``assume`` and ``terminate`` in python-sat's module,
    called through ctypes: python-sat's own solve holds the GIL and has no interrupt for
    CaDiCaL (its ``interrupt()`` raises NotImplementedError), and its SIGINT handling
    longjmps out of CaDiCaL. ctypes releases the GIL, so the watchdog thread can call
    ``terminate()`` (which only sets a flag CaDiCaL polls, and is reset at the end of a
    solve) while the solve runs."""

    def __init__(self, lib: Any, ctypes: Any) -> None:
        P, Int = ctypes.c_void_p, ctypes.c_int
        ns = "_ZN10CaDiCaL1956Solver"
        self.solve = getattr(lib, ns + "5solveEv")
        self.solve.argtypes, self.solve.restype = [P], Int
        self.assume = getattr(lib, ns + "6assumeEi")
        self.assume.argtypes, self.assume.restype = [P, Int], None
        self.terminate = getattr(lib, ns + "9terminateEv")
        self.terminate.argtypes, self.terminate.restype = [P], None
        get = ctypes.pythonapi.PyCapsule_GetPointer
        get.argtypes, get.restype = [ctypes.py_object, ctypes.c_char_p], P
        self._get = get

    def pointer(self, capsule: Any) -> int:
        return int(self._get(capsule, None))

    def stopper(self, ptr: int) -> Callable[[], None]:
        terminate = self.terminate
        return lambda: terminate(ptr)


_native_cache: list[Any] = []


def _cadical_native() -> _CadicalNative | None:
    """The ctypes calls into python-sat's CaDiCaL 1.9.5, or None where its symbols are
    not found (another python-sat build: budgeted slices then)."""
    if not _native_cache:
        try:
            import ctypes
            from pysat.solvers import pysolvers
            _native_cache.append(_CadicalNative(ctypes.CDLL(pysolvers.__file__), ctypes))
        except (ImportError, OSError, AttributeError):  # pragma: no cover - another build
            _native_cache.append(None)
    native: _CadicalNative | None = _native_cache[0]
    return native


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
    #: Batches up to this many clauses go through the C API, larger ones as DIMACS text
    #: unless they hold fewer literals than there are variables (a blocking clause on a
    #: big grid): z3's DIMACS reader builds a scratch solver with every variable up to the
    #: largest one named, about 10 us and 2 KB per variable.
    direct_batch = 100
    #: z3 holds about 3-4 KB per variable (its DIMACS reader, the terms, its SAT core's
    #: copy): a 1000x1000 grid does not fit in 2 GB; CaDiCaL needs a tenth of that.
    bytes_per_var = 3500
    bytes_per_clause = 150
    too_large_hint = " (the cadical solver needs far less: --solver cadical)"
    #: The DIMACS hand-over takes ~10-25 us per variable and z3 notices an interrupt only
    #: between its phases (a second or more late on a big grid). So with a deadline it
    #: is not started when it would not end in time: its time per variable is about this
    #: many times the time the encoding took per variable and clause (both are CPU-bound
    #: Python/C work, so the ratio carries across machines; measured 11-14).
    flush_ratio = 12.0
    #: Below this many variables the hand-over is quick enough not to predict.
    flush_predict_from = 20000
    _capi = None   # raw C functions (a dict), or {} when z3's layout is not as expected
    #: The context new solvers use once an interrupt was sent to the one before (None:
    #: z3's main context). z3 keeps an interrupt that found nothing running: every later
    #: call on that context fails with 'canceled' (a deadline's timer firing just as a
    #: hand-over ended broke every later z3 check of the process).
    _fresh_ctx: Any = None
    _terms = None  # per-context caches of terms, shared by every instance (see __init__)

    def __init__(self) -> None:
        super().__init__()
        import z3
        self._z3 = z3
        # A z3 context is not thread-safe: solvers made in another thread (a Dask
        # worker's task threads) each take their thread's own context and term caches.
        local = None if threading.current_thread() is threading.main_thread() else _Z3_LOCAL
        if local is not None and getattr(local, "ctx", None) is None:
            local.ctx, local.terms = z3.Context(), None
        self._ctx = (local.ctx if local is not None
                     else Z3Backend._fresh_ctx or z3.main_ctx())
        self._s = z3.SolverFor(self.logic, ctx=self._ctx) if self.logic else z3.Solver(ctx=self._ctx)
        # z3's own SIGINT handler (for the length of each check) would keep a Ctrl-C or a
        # web cancel from Python: off, the watchdog interrupts the check instead.
        try:
            self._s.set("ctrl_c", False)
        except z3.Z3Exception:  # pragma: no cover - a z3 without the parameter
            pass
        self._bool = z3.BoolSort(self._ctx)
        self._pending: list[Sequence[int]] = []  # clauses not yet given to z3
        self._broken = False  # a hand-over was interrupted: every later solve is unknown
        self._empty = False  # an empty clause was added
        self._born = time.monotonic()  # the encoding's time is the measure of this machine
        self._timeout = False
        self._model = None
        if Z3Backend._capi is None:
            Z3Backend._capi = self._c_functions(z3)
        terms = Z3Backend._terms if local is None else local.terms
        if terms is None or terms["ctx"] is not self._ctx:
            # Variable v is the same z3 constant in every solver of a context, so its
            # terms and declaration are built once per process, not once per puzzle.
            truth = (z3.BoolVal(True, self._ctx), z3.BoolVal(False, self._ctx))
            terms = {
                "ctx": self._ctx, "consts": {}, "atoms": {}, "addrs": {}, "decls": {},
                "keep": list(truth),
                "truth": tuple(t.as_ast().value for t in truth) if self._capi else (None, None)}
            if local is None:
                Z3Backend._terms = terms
            else:
                local.terms = terms
        self._consts: dict[int, Any] = terms["consts"]    # variable -> z3 constant
        self._atoms: dict[int, Any] = terms["atoms"]      # literal -> z3 term (constant or its Not)
        self._addrs: dict[int, Any] = terms["addrs"]      # literal -> address of that term
        self._decls: dict[int, Any] = terms["decls"]      # variable -> its declaration (address)
        self._keep: list[Any] = terms["keep"]        # wrappers keeping declarations alive
        self._truth = terms["truth"]            # addresses of z3's true and false

    @staticmethod
    def _c_functions(z3: Any) -> dict[str, Any]:
        """C functions called directly through ctypes, with plain pointer arguments.

        z3's wrappers convert every argument through Python-level ``from_param`` hooks
        and check the error code after each call; here the error code is checked once per
        batch instead. Returns {} (use the wrappers) if z3's layout is not as expected.
        """
        import ctypes
        P, U = ctypes.c_void_p, ctypes.c_uint
        try:
            def raw(wrapper: Any, restype: Any, *argtypes: Any) -> Any:
                f = wrapper.__defaults__[-1].f   # the ctypes function behind the wrapper
                return ctypes.CFUNCTYPE(restype, *argtypes)(ctypes.cast(f, P).value or 0)
            return {
                "interp": raw(z3.Z3_model_get_const_interp, P, P, P, P),
                "boolval": raw(z3.Z3_get_bool_value, ctypes.c_int, P, P),
                "mk_or": raw(z3.Z3_mk_or, P, P, U, ctypes.POINTER(P)),
                "assert": raw(z3.Z3_solver_assert, None, P, P, P),
                "inc_ref": raw(z3.Z3_inc_ref, None, P, P),
                "dec_ref": raw(z3.Z3_dec_ref, None, P, P),
                "int_symbol": raw(z3.Z3_mk_int_symbol, P, P, ctypes.c_int),
                "mk_const": raw(z3.Z3_mk_const, P, P, P, P),
                "mk_not": raw(z3.Z3_mk_not, P, P, P),
                "app_decl": raw(z3.Z3_get_app_decl, P, P, P),
                "decl_ast": raw(z3.Z3_func_decl_to_ast, P, P, P),
                "error": raw(z3.Z3_get_error_code, ctypes.c_int, P),
                "array": P,
            }
        except Exception:  # pragma: no cover - depends on the z3 build
            return {}

    def _const(self, v: int) -> Any:
        c = self._consts.get(v)
        if c is None:
            z3, ref = self._z3, self._ctx.ref()
            c = z3.BoolRef(z3.Z3_mk_const(ref, z3.Z3_mk_int_symbol(ref, v), self._bool.ast),
                           self._ctx)
            self._consts[v] = c
        return c

    def _atom(self, lit: int) -> Any:
        a = self._atoms.get(lit)
        if a is None:
            c = self._const(abs(lit))
            a = self._atoms[lit] = c if lit > 0 else self._z3.Not(c)
            self._addrs[lit] = a.as_ast().value
        return a

    def _addr(self, lit: int) -> int:
        """The address of a literal's term, built with raw C calls (a blocking clause on a
        big grid names every cell: z3's wrappers would take ~10 us per literal). The
        terms are referenced once and kept for the life of the process, as in ``_atom``."""
        api = self._capi
        if not api:  # pragma: no cover - depends on the z3 build
            self._atom(lit)
            return int(self._addrs[lit])
        ref = self._ctx.ref().value
        v = lit if lit > 0 else -lit
        const = self._addrs.get(v)
        if const is None:
            const = int(api["mk_const"](ref, api["int_symbol"](ref, v), self._bool.ast.value))
            api["inc_ref"](ref, const)
            self._addrs[v] = const
        if lit > 0:
            return int(const)
        neg = int(api["mk_not"](ref, const))
        api["inc_ref"](ref, neg)
        self._addrs[lit] = neg
        return neg

    def _decl(self, v: int) -> Any:
        api = self._capi
        if not api:  # pragma: no cover - depends on the z3 build
            d = self._const(v).decl()
            self._keep.append(d)
            self._decls[v] = d.ast
            return d.ast
        ref = self._ctx.ref().value
        const = self._addrs.get(v)
        if const is None:
            const = self._addr(v)
        addr = api["app_decl"](ref, const)
        api["inc_ref"](ref, api["decl_ast"](ref, addr))
        self._decls[v] = addr
        return addr

    def add_clause(self, lits: Sequence[int]) -> None:
        self.nclauses += 1
        if not self.nclauses & 4095:  # CHECK_EVERY - 1
            self.checkpoint()
        if not lits:  # an empty clause: the instance is unsatisfiable from now on
            if not self._empty:  # (once is enough)
                self._empty = True
                self._s.add(self._z3.BoolVal(False, self._ctx))
            return
        self._pending.append(lits)

    def _flush(self, deadline: float | None = None) -> bool:
        """Hand the buffered clauses to z3; False if the deadline came first.

        A DIMACS hand-over can take seconds on a big grid, so with a deadline a timer
        interrupts it there (z3 then raises 'canceled'). Whether any of it arrived is not
        known, so this solver answers unknown from then on."""
        pending = self._pending
        if not pending:
            return True
        self._pending = []
        if (len(pending) > self.direct_batch and sum(map(len, pending)) > self.nvars
                or not self._capi):
            if deadline is not None:
                now = time.monotonic()
                remaining = deadline - now
                if self.nvars >= self.flush_predict_from:
                    per_item = (now - self._born) / (self.nvars + self.nclauses)
                    remaining -= self.flush_ratio * per_item * self.nvars
                if remaining <= 0:
                    self._broken = True
                    return False
            # ``p cnf`` at the very start selects z3's DIMACS parser.
            text = f"p cnf {self.nvars} {len(pending)}\n" + "".join(
                [" ".join(map(str, cl)) + " 0\n" for cl in pending])
            del pending
            if deadline is None:
                self._s.from_string(text)
                return True
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self._broken = True
                return False
            if remaining > 3600:  # no hand-over takes that long (and Timer needs a time_t)
                self._s.from_string(text)
                return True
            fired: list[bool] = []

            def interrupt() -> None:
                fired.append(True)
                self._ctx.interrupt()
            timer = threading.Timer(remaining, interrupt)
            timer.daemon = True
            timer.start()
            try:
                self._s.from_string(text)
            except self._z3.Z3Exception:
                if time.monotonic() < deadline:
                    raise
                self._broken = True
                return False
            finally:
                timer.cancel()
                if fired:  # this context stays cancelled: later solvers take a new one
                    if threading.current_thread() is threading.main_thread():
                        Z3Backend._fresh_ctx = self._z3.Context()
                    else:
                        _Z3_LOCAL.ctx = self._z3.Context()
                    self._broken = True
            return not fired
        api = self._capi
        mk_or, assert_, inc, dec = api["mk_or"], api["assert"], api["inc_ref"], api["dec_ref"]
        error = api["error"]
        ref, solver = self._ctx.ref().value, self._s.solver.value
        addrs = self._addrs
        made = 0
        for k, cl in enumerate(pending):
            for lit in cl:
                if lit not in addrs:
                    self._addr(lit)
                    made += 1
                    # A blocking clause on a big grid names ~100k new terms (seconds).
                    if not made & 4095 and deadline is not None and time.monotonic() > deadline:
                        self._pending = list(pending[k:]) + self._pending
                        return False
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
        return True

    def _get_model(self) -> Any:
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
        poll()
        self.calls += 1
        self._model = None
        if self._broken or not self._flush(deadline):
            return Status.UNKNOWN
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
        atoms = [self._atom(x) for x in assumptions]
        try:
            for _ in range(self.MAX_RESUMES):
                # z3's check runs with the GIL released (ctypes): the watchdog interrupts
                # it on a signal; its deadline is z3's own timeout.
                with watch(self._ctx.interrupt) as watched:
                    r = self._s.check(*atoms)
                if r != z3.unknown or not watched.fired:
                    break
                poll()  # the interrupt was for us: raised here, after the check
                if deadline is not None and time.monotonic() >= deadline:
                    break
                # a signal meant for no one here (another job's cancel): check again
        finally:
            self.solve_seconds += time.perf_counter() - t0
        if r == z3.sat:
            self._model = self._get_model()
            return Status.SAT
        if r == z3.unsat:
            return Status.UNSAT
        self._raise_if_interrupted(deadline)
        return Status.UNKNOWN

    #: Checks resumed after interrupts that were not for this process's work, at most.
    MAX_RESUMES = 100

    def _raise_if_interrupted(self, deadline: float | None) -> None:
        """An unknown that is an interrupt, not a verdict: what is due (Ctrl-C, a cancel)
        is raised, synchronously, after the check returned. (z3's own SIGINT handler,
        switched off in __init__, answers "interrupted from keyboard".)"""
        poll()  # a stop that is due (Ctrl-C, a cancel) is raised here
        reason = self._s.reason_unknown()
        if "keyboard" in reason:  # pragma: no cover - z3's own handler (no ctrl_c parameter)
            raise KeyboardInterrupt(f"z3: {reason}")

    def core(self) -> None:
        """No failed-assumption cores through this backend (callers fall back to solves)."""
        return None

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
        deadline = self.deadline
        for lit in lits:
            v = lit if lit > 0 else -lit
            d = decls.get(v)
            if d is None:
                # A first answer of a big grid makes a few C calls per cell (seconds).
                if deadline is not None and not len(out) & 1023 and time.monotonic() > deadline:
                    raise EncodingTimeout(self.stats())
                d = self._decl(v)
            a = interp(ref, mp, d)
            # z3's true and false are unique terms: compare addresses, ask z3 otherwise.
            # A variable missing from the model is unconstrained: false, as model completion.
            val = a == true or (bool(a) and a != false and boolval(ref, a) == 1)  # Z3_L_TRUE
            out.append(val if lit > 0 else not val)
        return out

    def close(self) -> None:
        self._model = None


BACKENDS: dict[str, Callable[[], Backend]] = {"z3": Z3Backend, "cadical": CadicalBackend}
DEFAULT_BACKEND = "cadical"


def make_backend(name: str | None = None) -> Backend:
    """A fresh solver by name (``z3`` or ``cadical``; None for the default)."""
    name = name or DEFAULT_BACKEND
    try:
        return BACKENDS[name]()
    except KeyError:
        raise InputError(f"unknown solver backend {name!r} "
                         f"(choose from {', '.join(BACKENDS)})") from None

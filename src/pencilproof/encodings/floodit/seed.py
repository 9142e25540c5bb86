"""The seed project's formulation (color-flood-rs, repository herrmanno/flood-it) on z3,
with its five modes, so that a user of the seed finds everything it did.

Re-stated from its description, not copied. For a horizon T: an integer ``c_t`` per
move (0 <= c_t < colours, c_t != c_{t+1}); a Boolean ``f_k_t`` per area k and time
0..T; the pivot's area is flooded at every time, every other area is not at time 0 and
is at time T; flooded stays flooded; a flooded neighbour at t and ``c_t`` equal to the
area's colour floods it at t+1; otherwise an unflooded area stays unflooded. Then
either z3's optimizer maximises the number of times at which everything is flooded
(``opt``), or "not everything is flooded at T-1" makes the length exactly T (the
others). The "reasonable" upper bound is the seed's: min(areas, c(n-1), 2n + c +
ceil(sqrt(2c)) n) with n the number of rows and c of colours (Clifford et al.,
arXiv 1001.4420, section 6; for boards that are not square it may be too low, as in
the seed).

Modes: ``opt`` (optimizer, horizon ``--upper`` or the bound), ``min`` (binary search in
0..bound, one fresh formula per length), ``search`` (binary search in
``--lower``..``--upper``), ``exact`` (a sequence of exactly ``--moves``), ``solve`` (a
sequence of exactly the bound). Like the seed, the exact modes allow moves that absorb
nothing, and a search that ends without a sequence reports the last status.
"""
from __future__ import annotations

import abc
import math
import time
from typing import Any, Optional

from ...errors import InputError, InternalError
from ...puzzle import Puzzle
from ..contract import ModeOptions, ModeResult, SolveMode
from .board import Board, Moves, replay


def seed_bound(puzzle: Puzzle, board: Board) -> int:
    """The seed's "reasonable" upper bound on the moves."""
    n, c = puzzle.rows, board.ncolours
    return min(board.n, c * (n - 1), 2 * n + c + math.ceil(math.sqrt(2 * c)) * n)


class SeedFormula:
    """The seed's assertions for one horizon, on a z3 Solver or Optimize."""

    def __init__(self, puzzle: Puzzle, board: Board, horizon: int, optimize: bool,
                 time_limit: Optional[float] = None):
        import z3
        self.z3 = z3
        self.board = board
        self.horizon = t_max = horizon
        self.optimize = optimize
        self.solver: Any = z3.Optimize() if optimize else z3.Solver()
        if time_limit is not None:
            self.solver.set("timeout", max(1, int(time_limit * 1000)))
        self.asserts: list[Any] = []
        colours = [z3.Int(f"c_{i}") for i in range(t_max)]
        for v in colours:
            self._assert(v >= 0)
            self._assert(v < board.ncolours)
        for a, b in zip(colours, colours[1:]):
            self._assert(a != b)
        f = [[z3.Bool(f"f_{k}_{t}") for t in range(t_max + 1)] for k in range(board.n)]
        for k in range(board.n):
            self._assert(f[k][-1])
            if k == board.start:
                for a in f[k]:
                    self._assert(a)
                continue
            self._assert(z3.Not(f[k][0]))
            for t in range(t_max):
                a, b = f[k][t], f[k][t + 1]
                self._assert(z3.Implies(a, b))
                chosen = colours[t] == board.colour[k]
                near = z3.Or([f[j][t] for j in board.adj[k]])
                self._assert(z3.Implies(z3.And(near, chosen), b))
                self._assert(z3.Implies(z3.And(z3.Not(a), z3.Or(z3.Not(near), z3.Not(chosen))),
                                        z3.Not(b)))
        if optimize:
            goal = z3.Sum([z3.If(z3.And([f[k][t] for k in range(board.n)]), 1, 0)
                           for t in range(t_max + 1)])
            self.solver.maximize(goal)
            self.goal = goal
        elif t_max >= 1:
            self._assert(z3.Not(z3.And([f[k][t_max - 1] for k in range(board.n)])))
        self.colours, self.f = colours, f

    def _assert(self, term: Any) -> None:
        self.solver.add(term)
        self.asserts.append(term)

    def smtlib(self) -> str:
        """The assertions in SMT-LIB (declarations included; parses back in z3), and
        for the optimizer its objective as a comment."""
        z3 = self.z3
        s = z3.Solver()
        s.add(self.asserts)
        text = s.to_smt2()
        if self.optimize:
            goal = " ".join(self.goal.sexpr().split())
            text += f"; objective: (maximize {goal})\n"
        return text

    def run(self) -> tuple[str, Optional[Moves]]:
        z3 = self.z3
        if self.horizon == 0:  # nothing floods a board of two colours or more in 0 moves
            return "unsat", None
        r = self.solver.check()
        if r == z3.unsat:
            return "unsat", None
        if r != z3.sat:
            return "unknown", None
        m = self.solver.model()
        n = self.board.n
        times = [all(z3.is_true(m.eval(self.f[k][t], model_completion=True)) for k in range(n))
                 for t in range(self.horizon + 1)]
        length = times.index(True) if True in times else self.horizon
        moves = tuple(m.eval(self.colours[t], model_completion=True).as_long() for t in range(length))
        return "sat", Moves(moves)


class SeedMode(SolveMode):
    """One of the seed's modes (the subclass says which horizon(s) it tries)."""

    optimize = False

    @abc.abstractmethod
    def bounds(self, puzzle: Puzzle, board: Board, options: ModeOptions) -> tuple[int, int]:
        """The horizons (least, most moves) this mode tries."""

    def run(self, puzzle: Puzzle, options: ModeOptions) -> ModeResult:
        t0 = time.perf_counter()
        board = Board(puzzle)
        lo, hi = self.bounds(puzzle, board, options)
        deadline = None if options.time_limit is None else time.monotonic() + options.time_limit
        t = (lo + hi) // 2
        best: Optional[tuple[str, Optional[Moves]]] = None
        last: tuple[str, Optional[Moves]] = ("unknown", None)
        tried: list[str] = []
        asserts = None
        while True:
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                last = ("unknown", None)
                break
            formula = SeedFormula(puzzle, board, t, self.optimize, remaining)
            if asserts is None and options.print_asserts:
                asserts = (f"; {len(formula.asserts)} asserts, horizon {t}\n"
                           + formula.smtlib())
            if options.dry_run:
                return ModeResult("dry_run", None, time.perf_counter() - t0,
                                  f"{self.name}: built {len(formula.asserts)} asserts for "
                                  f"horizon {t} (bounds {lo}..{hi}); not solved", asserts,
                                  {"asserts": len(formula.asserts), "horizon": t})
            last = formula.run()
            tried.append(f"{t}:{last[0]}")
            if last[0] == "sat":
                best = last
                hi = t - 1
            else:  # unsat or unknown, as the seed: search higher
                lo = t + 1
            t = (hi + lo) // 2
            if lo > hi:
                break
        status, answer = best if best is not None else last
        if answer is not None:
            res = replay(puzzle, answer.colours)
            if not res.flooded or res.extra:
                raise InternalError(f"the seed formulation's sequence {answer.text()} does "
                                    "not flood the board")
        detail = f"{self.name}: horizons tried {' '.join(tried) or '-'}"
        return ModeResult(status, answer, time.perf_counter() - t0, detail, asserts,
                          {"horizons": tried})


class OptMode(SeedMode):
    name = "opt"
    description = "z3's optimizer minimises the moves (horizon --upper, default the seed's bound)"
    optimize = True

    def bounds(self, puzzle: Puzzle, board: Board, options: ModeOptions) -> tuple[int, int]:
        u = options.upper if options.upper is not None else seed_bound(puzzle, board)
        return u, u


class MinMode(SeedMode):
    name = "min"
    description = "binary search for the fewest moves in 0..the seed's bound"

    def bounds(self, puzzle: Puzzle, board: Board, options: ModeOptions) -> tuple[int, int]:
        return 0, seed_bound(puzzle, board)


class SearchMode(SeedMode):
    name = "search"
    description = "binary search for the fewest moves in --lower..--upper"

    def bounds(self, puzzle: Puzzle, board: Board, options: ModeOptions) -> tuple[int, int]:
        if options.lower is None or options.upper is None:
            raise InputError("--mode search needs --lower and --upper", "--mode")
        if options.lower > options.upper:
            raise InputError(f"--lower {options.lower} is above --upper {options.upper}", "--lower")
        return options.lower, options.upper


class ExactMode(SeedMode):
    name = "exact"
    description = "a sequence of exactly --moves moves"

    def bounds(self, puzzle: Puzzle, board: Board, options: ModeOptions) -> tuple[int, int]:
        if options.moves is None:
            raise InputError("--mode exact needs --moves N", "--mode")
        return options.moves, options.moves


class SolveSeedMode(SeedMode):
    name = "solve"
    description = "a sequence of the seed's generous length (its upper bound)"

    def bounds(self, puzzle: Puzzle, board: Board, options: ModeOptions) -> tuple[int, int]:
        u = seed_bound(puzzle, board)
        return u, u


SEED_MODES: tuple[SolveMode, ...] = (OptMode(), MinMode(), SearchMode(), ExactMode(),
                                     SolveSeedMode())

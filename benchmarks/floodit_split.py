"""Flood-It's hard proof ("no sequence of at most K moves"), whole or split into cubes, to
decide whether a second core can share it (issue 27).

The proof that optimum - 1 moves do not suffice is most of the time on the hardest thesis
boards. Two cores can share it only if it splits into parts that are each much easier
than the whole (cube and conquer) or if differently configured solvers differ much in
time (a portfolio takes the fastest). This script measures both on one board, every
solve on a fresh CaDiCaL (python-sat's ``cadical195``) over the clauses of
:class:`pencilproof.encodings.floodit.sat.FloodEncoded`, CPU seconds of the solve alone:

    python benchmarks/floodit_split.py file:BOARDS/14_14_10_002 --moves 29 --how whole
    python benchmarks/floodit_split.py file:BOARDS/14_14_10_002 --moves 29 --how first
    python benchmarks/floodit_split.py file:BOARDS/14_14_10_002 --moves 29 --how gone:20:5
    python benchmarks/floodit_split.py rec:5 --moves 36 --how whole --options seed=1

``--how whole``: the proof as the default path asks it; ``first``: one cube per colour the
first move can take (a colour bordering the pivot's area); ``gone:T:C``: two cubes,
colour C gone after T moves or not. With two workers the wall time of a split is at best
its largest cube (and at worst the sum), so a split wins only where the largest cube
takes well under the whole. ``--options`` sets CaDiCaL options (``name=int,...``, e.g.
``seed=1``, ``stabilize=0``) for a portfolio's second configuration.
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))
from floodit import load_puzzle  # noqa: E402  (the sibling benchmark reads the boards)

from pencilproof.encodings.floodit.board import Board  # noqa: E402
from pencilproof.encodings.floodit.sat import FloodEncoded  # noqa: E402
from pencilproof.solvers.deadline import NEVER  # noqa: E402


@dataclass
class Recorder:
    """The part of the backend protocol an encoding uses, keeping the clauses, so that
    every cube starts from the same clauses on a fresh solver."""

    nvars: int = 0
    clauses: list[list[int]] = field(default_factory=list)
    _true: int = 0

    def new_var(self) -> int:
        self.nvars += 1
        return self.nvars

    @property
    def true(self) -> int:
        if not self._true:
            self._true = self.new_var()
            self.clauses.append([self._true])
        return self._true

    def add_clause(self, lits: Sequence[int]) -> None:
        self.clauses.append(list(lits))

    def add_clauses(self, clauses: Iterable[Sequence[int]]) -> None:
        for cl in clauses:
            self.add_clause(cl)

    def reserve(self, nvars: int, nclauses: int) -> None:
        pass

    def checkpoint(self) -> None:
        pass


def colour_left(rec: Recorder, model: FloodEncoded, t: int, colour: int) -> int:
    """A literal true exactly when some area of ``colour`` is not flooded after ``t``
    moves (the encoding's own "left" literal is only forced one way)."""
    board = model.board
    lits = [model.flooded[k][t] for k in range(board.n)
            if board.colour[k] == colour and k != board.start]
    v = rec.new_var()
    rec.add_clause([-v] + [-f for f in lits])
    rec.add_clauses([f, v] for f in lits)
    return v


def solve(clauses: list[list[int]], assumptions: list[int], options: dict[str, int]
          ) -> tuple[bool | None, float]:
    """(satisfiable, CPU seconds of the solve) on a fresh solver."""
    from pysat.solvers import Solver
    s = Solver(name="cadical195", bootstrap_with=clauses)
    if options:
        s.solver.configure(options)
    t0 = time.process_time()
    ok = s.solve(assumptions=assumptions)
    spent = time.process_time() - t0
    s.delete()
    return ok, spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("board", help="rec:INDEX of tests/data/floodit.jsonl or file:PATH")
    ap.add_argument("--moves", type=int, required=True, help="prove no sequence of this many")
    ap.add_argument("--how", default="whole", help="whole, first or gone:T:C")
    ap.add_argument("--options", default="", help="CaDiCaL options, name=int,...")
    ap.add_argument("--horizon", type=int, default=0,
                    help="moves the encoding holds (default --moves, as the default path)")
    args = ap.parse_args()
    options = {k: int(v) for k, v in (kv.split("=") for kv in args.options.split(",") if kv)}
    board = Board(load_puzzle(args.board), NEVER)
    rec = Recorder()
    model = FloodEncoded(board, rec, max(args.horizon, args.moves))
    goal = model.at_most(args.moves)
    cubes: list[tuple[str, list[int]]]
    if args.how == "whole":
        cubes = [("whole", [])]
    elif args.how == "first":
        firsts = sorted({board.colour[j] for j in board.adj[board.start]})
        cubes = [(f"first={c}", [model.move[0][c]]) for c in firsts]
    elif args.how.startswith("gone:"):
        t, c = (int(x) for x in args.how.split(":")[1:])
        v = colour_left(rec, model, t, c)
        cubes = [(f"colour {c} left after {t}", [v]), (f"colour {c} gone after {t}", [-v])]
    else:
        ap.error(f"unknown --how {args.how!r}")
    times = []
    for name, cube in cubes:
        ok, spent = solve(rec.clauses, goal + cube, options)
        times.append(spent)
        print(f"{name:28} {'SAT' if ok else 'UNSAT':6} {spent:8.2f} s", flush=True)
    if len(times) > 1:
        print(f"{'sum / largest cube':28} {'':6} {sum(times):8.2f} / {max(times):.2f} s")


if __name__ == "__main__":
    main()

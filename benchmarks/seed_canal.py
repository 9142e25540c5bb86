"""The seed project's Canal View model as the seed formulated it, for the benchmark only.

The seed (a z3 course project) builds z3 *terms*, not clauses: one Bool per cell, a
parent pointer per cell as two Bools for the horizontal and two for the vertical
direction, a turn-parity Bool per cell, a root Bool per cell with a pseudo-Boolean
"exactly one root", and each clue as an integer sum of ``If`` terms, all on z3's default
``Solver()``. This module re-states that formulation (written here from its description,
with one change: no root is needed when nothing is shaded, so course puzzle 23 has its
answer) so the benchmark can time the checker against it in the same process.

The package's own ``--encoding reference`` is the same spanning tree as clauses on our
backends; it is much faster than this, which is why the benchmark reports both.
"""
from __future__ import annotations

import time

import z3

from pencilproof.checker import CheckResult, Verdict
from pencilproof.encodings import get_genre
from pencilproof.errors import InternalError
from pencilproof.puzzle import Puzzle, Solution


def seed_check(p: Puzzle, time_limit: float | None = None) -> CheckResult:
    t0 = time.perf_counter()
    R, C = p.rows, p.cols
    s = [[z3.Bool(f"s_{i}_{j}") for j in range(C)] for i in range(R)]
    # pointer bits: h[i][j] = (points left, points right), v[i][j] = (points down, points up)
    h = [[(z3.Bool(f"hl_{i}_{j}"), z3.Bool(f"hr_{i}_{j}")) for j in range(C)] for i in range(R)]
    v = [[(z3.Bool(f"vd_{i}_{j}"), z3.Bool(f"vu_{i}_{j}")) for j in range(C)] for i in range(R)]
    par = [[z3.Bool(f"p_{i}_{j}") for j in range(C)] for i in range(R)]
    root = [[z3.Bool(f"r_{i}_{j}") for j in range(C)] for i in range(R)]
    slv = z3.Solver()
    if time_limit is not None:
        slv.set("timeout", max(1, int(time_limit * 1000)))
    cells = [(i, j) for i in range(R) for j in range(C)]
    any_shaded = z3.Or([s[i][j] for i, j in cells])
    slv.add(z3.PbLe([(root[i][j], 1) for i, j in cells], 1))
    slv.add(z3.Implies(any_shaded, z3.PbEq([(root[i][j], 1) for i, j in cells], 1)))
    for i, j in cells:
        clue = p.grid[i][j]
        if clue is not None:
            slv.add(z3.Not(s[i][j]))
            if isinstance(clue, int):
                total = z3.IntVal(0)
                for di, dj in ((0, -1), (0, 1), (-1, 0), (1, 0)):
                    blocked = z3.BoolVal(False)
                    y, x = i + di, j + dj
                    while 0 <= y < R and 0 <= x < C:
                        total = total + z3.If(z3.And(s[y][x], z3.Not(blocked)), 1, 0)
                        blocked = z3.Or(blocked, z3.Not(s[y][x]))
                        y, x = y + di, x + dj
                slv.add(total == clue)
        hl, hr = h[i][j]
        vd, vu = v[i][j]
        slv.add(z3.Implies(root[i][j], z3.And(s[i][j], z3.Not(hl), z3.Not(hr),
                                              z3.Not(vd), z3.Not(vu))))
        slv.add(z3.Or(z3.Not(hl), z3.Not(hr)), z3.Or(z3.Not(vd), z3.Not(vu)))
        slv.add(z3.Implies(z3.And(s[i][j], z3.Not(root[i][j])),
                           z3.PbEq([(hl, 1), (hr, 1), (vd, 1), (vu, 1)], 1)))
        slv.add(z3.Implies(z3.Not(s[i][j]), z3.And(z3.Not(hl), z3.Not(hr),
                                                   z3.Not(vd), z3.Not(vu))))
        if i + 1 < R and j + 1 < C:
            slv.add(z3.Not(z3.And(s[i][j], s[i + 1][j], s[i][j + 1], s[i + 1][j + 1])))
        # a pointer leads to a shaded neighbour inside the grid, never straight back
        for bit, (di, dj), back in ((hl, (0, -1), 1), (hr, (0, 1), 0)):
            y, x = i + di, j + dj
            if 0 <= x < C:
                slv.add(z3.Implies(bit, s[y][x]), z3.Implies(bit, z3.Not(h[y][x][back])))
            else:
                slv.add(z3.Not(bit))
        for bit, (di, dj), back in ((vd, (1, 0), 1), (vu, (-1, 0), 0)):
            y, x = i + di, j + dj
            if 0 <= y < R:
                slv.add(z3.Implies(bit, s[y][x]), z3.Implies(bit, z3.Not(v[y][x][back])))
            else:
                slv.add(z3.Not(bit))
    # Turn parity: consecutive pointers x -> y -> z keep the parity of x and y, except
    # at right->up and up->right turns, where it flips; no pointer cycle can close.
    moves = {"L": (0, -1), "R": (0, 1), "D": (1, 0), "U": (-1, 0)}
    def bit(i, j, d):
        return {"L": h[i][j][0], "R": h[i][j][1], "D": v[i][j][0], "U": v[i][j][1]}[d]
    for i, j in cells:
        for d1, (di, dj) in moves.items():
            y, x = i + di, j + dj
            if not (0 <= y < R and 0 <= x < C):
                continue
            for d2 in moves:
                if {d1, d2} in ({"L", "R"}, {"U", "D"}):
                    continue
                rel = par[i][j] != par[y][x] if {d1, d2} == {"R", "U"} else par[i][j] == par[y][x]
                slv.add(z3.Implies(z3.And(bit(i, j, d1), bit(y, x, d2)), rel))
    genre = get_genre("canal")
    sols: list[Solution] = []
    verdict = None
    for _ in range(2):
        r = slv.check()
        if r == z3.unknown:
            verdict = Verdict.UNKNOWN
            break
        if r == z3.unsat:
            break
        m = slv.model()
        val = [[z3.is_true(m.eval(s[i][j], model_completion=True)) for j in range(C)]
               for i in range(R)]
        sol = Solution(tuple("".join("#" if val[i][j] else "." for j in range(C)) for i in range(R)))
        if genre.verify(p, sol):
            raise InternalError("seed model produced an invalid solution")
        sols.append(sol)
        slv.add(z3.Or([s[i][j] != val[i][j] for i, j in cells]))
    if verdict is None:
        verdict = {0: Verdict.NO_SOLUTION, 1: Verdict.UNIQUE, 2: Verdict.MULTIPLE}[len(sols)]
    differ = tuple(sols[0].differ(sols[1])) if len(sols) == 2 else ()
    return CheckResult(verdict, tuple(sols), differ, time.perf_counter() - t0,
                       {"backend": "z3-terms", "encoding": "seed"})

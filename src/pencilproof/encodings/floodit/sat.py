"""Flood-It as clauses: sequences of at most H moves that flood the board.

Variables: ``move[t][c]`` (move t has colour c, exactly one per t), ``flooded[k][t]``
(area k is flooded after t moves) and ``done[t]`` (every area is flooded after t moves;
``done[t] -> done[t+1]``). An area becomes flooded at move t only if that move has its
colour and a neighbour was flooded before it; this "may flood" reading is enough: the
real game floods at least what the model floods under the same moves (by induction, as
an area absorbs only areas of the move's colour that border it), so a model with
``done[k]`` is a real sequence of at most k moves. ``at_most(k)`` is the assumption
``done[k]``, so one solver answers every horizon up to H (the optimum search goes
upwards on it).

Redundant constraints, each valid for some optimal sequence, cut the search:

* an area is not flooded before its distance from the pivot's area (no variable);
* colours left: with j colours still present after t moves, ``done`` is false before
  t + j (a totalizer over "colour c is left" per t);
* no idle move: before ``done``, a move of colour c floods some area of colour c (an
  optimal sequence has no move that changes nothing: dropping it would be shorter).

Measured on the 39 shared thesis boards (CaDiCaL): with these, the proofs at
optimum - 1 take 0-60 s; without the colour bound several do not end in minutes. The
symmetry break "independent consecutive moves in colour order" and the dominance "play a
colour that can be removed entirely at once" were tried as clauses and made the proofs
slower on the hardest boards, so they live in the beam search only. So was "a colour
left after t moves is played at some move t or later" (one clause per colour and t):
16_16_10_001, horizon 33, the proofs at 29-32 moves took 29.6 s of CPU with it and 25.0 s
without (2026-11-28). Phases taken from the beam's sequence (one move longer than the
optimum) made the search for the 32-move sequence of 20_20_08_001 slower too (26.7 s
against 6.1 s). Two more, measured on the proof at optimum - 1 alone (CPU s of CaDiCaL,
with / without, 2026-11-28): exact propagation, "an area of the move's colour bordering
a flooded area is flooded" (one ternary clause per area, neighbour and move; the "may
flood" reading above needs none): the seed's 003b 16.2 / 15.3 s, 14_14_10_002 3.7 / 3.8
s; and "with j colours left after t moves, done after t + j moves needs a colour whose
every area is flooded or borders a flooded area after t" (one variable per colour and t):
003b 13.5 / 12.6 s, 14_14_10_002 4.6 / 3.5 s. Neither gains beyond the noise (the same
solve varies by 20% between runs), so neither is kept. Nor is "after t of T moves the
flooded areas lie within T - t of every area" (one clause per area and t, 3808 on 003b,
whose proof took 120,213 conflicts and 15.4 s with it against 114,778 and 11.9 s without,
the two at once, 2026-11-29). Nor the A*'s move-order rule as clauses, "a move after the
first floods an area none of whose neighbours was flooded before the move before it, or
that move's colour is smaller" (it loses no optimum, by the exchange argument of
:mod:`.astar`; a variable per area and move, 350 clauses more on 003b): 003b 115,329
conflicts and 16.6 s with it against 118,853 and 11.8 s without, 14_14_10_002 29,370 and
2.7 s against 30,207 and 2.5 s (2026-11-29): the solver's time does not go on orders of
the same moves. Nor does the proof split (see :mod:`.portfolio`): 003b's cubes on the first
move (two colours can start) took 12.7 and 8.9 s, on the first two moves 13.7 s for the
hardest of five, against 11.8-13.3 s whole.
"""
from __future__ import annotations

from typing import AbstractSet, Any

from ...puzzle import Cell
from ..cnf import unary_sum
from .board import Board, Moves

Lit = int


class FloodEncoded:
    """Move sequences of at most ``horizon`` moves on one backend (a BoundedEncoded)."""

    def agree(self, answer: Any) -> dict[Cell, Lit]:
        """{}: a move sequence is not a grid of cells (the analyses are for grids)."""
        return {}

    def partial_cuts(self, true: AbstractSet[Lit]) -> list[list[Lit]]:
        return []

    def __init__(self, board: Board, backend: Any, horizon: int):
        self.board = board
        self.b = backend
        self.horizon = h = max(horizon, 0)
        n, ncol = board.n, board.ncolours
        dist = board.distance
        backend.reserve(n * (h + 1) + ncol * h, 4 * n * (h + 1))
        true = backend.true
        self.true = true
        self.move = [[backend.new_var() for _ in range(ncol)] for _ in range(h)]
        for row in self.move:
            backend.add_clause(row)
            for i in range(ncol):
                for j in range(i + 1, ncol):
                    backend.add_clause([-row[i], -row[j]])
        f: list[list[Lit]] = []
        for k in range(n):
            if k == board.start:
                f.append([true] * (h + 1))
            else:
                f.append([-true if t < dist[k] else backend.new_var() for t in range(h + 1)])
        self.flooded = f
        self.done = [backend.new_var() for _ in range(h + 1)]
        for t, d in enumerate(self.done):
            backend.add_clauses([-d, f[k][t]] for k in range(n) if f[k][t] != true)
            if t < h:
                backend.add_clause([-d, self.done[t + 1]])
        absorbed: dict[tuple[int, int], Lit] = {}
        for k in range(n):
            if k == board.start:
                continue
            col = board.colour[k]
            for t in range(h):
                now, nxt = f[k][t], f[k][t + 1]
                if nxt == -true:
                    continue
                if now != -true:
                    backend.add_clause([-now, nxt])
                backend.add_clause([-nxt, now, self.move[t][col]])
                backend.add_clause([-nxt, now] + [f[j][t] for j in board.adj[k] if f[j][t] != -true])
                a = backend.new_var()
                backend.add_clause([-a, nxt])
                backend.add_clause([-a, -now])
                absorbed[(k, t)] = a
            backend.checkpoint()
        # No idle move before the end.
        for t in range(h):
            for c in range(ncol):
                backend.add_clause([-self.move[t][c], self.done[t]] + [
                    absorbed[(k, t)] for k in range(n)
                    if board.colour[k] == c and (k, t) in absorbed])
        # Colours left after t moves: at least that many more moves.
        for t in range(h + 1):
            left = []
            for c in range(ncol):
                areas = [k for k in range(n) if board.colour[k] == c and k != board.start]
                if not areas:
                    continue
                u = backend.new_var()
                backend.add_clauses([f[k][t], u] for k in areas if f[k][t] != true)
                left.append(u)
            count = unary_sum(backend, [[u] for u in left], ncol)
            for j in range(1, len(count) + 1):
                if t + j - 1 <= h:
                    backend.add_clause([-count[j - 1], -self.done[t + j - 1]])

    # -- the Encoded protocol ------------------------------------------------------------
    def decode(self) -> Moves:
        done = self.b.values(self.done)
        end = done.index(True) if True in done else self.horizon
        out = []
        for t in range(end):
            vals = self.b.values(self.move[t])
            out.append(vals.index(True))
        return self.board.essential(Moves(tuple(out)))

    def cuts(self, answer: Moves) -> list[list[Lit]]:
        return []

    def block(self, answer: Moves) -> list[Lit]:
        """Rules this colour sequence out (as the first moves of any answer)."""
        return [-self.move[t][c] for t, c in enumerate(answer.colours) if t < self.horizon]

    def prepare(self, puzzle: Any) -> None:
        pass

    def stats(self) -> dict[str, Any]:
        return {"areas": self.board.n, "horizon": self.horizon}

    def at_most(self, k: int) -> list[Lit]:
        if k < 0:
            return [-self.true]
        return [self.done[min(k, self.horizon)]]

"""The :class:`~.layers.Lines` layer with its clauses made in one batch.

:meth:`Lines.setup` states each cell's allowed degrees and makes every piece's agree
literal one call at a time (through :meth:`Lines.agree`, so that a subclass may make its
own); on a large board of a genre with path ends that was about half of a check
(Pipeline: some 30 of 45 ms on a 12x12 board). :class:`BatchLines` makes the same atoms,
degree clauses and agree literals (under the same keys, so ``agree`` and ``block`` find
them) and hands the clauses to the backend at once. A layer that overrides ``agree``
(:class:`~.paths.ShadedLines`) must keep :class:`Lines`.
"""
from __future__ import annotations

from typing import Sequence

from ...puzzle import Cell
from .layers import PIPE_DIRS, STEP, Lines, edge_atom
from .model import Encoder, Lit


class BatchLines(Lines):
    """:class:`Lines` (same options, atoms and agree literals), set up in one batch."""

    def setup(self, e: Encoder, cells: Sequence[Cell]) -> None:
        live, b = frozenset(cells), e.b
        out: list[list[Lit]] = []
        for r, c in cells:
            for atom, there in ((("e", r, c, "R"), (r, c + 1)), (("e", r, c, "D"), (r + 1, c))):
                if there in live:
                    e.atom(atom)
        allowed = {0, 2} | ({1} if self.ends else set()) | ({4} if self.cross else set())
        for cell in cells:
            pairs = [(d, e.lits[a]) for d in STEP if (a := edge_atom(cell, d)) in e.lits]
            near = {d for d, _ in pairs}
            for mask in range(1 << len(pairs)):  # every assignment of a forbidden degree
                if bin(mask).count("1") not in allowed:
                    out.append([-lit if mask >> i & 1 else lit for i, (_, lit) in enumerate(pairs)])
            for ch, dirs in PIPE_DIRS.items():
                if len(dirs) in allowed and dirs <= near:
                    lits = [lit if d in dirs else -lit for d, lit in pairs]
                    if len(lits) > 1:
                        x = b.new_var()
                        out += [[-x, lit] for lit in lits]
                        out.append([x, *(-lit for lit in lits)])
                    else:
                        x = lits[0] if lits else b.true
                    e.lits[("agree", cell, ch)] = x
        b.add_clauses(out)


__all__ = ["BatchLines"]

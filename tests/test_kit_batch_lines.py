"""kit BatchLines: the same atoms, agree literals and answers as the Lines layer it
batches, for every combination of its options, on small boards."""
from __future__ import annotations

import itertools

import pytest

from pencilproof.encodings.kit.batch_lines import BatchLines
from pencilproof.encodings.kit.layers import Lines
from pencilproof.encodings.kit.model import Encoder
from pencilproof.puzzle import Puzzle
from pencilproof.solvers.backends import Status, make_backend


def _answers(layer, rows: int, cols: int) -> tuple[set, set]:
    """(the encoder's atom keys, every model's agree keys that hold) of a blank board."""
    b = make_backend("cadical")
    try:
        e = Encoder(b, Puzzle("pipeline", rows, cols, ((None,) * cols,) * rows))
        layer.setup(e, [(r, c) for r in range(rows) for c in range(cols)])
        keys = [k for k in e.lits if isinstance(k, tuple) and k[0] == "agree"]
        seen = set()
        while b.solve() is Status.SAT:
            on = frozenset(k for k, v in zip(keys, b.values([e.lits[k] for k in keys])) if v)
            seen.add(on)
            edges = [e.lits[k] for k in e.lits if k not in keys]
            b.add_clause([-x if v else x for x, v in zip(edges, b.values(edges))])
        return set(e.lits), seen
    finally:
        b.close()


@pytest.mark.parametrize("ends, cross", list(itertools.product((False, True), repeat=2)))
@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 3), (2, 2), (2, 3)])
def test_the_same_as_lines(ends, cross, rows, cols):
    want = _answers(Lines(ends, cross), rows, cols)
    assert _answers(BatchLines(ends, cross), rows, cols) == want and want[1]

"""Separator cuts (grid.min_separator and LazyConnectivity after a streak of disconnected
models): the separator really separates and is as small as can be, and the loose Canal
View grid whose backbone took 102 000 cut rounds with border cuts alone now ends fast."""
from __future__ import annotations

import itertools

from pencilproof.analysis import backbone
from pencilproof.encodings.grid import min_separator, neighbours
from pencilproof.formats import parse_url


def _grid_graph(rows: int, cols: int, holes: set = frozenset()):
    cells = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in holes]
    index = {c: i for i, c in enumerate(cells)}
    adj = [[index[n] for n in neighbours(c, rows, cols) if n in index] for c in cells]
    return cells, index, adj


def _separates(adj, source, sink, sep) -> bool:
    seen, stack = set(source), list(source)
    while stack:
        for w in adj[stack.pop()]:
            if w not in seen and w not in sep:
                seen.add(w)
                stack.append(w)
    return not seen & set(sink)


def test_min_separator_of_a_3x3_grid_is_its_middle_column():
    cells, index, adj = _grid_graph(3, 3)
    left = {index[(r, 0)] for r in range(3)}
    right = {index[(r, 2)] for r in range(3)}
    sep = min_separator(adj, left, right, 10)
    assert sorted(cells[v] for v in sep) == [(0, 1), (1, 1), (2, 1)]
    assert min_separator(adj, left, right, 2) is None  # three are needed


def test_min_separator_finds_the_narrow_passage_and_is_minimal():
    # Two 3x3 rooms joined by a corridor one cell wide (row 1, columns 3-5).
    holes = {(r, c) for r in (0, 2) for c in (3, 4, 5)}
    cells, index, adj = _grid_graph(3, 9, holes)
    a, b = {index[(1, 0)]}, {index[(1, 8)]}
    sep = min_separator(adj, a, b, 10)
    # One cell: of the corridor or at either end of it.
    assert len(sep) == 1 and cells[sep[0]] in {(1, c) for c in range(2, 7)}
    assert _separates(adj, a, b, set(sep))
    # Exhaustive check on a small grid with holes: no smaller set separates.
    holes = {(1, 1), (2, 3)}
    cells, index, adj = _grid_graph(4, 4, holes)
    a, b = {index[(0, 0)]}, {index[(3, 3)]}
    sep = min_separator(adj, a, b, 10)
    assert _separates(adj, a, b, set(sep))
    others = [v for v in range(len(cells)) if v not in a | b]
    for k in range(len(sep)):
        assert not any(_separates(adj, a, b, set(s)) for s in itertools.combinations(others, k))


def test_the_loose_canal_backbone_ends_in_few_cut_rounds():
    # benchmarks/analysis.py's loosened("canal", 20, 9, 0.25) under version 0.2.0: with
    # border cuts alone its backbone took 102 298 solver calls (98 s) and found 114 fixed
    # and 235 varying cells.
    p = parse_url("https://puzz.link/p?canal/20/20/j0i2h0i9m2h4g4k5g3zh0o9o7h52h3n6y2zl3h3"
                  "j63i3p4i7k9h2gfx9i9i2g5hfn2g21l6zj-10p32g6m3g22g3zp4zo-14zgfl6q5k0i2i")
    res = backbone(p, limit=1)
    assert (len(res.fixed), len(res.varying)) == (114, 235)
    assert res.solver_calls < 5000

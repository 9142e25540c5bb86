"""The genre kit's pieces: each rule's encoding face and check face agree.

For every assignment of a rule's atoms (all of them, on small cases), the clauses with
that assignment fixed are satisfiable (lazy cuts included) exactly when the plain-Python
check finds nothing wrong. Guards: with the guard false, every assignment is allowed.
"""
from __future__ import annotations

import itertools

import pytest

from pencilproof.encodings.kit import AllDifferent, Connected, Count, Encoder, NotAll, S, Values
from pencilproof.encodings.kit.lattice import (areas, check_areas_connected, normalize_areas,
                                               parse_areas, sight)
from pencilproof.errors import InputError
from pencilproof.puzzle import Puzzle
from pencilproof.solvers import Status, make_backend

P = Puzzle("sudoku", 2, 3, ((None,) * 3,) * 2)
CELLS = [(r, c) for r in range(2) for c in range(3)]


def _sat(rule, atoms, assignment, guard=None) -> bool:
    """Whether the rule's clauses (behind a guard literal fixed to ``guard``) admit this
    assignment of its atoms, with its lazy cuts added until they hold."""
    b = make_backend("cadical")
    try:
        e = Encoder(b, P)
        for a in atoms:
            e.atom(a)
        g = None
        if guard is not None:
            g = b.new_var()
            b.add_clause([g if guard else -g])
        rule.encode(e, g)
        for a, val in zip(atoms, assignment):
            b.add_clause([e[a] if val else -e[a]])
        while b.solve() is Status.SAT:
            v = Values(P, ())
            lits = [e[a] for a in atoms]
            v.truth = dict(zip(atoms, b.values(lits)))
            cuts = [cl for lazy in e.lazy for cl in lazy.cuts(v)]
            if not cuts:
                return True
            b.add_clauses(cuts)
        return False
    finally:
        b.close()


def _checks(rule, atoms, assignment) -> bool:
    v = Values(P, ())
    v.truth = dict(zip(atoms, assignment))
    return not rule.check(v)


SHADES = [S(c) for c in CELLS]


@pytest.mark.parametrize("op, n", [("==", 0), ("==", 2), ("==", 6), ("==", 7), ("<=", 1),
                                   ("<=", 3), (">=", 1), (">=", 4), (">=", 0)])
def test_count_faces_agree(op, n):
    rule = Count(SHADES, n, CELLS, "nmCount", "count {k} is not {n}", op)
    for bits in itertools.product((False, True), repeat=len(SHADES)):
        assert _sat(rule, SHADES, bits) == _checks(rule, SHADES, bits), bits
        assert _sat(rule, SHADES, bits, guard=False)


def test_count_message_names_both_numbers():
    rule = Count(SHADES[:2], 1, CELLS[:2], "nmCount", "{k} shaded, {n} wanted")
    v = Values(P, ())
    v.truth = {SHADES[0]: True, SHADES[1]: True}
    [violation] = rule.check(v)
    assert (violation.code, violation.message, violation.cells) == \
        ("nmCount", "2 shaded, 1 wanted", ((0, 0), (0, 1)))


def test_not_all_with_negated_atoms():
    rule = NotAll(SHADES[:2], CELLS[:3], "cs", "pattern", negated=SHADES[2:3])
    atoms = SHADES[:3]
    for bits in itertools.product((False, True), repeat=3):
        assert _sat(rule, atoms, bits) == _checks(rule, atoms, bits) == (bits != (True, True, False))


def test_connected_on_the_grid_and_on_a_graph():
    grid = Connected({c: S(c) for c in CELLS}, [], "csDivide", "{k} pieces", grid=(2, 3))
    edges = [(a, b, None) for a in CELLS for b in CELLS
             if a < b and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1]
    graph = Connected({c: S(c) for c in CELLS}, edges, "csDivide", "{k} pieces")
    for bits in itertools.product((False, True), repeat=6):
        expect = _checks(grid, SHADES, bits)
        assert _checks(graph, SHADES, bits) == expect
        assert _sat(grid, SHADES, bits) == expect, bits
        assert _sat(graph, SHADES, bits) == expect, bits
    # (0,0) and (0,2) shaded alone: two pieces, the stray one named
    v = Values(P, ())
    v.truth = {S((0, 0)): True, S((0, 2)): True}
    [violation] = grid.check(v)
    assert violation.message == "2 pieces" and violation.cells == ((0, 2),)


def test_connected_with_edge_atoms():
    """Nodes always present, edges variable (bridges between islands)."""
    nodes = {"a": None, "b": None, "c": None}
    edges = [("a", "b", ("x", 1)), ("b", "c", ("x", 2)), ("a", "c", ("x", 3))]
    rule = Connected(nodes, edges, "lcDivided", "{k} pieces")
    atoms = [("x", 1), ("x", 2), ("x", 3)]
    for bits in itertools.product((False, True), repeat=3):
        assert _sat(rule, atoms, bits) == _checks(rule, atoms, bits) == (sum(bits) >= 2)


def test_all_different():
    from pencilproof.encodings.kit import N
    atoms = [N(c, v) for c in CELLS[:3] for v in (1, 2)]
    rule = AllDifferent(CELLS[:3], (1, 2), "nmDupRow", "twice")
    for bits in itertools.product((False, True), repeat=len(atoms)):
        v = Values(P, ())
        v.truth = dict(zip(atoms, bits))
        numbers = {}
        for (_, r, c, val), bit in zip(atoms, bits):
            if bit:
                numbers[(r, c)] = val
        if any(sum(1 for a, bit in zip(atoms, bits) if bit and a[1:3] == c) > 1 for c in CELLS[:3]):
            continue  # one value per cell is the layer's rule, not this one's
        v.cell["number"] = numbers
        clash = len(set(numbers.values())) < len(numbers)
        assert _sat(rule, atoms, bits) == (not clash) == (not rule.check(v))


def test_lattice_regions_and_sight():
    layout = normalize_areas([["x", "x", "y"], ["z", "y", "y"]])
    assert layout == ((0, 0, 1), (2, 1, 1))
    assert areas(P.with_params(areas=layout)) == {0: [(0, 0), (0, 1)], 1: [(0, 2), (1, 1), (1, 2)],
                                                  2: [(1, 0)]}
    assert sight(P, (0, 1), stop=[(1, 1)]) == [[], [(0, 2)], [], [(0, 0)]]
    assert parse_areas(["ab", "cb"], 2, 2, "f") == ((0, 1), (2, 1))
    with pytest.raises(InputError, match="'areas' row 2 has 1 cells, the puzzle has 2"):
        parse_areas(["ab", "c"], 2, 2, "f")
    with pytest.raises(InputError, match=r"region 1 falls into pieces \(r1c3 is cut off"):
        check_areas_connected(((0, 1, 0), (1, 1, 1)), "f")

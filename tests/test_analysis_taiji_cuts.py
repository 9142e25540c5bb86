"""Taiji's partial cuts (what lets explain's propagation see a closed region): every
clause holds for every assignment of states, with memberships read off the real regions;
a walled-in die gets exactly the clause the rule says; explain uses them (a path whose
search rounds drop, replayed independently)."""
from __future__ import annotations

import random

from pencilproof.analysis.explain import explain, replay
from pencilproof.checker import make_backend
from pencilproof.encodings import get_genre
from pencilproof.encodings.taiji.model import region_of
from pencilproof.puzzle import Puzzle

TAIJI = get_genre("taiji")


def _puzzle(rows: list[list[str | None]]) -> Puzzle:
    grid = tuple(tuple(None if t is None else TAIJI.parse_clue(t, "test") for t in row)
                 for row in rows)
    return Puzzle("taiji", len(rows), len(rows[0]), grid)


def _value(model, states: dict, lit: int) -> bool:
    """A literal's value in the assignment ``states`` (cell -> lit?), memberships being
    the real regions."""
    if abs(lit) == abs(model.T):
        return lit == model.T
    rows = tuple("".join("x" if t.hole else "#" if states[(r, c)] else "."
                         for c, t in enumerate(row)) for r, row in enumerate(model.tiles))
    for cell, x in model.x.items():
        if abs(x) == abs(lit):
            return states[cell] == (lit > 0)
    for s, row in model.R.items():
        for t, m in row.items():
            if abs(m) == abs(lit):
                return (t in region_of(rows, s)) == (lit > 0)
    raise AssertionError(f"literal {lit} is neither a state nor a membership")


def test_partial_cuts_hold_in_every_assignment():
    rng = random.Random(7)
    kinds = ["Ar0", "Br0", "Cb0", "Sr0", "Sg0", "Tk0", None, None, None, None]
    checked = 0
    for _ in range(40):
        h, w = rng.randint(2, 4), rng.randint(2, 4)
        p = _puzzle([[rng.choice(kinds) for _ in range(w)] for _ in range(h)])
        b = make_backend("cadical")
        try:
            model = TAIJI.encode(p, b)
            cells = model.cells
            for _ in range(10):
                known = {c: rng.random() < 0.5 for c in cells}
                true = {model.x[c] if v else -model.x[c] for c, v in known.items()
                        if rng.random() < 0.7}
                cuts = model.partial_cuts(true)
                for _ in range(6):
                    states = {c: rng.random() < 0.5 for c in cells}
                    # linked tiles share a literal: give them one state
                    by_var = {}
                    for c in cells:
                        states[c] = by_var.setdefault(abs(model.x[c]), states[c])
                    for clause in cuts:
                        assert any(_value(model, states, lit) for lit in clause), clause
                        checked += 1
        finally:
            b.close()
    assert checked > 100


def test_a_walled_in_die_closes_its_region():
    # r1c1 a die; r1c2 lit, r1c2's other side r1c3: if r1c1 is lit and r1c2 dark, r1c3
    # cannot be in r1c1's region.
    p = _puzzle([["Ar0", None, None]])
    b = make_backend("cadical")
    try:
        model = TAIJI.encode(p, b)
        x0, x1 = model.x[(0, 0)], model.x[(0, 1)]
        m2 = model.R[(0, 0)][(0, 2)]
        m1 = model.R[(0, 0)][(0, 1)]
        cuts = model.partial_cuts({x0, -x1})
        assert sorted(map(sorted, cuts)) == sorted([sorted([-x0, x1, -m1]),
                                                    sorted([-x0, x1, -m2])])
        assert model.partial_cuts({x0}) == []  # nothing walls it in yet
        assert model.partial_cuts(set()) == []  # its state is not known
    finally:
        b.close()


def test_explain_uses_them_on_a_shared_taiji_record():
    # tests/data/taiji.jsonl record 43 (5x5): without the partial cuts its path needed
    # search (level 3, 19 rounds); with them failed literals suffice.
    from conftest import records
    from pencilproof.formats import puzzle_from_doc
    p = puzzle_from_doc(records("taiji")[43], "record")
    path = explain(p)
    assert not path.undeduced and replay(p, path) == []
    assert max(s.level for s in path.steps) == 2

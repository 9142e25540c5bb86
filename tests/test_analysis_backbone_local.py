"""Backbone's local pass (windows solved with the rest held at the first answer): forced
on for every solve here, on 8x8 boards with too few clues, the fixed cells are still
exactly the intersection of all solutions (from count), and the pass did run."""
from __future__ import annotations

import importlib

import pytest

from pencilproof.analysis import backbone
from pencilproof.checker import count

from conftest import loose_boards

bb = importlib.import_module("pencilproof.analysis.backbone")


@pytest.mark.parametrize("name", ["canal", "smullyan", "lightup"])
def test_local_pass_keeps_the_backbone_exact(name, monkeypatch):
    monkeypatch.setattr(bb, "LOCAL_AFTER", -1)  # every solve "needed many cut rounds"
    monkeypatch.setattr(bb, "WINDOWS", (3, 5))  # (up to 3/4 of the 8x8 side)
    calls = []
    real = bb._local_pass
    monkeypatch.setattr(bb, "_local_pass", lambda *a: calls.append(1) or real(*a))
    checked = multiple = 0
    for p in loose_boards(name, 12, 3, 8):
        c = count(p, limit=300)
        if not c.complete or not c.count:
            continue
        res = backbone(p, limit=1)
        sols = c.solutions
        cells = set(res.fixed) | set(res.varying)
        want = {x for x in cells if all(s[x] == sols[0][x] for s in sols)}
        assert set(res.fixed) == want
        assert all(res.answer[x] == sols[0][x] for x in res.fixed)
        checked += 1
        multiple += len(sols) > 1
    assert checked >= 4 and multiple >= 2 and calls

"""Explain: on the course puzzles (every one up to 100 cells here; benchmarks/analysis.py
replays all of them) the path, replayed step by step with an independent solve per cell
(the checker's own encoding of the puzzle with only the step's cited clues), holds, and
it reaches exactly the published solution; non-unique puzzles leave exactly the varying
cells; the lazy connectivity rules take part in propagation; the CLI prints it."""
from __future__ import annotations

import json

import pytest

from pencilproof.analysis import backbone
from pencilproof.analysis.explain import explain, replay
from pencilproof.encodings import get_genre
from pencilproof.formats import load, puzzle_from_doc

from conftest import course, records


def _course(genre: str, cells: int) -> list:
    out = []
    for rec in course(genre):
        p = puzzle_from_doc(rec, "record")
        if rec.get("solution") and rec.get("unique") and p.rows * p.cols <= cells:
            out.append((p, get_genre(genre).parse_solution(p, rec["solution"], "record")))
    return out


@pytest.mark.parametrize("genre", ["canal", "smullyan"])
def test_course_paths_replay_and_reach_the_solution(genre):
    cases = _course(genre, 100)
    assert len(cases) >= 25
    for p, solution in cases:
        e = explain(p)
        assert not e.undeduced and not e.timed_out
        assert replay(p, e) == []
        got = {(r, c): v for s in e.steps for r, c, v in s.cells}
        assert all(solution[x] == v for x, v in got.items())
        assert set(got) == set(backbone(p).fixed)
        assert len(got) == sum(len(s.cells) for s in e.steps)  # each cell once
        assert [s.round for s in e.steps] == sorted(s.round for s in e.steps)


def test_other_genres_and_a_puzzle_that_is_not_unique():
    lightup = [puzzle_from_doc(r, "r") for r in records("lightup")
               if "janko" in r.get("source", "").lower()][:3]
    for p in lightup + [load("src/pencilproof/examples/taiji.txt")[0]]:
        e = explain(p)
        assert not e.undeduced and replay(p, e) == []
    taiji = explain(load("src/pencilproof/examples/taiji.txt")[0])
    assert taiji.steps[0].level == 0 and taiji.steps[0].cells == ((0, 0, "#"),)
    p = load("https://puzz.link/p?canal/6/6/4j4p4h4p6j6")[0]
    e = explain(p)
    assert e.undeduced == ((1, 2), (1, 3)) and replay(p, e) == []


@pytest.mark.parametrize("genre", ["canal", "smullyan"])
def test_connectivity_takes_part_in_propagation(genre, monkeypatch):
    """Propagation and failed literals (levels 1-2) leave fewer cells undeduced with the
    partial connectivity cuts than without them, on course puzzles of both genres whose
    region must be connected."""
    from pencilproof.encodings.kit.shading import GridEncoded
    cases = [p for p, _ in _course(genre, 100)][:14]

    def left(p):
        return len(explain(p, max_level=2).undeduced)
    with_cuts = [left(p) for p in cases]
    monkeypatch.setattr(GridEncoded, "partial_cuts", lambda self, true: [])
    without = [left(p) for p in cases]
    assert all(a <= b for a, b in zip(with_cuts, without))
    assert sum(with_cuts) < sum(without)


def test_deterministic():
    p = load("https://puzz.link/p?canal/6/6/3i3h2z4h5i2")[0]
    assert explain(p).steps == explain(p).steps


def test_cli_explain(run_cli, tmp_path):
    url = "https://puzz.link/p?canal/6/6/3i3h2z4h5i2"
    code, out, _ = run_cli("explain", url, "--picture", str(tmp_path / "e.svg"))
    assert code == 0 and "deepest level 2 (failed literal)" in out
    assert "round 1 level 1 (propagation)" in out
    assert 'class="note"' in (tmp_path / "e.svg").read_text()
    code, out, _ = run_cli("explain", "--json", url)
    doc = json.loads(out)
    assert code == 0 and doc["steps"][0]["level"] == 1
    assert all(len(c) == 3 for s in doc["steps"] for c in s["cells"])
    code, out, _ = run_cli("explain", "-q", "https://puzz.link/p?canal/6/6/4j4p4h4p6j6")
    assert code == 1 and "not deduced" in out and "r2c3 r2c4" in out

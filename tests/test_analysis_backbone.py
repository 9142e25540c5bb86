"""Backbone: the fixed cells are exactly the intersection of all solutions (from count),
on the small real records of every `unique` genre and on random boards with too few
clues; the solution count matches count's; the CLI prints, writes JSON and pictures."""
from __future__ import annotations

import json

import pytest

from pencilproof.analysis import backbone
from pencilproof.checker import Status, count
from pencilproof.encodings import GENRES, Question, get_genre
from pencilproof.formats import puzzle_from_doc

from conftest import loose_boards, records

UNIQUE_GENRES = sorted(g.name for g in GENRES.values() if g.question is Question.UNIQUE)


def _small(name: str, cells: int = 64) -> list:
    out = []
    for rec in records(name):
        if rec.get("kind") not in ("puzzle", "unsolvable"):
            continue
        p = puzzle_from_doc(rec, "record")
        if p.rows * p.cols <= cells:
            out.append(p)
    return out


def _loose(name: str, n: int, seed: int) -> list:
    """Loosened random boards of the genre's example size (5x5 unless it names one: some
    genres have no 5x5 answers), none for a genre without a generator."""
    hooks = GENRES[name].generator
    return loose_boards(name, n, seed, getattr(hooks, "example_size", 5)) if hooks else []


def _expected(puzzle, res, limit: int):
    """(fixed cells with values, solution count) from count(): every solution (one per
    class under a symmetry, turned to agree with the anchors) intersected."""
    genre = get_genre(puzzle.genre)
    c = count(puzzle, limit=limit)
    assert c.complete
    sols = []
    for s in c.solutions:
        if res.anchors:
            s = next(x for x in [s, *genre.images(puzzle, s)]
                     if all(x[a] == res.answer[a] for a in res.anchors))
        sols.append(s)
    cells = set(res.fixed) | set(res.varying)
    fixed = {x: sols[0][x] for x in cells if all(s[x] == sols[0][x] for s in sols)}
    return fixed, (c.classes if c.up_to else c.count)


@pytest.mark.parametrize("name", UNIQUE_GENRES)
def test_backbone_is_the_intersection_of_all_solutions(name):
    puzzles = _small(name, 36) + _loose(name, 8, 5)
    assert puzzles
    multiple = 0
    for p in puzzles:
        if not count(p, limit=60).complete:
            continue
        res = backbone(p, limit=100)
        if res.answer is None:
            assert count(p, limit=2).count == 0
            continue
        fixed, n = _expected(p, res, 100)
        assert res.complete and res.solutions == n
        assert {x: res.answer[x] for x in res.fixed} == fixed
        assert not set(res.fixed) & set(res.varying)
        multiple += n > 1
        # at most one solve per varying cell (plus the first and the final UNSAT), and
        # the models found ruled out many at once
        assert res.probes <= len(res.varying) + 1
    assert multiple >= 2


def test_a_count_limit_gives_a_lower_bound():
    p = _small("taiji")[0]
    big = next(q for q in _small("taiji") if count(q, limit=100).classes == 50 or
               count(q, limit=100).count >= 50)
    res = backbone(big, limit=3)
    assert res.solutions >= 3 and not res.complete
    assert backbone(p, limit=1000).complete


def test_cli_backbone(run_cli, tmp_path):
    url = "https://puzz.link/p?canal/6/6/4j4p4h4p6j6"
    code, out, _ = run_cli("backbone", url, "--picture", str(tmp_path / "b.svg"))
    assert code == 1 and "2 solutions; 28 cells fixed, 2 varying" in out
    assert "varying: r2c3 r2c4" in out
    assert 'class="diff"' in (tmp_path / "b.svg").read_text()
    code, out, _ = run_cli("backbone", "--json", url)
    doc = json.loads(out)
    assert doc["varying"] == [[1, 2], [1, 3]] and doc["solutions"] == 2 and doc["complete"]
    assert [0, 1, "#"] in doc["fixed"] and [1, 0, "."] in doc["fixed"]
    code, out, _ = run_cli("backbone", "-q", "src/pencilproof/examples/taiji.txt")
    assert code == 0 and "1 solution up to inversion" in out and "r1c1 taken as" in out
    code, _, err = run_cli("backbone", "nonexistent.txt")
    assert code == 2 and err.count("\n") == 1


@pytest.mark.parametrize("name", UNIQUE_GENRES)
def test_agree_literals_are_the_blocking_clause(name):
    """Encoded.agree: one literal per decided cell, true in the answer (solving under all
    of them gives the answer back: a literal made after the solve, such as a reified
    conjunction of a cell's borders, has no value in the model before); block() is the
    clause of their negations (linked cells share a literal)."""
    from pencilproof.checker import LiveSolver
    puzzles = _small(name, 36)[:5] or _loose(name, 3, 5)
    seen = 0
    for p in puzzles:
        live = LiveSolver.open(p)
        try:
            _, answer = live.solve()
            if answer is None:
                continue
            seen += 1
            agree = live.model.agree(answer)
            assert agree and live.solve(list(agree.values())) == (Status.SAT, answer)
            assert sorted(set(-x for x in agree.values())) == sorted(set(live.model.block(answer)))
        finally:
            live.close()
    assert seen

"""Generation at scale (issue 14): symmetric layouts by orbit, symmetric canals, Light Up
layout repair, and --fewest. Every puzzle made here is re-checked unique by the checker,
and the --fewest results 1-minimal by removing each clue in turn."""
from __future__ import annotations

import json
import random

import pytest

from pencilproof import Verdict, check
from pencilproof.encodings import Symmetry, get_genre
from pencilproof.errors import InputError
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.generator.pool import generate_file
from pencilproof.puzzle import LampSet, Puzzle


# -- symmetries ------------------------------------------------------------------------------
def test_orbits_of_each_symmetry():
    assert Symmetry("half", 4, 5).orbit((0, 1)) == ((0, 1), (3, 3))
    assert Symmetry("half", 3, 3).orbit((1, 1)) == ((1, 1),)
    assert Symmetry("quarter", 4, 4).orbit((0, 1)) == ((0, 1), (1, 3), (2, 0), (3, 2))
    assert Symmetry("quarter", 5, 5).orbit((2, 2)) == ((2, 2),)
    assert Symmetry("mirror", 3, 4).orbit((2, 0)) == ((2, 0), (2, 3))
    assert Symmetry("mirror", 3, 5).orbit((1, 2)) == ((1, 2),)


def test_bad_symmetries_are_one_line_errors():
    with pytest.raises(InputError, match=r"^--symmetry: a 90-degree turn needs a square grid, "
                                         r"not 4x5$"):
        Symmetry("quarter", 4, 5)
    with pytest.raises(InputError, match="unknown symmetry 'diagonal'"):
        GenerateOptions(rows=6, cols=6, symmetric="diagonal").validate()


@pytest.mark.parametrize("kind", ["half", "quarter", "mirror"])
@pytest.mark.parametrize("n", [7, 8, 11])
def test_symmetric_canals_are_valid_and_map_onto_themselves(kind, n):
    genre = get_genre("canal")
    sym = Symmetry(kind, n, n)
    blank = Puzzle("canal", n, n, tuple((None,) * n for _ in range(n)))
    for seed in range(5):
        answer = genre.generator.random_answer(n, n, random.Random(seed), None, sym)
        assert genre.verify(blank, answer) == []  # connected, no 2x2 block
        shaded = {(r, c) for r, row in enumerate(answer.rows) for c, ch in enumerate(row)
                  if ch == "#"}
        assert len(shaded) >= n * n // 4
        assert {sym.image(x) for x in shaded} == shaded


@pytest.mark.parametrize("genre,kind,size", [
    ("canal", "quarter", (9, 9)), ("canal", "mirror", (8, 10)), ("canal", "half", (10, 9)),
    ("smullyan", "quarter", (8, 8)), ("smullyan", "mirror", (7, 9)),
    ("lightup", "quarter", (9, 9)), ("lightup", "mirror", (8, 9)),
])
def test_symmetric_generation_keeps_the_layout_and_is_unique(genre, kind, size):
    rows, cols = size
    sym = Symmetry(kind, rows, cols)
    opts = GenerateOptions(genre=genre, rows=rows, cols=cols, symmetric=kind).validate()
    hooks = get_genre(genre).generator
    for index in range(2):
        g = generate_one(opts, 5, index)
        assert g is not None
        givens = set(g.puzzle.clues())
        clues = set(hooks.split_givens(g.puzzle)[1])
        assert {sym.image(x) for x in givens} == givens   # walls and numbers alike
        assert {sym.image(x) for x in clues} == clues
        for backend in ("cadical", "z3"):
            res = check(g.puzzle, backend=backend)
            assert res.verdict is Verdict.UNIQUE and res.solutions[0] == g.solution


def test_half_turn_records_still_say_true():
    """Files made before --symmetry resume: the half turn is still written as true."""
    opts = GenerateOptions(rows=6, cols=6, symmetric="half").validate()
    assert opts.symmetric is True and opts.to_json()["symmetric"] is True
    assert "fewest" not in GenerateOptions().validate().to_json()


# -- Light Up layout repair ------------------------------------------------------------------
def _lamps(rows: list[str]) -> LampSet:
    return LampSet(tuple(rows))


def test_light_up_repair_walls_a_cell_where_the_answers_differ():
    hooks = get_genre("lightup").generator
    genre = get_genre("lightup")
    # An open 4x4 area: lamps on the main diagonal (intended) or on the other one.
    answer = _lamps(["L...", ".L..", "..L.", "...L"])
    other = _lamps(["...L", "..L.", ".L..", "L..."])
    lamps = {(i, i) for i in range(4)}
    for kind in (None, "half", "mirror"):
        sym = Symmetry(kind, 4, 4) if kind else None
        new = hooks.repair(answer, other, random.Random(1), sym)
        assert new is not None
        blank = hooks.blank_for(new)
        walls = set(blank.clues())
        assert any(other[x] == "L" and x not in lamps for x in walls)  # 'other' is out
        assert len(walls) == (2 if sym else 1)
        if sym:
            assert {sym.image(x) for x in walls} == walls
        assert genre.verify(blank, new) == []            # every white cell is lit
        # The old lamps are kept, but for one on a wall's image (mirrored, each cell
        # where 'other' has a lamp faces a lamp of 'answer').
        assert all(new[x] == "L" for x in lamps - walls)
        assert bool(walls & lamps) == (kind == "mirror")
    assert hooks.repair(answer, answer, random.Random(1), None) is None  # nothing differs


def test_light_up_40x40_generates_in_its_first_attempt():
    """Before layout repair, random 40x40 walls almost never allowed a unique puzzle."""
    opts = GenerateOptions(genre="lightup", rows=40, cols=40).validate()
    g = generate_one(opts, 1, 0)
    assert g is not None and g.attempt == 0
    res = check(g.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == g.solution


# -- --fewest --------------------------------------------------------------------------------
def _one_minimal(puzzle: Puzzle) -> bool:
    hooks = get_genre(puzzle.genre).generator
    blank, clues = hooks.split_givens(puzzle)
    for k in clues:
        fewer = hooks.with_clues(blank, {c: v for c, v in clues.items() if c != k})
        if check(fewer).verdict is not Verdict.MULTIPLE:
            return False
    return True


@pytest.mark.parametrize("genre,size", [("canal", 8), ("smullyan", 7), ("lightup", 8)])
def test_fewest_keeps_unique_one_minimal_puzzles_and_repeats_exactly(genre, size, tmp_path):
    opts = GenerateOptions(genre=genre, rows=size, cols=size, fewest=True, tries=2, rounds=8)
    plain = GenerateOptions(genre=genre, rows=size, cols=size)
    a = tmp_path / "a.jsonl"
    b = tmp_path / "b.jsonl"
    c = tmp_path / "c.jsonl"
    generate_file(opts, count=3, seed=4, out=str(a), jobs=1, progress=False)
    generate_file(opts, count=3, seed=4, out=str(b), jobs=2, progress=False)
    generate_file(plain, count=3, seed=4, out=str(c), jobs=1, progress=False)
    recs = sorted((json.loads(x) for x in a.read_text().splitlines()), key=lambda r: r["index"])
    other = sorted((json.loads(x) for x in b.read_text().splitlines()), key=lambda r: r["index"])
    assert [r["grid"] for r in other] == [r["grid"] for r in recs]  # (written as finished)
    for rec in recs:
        assert rec["fewest"]["tries"] == 2 and rec["fewest"]["rounds"] == 8
        assert rec["clues"] <= rec["fewest"]["from"] or rec["fewest"]["best_try"] > 0
        p = Puzzle(genre, size, size, tuple(tuple(row) for row in rec["grid"]))
        res = check(p, backend="z3")
        assert res.verdict is Verdict.UNIQUE and list(res.solutions[0].rows) == rec["solution"]
        assert _one_minimal(p)
    # Over three candidates the search does not end with more clues than plain generation.
    plain_clues = [json.loads(x)["clues"] for x in c.read_text().splitlines()]
    assert sum(r["clues"] for r in recs) <= sum(plain_clues)


def test_fewest_stops_at_the_clue_count_asked_for():
    opts = GenerateOptions(rows=8, cols=8, fewest=True, tries=5, rounds=50,
                           clue_range=(0, 40)).validate()
    g = generate_one(opts, 0, 0)
    assert g is not None and g.fewest == {"tries": 1, "rounds": 50, "best_try": g.attempt,
                                          "from": g.fewest["from"]}


def test_fewest_option_errors(run_cli, tmp_path):
    out = str(tmp_path / "x.jsonl")
    code, _, err = run_cli("generate", "canal", "--size", "6", "--fewest", "--question", "0.5",
                           "--out", out)
    assert code == 2 and "--question: cannot be combined with --fewest" in err
    with pytest.raises(InputError, match="--fewest: needs --tries or --max-time"):
        GenerateOptions(fewest=True).validate()
    code, _, err = run_cli("generate", "floodit", "--size", "4", "--fewest", "--out", out)
    assert code == 2 and "--fewest: applies to genres with clues, not floodit" in err
    code, _, err = run_cli("generate", "canal", "--size", "6", "--rounds", "5", "--out", out)
    assert code == 2 and err.strip() == "pencilproof: error: --rounds: applies to --fewest"


def test_fewest_with_max_time_shares_the_time_and_records_its_tries(run_cli, tmp_path):
    out = tmp_path / "t.jsonl"
    code, stdout, err = run_cli("generate", "canal", "--size", "7", "--count", "2", "--jobs",
                                "1", "--fewest", "--rounds", "3", "--max-time", "6",
                                "--out", str(out))
    assert code == 0, err
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(recs) == 2
    counts = [r["clues"] for r in recs]
    assert (f"clues: fewest {min(counts)}, mean {sum(counts) / 2:.1f} "
            f"({sum(counts) / 2 / 49:.3f} per cell)") in stdout
    for rec in recs:
        assert rec["seconds"] < 4.5  # its share: 0.9 * 6 / 2 waves, and a try's overrun
        f = rec["fewest"]
        assert f["tries"] >= 1
        # The record's tries and rounds make the same puzzle without a time limit.
        again = generate_one(GenerateOptions(rows=7, cols=7, fewest=True, tries=f["tries"],
                                             rounds=f["rounds"]).validate(), 0, rec["index"])
        assert again is not None and again.puzzle.grid == tuple(map(tuple, rec["grid"]))

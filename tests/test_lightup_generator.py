"""Akari in the minimizer and the generator: the wall numbers come and go, the walls stay.

The switchable encoding is judged by count() on the ordinary encoding (itself checked
against brute force); minimized Janko puzzles must keep every wall, be unique with the
published lamps and be 1-minimal; generated puzzles must be unique on both backends,
minimal and reproducible, with walls symmetric when asked."""
from __future__ import annotations

import json
import random

import pytest

from pencilproof import Verdict, check
from pencilproof.encodings import Symmetry, get_genre
from pencilproof.formats import parse_url, puzzle_from_doc, to_url
from pencilproof.generator import Switch, minimize
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

from conftest import records, solution_set, switch_solutions

G = get_genre("lightup")
H = G.generator  # its minimizer and generator hooks
PUZZLES = [r for r in records("lightup") if r["kind"] == "puzzle"]
JANKO = {int(r["source"].split("Akari/")[1][:3]): r for r in PUZZLES if "janko.at" in r["source"]}
PZPRJS = PUZZLES[0]


def _numbers(p: Puzzle) -> dict:
    return {c: v for c, v in p.clues().items() if isinstance(v, int)}


def _unnumbered(p: Puzzle, cells) -> Puzzle:
    return p.with_clues({**p.clues(), **{c: "#" for c in cells}})


def _enumerate(blank: Puzzle, clues: dict, state: dict, backend: str = "cadical") -> set:
    return switch_solutions(blank, clues, state, backend, limit=300,
                            answer=lambda board, sol: H.answer_for(board.puzzle(), sol).rows)


def _reference(p: Puzzle) -> set:
    return solution_set(p, limit=300)


@pytest.mark.parametrize("backend", ["cadical", "z3"])
@pytest.mark.parametrize("rec", [PZPRJS, JANKO[1], JANKO[11]], ids=["pzprjs", "janko1", "janko11"])
def test_all_numbers_on_equals_the_puzzle(rec, backend):
    p = puzzle_from_doc(rec, "record")
    blank, clues = H.split_givens(p)
    assert set(blank.clues()) == set(p.clues()) and set(blank.clues().values()) == {"#"}
    assert clues == _numbers(p)
    got = _enumerate(blank, clues, {c: Switch.ON for c in clues}, backend)
    assert got == _reference(p) == {tuple(rec["solution"])}


@pytest.mark.parametrize("rec", [PZPRJS, JANKO[2]], ids=["pzprjs", "janko2"])
def test_switch_states_equal_the_puzzles_they_stand_for(rec):
    """Numbers off leave unnumbered walls; some numbers as permanent givens of the blank."""
    p = puzzle_from_doc(rec, "record")
    blank, clues = H.split_givens(p)
    cells = sorted(clues)
    rng = random.Random(len(cells))
    for _ in range(4):
        off = rng.sample(cells, 2)
        state = {c: (Switch.OFF if c in off else Switch.ON) for c in cells}
        stands_for = _unnumbered(p, off)
        assert _enumerate(blank, clues, state) == _reference(stands_for)
        fixed = {c: clues[c] for c in cells[::2] if c not in off}
        rest = {c: v for c, v in clues.items() if c not in fixed}
        assert _enumerate(blank.with_clues({**blank.clues(), **fixed}), rest,
                          {c: state[c] for c in rest}) == _reference(stands_for)


@pytest.mark.parametrize("n", [1, 3, 11, 16])
def test_minimized_janko_keeps_walls_and_lamps_and_is_1_minimal(n):
    rec = JANKO[n]
    p = puzzle_from_doc(rec, "record")
    res = minimize(p)
    m = res.minimized
    assert set(m.clues()) == set(p.clues())  # every wall stays
    assert all(v == "#" or v == p[c] for c, v in m.clues().items())
    assert set(_numbers(m)) | set(res.removed) == set(_numbers(p))
    got = check(m)
    assert got.verdict is Verdict.UNIQUE and got.solutions[0] == res.solution
    # The published lamps, with the minimized puzzle's walls copied into the rows.
    lamps = lambda rows: {(r, c) for r, row in enumerate(rows)  # noqa: E731
                          for c, ch in enumerate(row) if ch == "L"}
    assert lamps(res.solution.rows) == lamps(rec["solution"])
    assert res.solution == H.answer_for(m, Solution(tuple(rec["solution"])))
    for cell in _numbers(m):
        assert check(_unnumbered(m, [cell])).verdict is Verdict.MULTIPLE, cell


def test_minimizer_on_z3_gives_the_same_puzzle():
    p = puzzle_from_doc(JANKO[3], "record")
    assert minimize(p, backend="z3").minimized == minimize(p).minimized


def test_answer_rows_follow_the_puzzle():
    p = puzzle_from_doc(PZPRJS, "record")
    sol = Solution(tuple(PZPRJS["solution"]))
    bare = _unnumbered(p, _numbers(p))
    assert H.answer_for(bare, sol).rows == tuple(r.replace("4", "#").replace("2", "#")
                                                 .replace("0", "#").replace("1", "#")
                                                 for r in PZPRJS["solution"])
    assert H.answer_for(p, H.answer_for(bare, sol)) == sol
    assert H.blank_for(sol) == bare


# -- generation ----------------------------------------------------------------------------
@pytest.mark.parametrize("kind", [None, "half", "quarter", "mirror"])
def test_random_answers_are_valid_and_numbers_read_off_them_hold(kind):
    for seed in range(30):
        rows, cols = 1 + seed % 9, 1 + (seed * 7) % 11
        if kind == "quarter":
            cols = rows
        density = (None, 0.0, 0.5)[seed % 3]
        sym = Symmetry(kind, rows, cols) if kind else None
        sol = H.random_answer(rows, cols, random.Random(seed), density=density, symmetric=sym)
        blank = H.blank_for(sol)
        walls = set(blank.clues())
        if kind == "half":
            assert all((rows - 1 - r, cols - 1 - c) in walls for r, c in walls)
        elif kind == "quarter":
            assert all((c, rows - 1 - r) in walls for r, c in walls)
        elif kind == "mirror":
            assert all((r, cols - 1 - c) in walls for r, c in walls)
        cands = H.clue_candidates(sol)
        assert set(cands) == walls
        numbered = blank.with_clues(cands)
        assert G.verify(blank, sol) == [] and G.verify(numbered, H.answer_for(numbered, sol)) == []
        assert all(H.clue_holds(sol, c, v) for c, v in cands.items())


def test_clue_holds_agrees_with_verify():
    rng = random.Random(9)
    p = puzzle_from_doc(JANKO[1], "record")
    bare = _unnumbered(p, _numbers(p))
    for _ in range(100):
        lamps = {c for c in bare.cells() if bare[c] is None and rng.random() < 0.2}
        cell = rng.choice(sorted(bare.clues()))
        n = rng.randint(0, 4)
        sol = Solution(tuple("".join("L" if (r, c) in lamps else "." if bare[(r, c)] is None
                                     else "#" for c in range(10)) for r in range(10)))
        one = bare.with_clues({**bare.clues(), cell: n})
        wrong = [v for v in G.verify(one, H.answer_for(one, sol)) if v.code == "nmAkariNe"]
        assert H.clue_holds(sol, cell, n) == (not wrong)


@pytest.fixture(scope="module")
def generated():
    opts = GenerateOptions(genre="lightup", rows=8, cols=8).validate()
    return [generate_one(opts, 2, i) for i in range(4)]


def test_generated_puzzles_are_unique_on_both_backends_and_1_minimal(generated):
    for k, g in enumerate(generated):
        assert g is not None and g.puzzle.genre == "lightup"
        assert parse_url(to_url(g.puzzle)) == g.puzzle
        for backend in ("cadical", "z3"):
            res = check(g.puzzle, backend=backend)
            assert res.verdict is Verdict.UNIQUE and res.solutions[0] == g.solution
        assert G.verify(g.puzzle, g.solution) == []
        if k < 2:
            for cell in _numbers(g.puzzle):
                assert check(_unnumbered(g.puzzle, [cell])).verdict is Verdict.MULTIPLE


def test_generation_is_reproducible(generated):
    again = generate_one(GenerateOptions(genre="lightup", rows=8, cols=8).validate(), 2, 3)
    assert (again.puzzle, again.solution) == (generated[3].puzzle, generated[3].solution)


def test_symmetric_generation_has_symmetric_walls_and_numbers():
    opts = GenerateOptions(genre="lightup", rows=9, cols=10, symmetric=True).validate()
    for i in range(2):
        g = generate_one(opts, 6, i)
        p = g.puzzle
        twin = lambda c: (8 - c[0], 9 - c[1])  # noqa: E731
        assert all(twin(c) in p.clues() for c in p.clues())
        assert all(twin(c) in _numbers(p) for c in _numbers(p))
        assert check(p).verdict is Verdict.UNIQUE


def test_cli_generate_and_minimize(run_cli, tmp_path):
    out = tmp_path / "akari.jsonl"
    code, _, err = run_cli("generate", "akari", "--size", "6x7", "--count", "2", "--seed", "3",
                           "--jobs", "1", "--out", str(out))
    assert code == 0, err
    for line in out.read_text().splitlines():
        rec = json.loads(line)
        assert rec["genre"] == "lightup" and (rec["rows"], rec["cols"]) == (6, 7)
        # "clues" counts the numbers (what the minimizer may remove), not the plain walls.
        assert rec["clues"] == sum(isinstance(v, int) for row in rec["grid"] for v in row)
        p = puzzle_from_doc(rec, "record")
        res = check(p)
        assert res.verdict is Verdict.UNIQUE and list(res.solutions[0].rows) == rec["solution"]
    # The pzprjs puzzle needs all four numbers (each removed gives a second solution).
    p = puzzle_from_doc(PZPRJS, "record")
    assert all(check(_unnumbered(p, [c])).verdict is Verdict.MULTIPLE for c in _numbers(p))
    code, out, _ = run_cli("minimize", PZPRJS["url"])
    assert code == 0
    assert out.splitlines()[0].startswith(f"{PZPRJS['url']}: 4 -> 4 clues (0 removed)")

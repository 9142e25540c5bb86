"""Smullyanic Dynasty in the minimizer and the generator: the switchable encoding stands
for the puzzles it claims to (judged by count() on the ordinary encoding, itself checked
against brute force), minimized course puzzles are unique with the recorded answer and
1-minimal, and generated puzzles are unique, minimal and reproducible."""
from __future__ import annotations

import random

import pytest

from pencilproof import Verdict, check
from pencilproof.encodings import get_genre
from pencilproof.formats import puzzle_from_doc
from pencilproof.generator import Switch, SwitchBoard, minimize
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

from conftest import course, solution_set, switch_solutions

COURSE = course("smullyan")
G = get_genre("smullyan")
H = G.generator  # its minimizer and generator hooks


def _puzzle(i: int) -> Puzzle:
    return puzzle_from_doc(COURSE[i], f"course {i}")


def _without(p: Puzzle, cell) -> Puzzle:
    clues = p.clues()
    del clues[cell]
    return p.with_clues(clues)


def _enumerate(blank: Puzzle, clues: dict, state: dict, backend: str = "cadical") -> set:
    return switch_solutions(blank, clues, state, backend, limit=300)


def _reference(p: Puzzle) -> set:
    return solution_set(p, limit=300)


@pytest.mark.parametrize("backend", ["cadical", "z3"])
@pytest.mark.parametrize("i", [0, 15, 18, 27, 28, 45])
def test_all_switches_on_equals_the_puzzle(i, backend):
    """28: six solutions, 15: two, 27: none, 45: clues of 10 (their cells shaded)."""
    p = _puzzle(i)
    clues = p.clues()
    got = _enumerate(p.with_clues({}), clues, {c: Switch.ON for c in clues}, backend)
    assert got == _reference(p)
    assert len(got) == COURSE[i]["solution_count"]


@pytest.mark.parametrize("i", [1, 3, 16, 28])
def test_switch_states_equal_the_puzzles_they_stand_for(i):
    """Some clues off (their cells ordinary cells), the rest on, or permanent givens."""
    p = _puzzle(i)
    clues = p.clues()
    cells = sorted(clues)
    rng = random.Random(i)
    for _ in range(4):
        state = {c: Switch.ON for c in cells}
        for c in rng.sample(cells, 2):
            state[c] = Switch.OFF
        stands_for = p.with_clues({c: v for c, v in clues.items() if state[c] is Switch.ON})
        assert _enumerate(p.with_clues({}), clues, state) == _reference(stands_for), state
        fixed = {c: clues[c] for c in cells[::2] if state[c] is Switch.ON}
        rest = {c: v for c, v in clues.items() if c not in fixed}
        assert _enumerate(p.with_clues(fixed), rest, {c: state[c] for c in rest}) == \
            _reference(stands_for)


def test_question_clues_switch_nothing():
    """'?' imposes nothing, on or off, and has no weaker form to try."""
    p = Puzzle("smullyan", 2, 3, ((None, 2, "?"), ("?", None, None)))
    clues = p.clues()
    on = _enumerate(p.with_clues({}), clues, {c: Switch.ON for c in clues})
    assert on == _enumerate(p.with_clues({}), clues, {(0, 1): Switch.ON})
    assert on == _reference(p) == _reference(p.with_clues({(0, 1): 2})) != set()
    board = SwitchBoard(p.with_clues({}), clues)
    assert board.sw.weak == {}
    board.close()


def _assert_minimal(original: Puzzle, res, solution: list[str]) -> None:
    got = check(res.minimized)
    assert got.verdict is Verdict.UNIQUE
    assert got.solutions[0] == Solution(tuple(solution)) == res.solution
    kept = res.minimized.clues()
    assert all(original[c] == v for c, v in kept.items())
    assert set(kept) | set(res.removed) == set(original.clues())
    for cell in kept:
        assert check(_without(res.minimized, cell)).verdict is Verdict.MULTIPLE, cell


@pytest.mark.parametrize("i", [1, 7, 18, 26, 45, 47])
def test_minimized_course_puzzle_is_unique_same_answer_and_1_minimal(i):
    p = _puzzle(i)
    res = minimize(p)
    _assert_minimal(p, res, COURSE[i]["solution"])


def test_minimizer_on_z3_gives_the_same_puzzle():
    p = _puzzle(7)
    assert minimize(p, backend="z3").minimized == minimize(p).minimized


# -- generation ----------------------------------------------------------------------------
@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 7), (2, 2), (5, 5), (10, 10), (7, 13)])
def test_random_solutions_are_valid_shadings(rows, cols):
    blank = Puzzle("smullyan", rows, cols, tuple((None,) * cols for _ in range(rows)))
    for seed in range(25):
        density = (None, 0.05, 0.3)[seed % 3]
        sol = H.random_answer(rows, cols, random.Random(seed), density=density)
        assert G.verify(blank, sol) == [], sol
        # Every candidate clue holds for it; with all of them it is still a solution.
        cands = H.clue_candidates(sol)
        assert set(cands) == set(blank.cells())
        assert all(H.clue_holds(sol, c, v) for c, v in cands.items())
        assert G.verify(blank.with_clues(cands), sol) == []
        if rows * cols >= 100:  # about the density asked for (0.2 by default)
            shaded = sum(row.count("#") for row in sol.rows)
            assert 0.8 * (density or 0.2) <= shaded / (rows * cols) <= (density or 0.2)


def test_clue_holds_agrees_with_verify():
    rng = random.Random(5)
    for _ in range(200):
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        sol = Solution(tuple("".join(rng.choice("#..") for _ in range(cols)) for _ in range(rows)))
        cell = (rng.randrange(rows), rng.randrange(cols))
        value = rng.randint(0, 6)
        p = Puzzle("smullyan", rows, cols, tuple(
            tuple(value if (r, c) == cell else None for c in range(cols)) for r in range(rows)))
        clue_codes = {v.code for v in G.verify(p, sol)} & {"nmShadeEq", "nmShadeGt"}
        assert H.clue_holds(sol, cell, value) == (not clue_codes)


@pytest.fixture(scope="module")
def generated():
    opts = GenerateOptions(genre="smullyan", rows=8, cols=8).validate()
    return [generate_one(opts, 3, i) for i in range(4)]


def test_generated_puzzles_are_unique_on_both_backends_and_1_minimal(generated):
    for k, g in enumerate(generated):
        assert g is not None and g.puzzle.genre == "smullyan"
        for backend in ("cadical", "z3"):
            res = check(g.puzzle, backend=backend)
            assert res.verdict is Verdict.UNIQUE and res.solutions[0] == g.solution
        if k == 0:
            for cell in g.puzzle.clues():
                assert check(_without(g.puzzle, cell)).verdict is Verdict.MULTIPLE, cell


def test_generation_is_reproducible(generated):
    opts = GenerateOptions(genre="smullyan", rows=8, cols=8).validate()
    again = generate_one(opts, 3, 2)
    assert (again.puzzle, again.solution, again.seed) == \
        (generated[2].puzzle, generated[2].solution, generated[2].seed)


def test_symmetric_generation():
    opts = GenerateOptions(genre="smullyan", rows=7, cols=9, symmetric=True).validate()
    g = generate_one(opts, 8, 0)
    clues = g.puzzle.clues()
    assert all((6 - r, 8 - c) in clues for r, c in clues)
    assert check(g.puzzle).verdict is Verdict.UNIQUE

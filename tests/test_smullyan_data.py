"""Every Smullyanic Dynasty record in the shared collection: verdicts, exact counts, the
known solutions, puzz.link's rule codes for wrong answers, and clue parsing errors."""
from __future__ import annotations

import pytest

from pencilproof import check, count
from pencilproof.encodings import get_genre
from pencilproof.errors import InputError
from pencilproof.formats import puzzle_from_doc
from pencilproof.puzzle import Puzzle, Solution

from conftest import course, records

SMULLYAN = records("smullyan")
PUZZLES = [r for r in SMULLYAN if r["kind"] in ("puzzle", "unsolvable")]
BAD = [r for r in SMULLYAN if r["kind"] == "bad_answer"]
COURSE = course("smullyan")


def _rid(r: dict) -> str:
    return r["source"].split("#")[-1].split("/")[-1][:40]


def _expected_count(rec: dict) -> int:
    if "solution_count" in rec:
        return rec["solution_count"]
    return 1 if rec["unique"] else 0


def _known(rec: dict) -> set[tuple[str, ...]]:
    out = {tuple(rec["solution"])} if rec["solution"] else set()
    out |= {tuple(s) for s in rec.get("alt_solutions", [])}
    return out


def test_course_collection_is_complete():
    assert len(COURSE) == 52
    assert [_expected_count(r) for r in COURSE].count(1) == 49
    assert (_expected_count(COURSE[15]), _expected_count(COURSE[27]),
            _expected_count(COURSE[28])) == (2, 0, 6)


@pytest.mark.parametrize("backend", ["cadical", "z3"])
@pytest.mark.parametrize("i", [15, 27, 28])
def test_counts_of_the_course_puzzles_with_several_or_no_solutions(i, backend):
    """Puzzle 28 has exactly 6 solutions, 15 has 2, 27 none: all of them, nothing else."""
    rec = COURSE[i]
    res = count(puzzle_from_doc(rec, "record"), limit=None, backend=backend)
    assert res.complete and res.count == _expected_count(rec)
    assert {s.rows for s in res.solutions} == _known(rec)


@pytest.mark.parametrize("rec", [r for r in COURSE if r["rows"] * r["cols"] <= 64], ids=_rid)
def test_reference_encoding_agrees(rec):
    """The seed's spanning-tree encoding, on z3, finds the same solutions."""
    res = count(puzzle_from_doc(rec, "record"), limit=10, backend="z3", encoding="reference")
    assert res.complete and {s.rows for s in res.solutions} == _known(rec)


def test_rule_codes_and_cells_on_a_small_grid():
    """Each rule on its own: no shading, touching cells, a divided region, both clue cases."""
    g = get_genre("smullyan")
    p = Puzzle("smullyan", 3, 3, ((None, None, None), (None, 2, None), (None, None, "?")))
    assert [(v.code, v.cells) for v in g.verify(p, Solution(("...", "...", "...")))] == [
        ("brNoShade", ()), ("nmShadeGt", ((1, 1),))]
    assert [(v.code, v.cells) for v in g.verify(p, Solution(("##.", "...", "..#")))] == [
        ("csAdjacent", ((0, 0), (0, 1))), ("nmShadeGt", ((1, 1),))]
    assert [(v.code, v.cells) for v in g.verify(p, Solution((".#.", "#..", "...")))] == [
        ("cuDivideRB", ((0, 0),))]
    # Two pieces of three cells: the one after the first (in reading order) is listed.
    assert [(v.code, v.cells) for v in g.verify(p, Solution(("#..", ".#.", "..#")))] == [
        ("cuDivideRB", ((1, 0), (2, 0), (2, 1)))]
    # The clue is shaded and sees 2 (itself and r1c3): equal is wrong when shaded.
    assert [(v.code, v.cells) for v in g.verify(p, Solution(("..#", ".#.", "...")))] == [
        ("nmShadeEq", ((1, 1),))]
    assert g.verify(p, Solution(("#.#", "...", "...")))== []


def test_a_clue_in_a_shaded_cell_must_differ_from_its_count():
    """A clue at r1c2 of a 2x3 grid sees the whole grid. Shaded alone it counts 1: a 1
    there must stay unshaded (five shadings), a 2 may be shaded (one of five)."""
    def solutions(n):
        p = Puzzle("smullyan", 2, 3, ((None, n, None), (None, None, None)))
        res = count(p, limit=None)
        assert res.complete
        return {"|".join(s.rows) for s in res.solutions}
    assert solutions(1) == {"#..|...", "..#|...", "...|#..", "...|.#.", "...|..#"}
    assert solutions(2) == {"#.#|...", "#..|..#", "..#|#..", "...|#.#", ".#.|..."}


@pytest.mark.parametrize("token, message", [
    (11, "clue 11 is out of range (a 3x3 block counts 0..9; 0..10 accepted)"),
    (-1, "clue -1 is out of range (a 3x3 block counts 0..9; 0..10 accepted)"),
    ("x", "unknown token 'x' (expected '.', '?' or an integer 0..10)"),
    ("-", "unknown token '-' (expected '.', '?' or an integer 0..10) "
          "(pzprv3 writes an unknown clue as '-'; here it is '?')"),
    ("#", "unknown token '#' (expected '.', '?' or an integer 0..10)"),
    (True, "clue must be an integer 0..10 or '?', got True"),
    (2.5, "clue must be an integer 0..10 or '?', got 2.5"),
])
def test_bad_clues_name_the_cell(token, message):
    with pytest.raises(InputError) as e:
        get_genre("smullyan").parse_clue(token, "f.txt:2: r1c3")
    assert str(e.value) == f"f.txt:2: r1c3: {message}"


def test_clue_tokens():
    g = get_genre("smullyanic-dynasty")
    assert [g.parse_clue(t, "x") for t in (None, ".", "?", "0", 10, "7")] == \
        [None, None, "?", 0, 10, 7]


def test_unknown_encoding():
    p = Puzzle("smullyan", 1, 1, ((None,),))
    with pytest.raises(InputError, match="unknown encoding 'tree' for smullyan"):
        check(p, encoding="tree")

"""Every record of every registered genre in the shared collections (tests/data): the
verdict and the known solutions on both backends, the wrong answers' puzz.link rule
codes, and the known answers passing the verifier. One test per question, parametrized
over genres, so a new genre's records are checked by adding its data file."""
from __future__ import annotations

import pytest

from pencilproof import Verdict, check
from pencilproof.encodings import GENRES, Question
from pencilproof.formats import puzzle_from_doc

from conftest import DATA, records

# Genres judged up to a symmetry (Taiji: counts of raw answers and of classes, open counts
# written ">=3") have their own record tests (tests/test_taiji.py).
ON_FILE = [g for g in sorted(GENRES) if (DATA / f"{g}.jsonl").exists()
           and GENRES[g].symmetry is None]
# The uniqueness question; optimisation genres' records (Flood-It's proven optima) are
# checked against their optima in their own test file (tests/test_floodit.py).
PUZZLES = [(g, r) for g in ON_FILE for r in records(g) if r["kind"] in ("puzzle", "unsolvable")
           and GENRES[g].question is Question.UNIQUE]
BAD = [(g, r) for g in ON_FILE for r in records(g) if r["kind"] == "bad_answer"]


def _rid(item: tuple) -> str:
    genre, rec = item
    return f"{genre}-{rec['source'].split('#')[-1].split('/')[-1][:36]}-{rec['rows']}x{rec['cols']}"


def expected_count(rec: dict) -> int:
    if "solution_count" in rec:
        return rec["solution_count"]
    return 1 if rec["unique"] else 0


def known(rec: dict) -> set[tuple[str, ...]]:
    """Every solution the record states (its answer and any alternatives)."""
    out = {tuple(rec["solution"])} if rec.get("solution") and expected_count(rec) else set()
    alts = [rec["alt_solution"]] if "alt_solution" in rec else rec.get("alt_solutions", [])
    return out | {tuple(s) for s in alts}


def test_every_registered_genre_with_records_is_covered():
    assert {"canal", "smullyan", "lightup"} <= set(ON_FILE)
    assert len(PUZZLES) >= 130 and len(BAD) >= 11


@pytest.mark.parametrize("backend", ["cadical", "z3"])
@pytest.mark.parametrize("item", PUZZLES, ids=_rid)
def test_verdict_and_solutions(item, backend):
    genre, rec = item
    p = puzzle_from_doc(rec, "record")
    res = check(p, backend=backend)
    n = expected_count(rec)
    assert res.verdict is {0: Verdict.NO_SOLUTION, 1: Verdict.UNIQUE}.get(n, Verdict.MULTIPLE)
    got = [s.rows for s in res.solutions]
    if n == 1:
        assert got == [tuple(rec["solution"])]
    elif n >= 2:
        assert len(set(got)) == 2 and set(got) <= known(rec)
        a, b = res.solutions
        assert list(res.differ) == [(r, c) for r in range(p.rows) for c in range(p.cols)
                                    if a[(r, c)] != b[(r, c)]] != []
    else:
        assert got == [] and res.differ == ()


@pytest.mark.parametrize("item", BAD, ids=lambda i: f"{i[0]}-{i[1]['failcode']}")
def test_wrong_answers_get_their_rule_code(item):
    genre, rec = item
    g = GENRES[genre]
    p = puzzle_from_doc(rec, "record")
    codes = [v.code for v in g.verify(p, g.parse_solution(p, rec["solution"], "record"))]
    assert rec["failcode"] in codes
    assert set(codes) == set(rec["all_failcodes_mine"])


@pytest.mark.parametrize("genre", ON_FILE)
def test_known_answers_verify_clean(genre):
    g = GENRES[genre]
    for _, rec in [x for x in PUZZLES if x[0] == genre]:
        p = puzzle_from_doc(rec, "record")
        for rows in known(rec):
            assert g.verify(p, g.parse_solution(p, rows, "record")) == [], rec["source"]

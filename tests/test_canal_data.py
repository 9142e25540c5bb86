"""Every Canal View record in the shared collection: verdicts, counts, solutions, rule codes."""
from __future__ import annotations

import pytest

from pencilproof import Verdict, check, count
from pencilproof.formats import parse_url, puzzle_from_doc, to_url

from conftest import course, records

CANAL = records("canal")
PUZZLES = [r for r in CANAL if r["kind"] in ("puzzle", "unsolvable")]
BAD = [r for r in CANAL if r["kind"] == "bad_answer"]


def _expected_count(rec: dict) -> int:
    if "solution_count" in rec:
        return rec["solution_count"]
    return 1 if rec["unique"] else 0


def test_course_collection_is_complete():
    c = course("canal")
    assert len(c) == 49
    assert (c[48]["rows"], c[48]["cols"]) == (20, 30)


@pytest.mark.parametrize("rec", [r for r in PUZZLES if "solution_count" in r],
                         ids=lambda r: r["source"].split("#")[-1][:40])
def test_count(rec):
    res = count(puzzle_from_doc(rec, "record"), limit=10)
    assert res.complete
    assert res.count == rec["solution_count"]


def test_empty_canal_is_the_only_solution_of_course_23():
    rec = course("canal")[23]
    res = check(puzzle_from_doc(rec, "record"))
    assert res.verdict is Verdict.UNIQUE
    assert all(set(row) == {"."} for row in res.solutions[0].rows)


@pytest.mark.parametrize("rec", [r for r in course("canal") if r["rows"] * r["cols"] <= 100],
                         ids=lambda r: r["source"].split("#")[-1][:40])
def test_reference_encoding_agrees(rec):
    p = puzzle_from_doc(rec, "record")
    a = check(p, backend="z3", encoding="reference")
    b = check(p, backend="cadical")
    assert a.verdict is b.verdict
    assert a.verdict.value == {0: "no_solution", 1: "unique"}.get(rec["solution_count"], "multiple")
    if a.verdict is Verdict.UNIQUE:
        assert list(a.solutions[0].rows) == rec["solution"]


@pytest.mark.parametrize("rec", CANAL, ids=lambda r: r["url"][-30:])
def test_url_round_trip(rec):
    p = puzzle_from_doc(rec, "record")
    assert parse_url(rec["url"]) == p
    assert to_url(p) == rec["url"]
    assert parse_url(to_url(p)) == p

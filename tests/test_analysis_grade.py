"""Grade: deterministic, read off the explain path as documented; check --grade and
generate --grade (records carry the grade, every one within the range)."""
from __future__ import annotations

import json

from pencilproof.analysis import GRADE_VERSION, explain, grade, grade_of
from pencilproof.formats import load


def test_grade_is_the_documented_function_of_the_path():
    for src in ("https://puzz.link/p?canal/6/6/3i3h2z4h5i2", "src/pencilproof/examples/taiji.txt",
                "src/pencilproof/examples/canal-course-17.txt"):
        p = load(src)[0]
        path = explain(p)
        g = grade_of(path)
        rounds = [(lvl, n) for lvl, n in path.rounds if lvl]
        depth = max(lvl for lvl, _ in rounds)
        share = (sum(n for _, n in rounds) / len(rounds)) / sum(n for _, n in rounds)
        band = 1 if share >= 0.2 else 2 if share >= 0.05 else 3
        assert g.grade == 3 * (depth - 1) + band and g.depth == depth
        assert g.version == GRADE_VERSION and g.rules
        assert grade(p) == g == grade(p)  # deterministic
    assert grade(load("https://puzz.link/p?canal/6/6/4j4p4h4p6j6")[0]) is None  # not unique


def test_check_grade(run_cli):
    url = "https://puzz.link/p?canal/6/6/3i3h2z4h5i2"
    code, out, _ = run_cli("check", "--grade", "-q", url)
    assert code == 0 and "grade 4 (deepest level 2" in out
    code, out, _ = run_cli("check", "--grade", "--json", url)
    doc = json.loads(out)
    assert doc["grade"]["grade"] == 4 and doc["grade"]["version"] == GRADE_VERSION
    code, out, _ = run_cli("check", "--grade", "--json", "https://puzz.link/p?canal/6/6/4j4p4h4p6j6")
    assert code == 1 and json.loads(out)["grade"] is None


def test_generate_grade_range(run_cli, tmp_path):
    out = tmp_path / "g.jsonl"
    code, _, _ = run_cli("generate", "canal", "--size", "7x7", "--count", "3", "--seed", "2",
                         "--jobs", "1", "--grade", "5-9", "--out", str(out), "-q")
    assert code == 0
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(recs) == 3
    for rec in recs:
        assert 5 <= rec["grade"]["grade"] <= 9
        assert grade(load(rec["url"])[0]).grade == rec["grade"]["grade"]
    code, _, err = run_cli("generate", "canal", "--size", "5x5", "--grade", "0-3",
                           "--out", str(tmp_path / "x"))
    assert code == 2 and "--grade" in err

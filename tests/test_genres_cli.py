"""The command line on Smullyanic Dynasty and Akari: the same commands, no genre code in
the CLI. Expected answers come from the shared records and hand-solved small grids."""
from __future__ import annotations

import json

import pytest

from conftest import course, records

SMULLYAN_28 = course("smullyan")[28]
AKARI_PZPRJS = [r for r in records("lightup") if r["kind"] == "puzzle"][0]
JANKO_1 = [r for r in records("lightup") if "Akari/001" in r["source"]][0]


@pytest.fixture
def akari_3x3(tmp_path):
    """A 1 at the centre and a wall right of it: three lamp sets (see test_lightup_data)."""
    p = tmp_path / "a.txt"
    p.write_text("akari 3x3\n. . .\n. 1 #\n. . .\n")
    return p


def test_count_course_28_has_six_solutions(run_cli):
    code, out, err = run_cli("count", "--json", SMULLYAN_28["url"])
    doc = json.loads(out)
    assert code == 0 and err == ""
    assert doc["count"] == 6 and doc["exact"]
    assert {tuple(s) for s in doc["solutions"]} == (
        {tuple(SMULLYAN_28["solution"])} | {tuple(s) for s in SMULLYAN_28["alt_solutions"]})


@pytest.mark.parametrize("solver", ["cadical", "z3"])
@pytest.mark.parametrize("encoding", ["lazy", "reference"])
def test_check_smullyan_multiple(run_cli, solver, encoding):
    code, out, _ = run_cli("check", "--json", "--solver", solver, "--encoding", encoding,
                           SMULLYAN_28["url"])
    doc = json.loads(out)
    assert code == 1 and doc["verdict"] == "multiple" and doc["url"] == SMULLYAN_28["url"]
    known = {tuple(SMULLYAN_28["solution"])} | {tuple(s) for s in SMULLYAN_28["alt_solutions"]}
    assert {tuple(s) for s in doc["solutions"]} <= known


def test_check_akari_unique_json_rows(run_cli):
    code, out, _ = run_cli("check", "--json", AKARI_PZPRJS["url"], JANKO_1["url"])
    docs = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [d["verdict"] for d in docs] == ["unique", "unique"]
    assert docs[0]["solutions"] == [AKARI_PZPRJS["solution"]]
    assert docs[1]["solutions"] == [JANKO_1["solution"]]
    assert docs[1]["url"] == JANKO_1["url"]


def test_solve_akari_text_file(run_cli, tmp_path):
    p = tmp_path / "janko1.txt"
    grid = JANKO_1["grid"]
    p.write_text("lightup 10x10\n" + "\n".join(
        " ".join("." if v is None else str(v) for v in row) for row in grid) + "\n")
    code, out, _ = run_cli("solve", "--json", str(p))
    assert code == 0 and json.loads(out)["solution"] == JANKO_1["solution"]


def test_count_and_url_akari(run_cli, akari_3x3):
    code, out, _ = run_cli("count", "--json", str(akari_3x3))
    doc = json.loads(out)
    assert code == 0 and doc["count"] == 3 and doc["exact"]
    assert {tuple(s) for s in doc["solutions"]} == {(".L.", ".1#", "L.."), ("L..", ".1#", ".L."),
                                                    ("..L", "L1#", "..L")}
    code, out, _ = run_cli("url", str(akari_3x3))
    # 4 white cells (j), a 1 before a wall (1), the wall (.), 3 white cells (i).
    assert code == 0 and out == "https://puzz.link/p?akari/3/3/j1.i\n"


def test_verify_akari(run_cli, akari_3x3, tmp_path):
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text(".L.\n.1#\nL..\n")
    bad.write_text("L.L\n.1#\n...\n")
    code, out, _ = run_cli("verify", str(akari_3x3), str(good))
    assert code == 0 and out == f"{good}: valid solution\n"
    code, out, _ = run_cli("verify", "--json", str(akari_3x3), str(bad))
    doc = json.loads(out)
    assert code == 1 and not doc["valid"]
    assert [(v["code"], v["cells"]) for v in doc["violations"]] == [
        ("akariDup", [[0, 0], [0, 2]]), ("nmAkariNe", [[1, 1]]), ("ceDark", [[2, 1], [2, 2]])]


def test_verify_smullyan_pzprjs_answers(run_cli, tmp_path):
    recs = [r for r in records("smullyan") if "pzprjs" in r["source"]]
    puzzle = tmp_path / "p.json"
    puzzle.write_text(json.dumps({k: recs[0][k] for k in ("genre", "rows", "cols", "grid")}))
    for rec in recs:
        ans = tmp_path / "ans.txt"
        ans.write_text("\n".join(rec["solution"]) + "\n")
        code, out, _ = run_cli("verify", "--json", str(puzzle), str(ans))
        doc = json.loads(out)
        if rec["kind"] == "bad_answer":
            assert code == 1 and {v["code"] for v in doc["violations"]} == \
                set(rec["all_failcodes_mine"])
        else:
            assert code == 0 and doc == {"source": str(ans), "valid": True, "violations": []}


@pytest.mark.parametrize("text, message", [
    ("smullyan 2x3\n. 2 .\n. 11 .\n", "3:3: r2c2: clue 11 is out of range "
                                        "(a 3x3 block counts 0..9; 0..10 accepted)"),
    ("smullyan 1x2\n# .\n", "2:1: r1c1: unknown token '#' (expected '.', '?' or an integer "
                            "0..10)"),
    ("akari 2x2\n. 5\n. .\n", "2:3: r1c2: wall number 5 is out of range (0..4)"),
    ("lightup 2x2\n. ?\n. .\n", "2:3: r1c2: unknown token '?' (expected '.' white, '#' wall "
                                "or a wall number 0..4)"),
])
def test_bad_tokens_are_one_line_errors(run_cli, tmp_path, text, message):
    p = tmp_path / "bad.txt"
    p.write_text(text)
    code, out, err = run_cli("check", str(p))
    assert code == 2 and out == ""
    assert err == f"pencilproof: error: {p}:{message}\n"


def test_unknown_encoding_for_lightup(run_cli, akari_3x3):
    code, out, err = run_cli("check", "--encoding", "reference", str(akari_3x3))
    assert code == 2
    assert err == (f"pencilproof: error: {akari_3x3}: unknown encoding 'reference' for lightup "
                   "(choose from direct)\n")


def test_genres_lists_both(run_cli):
    code, out, _ = run_cli("genres")
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert code == 0
    assert "puzz.link: smullyan" in lines["smullyan"]
    assert "puzz.link: akari, lightup, bijutsukan; encodings: direct" in lines["lightup"]

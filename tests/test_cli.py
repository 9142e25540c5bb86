"""The command line as a setter uses it: exit codes, output, and one-line errors."""
from __future__ import annotations

import io
import json

import pytest

from conftest import course, records

EX = "src/pencilproof/examples"
UNIQUE_URL = "https://puzz.link/p?canal/6/6/3i3h2z4h5i2"
MULTI_URL = "https://puzz.link/p?canal/6/6/4j4p4h4p6j6"
NOSOL_URL = "https://puzz.link/p?canal/6/6/4j4p7h4p6j6"


@pytest.fixture
def repo(monkeypatch):
    from pathlib import Path
    monkeypatch.chdir(Path(__file__).parent.parent)


def test_check_unique_prints_solution(run_cli):
    code, out, err = run_cli("check", UNIQUE_URL)
    assert code == 0 and err == ""
    assert "unique" in out.splitlines()[0]
    # Course puzzle 17's answer, first row ".###.." drawn with the clue 3 in r1c1 and r1c5.
    assert out.splitlines()[1] == " 3██████ 3 ·"


def test_check_multiple_shows_both_and_the_differing_cells(run_cli):
    code, out, _ = run_cli("check", MULTI_URL)
    assert code == 1
    assert "multiple" in out and "differ in 2 cells" in out
    assert out.rstrip().splitlines()[-1].endswith("r2c3 r2c4")


def test_check_json(run_cli):
    rec = course("canal")[25]
    code, out, _ = run_cli("check", "--json", MULTI_URL, NOSOL_URL, UNIQUE_URL)
    docs = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert [d["verdict"] for d in docs] == ["multiple", "no_solution", "unique"]
    assert {tuple(s) for s in docs[0]["solutions"]} == {tuple(rec["solution"]),
                                                       tuple(rec["alt_solution"])}
    assert docs[0]["differ"] == [[1, 2], [1, 3]]
    assert docs[1]["solutions"] == [] and docs[1]["differ"] == []
    assert docs[2]["solutions"] == [course("canal")[17]["solution"]]
    assert all(isinstance(d["seconds"], float) for d in docs)


@pytest.mark.parametrize("solver", ["z3", "cadical"])
def test_check_solver_option(run_cli, solver):
    code, out, _ = run_cli("check", "--json", "--solver", solver, UNIQUE_URL)
    assert code == 0 and json.loads(out)["stats"]["backend"] == solver


def test_time_limit_gives_unknown(run_cli):
    code, out, _ = run_cli("check", "--json", "--time-limit", "1e-9", UNIQUE_URL)
    assert code == 3 and json.loads(out)["verdict"] == "unknown"


def test_batch_jsonl_with_summary(run_cli, repo):
    code, out, _ = run_cli("check", "-q", "tests/data/canal.jsonl")
    assert code == 1
    assert out.rstrip().splitlines()[-1].startswith("54 puzzles: 52 unique, 1 multiple, 1 no_solution")


def test_worst_exit_code_wins(run_cli, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("canal 2x2\n. .\n. x\n")
    code, _, err = run_cli("check", "-q", UNIQUE_URL, str(bad), MULTI_URL)
    assert code == 2
    assert err.count("\n") == 1


def test_stdin(run_cli, monkeypatch, repo):
    text = open(f"{EX}/canal-course-17.txt").read()
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code, out, _ = run_cli("check", "-q", "-")
    assert code == 0 and out.startswith("<stdin>: unique")


def test_solve_and_count(run_cli):
    code, out, _ = run_cli("solve", "--json", UNIQUE_URL)
    assert code == 0 and json.loads(out)["solution"] == course("canal")[17]["solution"]
    code, out, _ = run_cli("count", "--json", "--limit", "5", MULTI_URL)
    doc = json.loads(out)
    assert code == 0 and doc["count"] == 2 and doc["exact"] is True
    code, out, _ = run_cli("count", "--limit", "1", MULTI_URL)
    assert "at least 1 solution" in out
    code, out, _ = run_cli("solve", NOSOL_URL)
    assert code == 1 and "no solution" in out


def test_url_command(run_cli, repo):
    code, out, _ = run_cli("url", f"{EX}/canal-course-17.txt")
    assert code == 0 and out.strip() == UNIQUE_URL


def test_verify_good_and_bad_answers(run_cli, tmp_path):
    recs = [r for r in records("canal") if r["kind"] in ("bad_answer", "puzzle")
            and r["url"] == UNIQUE_URL and "pzprjs" in r["source"]]
    for rec in recs:
        ans = tmp_path / "answer.txt"
        ans.write_text("\n".join(rec["solution"]) + "\n")
        code, out, _ = run_cli("verify", UNIQUE_URL, str(ans))
        if rec["kind"] == "puzzle":
            assert code == 0 and "valid solution" in out
        else:
            assert code == 1 and rec["failcode"] in out


# -- bad input: exit 2, one line naming the problem and its place, no traceback ----------
BAD_FILES = {
    "ragged.txt": ("canal 3x3\n. . .\n. .\n. . .\n", "ragged.txt:3:4: row 2 has 2 cells, expected 3"),
    "token.txt": ("canal 2x2\n. x\n. .\n", "token.txt:2:3: r1c2: unknown token 'x'"),
    "negative.txt": ("canal 2x2\n. -1\n. .\n", "negative.txt:2:3: r1c2: clue -1 is negative"),
    "empty.txt": ("", "empty.txt: empty puzzle file"),
    "genre.txt": ("tetris 2x2\n. .\n. .\n", "genre.txt:1:1: unknown genre 'tetris'"),
    "size.txt": ("canal 0x3\n", "size.txt:1:7: impossible size 0x3"),
    "rows.txt": ("canal 3x2\n. .\n. .\n", "rows.txt:4:1: header says 3 rows, the file has 2"),
    "bad.json": ('{"genre": "canal", "rows": 1, "cols": 2, "grid": [[null, -3]]}',
                 "bad.json:1:58: r1c2: clue -3 is negative"),
    "bad.jsonl": ('{"genre": "canal", "grid": [[1]]}\n{"genre": "canal", "grid": [[1, 2], [3]]}\n',
                  "bad.jsonl:2:37: grid row 2 has 1 cells, expected 2"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_files(run_cli, tmp_path, monkeypatch, name):
    text, message = BAD_FILES[name]
    (tmp_path / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli("check", name)
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"pencilproof: error: {message}")


@pytest.mark.parametrize("url,message", [
    ("https://puzz.link/p?canal/6/6/3i3h2", "body describes 8 cells, the grid has 36"),
    ("https://puzz.link/p?canal/2/2/zz", "overflows the grid"),
    ("https://puzz.link/p?nosuch/2/2/j", "unknown genre 'nosuch'"),
    ("https://puzz.link/p?canal/2/x/j", "is not two integers"),
    ("https://puzz.link/p?canal/2/2/-1", "needs 2 hex digits"),
    ("https://puzz.link/p?canal/2/2/1!gg", "unexpected character '!' at body position 2"),
])
def test_bad_urls(run_cli, url, message):
    code, _, err = run_cli("check", url)
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"pencilproof: error: {url}: ") and message in err


def test_missing_file_and_bad_options(run_cli):
    code, _, err = run_cli("check", "no-such-file.txt")
    assert code == 2 and err == "pencilproof: error: no-such-file.txt: no such file\n"
    code, _, err = run_cli("check", "--solver", "minisat", UNIQUE_URL)
    assert code == 2 and err.count("\n") == 1 and "invalid choice" in err
    code, _, err = run_cli("count", "--limit", "0", UNIQUE_URL)
    assert code == 2 and "argument --limit: must be at least 1: '0'" in err
    code, _, err = run_cli("check", "--encoding", "fancy", UNIQUE_URL)
    assert code == 2 and "unknown encoding 'fancy'" in err


def test_bad_answer_file(run_cli, tmp_path):
    ans = tmp_path / "a.txt"
    ans.write_text("#.\n..\n")
    code, _, err = run_cli("verify", UNIQUE_URL, str(ans))
    assert code == 2 and "answer has 2 rows, the puzzle has 6" in err


def test_verifier_rejection_is_an_internal_error_not_a_verdict(run_cli, monkeypatch):
    from pencilproof import InternalError, check, load_one
    from pencilproof.encodings import get_genre
    from pencilproof.puzzle import Violation
    genre = get_genre("canal")
    monkeypatch.setattr(type(genre), "verify",
                        lambda self, p, s: [Violation("cs2x2", "planted", ((0, 0),))])
    with pytest.raises(InternalError, match="planted"):
        check(load_one(UNIQUE_URL))
    code, out, err = run_cli("check", UNIQUE_URL)
    assert code == 4 and out == "" and "internal error" in err and "cs2x2" in err


@pytest.mark.parametrize("backend", ["cadical", "z3"])
def test_time_limit_stops_a_long_enumeration(backend):
    import time
    from pencilproof import count
    from pencilproof.puzzle import Puzzle
    empty = Puzzle("canal", 12, 12, tuple((None,) * 12 for _ in range(12)))
    t = time.monotonic()
    res = count(empty, limit=None, backend=backend, time_limit=0.5)
    assert time.monotonic() - t < 3.0
    assert res.timed_out and not res.complete and res.count >= 1


def test_boolean_size_in_json_is_bad_input(run_cli, tmp_path):
    f = tmp_path / "b.json"
    f.write_text('{"genre": "canal", "rows": 1, "cols": true, "grid": [[null]]}')
    code, _, err = run_cli("check", str(f))
    assert code == 2 and "'rows' and 'cols' must be integers" in err

"""The setter's path through the CLI: paste a URL, convert, save, verify a pzprv3 answer,
and bad files that exit 2 naming the line and column."""
from __future__ import annotations

import json

import pytest

from pencilproof.formats import parse_pzprv3

from conftest import course, records

UNIQUE_URL = "https://puzz.link/p?canal/6/6/3i3h2z4h5i2"
MULTI_URL = "https://puzz.link/p?canal/6/6/4j4p4h4p6j6"
PZPRJS = [r for r in records("canal") if "pzprv3" in r]


@pytest.mark.parametrize("rec", PZPRJS, ids=lambda r: str(r.get("failcode")))
def test_verify_a_setters_pzprv3_file(run_cli, tmp_path, rec):
    f = tmp_path / "answer.pzprv3"
    f.write_text(rec["pzprv3"].replace("/", "\n"))
    code, out, _ = run_cli("verify", "--json", str(f))            # puzzle and answer in one
    doc = json.loads(out)
    assert {v["code"] for v in doc["violations"]} == (
        set(rec["all_failcodes_mine"]) if rec["kind"] == "bad_answer" else set())
    assert code == (1 if rec["kind"] == "bad_answer" else 0)
    code2, out2, _ = run_cli("verify", "--json", UNIQUE_URL, str(f))   # puzzle from the URL
    assert (code2, json.loads(out2)) == (code, doc)


def test_verify_pzprv3_answer_for_another_puzzle(run_cli, tmp_path):
    f = tmp_path / "a.pzprv3"
    f.write_text(PZPRJS[0]["pzprv3"].replace("/", "\n"))
    code, _, err = run_cli("verify", MULTI_URL, str(f))
    assert code == 2 and err.count("\n") == 1
    assert "the answer file's puzzle differs at r1c1 r1c5" in err


def test_paste_url_check_and_save_as_text_pzprv3_json(run_cli, tmp_path):
    rec = course("canal")[17]
    code, out, _ = run_cli("check", "--json", UNIQUE_URL)
    (tmp_path / "result.json").write_text(out)
    for to, name in [("text", "p.txt"), ("pzprv3", "p.pzprv3"), ("json", "p.json"), ("url", "p.url")]:
        code, _, err = run_cli("convert", str(tmp_path / "result.json"), "--to", to,
                               "-o", str(tmp_path / name))
        assert code == 0 and err == ""
    assert (tmp_path / "p.txt").read_text().splitlines()[:2] == ["canal 6x6", "3 . . . 3 ."]
    doc = parse_pzprv3((tmp_path / "p.pzprv3").read_text(), "p")
    assert list(doc.solution.rows) == rec["solution"]          # the checker's answer is kept
    assert json.loads((tmp_path / "p.json").read_text())["solution"] == rec["solution"]
    assert (tmp_path / "p.url").read_text() == UNIQUE_URL + "\n"
    # every saved file checks again to the same verdict, detected without --format
    code, out, _ = run_cli("check", "-q", *(str(tmp_path / n) for n in
                                            ("p.txt", "p.pzprv3", "p.json", "p.url")))
    assert code == 0 and out.rstrip().splitlines()[-1].startswith("4 puzzles: 4 unique")


def test_convert_to_stdout_and_from_suffix(run_cli, tmp_path):
    code, out, _ = run_cli("convert", UNIQUE_URL, "--to", "pzprv3")
    assert code == 0 and out.splitlines()[:5] == ["pzprv3", "canal", "6", "6", "3 . . . 3 . "]
    code, out, _ = run_cli("convert", UNIQUE_URL, "-o", str(tmp_path / "x.svg"))
    assert code == 0 and (tmp_path / "x.svg").read_text().startswith("<?xml")
    code, out, _ = run_cli("convert", UNIQUE_URL, "--to", "svg")
    assert code == 0 and out.count('class="cell"') == 36
    code, _, err = run_cli("convert", UNIQUE_URL)
    assert code == 2 and "say what to convert to: --to url|text|pzprv3|json|svg|png" in err


def test_convert_batch_keeps_good_records(run_cli, tmp_path):
    batch = tmp_path / "b.jsonl"
    good = [json.dumps({"genre": "canal", "grid": [[1, None]]}),
            json.dumps({"genre": "canal", "grid": [[None, 2]]})]
    batch.write_text(good[0] + "\n{\"genre\": \"canal\", \"grid\": [[1, x]]}\n" + good[1] + "\n")
    code, out, err = run_cli("convert", str(batch), "--to", "url")
    assert code == 2
    assert out.splitlines() == ["https://puzz.link/p?canal/2/1/1g", "https://puzz.link/p?canal/2/1/g2"]
    assert err.startswith(f"pencilproof: error: {batch}:2:33: invalid JSON: Expecting value")
    code, _, err = run_cli("convert", str(batch), "--to", "pzprv3")
    assert code == 2 and "holds 2 puzzles; --to pzprv3 writes one" in err


def test_format_option_forces_the_reader(run_cli, tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("canal 1x2\n1 .\n")
    code, _, err = run_cli("check", "--format", "pzprv3", str(f))
    assert code == 2 and f"{f}:1:1: not a pzprv3 file" in err
    code, out, _ = run_cli("url", "--format", "text", str(f))
    assert code == 0 and out.strip() == "https://puzz.link/p?canal/2/1/1g"
    code, _, err = run_cli("solve", "--format", "bogus", str(f))
    assert code == 2 and "invalid choice: 'bogus'" in err


# -- bad files: exit 2, one line, the line and column of the problem ----------------------
PZ = "pzprv3\ncanal\n2\n2\n1 . \n. 2 \n"
BAD = {
    "bad.pzprv3": (PZ.replace(". 2 ", ". q "), "bad.pzprv3:6:3: unknown token 'q' at r2c2"),
    "short.pzprv3": (PZ.replace(". 2 \n", ". \n"), "short.pzprv3:6:3: puzzle row 2 has 1 tokens"),
    "ans.pzprv3": (PZ + "# . \n. ? \n", "ans.pzprv3:8:3: unknown answer token '?' at r2c2"),
    "bad.htm": ("<p>\nbegin\npuzzle canal\nsize 2\nproblem\n1 -\n- %\nend\n",
                "bad.htm:7:3: unknown problem token '%' at r2c2"),
    "bad.json": ('{"genre": "canal",\n "grid": [[1, 2], [3 4]]}\n',
                 "bad.json:2:22: invalid JSON: Expecting ',' delimiter"),
    "bad.txt": ("canal 2x2\n1 .\n. 2 7\n", "bad.txt:3:5: row 2 has 3 cells, expected 2"),
    "clue.json": ('{"genre": "canal",\n "grid": [[1, 2],\n          [3, "x"]]}\n',
                  "clue.json:3:15: r2c2: unknown token 'x'"),
    "list.json": ('[{"genre": "canal", "grid": [[1]]},\n {"genre": "canal", "grid": [[1], []]}]',
                  "list.json:2:35: grid row 2 has 0 cells, expected 1"),
    "ans.json": ('{"genre": "canal", "grid": [[1, null]],\n "solution": ["#"]}',
                 "ans.json:2:14: solution: answer row 1 has 1 cells, the puzzle has 2"),
    "line.jsonl": ('{"genre": "canal", "grid": [[1]]}\n{"genre": "canal", "grid": [[-1]]}\n',
                   "line.jsonl:2:30: r1c1: clue -1 is negative"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_files_name_line_and_column(run_cli, tmp_path, monkeypatch, name):
    text, message = BAD[name]
    (tmp_path / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    commands = [("check", name), ("convert", name, "--to", "json"), ("render", name, "-o", "x.svg")]
    if name == "ans.json":   # checking ignores a carried answer; converting and drawing read it
        commands = commands[1:]
    for argv in commands:
        code, _, err = run_cli(*argv)
        assert code == 2, argv
        assert err.count("\n") == 1 and "Traceback" not in err
        assert err.startswith(f"pencilproof: error: {message}"), (argv, err)

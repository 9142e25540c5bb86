"""Readers take ASCII digits and JSON cells of the shapes genres read, and nothing else
(issue 46, item 4: '²' passed ``str.isdigit`` into ``int``, a JSON ``true`` counted as 1, an
object cell met a genre's ``in`` test: tracebacks with exit 1, and a batch lost its lines)."""
from __future__ import annotations

import json
import pathlib
import re

import pytest

from pencilproof.errors import InputError
from pencilproof.formats import load

SRC = pathlib.Path(__file__).resolve().parent.parent / "src" / "pencilproof"
CANAL = {"genre": "canal", "rows": 2, "cols": 2, "grid": [[1, None], [None, None]]}


def test_the_package_asks_ascii_digits_only():
    """``str.isdigit``/``isdecimal``/``isnumeric`` pass '²' and '٣': every reader asks
    pencilproof.numerals.is_digits (the one place that may say what a digit is)."""
    found = [f"{p.relative_to(SRC)}:{i}" for p in sorted(SRC.rglob("*.py"))
             if p.name != "numerals.py"
             for i, line in enumerate(p.read_text().splitlines(), 1)
             if re.search(r"\.(isdigit|isdecimal|isnumeric)\(", line)]
    assert found == []


@pytest.mark.parametrize("name,text,message", [
    ("k.txt", "kakuro 3x3\n# 3\\ 4\\\n\\3 . .\n\\4 \u00b2 .\n",
     "k.txt:4:4: r3c2: unknown token '\u00b2' (expected '.', a digit, '#' or DOWN\\ACROSS sums "
     "such as '16\\7', '\\7', '16\\')"),
    ("k.json", json.dumps({"genre": "kakuro", "rows": 2, "cols": 2,
                           "grid": [["#", "3\\"], ["\\3", True]]}),
     "k.json:1:{true}: r2c2: a cell is a number, a string, null or a list of those, got true"),
    ("s.json", json.dumps({"genre": "starbattle", "rows": 2, "cols": 2, "stars": 1,
                           "grid": [[{"x": 1}, None], [None, None]], "areas": [[0, 0], [1, 1]]}),
     's.json:1:{{"x": 1}}: r1c1: a cell is a number, a string, null or a list of those, got {"x": 1}'),
    ("s.json", json.dumps({"genre": "starbattle", "rows": 2, "cols": 2, "stars": 1,
                           "grid": [[[1], None], [None, None]], "areas": [[0, 0], [1, 1]]}),
     "s.json:1:{[1]}: r1c1: unknown given [1]"),
    ("e.janko.txt", "begin\npuzzle abcendview\nsize 3\ndepth \u00b2\nclabels\n- - a\n- - -\nrlabels\n"
     "a - -\n- - -\nsolution\na b -\nb - a\n- a b\nend\n",
     "e.janko.txt:1:1: 'depth' should be a number (the number of letters), got '\u00b2'"),
])
def test_non_ascii_digits_and_odd_json_cells_are_one_line_errors(tmp_path, name, text, message):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as e:
        load(str(path))
    for token in ("true", '{"x": 1}', "[1]"):  # the column: where the cell's value starts
        message = message.replace("{%s}" % token, str(text.find(token) + 1))
    assert str(e.value).replace(str(tmp_path) + "/", "") == message


def test_a_bad_line_in_a_batch_is_that_line_s_error_and_the_batch_goes_on(tmp_path, run_cli):
    bad = {"genre": "starbattle", "rows": 2, "cols": 2, "stars": 1,
           "grid": [[[1], None], [None, None]], "areas": [[0, 0], [1, 1]]}
    lines = [CANAL, {"genre": "canal", "rows": 2}, CANAL, bad, CANAL]
    path = tmp_path / "mixed.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in lines))
    code, out, err = run_cli("check", "--json", str(path))
    results = [json.loads(t) for t in out.splitlines()]
    assert code == 2 and len(results) == 5 and "Traceback" not in err
    assert [r.get("verdict") for r in results[::2]] == ["multiple"] * 3


def test_json_nested_too_deeply_is_one_line_wherever_it_is_read(tmp_path, run_cli):
    """A text file's ``key: value`` section and a damaged ``generate --resume`` file were
    read by a bare json.loads: a RecursionError traceback (issue 46, item 4)."""
    deep = "[" * 3000
    text = tmp_path / "deep.txt"
    text.write_text(f"canal 2x2\n. .\n. .\nareas: {deep}\n")
    code, _, err = run_cli("check", "-q", str(text))
    assert code == 2 and err == f"pencilproof: error: {text}:4:7: areas: JSON nested too deeply\n"
    out = tmp_path / "out.jsonl"
    out.write_text(deep + "\n")
    code, _, err = run_cli("generate", "canal", "--size", "4x4", "--count", "1", "--resume",
                           "-o", str(out))
    assert code == 2 and err == f"pencilproof: error: {out}:1: JSON nested too deeply\n"

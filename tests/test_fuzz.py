"""Every input and every fault gets a clear answer: random command lines through
``main(argv)`` in-process, over every command and format (generators in fuzz_inputs.py,
shared with benchmarks/fuzz_cli.py, which runs thousands of them).

For each run: the exit code is 0-3; no exception escapes ``main`` and no traceback text
is printed; every stderr line is one ``pencilproof: ...`` line and every error line
names its place (file, URL, <stdin>, option); a good puzzle after bad ones in a batch is
still reported; pictures written parse. Problems already reported to the owners of code
outside formats/, errors.py and output/ are listed in ``fuzz_inputs.KNOWN`` and skipped.
Solver runs are bounded (--time-limit <= 2, minimize --max-time, grids <= 12x12).
"""
from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from fuzz_inputs import (BATCH_COMMANDS, COMMANDS, Case, make_case, names_place, problems,
                         run_case, seeds)

# derandomize: the same examples on every run, so CI is repeatable; the long run in
# benchmarks/fuzz_cli.py explores new ones from a --seed.
FUZZ = settings(deadline=None, print_blob=True, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])
ALARM = 30.0   # seconds; a case that takes longer is a hang


def _run(case: Case, tmp_path: Path):
    work = Path(tempfile.mkdtemp(dir=tmp_path))
    try:
        res = run_case(case, work, alarm=ALARM)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    new = [p for p in problems(case, res) if p.known is None]
    assert not new, (
        "\n".join(f"{p.kind}: {p.detail}" for p in new) + "\n\nreproducer:\n"
        + case.describe() + f"\n\nexit code {res.code}\nstdout:\n{res.stdout[-3000:]}"
        f"\nstderr:\n{res.stderr[-3000:]}\n" + (res.exception or ""))
    return res


@settings(FUZZ, max_examples=400)
@given(rnd=st.randoms(use_true_random=False))
def test_fuzz_any_command(rnd, tmp_path):
    _run(make_case(rnd), tmp_path)


@pytest.mark.parametrize("command", COMMANDS)
@settings(FUZZ, max_examples=30)
@given(rnd=st.randoms(use_true_random=False))
def test_fuzz_each_command(command, rnd, tmp_path):
    _run(make_case(rnd, command=command), tmp_path)


@settings(FUZZ, max_examples=100)
@given(rnd=st.randoms(use_true_random=False), command=st.sampled_from(BATCH_COMMANDS))
def test_fuzz_good_puzzle_after_bad_ones(rnd, command, tmp_path):
    case = make_case(rnd, command=command, batch=True)
    assert case.expect
    _run(case, tmp_path)


# -- the checks themselves ---------------------------------------------------------------------
def test_every_seed_reads(run_cli, tmp_path, monkeypatch):
    """The real inputs the fuzzer mutates are good: a batch of the good ones is all ok."""
    monkeypatch.chdir(tmp_path)
    good = seeds().good
    Path("good.jsonl").write_text("".join(json.dumps(r) + "\n" for r in good))
    code, out, err = run_cli("url", "good.jsonl")
    assert code == 0 and not err
    assert out.split() == [r["url"] for r in good]


def test_the_checks_catch_what_they_look_for(tmp_path):
    case = Case("check", ["check", "in1.txt", "--time-limit", "1"])
    assert names_place("in1.txt:3:4: row 2 has 2 cells, expected 3", case)
    assert names_place("argument --time-limit: must be positive: '0'", case)
    assert not names_place("row 2 has 2 cells, expected 3", case)
    assert not names_place("is a directory", case)
    from fuzz_inputs import Outcome
    bad = Outcome(4, "", "pencilproof: error: no place here\nsecond line\n")
    kinds = {p.kind for p in problems(case, bad)}
    assert kinds == {"exit code", "error without a place", "stray stderr line"}
    crashed = Outcome(None, "", "", exception="Traceback (most recent call last):\nKeyError: 1")
    assert {p.kind for p in problems(case, crashed)} == {"traceback"}
    missing = Case("check", ["check", "b.jsonl"], expect=["b.jsonl:2"])
    assert {p.kind for p in problems(missing, Outcome(2, "", ""))} == {"good puzzle not reported"}


# -- regressions: failures the fuzzer found, fixed in formats/, errors.py, output/ ----------------
UNIQUE = (Path(__file__).parent.parent / "src/pencilproof/examples/puzzle.txt").read_text()


@pytest.mark.parametrize("name,content", [
    ("bom.txt", "\ufeff" + UNIQUE),
    ("bom.jsonl", "\ufeff" + json.dumps({"url": "https://puzz.link/p?canal/6/6/3i3h2z4h5i2"})
     + "\n" + json.dumps({"url": "https://puzz.link/p?canal/6/6/3i3h2z4h5i2"}) + "\n"),
    ("blank-first.txt", "\n  \n" + UNIQUE),
    ("crlf-bom.txt", "\ufeff" + UNIQUE.replace("\n", "\r\n")),
])
def test_bom_and_leading_blank_lines_are_read(run_cli, tmp_path, monkeypatch, name, content):
    monkeypatch.chdir(tmp_path)
    Path(name).write_text(content, encoding="utf-8", newline="")
    code, out, err = run_cli("check", "-q", name)
    assert (code, err) == (0, ""), err
    assert "unique" in out


def test_text_places_count_leading_blank_lines(run_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("p.txt").write_text("\n\ncanal 2x3\n. 2 .\n. x .\n")
    code, _, err = run_cli("check", "p.txt")
    assert code == 2
    assert err.startswith("pencilproof: error: p.txt:5:3: r2c2: unknown token 'x'")


def test_answer_header_may_name_the_genre_by_alias(run_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ex = Path(__file__).parent.parent / "src/pencilproof/examples"
    Path("a.txt").write_text("\ufeffakari 3x3\n" + (ex / "akari-answer.txt").read_text())
    code, out, err = run_cli("verify", str(ex / "akari.txt"), "a.txt")
    assert "answer has" not in err and code in (0, 1), err


def test_picture_of_a_file_name_that_is_not_utf8(run_cli, tmp_path, monkeypatch):
    """A name with a byte that is not UTF-8 (a lone surrogate in argv) or a control
    character is drawn escaped: the SVG is written and parses."""
    import xml.etree.ElementTree as ET
    monkeypatch.chdir(tmp_path)
    for name in ("x\udcff.txt", "esc\x1b.txt"):
        Path(name).write_text(UNIQUE)
        code, out, err = run_cli("convert", name, "-o", "out.svg")
        assert (code, err) == (0, ""), err
        title = ET.parse("out.svg").getroot().find("{http://www.w3.org/2000/svg}title").text
        assert "\\udcff" in title or "\\x1b" in title


def test_empty_place_is_shown_quoted():
    from pencilproof.errors import InputError
    assert str(InputError("is a directory", "")) == "'': is a directory"
    assert str(InputError("no place")) == "no place"


@pytest.mark.parametrize("make", [
    lambda data: __import__("fuzz_inputs")._ObjectStdin(data),     # .buffer, not a wrapper
    lambda data: __import__("io").TextIOWrapper(__import__("io").BytesIO(data)),
])
def test_stdin_that_is_not_utf8_is_one_line(run_cli, monkeypatch, make):
    """Python's stdin is read as bytes; a replaced one that decodes by itself (here with
    a .buffer but not a TextIOWrapper) fails to decode as one line too."""
    monkeypatch.setattr("sys.stdin", make(b"canal 1x2\n. \xff\n"))
    code, out, err = run_cli("check", "-")
    assert code == 2 and err.startswith("pencilproof: error: <stdin>: not UTF-8 text")
    monkeypatch.setattr("sys.stdin", make(UNIQUE.encode()))
    assert run_cli("check", "-q", "-")[0] == 0


def test_closed_stdin_is_one_line(run_cli, monkeypatch):
    import io
    stdin = io.TextIOWrapper(io.BytesIO(b""))
    stdin.close()
    monkeypatch.setattr("sys.stdin", stdin)
    code, out, err = run_cli("check", "-")
    assert code == 2 and err == "pencilproof: error: <stdin>: cannot read: standard input is closed\n"


def test_json_lines_may_hold_line_separators_in_strings(run_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rec = {"url": "https://puzz.link/p?canal/6/6/3i3h2z4h5i2", "note": "a\u2028b\x85c"}
    Path("b.jsonl").write_text("\n".join(json.dumps(rec, ensure_ascii=False)
                                         for _ in range(2)) + "\n", encoding="utf-8")
    code, out, err = run_cli("check", "-q", "b.jsonl")
    assert (code, err) == (0, "")
    assert "b.jsonl:1: unique" in out and "b.jsonl:2: unique" in out

"""Issue 22: exit codes a script can trust and one-line refusals (closed pipes, a closed
standard output, no puzzle, commands on genres they do not apply to, an invalid answer
in a checked file, Taiji codes with typos, arguments that start with '-')."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pencilproof.cli import main

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "src" / "pencilproof" / "examples"
MULTI = str(EXAMPLES / "canal-course-25.txt")     # multiple
UNIQUE = str(EXAMPLES / "canal-course-17.txt")
FLOODIT = str(EXAMPLES / "floodit.txt")
CLI = [sys.executable, "-c", "from pencilproof.cli import run; run()"]


class _GonePipe:
    """A standard output whose reader went away (``| true``): every write is EPIPE."""

    encoding = "utf-8"

    def write(self, text):
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self):
        raise BrokenPipeError(32, "Broken pipe")


# -- 4: a closed pipe keeps the verdict's exit code ------------------------------------------
@pytest.mark.parametrize("argv, code", [(["check", MULTI], 1), (["check", "-q", UNIQUE, MULTI], 1),
                                        (["check", UNIQUE], 0), (["count", MULTI], 0),
                                        (["check", "--json", MULTI, "nosuch.txt"], 2)])
def test_a_reader_that_went_away_does_not_change_the_exit_code(monkeypatch, capsys, argv, code):
    monkeypatch.setattr(sys, "stdout", _GonePipe())
    assert main(argv) == code
    err = capsys.readouterr().err
    assert "Traceback" not in err and "Broken pipe" not in err


def test_pipe_into_true_and_a_closed_stdout_exit_with_the_verdict():
    p = subprocess.Popen(CLI + ["check", MULTI], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         cwd=ROOT)
    assert p.stdout is not None and p.stderr is not None
    p.stdout.close()  # the reader is gone before anything is written: '| true'
    err = p.stderr.read()
    assert p.wait(timeout=60) == 1 and err == b""
    r = subprocess.run(" ".join(CLI[:2]) + " '" + CLI[2] + f"' check {MULTI} >&-", shell=True,
                       capture_output=True, cwd=ROOT, timeout=60)
    assert r.returncode == 1 and r.stderr == b""


def test_the_program_leaves_after_its_exit_handlers_with_all_its_output():
    """The console script exits without freeing every object (a big grid's took seconds
    after the verdict): exit handlers still run and nothing written is lost."""
    code = ("import atexit, sys\n"
            "atexit.register(lambda: print('handler ran'))\n"
            "from pencilproof.cli import run\n"
            f"sys.argv = ['pencilproof', 'check', '-q', {UNIQUE!r}, {MULTI!r}]\n"
            "run()\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                       timeout=60)
    assert r.returncode == 1 and r.stderr == ""
    lines = r.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:2]] == [UNIQUE, MULTI]
    assert lines[0].startswith(f"{UNIQUE}: unique") and lines[1].startswith(f"{MULTI}: multiple")
    assert lines[2].startswith("2 puzzles: 1 unique, 1 multiple (") and lines[3:] == ["handler ran"]


# -- 5: nothing to check is bad input ---------------------------------------------------------
@pytest.mark.parametrize("command", ["check", "solve", "count"])
def test_an_empty_json_list_is_no_puzzle(run_cli, tmp_path, command):
    (tmp_path / "e.json").write_text("[]")
    code, out, err = run_cli(command, str(tmp_path / "e.json"))
    assert (code, out) == (2, "")
    assert err == f"pencilproof: error: {tmp_path / 'e.json'}: no puzzle in it\n"


def test_an_empty_json_list_on_stdin_is_no_puzzle(run_cli, monkeypatch):
    import io
    monkeypatch.setattr(sys, "stdin", io.StringIO("[]\n"))
    code, out, err = run_cli("check", "--json", "-")
    assert code == 2 and err == "pencilproof: error: <stdin>: no puzzle in it\n"
    assert json.loads(out) == {"source": "<stdin>", "error": "<stdin>: no puzzle in it"}


# -- 6: commands that do not apply to a genre refuse it in one line ---------------------------
@pytest.mark.parametrize("command", ["backbone", "repair", "explain", "minimize"])
def test_commands_refuse_floodit_in_one_line(run_cli, command):
    code, out, err = run_cli(command, FLOODIT)
    assert (code, out) == (2, "")
    assert err == (f"pencilproof: error: {FLOODIT}: {command} does not apply to floodit: it "
                   "asks for an optimum, not a unique answer\n")


def test_repair_redundant_refuses_floodit(run_cli):
    code, out, err = run_cli("repair", "--redundant", FLOODIT)
    assert code == 2 and out == "" and err.startswith(
        f"pencilproof: error: {FLOODIT}: repair --redundant does not apply to floodit")


# -- 10: an answer that breaks a rule is exit 1 -----------------------------------------------
def test_check_of_a_file_whose_answer_breaks_a_rule_exits_1(run_cli, tmp_path):
    text = (EXAMPLES / "setter.pzprv3").read_text()
    lines = text.splitlines()
    assert lines[-1] == "# . # # + . "
    bad = tmp_path / "bad.pzprv3"
    bad.write_text("\n".join(lines[:-1] + [". . # # + . "]) + "\n")
    code, out, _ = run_cli("check", "-q", str(bad))
    assert code == 1
    assert "the file's answer is not a solution (1 rule violation: nmShadeViewNe)" in out
    code, _, _ = run_cli("check", "-q", str(EXAMPLES / "setter.pzprv3"))
    assert code == 0


# -- 12: Taiji codes with typos, '-' arguments -------------------------------------------------
@pytest.mark.parametrize("code_text, message", [
    ("2:Zz!!", "not a Taiji Maker code (expected WIDTH:TILES, e.g. 3:Kw+FFw60Dw4); "
               "unexpected character '!'"),
    ("999999999:A", "width 999999999 is more than 1000"),
    ("0:A", "width must be at least 1"),
])
def test_taiji_codes_that_do_not_parse_say_why(run_cli, code_text, message):
    code, out, err = run_cli("check", code_text)
    assert (code, out) == (2, "")
    assert err == f"pencilproof: error: {code_text}: {message}\n"


def test_an_argument_starting_with_a_dash_gets_a_hint(run_cli):
    code, out, err = run_cli("check", "-4:0000")
    assert (code, out) == (2, "")
    assert err == ("pencilproof: error: the following arguments are required: PUZZLE; an "
                   "argument starting with '-' goes after '--', e.g. -- -4:0000 "
                   "(see 'pencilproof check -h')\n")
    code, _, err = run_cli("check", "--", "-4:0000")
    assert code == 2 and err == "pencilproof: error: -4:0000: no such file\n"
    assert os.path.exists(UNIQUE)


# -- 7: input is capped, and an error quotes a short excerpt ----------------------------------
def test_an_endless_input_is_refused_without_reading_it_all(run_cli):
    code, out, err = run_cli("check", "/dev/zero")
    assert (code, out) == (2, "")
    assert err == ("pencilproof: error: /dev/zero: larger than 64 MB, more than a puzzle file "
                   "holds (split a batch into smaller files)\n")


def test_a_huge_token_is_quoted_as_a_short_excerpt(run_cli, tmp_path):
    token = "x" * 1_000_000 + "END"
    (tmp_path / "t.txt").write_text(f"canal 2x2\n. {token}\n. .\n")
    code, out, err = run_cli("check", str(tmp_path / "t.txt"))
    assert (code, out) == (2, "")
    # the excerpt is short whatever the path's length (pytest's numbered temp folders grow)
    assert len(err) - len(str(tmp_path)) < 360 and err.count("\n") == 1
    assert err.startswith(f"pencilproof: error: {tmp_path / 't.txt'}:2:3: r1c2: unknown token 'xxx")
    assert "characters left out" in err and err.endswith("END' (expected '.', '?' or an integer)\n")


def test_a_huge_option_value_is_quoted_as_a_short_excerpt(run_cli):
    code, _, err = run_cli("check", "--time-limit", "9" * 100_000 + "x", UNIQUE)
    assert code == 2 and len(err) < 400 and "characters left out" in err


# -- 9: a count no run can make is refused before any work ------------------------------------
def test_a_huge_count_is_refused_at_once(run_cli, tmp_path):
    out_file = tmp_path / "g.jsonl"
    code, out, err = run_cli("generate", "canal", "--size", "6x6", "--count", str(10 ** 12),
                             "-o", str(out_file))
    assert (code, out) == (2, "")
    assert err == ("pencilproof: error: --count: at most 1000000 candidates per run, got "
                   "1000000000000 (for more, run several, each with its own --seed and --out)\n")
    assert not out_file.exists()


# -- found by the stress benchmark: an Easy as ABC over 27 wide without its letters ---------
def test_easy_as_abc_wider_than_the_alphabet_needs_its_letters(run_cli, tmp_path):
    """Its default, one letter fewer than the side, ran past Z: an IndexError traceback."""
    path = tmp_path / "abc.json"
    path.write_text(json.dumps({"genre": "easyasabc", "rows": 30, "cols": 30,
                                "grid": [[None] * 30 for _ in range(30)]}))
    code, out, err = run_cli("check", str(path))
    assert (code, out) == (2, "")
    assert err == (f"pencilproof: error: {path}:1:56: 29 letters are more than A-Z: a 30x30 "
                   "grid needs its 'letters' (at most 26)\n")
    path.write_text(json.dumps({"genre": "easyasabc", "rows": 30, "cols": 30, "letters": 3,
                                "grid": [[None] * 30 for _ in range(30)]}))
    code, out, _ = run_cli("check", "-q", "--time-limit", "2", str(path))
    assert code in (1, 3) and out.startswith(f"{path}: ")


# -- found by the fuzz run: an error about a default names the option that was given --------
def test_a_board_too_small_for_the_default_colours_names_its_size(run_cli, tmp_path):
    out = tmp_path / "f.jsonl"
    code, stdout, err = run_cli("generate", "floodit", "--size", "2x2", "-o", str(out))
    assert (code, stdout) == (2, "")
    assert err == ("pencilproof: error: --size: 4 cells cannot hold the default 6 colours "
                   "(give --colours 4 or fewer)\n")
    code, _, err = run_cli("generate", "floodit", "--size", "2x2", "--colours", "5", "-o", str(out))
    assert code == 2 and err == "pencilproof: error: --colours: 5 colours do not fit 4 cells\n"
    assert not out.exists()


def test_generating_an_easy_as_abc_wider_than_the_alphabet_uses_a_to_z(run_cli, tmp_path):
    """Found by the stress benchmark: its random layout asked for one letter fewer than
    the side, past Z (exit 4, "candidate 0 failed: IndexError")."""
    out = tmp_path / "abc.jsonl"
    code, stdout, err = run_cli("generate", "easyasabc", "--size", "30x30", "--count", "1",
                                "--max-time", "3", "-q", "-o", str(out))
    assert code in (0, 3) and "IndexError" not in err and "failed" not in err
    assert stdout.startswith(f"{out}: ")


def test_a_url_option_check_names_the_file_of_a_number_too_long(run_cli, tmp_path):
    """The fuzz run's URL with a 5000-digit field: the option check read it without a
    place, so the error named no file."""
    path = tmp_path / "u.txt"
    path.write_text("https://puzz.link/p?akari/" + "9" * 5000 + "/x/y/z\n")
    code, out, err = run_cli("check", str(path))
    assert (code, out, err) == (2, "", f"pencilproof: error: {path}: number too large "
                                       "(5000 digits)\n")

"""Every fault gets a clear answer: Ctrl-C under z3, an encoding one genre lacks in a
mixed batch, failed writes, terminals without Unicode, empty option values, infinite time
limits, picture captions that do not fit, plurals, and the answer a file carries."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pencilproof.solvers.backends import Status, Z3Backend
from pencilproof.cli import main
from pencilproof.formats import parse_url
from pencilproof.output import answer_picture, picture_pair, render_grid, render_pair
from pencilproof.output.scene import scene_size
from pencilproof.puzzle import Puzzle, Solution

from conftest import pigeonhole, records

ROOT = Path(__file__).parent.parent
UNIQUE_URL = "https://puzz.link/p?canal/6/6/3i3h2z4h5i2"
MULTI_URL = "https://puzz.link/p?canal/6/6/4j4p4h4p6j6"
AKARI_URL = "https://puzz.link/p?akari/3/3/j1.i"     # 3 solutions
NS = "{http://www.w3.org/2000/svg}"


# -- 3: Ctrl-C under z3 -----------------------------------------------------------------
def test_z3_timeout_is_still_unknown():
    b = Z3Backend()
    pigeonhole(b, 11)
    assert b.solve(deadline=time.monotonic() + 0.2) is Status.UNKNOWN


def test_ctrl_c_under_z3_stops_the_batch_with_130(run_cli, monkeypatch):
    import z3
    calls = []

    def interrupted(self, *assumptions):
        calls.append(1)
        return z3.unknown
    monkeypatch.setattr(z3.Solver, "check", interrupted)
    monkeypatch.setattr(z3.Solver, "reason_unknown", lambda self: "interrupted from keyboard")
    code, out, err = run_cli("check", "--solver", "z3", UNIQUE_URL, MULTI_URL)
    assert code == 130 and out == "" and err == "pencilproof: interrupted\n"
    assert len(calls) == 1          # the second puzzle was never started


# -- 4: an error checking one puzzle names it, and the batch goes on --------------------
def test_unknown_encoding_in_a_mixed_batch(run_cli):
    msg = f"{AKARI_URL}: unknown encoding 'reference' for lightup (choose from direct)"
    code, out, err = run_cli("check", "-q", "--encoding", "reference", UNIQUE_URL, AKARI_URL,
                             MULTI_URL)
    assert code == 2 and err == f"pencilproof: error: {msg}\n"
    lines = out.splitlines()
    assert lines[0].startswith(f"{UNIQUE_URL}: unique") and lines[1].startswith(
        f"{MULTI_URL}: multiple")
    assert lines[-1].startswith("3 puzzles: 1 unique, 1 multiple, 1 bad input")
    code, out, err = run_cli("check", "--json", "--encoding", "reference", UNIQUE_URL,
                             AKARI_URL, MULTI_URL)
    docs = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and err == f"pencilproof: error: {msg}\n"
    assert [d.get("verdict") for d in docs] == ["unique", None, "multiple"]
    assert docs[1] == {"source": AKARI_URL, "error": msg}


@pytest.mark.parametrize("command", ["solve", "count"])
def test_unknown_encoding_in_solve_and_count_batches(run_cli, command):
    code, out, err = run_cli(command, "--encoding", "reference", AKARI_URL, UNIQUE_URL)
    assert code == 2 and err == (f"pencilproof: error: {AKARI_URL}: unknown encoding "
                                 "'reference' for lightup (choose from direct)\n")
    assert out.startswith(f"{UNIQUE_URL}: ")
    code, out, _ = run_cli(command, "--json", "--encoding", "reference", AKARI_URL, UNIQUE_URL)
    docs = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and docs[0]["source"] == AKARI_URL and "unknown encoding" in docs[0]["error"]
    assert docs[1]["source"] == UNIQUE_URL


# -- 5: failed writes -------------------------------------------------------------------
def test_convert_to_a_missing_directory(run_cli, tmp_path):
    target = str(tmp_path / "nonexistent" / "x.txt")
    code, out, err = run_cli("convert", UNIQUE_URL, "-o", target)
    assert code == 2 and out == ""
    assert err == f"pencilproof: error: {target}: cannot write: No such file or directory\n"


def test_convert_to_a_directory(run_cli, tmp_path):
    (tmp_path / "d.txt").mkdir()
    code, _, err = run_cli("convert", UNIQUE_URL, "-o", str(tmp_path / "d.txt"))
    assert code == 2 and err == f"pencilproof: error: {tmp_path / 'd.txt'}: cannot write: Is a directory\n"


class _Full:
    """A standard output on a full disk."""

    encoding = "utf-8"

    def write(self, text):
        raise OSError(28, "No space left on device")

    def flush(self):
        raise OSError(28, "No space left on device")


@pytest.mark.parametrize("argv", [["check", UNIQUE_URL], ["check", "--json", UNIQUE_URL],
                                  ["convert", UNIQUE_URL, "--to", "text"], ["genres"]])
def test_standard_output_full_is_one_line(monkeypatch, capsys, argv):
    monkeypatch.setattr(sys, "stdout", _Full())
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2
    assert err == "pencilproof: error: standard output: cannot write: No space left on device\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_dev_full_no_traceback_at_exit():
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-c", "from pencilproof.cli import run; run()",
                            "check", UNIQUE_URL], stdout=full, stderr=subprocess.PIPE,
                           text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 2
    assert r.stderr == "pencilproof: error: standard output: cannot write: No space left on device\n"


# -- 7b: ASCII grids --------------------------------------------------------------------
def test_ascii_option(run_cli):
    code, out, _ = run_cli("check", "--ascii", MULTI_URL)
    assert code == 1 and out.isascii()
    assert " . . o** . .    . .** o . ." in out
    assert "differ in 2 cells (** shaded, o unshaded): r2c3 r2c4" in out
    code, out, _ = run_cli("check", "--ascii", AKARI_URL)
    assert out.isascii() and "(@ lamp, o no lamp)" in out and " 1XX" in out
    code, out, _ = run_cli("solve", "--ascii", UNIQUE_URL)
    assert code == 0 and out.splitlines()[1] == " 3###### 3 ."


def test_ascii_cells():
    p = Puzzle("smullyan", 1, 3, ((10, None, 2),))
    assert render_grid(p, Solution(("#..",)), ascii=True) == ["#10  .  2"]
    assert render_grid(p, Solution(("#..",)), ascii=False) == ["█10  ·  2"]


def test_non_unicode_terminal_falls_back_to_ascii():
    env = dict(os.environ, PYTHONIOENCODING="cp1252")
    r = subprocess.run([sys.executable, "-c", "from pencilproof.cli import run; run()",
                        "check", MULTI_URL, AKARI_URL], capture_output=True, env=env,
                       cwd=ROOT, timeout=60)
    assert r.returncode == 1 and r.stderr == b""
    out = r.stdout.decode("cp1252")
    assert "differ in 2 cells (** shaded, o unshaded): r2c3 r2c4" in out
    assert "differ in 4 cells (@ lamp, o no lamp)" in out


# -- 10: empty values -------------------------------------------------------------------
@pytest.mark.parametrize("argv, option", [
    (["check", "--picture", "", UNIQUE_URL], "--picture"),
    (["render", UNIQUE_URL, "--answer", "", "-o", "x.svg"], "--answer"),
    (["render", UNIQUE_URL, "-o", ""], "-o"),
    (["convert", UNIQUE_URL, "--to", "text", "-o", ""], "-o"),
])
def test_empty_option_values(run_cli, tmp_path, monkeypatch, argv, option):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(*argv)
    assert code == 2 and out == ""
    assert err == f"pencilproof: error: {option}: empty file name\n"
    assert not list(tmp_path.iterdir())


def test_verify_empty_answer_argument(run_cli, tmp_path):
    p = tmp_path / "a.txt"
    p.write_text("akari 3x3\n. . .\n. 1 #\n. . .\n")
    code, out, err = run_cli("verify", str(p), "")
    assert code == 2 and out == ""
    assert err.startswith("pencilproof: error: ") and err.count("\n") == 1


# -- 11: infinite time limits -----------------------------------------------------------
@pytest.mark.parametrize("argv, option", [
    (["check", "--solver", "z3", "--time-limit", "inf", UNIQUE_URL], "--time-limit"),
    (["count", "--time-limit", "1e309", UNIQUE_URL], "--time-limit"),
    (["minimize", "--max-time", "inf", UNIQUE_URL], "--max-time"),
])
def test_infinite_seconds_are_refused(run_cli, argv, option):
    code, out, err = run_cli(*argv)
    value = argv[argv.index(option) + 1]
    assert code == 2 and out == ""
    assert err.startswith(f"pencilproof: error: argument {option}: must be a finite number of "
                          f"seconds: '{value}'")


def test_z3_takes_huge_and_infinite_deadlines():
    from pencilproof import check
    p = parse_url(UNIQUE_URL)
    for limit in (1e12, float("inf")):
        assert check(p, backend="z3", time_limit=limit).verdict.value == "unique"
    b = Z3Backend()
    b.add_clause([b.new_var()])
    assert b.solve(deadline=float("inf")) is Status.SAT


# -- 14: pictures -----------------------------------------------------------------------
def _texts(scene, cls):
    return [s.text for s in scene.shapes if getattr(s, "cls", "") == cls]


def test_caption_wraps_instead_of_cutting():
    p = Puzzle("lightup", 3, 3, ((None,) * 3, (None, 1, "#"), (None,) * 3))
    a, b = Solution(("L..", ".1#", ".L.")), Solution(("..L", "L1#", "..L"))
    diff = a.differ(b)
    scene = picture_pair(p, a, b, diff, ["verdict: multiple"])
    caption = _texts(scene, "caption")
    assert len(caption) > 2 and not any("..." in line for line in caption)
    joined = " ".join(line.strip() for line in caption)
    names = " ".join(f"r{r + 1}c{c + 1}" for r, c in diff)
    assert joined == f"the two solutions differ in {len(diff)} cells: {names} verdict: multiple"
    assert (scene.width, scene.height) == scene_size(3, 3, 2, len(caption))


def test_answer_picture_describes_every_violation():
    p = parse_url(AKARI_URL)
    from pencilproof.encodings import get_genre
    ans = Solution(("L.L", ".1#", "..."))
    problems = get_genre("lightup").verify(p, ans)
    scene = answer_picture(p, ans, problems, name="a.txt")
    joined = " ".join(line.strip() for line in _texts(scene, "caption"))
    assert joined.startswith("3 rule violations")
    for v in problems:
        assert v.describe() in joined
    assert _texts(scene, "name") == ["a.txt"]
    assert scene.height == scene_size(3, 3, 1, len(_texts(scene, "caption")), named=1)[1]


def test_six_violations_are_all_shown():
    from pencilproof.puzzle import Violation
    p = parse_url(UNIQUE_URL)
    vs = [Violation(f"code{i}", f"message {i}", ((i, 0),)) for i in range(6)]
    caption = _texts(answer_picture(p, Solution(("......",) * 6), vs), "caption")
    assert caption[0] == "6 rule violations" and caption[-1] == "code5: message 5 at r6c1"


def test_cli_pictures_carry_the_name(run_cli, tmp_path):
    code, _, _ = run_cli("check", "-q", "--picture", str(tmp_path / "v.svg"), MULTI_URL)
    root = ET.parse(tmp_path / "v.svg").getroot()
    names = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "name"]
    assert code == 1 and names == [MULTI_URL]
    ans = tmp_path / "ans.txt"
    ans.write_text("L.L\n.1#\n...\n")
    code, out, _ = run_cli("render", AKARI_URL, "--answer", str(ans), "-o", str(tmp_path / "r.svg"))
    assert code == 0 and out.endswith("(3 rule violations marked)\n")
    root = ET.parse(tmp_path / "r.svg").getroot()   # a 3x3 picture: the URL on two lines
    assert "".join(t.text for t in root.iter(f"{NS}text") if t.get("class") == "name") == AKARI_URL
    code, _, _ = run_cli("convert", AKARI_URL, "-o", str(tmp_path / "c.svg"))
    root = ET.parse(tmp_path / "c.svg").getroot()
    assert code == 0 and "".join(t.text for t in root.iter(f"{NS}text")
                                 if t.get("class") == "name") == AKARI_URL


def test_long_name_keeps_start_and_end():
    p = parse_url("https://puzz.link/p?canal/3/3/0g0g.g0g0")
    name = "https://puzz.link/p?canal/3/3/" + "x" * 200 + "END"
    scene = answer_picture(p, None, name=name)
    lines = _texts(scene, "name")
    shown = "".join(lines)
    assert len(lines) == 3 and shown.startswith("https://puzz.link/") and shown.endswith("END")
    assert "..." in shown and len(shown) < len(name)
    assert scene.height == scene_size(3, 3, named=3)[1]


# -- 19: help, plurals, verify --json source --------------------------------------------
def test_help_lists_every_exit_code(run_cli):
    code, out, _ = run_cli("-h")
    text = " ".join(out.split())
    assert code == 0
    for part in ("0 unique/ok", "1 multiple/no solution/invalid", "2 bad input",
                 "3 unknown (time limit)", "4 internal error", "130 interrupted"):
        assert part in text


def test_singular_plurals(run_cli, tmp_path):
    p = Puzzle("canal", 1, 3, ((1, None, None),))
    assert render_pair(p, Solution((".#.",)), Solution(("..#",)), [(0, 1)])[-1].startswith(
        "differ in 1 cell (")
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("canal 1x3\n1 . .\n")
    ans = tmp_path / "a.txt"
    ans.write_text("...\n")
    code, out, _ = run_cli("verify", str(puzzle), str(ans))
    assert code == 1 and out.splitlines()[0] == f"{ans}: not a valid solution (1 rule violation)"


def test_verify_json_names_its_source(run_cli, tmp_path):
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("akari 3x3\n. . .\n. 1 #\n. . .\n")
    ans = tmp_path / "a.txt"
    ans.write_text(".L.\n.1#\nL..\n")
    code, out, _ = run_cli("verify", "--json", str(puzzle), str(ans))
    assert code == 0 and json.loads(out) == {"source": str(ans), "valid": True, "violations": []}


# -- check reports the answer a file carries --------------------------------------------
def _jsonl(tmp_path, recs) -> Path:
    f = tmp_path / "b.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in recs))
    return f


def test_check_reports_the_files_answer(run_cli, tmp_path):
    canal = records("canal")
    bad = next(r for r in canal if r["kind"] == "bad_answer" and r["url"] == UNIQUE_URL)
    good = next(r for r in canal if r["kind"] == "puzzle" and r["url"] == UNIQUE_URL)
    multi = next(r for r in canal if r["url"] == MULTI_URL)
    plain = {k: good[k] for k in ("genre", "rows", "cols", "grid")}
    f = _jsonl(tmp_path, [good, bad, multi, plain])
    code, out, _ = run_cli("check", "--json", str(f))
    docs = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert [d.get("answer") for d in docs] == ["unique_solution", "not_a_solution", "a_solution",
                                               None]
    assert "answer" not in docs[3]
    code, out, _ = run_cli("check", "-q", str(f))
    lines = out.splitlines()
    assert lines[1] == "the file's answer is the unique solution"
    assert lines[3].startswith("the file's answer is not a solution (")
    assert lines[5] == "the file's answer is one of several solutions"
    assert lines[6].startswith(f"{f}:4: unique")


def test_check_reports_a_pzprv3_answer(run_cli, tmp_path):
    rec = next(r for r in records("canal") if r["kind"] == "puzzle" and r.get("pzprv3"))
    f = tmp_path / "setter.pzprv3"
    f.write_text(rec["pzprv3"].replace("/", "\n"))
    code, out, _ = run_cli("check", "-q", str(f))
    assert code == 0 and out.splitlines()[1] == "the file's answer is the unique solution"


# -- what the fuzz run found in the CLI ----------------------------------------------------------
def test_a_file_name_that_is_not_utf8_is_printed_escaped_on_a_strict_stdout(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path
    src = Path(__file__).parent.parent / "src" / "pencilproof" / "examples" / "canal-course-17.txt"
    name = os.fsencode(str(tmp_path)) + b"/x\xff.txt"
    with open(name, "wb") as f:
        f.write(src.read_bytes())
    r = subprocess.run([sys.executable, "-c", "from pencilproof.cli import run; run()",
                        "check", "-q", name], capture_output=True,
                       env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"})
    assert r.returncode == 0 and b"Traceback" not in r.stderr
    assert r.stdout.startswith(os.fsencode(str(tmp_path)) + b"/x\\udcff.txt: unique")


def test_an_argument_with_a_line_break_keeps_a_usage_error_on_one_line(run_cli):
    code, _, err = run_cli("genres", "new\nline.json")
    assert code == 2 and err.count("\n") == 1 and "new\\nline.json" in err


COURSE_17 = str(Path(__file__).parent.parent / "src/pencilproof/examples/canal-course-17.txt")


@pytest.mark.parametrize("argv, message", [
    (["minimize", COURSE_17, "--keep", "r" + "9" * 5000 + "c1"],
     "is not a cell (write r1c1 for the top-left cell)"),
    (["minimize", COURSE_17, "--keep", "r٢c٢"],
     "'r٢c٢' is not a cell"),
    (["generate", "canal", "--size", "٣x٣", "--out", "x.jsonl"], "'٣x٣' is not a size"),
    (["generate", "canal", "--size", "9" * 5000, "--out", "x.jsonl"], "is not a size"),
    (["generate", "canal", "--size", "5x5", "--out", ""], "--out: empty file name"),
])
def test_numbers_are_ascii_and_bounded_and_out_is_named(run_cli, argv, message):
    code, out, err = run_cli(*argv)
    assert code == 2 and message in err and err.count("\n") == 1


def test_convert_leaves_no_empty_file_when_nothing_converts(run_cli, tmp_path):
    junk = tmp_path / "junk.txt"
    junk.write_text("canal 2x2\n. x\n. .\n")
    code, _, err = run_cli("convert", str(junk), "-o", str(tmp_path / "o.txt"))
    assert code == 2 and "unknown token 'x'" in err
    assert not (tmp_path / "o.txt").exists()


def test_a_grid_too_large_for_a_terminal_is_not_drawn(run_cli, tmp_path):
    """An empty 1x300 Light Up row has 300 solutions (a lamp anywhere): two are shown by
    their differing cells, not drawn 600 characters wide."""
    path = tmp_path / "row.txt"
    path.write_text("akari 1x300\n" + " ".join("." * 300) + "\n")
    code, out, _ = run_cli("check", str(path))
    lines = out.splitlines()
    assert code == 1 and "multiple" in lines[0] and "two solutions differ in 2 cells" in lines[0]
    assert lines[1] == ("(not drawn: 1x300 is too large for a terminal grid; --json gives the "
                        "rows, --picture draws it)")
    assert lines[2].startswith("differ in 2 cells: r1c")
    code, out, _ = run_cli("count", "--limit", "500", str(path))
    assert code == 0 and "300 solutions" in out

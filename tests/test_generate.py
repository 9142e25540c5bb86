"""The generator: determinism across --jobs, uniqueness on both backends, interrupted and
resumed runs, crashed workers, and one-line errors for bad options."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pencilproof import Verdict, check
from pencilproof.formats import parse_url, puzzle_from_doc
from pencilproof.generator import pool
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.generator.pool import generate_file
from pencilproof.puzzle import Solution

ARGS = ["generate", "canal", "--size", "8x8", "--seed", "11"]


def _records(path: Path) -> dict[int, dict]:
    recs = [json.loads(line) for line in path.read_text().splitlines()]
    by_index = {r["index"]: r for r in recs}
    assert len(by_index) == len(recs), "an index was written twice"
    return by_index


def _content(rec: dict) -> dict:
    """A record without its timing (the only field that may differ between runs)."""
    return {k: v for k, v in rec.items() if k != "seconds"}


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> dict[int, dict]:
    """Candidates 0..9 of ARGS made in this process, one after another."""
    out = tmp_path_factory.mktemp("ref") / "ref.jsonl"
    rep = generate_file(GenerateOptions(rows=8, cols=8), count=10, seed=11, out=str(out), jobs=1)
    assert rep.new == 10 and not rep.failed
    return _records(out)


def test_jobs_do_not_change_the_puzzles(run_cli, tmp_path, reference):
    out = tmp_path / "two.jsonl"
    code, stdout, err = run_cli(*ARGS, "--count", "10", "--jobs", "2", "-v", "--out", str(out))
    assert code == 0
    assert stdout.startswith(f"{out}: 10 of 10 puzzles (10 new), 2 jobs, ")
    got = _records(out)
    assert {i: _content(r) for i, r in got.items()} == {i: _content(r) for i, r in reference.items()}
    # Workers' log lines reach the parent through multiprocessing-logging.
    for i in range(10):
        assert f"pencilproof: candidate {i}: {got[i]['clues']} clues" in err


def test_records_are_unique_minimal_puzzles_on_both_backends(reference):
    for i, rec in reference.items():
        p = puzzle_from_doc(rec, f"record {i}")
        assert rec["clues"] == len(p.clues()) and (rec["rows"], rec["cols"]) == (8, 8)
        assert parse_url(rec["url"]) == p
        assert rec["seed"] == f"11:{i}:{rec['attempt']}" and rec["master_seed"] == 11
        for backend in ("z3", "cadical"):
            res = check(p, backend=backend)
            assert res.verdict is Verdict.UNIQUE
            assert res.solutions[0] == Solution(tuple(rec["solution"]))
    # 1-minimal, checked on z3 (the generator ran on CaDiCaL) for two of them.
    for i in (0, 1):
        p = puzzle_from_doc(reference[i], "record")
        for cell in p.clues():
            clues = p.clues()
            del clues[cell]
            assert check(p.with_clues(clues), backend="z3").verdict is Verdict.MULTIPLE


def test_generating_on_z3_gives_puzzles_cadical_finds_unique(tmp_path):
    out = tmp_path / "z3.jsonl"
    rep = generate_file(GenerateOptions(rows=8, cols=8, backend="z3"), count=3, seed=4,
                        out=str(out), jobs=1)
    assert rep.new == 3
    for rec in _records(out).values():
        res = check(puzzle_from_doc(rec, "record"), backend="cadical")
        assert res.verdict is Verdict.UNIQUE
        assert res.solutions[0] == Solution(tuple(rec["solution"]))


def test_one_candidate_is_the_same_wherever_it_runs(reference):
    got = generate_one(GenerateOptions(rows=8, cols=8).validate(), 11, 7)
    assert got.to_record(11, GenerateOptions(rows=8, cols=8))["grid"] == reference[7]["grid"]


def test_options_shape_the_puzzles(tmp_path):
    opts = GenerateOptions(rows=7, cols=9, values=(1, 5), symmetric=True, question=1.0,
                           clue_range=(5, 30))
    out = tmp_path / "opts.jsonl"
    rep = generate_file(opts, count=3, seed=2, out=str(out), jobs=1)
    assert rep.new == 3
    marks = 0
    for rec in _records(out).values():
        p = puzzle_from_doc(rec, "record")
        clues = p.clues()
        assert 5 <= len(clues) <= 30 == rec["options"]["clue_range"][1]
        assert all(v == "?" or 1 <= v <= 5 for v in clues.values())
        assert all((6 - r, 8 - c) in clues for r, c in clues)  # 180-degree symmetric
        marks += sum(v == "?" for v in clues.values())
        assert check(p).verdict is Verdict.UNIQUE
    assert marks > 0


def test_resume_fills_in_missing_and_half_written_records(run_cli, tmp_path, reference):
    out = tmp_path / "cut.jsonl"
    lines = [json.dumps(reference[i]) for i in sorted(reference) if i not in (2, 5)]
    out.write_text("\n".join(lines) + "\n" + json.dumps(reference[5])[:40])  # killed mid-line
    code, stdout, err = run_cli(*ARGS, "--count", "10", "--jobs", "2", "--out", str(out))
    assert code == 2 and err == f"pencilproof: error: {out}: already exists; add --resume to " \
                                "continue that run, or choose another file\n"
    code, stdout, err = run_cli(*ARGS, "--count", "10", "--jobs", "2", "--resume",
                                "--out", str(out))
    assert code == 0, err
    assert "dropping a half-written last line (40 bytes)" in err
    assert stdout.startswith(f"{out}: 10 of 10 puzzles (2 new, 8 from before), 2 jobs")
    got = _records(out)
    assert {i: _content(r) for i, r in got.items()} == {i: _content(r) for i, r in reference.items()}


def test_resume_refuses_other_options(run_cli, tmp_path, reference):
    out = tmp_path / "r.jsonl"
    out.write_text(json.dumps(reference[0]) + "\n")
    code, _, err = run_cli(*ARGS[:-1], "12", "--count", "3", "--resume", "--out", str(out))
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"pencilproof: error: {out}:1: made with --seed 11, not 12")
    code, _, err = run_cli(*ARGS, "--count", "3", "--resume", "--symmetric", "--out", str(out))
    assert code == 2 and "made with other options (symmetric False, now True)" in err


def _crash_on_3(options, seed, index, *until):
    if index == 3:
        os._exit(7)  # a worker dying hard: no exception, no reply
    return real_make(options, seed, index, *until)


real_make = pool._make


def test_a_crashed_worker_loses_no_finished_puzzle(tmp_path, monkeypatch, reference):
    out = tmp_path / "crash.jsonl"
    monkeypatch.setattr(pool, "_make", _crash_on_3)  # forked workers inherit it
    rep = generate_file(GenerateOptions(rows=8, cols=8), count=10, seed=11, out=str(out), jobs=2)
    assert rep.crashed == (3,) and rep.new == 9
    assert sorted(_records(out)) == [0, 1, 2, 4, 5, 6, 7, 8, 9]
    monkeypatch.setattr(pool, "_make", real_make)
    rep = generate_file(GenerateOptions(rows=8, cols=8), count=10, seed=11, out=str(out),
                        jobs=2, resume=True)
    assert rep.earlier == 9 and rep.new == 1 and rep.crashed == ()
    assert _content(_records(out)[3]) == _content(reference[3])


def test_ctrl_c_keeps_finished_puzzles_and_resume_completes(tmp_path):
    """A real run in a subprocess, interrupted with SIGINT once some puzzles are written."""
    out = tmp_path / "int.jsonl"
    argv = [sys.executable, "-c", "from pencilproof.cli import run; run()", "generate", "canal",
            "--size", "12x12", "--count", "120", "--jobs", "2", "--seed", "5", "--out", str(out)]
    # Ctrl-C's default action, as under a terminal: a suite run in the background (nohup,
    # '&') hands its children SIGINT ignored, and the run then finished uninterrupted.
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        t0 = time.monotonic()
        while time.monotonic() - t0 < 60:
            if out.exists() and out.read_text().count("\n") >= 3:
                break
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, stderr
    before = _records(out)
    assert 3 <= len(before) < 120
    assert f"pencilproof: interrupted: the {len(before)} finished puzzles are in {out}; " \
           "continue with --resume" in stderr
    assert "Traceback" not in stderr
    for rec in before.values():
        assert check(puzzle_from_doc(rec, "record")).verdict is Verdict.UNIQUE
    done = subprocess.run(argv + ["--resume"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    after = _records(out)
    assert sorted(after) == list(range(120))
    assert all(_content(after[i]) == _content(r) for i, r in before.items())
    opts = GenerateOptions(rows=12, cols=12).validate()
    for i in (0, 119):
        assert generate_one(opts, 5, i).puzzle == puzzle_from_doc(after[i], "record")


def test_max_time_stops_and_keeps_what_is_done(run_cli, tmp_path):
    out = tmp_path / "t.jsonl"
    code, _, err = run_cli(*ARGS, "--count", "500", "--jobs", "2", "--max-time", "0.5",
                           "--out", str(out))
    assert code == 3
    n = len(_records(out)) if out.exists() else 0
    assert n < 500
    assert err.endswith(f"pencilproof: --max-time reached: the {n} finished puzzles are in "
                        f"{out}; continue with --resume\n")


def test_unreachable_target_reports_failed_candidates(run_cli, tmp_path):
    out = tmp_path / "f.jsonl"
    code, stdout, err = run_cli(*ARGS, "--count", "2", "--jobs", "1", "--clues", "1",
                                "--max-attempts", "3", "--out", str(out))
    assert code == 1 and stdout.startswith(f"{out}: 0 of 2 puzzles (0 new)")
    assert err == ("pencilproof: 2 candidate(s) found no puzzle in 3 attempts (targets too "
                   "narrow?): 0 1\n")


@pytest.mark.parametrize("argv,message", [
    (["--size", "0x5"], "--size: impossible size 0x5 (rows and columns must be 2..1000)"),
    (["--size", "abc"], "argument --size: 'abc' is not a size (write ROWSxCOLS, e.g. 10x10)"),
    (["--size", "6", "--count", "0"], "argument --count: must be at least 1: '0'"),
    (["--size", "6", "--jobs", "0"], "argument --jobs/-j: must be at least 1: '0'"),
    (["--size", "6", "--clues", "9-3"], "argument --clues: range 9-3 is inverted"),
    (["--size", "6", "--values", "x"], "argument --values: 'x' is not a range (write LO-HI or N)"),
    (["--size", "6", "--density", "0.9"], "--density: density 0.9 is outside 0.1..0.65"),
    (["--size", "6", "--question", "1.5"], "argument --question: must be between 0 and 1: '1.5'"),
    (["--size", "6", "--max-time", "-1"], "argument --max-time: must be positive: '-1'"),
])
def test_bad_options_exit_2_with_one_line(run_cli, tmp_path, argv, message):
    out = tmp_path / "bad.jsonl"
    code, stdout, err = run_cli("generate", "canal", *argv, "--out", str(out))
    assert code == 2 and stdout == ""
    assert err.count("\n") == 1 and err.startswith(f"pencilproof: error: {message}")
    assert not out.exists()


def test_unknown_genre_exits_2(run_cli, tmp_path):
    code, _, err = run_cli("generate", "tetris", "--size", "6", "--out", str(tmp_path / "x.jsonl"))
    assert code == 2 and err.startswith("pencilproof: error: genre: unknown genre 'tetris'")
    assert err.count("\n") == 1

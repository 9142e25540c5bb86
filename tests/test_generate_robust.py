"""Every input and every fault of ``generate`` and ``minimize`` gets a clear answer: write
failures, a second run on one file, duplicated records, killed workers and parents,
SIGINT in background jobs, -vv, progress lines off a terminal, and minimize's time limit."""
from __future__ import annotations

import errno
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pencilproof import Verdict, check
from pencilproof.formats import load_one, puzzle_from_doc
from pencilproof.generator import minimize, pool
from pencilproof.generator.generate import GenerateOptions
from pencilproof.generator.pool import generate_file
from pencilproof.solvers.deadline import TimeUp

ARGS = ["generate", "canal", "--size", "8x8", "--seed", "11"]
RUN = [sys.executable, "-c", "from pencilproof.cli import run; run()"]
EXAMPLES = Path(__file__).parent.parent / "src" / "pencilproof" / "examples"
real_make = pool._make
real_write_all = pool._write_all


def _lines(path: Path) -> list[dict]:
    data = path.read_bytes()
    assert not data or data.endswith(b"\n"), "a half-written last line"
    return [json.loads(line) for line in data.decode().splitlines()]


def _content(rec: dict) -> dict:
    """A record without its timing (the only field that may differ between runs)."""
    return {k: v for k, v in rec.items() if k != "seconds"}


def _no_work(*_):
    raise AssertionError("a candidate was made")


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> list[str]:
    """Candidates 0..2 of ARGS, as the lines of their file."""
    out = tmp_path_factory.mktemp("ref") / "ref.jsonl"
    generate_file(GenerateOptions(rows=8, cols=8), count=3, seed=11, out=str(out), jobs=1)
    return out.read_text().splitlines()


# -- 5: write failures ------------------------------------------------------------------------
def test_unwritable_output_is_bad_input_before_any_work(run_cli, tmp_path, monkeypatch):
    monkeypatch.setattr(pool, "_make", _no_work)
    out = tmp_path / "nonexistent" / "x.jsonl"
    code, stdout, err = run_cli(*ARGS, "--count", "2", "--jobs", "1", "--out", str(out))
    assert code == 2 and stdout == ""
    assert err == f"pencilproof: error: {out}: cannot write: No such file or directory\n"


def _disk_full_after(n: int):
    """_write_all that writes ``n`` records, then half of the next and fails: ENOSPC."""
    calls = []

    def write_all(fd, data):
        calls.append(data)
        if len(calls) <= n:
            return real_write_all(fd, data)
        os.write(fd, data[:len(data) // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    return write_all


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_disk_full_stops_cleanly_and_keeps_whole_records(run_cli, tmp_path, monkeypatch,
                                                         records, jobs):
    out = tmp_path / "full.jsonl"
    monkeypatch.setattr(pool, "_write_all", _disk_full_after(2))
    code, stdout, err = run_cli(*ARGS, "--count", "8", "--jobs", jobs, "--out", str(out))
    assert code == 2
    assert stdout.startswith(f"{out}: 2 of 8 puzzles (2 new), {jobs} job")
    assert err == (f"pencilproof: error: {out}: cannot write: No space left on device; the 2 "
                   "puzzles written before are intact; continue with --resume\n")
    got = _lines(out)  # whole lines only: the half-written one is gone
    assert len(got) == 2
    for rec in got:
        assert check(puzzle_from_doc(rec, "record")).verdict is Verdict.UNIQUE
    # The run can go on once there is room.
    monkeypatch.setattr(pool, "_write_all", real_write_all)
    code, stdout, err = run_cli(*ARGS, "--count", "3", "--jobs", "1", "--resume",
                                "--out", str(out))
    assert code == 0, err
    got = sorted((_content(r) for r in _lines(out)), key=lambda r: r["index"])
    assert got == [_content(json.loads(r)) for r in records]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_real_full_device(run_cli):
    code, stdout, err = run_cli(*ARGS, "--count", "2", "--jobs", "2", "--out", "/dev/full")
    assert code == 2 and stdout.startswith("/dev/full: 0 of 2 puzzles (0 new)")
    assert err == ("pencilproof: error: /dev/full: cannot write: No space left on device; "
                   "the 0 puzzles written before are intact; continue with --resume\n")


def test_help_documents_the_write_failure_exit_code(run_cli):
    code, stdout, _ = run_cli("generate", "--help")
    assert code == 0
    text = " ".join(stdout.split())
    assert "2 bad input or the output cannot be written" in text
    assert "--progress-every SECONDS" in text


# -- 16: one run per file, no duplicated records -----------------------------------------------
def test_a_second_run_on_the_same_file_fails_at_once(run_cli, tmp_path, monkeypatch):
    out = tmp_path / "busy.jsonl"
    argv = RUN + ["generate", "canal", "--size", "20x20", "--count", "4", "--jobs", "2",
                  "--seed", "3", "--out", str(out)]
    first = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        t0 = time.monotonic()
        while not (out.exists() and out.read_text().count("\n") >= 1):
            assert time.monotonic() - t0 < 30 and first.poll() is None
            time.sleep(0.02)
        monkeypatch.setattr(pool, "_make", _no_work)
        code, stdout, err = run_cli(*argv[3:], "--resume")
        assert code == 2 and stdout == ""
        assert err == f"pencilproof: error: {out}: another pencilproof run is writing this file\n"
        stdout, stderr = first.communicate(timeout=60)
    finally:
        if first.poll() is None:
            first.kill()
    assert first.returncode == 0, stderr
    assert sorted(r["index"] for r in _lines(out)) == list(range(4))


def test_a_duplicated_record_is_bad_input_naming_both_lines(run_cli, tmp_path, records):
    out = tmp_path / "dup.jsonl"
    out.write_text("\n".join([records[0], records[2], records[0]]) + "\n")
    code, stdout, err = run_cli(*ARGS, "--count", "3", "--resume", "--out", str(out))
    assert code == 2 and stdout == ""
    assert err == f"pencilproof: error: {out}:3: candidate 0 appears twice (first on line 1)\n"


# -- 17: how a worker died --------------------------------------------------------------------
def _die_on_3(how):
    def make(options, seed, index, *until):
        if index == 3:
            how()
        return real_make(options, seed, index, *until)
    return make


@pytest.mark.parametrize("how,said", [
    (lambda: os.kill(os.getpid(), signal.SIGKILL), "killed by signal 9 (SIGKILL)"),
    (lambda: os._exit(7), "exit code 7"),
])
def test_a_dead_worker_is_reported_with_its_signal_or_exit_code(run_cli, tmp_path,
                                                                monkeypatch, how, said):
    out = tmp_path / "dead.jsonl"
    monkeypatch.setattr(pool, "_make", _die_on_3(how))  # forked workers inherit it
    code, _, err = run_cli(*ARGS, "--count", "6", "--jobs", "2", "--out", str(out))
    assert code == 4
    assert re.search(rf"^pencilproof: candidate 3: worker \d+ died \({re.escape(said)}\)$",
                     err, re.M), err
    assert err.endswith(f"pencilproof: worker failure on candidate 3: the 5 finished puzzles "
                        f"are in {out}; continue with --resume\n")


# -- 12: kill -9 of the parent ------------------------------------------------------------------
def _children(pid: int) -> set[int]:
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out |= {int(p) for p in (task / "children").read_text().split()}
        except OSError:
            pass
    return out


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")  # a zombie is dead


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_die_with_a_killed_parent(tmp_path):
    """Workers busy in long solves (30x30 candidates take seconds) must not outlive it."""
    out = tmp_path / "orphans.jsonl"
    argv = RUN + ["generate", "canal", "--size", "30x30", "--count", "20", "--jobs", "2",
                  "--seed", "1", "--out", str(out)]
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: set[int] = set()
    try:
        t0 = time.monotonic()
        while len(workers) < 2:
            assert time.monotonic() - t0 < 20 and proc.poll() is None
            workers = _children(proc.pid)
            time.sleep(0.05)
        time.sleep(0.5)  # into their solves
        assert all(_alive(w) for w in workers)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(5)
        t0 = time.monotonic()
        while any(_alive(w) for w in workers) and time.monotonic() - t0 < 5:
            time.sleep(0.05)
        left = {w for w in workers if _alive(w)}
    finally:
        for w in workers:  # never leave them behind, whatever happened
            if _alive(w):
                os.kill(w, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
    assert not left, f"workers {sorted(left)} outlived their parent"


def test_an_idle_worker_notices_its_parent_is_gone(monkeypatch):
    """The route without PR_SET_PDEATHSIG: a worker waiting for work polls its parent."""
    import multiprocessing
    monkeypatch.setattr(pool, "_PARENT_POLL", 0.05)
    monkeypatch.setattr(pool, "_die_with_parent", lambda: None)
    ppids = iter([1000, 1000, 1001])  # its parent changes on the second poll
    monkeypatch.setattr(pool.os, "getppid", lambda: next(ppids))
    monkeypatch.setenv("PENCILPROOF_THREADS", "")  # the worker sets it: undone after
    parent, child = multiprocessing.Pipe()
    try:
        t0 = time.monotonic()
        pool._worker_main(child, GenerateOptions(), 0, None)  # returns: no work, no parent
        assert time.monotonic() - t0 < 2
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        signal.signal(signal.SIGINT, signal.default_int_handler)
        parent.close()
        child.close()


# -- 15: SIGINT in a background job -------------------------------------------------------------
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_ignored_sigint_stays_ignored_by_parent_and_workers(tmp_path, jobs):
    """``trap "" INT; pencilproof generate ... &`` then SIGINTs to the whole group."""
    out = tmp_path / "bg.jsonl"
    argv = ["bash", "-c", 'trap "" INT; exec "$@"', "bash"] + RUN + [
        "generate", "canal", "--size", "12x12", "--count", "64", "--jobs", jobs,
        "--seed", "3", "--out", str(out)]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    sent = 0
    try:
        time.sleep(0.5)  # python started, workers forked
        while proc.poll() is None and sent < 400:
            os.killpg(proc.pid, signal.SIGINT)
            sent += 1
            time.sleep(0.02)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert sent > 10
    assert proc.returncode == 0, stderr
    assert stdout.startswith(f"{out}: 64 of 64 puzzles (64 new)")
    assert "error" not in stderr and "Traceback" not in stderr
    assert sorted(r["index"] for r in _lines(out)) == list(range(64))


def test_ctrl_c_to_the_whole_group_interrupts_cleanly(tmp_path):
    """A terminal's Ctrl-C reaches the workers too: only the parent acts on it."""
    out = tmp_path / "fg.jsonl"
    argv = RUN + ["generate", "canal", "--size", "12x12", "--count", "200", "--jobs", "2",
                  "--seed", "3", "--out", str(out)]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        t0 = time.monotonic()
        while not (out.exists() and out.read_text().count("\n") >= 3):
            assert time.monotonic() - t0 < 30 and proc.poll() is None
            time.sleep(0.02)
        os.killpg(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    n = len(_lines(out))
    assert proc.returncode == 130, stderr
    assert stdout.startswith(f"{out}: {n} of 200 puzzles")
    assert stderr == (f"pencilproof: interrupted: the {n} finished puzzles are in {out}; "
                      "continue with --resume\n")


# -- 19: -vv says more than -v ---------------------------------------------------------------
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_vv_logs_debug_lines_v_does_not(run_cli, tmp_path, jobs):
    debug = [r"^pencilproof: candidate 0: seed 11:0:\d+, \d+ solver calls$",
             r"^pencilproof: clue reduction: \d+ clues removed, \d+ weakened, \d+ kept "
             r"in \d+ tests, [\d.]+ s$",
             r"^pencilproof: candidate 0: re-checked in [\d.]+ s, written$"]
    if jobs == "2":
        debug += [r"^pencilproof: worker \d+ started$",
                  r"^pencilproof: candidate 0: to worker \d+$"]
    _, _, err_v = run_cli(*ARGS, "--count", "3", "--jobs", jobs, "-v",
                          "--out", str(tmp_path / "v.jsonl"))
    code, _, err_vv = run_cli(*ARGS, "--count", "3", "--jobs", jobs, "-vv",
                              "--out", str(tmp_path / "vv.jsonl"))
    assert code == 0
    for pattern in debug:
        assert re.search(pattern, err_vv, re.M), pattern
        assert not re.search(pattern, err_v, re.M), pattern
    # Everything -v says, -vv says too.
    info = [line for line in err_v.splitlines() if line.startswith("pencilproof: candidate")]
    assert len(info) == 3
    for line in info:
        assert re.sub(r"[\d.]+ s$", "", line) in err_vv


# -- progress lines off a terminal -------------------------------------------------------------
PROGRESS = re.compile(r"^pencilproof: (\d+) of 6 puzzles, \d+\.\d/min, 0 failed, \d+ s elapsed"
                      r"(, ETA (\d+ s|\d+m\d\ds))?$", re.M)


def _slow_make(options, seed, index, *until):
    time.sleep(0.15)
    return real_make(options, seed, index, *until)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_progress_lines_off_a_terminal_and_q_silences_them(run_cli, tmp_path, monkeypatch,
                                                           jobs):
    monkeypatch.setattr(pool, "_make", _slow_make)
    code, _, err = run_cli(*ARGS, "--count", "6", "--jobs", jobs, "--progress-every", "0.1",
                           "--out", str(tmp_path / "p.jsonl"))
    assert code == 0
    found = PROGRESS.findall(err)
    assert len(found) >= 2, err
    assert all(0 <= int(n) <= 6 for n, *_ in found)
    assert [line for line in err.splitlines() if not PROGRESS.match(line)] == []
    code, _, err = run_cli(*ARGS, "--count", "6", "--jobs", jobs, "--progress-every", "0.1",
                           "-q", "--out", str(tmp_path / "q.jsonl"))
    assert code == 0 and err == ""


def test_progress_default_is_ten_seconds_and_must_be_positive(run_cli, tmp_path):
    code, _, err = run_cli(*ARGS, "--count", "2", "--out", str(tmp_path / "d.jsonl"))
    assert code == 0 and err == ""  # a short run: no line
    code, _, err = run_cli(*ARGS, "--progress-every", "0", "--out", str(tmp_path / "z.jsonl"))
    assert code == 2
    assert err.startswith("pencilproof: error: argument --progress-every: must be positive: '0'")


def test_progress_durations():
    assert [pool._duration(s) for s in (0.4, 21, 59.6, 320, 3900)] == \
        ["0 s", "21 s", "1m00s", "5m20s", "1h05m"]


# -- 13: minimize's time limit bounds the run ----------------------------------------------------
BIG = EXAMPLES / "canal-course-48.txt"


def _setup_seconds(p) -> float:
    """What minimize spends before its first test (the input's check, the encoding),
    on this machine under its present load: twice the time of one check."""
    t0 = time.perf_counter()
    check(p)
    return 2 * (time.perf_counter() - t0)


def _limit_for(p) -> float:
    """A time limit that cuts minimize short on this machine under its present load: a
    third of what a whole run takes (a fixed limit was either too short on a loaded CI
    machine or longer than the whole run on a quiet fast one)."""
    t0 = time.perf_counter()
    minimize(p)
    return (time.perf_counter() - t0) / 3


def test_minimize_max_time_bounds_the_run_and_counts_only_tests_run():
    p = load_one(str(BIG), None)
    clues = len(p.clues())
    setup = _setup_seconds(p)
    limit = _limit_for(p)
    t0 = time.perf_counter()
    res = minimize(p, max_time=limit)
    elapsed = time.perf_counter() - t0
    # At most one solver slice past the limit; more only if the setup alone took longer.
    assert elapsed < max(limit, setup) + 0.35, (elapsed, setup)
    assert res.untested and set(res.untested) <= set(res.unknown)
    assert len(res.removed) + len(res.kept) + len(res.unknown) == clues
    # One test per clue tried: removed, kept, or cut short at the time limit.
    assert res.tests == clues - len(res.untested) < clues
    assert len(set(res.unknown) - set(res.untested)) <= 1
    # Whatever it says, the result is unique with the same answer.
    got = check(res.minimized)
    assert got.verdict is Verdict.UNIQUE and got.solutions[0] == res.solution
    assert res.rechecked is (not res.removed)


def test_minimize_without_time_left_decides_nothing(run_cli):
    """--max-time bounds the input's own uniqueness check too (issue 22): without time
    for it there is no answer to keep, and the run says so (exit 3) at once."""
    p = load_one(str(BIG), None)
    with pytest.raises(TimeUp, match="before the puzzle was found unique"):
        minimize(p, max_time=1e-6)
    code, out, err = run_cli("minimize", str(BIG), "--max-time", "1e-6")
    assert (code, err) == (3, "")
    assert out == (f"{BIG}: unknown: the time limit was reached before the puzzle was found "
                   "unique (--max-time 1e-06 s)\n")


def test_cli_minimize_reports_untested_clues_and_a_skipped_recheck(run_cli):
    setup = _setup_seconds(load_one(str(BIG), None))
    limit = round(_limit_for(load_one(str(BIG), None)), 3)
    t0 = time.perf_counter()
    code, out, err = run_cli("minimize", "-q", str(BIG), "--max-time", str(limit))
    assert time.perf_counter() - t0 < max(limit, setup) + 0.5
    assert code == 3 and err == ""
    m = re.match(rf"{re.escape(str(BIG))}: 159 -> (\d+) clues \((\d+) removed, (\d+) kept at "
                 r"the time limit, (\d+) of them untested\), (\d+) tests, ", out)
    assert m, out
    after, removed, unknown, untested, tests = map(int, m.groups())
    assert after + removed == 159 and 0 < untested <= unknown and tests == 159 - untested
    if removed:
        assert ("not re-checked: --max-time ran out before the independent re-check; "
                "uniqueness rests on the minimizer's own tests") in out.splitlines()


# -- a worker's exception is that candidate's failure: one line, a summary, exit 4 ---------------
def _raise_on_1(options, seed, index, *until):
    if index == 1:
        raise ValueError("boom")
    return real_make(options, seed, index, *until)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_exception_in_a_candidate_is_one_line_and_the_rest_are_kept(run_cli, tmp_path,
                                                                       monkeypatch, jobs):
    out = tmp_path / "raise.jsonl"
    monkeypatch.setattr(pool, "_make", _raise_on_1)  # forked workers inherit it
    code, stdout, err = run_cli(*ARGS, "--count", "3", "--jobs", jobs, "--out", str(out))
    assert code == 4 and "Traceback" not in err
    assert "pencilproof: candidate 1 failed: ValueError: boom (-vv shows where)\n" in err
    assert stdout.startswith(f"{out}: 2 of 3 puzzles (2 new)")
    assert sorted(r["index"] for r in _lines(out)) == [0, 2]

"""Generation and batch checking on a Dask cluster (loopback only): the same puzzles as a
local run, a separately started scheduler and workers, a worker killed mid-run, verdicts
in input order, and one-line errors."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pencilproof.errors import InputError
from pencilproof.generator.generate import GenerateOptions
from pencilproof.generator.pool import generate_file

pytest.importorskip("distributed")  # the cluster extra is in the test extra: always here

from pencilproof import cluster  # noqa: E402

EXAMPLES = Path(__file__).parent.parent / "src" / "pencilproof" / "examples"
TIMING = ("seconds",)


def _records(path: Path) -> dict[int, dict]:
    out = {}
    for line in path.read_text().splitlines():
        rec = json.loads(line)
        for k in TIMING:
            rec.pop(k)
        assert rec["index"] not in out, "a puzzle written twice"
        out[rec["index"]] = rec
    return out


def test_local_cluster_writes_the_same_puzzles_as_jobs(tmp_path):
    options = GenerateOptions(genre="canal", rows=7, cols=7)
    a, b = tmp_path / "cluster.jsonl", tmp_path / "jobs.jsonl"
    rep = generate_file(options, count=10, seed=5, out=str(a), cluster="local:2")
    assert rep.new == 10 and rep.jobs == 2 and not rep.crashed
    generate_file(options, count=10, seed=5, out=str(b), jobs=2)
    assert _records(a) == _records(b)


def test_resume_on_the_cluster(tmp_path):
    options = GenerateOptions(genre="smullyan", rows=6, cols=6)
    out = tmp_path / "r.jsonl"
    generate_file(options, count=3, seed=2, out=str(out), jobs=1)
    rep = generate_file(options, count=6, seed=2, out=str(out), resume=True,
                        cluster="local:1")
    assert rep.earlier == 3 and rep.new == 3
    whole = tmp_path / "whole.jsonl"
    generate_file(options, count=6, seed=2, out=str(whole), jobs=1)
    assert _records(out) == _records(whole)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _dask() -> str:
    return str(Path(sys.executable).parent / "dask")


@pytest.fixture
def scheduler(tmp_path):
    """A scheduler and two single-threaded workers, started as separate processes with
    Dask's own command-line programs, on 127.0.0.1."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    log = open(tmp_path / "dask.log", "w")
    procs = [subprocess.Popen([_dask(), "scheduler", "--host", "127.0.0.1", "--port", str(port),
                               "--no-dashboard"], stdout=log, stderr=log,
                              start_new_session=True)]
    time.sleep(1.0)
    for _ in range(2):
        procs.append(subprocess.Popen([_dask(), "worker", address, "--nthreads", "1",
                                       "--nworkers", "1", "--no-dashboard", "--host",
                                       "127.0.0.1"], stdout=log, stderr=log,
                                      start_new_session=True))
    import distributed
    with distributed.Client(address, timeout=30) as client:
        client.wait_for_workers(2, timeout=60)
    try:
        yield address, procs
    finally:
        for p in procs:
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
            p.wait()
        log.close()


def test_a_separate_scheduler_serves_a_run_and_a_killed_worker_loses_nothing(
        scheduler, tmp_path, run_cli):
    address, procs = scheduler
    out = tmp_path / "tcp.jsonl"
    worker = procs[1]
    at_kill: list[int] = []

    def kill_mid_run() -> None:
        """Once a few puzzles are written, kill one worker (and its nanny) outright."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            lines = out.read_text().count("\n") if out.exists() else 0
            if lines >= 3:
                at_kill.append(lines)
                os.killpg(worker.pid, signal.SIGKILL)
                worker.wait(timeout=30)
                return
            time.sleep(0.05)
    import threading
    killer = threading.Thread(target=kill_mid_run)
    killer.start()
    code, stdout, err = run_cli("generate", "canal", "--size", "8x8", "--count", "40",
                                "--seed", "3", "-o", str(out), "--cluster", address, "-q")
    killer.join()
    assert at_kill and at_kill[0] < 40 and worker.poll() is not None  # died mid-run
    recs = _records(out)
    # Nothing lost, nothing twice: every candidate is written or reported as failed.
    assert code == 0 and sorted(recs) == list(range(40)), err
    local = tmp_path / "local.jsonl"
    generate_file(GenerateOptions(genre="canal", rows=8, cols=8), count=40, seed=3,
                  out=str(local), jobs=2)
    assert recs == _records(local)


def test_check_on_the_cluster_keeps_input_order_and_verdicts(run_cli, tmp_path):
    batch = tmp_path / "b.jsonl"
    lines = (EXAMPLES / "batch.jsonl").read_text().splitlines()
    batch.write_text("\n".join(lines + ["{not json", lines[0]]) + "\n")
    code1, here, _ = run_cli("check", "--json", str(batch))
    code2, there, err = run_cli("check", "--json", "--cluster", "local:2", str(batch))
    strip = [{k: v for k, v in json.loads(x).items() if k not in ("seconds", "stats")}
             for x in here.splitlines()]
    strip2 = [{k: v for k, v in json.loads(x).items() if k not in ("seconds", "stats")}
              for x in there.splitlines()]
    assert code1 == code2 == 2  # the bad line is bad input in both
    assert strip == strip2 and len(strip) == 6
    assert [d["source"].rsplit(":", 1)[1] for d in strip2] == ["1", "2", "3", "4", "5", "6"]


@pytest.mark.parametrize("address, message", [
    ("foo", "--cluster: 'foo' is not a scheduler address (expected tcp://HOST:PORT or local:N)"),
    ("local:0", "--cluster: local:0: the number of workers must be 1..256"),
    ("", "--cluster: empty address (expected tcp://HOST:PORT or local:N)"),
])
def test_bad_addresses(address, message, run_cli, tmp_path):
    code, out, err = run_cli("generate", "canal", "--size", "5x5", "-o", str(tmp_path / "x.jsonl"),
                             "--cluster", address)
    assert code == 2 and err == f"pencilproof: error: {message}\n"
    assert not (tmp_path / "x.jsonl").exists()


def test_without_the_extra_the_option_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails as if absent
    with pytest.raises(InputError) as e:
        cluster.check_address("local:2")
    # Run from this checkout, the hint installs the checkout, not the index's release.
    root = Path(__file__).resolve().parents[1]
    assert str(e.value) == ("--cluster: needs Dask distributed, which is not installed: "
                            f"pip install -e '.[cluster]' in {root}")


def test_ctrl_c_keeps_what_finished_and_stops_the_workers_quietly(tmp_path):
    out = tmp_path / "i.jsonl"
    p = subprocess.Popen([str(Path(sys.executable).parent / "pencilproof"), "generate", "canal",
                          "--size", "10x10", "--count", "500", "-o", str(out),
                          "--cluster", "local:2", "-q"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not out.exists() or out.stat().st_size < 2000):
        time.sleep(0.2)  # until some puzzles are written
    os.killpg(p.pid, signal.SIGINT)  # what Ctrl-C in a terminal does: the whole group
    stdout, stderr = p.communicate(timeout=60)
    recs = _records(out)
    assert p.returncode == 130 and 0 < len(recs) < 500
    assert stderr.splitlines()[-1] == (f"pencilproof: interrupted: the {len(recs)} finished "
                                       f"puzzles are in {out}; continue with --resume")
    assert "Traceback" not in stderr and len(stderr.splitlines()) <= 2, stderr

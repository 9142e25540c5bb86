"""Issue 22, defect 8: --cluster addresses Dask cannot use are one-line errors, a failed
connect leaves no empty output file, and a cluster without workers is reported and left
instead of waited on forever."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")  # the cluster extra is in the test extra: always here

from pencilproof import cluster  # noqa: E402

EXAMPLES = Path(__file__).parent.parent / "src" / "pencilproof" / "examples"


@pytest.mark.parametrize("address, message", [
    ("tcp://[::1", "tcp://[::1: an IPv6 host needs its closing bracket, e.g. tcp://[::1]:8786"),
    ("tcp://127.0.0.1", "tcp://127.0.0.1: no port (expected tcp://HOST:PORT, e.g. "
                        "tcp://127.0.0.1:8786)"),
    ("tls://127.0.0.1:8786", "tls://127.0.0.1:8786: tls:// needs certificates, which --cluster "
                             "does not take (use tcp://HOST:PORT, e.g. through an SSH tunnel)"),
    ("inproc://x", "inproc://x: inproc:// is not supported (expected tcp://HOST:PORT or local:N)"),
    ("tcp://[zz]:1", "tcp://[zz]:1: [zz] is not an IPv6 address"),
    ("tcp://host:99999", "tcp://host:99999: port 99999 is not 1..65535"),
])
@pytest.mark.parametrize("command", ["check", "generate"])
def test_addresses_dask_cannot_use_are_one_line(run_cli, tmp_path, address, message, command):
    out = tmp_path / "x.jsonl"
    argv = (["check", str(EXAMPLES / "puzzle.txt")] if command == "check" else
            ["generate", "canal", "--size", "5x5", "-o", str(out)])
    code, stdout, err = run_cli(*argv, "--cluster", address)
    assert (code, stdout) == (2, "")
    assert err == f"pencilproof: error: --cluster: {message}\n"
    assert not out.exists()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_failed_connect_leaves_no_empty_output_file(run_cli, tmp_path, monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1.0)
    out = tmp_path / "g.jsonl"
    address = f"tcp://127.0.0.1:{_free_port()}"  # nobody listens there
    code, stdout, err = run_cli("generate", "canal", "--size", "5x5", "-o", str(out),
                                "--cluster", address)
    assert (code, stdout) == (2, "")
    assert err.startswith(f"pencilproof: error: --cluster: cannot reach the Dask scheduler at "
                          f"{address} (")
    assert not out.exists()


@pytest.fixture
def lone_scheduler(tmp_path):
    """A scheduler without a single worker (all of them died), on 127.0.0.1."""
    port = _free_port()
    log = open(tmp_path / "dask.log", "w")
    p = subprocess.Popen([str(Path(sys.executable).parent / "dask"), "scheduler", "--host",
                          "127.0.0.1", "--port", str(port), "--no-dashboard"], stdout=log,
                         stderr=log, start_new_session=True)
    address = f"tcp://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.1)
    try:
        yield address
    finally:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        log.close()


def test_a_cluster_without_workers_is_reported_and_left(run_cli, tmp_path, monkeypatch,
                                                         lone_scheduler):
    monkeypatch.setattr(cluster, "NO_WORKERS_GRACE", 1.0)
    monkeypatch.setattr(cluster, "WATCH_EVERY", 0.2)
    why = (f"--cluster: the Dask cluster at {lone_scheduler} has had no workers for 1 s: "
           "nothing it holds can run")
    t = time.monotonic()
    code, out, err = run_cli("check", str(EXAMPLES / "puzzle.txt"), "--cluster", lone_scheduler)
    assert (code, out) == (2, "") and err == f"pencilproof: error: {why}\n"
    target = tmp_path / "g.jsonl"
    code, out, err = run_cli("generate", "canal", "--size", "5x5", "--count", "3", "-q", "-o",
                             str(target), "--cluster", lone_scheduler)
    assert code == 2 and err == (f"pencilproof: error: {why}; the 0 puzzles written before are "
                                 "intact; continue with --resume\n")
    assert time.monotonic() - t < 30

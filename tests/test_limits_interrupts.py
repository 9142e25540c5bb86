"""Issue 22, defects 3 and 12: every Ctrl-C stops at once with exit 130 and one line
(python-sat no longer turns it into a candidate's failure, and one swallowed by a
destructor is raised again); SIGTERM on generate says how to go on (exit 143)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pencilproof.solvers import deadline as interrupts
from pencilproof.solvers.backends import CadicalBackend
from conftest import pigeonhole

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "src" / "pencilproof" / "examples"
UNIQUE = str(EXAMPLES / "canal-course-17.txt")
MULTI = str(EXAMPLES / "canal-course-25.txt")
CLI = [sys.executable, "-c", "from pencilproof.cli import run; run()"]


def test_ctrl_c_in_a_cadical_solve_is_keyboard_interrupt_and_no_handler_is_left():
    b = CadicalBackend()
    pigeonhole(b, 11)
    before = signal.getsignal(signal.SIGINT)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    t = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):  # not python-sat's "Caught keyboard interrupt"
            b.solve()
    finally:
        timer.cancel()
        b.close()
    assert time.monotonic() - t < 1.5
    assert signal.getsignal(signal.SIGINT) is before


def test_an_interrupt_held_back_is_raised_when_the_block_ends():
    interrupts.install()
    try:
        reached = False
        with pytest.raises(KeyboardInterrupt):
            with interrupts.deferred():
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(0.05)
                reached = True  # a solver is freed in one piece
        assert reached
    finally:
        interrupts.uninstall()


def test_an_interrupt_swallowed_by_a_destructor_still_stops_the_command(run_cli, monkeypatch):
    from pencilproof.cli import check as cli_check
    ignored = []
    monkeypatch.setattr(sys, "unraisablehook", ignored.append)

    class Swallows:
        def __del__(self):  # Python prints and drops an exception raised here
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.01)

    real = cli_check.check

    def check(*args, **kwargs):
        Swallows()
        return real(*args, **kwargs)
    monkeypatch.setattr(cli_check, "check", check)
    code, out, err = run_cli("check", "-q", UNIQUE, MULTI)
    assert ignored == []  # no "Exception ignored ... KeyboardInterrupt" noise
    assert (code, out, err) == (130, "", "pencilproof: interrupted\n")


def _wait_lines(path: Path, n: int, proc: subprocess.Popen, limit: float = 60) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and proc.poll() is None:
        if path.exists() and path.read_text().count("\n") >= n:
            return
        time.sleep(0.02)
    raise AssertionError(f"{path}: fewer than {n} lines")


@pytest.mark.parametrize("jobs, sig, code, word", [
    ("1", signal.SIGINT, 130, "interrupted"),
    ("2", signal.SIGINT, 130, "interrupted"),
    ("1", signal.SIGTERM, 143, "terminated"),
])
def test_generate_stops_at_once_and_keeps_what_finished(tmp_path, jobs, sig, code, word):
    out = tmp_path / "g.jsonl"
    p = subprocess.Popen(CLI + ["generate", "canal", "--size", "12x12", "--count", "400",
                                "--jobs", jobs, "-q", "-o", str(out)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    _wait_lines(out, 2, p)
    t = time.monotonic()
    p.send_signal(sig)
    stdout, stderr = p.communicate(timeout=60)
    took = time.monotonic() - t
    lines = out.read_text().splitlines()
    assert p.returncode == code and took < 2.0, (took, stderr)
    assert stderr == (f"pencilproof: {word}: the {len(lines)} finished puzzles are in {out}; "
                      "continue with --resume\n")
    assert stdout.startswith(f"{out}: {len(lines)} of 400 puzzles")


def test_ctrl_c_during_a_batch_check_is_one_line(tmp_path):
    batch = tmp_path / "b.jsonl"
    lines = (EXAMPLES / "batch.jsonl").read_text().splitlines()
    batch.write_text("\n".join(lines * 300) + "\n")
    p = subprocess.Popen(CLI + ["check", "-q", str(batch)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, cwd=ROOT)
    deadline = time.monotonic() + 60
    assert p.stdout is not None
    while time.monotonic() < deadline and not p.stdout.readline():
        pass  # until the first verdict is out: the batch is under way
    t = time.monotonic()
    p.send_signal(signal.SIGINT)
    _, stderr = p.communicate(timeout=60)
    assert p.returncode == 130 and time.monotonic() - t < 2.0
    assert stderr == "pencilproof: interrupted\n"


def test_ctrl_c_while_the_program_loads_is_one_line(tmp_path):
    """The console script imports the package first: from then on a Ctrl-C is one line
    and exit 130, not a traceback of the import under way."""
    script = tmp_path / "pencilproof"
    script.write_text("import os, signal, sys, time\n"
                      "import pencilproof  # the console script's first import\n"
                      "os.kill(os.getpid(), signal.SIGINT)\n"
                      "time.sleep(5)\n"
                      "print('not reached')\n")
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                       cwd=ROOT, timeout=60)
    assert (r.returncode, r.stdout, r.stderr) == (130, "", "pencilproof: interrupted\n")
    # Any other program importing the library keeps Python's own Ctrl-C.
    other = tmp_path / "mine.py"
    other.write_text(script.read_text())
    r = subprocess.run([sys.executable, str(other)], capture_output=True, text=True,
                       cwd=ROOT, timeout=60)
    assert r.returncode != 130 and "KeyboardInterrupt" in r.stderr

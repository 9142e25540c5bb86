"""Issue 22, defect 3: a Ctrl-C during ``generate --resume`` (a run that first reads the
puzzles an interrupted run left) was a ``pysolvers.error`` traceback. Every interrupt of a
resumed run must stop at once with exit 130 and the one line naming what is kept, and the
file must keep every finished puzzle, each once."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
CLI = [sys.executable, "-c", "from pencilproof.cli import run; run()"]


def _terminal_ctrl_c() -> None:
    """Ctrl-C's default action, as under a terminal (a test run started in the background
    passes SIGINT on ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _records(path: Path) -> list[int]:
    data = path.read_text() if path.exists() else ""
    assert data == "" or data.endswith("\n"), "a half-written record"
    return [json.loads(line)["index"] for line in data.splitlines()]


def _run_until(out: Path, at_least: int, resume: bool, jobs: str) -> tuple[int, float, str]:
    """Start generate (resumed or not), wait for ``at_least`` records, press Ctrl-C."""
    argv = CLI + ["generate", "canal", "--size", "12x12", "--count", "400", "--jobs", jobs,
                  "-q", "-o", str(out)] + (["--resume"] if resume else [])
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         cwd=ROOT, preexec_fn=_terminal_ctrl_c)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and p.poll() is None and len(_records(out)) < at_least:
        time.sleep(0.02)
    t = time.monotonic()
    p.send_signal(signal.SIGINT)
    _, stderr = p.communicate(timeout=60)
    return p.returncode, time.monotonic() - t, stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_during_a_resumed_generate_keeps_every_finished_puzzle(tmp_path, jobs):
    out = tmp_path / "g.jsonl"
    code, took, err = _run_until(out, 2, resume=False, jobs=jobs)
    first = _records(out)
    assert code == 130 and took < 2.0, (took, err)
    code, took, err = _run_until(out, len(first) + 1, resume=True, jobs=jobs)
    got = _records(out)
    assert code == 130 and took < 2.0, (took, err)
    assert err == (f"pencilproof: interrupted: the {len(got)} finished puzzles are in "
                   f"{out}; continue with --resume\n")
    assert got[:len(first)] == first and len(set(got)) == len(got) > len(first)

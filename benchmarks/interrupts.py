"""Ctrl-C at random moments (issue 22): every interrupt must end the run with exit 130
within 1 s, one line on stderr, no traceback, and nothing finished lost.

Scenarios, each run as a user would run it, a SIGINT sent to the process at a random
moment of its run (from 0 s, while it starts, to about its usual length):

* ``check``: ``check -q`` over a batch of a few hundred puzzles; its stdout must end in
  a whole line;
* ``generate-j1`` / ``generate-j2``: ``generate canal --size 12x12 --count 1000`` with
  ``--jobs 1`` and ``--jobs 2``; stderr must be the one line "interrupted: the N finished
  puzzles are in FILE; continue with --resume", and FILE must hold exactly N whole JSON
  records (nothing finished lost, nothing half written);
* ``minimize``: ``minimize`` of a 50x50 Canal View with every clue its answer allows
  (1125 clues, about 4 s), made at the start;
* ``serve``: the workbench server, interrupted while it starts or serves.

The signal goes to the run's whole process group, as Ctrl-C in a terminal does (workers
included). A run that had already ended when the signal was due is counted as
``finished`` (no interrupt happened); every other one is an interrupt and must pass.
(Within about 15 ms of the exec, before the interpreter has run any of pencilproof's
code, Python's own handling still shows: killed by SIGINT, or its traceback.)

    python benchmarks/interrupts.py --runs 20          # 20 per scenario
    python benchmarks/interrupts.py --runs 200 --seed 7
"""
from __future__ import annotations

import argparse
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "src" / "pencilproof" / "examples"
STOP_WITHIN = 1.0


def cli() -> list[str]:
    script = Path(sys.executable).parent / "pencilproof"
    return [str(script)] if script.exists() else [sys.executable, "-c",
                                                  "from pencilproof.cli import run; run()"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def full_puzzle(tmp: Path) -> Path:
    """A 50x50 Canal View carrying every clue of a generated puzzle's answer."""
    sys.path.insert(0, str(ROOT / "src"))
    from pencilproof.encodings import get_genre
    from pencilproof.formats import to_text
    from pencilproof.generator.generate import GenerateOptions, generate_one
    got = generate_one(GenerateOptions(genre="canal", rows=50, cols=50).validate(), 1, 0)
    assert got is not None
    hooks = get_genre("canal").generator
    assert hooks is not None
    full = hooks.with_clues(hooks.blank_for(got.solution), hooks.clue_candidates(got.solution))
    path = tmp / "full50.txt"
    path.write_text(to_text(full))
    return path


def batch_file(tmp: Path) -> Path:
    lines = (EXAMPLES / "batch.jsonl").read_text().splitlines()
    path = tmp / "batch.jsonl"
    path.write_text("\n".join(lines * 150) + "\n")
    return path


def scenario_argv(name: str, tmp: Path, n: int) -> tuple[list[str], Optional[Path]]:
    if name == "check":
        return cli() + ["check", "-q", str(tmp / "batch.jsonl")], None
    if name.startswith("generate"):
        out = tmp / f"gen-{n}.jsonl"
        jobs = name[-1]
        return cli() + ["generate", "canal", "--size", "12x12", "--count", "1000", "--jobs",
                        jobs, "-q", "-o", str(out)], out
    if name == "minimize":
        return cli() + ["minimize", "-q", str(tmp / "full50.txt")], None
    if name == "serve":
        return cli() + ["serve", "--port", str(free_port()), "--workers", "2"], None
    raise ValueError(name)


#: The window of random moments per scenario, seconds after the start.
WINDOW = {"check": 4.0, "generate-j1": 4.0, "generate-j2": 4.0, "minimize": 4.0, "serve": 4.0}


#: A failure in CPython's own start-up, before it runs any code of pencilproof's: killed
#: by the signal (no handler yet: a shell reports 130, nothing is printed), or "Fatal
#: Python error: init_import_site" (a KeyboardInterrupt while ``site`` imports).
STARTUP = "in CPython's start-up"

#: The problems that mean finished output was lost or left half written.
LOST = ("a half-written record", "a record that is not JSON", "message says", "a half-printed line")


def judge(name: str, code: int, took: float, out: str, err: str,
          path: Optional[Path]) -> list[str]:
    """The problems of one interrupted run ([]: it passed)."""
    problems = []
    if code != 130:
        problems.append(f"exit {code}")
    if took > STOP_WITHIN:
        problems.append(f"took {took:.2f} s")
    if "Traceback" in err or "Exception ignored" in err:
        problems.append("traceback")
    lines = err.splitlines()
    if name.startswith("generate"):
        want = "pencilproof: interrupted: the "
        nothing = path is None or not path.exists() or path.stat().st_size == 0
        if lines == ["pencilproof: interrupted"] and nothing:
            pass  # stopped while it started: nothing finished, no file to resume
        elif len(lines) != 1 or not lines[0].startswith(want):
            problems.append(f"stderr {err[:200]!r}")
        else:
            n = int(lines[0][len(want):].split()[0])
            data = path.read_bytes() if path is not None and path.exists() else b""
            recs = data.decode("utf-8").splitlines()
            if data and not data.endswith(b"\n"):
                problems.append("a half-written record")
            try:
                good = [json.loads(r) for r in recs]
            except ValueError:
                problems.append("a record that is not JSON")
                good = []
            if len(recs) != n or len({r["index"] for r in good}) != n:
                problems.append(f"{len(recs)} records, the message says {n}")
    else:
        if lines != ["pencilproof: interrupted"]:
            problems.append(f"stderr {err[:200]!r}")
        if name == "check" and out and not out.endswith("\n"):
            problems.append("a half-printed line")
    return problems


def _foreground() -> None:
    """In the child before the exec: Ctrl-C as a program started from a terminal gets it.
    A benchmark started in the background (``&`` in a script) passes SIGINT and SIGQUIT on
    ignored, and a program rightly keeps an ignored SIGINT ignored: every run would then
    look like one that does not stop."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


def one(name: str, tmp: Path, n: int, rng: random.Random) -> tuple[str, list[str], float]:
    argv, path = scenario_argv(name, tmp, n)
    delay = rng.uniform(0.0, WINDOW[name])
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         cwd=tmp, start_new_session=True, preexec_fn=_foreground)
    time.sleep(delay)
    if p.poll() is not None:
        p.communicate()
        return "finished", [], 0.0
    t = time.monotonic()
    os.killpg(p.pid, signal.SIGINT)  # what Ctrl-C in a terminal does: the whole group
    try:
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        return "interrupted", ["did not stop within 30 s (killed)"], 30.0
    took = time.monotonic() - t
    out, err = p.communicate()
    problems = judge(name, p.returncode, took, out, err, path)
    if problems:
        if p.returncode == -signal.SIGINT or "Fatal Python error: init_" in err:
            problems.append(STARTUP)
        problems.append(f"signal {delay * 1000:.0f} ms after the start")
    return "interrupted", problems, took


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=20, help="runs per scenario")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default=None, help="comma-separated scenarios")
    args = ap.parse_args()
    names = list(WINDOW) if not args.only else args.only.split(",")
    rng = random.Random(args.seed)
    tally: dict[str, Counter[str]] = {n: Counter() for n in names}
    slowest: dict[str, float] = {n: 0.0 for n in names}
    examples: dict[str, list[str]] = {n: [] for n in names}
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        batch_file(tmp)
        if "minimize" in names:
            full_puzzle(tmp)
        k = 0
        for i in range(args.runs):
            for name in names:
                k += 1
                kind, problems, took = one(name, tmp, k, rng)
                if kind == "finished":
                    tally[name]["finished first"] += 1
                    continue
                tally[name]["interrupts"] += 1
                slowest[name] = max(slowest[name], took)
                if not any(q.startswith(("exit", "took", "did not stop")) for q in problems):
                    tally[name]["130 in time"] += 1
                tally[name]["tracebacks"] += "traceback" in problems
                tally[name]["lost"] += any(m in q for q in problems for m in LOST)
                if problems:
                    tally[name]["failed"] += 1
                    tally[name]["start-up"] += STARTUP in problems
                    if len(examples[name]) < 5:
                        examples[name].append("; ".join(problems))
                else:
                    tally[name]["passed"] += 1
            if (i + 1) % 10 == 0:
                print(f"# {i + 1} rounds, {time.monotonic() - t0:.0f} s", flush=True)
    print("| scenario | interrupts | exit 130 within 1 s | tracebacks | output lost | "
          "passed | failed | of which in CPython's start-up | finished first | slowest stop s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    total: Counter[str] = Counter()
    for name, t in [*tally.items(), ("all", total)]:
        if name != "all":
            total.update(t)
        worst = slowest[name] if name != "all" else max(slowest.values(), default=0)
        print(f"| {name} | {t['interrupts']} | {t['130 in time']} | {t['tracebacks']} | "
              f"{t['lost']} | {t['passed']} | {t['failed']} | {t['start-up']} | "
              f"{t['finished first']} | "
              f"{worst:.2f} |")
    for name in names:
        for e in examples[name]:
            print(f"- {name}: {e}")
    return 1 if total["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())

"""Cancelling never corrupts memory (issue 39): a stress run that would have caught the
page's "double free or corruption".

Every process runs under glibc's malloc checking (``MALLOC_CHECK_=3``: a corrupted heap
aborts at once) and Python's fault handler (``PYTHONFAULTHANDLER=1``: a segfault prints
"Fatal Python error"), and its stderr is scanned for ``double free``, ``invalid
pointer``, ``corrupted``, ``Segmentation``, ``Fatal Python error`` and ``Aborted``.

Scenarios (all on 127.0.0.1 only, every run bounded):

* ``web``: ``pencilproof serve --workers 2``; each round two clients edit at once, each
  sending ``--edits`` checks without waiting (a 20x20 board and a 6x6 one, the board
  changed at every edit), so that each newer edit cancels the client's running one
  (SIGINT to its worker during a native solve, a solver's creation or its freeing).
  Counted: verdicts, cancels, 500s, answers that say ``retried`` (a worker died), worker
  processes that changed (a death), memory-error lines on the server's stderr.
* ``cli``: ``check``/``minimize`` of empty boards across genres, each either sent SIGINT
  at a random moment (must exit 130 within 1 s of it) or run with ``--time-limit L``
  (``--max-time`` for minimize; must be done within L + 1 s); no run may die of a signal.
* ``cluster``: ``check --cluster local:2`` of a batch, SIGINT at a random moment: exit 130
  within 1 s.

    python benchmarks/native_safety.py web --rounds 500
    python benchmarks/native_safety.py cli --runs 1000
    python benchmarks/native_safety.py cluster --runs 10
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PP = os.environ.get("P") or str(ROOT / ".venv" / "bin" / "pencilproof")
MEMORY = re.compile(r"double free|invalid pointer|corrupted|Segmentation|Fatal Python error|"
                    r"Aborted|malloc\(\)|free\(\)|Exception ignored")
ENV = {**os.environ, "MALLOC_CHECK_": "3", "PYTHONFAULTHANDLER": "1"}
GENRES = ["slitherlink", "masyu", "country", "linesweeper", "nurikabe", "akari", "sudoku",
          "tapa", "binairo", "kurodoko", "yajilin", "starbattle", "hitori", "shakashaka"]


def board(genre: str, n: int, rng: random.Random | None = None) -> str:
    """An empty n x n board (one random cell of it filled with a small number where the
    genre takes numbers, so that every edit is a new puzzle)."""
    grid: list[list[Any]] = [[None] * n for _ in range(n)]
    if rng is not None and genre in ("slitherlink", "tapa", "akari", "kurodoko"):
        r, c = rng.randrange(n), rng.randrange(n)
        grid[r][c] = rng.choice([1, 2]) if genre != "tapa" else [rng.choice([1, 2])]
    return json.dumps({"genre": genre, "rows": n, "cols": n, "grid": grid})


def memory_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if MEMORY.search(line)]


# -- web ------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, payload: dict[str, Any], timeout: float = 60) -> tuple[int, dict[str, Any]]:
    req = urllib.request.Request(url, json.dumps(payload).encode(),
                                 {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.loads(r.read() or b"{}")
    except urllib.error.HTTPError as e:
        try:
            return e.code, json.loads(e.read() or b"{}")
        except ValueError:
            return e.code, {}
    except (urllib.error.URLError, OSError, ValueError) as e:
        return -1, {"error": str(e)}


def workers_of(pid: int) -> set[int]:
    out = subprocess.run(["ps", "-o", "pid=,args=", "--ppid", str(pid)], capture_output=True,
                         text=True).stdout
    return {int(line.split()[0]) for line in out.splitlines()
            if line.strip() and "resource_tracker" not in line}


def web(args: argparse.Namespace) -> int:
    port = free_port()
    err = tempfile.NamedTemporaryFile("w+", suffix=".stderr", delete=False)
    server = subprocess.Popen([PP, "serve", "--port", str(port), "--workers", "2"],
                              stdout=subprocess.DEVNULL, stderr=err, env=ENV)
    url = f"http://127.0.0.1:{port}/api/check"
    rng = random.Random(args.seed)
    counts: Counter[str] = Counter()
    try:
        for _ in range(200):  # up to 20 s for the server and its workers
            if post(url, {"puzzle": board("canal", 6)}, 5)[0] == 200:
                break
            time.sleep(0.1)
        pool = workers_of(server.pid)
        t0 = time.monotonic()
        lock = threading.Lock()

        def record(res: tuple[int, dict[str, Any]]) -> None:
            status, body = res
            with lock:
                counts[{200: "verdict", 409: "cancelled", 504: "timeout"}.get(
                    status, f"http {status}")] += 1
                if "retried" in body:
                    counts["retried"] += 1
        for rnd in range(args.rounds):
            def client(name: str, genre: str, n: int, seed: int) -> None:
                crng = random.Random(seed)
                threads = []
                for k in range(args.edits):
                    payload = {"puzzle": board(genre, n, crng), "client": name,
                               "version": k, "time_limit": args.time_limit}
                    th = threading.Thread(target=lambda p=payload: record(post(url, p)))
                    th.start()
                    threads.append(th)
                    time.sleep(crng.uniform(0, args.gap))
                for th in threads:
                    th.join()

            g1, g2 = rng.choice(GENRES[:6]), rng.choice(GENRES)
            a = threading.Thread(target=client, args=("a", g1, 20, rng.random()))
            b = threading.Thread(target=client, args=("b", g2, 6, rng.random()))
            a.start()
            b.start()
            a.join()
            b.join()
            now = workers_of(server.pid)
            if now != pool:
                counts["worker deaths"] += len(pool - now)
                pool = now
            if (rnd + 1) % 50 == 0:
                print(f"  round {rnd + 1}: {dict(counts)} ({time.monotonic() - t0:.0f} s)",
                      flush=True)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
    err.seek(0)
    bad = memory_lines(err.read())
    print(f"web: {args.rounds} rounds of two clients x {args.edits} edits: {dict(counts)}; "
          f"memory-error lines {len(bad)}; server exit {server.returncode}")
    for line in bad[:10]:
        print("   ", line)
    return 0 if not bad and not counts["worker deaths"] and not counts["retried"] \
        and not counts["http 500"] else 1


# -- cli ------------------------------------------------------------------------------------
def cli(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    tmp = Path(tempfile.mkdtemp(prefix="native-safety-"))
    files = {}
    for g in GENRES:
        for n in (8, 30, 60):
            p = tmp / f"{g}-{n}.json"
            p.write_text(board(g, n))
            files[g, n] = p
    counts: Counter[str] = Counter()
    late: list[str] = []
    bad: list[str] = []
    worst = {"interrupt": 0.0, "deadline": 0.0}
    for k in range(args.runs):
        g, n = rng.choice(GENRES), rng.choice((8, 30, 60))
        cmd = rng.choice(["check", "check", "minimize"])
        mode = rng.choice(["interrupt", "deadline"])
        argv = [PP, cmd, "-q"]
        limit = round(rng.uniform(0.3, args.most), 2)
        if mode == "deadline":
            argv += ["--time-limit" if cmd == "check" else "--max-time", str(limit)]
        argv.append(str(files[g, n]))
        t0 = time.monotonic()
        p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV,
                             start_new_session=True)
        sent = None
        if mode == "interrupt":
            try:
                p.wait(rng.uniform(0.05, args.most))
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGINT)
                sent = time.monotonic()
        try:
            _, errb = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            _, errb = p.communicate()
        end = time.monotonic()
        stderr = errb.decode(errors="replace")
        what = f"{cmd} {g} {n}x{n} {mode}" + (f" {limit}" if mode == "deadline" else "")
        lines = memory_lines(stderr)
        if lines or p.returncode < 0:
            bad.append(f"{what}: exit {p.returncode}: {lines[:3]}")
        took = end - sent if sent is not None else 0.0
        if mode == "interrupt" and sent is not None and p.returncode != 130 and took < 0.02:
            # The command had finished its job and was exiting as the signal came (its own
            # exit code, at once): a race of this harness's timer, counted apart.
            counts["finished as the signal came"] += 1
        elif mode == "interrupt" and sent is not None:
            worst["interrupt"] = max(worst["interrupt"], took)
            counts["interrupted"] += 1
            if p.returncode != 130 or took > 1.0:
                late.append(f"{what}: exit {p.returncode} {took:.2f} s after SIGINT")
        elif mode == "deadline":
            over = end - t0 - limit
            worst["deadline"] = max(worst["deadline"], over)
            counts["deadline"] += 1
            if over > 1.0:
                late.append(f"{what}: done {end - t0:.2f} s (limit {limit})")
        else:
            counts["finished before the signal"] += 1
        if (k + 1) % 100 == 0:
            print(f"  run {k + 1}: {dict(counts)}, {len(bad)} bad, {len(late)} late", flush=True)
    print(f"cli: {args.runs} runs: {dict(counts)}; memory errors or signal deaths {len(bad)}; "
          f"promises broken {len(late)}; worst SIGINT-to-exit {worst['interrupt']:.2f} s, "
          f"worst past the limit {worst['deadline']:.2f} s")
    for line in (bad + late)[:20]:
        print("   ", line)
    return 0 if not bad and not late else 1


# -- cluster --------------------------------------------------------------------------------
def cluster(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    batch = Path(tempfile.gettempdir()) / "native-safety-batch.jsonl"
    if not batch.exists():
        subprocess.run([PP, "generate", "canal", "--size", "7x7", "--count", "144", "--seed", "3",
                        "-q", "-o", str(batch)], check=True, env=ENV)
    bad, late, worst = [], [], 0.0
    counts: Counter[str] = Counter()
    for _ in range(args.runs):
        at = rng.uniform(1.0, 5.0)
        p = subprocess.Popen([PP, "check", "--json", "--cluster", "local:2", str(batch)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV,
                             start_new_session=True)
        try:
            p.wait(at)
            counts["finished before the signal"] += 1
            sent = None
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGINT)
            sent = time.monotonic()
        _, errb = p.communicate(timeout=120)
        stderr = errb.decode(errors="replace")
        if memory_lines(stderr) or p.returncode < 0:
            bad.append(f"exit {p.returncode}: {memory_lines(stderr)[:3]}")
        if sent is not None:
            took = time.monotonic() - sent
            worst = max(worst, took)
            if p.returncode != 130 and took < 0.02:
                # The command had finished its job and was exiting as the signal came (its
                # own exit code, at once): a race of this harness's timer, counted apart.
                counts["finished as the signal came"] += 1
                continue
            counts["interrupted"] += 1
            if p.returncode != 130 or took > 1.0:
                late.append(f"SIGINT at {at:.1f} s: exit {p.returncode}, {took:.2f} s later")
    print(f"cluster: {args.runs} runs: {dict(counts)}; memory errors {len(bad)}; promises broken "
          f"{len(late)}; worst SIGINT-to-exit {worst:.2f} s")
    for line in (bad + late)[:20]:
        print("   ", line)
    return 0 if not bad and not late else 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenario", choices=("web", "cli", "cluster"))
    ap.add_argument("--rounds", type=int, default=50, help="web: rounds of two clients")
    ap.add_argument("--edits", type=int, default=6, help="web: edits per client and round")
    ap.add_argument("--gap", type=float, default=0.05, help="web: most seconds between edits")
    ap.add_argument("--time-limit", type=float, default=5.0, help="web: each check's limit")
    ap.add_argument("--runs", type=int, default=100, help="cli/cluster: runs")
    ap.add_argument("--most", type=float, default=3.0,
                    help="cli: the latest SIGINT and the longest --time-limit, seconds")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    return {"web": web, "cli": cli, "cluster": cluster}[args.scenario](args)


if __name__ == "__main__":
    sys.exit(main())

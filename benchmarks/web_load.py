"""Load on the setter's workbench: N concurrent clients post course puzzles for a fixed time.

Starts ``pencilproof serve`` on a free loopback port (loopback only: the target is this
machine), then N clients each send what the workbench page sends on an edit, one edit
after another (each waits for its answers, as a page does), cycling through the Canal
View course puzzles of tests/data/canal.jsonl, for ``--seconds``. ``--mode page`` (the
default): ``/api/check`` with the grid's picture and ``/api/backbone`` (the forced cells)
at once, as the page does; ``--mode check``: ``/api/check`` alone (the first edition's
page). Reports requests per second, p50/p95/max latency of every request and of each
edit (both answers in), and errors (any answer but 200, or a failed connection). A
second phase measures one page editing a 15x15 puzzle, ``--edits`` times.

    python benchmarks/web_load.py                      # 20 clients, 30 s (the issue's target)
    python benchmarks/web_load.py --clients 5 --seconds 10 --mode check

Targets: 20 clients on 2 cores for 30 s: 0 errors, p95 under 1 s; a 15x15 re-check under
150 ms p95. Bounded: at most 64 clients, 120 s, and every request times out after 30 s.
"""
from __future__ import annotations

import argparse
import json
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "canal.jsonl"
COURSE_15 = ("https://puzz.link/p?canal/15/15/3j8j1zm8n2i1j7m1p8m1i9l1pblbl7p1lbi1m5p1m2j1i4n"
             "7zm8jaj2")


def course_puzzles() -> list[str]:
    out = []
    for line in DATA.read_text().splitlines():
        r = json.loads(line)
        if r.get("kind") == "puzzle" and "get_grid(" in r.get("source", "") and r.get("url"):
            out.append(r["url"])
    return sorted(set(out))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, payload: dict) -> int:
    req = urllib.request.Request(url, json.dumps(payload).encode(),
                                 {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            r.read()
            return int(r.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(p * (len(s) - 1) + 0.5))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--workers", type=int, default=2, help="serve --workers")
    ap.add_argument("--edits", type=int, default=40, help="15x15 edits in the second phase")
    ap.add_argument("--mode", choices=("page", "check"), default="page",
                    help="page: check and backbone per edit (default); check: check alone")
    args = ap.parse_args()
    clients = max(1, min(args.clients, 64))
    seconds = max(1.0, min(args.seconds, 120.0))
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    server = subprocess.Popen([sys.executable, "-m", "pencilproof.cli", "serve", "--port",
                               str(port), "--workers", str(args.workers), "--queue", "256"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "api/genres", timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        else:
            print("serve did not start")
            return 1
        puzzles = course_puzzles()
        lat: list[float] = []
        errors: dict[str, int] = {}
        lock = threading.Lock()
        stop = time.monotonic() + seconds

        edits: list[float] = []
        by_op: dict[str, list[float]] = {}

        def one(op: str, payload: dict) -> None:
            t = time.perf_counter()
            why = ""
            try:
                status = post(base + "api/" + op, payload)
            except OSError as e:
                status, why = 0, type(e).__name__
            dt = time.perf_counter() - t
            with lock:
                lat.append(dt)
                by_op.setdefault(op, []).append(dt)
                if status != 200:
                    key = f"{op} {status}" if status else why
                    errors[key] = errors.get(key, 0) + 1

        def client(i: int) -> None:
            rng = random.Random(i)
            while time.monotonic() < stop:
                url = rng.choice(puzzles)
                t = time.perf_counter()
                if args.mode == "check":
                    one("check", {"puzzle": url, "client": f"bench-{i}", "time_limit": 10})
                else:  # the page: both at once, each on its own channel
                    bb = threading.Thread(target=one, args=("backbone", {
                        "puzzle": url, "client": f"bench-{i}:backbone", "time_limit": 10,
                        "limit": 10, "version": 1}))
                    bb.start()
                    one("check", {"puzzle": url, "client": f"bench-{i}:check", "view": "grid",
                                  "time_limit": 10, "version": 1})
                    bb.join()
                with lock:
                    edits.append(time.perf_counter() - t)
        threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
        print(f"{clients} clients x {seconds:g} s, {len(puzzles)} course puzzles, "
              f"serve --workers {args.workers}, --mode {args.mode}:")
        print(f"  {len(lat)} requests, {len(lat) / wall:.1f} requests/s, "
              f"p50 {1000 * statistics.median(lat):.0f} ms, p95 {1000 * pct(lat, 0.95):.0f} ms, "
              f"max {1000 * max(lat):.0f} ms, errors {sum(errors.values())} {errors or ''}")
        for op, xs in sorted(by_op.items()):
            print(f"  {op}: {len(xs)} requests, p50 {1000 * statistics.median(xs):.0f} ms, "
                  f"p95 {1000 * pct(xs, 0.95):.0f} ms")
        print(f"  {len(edits)} edits (every answer in): p50 {1000 * statistics.median(edits):.0f} ms, "
              f"p95 {1000 * pct(edits, 0.95):.0f} ms")
        # Phase 2: what one page waits for after an edit of a 15x15 puzzle.
        doc = json.loads(urllib.request.urlopen(urllib.request.Request(
            base + "api/convert", json.dumps({"puzzle": COURSE_15, "to": "json"}).encode(),
            {"Content-Type": "application/json"})).read())["documents"][0]
        edit_lat: list[float] = []
        forced_lat: list[float] = []
        for k in range(max(1, min(args.edits, 500))):
            r, c = divmod((k * 7) % 225, 15)
            trial = json.loads(json.dumps({key: doc[key] for key in ("genre", "rows", "cols", "grid")}))
            if trial["grid"][r][c] is None:
                trial["grid"][r][c] = "?"
            text = json.dumps(trial)
            got: dict[str, float] = {}

            def timed(op: str, payload: dict, t0: float, got: dict[str, float] = got) -> None:
                status = post(base + "api/" + op, payload)
                assert status == 200, (op, status)
                got[op] = time.perf_counter() - t0
            t = time.perf_counter()
            bb = threading.Thread(target=timed, args=("backbone", {
                "puzzle": text, "client": "edit:backbone", "limit": 10}, t))
            if args.mode == "page":
                bb.start()
            timed("check", {"puzzle": text, "view": "grid" if args.mode == "page" else True,
                            "client": "edit:check"}, t)
            if args.mode == "page":
                bb.join()
                forced_lat.append(got["backbone"])
            edit_lat.append(got["check"])
        print(f"15x15 edit, one client: {len(edit_lat)} edits, verdict (check with the "
              f"picture) p50 {1000 * statistics.median(edit_lat):.0f} ms, "
              f"p95 {1000 * pct(edit_lat, 0.95):.0f} ms"
              + (f"; forced cells (backbone) p50 {1000 * statistics.median(forced_lat):.0f} ms, "
                 f"p95 {1000 * pct(forced_lat, 0.95):.0f} ms" if forced_lat else ""))
        return 0 if not errors else 1
    finally:
        server.terminate()
        server.wait(20)


if __name__ == "__main__":
    sys.exit(main())

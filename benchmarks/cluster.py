"""Throughput of generation on a loopback Dask cluster against the local process pool.

Target (issue 16): ``--cluster local:2`` at least 0.9x the throughput of ``--jobs 2`` for
15x15 Canal View; the scheduler's per-task overhead measured (aim: under 5 ms).

    python benchmarks/cluster.py                  # 15x15 canal, 40 puzzles each way
    python benchmarks/cluster.py --count 80 --size 15

Rows: puzzles per minute of ``generate_file`` with ``jobs=2`` and with
``cluster="local:2"`` (the cluster's start-up counted, and without it: the rate while
running); then the per-task overhead: the wall time of N no-op tasks through the same
client, divided by N, and the parent's re-check time per puzzle (what limits the rate
when workers are many).
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # run from a checkout without installing

from pencilproof.checker import check_unique  # noqa: E402
from pencilproof.cluster import connect  # noqa: E402
from pencilproof.formats.jsondoc import puzzle_from_doc  # noqa: E402
from pencilproof.generator.generate import GenerateOptions  # noqa: E402
from pencilproof.generator.pool import generate_file  # noqa: E402


def _noop(x: int) -> int:
    return x


def run(options: GenerateOptions, count: int, **where: object) -> tuple[float, Path]:
    out = Path(tempfile.mkdtemp()) / "g.jsonl"
    t0 = time.perf_counter()
    rep = generate_file(options, count=count, seed=1, out=str(out), **where)  # type: ignore[arg-type]
    secs = time.perf_counter() - t0
    assert rep.new == count, rep
    return secs, out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--tasks", type=int, default=2000, help="no-op tasks for the overhead")
    args = ap.parse_args()
    options = GenerateOptions(genre="canal", rows=args.size, cols=args.size)
    jobs_s, jobs_out = run(options, args.count, jobs=2)
    t0 = time.perf_counter()
    with connect("local:2"):
        startup = time.perf_counter() - t0
    cl_s, cl_out = run(options, args.count, cluster="local:2")
    same = sorted(jobs_out.read_text().splitlines()) and \
        {json.loads(x)["url"] for x in jobs_out.read_text().splitlines()} == \
        {json.loads(x)["url"] for x in cl_out.read_text().splitlines()}
    rate_jobs = args.count / jobs_s * 60
    rate_cl = args.count / cl_s * 60
    rate_cl_run = args.count / max(cl_s - startup, 1e-9) * 60
    print(f"canal {args.size}x{args.size}, {args.count} puzzles, seed 1 (same puzzles: {same})")
    print(f"  --jobs 2          {jobs_s:7.2f} s  {rate_jobs:7.1f} puzzles/min")
    print(f"  --cluster local:2 {cl_s:7.2f} s  {rate_cl:7.1f} puzzles/min "
          f"({rate_cl / rate_jobs:.2f}x; start-up {startup:.2f} s, "
          f"{rate_cl_run:.1f}/min without it = {rate_cl_run / rate_jobs:.2f}x)")
    with connect("local:2") as client:
        client.gather(client.map(_noop, range(50), pure=False))  # warm up
        t0 = time.perf_counter()
        futures = client.map(_noop, range(args.tasks), pure=False)
        client.gather(futures)
        per_task = (time.perf_counter() - t0) / args.tasks
    recs = [json.loads(x) for x in cl_out.read_text().splitlines()][:10]
    t0 = time.perf_counter()
    for rec in recs:
        check_unique(puzzle_from_doc(rec, "rec"))
    recheck = (time.perf_counter() - t0) / len(recs)
    gen = sum(json.loads(x)["seconds"] for x in cl_out.read_text().splitlines()) / args.count
    print(f"  per-task overhead: {per_task * 1000:.2f} ms ({args.tasks} no-op tasks on local:2)")
    print(f"  per puzzle: {gen * 1000:.0f} ms on a worker, {recheck * 1000:.1f} ms re-check in "
          f"the parent")
    limit = 60 / (recheck + per_task)
    print(f"  scaling model: W workers make about min(W * {60 / gen:.0f}, {limit:.0f}) puzzles/min "
          f"(the parent's re-check plus the per-task overhead bound it at W ~ "
          f"{gen / (recheck + per_task):.0f})")
    return 0 if same else 2


if __name__ == "__main__":
    sys.exit(main())

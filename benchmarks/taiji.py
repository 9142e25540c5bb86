"""Time Taiji: every Taiji Maker code of the shared records decided, and generation.

Targets (issue 11): every code in tests/data/taiji.jsonl decided (count up to 3 classes,
complete or stopped at 3) in under 10 s each on the default backend and the whole set in
under 60 s; 5x5 unique puzzles at 100 per minute or more on 2 cores; 8x8 in under 10 s
each. Counts are checked against the records where they are known (exit 2 on a
disagreement).

    python benchmarks/taiji.py                   # records on cadical and z3, generation
    python benchmarks/taiji.py --skip-generate --backends cadical
    python benchmarks/taiji.py --json /tmp/taiji.json
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # run from a checkout without installing

from pencilproof.checker import count  # noqa: E402
from pencilproof.formats import load_one  # noqa: E402
from pencilproof.generator.generate import GenerateOptions  # noqa: E402
from pencilproof.generator.pool import generate_file  # noqa: E402


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()
            if line.strip() and json.loads(line)["kind"] == "puzzle"]


def decide(recs: list[dict], backend: str, limit: int, time_limit: float) -> list[dict]:
    rows = []
    for rec in recs:
        t0 = time.perf_counter()
        p = load_one(rec["code"])
        res = count(p, limit=limit, backend=backend, time_limit=time_limit)
        secs = time.perf_counter() - t0
        n = rec.get("solution_count")
        ok = (res.complete and res.count == n) if isinstance(n, int) else \
            (res.count >= 3 if n == ">=3" else not res.timed_out)
        rows.append({"code": rec["code"], "size": f"{p.rows}x{p.cols}", "backend": backend,
                     "seconds": round(secs, 4), "count": res.count, "classes": res.classes,
                     "complete": res.complete, "record": n, "ok": ok})
    return rows


def generation(rows: int, cols: int, n: int, jobs: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "g.jsonl")
        options = GenerateOptions(genre="taiji", rows=rows, cols=cols).validate()
        rep = generate_file(options, count=n, seed=1, out=out, jobs=jobs, progress_every=None)
        secs = [json.loads(line)["seconds"] for line in Path(out).read_text().splitlines()]
    return {"size": f"{rows}x{cols}", "count": n, "jobs": jobs, "wall": round(rep.seconds, 2),
            "per_minute": round(rep.new / rep.seconds * 60, 1),
            "max_seconds": max(secs), "mean_seconds": round(sum(secs) / len(secs), 3)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT / "tests" / "data" / "taiji.jsonl")
    ap.add_argument("--backends", default="cadical,z3")
    ap.add_argument("--limit", type=int, default=3, help="count up to this many classes")
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--skip-generate", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", type=Path, default=None, help="save every row here")
    args = ap.parse_args()
    recs = records(args.data)
    out: dict = {"records": [], "generation": []}
    bad = 0
    for backend in args.backends.split(","):
        t0 = time.perf_counter()
        rows = decide(recs, backend, args.limit, args.time_limit)
        total = time.perf_counter() - t0
        out["records"] += rows
        bad += sum(1 for r in rows if not r["ok"])
        print(f"\n{backend}: {len(rows)} codes decided in {total:.2f} s "
              f"(max {max(r['seconds'] for r in rows):.2f} s); slowest ten:")
        print(f"{'seconds':>8} {'size':>6} {'count':>5} {'classes':>7} {'record':>6}  code")
        for r in sorted(rows, key=lambda r: -r["seconds"])[:10]:
            print(f"{r['seconds']:8.3f} {r['size']:>6} {r['count']:5} {str(r['classes']):>7} "
                  f"{str(r['record']):>6}  {r['code'][:48]}")
        for r in rows:
            if not r["ok"]:
                print(f"DISAGREES with the record: {r}")
    if not args.skip_generate:
        print()
        for rows_, cols_, n in ((5, 5, 200), (8, 8, 20)):
            g = generation(rows_, cols_, n, args.jobs)
            out["generation"].append(g)
            print(f"generate {g['size']}: {g['count']} puzzles on {g['jobs']} jobs in "
                  f"{g['wall']} s = {g['per_minute']} per minute; per puzzle mean "
                  f"{g['mean_seconds']} s, max {g['max_seconds']} s")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))
    return 2 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

"""Flood-It optima: the shared thesis boards and the seed's instances, each in a child
process (wall time and peak memory from ``os.wait4``), with the default path and the
seed's own formulation (``--mode opt``: z3's optimizer on the seed's assertions).

Targets (issue 12): every thesis board proven to its published optimum, each under 60 s
and 2 GB; the seed's 20x20 instance ``003b`` proven under 60 s.

    python benchmarks/floodit.py                      # everything (about an hour)
    python benchmarks/floodit.py --only thesis --seed-limit 0   # the default path only
    python benchmarks/floodit.py --only 003b --seed-limit 600

``--limit`` is the time limit per board for the default path, ``--seed-limit`` for the
seed's formulation (0: skip it); ``--solver z3`` runs the default path on z3.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "floodit.jsonl"


def one(index: int, how: str, limit: float, solver: str) -> None:
    """Child: solve one record, print one JSON line."""
    from pencilproof.checker import optimum
    from pencilproof.encodings import ModeOptions, get_genre
    from pencilproof.formats.jsondoc import puzzle_from_doc
    rec = json.loads(DATA.read_text().splitlines()[index])
    puzzle = puzzle_from_doc(rec, f"record {index}")
    t0 = time.perf_counter()
    if how == "default":
        res = optimum(puzzle, backend=solver, time_limit=limit)
        out = {"optimum": res.optimum, "lower": res.lower_bound, "best": res.best,
               "calls": res.stats.get("solver_calls")}
    else:
        mode = next(m for m in get_genre("floodit").modes if m.name == "opt")
        r = mode.run(puzzle, ModeOptions(time_limit=limit))
        # The optimizer's answer is optimal for the seed only when z3 says sat.
        out = {"optimum": len(r.answer) if r.status == "sat" and r.answer is not None else None,
               "status": r.status}
    out["seconds"] = round(time.perf_counter() - t0, 3)
    print(json.dumps(out))


def run_child(index: int, how: str, limit: float, solver: str) -> tuple[dict, float, float]:
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, __file__, "--child", str(index), how, str(limit),
                             solver], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    text = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    rss_mb = usage.ru_maxrss / 1024
    try:
        return json.loads(text.strip().splitlines()[-1]), wall, rss_mb
    except (IndexError, json.JSONDecodeError):
        return {"error": f"exit status {status}"}, wall, rss_mb


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        one(int(sys.argv[2]), sys.argv[3], float(sys.argv[4]), sys.argv[5])
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=float, default=120.0)
    ap.add_argument("--seed-limit", type=float, default=60.0)
    ap.add_argument("--solver", default="cadical")
    ap.add_argument("--only", default="", help="substring of the record's source")
    args = ap.parse_args()
    recs = [json.loads(line) for line in DATA.read_text().splitlines()]
    rows = []
    print(f"{'board':22} {'size':>6} {'col':>3} {'known':>5} {'proven':>6} {'s':>7} {'MB':>5}"
          f" | {'seed opt':>8} {'s':>7} {'MB':>5}", flush=True)
    for i, rec in enumerate(recs):
        src = rec["source"]
        if args.only and args.only not in src:
            continue
        if "99problems" not in src and "003b" not in src and not args.only:
            continue
        name = src.split("/")[-1].split(" ")[0]
        res, wall, mb = run_child(i, "default", args.limit, args.solver)
        seed: tuple[dict, float, float] = ({}, 0.0, 0.0)
        if args.seed_limit > 0:
            seed = run_child(i, "seed", args.seed_limit, "z3")
        known = rec.get("optimal_moves")
        ok = known is None or res.get("optimum") == known
        rows.append((name, known, res, wall, mb, seed, ok))
        sres, swall, smb = seed
        sval = "-" if not sres else (str(sres.get("optimum")) if sres.get("optimum") else
                                     sres.get("status", sres.get("error", "?")))
        print(f"{name:22} {rec['rows']}x{rec['cols']:<3} {rec.get('colors', 0):>3} "
              f"{str(known):>5} {str(res.get('optimum')):>6} {wall:7.2f} {mb:5.0f}"
              f" | {sval:>8} {swall:7.2f} {smb:5.0f}" + ("" if ok else "  MISMATCH"), flush=True)
    total = sum(r[3] for r in rows)
    slow = max(rows, key=lambda r: r[3]) if rows else None
    over = [r[0] for r in rows if r[3] > 60 or r[4] > 2048 or r[2].get("optimum") is None]
    print(f"\n{len(rows)} boards: {sum(r[6] for r in rows)} match, total {total:.1f} s, "
          f"slowest {slow[0] if slow else '-'} {slow[3] if slow else 0:.1f} s, "
          f"peak {max((r[4] for r in rows), default=0):.0f} MB; over 60 s / 2 GB or unproven: "
          f"{', '.join(over) or 'none'}")
    if args.seed_limit > 0:
        solved = [r for r in rows if r[5][0].get("optimum")]
        print(f"seed --mode opt (z3, {args.seed_limit:g} s each): {len(solved)} of {len(rows)} "
              f"optimal within the limit, total {sum(r[5][1] for r in rows):.1f} s")


if __name__ == "__main__":
    main()

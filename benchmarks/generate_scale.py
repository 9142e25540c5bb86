"""Generation at scale: seconds per puzzle and clue density, per genre and size, with and
without a symmetric layout, and the clue density of ``--fewest``.

Targets (2 cores, ``--jobs 2``): 50x50 of each clue genre under 10 s per puzzle on
average, Light Up 100x100 under 60 s; symmetric at most 2x the asymmetric time at the
same size; ``--fewest --max-time 10`` on 10x10 Canal View at least 20% below the course
collection's median clue density for that size.

    python benchmarks/generate_scale.py                       # the whole table
    python benchmarks/generate_scale.py --genres lightup --sizes 100 --count 2
    python benchmarks/generate_scale.py --only fewest --runs 5

Every run goes through the library call behind ``pencilproof generate`` (workers, the
parent's re-check, fsync), so "s/puzzle" is wall time over the run divided by the
puzzles it made. Published densities come from ``tests/data`` (the Canal View course,
Smullyanic Dynasty course and Janko Light Up records), by size.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # run from a checkout without installing

from pencilproof.generator.generate import GenerateOptions  # noqa: E402
from pencilproof.generator.pool import generate_file  # noqa: E402

COUNT = {10: 20, 20: 10, 30: 6, 50: 4, 100: 2}
DATA = {"canal": "canal.jsonl", "smullyan": "smullyan.jsonl", "lightup": "lightup.jsonl"}


def published_density() -> dict[tuple[str, int, int], float]:
    """Median clues per cell of the real puzzles in tests/data, by genre and size (a
    clue: any given; for Light Up, a numbered wall)."""
    out: dict[tuple[str, int, int], list[float]] = defaultdict(list)
    for genre, name in DATA.items():
        path = ROOT / "tests" / "data" / name
        if not path.exists():
            continue
        for line in path.read_text().splitlines():
            rec = json.loads(line)
            grid = rec.get("grid")
            if not grid:
                continue
            rows, cols = len(grid), len(grid[0])
            if genre == "lightup":
                n = sum(isinstance(v, int) or (isinstance(v, str) and v.isdigit())
                        for row in grid for v in row)
            else:
                n = sum(v not in (None, ".") for row in grid for v in row)
            out[(genre, rows, cols)].append(n / (rows * cols))
    return {k: statistics.median(v) for k, v in out.items()}


def run(options: GenerateOptions, count: int, seed: int, jobs: int,
        max_time: float | None = None) -> tuple[float, list[dict]]:
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "gen.jsonl"
        t0 = time.perf_counter()
        rep = generate_file(options, count=count, seed=seed, out=str(out), jobs=jobs,
                            max_time=max_time, progress=False)
        wall = time.perf_counter() - t0
        recs = [json.loads(x) for x in out.read_text().splitlines()]
    if rep.failed:
        print(f"  ({len(rep.failed)} candidates found no puzzle)", file=sys.stderr)
    return wall, recs


def table(args: argparse.Namespace) -> None:
    pub = published_density()
    print(f"jobs {args.jobs}, seed {args.seed}, solver {args.solver}\n")
    print("| genre | size | layout | puzzles | s/puzzle | mean attempts | clues/cell | "
          "published clues/cell |")
    print("|---|---|---|---|---|---|---|---|")
    for genre in args.genres.split(","):
        for size in (int(s) for s in args.sizes.split(",")):
            if size == 100 and genre != "lightup":
                continue
            count = args.count or COUNT.get(size, 4)
            times = {}
            for layout in ("plain", "half-turn"):
                opts = GenerateOptions(genre=genre, rows=size, cols=size, backend=args.solver,
                                       symmetric=layout != "plain")
                wall, recs = run(opts, count, args.seed, args.jobs)
                per = wall / max(1, len(recs))
                times[layout] = per
                dens = statistics.mean(r["clues"] for r in recs) / (size * size) if recs else 0
                att = statistics.mean(r["attempt"] + 1 for r in recs) if recs else 0
                ref = pub.get((genre, size, size))
                print(f"| {genre} | {size}x{size} | {layout} | {len(recs)} | {per:.2f} | "
                      f"{att:.1f} | {dens:.3f} | {'' if ref is None else f'{ref:.3f}'} |",
                      flush=True)
            print(f"| {genre} | {size}x{size} | symmetric / plain | | "
                  f"{times['half-turn'] / times['plain']:.2f}x | | | |", flush=True)


def fewest(args: argparse.Namespace) -> None:
    """``generate canal --size 10x10 --count 2 --jobs 2 --fewest --max-time 10``, --runs
    times with different seeds, against the course's median density at 10x10."""
    pub = published_density().get(("canal", 10, 10))
    clues = []
    for k in range(args.runs):
        opts = GenerateOptions(genre="canal", rows=10, cols=10, backend=args.solver,
                               fewest=True)
        _, recs = run(opts, 2, args.seed + k, 2, max_time=10.0)
        clues += [r["clues"] for r in recs]
        print(f"  run {k}: clues {[r['clues'] for r in recs]}, tries "
              f"{[r['fewest']['tries'] for r in recs]}", flush=True)
    mean = statistics.mean(clues) / 100
    print(f"\n--fewest --max-time 10, 10x10 Canal View: {len(clues)} puzzles, mean "
          f"{statistics.mean(clues):.2f} clues = {mean:.3f} clues/cell; course median "
          f"{pub:.3f}: {100 * (1 - mean / pub):.1f}% below (target: at least 20%)")
    plain_opts = GenerateOptions(genre="canal", rows=10, cols=10, backend=args.solver)
    _, recs = run(plain_opts, 2 * args.runs, args.seed, 2)
    print(f"without --fewest (same seeds): mean {statistics.mean(r['clues'] for r in recs):.2f}"
          " clues")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--genres", default="canal,smullyan,lightup")
    ap.add_argument("--sizes", default="10,20,30,50,100")
    ap.add_argument("--count", type=int, default=None, help="puzzles per run (default by size)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--solver", default="cadical", choices=["cadical", "z3"])
    ap.add_argument("--only", choices=["table", "fewest"], default=None)
    ap.add_argument("--runs", type=int, default=5, help="--fewest runs of 10 s (default 5)")
    args = ap.parse_args()
    if args.only in (None, "table"):
        table(args)
    if args.only in (None, "fewest"):
        print()
        fewest(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())

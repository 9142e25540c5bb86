"""Time the verdicts on the 52 Smullyanic Dynasty course puzzles (get_grid(0..51)).

Each puzzle is checked (``puzzle_from_doc`` + ``check``: parse, encode, both solves) in
every configuration, in one process, and every verdict and reported solution is compared
with the record (``solution_count``, ``solution``, ``alt_solutions``); a disagreement ends
the run with exit code 2. The target: the default (``cadical/lazy``) at least 30x faster
in total than the seed's spanning-tree encoding on z3 (``z3/reference``).

    python benchmarks/smullyan_course.py
    python benchmarks/smullyan_course.py --repeat 3 --clock cpu --json out.json
    python benchmarks/smullyan_course.py --configs cadical/lazy,z3/lazy --only 28,40

Imports and one warm-up check per configuration come before any timing. With
``--repeat N`` the runs are interleaved (puzzle by puzzle, config by config) and the best
is kept. A check that hits ``--time-limit`` counts as that limit and is marked ``>``: a
total containing one is a lower bound, and so is a ratio with it in the numerator.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # run from a checkout without installing

from pencilproof.checker import Verdict, check  # noqa: E402
from pencilproof.formats.jsondoc import puzzle_from_doc  # noqa: E402

COURSE = "Smullyanic_Dynasty-ECEN_2703"
CONFIGS = ["cadical/lazy", "z3/lazy", "cadical/reference", "z3/reference"]
TARGET = ("z3/reference", "cadical/lazy", 30.0)


def course_records(path: Path) -> list[tuple[int, dict]]:
    out = []
    for line in path.read_text().splitlines():
        rec = json.loads(line) if line.strip() else None
        if rec and COURSE in rec["source"] and "get_grid(" in rec["source"]:
            out.append((int(rec["source"].split("get_grid(")[1].split(")")[0]), rec))
    return sorted(out, key=lambda x: x[0])


def disagreement(num: int, rec: dict, res) -> str | None:
    """Why this result contradicts the record (None if it agrees or timed out)."""
    if res.verdict is Verdict.UNKNOWN:
        return None
    n = rec["solution_count"]
    want = {0: Verdict.NO_SOLUTION, 1: Verdict.UNIQUE}.get(n, Verdict.MULTIPLE)
    if res.verdict is not want:
        return f"course {num}: {res.verdict.value}, expected {want.value}"
    known = {tuple(rec["solution"])} if rec["solution"] else set()
    known |= {tuple(s) for s in rec.get("alt_solutions", [])}
    stray = [s.rows for s in res.solutions if s.rows not in known]
    return f"course {num}: unrecorded solution {stray[0]}" if stray else None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--configs", default=",".join(CONFIGS),
                    help="comma-separated backend/encoding list (default: %(default)s)")
    ap.add_argument("--repeat", type=int, default=1, help="runs per puzzle/config, best kept")
    ap.add_argument("--time-limit", type=float, default=60.0,
                    help="seconds per check (default 60; 0 for none). The seed's encoding "
                         "does not decide course 23, 40 and 41 within 300 s")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="wall time, or this process's CPU time (steadier on a loaded machine)")
    ap.add_argument("--only", help="comma-separated course numbers (default: all 52)")
    ap.add_argument("--json", metavar="OUT", help="write the raw figures to this file")
    ap.add_argument("--data", type=Path, default=ROOT / "tests" / "data" / "smullyan.jsonl")
    args = ap.parse_args(argv)
    configs = [c.strip() for c in args.configs.split(",") if c.strip()]
    limit = args.time_limit or None
    clock = time.perf_counter if args.clock == "wall" else time.process_time

    recs = course_records(args.data)
    if args.only:
        keep = {int(x) for x in args.only.split(",")}
        recs = [(n, r) for n, r in recs if n in keep]
    elif [n for n, _ in recs] != list(range(52)):
        raise SystemExit(f"expected course puzzles 0..51 in {args.data}")

    warm = puzzle_from_doc(course_records(args.data)[0][1], "warm-up")
    for c in configs:
        b, e = c.split("/")
        check(warm, backend=b, encoding=e)

    best: dict[tuple[int, str], float] = {}
    hit: dict[tuple[int, str], bool] = {}
    errors = []
    for _ in range(args.repeat):
        for num, rec in recs:
            for c in configs:
                b, e = c.split("/")
                t0 = clock()
                res = check(puzzle_from_doc(rec, f"course {num}"), backend=b, encoding=e,
                            time_limit=limit)
                sec = clock() - t0
                why = disagreement(num, rec, res)
                if why:
                    errors.append(f"{c}: {why}")
                key = (num, c)
                if res.verdict is Verdict.UNKNOWN:
                    hit[key] = True
                    best[key] = max(best.get(key, 0.0), limit or 0.0, sec)
                elif not hit.get(key):
                    best[key] = min(best.get(key, sec), sec)
    if errors:
        print("WRONG VERDICTS:", *errors, sep="\n  ", file=sys.stderr)
        return 2

    nums = [n for n, _ in recs]
    total = {c: sum(best[n, c] for n in nums) for c in configs}
    lower = {c: any(hit.get((n, c)) for n in nums) for c in configs}
    mark = lambda key: ">" if hit.get(key) else ""  # noqa: E731
    print(f"Smullyanic Dynasty course puzzles: verdict seconds (parse + encode + both solves; "
          f"{args.clock} clock), best of {args.repeat}, limit "
          + (f"{limit:g} s" if limit else "none"))
    print("\n| # | size | " + " | ".join(configs) + " |")
    print("|---:|:---:|" + "---:|" * len(configs))
    for num, rec in recs:
        print(f"| {num} | {rec['rows']}x{rec['cols']} | "
              + " | ".join(f"{mark((num, c))}{best[num, c]:.3f}" for c in configs) + " |")
    print("| **total** | | " + " | ".join(f"**{'>' if lower[c] else ''}{total[c]:.3f}**"
                                        for c in configs) + " |\n")
    ratio = None
    slow, fast, target = TARGET
    if slow in total and fast in total and not lower[fast]:
        ratio = total[slow] / total[fast]
        print(f"- total {slow} / total {fast} = {'>' if lower[slow] else ''}{ratio:.1f}x "
              f"(target >= {target:g}: {'met' if ratio >= target else 'MISSED'})")
        done = [n for n in nums if not hit.get((n, slow)) and not hit.get((n, fast))]
        if lower[slow] and done:
            part = sum(best[n, slow] for n in done) / sum(best[n, fast] for n in done)
            print(f"- on the {len(done)} puzzles {slow} decided within the limit: "
                  f"{part:.1f}x (exact)")
    for c in configs:
        worst = max(nums, key=lambda n: best[n, c])
        print(f"- slowest with {c}: course {worst} ({recs[nums.index(worst)][1]['rows']}x"
              f"{recs[nums.index(worst)][1]['cols']}), {mark((worst, c))}{best[worst, c]:.3f} s")
    print(f"- all {len(nums)} verdicts agree with the records"
          + (" (runs that hit the limit excepted)" if any(hit.values()) else ""))
    if args.json:
        Path(args.json).write_text(json.dumps({
            "configs": configs, "repeat": args.repeat, "clock": args.clock, "time_limit": limit,
            "seconds": {c: {str(n): best[n, c] for n in nums} for c in configs},
            "hit_limit": {c: [n for n in nums if hit.get((n, c))] for c in configs},
            "totals": total, "ratio": ratio}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

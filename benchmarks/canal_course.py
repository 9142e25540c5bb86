"""Time the uniqueness verdict on the 49 Canal View course puzzles (get_grid(0..48)).

For each puzzle and each configuration (backend/encoding) this measures, in one
process, what a user waits for: parsing the JSON record, encoding, and both solves of
the checker (``puzzle_from_doc`` + ``check``). Every verdict is compared with the known
one (``solution_count``; the reported solutions with ``solution``/``alt_solution``) and
any disagreement ends the run with an error.

    python benchmarks/canal_course.py                      # the four standard configs
    python benchmarks/canal_course.py --repeat 5 --json out.json
    python benchmarks/canal_course.py --configs cadical/lazy,z3/lazy
    python benchmarks/canal_course.py --configs +cadical/reference      # add to the standard

``z3/seed`` is the seed project's model as the seed formulated it (z3 terms, integer
sums, pseudo-Boolean root constraint, z3's default solver; see ``seed_canal.py``): the
baseline the issue's targets are stated against. ``*/reference`` is the same spanning
tree + turn-parity idea as clauses on our backends.

Timing notes: imports and one small warm-up check per configuration happen before any
timing. With ``--repeat N`` each puzzle/config figure is the best of N runs, and the
runs are interleaved (puzzle by puzzle, config by config) so background load spreads
evenly. A run that hits ``--time-limit`` is reported as ``>limit`` and makes the totals
lower bounds (marked ``>``).
"""
from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # run from a checkout without installing

from pencilproof import solvers as backends  # noqa: E402
from pencilproof.checker import Verdict, check  # noqa: E402
from pencilproof.formats.jsondoc import puzzle_from_doc  # noqa: E402
from seed_canal import seed_check  # noqa: E402

COURSE = "aterzian/Canal_View-ECEN_2703"
STANDARD = ["cadical/lazy", "z3/lazy", "z3/reference", "z3/seed"]
DEFAULT_CONFIG = "cadical/lazy"
VERDICT_OF_COUNT = {0: Verdict.NO_SOLUTION, 1: Verdict.UNIQUE, 2: Verdict.MULTIPLE}


def course_records(path: Path) -> list[tuple[int, dict]]:
    """(course number, record) for get_grid(0..48), whatever their ``kind``."""
    out = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        rec = json.loads(line)
        src = rec.get("source", "")
        if COURSE in src and "get_grid(" in src:
            out.append((int(src.split("get_grid(")[1].split(")")[0]), rec))
    out.sort(key=lambda x: x[0])
    return out


def run_check(puzzle, config: str, limit):
    """One verdict for one configuration (``z3/seed`` is the seed's own formulation)."""
    b, e = config.split("/")
    if e == "seed":
        return seed_check(puzzle, limit)
    return check(puzzle, backend=b, encoding=e, time_limit=limit)


def parse_configs(text: str | None) -> list[str]:
    if not text:
        return list(STANDARD)
    items = [x.strip() for x in text.split(",") if x.strip()]
    out = list(STANDARD) if any(x.startswith("+") for x in items) else []
    for x in items:
        x = x.lstrip("+")
        if x.count("/") != 1:
            raise SystemExit(f"bad config {x!r}: expected backend/encoding, e.g. z3/lazy")
        if x not in out:
            out.append(x)
    return out


def check_answer(num: int, rec: dict, res) -> str | None:
    """Why this result disagrees with the record (None when it agrees or is UNKNOWN)."""
    if res.verdict is Verdict.UNKNOWN:
        return None
    want = VERDICT_OF_COUNT[min(rec["solution_count"], 2)]
    if res.verdict is not want:
        return f"course {num}: verdict {res.verdict.value}, expected {want.value}"
    known = [tuple(s) for s in (rec.get("solution"), rec.get("alt_solution")) if s]
    for sol in res.solutions:
        if known and want is Verdict.UNIQUE and sol.rows != known[0]:
            return f"course {num}: solution {sol.rows} differs from the recorded one"
        if len(known) == 2 and sol.rows not in known:
            return f"course {num}: solution {sol.rows} is not one of the recorded two"
    return None


def fmt(sec: float | None, unknown: bool = False) -> str:
    if sec is None:
        return "-"
    return (">" if unknown else "") + f"{sec:.3f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=1, help="runs per puzzle/config, best kept")
    ap.add_argument("--configs", help="comma-separated backend/encoding list (default: "
                    + ",".join(STANDARD) + "); a leading + adds the list to those")
    ap.add_argument("--json", metavar="OUT", help="write the raw figures to this file")
    ap.add_argument("--time-limit", type=float, default=120.0,
                    help="seconds per check (default 120, 0 for none); slower runs count "
                         "as UNKNOWN")
    ap.add_argument("--data", type=Path, default=ROOT / "tests" / "data" / "canal.jsonl")
    ap.add_argument("--only", help="comma-separated course numbers to run (default: all)")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="wall time (default) or this process's CPU time, steadier on a "
                         "loaded machine")
    args = ap.parse_args(argv)
    if args.repeat < 1:
        ap.error("--repeat must be >= 1")
    limit = args.time_limit if args.time_limit > 0 else None
    clock = time.perf_counter if args.clock == "wall" else time.process_time

    configs = parse_configs(args.configs)
    for c in configs:
        b, e = c.split("/")
        if b not in backends.BACKENDS:
            raise SystemExit(f"unknown backend {b!r} in {c!r}")

    recs = course_records(args.data)
    if args.only:
        keep = {int(x) for x in args.only.split(",")}
        recs = [(n, r) for n, r in recs if n in keep]
    elif [n for n, _ in recs] != list(range(49)):
        raise SystemExit(f"expected course puzzles 0..48 in {args.data}, found {[n for n, _ in recs]}")

    # Warm-up: load the solver libraries and z3's Python module outside the timings.
    warm = next(r for n, r in recs if r["rows"] * r["cols"] <= 9) if any(
        r["rows"] * r["cols"] <= 9 for _, r in recs) else recs[0][1]
    for c in configs:
        run_check(puzzle_from_doc(warm, "warm-up"), c, None)

    best: dict[tuple[int, str], float] = {}
    runs: dict[tuple[int, str], list[float]] = {}
    unknown: dict[tuple[int, str], bool] = {}
    stats: dict[tuple[int, str], dict] = {}
    errors: list[str] = []
    meta = {}
    for _ in range(args.repeat):
        for num, rec in recs:
            for c in configs:
                t0 = clock()
                puzzle = puzzle_from_doc(rec, f"course {num}")
                res = run_check(puzzle, c, limit)
                sec = clock() - t0
                meta[num] = (puzzle.rows, puzzle.cols, len(puzzle.clues()))
                why = check_answer(num, rec, res)
                if why:
                    errors.append(f"{c}: {why}")
                key = (num, c)
                runs.setdefault(key, []).append(sec)
                if res.verdict is Verdict.UNKNOWN:
                    unknown[key] = True  # a lower bound: keep the limit, not the best
                    best[key] = max(best.get(key, 0.0), limit or 0.0, sec)
                elif not unknown.get(key):
                    if key not in best or sec < best[key]:
                        best[key] = sec
                        stats[key] = res.stats
    if errors:
        print("WRONG VERDICTS:", *errors, sep="\n  ", file=sys.stderr)
        return 2

    nums = [n for n, _ in recs]
    total = {c: sum(best[n, c] for n in nums) for c in configs}
    total_unknown = {c: any(unknown.get((n, c)) for n in nums) for c in configs}

    print(f"Canal View course puzzles, verdict time in seconds (parse + encode + both solves; "
          f"{args.clock} clock), best of {args.repeat}, time limit "
          + (f"{limit:g} s per puzzle" if limit else "none"))
    print()
    print("| # | size | clues | " + " | ".join(configs) + " |")
    print("|---:|:---:|---:|" + "---:|" * len(configs))
    for n in nums:
        r, cc, k = meta[n]
        cells = [fmt(best[n, c], unknown.get((n, c), False)) for c in configs]
        print(f"| {n} | {r}x{cc} | {k} | " + " | ".join(cells) + " |")
    print("| **total** | | | " + " | ".join(f"**{fmt(total[c], total_unknown[c])}**"
                                           for c in configs) + " |")
    print()

    ratios = {}
    def ratio(num_c: str, den_c: str, target: float | None = None):
        if num_c in total and den_c in total:
            x = total[num_c] / total[den_c]
            lower = total_unknown[num_c]
            if total_unknown[den_c]:  # the denominator is only a lower bound: no ratio
                ratios[f"{num_c} / {den_c}"] = {"ratio": None, "target": target}
                print(f"- total {num_c} / total {den_c}: undetermined ({den_c} hit the limit)")
                return
            ratios[f"{num_c} / {den_c}"] = {"ratio": x, "lower_bound": lower, "target": target}
            goal = f" (target >= {target:g}: {'met' if x >= target else 'MISSED'})" if target else ""
            print(f"- total {num_c} / total {den_c} = {'>' if lower else ''}{x:.1f}x{goal}")
    ratio("z3/seed", "cadical/lazy", 40)
    ratio("z3/seed", "z3/lazy", 8)
    ratio("z3/reference", "cadical/lazy")
    ratio("z3/reference", "z3/lazy")
    ratio("z3/seed", "z3/reference")
    ratio("z3/lazy", "cadical/lazy")
    if DEFAULT_CONFIG in configs:
        worst = max(nums, key=lambda n: best[n, DEFAULT_CONFIG])
        print(f"- max single puzzle, {DEFAULT_CONFIG}: "
              f"{fmt(best[worst, DEFAULT_CONFIG], unknown.get((worst, DEFAULT_CONFIG), False))} s "
              f"(course {worst}, {meta[worst][0]}x{meta[worst][1]}; target <= 0.3 s)")
    if 48 in nums:
        print("- course 48 (" + "x".join(map(str, meta[48][:2])) + "): "
              + ", ".join(f"{c} {fmt(best[48, c], unknown.get((48, c), False))} s"
                          for c in configs))
    print(f"- all {len(nums)} verdicts agree with the recorded ones"
          + (" (UNKNOWN runs excepted)" if any(unknown.values()) else ""))

    if args.json:
        import pysat
        import z3
        doc = {
            "configs": configs, "repeat": args.repeat, "time_limit": limit, "clock": args.clock,
            "python": sys.version.split()[0], "platform": platform.platform(),
            "z3": z3.get_version_string(), "python-sat": getattr(pysat, "__version__", "?"),
            "puzzles": [{
                "course": n, "rows": meta[n][0], "cols": meta[n][1], "clues": meta[n][2],
                "results": {c: {"seconds": best[n, c], "runs": runs[n, c],
                                "unknown": unknown.get((n, c), False),
                                "stats": stats.get((n, c), {})} for c in configs}}
                for n in nums],
            "totals": {c: {"seconds": total[c], "lower_bound": total_unknown[c]} for c in configs},
            "ratios": ratios,
        }
        Path(args.json).write_text(json.dumps(doc, indent=1) + "\n")
        print(f"- raw figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

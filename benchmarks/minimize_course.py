"""Minimize the 10 largest unique course puzzles: time, tests, solver calls, clues.

Target: course puzzle 48 (20x30, 159 clues) in under 2 s with the default backend.

    python benchmarks/minimize_course.py                  # CaDiCaL, 3 runs each, median
    python benchmarks/minimize_course.py --solver z3
    python benchmarks/minimize_course.py --naive          # also: re-encode per test

``--naive`` runs the textbook loop for comparison: for each clue, build the puzzle
without it and call the checker from scratch (a new encoding and solver per test).
Every result is re-checked: unique, the record's solution, and the same clues as the
one-solver minimizer (the outcome of each test is a fact about the puzzle, so the two
methods must agree clue for clue). A disagreement ends the run with exit code 2.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # run from a checkout without installing

from pencilproof import Verdict, check  # noqa: E402
from pencilproof.formats import puzzle_from_doc  # noqa: E402
from pencilproof.generator import minimize  # noqa: E402
from pencilproof.puzzle import Solution  # noqa: E402


def course() -> list[tuple[int, dict]]:
    recs = [json.loads(line) for line in (ROOT / "tests/data/canal.jsonl").read_text().splitlines()
            if line.strip()]
    out = [(int(r["source"].split("get_grid(")[1].split(")")[0]), r) for r in recs
           if "get_grid(" in r["source"]]
    return sorted(out)


def naive(puzzle, backend: str) -> tuple[object, int, float]:
    """Remove clues in the given order, re-encoding the puzzle for every test."""
    t0 = time.perf_counter()
    clues = puzzle.clues()
    calls = 0
    for cell in sorted(puzzle.clues()):
        trial = dict(clues)
        del trial[cell]
        res = check(puzzle.with_clues(trial), backend=backend)
        calls += res.stats["solver_calls"]
        if res.verdict is Verdict.UNIQUE:
            clues = trial
    return puzzle.with_clues(clues), calls, time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--solver", default="cadical", choices=["cadical", "z3"])
    ap.add_argument("--runs", type=int, default=3, help="runs per puzzle; the median is shown")
    ap.add_argument("--naive", action="store_true", help="also time re-encoding per test")
    args = ap.parse_args()
    unique = [(i, r) for i, r in course() if r["kind"] == "puzzle" and r.get("unique")]
    unique.sort(key=lambda ir: (-ir[1]["rows"] * ir[1]["cols"],
                                -sum(v is not None for row in ir[1]["grid"] for v in row), ir[0]))
    chosen = unique[:10]
    head = "| puzzle | size | clues before | after | tests | solver calls | seconds (median) |"
    if args.naive:
        head += " naive calls | naive s | speed-up |"
    print(f"backend: {args.solver}, {args.runs} runs per puzzle\n")
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    bad = 0
    total = 0.0
    t48 = None
    for i, rec in chosen:
        p = puzzle_from_doc(rec, f"course {i}")
        times, res = [], None
        for _ in range(args.runs):
            res = minimize(p, backend=args.solver)
            times.append(res.seconds)
        got = check(res.minimized, backend=args.solver)
        if got.verdict is not Verdict.UNIQUE or got.solutions[0] != Solution(tuple(rec["solution"])):
            print(f"course {i}: minimized puzzle is not unique with the record's answer")
            bad += 1
        med = statistics.median(times)
        total += med
        if i == 48:
            t48 = med
        row = (f"| {i} | {p.rows}x{p.cols} | {len(p.clues())} | {len(res.minimized.clues())} | "
               f"{res.tests} | {res.solver_calls} | {med:.3f} |")
        if args.naive:
            m2, calls, secs = naive(p, args.solver)
            if m2 != res.minimized:
                print(f"course {i}: naive and one-solver minimizers disagree")
                bad += 1
            row += f" {calls} | {secs:.3f} | {secs / med:.1f}x |"
        print(row, flush=True)
    print(f"\ntotal of medians: {total:.3f} s")
    if t48 is not None:
        print(f"target: course 48 under 2 s: {t48:.3f} s, {'met' if t48 < 2 else 'MISSED'}")
    return 2 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

"""Time the analyses: backbone, repair, explain and grade.

Targets (issue 13): the backbone of a 20x20 puzzle in under 1 s; repair of every
non-unique puzzle of the shared records in under 2 s each; explain + grade of every
course Canal View and Smullyanic Dynasty puzzle in under 5 s each. Also prints the
grade distribution of the course sets and of the Janko Light Up set, and how the grade
relates to size and clue count.

    python benchmarks/analysis.py                 # everything
    python benchmarks/analysis.py backbone repair # some parts
"""
from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # run from a checkout without installing

from collections import Counter  # noqa: E402

from pencilproof.analysis import backbone, explain, grade_of, replay, repair  # noqa: E402
from pencilproof.generator.minimize import clue_count  # noqa: E402
from pencilproof.checker import count  # noqa: E402
from pencilproof.encodings import get_genre  # noqa: E402
from pencilproof.formats import puzzle_from_doc  # noqa: E402
from pencilproof.generator.generate import GenerateOptions, generate_one  # noqa: E402

DATA = ROOT / "tests" / "data"


def records(genre: str) -> list[dict]:
    return [json.loads(x) for x in (DATA / f"{genre}.jsonl").read_text().splitlines() if x.strip()]


def course(genre: str) -> list[tuple[int, object]]:
    out = []
    for r in records(genre):
        if "get_grid(" in r.get("source", ""):
            n = int(r["source"].split("get_grid(")[1].split(")")[0])
            out.append((n, puzzle_from_doc(r, "record")))
    return sorted(out, key=lambda x: x[0])


def loosened(genre: str, size: int, seed: int, drop: float):
    """A generated size x size unique (1-minimal) puzzle with clues taken away: ``drop``
    of them if below 1, else that many."""
    got = generate_one(GenerateOptions(genre=genre, rows=size, cols=size).validate(), seed, 0)
    assert got is not None
    hooks = get_genre(genre).generator
    blank, clues = hooks.split_givens(got.puzzle)
    rng = random.Random(seed)
    keys = sorted(clues, key=repr)
    n = int(drop * len(keys)) if drop < 1 else int(drop)
    gone = set(rng.sample(range(len(keys)), n))
    return hooks.with_clues(blank, {k: clues[k] for i, k in enumerate(keys) if i not in gone})


def bench_backbone() -> None:
    print("== backbone (target: 20x20 under 1 s)")
    cases = [(f"smullyan course {n}", p) for n, p in course("smullyan") if p.rows * p.cols >= 400]
    cases += [(f"canal course {n}", p) for n, p in course("canal") if p.rows * p.cols >= 400]
    for g in ("canal", "smullyan", "lightup", "taiji"):
        n = 8 if g == "taiji" else 20  # (a 20x20 Taiji takes minutes to generate)
        for seed in (1, 2, 3):
            cases.append((f"{g} {n}x{n} generated, 3 clues gone (seed {seed})",
                          loosened(g, n, seed, 3)))
        for seed in (1, 2, 3, 4, 5, 6):
            cases.append((f"{g} {n}x{n} generated, a quarter of the clues gone (seed {seed})",
                          loosened(g, n, seed, 0.25)))
    worst = 0.0
    for name, p in cases:
        t = time.perf_counter()
        res = backbone(p, limit=1)
        dt = time.perf_counter() - t
        worst = max(worst, dt)
        # solver calls: the backbone's solves and every lazy cut round within them
        print(f"{name:62} {p.rows}x{p.cols} {dt:6.3f} s  fixed {len(res.fixed):4}  "
              f"varying {len(res.varying):4}  solves {res.probes:3}  calls {res.solver_calls}")
    print(f"slowest: {worst:.3f} s")


def bench_repair() -> None:
    print("== repair of every non-unique record (target: under 2 s each)")
    worst, n = 0.0, 0
    for g in ("canal", "smullyan", "lightup", "taiji"):
        for i, r in enumerate(records(g)):
            if r.get("kind") != "puzzle":
                continue
            p = puzzle_from_doc(r, "record")
            c = count(p, limit=2)
            if (c.classes if c.up_to else c.count) < 2:
                continue
            t = time.perf_counter()
            res = repair(p)
            dt = time.perf_counter() - t
            worst, n = max(worst, dt), n + 1
            what = ("1 clue" + (f" ({len(res.singles)} single clues work)")
                    if res.singles else f"{len(res.clues)} clues" if res.found else "none found")
            print(f"{g} record {i:3} {p.rows}x{p.cols}: {dt:6.3f} s  {what}")
    print(f"{n} non-unique records, slowest repair {worst:.3f} s")


def _graded(name: str, puzzles: list, check_replay: bool) -> None:
    rows = []
    worst, bad = 0.0, 0
    for label, p in puzzles:
        t = time.perf_counter()
        path = explain(p)
        g = grade_of(path)
        dt = time.perf_counter() - t
        worst = max(worst, dt)
        if check_replay:
            bad += bool(replay(p, path))
        if g is None:
            print(f"  {label}: not unique ({len(path.undeduced)} cells undeduced), {dt:.3f} s")
            continue
        rows.append((p.rows * p.cols, clue_count(p), g.grade, g.depth, dt))
        print(f"  {label:10} {p.rows}x{p.cols:<3} clues {clue_count(p):4}  {g.describe()}  "
              f"{dt:6.3f} s")
    dist = Counter(r[2] for r in rows)
    print(f"{name}: {len(rows)} graded, slowest explain+grade {worst:.3f} s"
          + (f", replay problems in {bad} paths" if check_replay else ""))
    print("  grade distribution: " + ", ".join(f"{k}: {dist[k]}" for k in sorted(dist)))
    for k in sorted(dist):
        sel = [r for r in rows if r[2] == k]
        print(f"  grade {k}: mean cells {sum(r[0] for r in sel) / len(sel):6.1f}, "
              f"mean clues {sum(r[1] for r in sel) / len(sel):6.1f}, "
              f"clues per cell {sum(r[1] / r[0] for r in sel) / len(sel):.3f}")
    if len(rows) > 2:
        print(f"  correlation of grade with cells {_corr([r[2] for r in rows], [r[0] for r in rows]):+.2f}"
              f", with clues per cell "
              f"{_corr([r[2] for r in rows], [r[1] / r[0] for r in rows]):+.2f}")


def _corr(xs: list, ys: list) -> float:
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sx = sum((x - mx) ** 2 for x in xs) ** 0.5
    sy = sum((y - my) ** 2 for y in ys) ** 0.5
    return sxy / (sx * sy) if sx and sy else 0.0


def bench_explain() -> None:
    print("== explain + grade (target: every course puzzle under 5 s), paths replayed")
    for g in ("canal", "smullyan"):
        cases = [(f"course {n}", p) for n, p in course(g) if count(p, limit=1).count]
        _graded(f"{g} course (those with a solution)", cases, True)
    janko = [(f"janko {i}", puzzle_from_doc(r, "record")) for i, r in enumerate(records("lightup"))
             if "janko" in r.get("source", "").lower()]
    _graded("lightup Janko", janko, False)


PARTS = {"backbone": bench_backbone, "repair": bench_repair, "explain": bench_explain}


def main(argv: list[str]) -> int:
    for name in argv or list(PARTS):
        PARTS[name]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

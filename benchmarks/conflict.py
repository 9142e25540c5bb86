"""Time ``conflict`` (issue 25): a 20x20 puzzle made unsolvable by one wrong clue.

For each genre a unique 20x20 puzzle is generated (seeded), then its clues are changed one
at a time (value + 1, - 1, + 2, - 2), in a seeded random order, until one change leaves no
solution; ``find_conflict`` must then name a minimal set holding the changed clue (every
subset of the generated puzzle's clues has a solution, so any conflict holds it).
Target: under 2 s each.

    python benchmarks/conflict.py
    python benchmarks/conflict.py --genres canal,nurikabe --seeds 3
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # run from a checkout without installing

from pencilproof.analysis import find_conflict  # noqa: E402
from pencilproof.checker import Verdict, check_unique  # noqa: E402
from pencilproof.encodings import get_genre  # noqa: E402
from pencilproof.generator.generate import GenerateOptions, generate_one  # noqa: E402

GENRES = ("canal", "lightup", "nurikabe", "slitherlink", "kurodoko", "hitori", "tapa",
          "fillomino", "skyscrapers", "ripple")
TARGET = 2.0


def broken(genre: str, size: int, seed: int):
    got = generate_one(GenerateOptions(genre=genre, rows=size, cols=size).validate(), seed, 0)
    if got is None:
        return None
    g = get_genre(genre)
    hooks = g.generator
    blank, clues = hooks.split_givens(got.puzzle)
    keys = list(clues)
    random.Random(seed).shuffle(keys)
    for key in keys:
        value = clues[key]
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        for other in (value + 1, value - 1, value + 2, value - 2):
            try:
                token = g.parse_clue(other, "benchmark")
            except Exception:
                continue
            changed = hooks.with_clues(blank, {**clues, key: token})
            try:
                g.check_puzzle(changed, "benchmark")
            except Exception:
                continue
            if check_unique(changed).verdict is Verdict.NO_SOLUTION:
                return changed, key, len(clues)
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--genres", default=",".join(GENRES))
    ap.add_argument("--size", type=int, default=20)
    ap.add_argument("--seeds", type=int, default=2)
    args = ap.parse_args()
    print(f"| genre | size | seed | clues | conflict | changed clue in it | minimal | seconds | "
          f"solver calls | under {TARGET:g} s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    worst, misses = 0.0, 0
    for genre in args.genres.split(","):
        for seed in range(args.seeds):
            made = broken(genre, args.size, seed)
            if made is None:
                print(f"| {genre} | {args.size} | {seed} | - | no single change left it "
                      f"without solution | | | | | |")
                continue
            puzzle, key, n = made
            t0 = time.perf_counter()
            res = find_conflict(puzzle)
            dt = time.perf_counter() - t0
            held = key in [c.key for c in res.clues]
            ok = dt < TARGET and held and res.minimal
            misses += not ok
            worst = max(worst, dt)
            print(f"| {genre} | {args.size}x{args.size} | {seed} | {n} | "
                  f"{', '.join(c.place + '=' + c.token for c in res.clues)} | "
                  f"{'yes' if held else 'NO'} | {res.minimal} | {dt:.3f} | {res.solver_calls} | "
                  f"{'yes' if ok else 'NO'} |")
    print(f"\nworst {worst:.3f} s; {misses} misses")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())

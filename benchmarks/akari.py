"""Time Akari (Light Up) verdicts: the 30 Janko puzzles, and large generated grids.

Targets: every Janko puzzle in tests/data/lightup.jsonl decided (parse + encode + both
solves) in under 0.2 s, and a 100x100 Akari decided in under 10 s.

The large grids are made deterministically from ``--seed``: random walls (``--walls``
of the cells), a random valid lamp set placed greedily (visit the white cells in random
order and put a lamp on every one not yet lit: no lamp then sees another and every cell
ends up lit), and a number on ``--numbers`` of the walls, read off that lamp set. So each
has at least one solution; the checker decides whether it is the only one (so far always
two: random layouts leave open areas no number pins down). One more grid is unique by
construction, so its verdict needs the full proof: generated unique 9x9 puzzles tiled in
a lattice of walls.

    python benchmarks/akari.py
    python benchmarks/akari.py --size 100 --seed 1,2,3 --walls 0.2 --numbers 0.7
    python benchmarks/akari.py --save /tmp/akari100.json   # the generated puzzles, JSON lines

Every Janko verdict must be ``unique`` with the published solution; every generated
grid's reported solutions must verify. A disagreement ends the run with exit code 2.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # run from a checkout without installing

from pencilproof.checker import Verdict, check  # noqa: E402
from pencilproof.encodings import get_genre  # noqa: E402
from pencilproof.formats.jsondoc import puzzle_from_doc  # noqa: E402
from pencilproof.puzzle import Puzzle  # noqa: E402

DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def generated(size: int, seed: int, walls: float, numbers: float) -> Puzzle:
    """A size x size Akari with a planted lamp set; deterministic in its arguments."""
    rng = random.Random(seed)
    grid = [["#" if rng.random() < walls else None for _ in range(size)] for _ in range(size)]
    white = [(r, c) for r in range(size) for c in range(size) if grid[r][c] is None]
    rng.shuffle(white)
    lit, lamps = set(), set()
    for r, c in white:
        if (r, c) in lit:
            continue
        lamps.add((r, c))
        lit.add((r, c))
        for dr, dc in DIRS:
            rr, cc = r + dr, c + dc
            while 0 <= rr < size and 0 <= cc < size and grid[rr][cc] is None:
                lit.add((rr, cc))
                rr, cc = rr + dr, cc + dc
    for r in range(size):
        for c in range(size):
            if grid[r][c] == "#" and rng.random() < numbers:
                grid[r][c] = sum((r + dr, c + dc) in lamps for dr, dc in DIRS)
    return Puzzle("lightup", size, size, tuple(tuple(row) for row in grid))


def tiled(size: int, seed: int) -> Puzzle:
    """A unique size x size Akari: generated unique 9x9 puzzles (the generator, seeded)
    in a lattice of unnumbered walls every 10th row and column. Walls cut every row and
    column run, so the whole is unique exactly when every tile is."""
    from pencilproof.generator.generate import GenerateOptions, generate_one
    if size % 10 not in (0, 9):
        raise SystemExit("--size must end in 0 or 9 for the tiled grid (whole tiles only)")
    opts = GenerateOptions(genre="lightup", rows=9, cols=9).validate()
    grid = [["#" if r % 10 == 9 or c % 10 == 9 else None for c in range(size)]
            for r in range(size)]
    for k, (r0, c0) in enumerate((r, c) for r in range(0, size, 10) for c in range(0, size, 10)):
        tile = generate_one(opts, seed, k).puzzle
        for r in range(min(9, size - r0)):
            for c in range(min(9, size - c0)):
                grid[r0 + r][c0 + c] = tile.grid[r][c]
    return Puzzle("lightup", size, size, tuple(tuple(row) for row in grid))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--backends", default="cadical,z3", help="default: %(default)s")
    ap.add_argument("--size", type=int, default=100, help="side of the generated grids")
    ap.add_argument("--seed", default="1,2,3", help="comma-separated seeds, one grid each")
    ap.add_argument("--walls", type=float, default=0.2, help="fraction of wall cells")
    ap.add_argument("--numbers", type=float, default=0.7, help="fraction of walls numbered")
    ap.add_argument("--repeat", type=int, default=1, help="runs per puzzle, best kept")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    ap.add_argument("--save", metavar="OUT", help="write the generated puzzles as JSON lines")
    ap.add_argument("--data", type=Path, default=ROOT / "tests" / "data" / "lightup.jsonl")
    args = ap.parse_args(argv)
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    genre = get_genre("lightup")

    janko = [json.loads(line) for line in args.data.read_text().splitlines() if line.strip()]
    janko = [r for r in janko if "janko.at" in r["source"]]
    for b in backends:  # warm-up outside the timings
        check(puzzle_from_doc(janko[0], "warm-up"), backend=b)

    errors = []
    best: dict[tuple[str, str], float] = {}
    for _ in range(args.repeat):
        for rec in janko:
            name = "janko " + rec["source"].split("Akari/")[1][:3]
            for b in backends:
                t0 = clock()
                res = check(puzzle_from_doc(rec, name), backend=b)
                sec = clock() - t0
                if res.verdict is not Verdict.UNIQUE or \
                        list(res.solutions[0].rows) != rec["solution"]:
                    errors.append(f"{name} on {b}: {res.verdict.value}")
                best[name, b] = min(best.get((name, b), sec), sec)
    names = sorted({n for n, _ in best})
    print(f"Akari verdicts, seconds (parse + encode + both solves; {args.clock} clock), "
          f"best of {args.repeat}\n")
    print("| puzzle | size | " + " | ".join(backends) + " |")
    print("|---|:---:|" + "---:|" * len(backends))
    sizes = {"janko " + r["source"].split("Akari/")[1][:3]: f"{r['rows']}x{r['cols']}"
             for r in janko}
    for n in names:
        print(f"| {n} | {sizes[n]} | " + " | ".join(f"{best[n, b]:.3f}" for b in backends) + " |")

    puzzles = [(f"generated {args.size}x{args.size} seed {s}",
                generated(args.size, s, args.walls, args.numbers))
               for s in (int(x) for x in args.seed.split(",") if x.strip())]
    puzzles.append((f"tiled {args.size}x{args.size} (unique)", tiled(args.size, 1)))
    if args.save:
        Path(args.save).write_text("".join(json.dumps(p.to_doc()) + "\n" for _, p in puzzles))
    verdicts = {}
    for name, p in puzzles:
        for b in backends:
            secs = []
            for _ in range(args.repeat):
                t0 = clock()
                res = check(p, backend=b)
                secs.append(clock() - t0)
            if res.verdict in (Verdict.NO_SOLUTION, Verdict.UNKNOWN) or any(
                    genre.verify(p, s) for s in res.solutions) or (
                    name.startswith("tiled") and res.verdict is not Verdict.UNIQUE):
                errors.append(f"{name} on {b}: {res.verdict.value}")
            best[name, b] = min(secs)
            verdicts[name, b] = (res.verdict.value, len(res.differ), res.stats)
        print(f"| {name} | {args.size}x{args.size} | "
              + " | ".join(f"{best[name, b]:.3f}" for b in backends) + " |")
    if errors:
        print("WRONG VERDICTS:", *errors, sep="\n  ", file=sys.stderr)
        return 2
    print()
    for b in backends:
        worst = max(names, key=lambda n: best[n, b])
        print(f"- {b}: slowest Janko puzzle {worst}, {best[worst, b]:.3f} s "
              f"(target < 0.2 s: {'met' if best[worst, b] < 0.2 else 'MISSED'}); "
              f"all 30 total {sum(best[n, b] for n in names):.3f} s")
    for (name, b), (verdict, differ, stats) in verdicts.items():
        print(f"- {name}, {b}: {verdict}" + (f" (solutions differ in {differ} cells)"
                                             if differ else "")
              + f", {best[name, b]:.3f} s (target < 10 s: "
              f"{'met' if best[name, b] < 10 else 'MISSED'}); {stats['vars']} vars, "
              f"{stats['clauses']} clauses, encode {stats['encode_seconds']:.3f} s")
    print("- all Janko verdicts unique with the published solution; generated answers "
          "verify; the tiled grid is unique")
    return 0


if __name__ == "__main__":
    sys.exit(main())

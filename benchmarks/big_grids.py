"""Memory and time on big grids: every genre up to the size limit, through the CLI.

Each case is a puzzle file written here (text format), checked by a separate
``pencilproof check --time-limit T --solver S FILE`` process, as a user would run it.
The target: with ``--time-limit 5`` every run ends (with a verdict or ``unknown``) in
under 6 s of wall time and 2 GB of peak memory (the child's max RSS, from ``os.wait4``).
Rows over either bound are flagged ``!`` (with ``--strict`` they make the exit code 1;
a run that crashes or is killed always does).

The cases are worst cases for the encodings: empty grids (nothing pins anything down,
every cell a variable) at 100x100, 300x300 and 1000x1000; 1000x1 and 1x1000 strips (one
run of 1000 cells); grids full of clues (every cell ``?`` or a number, every wall a
``4``); Canal View's large numbers on long runs (clue 1000 seeing a whole row and
column); and random clue-dense grids, deterministic in ``--seed``.

    python benchmarks/big_grids.py
    python benchmarks/big_grids.py --solver cadical --only lightup --sizes 1000
    python benchmarks/big_grids.py --keep /tmp/big    # keep the generated puzzle files

A run that outlives ``--hard-limit`` seconds is killed (marked ``killed``); with
``--max-memory GB`` each child's address space is capped (a run that hits it fails and is
marked by its exit code), so a regression cannot take the shared machine down.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Optional

ROOT = Path(__file__).resolve().parents[1]


def default_cli() -> list[str]:
    """The ``pencilproof`` script beside this Python, or the CLI through ``-c``."""
    script = Path(sys.executable).parent / "pencilproof"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from pencilproof.cli import run; run()"]

WALL_LIMIT = 6.0      # seconds, with --time-limit 5
RSS_LIMIT = 2 << 30   # bytes

Grid = list[list[str]]


# -- puzzle makers: (rows, cols, rng) -> rows of tokens ------------------------------------
def empty(rows: int, cols: int, rng: random.Random) -> Grid:
    return [["."] * cols for _ in range(rows)]


def filled(token: str) -> Callable[[int, int, random.Random], Grid]:
    def make(rows: int, cols: int, rng: random.Random) -> Grid:
        return [[token] * cols for _ in range(rows)]
    return make


def canal_diagonal(value: int, step: int) -> Callable[[int, int, random.Random], Grid]:
    """Clue ``value`` on every ``step``-th cell of the diagonal: each sees a whole row and
    a whole column (no other clue shares them), the totalizer's worst case."""
    def make(rows: int, cols: int, rng: random.Random) -> Grid:
        g = empty(rows, cols, rng)
        for i in range(0, min(rows, cols), step):
            g[i][i] = str(value)
        return g
    return make


def canal_random(rows: int, cols: int, rng: random.Random) -> Grid:
    """A third of the cells clues: numbers 0..8 (some larger), a few ``?``."""
    g = empty(rows, cols, rng)
    for r in range(rows):
        for c in range(cols):
            x = rng.random()
            if x < 0.25:
                g[r][c] = str(rng.randrange(9))
            elif x < 0.3:
                g[r][c] = str(rng.randrange(9, 60))
            elif x < 0.33:
                g[r][c] = "?"
    return g


def smullyan_random(rows: int, cols: int, rng: random.Random) -> Grid:
    """Every cell a clue: numbers 0..5 mostly, some ``?``, a few 10s."""
    return [[rng.choice("0123450123?") if rng.random() < 0.97 else "10" for _ in range(cols)]
            for _ in range(rows)]


def lightup_planted(walls: float) -> Callable[[int, int, random.Random], Grid]:
    """Random walls, a greedy valid lamp set, every wall numbered from it (so at least one
    solution exists)."""
    def make(rows: int, cols: int, rng: random.Random) -> Grid:
        wall = [[rng.random() < walls for _ in range(cols)] for _ in range(rows)]
        white = [(r, c) for r in range(rows) for c in range(cols) if not wall[r][c]]
        rng.shuffle(white)
        lit: set = set()
        lamps: set = set()
        for r, c in white:
            if (r, c) in lit:
                continue
            lamps.add((r, c))
            lit.add((r, c))
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                rr, cc = r + dr, c + dc
                while 0 <= rr < rows and 0 <= cc < cols and not wall[rr][cc]:
                    lit.add((rr, cc))
                    rr, cc = rr + dr, cc + dc
        out = empty(rows, cols, rng)
        for r in range(rows):
            for c in range(cols):
                if wall[r][c]:
                    out[r][c] = str(sum((r + dr, c + dc) in lamps
                                        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))))
        return out
    return make


def lightup_checker(rows: int, cols: int, rng: random.Random) -> Grid:
    """Walls on a checkerboard, each numbered with its white neighbours' count (every
    white cell alone in both its segments: lamps everywhere, the unique answer)."""
    out = empty(rows, cols, rng)
    for r in range(rows):
        for c in range(cols):
            if (r + c) % 2:
                out[r][c] = str(sum(0 <= r + dr < rows and 0 <= c + dc < cols
                                    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))))
    return out


SIDES = (100, 300, 1000)
CASES: list[tuple[str, str, int, int, Callable[[int, int, random.Random], Grid]]] = []
for _genre in ("canal", "smullyan", "lightup"):
    for _n in SIDES:
        CASES.append((_genre, "empty", _n, _n, empty))
    CASES.append((_genre, "empty strip", 1000, 1, empty))
    CASES.append((_genre, "empty strip", 1, 1000, empty))
CASES += [
    ("canal", "all ?", 1000, 1000, filled("?")),
    ("canal", "all 4095", 1000, 1000, filled("4095")),
    ("canal", "clue 1000 every 10th diagonal cell", 1000, 1000, canal_diagonal(1000, 10)),
    ("canal", "clue 1998 every 10th diagonal cell", 1000, 1000, canal_diagonal(1998, 10)),
    ("canal", "random clues (1/3 of cells)", 300, 300, canal_random),
    ("canal", "random clues (1/3 of cells)", 1000, 1000, canal_random),
    ("smullyan", "all ?", 1000, 1000, filled("?")),
    ("smullyan", "all 1", 1000, 1000, filled("1")),
    ("smullyan", "random clues (every cell)", 300, 300, smullyan_random),
    ("smullyan", "random clues (every cell)", 1000, 1000, smullyan_random),
    ("lightup", "all #", 1000, 1000, filled("#")),
    ("lightup", "all 4", 1000, 1000, filled("4")),
    ("lightup", "checkerboard of numbers", 1000, 1000, lightup_checker),
    ("lightup", "planted, 30% numbered walls", 300, 300, lightup_planted(0.3)),
    ("lightup", "planted, 30% numbered walls", 1000, 1000, lightup_planted(0.3)),
    ("lightup", "planted, 5% numbered walls", 1000, 1000, lightup_planted(0.05)),
]


def write_case(path: Path, genre: str, rows: int, cols: int, grid: Grid) -> None:
    with path.open("w") as f:
        f.write(f"{genre} {rows}x{cols}\n")
        for row in grid:
            f.write(" ".join(row) + "\n")


def run(cmd: list[str], out_path: Path, hard_limit: float,
        max_memory: Optional[float]) -> tuple[int, float, int, bool]:
    """(exit code, wall seconds, max RSS in bytes, killed) of one child process."""
    def limit() -> None:
        if max_memory:
            cap = int(max_memory * (1 << 30))
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    with out_path.open("w") as out:
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, preexec_fn=limit)
        killed = False
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - t0 > hard_limit and not killed:
                os.kill(p.pid, signal.SIGKILL)
                killed = True
            time.sleep(0.01)
        wall = time.monotonic() - t0
    p.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
    # ru_maxrss is in kilobytes on Linux.
    return p.returncode, wall, usage.ru_maxrss * 1024, killed


def verdict_of(output: str, code: int, killed: bool) -> str:
    if killed:
        return "killed"
    first = output.strip().splitlines()[0] if output.strip() else ""
    if code == 2:
        return "refused"
    if code == 4 or code < 0 or not first:
        return f"error (exit {code})"
    if ": " in first:
        rest = first.split(": ", 1)[1]
        return rest.split(" ", 1)[0]
    return f"exit {code}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--time-limit", type=float, default=5.0)
    ap.add_argument("--solver", default="cadical,z3", help="comma-separated backends")
    ap.add_argument("--only", default="", help="run the cases whose genre or name contain "
                    "this text (comma-separated alternatives)")
    ap.add_argument("--sizes", default="", help="only these sides (e.g. 300,1000); a strip "
                    "counts as its long side")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cli", default=None, help="the pencilproof executable (default: the "
                    "one installed beside this Python)")
    ap.add_argument("--quiet", action="store_true", help="pass -q: no pictures of answers "
                    "(the default draws them, as a user sees it)")
    ap.add_argument("--strict", action="store_true", help="exit 1 when any row is flagged "
                    "(by default only runs that crash or are killed do)")
    ap.add_argument("--hard-limit", type=float, default=120.0,
                    help="kill a run after this many seconds")
    ap.add_argument("--max-memory", type=float, default=8.0,
                    help="cap each child's address space at this many GB (0: no cap)")
    ap.add_argument("--keep", default=None, help="write the puzzle files here and keep them")
    args = ap.parse_args(argv)

    solvers = [s for s in args.solver.split(",") if s]
    only = [w for w in args.only.split(",") if w]
    sizes = {int(x) for x in args.sizes.split(",") if x}
    wall_limit = args.time_limit + (WALL_LIMIT - 5.0)
    cases = [c for c in CASES
             if (not only or any(w in c[0] or w in c[1] for w in only))
             and (not sizes or max(c[2], c[3]) in sizes)]
    tmp = None
    if args.keep:
        folder = Path(args.keep)
        folder.mkdir(parents=True, exist_ok=True)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="big_grids-")
        folder = Path(tmp.name)

    print(f"pencilproof check --time-limit {args.time_limit:g}: flagged (!) over "
          f"{wall_limit:g} s wall or {RSS_LIMIT >> 30} GB max RSS\n")
    print("| size | genre | case | solver | verdict | wall s | max RSS MB | |")
    print("|---|---|---|---|---|---:|---:|---|")
    flagged = failed = 0
    for i, (genre, name, rows, cols, make) in enumerate(cases):
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        path = folder / f"{i:02d}-{genre}-{rows}x{cols}-{slug}.txt"
        rng = random.Random(f"{args.seed}/{genre}/{name}/{rows}x{cols}")
        write_case(path, genre, rows, cols, make(rows, cols, rng))
        for solver in solvers:
            out_path = folder / f"{path.stem}-{solver}.out"
            cmd = ([args.cli] if args.cli else default_cli()) + [
                "check", "--time-limit", f"{args.time_limit:g}", "--solver", solver] + (
                ["-q"] if args.quiet else []) + [str(path)]
            code, wall, rss, killed = run(cmd, out_path, args.hard_limit,
                                          args.max_memory or None)
            verdict = verdict_of(out_path.read_text(errors="replace"), code, killed)
            broken = killed or verdict.startswith("error")
            bad = wall > wall_limit or rss > RSS_LIMIT or broken
            flagged += bad
            failed += broken
            print(f"| {rows}x{cols} | {genre} | {name} | {solver} | {verdict} | {wall:.2f} | "
                  f"{rss / (1 << 20):.0f} | {'!' if bad else ''} |", flush=True)
    print()
    print(f"- {flagged} of {len(cases) * len(solvers)} runs flagged" if flagged else
          f"- all {len(cases) * len(solvers)} runs within {wall_limit:g} s and "
          f"{RSS_LIMIT >> 30} GB")
    if failed:
        print(f"- {failed} runs crashed or were killed")
    if tmp is not None:
        tmp.cleanup()
    return 1 if failed or (args.strict and flagged) else 0


if __name__ == "__main__":
    sys.exit(main())

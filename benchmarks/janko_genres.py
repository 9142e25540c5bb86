"""Time the kit genres on published janko.at puzzles: verdict, published solution, speed.

For every JSON line with a ``janko`` block (``{"source", "janko_genre", "janko"}``) in the
given files (default: every ``tests/data/janko/*.jsonl``), the checker must answer
``unique`` with the block's published solution; that solution with one cell changed
must fail the verifier ("not a solution"). Reported per genre: puzzles, median and max
seconds of the whole check (parse excluded: encode + both solves), unknown verdicts at
``--time-limit``, and the genre module's length in lines of code.

Targets (issue 21): none unknown at 20 s, median under 0.1 s, none over 5 s.

    python benchmarks/janko_genres.py
    python benchmarks/janko_genres.py DIR_OR_FILES... --time-limit 20 --backend z3

A wrong verdict, a different solution or a changed solution that verifies ends the run
with exit code 2.
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

from pencilproof.checker import Verdict, check  # noqa: E402
from pencilproof.encodings import get_genre  # noqa: E402
from pencilproof.formats.janko import parse_janko  # noqa: E402
from pencilproof.puzzle import Solution  # noqa: E402


def code_lines(genre_name: str) -> int:
    """Lines of code (not blank, not comments) of the genre's module or package."""
    module = sys.modules[type(get_genre(genre_name)).__module__]
    path = Path(module.__file__ or "")
    files = sorted(path.parent.glob("*.py")) if path.name == "__init__.py" else [path]
    return sum(1 for f in files for line in f.read_text().splitlines()
               if line.strip() and not line.strip().startswith("#"))


def changed(solution: Solution, rows: int, cols: int) -> Solution:
    """The solution with its first free-looking cell changed to another character."""
    chars = sorted({ch for row in solution.rows for ch in row})
    r, c = rows // 2, cols // 2
    row = solution.rows[r]
    other = next((ch for ch in chars if ch != row[c]), "." if row[c] != "." else "#")
    new = row[:c] + other + row[c + 1:]
    return type(solution)(solution.rows[:r] + (new,) + solution.rows[r + 1:])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", help="JSON-lines files or folders of them")
    ap.add_argument("--time-limit", type=float, default=20.0)
    ap.add_argument("--backend", default=None)
    args = ap.parse_args(argv)
    paths = [Path(p) for p in args.paths] or [ROOT / "tests" / "data" / "janko"]
    files = [f for p in paths for f in (sorted(p.glob("*.jsonl")) if p.is_dir() else [p])]
    bad = 0
    print(f"{'genre':<18} {'puzzles':>7} {'median s':>9} {'max s':>7} {'unknown':>7} {'lines':>6}")
    for f in files:
        times, unknown, genre_name = [], 0, "?"
        for i, line in enumerate(f.read_text().splitlines()):
            if not line.strip():
                continue
            doc = parse_janko(json.loads(line)["janko"], f"{f.name}:{i + 1}")
            genre_name = doc.puzzle.genre
            t0 = time.perf_counter()
            res = check(doc.puzzle, backend=args.backend, time_limit=args.time_limit)
            times.append(time.perf_counter() - t0)
            if res.verdict is Verdict.UNKNOWN:
                unknown += 1
                continue
            if res.verdict is not Verdict.UNIQUE or res.solutions[0] != doc.solution:
                print(f"  {f.name}:{i + 1}: {res.verdict.value}, published solution "
                      f"{'not ' if res.solutions and res.solutions[0] != doc.solution else ''}"
                      f"found", file=sys.stderr)
                bad += 1
            genre = get_genre(genre_name)
            wrong = changed(doc.solution, doc.puzzle.rows, doc.puzzle.cols)
            try:
                ok = not genre.verify(doc.puzzle, wrong)
            except Exception:  # noqa: BLE001 - a character the genre cannot hold is "not a solution"
                ok = False
            if ok:
                print(f"  {f.name}:{i + 1}: a changed solution verifies", file=sys.stderr)
                bad += 1
        if times:
            print(f"{genre_name:<18} {len(times):>7} {statistics.median(times):>9.3f} "
                  f"{max(times):>7.3f} {unknown:>7} {code_lines(genre_name):>6}")
    return 2 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

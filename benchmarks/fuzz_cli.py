"""Fuzz the pencilproof CLI for longer than the test suite does: N random command lines
(real puzzles mutated, plausible but wrong inputs, random options; the generators of
tests/fuzz_inputs.py, shared with tests/test_fuzz.py), each run in-process through
``main(argv)`` in a fresh directory with a wall-clock alarm.

    .venv/bin/python benchmarks/fuzz_cli.py --cases 5000 --seed 1

prints totals (cases by command and exit code, tracebacks, hangs, stray stderr lines,
errors without a place, good puzzles not reported) and saves the first reproducers of
each kind under --save (the command line, every input file, the output). Exit 1 if any
case failed. Case i depends only on --seed and i: ``--only I`` reruns one.
"""
from __future__ import annotations

import argparse
import collections
import json
import random
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from fuzz_inputs import KINDS, big_case, make_case, problems, run_case  # noqa: E402


def case_for(seed: int, i: int, big: float = 0.0, largest: int = 400):
    rnd = random.Random(f"{seed}:{i}")
    if big and rnd.random() < big:
        return big_case(rnd, largest)
    return make_case(rnd)


def save(directory: Path, kind: str, i: int, case, res, found) -> Path:
    slug = kind.replace(" ", "-")
    d = directory / f"{slug}-{i}"
    d.mkdir(parents=True, exist_ok=True)
    (d / "files").mkdir(exist_ok=True)
    for name, data in case.files.items():
        try:
            (d / "files" / name).parent.mkdir(parents=True, exist_ok=True)
            (d / "files" / name).write_bytes(data)
        except (OSError, ValueError):
            pass
    if case.stdin:
        (d / "stdin").write_bytes(case.stdin)
    (d / "case.json").write_text(json.dumps(case.to_json(), indent=1) + "\n")
    (d / "README.txt").write_text(
        case.describe() + "\n\n# problems\n" + "\n".join(f"{k}: {v}" for k, v in found)
        + f"\n\n# exit code {res.code}, {res.seconds:.2f} s\n# stdout\n{res.stdout[-4000:]}"
        f"\n# stderr\n{res.stderr[-4000:]}\n" + (f"# exception\n{res.exception}\n"
                                                  if res.exception else ""),
        encoding="utf-8", errors="backslashreplace")
    return d


def _signature(detail: str) -> str:
    """A problem's detail without what varies between cases (positions, names, numbers)."""
    detail = re.sub(r"position \d+", "position N", detail)
    detail = re.sub(r"character '\\u[0-9a-f]+'", "character X", detail)
    return detail[:160]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--alarm", type=float, default=20.0,
                    help="seconds per case before it counts as a hang (default 20)")
    default_save = Path(tempfile.gettempdir()) / "pencilproof-fuzz-failures"
    ap.add_argument("--save", default=str(default_save),
                    help=f"directory for reproducers (default {default_save})")
    ap.add_argument("--keep", type=int, default=5,
                    help="reproducers saved per kind of problem (default 5)")
    ap.add_argument("--only", type=int, default=None, help="run only case I, verbosely")
    ap.add_argument("--big", type=float, default=0.0, metavar="P",
                    help="share of cases that check one big nearly empty grid (100x100 up "
                         "to --largest) with --time-limit 2, reporting runs over 12 s "
                         "(default 0: seconds and up to ~1 GB each)")
    ap.add_argument("--largest", type=int, default=400, help="largest side with --big")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per failing case")
    args = ap.parse_args(argv)

    save_dir = Path(args.save)
    by_command = collections.Counter()
    by_code = collections.Counter()
    by_kind = collections.Counter()
    failing_cases = 0
    saved = collections.Counter()
    signatures: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    first_case: dict[tuple[str, str], int] = {}
    known = collections.Counter()
    known_kinds = collections.Counter()      # cases with a known problem of each kind
    slowest: list[tuple[float, int, str]] = []
    indices = [args.only] if args.only is not None else range(args.cases)
    t0 = time.monotonic()
    root = Path(tempfile.mkdtemp(prefix="pencilproof-fuzz-"))
    try:
        for n, i in enumerate(indices):
            case = case_for(args.seed, i, args.big, args.largest)
            work = root / f"case{i}"
            res = run_case(case, work, alarm=args.alarm)
            shutil.rmtree(work, ignore_errors=True)
            everything = problems(case, res)
            found = [(p.kind, p.detail) for p in everything if p.known is None]
            for p in everything:
                if p.known is not None:
                    known[p.known] += 1
            for kind in dict.fromkeys(p.kind for p in everything if p.known is not None):
                known_kinds[kind] += 1
            by_command[case.command] += 1
            by_code["hang" if res.hang else "exception" if res.exception else res.code] += 1
            slowest = sorted(slowest + [(res.seconds, i, case.command)], reverse=True)[:5]
            if args.only is not None:
                print(case.describe())
                print(f"# exit {res.code} in {res.seconds:.2f} s\n# stdout\n{res.stdout}"
                      f"# stderr\n{res.stderr}" + (res.exception or ""))
                for p in everything:
                    print(f"# problem: {p.kind}: {p.detail}" + (f" (known: {p.known})"
                                                                  if p.known else ""))
            if found:
                failing_cases += 1
                for kind in dict.fromkeys(k for k, _ in found):
                    by_kind[kind] += 1
                    detail = next(d for k, d in found if k == kind)
                    sig = _signature(detail)
                    new = sig not in signatures[kind]
                    signatures[kind][sig] += 1
                    first_case.setdefault((kind, sig), i)
                    if new or saved[kind] < args.keep:   # every new signature, and a few more
                        saved[kind] += 1
                        save(save_dir, kind, i, case, res, found)
                if args.verbose:
                    print(f"case {i} ({case.command}): {found[0][0]}: {found[0][1][:200]}",
                          flush=True)
            if (n + 1) % 500 == 0:
                print(f"... {n + 1} cases, {failing_cases} failing, "
                      f"{time.monotonic() - t0:.0f} s", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    total = sum(by_command.values())
    print(f"cases: {total} (seed {args.seed}, {time.monotonic() - t0:.0f} s)")
    print("by command: " + ", ".join(f"{k} {v}" for k, v in sorted(by_command.items())))
    print("by exit code: " + ", ".join(f"{k} {v}" for k, v in
                                       sorted(by_code.items(), key=lambda kv: str(kv[0]))))
    for kind in KINDS:
        print(f"{kind}: {by_kind[kind]}" + (f" (+{known_kinds[kind]} known, already reported)"
                                            if known_kinds[kind] else ""))
    print(f"failing cases: {failing_cases} (known problems, already reported, not counted: "
          f"{sum(known.values())})")
    for name, n in known.most_common():
        print(f"  known x{n}: {name}")
    for kind in KINDS:
        for sig, n in signatures[kind].most_common(20):
            print(f"  {kind} x{n} (first: case {first_case[kind, sig]}): {sig}")
    print("slowest: " + ", ".join(f"case {i} {c} {s:.1f} s" for s, i, c in slowest))
    if failing_cases:
        print(f"reproducers: {save_dir}/")
    return 1 if failing_cases else 0


if __name__ == "__main__":
    sys.exit(main())

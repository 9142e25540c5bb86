"""Time the seed's Taiji model (benediktwerner/taiji-z3-solver) against pencilproof's count.

The seed is a short z3 script; this file re-states its formulation in z3's Python API
(written here from the seed's description and source, not copied):

* a Bool per tile (fixed tiles are constants) and an Int area id per tile, 0 <= id < faces;
* neighbouring tiles have equal ids exactly when they have equal states;
* ``faces``, the number of areas, from Euler's formula V - E + F = 1 over the region
  borders (E: differing neighbour pairs; V: inner grid corners where a border meets; the
  2(w + h) outer vertices and edges cancel);
* one quantified constraint over every area id below ``faces``: the id is used by some
  tile, and the area's dice pips sum to 0 or to the number of its tiles;
* dice colours through an uninterpreted function from area id to colour;
* each diamond as a pseudo-Boolean count: exactly one other tile of its colour in its area;
* each flower as a pseudo-Boolean count of neighbours in its state.

Like the seed it supports dice, diamonds and flowers only: codes with dashes, slashes or
links are "unsupported" (the seed exits on them). Three of the seed's readings differ
from taiji_maker's checker and are corrected here, keeping the formulation: an uncoloured
die is a colour of its own (the seed left it free), an uncoloured diamond needs an
uncoloured partner (the seed ignored it), and only symbols count for a diamond, a flower
by its petals only (the seed also counted any tile carrying the colour letter). What the
formulation itself assumes is kept: Euler's formula with one connected border graph (an
area enclosed by another one, or a hole, breaks it) and no special case for holes.

The seed finds one answer; here both sides count with blocking clauses up to ``--limit``.

    python benchmarks/seed_taiji.py                       # seed and pencilproof, 60 s each
    python benchmarks/seed_taiji.py --only-seed --time-limit 20 --json out.json

Each time is wall time for one record in this process (decode + model + every solve).
Counts are compared with the records' ``solution_count`` where known, the seed's answers
are checked by tests/taiji_oracle.py when it is importable, and every disagreement is
listed after the table.
"""
from __future__ import annotations

import argparse
import json
import platform
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import z3

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # run from a checkout without installing

COLOURS = "roygbpkw"
TILE = re.compile(r"([<^/]?)([A-Z]?)([roygbpkw]?)([0-9])")


class Unsupported(Exception):
    """A code the seed cannot read (it exits on links, dashes and slashes)."""


@dataclass
class SeedTile:
    exists: bool = True
    symbol: str = ""  # code letter, "" for none
    colour: str = ""  # "" for no colour
    fixed: bool = False
    lit: bool = False

    @property
    def pips(self) -> int:
        """Signed pips of a die (A-I +1..+9, J-R -1..-9), else 0."""
        if self.symbol and "A" <= self.symbol <= "I":
            return ord(self.symbol) - 64
        if self.symbol and "J" <= self.symbol <= "R":
            return -(ord(self.symbol) - 73)
        return 0

    @property
    def petals(self) -> int | None:
        return ord(self.symbol) - ord("V") if self.symbol and self.symbol >= "V" else None


def seed_decode(code: str) -> list[list[SeedTile]]:
    """The seed's reading of a Taiji Maker code; Unsupported for links, dashes, slashes."""
    head, _, stream = code.partition(":")
    width = int(head)
    stream = re.sub(r"\+([A-Z])", lambda m: "0" * (ord(m[1]) - 64), stream)
    stream = re.sub(r"-([A-Z])", lambda m: "8" * (ord(m[1]) - 64), stream)
    tiles = []
    pos = 0
    while pos < len(stream):
        m = TILE.match(stream, pos)
        if not m:
            raise ValueError(f"cannot read {stream[pos:pos + 5]!r} in {code!r}")
        link, symbol, colour, digit = m.groups()
        if link:
            raise Unsupported("links")
        if symbol in ("T", "U"):
            raise Unsupported("dashes and slashes")
        option = int(digit)
        fixed = bool(option & 4)
        tiles.append(SeedTile(option != 8, symbol, colour, fixed, fixed and bool(option & 2)))
        pos = m.end()
    if not tiles or len(tiles) % width:
        raise ValueError(f"{len(tiles)} tiles do not fill rows of width {width}")
    return [tiles[i:i + width] for i in range(0, len(tiles), width)]


def supported(code: str) -> str | None:
    """None if the seed model can take this code, else why not."""
    try:
        seed_decode(code)
    except Unsupported as e:
        return str(e)
    return None


@dataclass
class SeedResult:
    count: int
    complete: bool
    timed_out: bool
    seconds: float
    answers: list[tuple[str, ...]] = field(default_factory=list)
    first_seconds: float | None = None  # when the first answer came (all the seed itself does)


def seed_count(code: str, limit: int = 3, time_limit: float | None = None) -> SeedResult:
    """Count answers of the seed's formulation, blocking each found one, up to ``limit``."""
    t0 = time.perf_counter()
    grid = seed_decode(code)
    h, w = len(grid), len(grid[0])
    cells = [(r, c) for r in range(h) for c in range(w) if grid[r][c].exists]
    lit: dict[tuple[int, int], Any] = {}
    area: dict[tuple[int, int], Any] = {}
    slv = z3.Solver()
    faces = z3.Int("faces")
    for r, c in cells:
        t = grid[r][c]
        lit[r, c] = z3.BoolVal(t.lit) if t.fixed else z3.Bool(f"lit_{r}_{c}")
        area[r, c] = z3.Int(f"area_{r}_{c}")
        slv.add(area[r, c] >= 0, area[r, c] < faces)

    def near(r: int, c: int) -> list[tuple[int, int]]:
        return [(y, x) for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= y < h and 0 <= x < w and grid[y][x].exists]

    euler: list[tuple[Any, int]] = []  # (condition, contribution to V - E)
    for r, c in cells:
        for n in ((r, c - 1), (r - 1, c)):
            if n in lit:
                euler.append((lit[r, c] != lit[n], -1))
                slv.add((lit[r, c] == lit[n]) == (area[r, c] == area[n]))
        petals = grid[r][c].petals
        if petals is not None:
            same = [(lit[r, c] == lit[n], 1) for n in near(r, c)]
            slv.add(z3.PbEq(same, petals) if same else z3.BoolVal(petals == 0))
    for r in range(h - 1):
        for c in range(w - 1):
            a, b, d, e = (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)
            borders = [lit[p] != lit[q] for p, q in ((a, b), (a, d), (b, e), (d, e))
                       if p in lit and q in lit]
            if borders:
                euler.append((z3.Or(borders), 1))
    slv.add(faces + z3.Sum([z3.If(cond, v, 0) for cond, v in euler]) == 1)

    region = z3.Int("region")
    for_each_region = [z3.PbGe([(area[p] == region, 1) for p in cells], 1)]
    dice = [p for p in cells if grid[p[0]][p[1]].pips]
    if dice:
        pips = z3.Sum([z3.If(area[p] == region, grid[p[0]][p[1]].pips, 0) for p in dice])
        size = z3.Sum([z3.If(area[p] == region, 1, 0) for p in cells])
        for_each_region.append(z3.Or(size == pips, pips == 0))
        if len({grid[r][c].colour for r, c in dice}) > 1:
            colour_of = z3.Function("dice_colour", z3.IntSort(), z3.IntSort())
            for r, c in dice:  # no colour is index 8, a colour of its own
                slv.add(colour_of(area[r, c]) == (COLOURS + " ").index(grid[r][c].colour or " "))
    slv.add(z3.ForAll([region], z3.Implies(z3.And(region >= 0, region < faces),
                                           z3.And(for_each_region))))

    for r, c in cells:
        t = grid[r][c]
        if t.symbol != "S":
            continue
        partners = []
        for p in cells:
            n = grid[p[0]][p[1]]
            if p == (r, c) or not n.symbol:
                continue
            if n.petals is None:
                counts = n.colour == t.colour
            else:
                counts = (t.colour == "p" and n.petals < 4) or (t.colour == "y" and n.petals > 0)
            if counts:
                partners.append((area[r, c] == area[p], 1))
        slv.add(z3.PbEq(partners, 1) if partners else z3.BoolVal(False))

    free = [p for p in cells if not grid[p[0]][p[1]].fixed]
    answers: list[tuple[str, ...]] = []
    first = None
    while True:  # like pencilproof's count: one more solve at the limit tells if it is complete
        if time_limit is not None:
            left = time_limit - (time.perf_counter() - t0)
            if left <= 0:
                return SeedResult(len(answers), False, True, time.perf_counter() - t0, answers, first)
            slv.set("timeout", max(1, int(left * 1000)))
        verdict = slv.check()
        if verdict != z3.sat or len(answers) >= limit:
            return SeedResult(len(answers), verdict == z3.unsat, verdict == z3.unknown,
                              time.perf_counter() - t0, answers, first)
        if first is None:
            first = time.perf_counter() - t0
        m = slv.model()
        value = {p: z3.is_true(m.eval(lit[p], model_completion=True)) for p in cells}
        answers.append(tuple("".join("x" if (r, c) not in value else "#" if value[r, c] else "."
                                     for c in range(w)) for r in range(h)))
        slv.add(z3.Or([lit[p] != value[p] for p in free]) if free else z3.BoolVal(False))


# --------------------------------------------------------------------------- the benchmark

def load_checker() -> tuple[Callable[..., Any] | None, str]:
    """pencilproof's ``count`` on a Taiji code, or None and why not."""
    try:
        from pencilproof.checker import count
        from pencilproof.formats import load_one
    except Exception as e:  # noqa: BLE001 - any import failure means: no comparison
        return None, f"pencilproof does not import: {type(e).__name__}: {e}"

    def ours(code: str, limit: int, time_limit: float | None) -> Any:
        return count(load_one(code), limit=limit, time_limit=time_limit)

    try:
        ours("3:Kw+FFw60Dw4", 1, 30.0)
    except Exception as e:  # noqa: BLE001
        return None, f"pencilproof cannot count Taiji yet: {type(e).__name__}: {e}"
    return ours, ""


def load_oracle() -> Callable[[str, tuple[str, ...]], bool] | None:
    """tests/taiji_oracle.py's rule check, to confirm the seed's answers (None if absent)."""
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        from taiji_oracle import decode, valid
    except ImportError:
        return None
    return lambda code, state: valid(decode(code), state)


def shown(n: int, complete: bool, timed_out: bool) -> str:
    """A count as the table shows it: exact, a lower bound at the limit, or cut by time."""
    if complete:
        return str(n)
    return f"{n}? (time)" if timed_out else f">={n}"


def disagreement(want: Any, n: int, complete: bool) -> bool:
    """Whether a count (exact if ``complete``, else a lower bound) contradicts a record's
    solution_count (an int, ">=3" or None for unknown)."""
    if want is None:
        return False
    if want == ">=3":
        return complete and n < 3
    return n != want if complete else n > want


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=ROOT / "tests" / "data" / "taiji.jsonl")
    ap.add_argument("--limit", type=int, default=3, help="answers to count up to (default 3)")
    ap.add_argument("--time-limit", type=float, default=60.0,
                    help="seconds per record and side (default 60, 0 for none)")
    ap.add_argument("--only-seed", action="store_true", help="time the seed model only")
    ap.add_argument("--json", metavar="FILE", help="write the rows to this file")
    args = ap.parse_args(argv)
    if args.limit < 1:
        ap.error("--limit must be >= 1")
    tl = args.time_limit if args.time_limit > 0 else None

    recs = [json.loads(line) for line in args.data.read_text().splitlines() if line.strip()]
    puzzles = [r for r in recs if r.get("kind") == "puzzle"]
    skipped = {r["source"]: supported(r["code"]) for r in puzzles}
    runs = [r for r in puzzles if skipped[r["source"]] is None]
    print(f"{len(puzzles)} puzzle records, {len(runs)} the seed supports "
          f"({len(puzzles) - len(runs)} have dashes, slashes or links)")

    ours, why_not = (None, "--only-seed") if args.only_seed else load_checker()
    if ours is None and not args.only_seed:
        print(f"NOTE: {why_not}; timing the seed model only.")
    oracle = load_oracle()
    if oracle is None:
        print("NOTE: tests/taiji_oracle.py not importable; the seed's answers are not re-checked.")
    seed_count("2:+D", 1, None)  # warm-up: z3's first solve loads its tactics

    rows: list[dict[str, Any]] = []
    problems: list[str] = []
    for rec in runs:
        code, want = rec["code"], rec.get("solution_count")
        name = rec["source"].rsplit(" ", 1)[-1]
        tiles = sum(ch != "x" for row in rec["solution"] for ch in row)
        row: dict[str, Any] = {"record": name, "code": code, "size": f"{rec['rows']}x{rec['cols']}",
                               "tiles": tiles, "record_count": want}
        s = seed_count(code, args.limit, tl)
        row.update(seed_seconds=s.seconds, seed_first_seconds=s.first_seconds, seed_count=s.count,
                   seed_complete=s.complete, seed_timed_out=s.timed_out)
        if disagreement(want, s.count, s.complete):
            problems.append(f"{name}: seed count {shown(s.count, s.complete, s.timed_out)}, "
                            f"record says {want}")
        if oracle is not None:
            bad = [a for a in s.answers if not oracle(code, a)]
            row["seed_invalid_answers"] = len(bad)
            if bad:
                problems.append(f"{name}: seed answer {'/'.join(bad[0])} breaks the rules "
                                f"({len(bad)} of {len(s.answers)} found)")
        if ours is not None:
            t0 = time.perf_counter()
            try:
                res = ours(code, args.limit, tl)
            except Exception as e:  # noqa: BLE001 - report and carry on with the next record
                row["ours_error"] = f"{type(e).__name__}: {e}"
                problems.append(f"{name}: pencilproof failed: {row['ours_error']}")
            else:
                sec = time.perf_counter() - t0
                row.update(ours_seconds=sec, ours_reported_seconds=res.seconds, ours_count=res.count,
                           ours_classes=res.classes, ours_complete=res.complete,
                           ours_timed_out=res.timed_out)
                if disagreement(want, res.count, res.complete):
                    problems.append(f"{name}: our count {shown(res.count, res.complete, res.timed_out)}"
                                    f", record says {want}")
                if s.complete and res.complete and s.count != res.count:
                    problems.append(f"{name}: seed counts {s.count}, pencilproof {res.count}")
        rows.append(row)
        print(f"  {name}: seed {shown(s.count, s.complete, s.timed_out)} in {s.seconds:.2f} s"
              + (f", ours {shown(row['ours_count'], row['ours_complete'], row['ours_timed_out'])} "
                 f"in {row['ours_seconds']:.2f} s" if "ours_seconds" in row else ""), flush=True)

    print()
    print(f"Taiji records the seed supports: counts up to {args.limit}, time limit "
          + (f"{tl:g} s per record and side" if tl else "none") + "; wall seconds")
    print()
    print("| record | code | size | tiles | record count | seed 1st answer s | seed s | seed count | ours s"
          " | our count (raw / classes) | speed-up |")
    print("|---|---|:---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        seed_s = f"{'>' if row['seed_timed_out'] else ''}{row['seed_seconds']:.2f}"
        seed_n = shown(row["seed_count"], row["seed_complete"], row["seed_timed_out"])
        if "ours_seconds" in row:
            ours_s = f"{'>' if row['ours_timed_out'] else ''}{row['ours_seconds']:.2f}"
            ours_n = shown(row["ours_count"], row["ours_complete"], row["ours_timed_out"])
            if row["ours_classes"] is not None:
                ours_n += f" / {row['ours_classes']}"
            ratio = row["seed_seconds"] / max(row["ours_seconds"], 1e-6)
            speed = ("" if row["seed_timed_out"] == row["ours_timed_out"]
                     else ">" if row["seed_timed_out"] else "<") + f"{ratio:.1f}x"
            if row["seed_timed_out"] and row["ours_timed_out"]:
                speed = "?"
        else:
            ours_s = ours_n = speed = "-" if "ours_error" not in row else "error"
        code = row["code"] if len(row["code"]) <= 28 else row["code"][:25] + "..."
        want = "?" if row["record_count"] is None else row["record_count"]
        first = "-" if row["seed_first_seconds"] is None else f"{row['seed_first_seconds']:.2f}"
        print(f"| {row['record']} | `{code}` | {row['size']} | {row['tiles']} | {want} | {first} | "
              f"{seed_s} | {seed_n} | {ours_s} | {ours_n} | {speed} |")
    seed_total = sum(r["seed_seconds"] for r in rows)
    seed_cut = any(r["seed_timed_out"] for r in rows)
    line = f"| **total** | | | | | | **{'>' if seed_cut else ''}{seed_total:.2f}** | |"
    timed = [r for r in rows if "ours_seconds" in r]
    if timed:
        ours_total = sum(r["ours_seconds"] for r in timed)
        ours_cut = any(r["ours_timed_out"] for r in timed)
        both = sum(r["seed_seconds"] for r in timed)
        line += (f" **{'>' if ours_cut else ''}{ours_total:.2f}** | | "
                 f"**{'>' if seed_cut and not ours_cut else ''}{both / max(ours_total, 1e-6):.1f}x** |")
    else:
        line += " - | | - |"
    print(line)
    print()
    seed_done = sum(not r["seed_timed_out"] for r in rows)
    print(f"- seed model finished {seed_done} of {len(rows)} records within the limit")
    if timed:
        print(f"- pencilproof finished {sum(not r['ours_timed_out'] for r in timed)} of {len(timed)}")
    if problems:
        print(f"- DISAGREEMENTS ({len(problems)}):")
        for p in problems:
            print(f"    {p}")
    else:
        print("- no disagreement with the records" + (" or between the two" if timed else ""))

    if args.json:
        meta = {"limit": args.limit, "time_limit": tl, "python": platform.python_version(),
                "z3": z3.get_version_string(), "machine": platform.platform(),
                "ours": "skipped" if ours is None else "pencilproof.checker.count",
                "why_not_ours": why_not or None}
        Path(args.json).write_text(json.dumps({"meta": meta, "rows": rows,
                                               "problems": problems}, indent=1) + "\n")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

"""Every command on every genre at its size limit, with a 5 s limit: wall time and peak
memory per row (issue 22). Target: every row under 6 s and 2 GB, or refused (exit 2) in
under 1 s.

For each registered genre the puzzle is the largest empty square board the genre accepts
(1000x1000 where it can; halved until the genre's own rules accept an empty board), a
worst case for the encodings: nothing pins anything down. Flood-It has no empty board: a
random 6-colour board at its solving limit (250x250) and one beyond it (300x300, which
must be refused). Each command runs as a separate process, as a user would run it:

    check / solve / count / backbone / repair / explain / conflict   --time-limit 5
    minimize                                              --max-time 5
    generate GENRE --size RxC --count 1                   --max-time 5
    verify PUZZLE ANSWER (the answer solve found, when it found one in time)
    url, convert --to json, render -o OUT.svg             (no limit to give)

Peak memory is the largest sum of the resident sets of the process and its descendants
(a generate worker counts), sampled every 20 ms from /proc. A run that outlives
``--hard-limit`` is killed and marked so.

    python benchmarks/stress_limits.py
    python benchmarks/stress_limits.py --only canal,floodit --commands check,generate
"""
from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator, Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from pencilproof.encodings import GENRES, get_genre  # noqa: E402
from pencilproof.errors import InputError  # noqa: E402
from pencilproof.puzzle import Puzzle  # noqa: E402

LIMIT = 5.0
WALL_TARGET = LIMIT + 1.0
RSS_TARGET = 2 << 30
REFUSE_TARGET = 1.0
COMMANDS = ("check", "solve", "count", "verify", "url", "convert", "render", "minimize",
            "generate", "backbone", "repair", "explain", "conflict")


def cli() -> list[str]:
    script = Path(sys.executable).parent / "pencilproof"
    return [str(script)] if script.exists() else [sys.executable, "-c",
                                                  "from pencilproof.cli import run; run()"]


# -- peak memory of a process tree ------------------------------------------------------------
def _children() -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        out.setdefault(ppid, []).append(int(name))
    return out


def _rss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, IndexError, ValueError):
        return 0


def tree_rss(root: int) -> int:
    kids = _children()
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += _rss(pid)
        todo.extend(kids.get(pid, ()))
    return total


def run(argv: list[str], hard_limit: float) -> tuple[int, float, int, str]:
    """(exit code, wall seconds, peak bytes, first lines of output)."""
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         start_new_session=True)
    peak = 0
    out = b""
    import selectors
    sel = selectors.DefaultSelector()
    assert p.stdout is not None
    sel.register(p.stdout, selectors.EVENT_READ)
    killed = False
    while True:
        for _key, _ in sel.select(timeout=0.02):
            chunk = os.read(p.stdout.fileno(), 65536)
            if chunk and len(out) < 4096:
                out += chunk[:4096]
            if not chunk:
                sel.unregister(p.stdout)
        peak = max(peak, tree_rss(p.pid))
        if p.poll() is not None and not sel.get_map():
            break
        if time.monotonic() - t0 > hard_limit and not killed:
            os.killpg(p.pid, signal.SIGKILL)
            killed = True
    code = p.wait()
    wall = time.monotonic() - t0
    text = out.decode("utf-8", "replace").strip().splitlines()
    first = text[0] if text else ""
    if killed:
        first = f"KILLED after {hard_limit:g} s; " + first
    return code, wall, peak, first


# -- the puzzles ----------------------------------------------------------------------------------
def _layouts(n: int) -> list[Optional[tuple[tuple[int, ...], ...]]]:
    """Room layouts to try for a genre with 'areas': none, one room per row (Heyawake,
    Norinori, LITS, Star Battle, ...), dominoes side by side (Magnets, Ripple, KenKen)."""
    rows = tuple(tuple([r] * n) for r in range(n))
    half = (n + 1) // 2
    dominoes = tuple(tuple(r * half + c // 2 for c in range(n)) for r in range(n))
    return [None, rows, dominoes]


#: Parameters a genre needs besides its grid and rooms (a Battleships fleet: one ship of
#: each length 1..4; an Easy as ABC over 27 wide: its letters, A-Z).
EXTRA: dict[str, dict[str, Any]] = {"battleships": {"fleet": (1, 1, 1, 1)},
                                    "easyasabc": {"letters": 26}}


def _accepted(genre: str, n: int) -> Optional[Puzzle]:
    """An empty n x n board of the genre as the command line reads it (the genre's
    whole-puzzle checks included), with rooms where it needs them; None if refused."""
    g = get_genre(genre)
    for layout in _layouts(n) if "areas" in getattr(g, "param_keys", ()) else [None]:
        p = Puzzle(g.name, n, n, tuple(tuple([None] * n) for _ in range(n)))
        p = p.with_params(**EXTRA.get(genre, {}))
        if layout is not None:
            p = p.with_params(areas=layout)
        try:
            g.validate(p, "stress")
            g.check_puzzle(p, "stress")
            return p
        except (InputError, ValueError, KeyError):
            continue
    return None


def empty_board(genre: str, largest: int) -> Optional[Puzzle]:
    """The largest empty square board (side <= largest) the genre accepts: halved from
    ``largest`` until accepted, then the largest side between that and the refused one."""
    n, refused = largest, None
    while n >= 2 and (best := _accepted(genre, n)) is None:
        n, refused = n // 2, n
    if n < 2 or best is None:
        return None
    lo, hi = n, refused if refused is not None else n + 1  # accepted, refused
    while hi - lo > 1:
        mid = (lo + hi) // 2
        got = _accepted(genre, mid)
        if got is None:
            hi = mid
        else:
            lo, best = mid, got
    return best


def flood_board(n: int, colours: int = 6) -> Puzzle:
    rng = random.Random(n)
    while True:
        grid = tuple(tuple(rng.randrange(colours) for _ in range(n)) for _ in range(n))
        if len({v for row in grid for v in row}) == colours:
            return Puzzle("floodit", n, n, grid)


def cases(only: Optional[set[str]], largest: int) -> Iterator[tuple[str, Puzzle]]:
    """The boards genre by genre, each made when its turn comes (finding a genre's size
    limit validates boards of a million cells: rows appear as they are measured)."""
    for name in GENRES:
        if only and name not in only:
            continue
        if name == "floodit":
            from pencilproof.encodings.floodit.genre import MAX_CELLS
            side = int(MAX_CELLS ** 0.5)
            yield name, flood_board(side)
            yield name, flood_board(side + 50)
            continue
        p = empty_board(name, largest)
        if p is not None:
            yield name, p
        else:
            print(f"# {name}: no empty board is valid; skipped", flush=True)


def argv_for(command: str, puzzle: Puzzle, path: Path, tmp: Path, answer: Optional[Path]
             ) -> Optional[list[str]]:
    limit = ["--time-limit", str(LIMIT)]
    genre = puzzle.genre
    if command in ("check", "solve", "count", "backbone", "repair", "explain", "conflict"):
        return [command, str(path), *limit] + (["-q"] if command != "solve" and command != "count"
                                               else [])
    if command == "minimize":
        return ["minimize", str(path), "--max-time", str(LIMIT), "-q"]
    if command == "generate":
        out = tmp / f"gen-{genre}-{puzzle.rows}.jsonl"
        if out.exists():
            out.unlink()
        extra = ["--colours", "6"] if genre == "floodit" else []
        return ["generate", genre, "--size", f"{puzzle.rows}x{puzzle.cols}", "--count", "1",
                "--max-time", str(LIMIT), "-q", "-o", str(out), *extra]
    if command == "verify":
        return None if answer is None else ["verify", str(path), str(answer)]
    if command == "url":
        return ["url", str(path)]
    if command == "convert":
        return ["convert", str(path), "--to", "json", "-o", str(tmp / f"c-{genre}.json")]
    if command == "render":
        return ["render", str(path), "-o", str(tmp / f"r-{genre}.svg")]
    raise ValueError(command)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default=None, help="comma-separated genres")
    ap.add_argument("--commands", default=",".join(COMMANDS))
    ap.add_argument("--largest", type=int, default=1000, help="the largest side tried")
    ap.add_argument("--hard-limit", type=float, default=60.0)
    ap.add_argument("--json", default=None, help="also write the rows to this JSON file")
    args = ap.parse_args()
    only = set(args.only.split(",")) if args.only else None
    commands = [c for c in args.commands.split(",") if c]
    rows: list[dict[str, Any]] = []
    print("| genre | size | command | exit | wall s | peak MB | load | ok | first line |")
    print("|---|---|---|---|---|---|---|---|---|", flush=True)
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for genre, puzzle in cases(only, args.largest):
            path = tmp / f"{genre}-{puzzle.rows}.json"
            path.write_text(json.dumps(puzzle.to_doc()))  # the grid alone: no URL to make
            answer: Optional[Path] = None
            for command in commands:
                if command == "verify" and answer is None:
                    answer = _answer_file(genre, puzzle, path, tmp)  # what solve finds in time
                argv = argv_for(command, puzzle, path, tmp, answer)
                if argv is None:
                    print(f"| {genre} | {puzzle.rows}x{puzzle.cols} | {command} | - | - | - | "
                          f"- | no answer found in time to verify |", flush=True)
                    continue
                load = os.getloadavg()[0]  # the machine is shared: a miss may be load
                code, wall, peak, first = run(cli() + argv, args.hard_limit)
                refused = code == 2
                ok = (peak < RSS_TARGET and wall < (REFUSE_TARGET if refused else WALL_TARGET)
                      and "Traceback" not in first and not first.startswith("KILLED"))
                row = {"genre": genre, "size": f"{puzzle.rows}x{puzzle.cols}",
                       "command": command, "exit": code, "wall": round(wall, 2),
                       "peak_mb": round(peak / 2**20), "load": round(load, 2), "ok": ok,
                       "first": first[:100]}
                rows.append(row)
                print(f"| {genre} | {row['size']} | {command} | {code} | {wall:.2f} | "
                      f"{row['peak_mb']} | {load:.2f} | {'yes' if ok else 'NO'} | "
                      f"{first[:90].replace('|', '/')} |", flush=True)
    bad = [r for r in rows if not r["ok"]]
    worst_wall = max((r["wall"] for r in rows), default=0)
    worst_mem = max((r["peak_mb"] for r in rows), default=0)
    print(f"\n{len(rows)} runs, {len(bad)} over a target; slowest {worst_wall:.2f} s, "
          f"largest {worst_mem} MB")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 1 if bad else 0


def _answer_file(genre: str, puzzle: Puzzle, path: Path, tmp: Path) -> Optional[Path]:
    """The answer ``solve --json`` finds within the limit, as a file for verify."""
    p = subprocess.run(cli() + ["solve", "--json", str(path), "--time-limit", str(LIMIT)],
                       capture_output=True, text=True)
    try:
        doc = json.loads(p.stdout.splitlines()[0])
    except (IndexError, ValueError):
        return None
    key = "moves" if genre == "floodit" else "solution"
    sol = doc.get(key) or doc.get("solution")
    if not sol:
        return None
    out = tmp / f"answer-{genre}.json"
    out.write_text(json.dumps({key: sol}))
    return out


if __name__ == "__main__":
    sys.exit(main())

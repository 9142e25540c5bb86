"""Flood-It optima: the shared thesis boards and the seed's instances, each in a child
process (wall time and peak memory from ``os.wait4``), with the default path and the
seed's own formulation (``--mode opt``: z3's optimizer on the seed's assertions).

Targets (issue 12): every thesis board proven to its published optimum, each under 60 s
and 2 GB; the seed's 20x20 instance ``003b`` proven under 60 s.

    python benchmarks/floodit.py                      # everything (about an hour)
    python benchmarks/floodit.py --only thesis --seed-limit 0   # the default path only
    python benchmarks/floodit.py --only 003b --seed-limit 600
    python benchmarks/floodit.py --boards DIR/99problems --peers PEERS --seed-limit 0

``--limit`` is the time limit per board for the default path, ``--seed-limit`` for the
seed's formulation (0: skip it); ``--solver z3`` runs the default path on z3.

``--boards DIR`` takes the boards from the thesis files in DIR (``ROWS COLS COLOURS``, the
cells, the optimum: github.com/manteuffel723/flood-it-boards, 99problems/) instead of
tests/data/floodit.jsonl, and each board runs as a user runs it: ``pencilproof solve
--json --time-limit L FILE`` (the console script, start-up included). ``--peers PEERS``:
PEERS holds the sources of smack42/ColorFill (Java) and aaronpuchert/floodit (C++), in any
subfolders; they are built into PEERS/build (javac, g++ -O2) and run on the same boards,
one process at a time, in turn with ours (the order rotates from board to board, so load
on the machine hits all three), each measured by ``os.wait4``: wall time, CPU time (user +
system) and peak memory. ColorFill runs its A* (Puchert strategy) through its
``-99problems`` mode on a folder holding the one board, with ``--java-heap``; floodit
reads the board from a file (``floodit FILE``). ``--peer-limit`` stops a peer after that
many seconds (reported as ``>N``).
"""
from __future__ import annotations

import argparse
import compileall
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "floodit.jsonl"


def load_puzzle(which: str):  # type: ignore[no-untyped-def]
    """A record of DATA (``rec:INDEX``) or a board file (``file:PATH``)."""
    kind, _, arg = which.partition(":")
    if kind == "rec":
        from pencilproof.formats.jsondoc import puzzle_from_doc
        rec = json.loads(DATA.read_text().splitlines()[int(arg)])
        return puzzle_from_doc(rec, f"record {arg}")
    from pencilproof.formats import parse_documents
    _, doc = next(parse_documents(Path(arg).read_text(), arg))
    if isinstance(doc, Exception):
        raise doc
    return doc.puzzle


def one(which: str, how: str, limit: float, solver: str) -> None:
    """Child: solve one board, print one JSON line."""
    from pencilproof.checker import optimum
    from pencilproof.encodings import ModeOptions, get_genre
    puzzle = load_puzzle(which)
    t0 = time.perf_counter()
    if how == "default":
        res = optimum(puzzle, backend=solver, time_limit=limit)
        out = {"optimum": res.optimum, "lower": res.lower_bound, "best": res.best,
               "calls": res.stats.get("solver_calls")}
    else:
        mode = next(m for m in get_genre("floodit").modes if m.name == "opt")
        r = mode.run(puzzle, ModeOptions(time_limit=limit))
        # The optimizer's answer is optimal for the seed only when z3 says sat.
        out = {"optimum": len(r.answer) if r.status == "sat" and r.answer is not None else None,
               "status": r.status}
    out["seconds"] = round(time.perf_counter() - t0, 3)
    print(json.dumps(out))


def measured(cmd: list[str], limit: float | None = None) -> tuple[str, int, float, float, float]:
    """Run ``cmd`` alone: (stdout, exit status, wall s, CPU s of it and its children, peak MB).
    Past ``limit`` seconds its process group is killed (status -9)."""
    t0 = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        killed = False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if limit is not None and time.perf_counter() - t0 > limit and not killed:
                os.killpg(proc.pid, signal.SIGKILL)
                killed = True
            time.sleep(0.005)
        wall = time.perf_counter() - t0
        proc.returncode = 0  # reaped by wait4 above
        out.seek(0)
        text = out.read().decode(errors="replace")
    cpu = usage.ru_utime + usage.ru_stime
    return text, (-9 if killed else os.waitstatus_to_exitcode(status)), wall, cpu, \
        usage.ru_maxrss / 1024


def run_child(which: str, how: str, limit: float, solver: str) -> tuple[dict, float, float]:
    res, wall, _, mb = run_child_cpu(which, how, limit, solver)
    return res, wall, mb


def run_child_cpu(which: str, how: str, limit: float,
                  solver: str) -> tuple[dict, float, float, float]:
    kind, _, path = which.partition(":")
    if kind == "file" and how == "default":  # a board file: what a user runs
        text, status, wall, cpu, mb = measured(
            cli() + ["solve", "--json", "--time-limit", str(limit), "--solver", solver, path])
        try:
            got = json.loads(text.strip().splitlines()[-1])
            return ({"optimum": got["optimum"] if got["proven"] else None,
                     "lower": got["lower_bound"], "best": got["best"],
                     "seconds": got["seconds"]}, wall, cpu, mb)
        except (IndexError, KeyError, json.JSONDecodeError):
            return {"error": f"exit status {status}"}, wall, cpu, mb
    text, status, wall, cpu, mb = measured([sys.executable, __file__, "--child", which, how,
                                           str(limit), solver])
    try:
        return json.loads(text.strip().splitlines()[-1]), wall, cpu, mb
    except (IndexError, json.JSONDecodeError):
        return {"error": f"exit status {status}"}, wall, cpu, mb


def cli() -> list[str]:
    """The ``pencilproof`` console script beside this Python (as a user runs it), else
    ``python -m pencilproof.cli``."""
    script = Path(sys.executable).with_name("pencilproof")
    return [str(script)] if script.exists() else [sys.executable, "-m", "pencilproof.cli"]


# -- peers ----------------------------------------------------------------------------------
def _find(root: Path, tail: str) -> Path | None:
    hits = sorted(p for p in root.rglob(tail.split("/")[-1]) if str(p).endswith(tail)
                  and "build" not in p.relative_to(root).parts[:1])
    return hits[0] if hits else None


def build_peers(root: Path) -> dict[str, list[str]]:
    """Build ColorFill and floodit from their sources under ``root``: name -> command
    prefix (the board's file or folder is appended). A peer whose sources are missing
    is left out, with a line saying so."""
    out: dict[str, list[str]] = {}
    build = root / "build"
    build.mkdir(exist_ok=True)
    starter = _find(root, "src/colorfill/ui/Starter.java")
    if starter is None:
        print(f"ColorFill: no src/colorfill/ui/Starter.java under {root}", file=sys.stderr)
    else:
        src = starter.parents[2]
        classes = build / "colorfill"
        if not (classes / "colorfill" / "ui" / "Starter.class").exists():
            classes.mkdir(exist_ok=True)
            lib = src.parent / "lib"
            subprocess.run(["javac", "-nowarn", "-encoding", "UTF-8", "-cp", f"{lib}/*",
                            "-d", str(classes)] + [str(p) for p in src.rglob("*.java")],
                           check=True)
        out["ColorFill"] = ["java", "-cp", f"{classes}:{src.parent / 'lib'}/*",
                            "colorfill.ui.Starter", "-99problems"]
    main = _find(root, "src/main.cpp")
    while main is not None and not (main.parents[1] / "include" / "floodit.hpp").exists():
        main = None
    if main is None:
        print(f"floodit: no src/main.cpp beside include/floodit.hpp under {root}",
              file=sys.stderr)
    else:
        top = main.parents[1]
        exe = build / "floodit"
        if not exe.exists():
            subprocess.run(["g++", "-std=c++11", "-O2", "-DNDEBUG", "-pthread", "-I",
                            str(top / "include"), "-o", str(exe), str(top / "src" / "floodit.cpp"),
                            str(top / "src" / "main.cpp")], check=True)
        out["floodit"] = [str(exe)]
    return out


def run_peer(name: str, cmd: list[str], rows: int, cols: int, grid: list[list[int]],
             known: int | None, limit: float, heap: str) -> tuple[int | None, float, float, float]:
    """One peer on one board: (moves it proved optimal or None, wall s, CPU s, peak MB)."""
    ncol = 1 + max(max(r) for r in grid)
    with tempfile.TemporaryDirectory() as tmp:
        if name == "ColorFill":
            board = Path(tmp) / "1_board"  # its -99problems mode reads files named 0-9...
            board.write_text(f"{rows} {cols} {ncol}\n"
                             + " ".join(str(v + 1) for r in grid for v in r)
                             + f"\n{known or 0}\n")
            full = cmd[:1] + [f"-Xmx{heap}"] + cmd[1:] + [tmp]
            pattern = r"myMoves=(\d+)"
        else:
            board = Path(tmp) / "board.txt"
            board.write_text(f"{rows} {cols}\n0 0\n"
                             + "\n".join(" ".join(str(v + 1) for v in r) for r in grid) + "\n")
            full = cmd + [str(board)]
            pattern = r"shortest sequence of (\d+) moves"
        text, status, wall, cpu, mb = measured(full, limit)
    m = re.search(pattern, text)
    return (int(m.group(1)) if m and status == 0 else None), wall, cpu, mb


def peers_table(args: argparse.Namespace, boards: list[tuple[str, str, dict]]) -> None:
    """Ours and the peers on every board, one process at a time, the order rotating."""
    peers = build_peers(Path(args.peers).resolve())
    names = ["pencilproof"] + list(peers)
    head = f"{'board':14} {'opt':>3} |" + "|".join(
        f" {n[:11]:>11} {'wall':>7} {'cpu':>7} {'MB':>6} " for n in names) + "| ratio"
    print(head, flush=True)
    rows = []
    for k, (name, which, rec) in enumerate(boards):
        grid = [list(r) for r in rec["grid"]]
        known = rec.get("optimal_moves")
        got: dict[str, tuple[int | None, float, float, float]] = {}
        order = names[k % len(names):] + names[:k % len(names)]
        for who in order:
            if who == "pencilproof":
                res, wall, cpu, mb = run_child_cpu(which, "default", args.limit, args.solver)
                opt = res.get("optimum")
                got[who] = (opt if isinstance(opt, int) else None, wall, cpu, mb)
            else:
                got[who] = run_peer(who, peers[who], rec["rows"], rec["cols"], grid, known,
                                    args.peer_limit, args.java_heap)
        done = [got[p] for p in peers if got[p][0] is not None]
        fastest = min((g[1] for g in done), default=None)
        ratio = got["pencilproof"][1] / fastest if fastest else float("nan")
        cells = []
        for n in names:
            opt, wall, cpu, mb = got[n]
            mark = "" if opt is None or known is None or opt == known else "!"
            cells.append(f" {str(opt) + mark if opt is not None else '-':>11} "
                         f"{wall:7.2f} {cpu:7.2f} {mb:6.0f} ")
        print(f"{name:14} {str(known):>3} |" + "|".join(cells) + f"| {ratio:5.2f}", flush=True)
        rows.append((name, known, got, fastest))
    ours = [r[2]["pencilproof"] for r in rows]
    wins = sum(1 for r in rows if r[3] is None or r[2]["pencilproof"][1] < r[3])
    hard = [r for r in rows if r[3] is not None and r[3] > 1.0]
    easy = [r for r in rows if r[3] is not None and r[3] <= 1.0]
    print(f"\n{len(rows)} boards; pencilproof proved {sum(o[0] is not None for o in ours)}, "
          f"equal to the published optimum on "
          f"{sum(1 for r in rows if r[2]['pencilproof'][0] == r[1])}; faster than the faster "
          f"peer on {wins}; on the {len(hard)} boards where that peer needs > 1 s faster on "
          f"{sum(1 for r in hard if r[2]['pencilproof'][1] < r[3])}; within 1.5x on the rest: "
          f"{sum(1 for r in easy if r[2]['pencilproof'][1] <= 1.5 * r[3])} of {len(easy)}; slowest "
          f"{max((o[1] for o in ours), default=0):.1f} s, peak {max((o[3] for o in ours), default=0):.0f} MB")


def thesis_record(path: Path) -> dict:
    """A thesis board file as a record: rows, cols, grid (colours from 0), optimum."""
    lines = [ln for ln in path.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    rows, cols, _ = (int(x) for x in lines[0].split())
    tokens = " ".join(lines[1:]).split()
    cells = [int(x) - 1 for x in tokens[:rows * cols]]
    opt = int(tokens[rows * cols]) if len(tokens) > rows * cols else 0
    return {"rows": rows, "cols": cols, "colors": max(cells) + 1, "optimal_moves": opt or None,
            "grid": [cells[r * cols:(r + 1) * cols] for r in range(rows)]}


def compile_package() -> None:
    """Byte-compile pencilproof once, so that every child starts as an installed package
    does: with PYTHONDONTWRITEBYTECODE set (as in some shells and CI images) each child
    compiled every module again, about 0.35 s of CPU, most of an easy board's time."""
    import pencilproof
    compileall.compile_dir(str(Path(pencilproof.__file__).parent), quiet=1)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        one(sys.argv[2], sys.argv[3], float(sys.argv[4]), sys.argv[5])
        return
    compile_package()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=float, default=120.0)
    ap.add_argument("--seed-limit", type=float, default=60.0)
    ap.add_argument("--solver", default="cadical")
    ap.add_argument("--only", default="", help="substring of the record's source or file name")
    ap.add_argument("--boards", default="", help="a folder of thesis board files")
    ap.add_argument("--peers", default="", help="a folder with ColorFill's and floodit's sources")
    ap.add_argument("--peer-limit", type=float, default=300.0)
    ap.add_argument("--java-heap", default="6g")
    args = ap.parse_args()
    boards: list[tuple[str, str, dict]] = []
    if args.boards:
        for path in sorted(Path(args.boards).iterdir()):
            if path.name[:1].isdigit() and (not args.only or args.only in path.name):
                boards.append((path.name, f"file:{path.resolve()}", thesis_record(path)))
    else:
        for i, line in enumerate(DATA.read_text().splitlines()):
            rec = json.loads(line)
            src = rec["source"]
            if args.only and args.only not in src:
                continue
            if "99problems" not in src and "003b" not in src and not args.only:
                continue
            rec = dict(rec, grid=[[int(ch, 36) for ch in r] for r in rec["grid"]])
            boards.append((src.split("/")[-1].split(" ")[0], f"rec:{i}", rec))
    if args.peers:
        peers_table(args, boards)
        return
    rows = []
    print(f"{'board':22} {'size':>6} {'col':>3} {'known':>5} {'proven':>6} {'s':>7} {'cpu s':>7}"
          f" {'MB':>5} | {'seed opt':>8} {'s':>7} {'MB':>5}", flush=True)
    for name, which, rec in boards:
        res, wall, cpu, mb = run_child_cpu(which, "default", args.limit, args.solver)
        seed: tuple[dict, float, float] = ({}, 0.0, 0.0)
        if args.seed_limit > 0:
            seed = run_child(which, "seed", args.seed_limit, "z3")
        known = rec.get("optimal_moves")
        ok = known is None or res.get("optimum") == known
        rows.append((name, known, res, wall, mb, seed, ok))
        sres, swall, smb = seed
        sval = "-" if not sres else (str(sres.get("optimum")) if sres.get("optimum") else
                                     sres.get("status", sres.get("error", "?")))
        print(f"{name:22} {rec['rows']}x{rec['cols']:<3} {rec.get('colors', 0):>3} "
              f"{str(known):>5} {str(res.get('optimum')):>6} {wall:7.2f} {cpu:7.2f} {mb:5.0f}"
              f" | {sval:>8} {swall:7.2f} {smb:5.0f}" + ("" if ok else "  MISMATCH"), flush=True)
    total = sum(r[3] for r in rows)
    slow = max(rows, key=lambda r: r[3]) if rows else None
    over = [r[0] for r in rows if r[3] > 60 or r[4] > 2048 or r[2].get("optimum") is None]
    print(f"\n{len(rows)} boards: {sum(r[6] for r in rows)} match, total {total:.1f} s, "
          f"slowest {slow[0] if slow else '-'} {slow[3] if slow else 0:.1f} s, "
          f"peak {max((r[4] for r in rows), default=0):.0f} MB; over 60 s / 2 GB or unproven: "
          f"{', '.join(over) or 'none'}")
    if args.seed_limit > 0:
        solved = [r for r in rows if r[5][0].get("optimum")]
        print(f"seed --mode opt (z3, {args.seed_limit:g} s each): {len(solved)} of {len(rows)} "
              f"optimal within the limit, total {sum(r[5][1] for r in rows):.1f} s")


if __name__ == "__main__":
    main()

"""Every published janko.at page of the kit genres: read, judged unique, the published answer.

For every JSON line with a ``janko`` block (``{"source", "janko_genre", "janko"}``) in the
given files (default: ``../shared/data/janko/`` when it is there, else the copy in
``tests/data/janko/``), the page must be read, the checker must answer ``unique`` with
the block's published solution, and that solution with one cell changed must fail the
verifier. Reported per genre: pages, read, right (unique with the published solution),
wrong (another verdict or answer), unknown at ``--time-limit``, refused while reading,
and the median and max CPU seconds of the check (parse excluded: encode + both solves,
``time.process_time`` in the worker, so a loaded machine inflates wall time, not these),
and the genre module's lines of code. ``--save`` writes the table where the docs' genre
pages read their figures (``docs/_data/janko_genres.txt``).

Targets (issue 38): every page read and right, none unknown at 10 s, per genre a median
under 0.05 s and every page under 2 s of CPU.

    python benchmarks/janko_genres.py                         # every file, 2 workers
    python benchmarks/janko_genres.py --genre tapa --genre lits
    python benchmarks/janko_genres.py FILES... --failures bad.jsonl --markdown

Files whose genre this project does not have are listed once and skipped. Exit code 2
when any page is refused, wrong or unknown, or a changed solution verifies.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # run from a checkout without installing

from pencilproof.checker import Verdict, check  # noqa: E402
from pencilproof.encodings import get_genre  # noqa: E402
from pencilproof.errors import InputError  # noqa: E402
from pencilproof.formats.janko import parse_janko  # noqa: E402
from pencilproof.puzzle import Puzzle, Solution  # noqa: E402

SHARED = ROOT.parent / "shared" / "data" / "janko"


@dataclass(frozen=True)
class Page:
    file: str
    line: int
    genre: str      # the file's name: one janko.at collection
    outcome: str    # right | wrong | unknown | refused | error | verifies
    cpu: float
    detail: str = ""


def changed(puzzle: Puzzle, solution: Solution) -> Solution:
    """The solution with one cell changed to another character it uses: the cell nearest
    the middle that the puzzle leaves open (a given's cell may be written two ways, as
    Shakashaka's numbered black cells are), else the middle one."""
    rows = solution.rows
    chars = sorted({ch for row in rows for ch in row})
    mid = (len(rows) // 2, len(rows[0]) // 2)
    open_cells = sorted((x for x in puzzle.cells() if puzzle[x] is None),
                        key=lambda x: (abs(x[0] - mid[0]) + abs(x[1] - mid[1]), x))
    r, c = open_cells[0] if open_cells else mid
    row = rows[r]
    other = next((ch for ch in chars if ch != row[c]), "." if row[c] != "." else "#")
    return type(solution)(rows[:r] + (row[:c] + other + row[c + 1:],) + rows[r + 1:])


def judge(job: tuple[str, int, str, float, str | None]) -> Page:
    path, line_no, text, time_limit, backend = job
    name = Path(path).stem
    where = f"{Path(path).name}:{line_no}"
    try:
        record = json.loads(text)
        doc = parse_janko(record["janko"], where, record.get("janko_genre"))
    except InputError as e:
        return Page(path, line_no, name, "refused", 0.0, str(e))
    if doc.solution is None:
        return Page(path, line_no, name, "refused", 0.0, "no published solution read")
    t0 = time.process_time()
    try:
        res = check(doc.puzzle, backend=backend, time_limit=time_limit)
    except Exception as e:  # noqa: BLE001 - an error on a published page is a finding
        return Page(path, line_no, name, "error", time.process_time() - t0,
                    f"{type(e).__name__}: {e}")
    cpu = time.process_time() - t0
    if res.verdict is Verdict.UNKNOWN:
        return Page(path, line_no, name, "unknown", cpu)
    if res.verdict is not Verdict.UNIQUE or res.solutions[0] != doc.solution:
        got = "another answer" if res.verdict is Verdict.UNIQUE else res.verdict.value
        cells = ""
        if res.verdict is Verdict.MULTIPLE:
            cells = " differing at " + " ".join(f"r{r + 1}c{c + 1}" for r, c in res.differ[:8])
        return Page(path, line_no, name, "wrong", cpu, got + cells)
    genre = get_genre(doc.puzzle.genre)
    try:
        verifies = genre.verify(doc.puzzle, changed(doc.puzzle, doc.solution)) == []
    except InputError:
        verifies = False  # a character the genre cannot hold is "not a solution"
    if verifies:
        return Page(path, line_no, name, "verifies", cpu, "a changed solution verifies")
    return Page(path, line_no, name, "right", cpu)


def jobs(files: list[Path], time_limit: float, backend: str | None):
    for f in files:
        for i, text in enumerate(f.read_text().splitlines()):
            if text.strip():
                yield (str(f), i + 1, text, time_limit, backend)


def known(f: Path) -> bool:
    """Does this project read the collection's genre (judged by its first page)?"""
    first = next((t for t in f.read_text().splitlines() if t.strip()), None)
    if first is None:
        return False
    try:
        record = json.loads(first)
        parse_janko(record["janko"], f.name, record.get("janko_genre"))
    except InputError as e:  # a genre, or a janko.at variant of one, not read here
        return "unknown genre" not in str(e) and "is not read here" not in str(e)
    return True


def code_lines(genre_name: str) -> int:
    """Lines of code (not blank, not comments) of the genre's module or package."""
    module = sys.modules[type(get_genre(genre_name)).__module__]
    path = Path(module.__file__ or "")
    files = sorted(path.parent.glob("*.py")) if path.name == "__init__.py" else [path]
    return sum(1 for f in files for line in f.read_text().splitlines()
               if line.strip() and not line.strip().startswith("#"))


def genre_of(stem: str) -> str:
    """The registered genre a collection's file is of (``sudoku_irregular``: sudoku)."""
    try:
        return get_genre(stem).name
    except InputError:
        return get_genre(stem.split("_")[0]).name


def table(pages: list[Page], markdown: bool) -> list[str]:
    head = ("genre", "pages", "read", "right", "wrong", "unknown", "median s", "max s", "lines")
    by: dict[str, list[Page]] = {}
    for p in pages:
        by.setdefault(p.genre, []).append(p)
    rows = []
    for name in sorted(by):
        ps = by[name]
        cpu = [p.cpu for p in ps if p.outcome != "refused"]
        rows.append((name, len(ps), sum(p.outcome != "refused" for p in ps),
                     sum(p.outcome == "right" for p in ps),
                     sum(p.outcome in ("wrong", "verifies", "error") for p in ps),
                     sum(p.outcome == "unknown" for p in ps),
                     f"{statistics.median(cpu):.3f}" if cpu else "-",
                     f"{max(cpu):.2f}" if cpu else "-", code_lines(genre_of(name))))
    cpu = [p.cpu for p in pages if p.outcome != "refused"]
    rows.append(("all", len(pages), sum(r[2] for r in rows), sum(r[3] for r in rows),
                 sum(r[4] for r in rows), sum(r[5] for r in rows),
                 f"{statistics.median(cpu):.3f}" if cpu else "-",
                 f"{max(cpu):.2f}" if cpu else "-", ""))
    if markdown:
        out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        return out + ["| " + " | ".join(map(str, r)) + " |" for r in rows]
    fmt = "{:<18} {:>6} {:>6} {:>6} {:>6} {:>7} {:>9} {:>7} {:>6}"
    return [fmt.format(*head)] + [fmt.format(*r) for r in rows]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", help="JSON-lines files or folders of them")
    ap.add_argument("--genre", action="append", default=[],
                    help="only this collection (its file name; repeat for several)")
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--backend", default=None)
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--failures", type=Path, help="write every page not right here (JSON lines)")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    ap.add_argument("--save", action="store_true",
                    help="also write the table to docs/_data/janko_genres.txt (the genre pages)")
    args = ap.parse_args(argv)
    paths = [Path(p) for p in args.paths] or [SHARED if SHARED.is_dir()
                                              else ROOT / "tests" / "data" / "janko"]
    files = [f for p in paths for f in (sorted(p.glob("*.jsonl")) if p.is_dir() else [p])]
    if args.genre:
        files = [f for f in files if f.stem in args.genre]
    skipped = [f.stem for f in files if not known(f)]
    files = [f for f in files if f.stem not in skipped]
    if skipped:
        print(f"skipped {len(skipped)} collections of genres not read here: "
              + " ".join(skipped), file=sys.stderr)
    t0 = time.perf_counter()
    pages: list[Page] = []
    work = list(jobs(files, args.time_limit, args.backend))
    with multiprocessing.Pool(args.jobs, maxtasksperchild=200) as pool:
        for k, page in enumerate(pool.imap_unordered(judge, work, chunksize=4)):
            pages.append(page)
            if page.outcome != "right":
                print(f"  {Path(page.file).name}:{page.line}: {page.outcome} "
                      f"({page.cpu:.2f} s) {page.detail}", file=sys.stderr)
            if sys.stderr.isatty() and k % 50 == 0:
                print(f"  {k + 1}/{len(work)}", end="\r", file=sys.stderr)
    print("\n".join(table(pages, args.markdown)))
    if args.save:
        (ROOT / "docs" / "_data" / "janko_genres.txt").write_text(
            "\n".join(table(pages, False)) + "\n", encoding="utf-8")
    print(f"{len(pages)} pages in {time.perf_counter() - t0:.0f} s wall, "
          f"{sum(p.cpu for p in pages):.0f} s CPU of checks")
    bad = [p for p in pages if p.outcome != "right"]
    if args.failures:
        args.failures.write_text("".join(json.dumps(p.__dict__) + "\n" for p in
                                         sorted(bad, key=lambda p: (p.file, p.line))))
    return 2 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

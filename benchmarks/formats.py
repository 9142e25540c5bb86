"""Time the exchange formats and pictures on the shared records (never run by the tests).

For every record with a URL whose genre is registered: URL decode + encode, pzprv3 write
+ read, JSON write + read; then the pictures of the largest course puzzle (20x30 Canal
View) as SVG and PNG. Each figure is the best of ``--repeat`` runs, in milliseconds.

    python benchmarks/formats.py
    python benchmarks/formats.py --repeat 10
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from pencilproof.encodings import GENRES
from pencilproof.formats import (Document, document_from_doc, document_to_doc, parse_pzprv3,
                                 parse_url, puzzle_from_doc, to_pzprv3, to_url)
from pencilproof.output import picture, write_picture

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times) * 1000


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    recs = [json.loads(line) for f in sorted(DATA.glob("*.jsonl"))
            for line in f.read_text().splitlines() if line.strip()]
    recs = [r for r in recs if "url" in r and r["genre"] in GENRES]
    docs = [Document(puzzle_from_doc(r, "r"), None) for r in recs]
    cells = sum(d.puzzle.rows * d.puzzle.cols for d in docs)
    print(f"{len(recs)} records ({', '.join(sorted({r['genre'] for r in recs}))}), {cells} cells")

    def urls():
        for r in recs:
            assert to_url(parse_url(r["url"])) == r["url"].rstrip("/")

    def pzprv3():
        for d in docs:
            assert parse_pzprv3(to_pzprv3(d.puzzle), "b").puzzle == d.puzzle

    def jsons():
        for d in docs:
            assert document_from_doc(json.loads(json.dumps(document_to_doc(d))), "b") == d

    for name, fn in [("URL decode+encode", urls), ("pzprv3 write+read", pzprv3),
                     ("JSON write+read", jsons)]:
        ms = best(fn, args.repeat)
        print(f"{name:22} {ms:8.1f} ms total  {1000 * ms / cells:6.2f} us/cell")
    big = max(docs, key=lambda d: d.puzzle.rows * d.puzzle.cols).puzzle
    with tempfile.TemporaryDirectory() as tmp:
        for kind in ("svg", "png"):
            path = str(Path(tmp) / f"big.{kind}")
            ms = best(lambda path=path: write_picture(picture(big), path), args.repeat)
            print(f"picture {big.rows}x{big.cols} {kind:3}     {ms:8.1f} ms  "
                  f"({Path(path).stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

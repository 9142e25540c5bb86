"""Fuzz cases for the pencilproof CLI, shared by ``tests/test_fuzz.py`` (hypothesis) and
``benchmarks/fuzz_cli.py`` (a long run): one copy of the input generators, of the
in-process runner and of the checks.

Every generator takes ``rnd``, a :class:`random.Random` (hypothesis's ``st.randoms()``
in the test, ``random.Random(seed)`` in the benchmark), and :func:`make_case` returns a
:class:`Case`: the argument list of one ``pencilproof`` command, the files it reads
(written into a fresh directory that is the working directory while it runs), what
standard input holds, and the puzzles that must still be reported after bad ones.

Inputs are real puzzles (``src/pencilproof/examples``, ``tests/data``) in every format,
mutated (byte flips, truncation, random Unicode such as ``²`` ``٣`` and control
characters, huge numbers, deep nesting, swapped sizes, blank lines, BOMs, CRLF), and
plausible but wrong ones built from scratch (wrong sizes, unknown genres, clues out of
range, bad answers), under random option combinations. Every solver run is bounded
(``--time-limit`` <= 2, ``minimize --max-time``, grids of at most 12x12).

:func:`problems` lists what is wrong with one run: an exit code outside 0-3, an
exception escaping ``main`` or traceback text in the output, a hang (the runner's
alarm), an error that is more than one line or names no place, and a good puzzle after
a bad one that was not reported.
"""
from __future__ import annotations

import io
import json
import os
import random
import re
import signal
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "src" / "pencilproof" / "examples"
DATA = ROOT / "tests" / "data"

COMMANDS = ("check", "solve", "count", "url", "verify", "render", "convert", "minimize",
            "generate", "genres")
#: How often each command is drawn (generate forks nothing with --jobs 1 but is slow).
WEIGHTS = {"check": 30, "solve": 12, "count": 12, "url": 10, "verify": 12, "render": 6,
           "convert": 12, "minimize": 6, "generate": 1, "genres": 1}
FORMATS = ("text", "json", "jsonl", "url", "pzprv3", "janko")
GENRE_NAMES = ("canal", "smullyan", "lightup", "akari", "bijutsukan", "canalview",
               "Canal", "CANAL", "smullyanic", "light-up", "floodit", "taiji", "nurikabe",
               "", " ", "canal\x00", "cañal", "٣", "pzprv3", "{}", "canal/6")
#: Characters that break things: superscripts and other-script digits ``int`` or
#: ``isdigit`` accept, controls, line breaks ``str.splitlines`` splits on, a BOM,
#: zero-width and right-to-left marks, a lone surrogate, emoji, quotes, slashes.
NASTY_CHARS = ("²", "٣", "੩", "Ⅻ", "①", "\x00", "\x01", "\x1b", "\x7f", "\x85", "\x0b",
               "\x0c", "\x1c", "\u2028", "\u2029", "\ufeff", "\u200b", "\u202e", "\ud800",
               "\udcff", "🙂", "é", "\t", "\r", "\n", "\r\n", "\"", "'", "\\", "/", "%",
               "%20", "%zz", "{", "}", "[", "]", ",", ":", "#", "?", "-", "+", ".", "x",
               "o", "L", "_", "0", "9", " ")
HUGE_NUMBERS = ("9" * 5000, "1" * 61, "1" * 4301, "4096", "4095", "65536", "2147483648",
                "18446744073709551617", "-1", "-0", "0", "00", "1e309", "1.5", "1e3",
                "0x10", "NaN", "Infinity", "1_000", " 3", "٣", "²", "１２")
TOKENS = (".", "?", "-", "#", "x", "o", "+", "L", "0", "1", "4", "5", "10", "16", "4095",
          "4096", "-1", "null", "true", "\"?\"", "[]", "{}", "\"#\"", "\"\"", "1.0", "²")
SOLVER_COMMANDS = ("check", "solve", "count", "minimize")


# -- seeds: the real inputs -------------------------------------------------------------
def _records(genre: str) -> list[tuple[dict, str]]:
    out = []
    path = DATA / f"{genre}.jsonl"
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                out.append((json.loads(line), line))
    return out


def _small(rec: dict, limit: int = 12) -> bool:
    return (isinstance(rec.get("rows"), int) and isinstance(rec.get("cols"), int)
            and rec["rows"] <= limit and rec["cols"] <= limit)


def _token(genre: str, v) -> str:
    if v is None:
        return "."
    return str(v)


def _text_of(rec: dict) -> str:
    head = f"{rec['genre']} {rec['rows']}x{rec['cols']}"
    return "\n".join([head] + [" ".join(_token(rec["genre"], v) for v in row)
                               for row in rec["grid"]]) + "\n"


def _pzprv3_of(rec: dict) -> Optional[str]:
    p = rec.get("pzprv3")
    return p.replace("/", "\n") if isinstance(p, str) else None


def _janko_of(rec: dict) -> str:
    """A Janko block for a record (Canal View ``x`` shaded, Akari ``x`` wall ``o`` lamp)."""
    walls = rec["genre"] == "lightup"
    lines = ["begin", f"puzzle {'akari' if walls else rec['genre']}", "author fuzz"]
    if rec["rows"] == rec["cols"]:
        lines.append(f"size {rec['rows']}")
    else:
        lines += [f"rows {rec['rows']}", f"cols {rec['cols']}"]
    lines.append("problem")
    for row in rec["grid"]:
        lines.append(" ".join("-" if v is None else ("x" if v == "#" else str(v))
                              for v in row))
    sol = rec.get("solution")
    if isinstance(sol, list):
        lines.append("solution")
        for r, srow in enumerate(sol):
            toks = []
            for c, ch in enumerate(srow):
                given = rec["grid"][r][c]
                if walls:
                    toks.append("o" if ch == "L" else ("x" if given == "#" else
                                                      str(given) if given is not None else "-"))
                else:
                    toks.append("x" if ch == "#" else (str(given) if given is not None else "-"))
            lines.append(" ".join(toks))
    lines.append("end")
    return "\n".join(lines) + "\n"


@dataclass
class Seeds:
    """Real inputs by format, small enough for a bounded solver run."""

    text: list[str] = field(default_factory=list)
    json: list[str] = field(default_factory=list)       # one document (one line)
    url: list[str] = field(default_factory=list)
    pzprv3: list[str] = field(default_factory=list)
    janko: list[str] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)
    good: list[dict] = field(default_factory=list)      # small records that read


_SEEDS: Optional[Seeds] = None


def seeds() -> Seeds:
    global _SEEDS
    if _SEEDS is not None:
        return _SEEDS
    s = Seeds()
    for name in ("puzzle.txt", "akari.txt", "smullyan.txt", "canal-course-17.txt",
                 "canal-course-25.txt"):
        s.text.append((EXAMPLES / name).read_text(encoding="utf-8"))
    s.json.append((EXAMPLES / "more.json").read_text(encoding="utf-8"))
    s.pzprv3.append((EXAMPLES / "setter.pzprv3").read_text(encoding="utf-8"))
    for name in ("answer.txt", "akari-answer.txt"):
        s.answers.append((EXAMPLES / name).read_text(encoding="utf-8"))
    for genre in ("canal", "smullyan", "lightup"):
        for rec, line in _records(genre):
            if not _small(rec, 10):
                continue
            s.json.append(line)
            s.text.append(_text_of(rec))
            s.janko.append(_janko_of(rec))
            if isinstance(rec.get("url"), str):
                s.url.append(rec["url"])
            p = _pzprv3_of(rec)
            if p:
                s.pzprv3.append(p)
                s.url.append("https://puzz.link/p?" + quote(rec["pzprv3"], safe="/"))
            sol = rec.get("solution")
            if isinstance(sol, list):
                s.answers.append("\n".join(sol) + "\n")
                s.answers.append(json.dumps({"solution": sol}))
            if rec.get("kind") == "puzzle" and _small(rec, 8):
                s.good.append(rec)
    for genre in ("floodit", "taiji"):  # JSON lines without a grid (a code; a digit grid)
        for _rec, line in _records(genre)[:5]:
            s.json.append(line)
    for rec, _line in _records("taiji")[:12]:  # Taiji Maker codes: command-line arguments
        s.url.append(rec["code"])
    _SEEDS = s
    return s


# -- mutations -----------------------------------------------------------------------------
def _pick(rnd: random.Random, seq):
    return seq[rnd.randrange(len(seq))]


def _pos(rnd: random.Random, text) -> int:
    return rnd.randrange(len(text) + 1)


def _replace_number(rnd, text: str) -> str:
    spans = [m.span() for m in re.finditer(r"[0-9]+", text)]
    if not spans:
        return text + _pick(rnd, HUGE_NUMBERS)
    a, b = _pick(rnd, spans)
    return text[:a] + _pick(rnd, HUGE_NUMBERS) + text[b:]


def _replace_token(rnd, text: str) -> str:
    spans = [m.span() for m in re.finditer(r"[^\s/,\[\]{}:]+", text)]
    if not spans:
        return text + _pick(rnd, TOKENS)
    a, b = _pick(rnd, spans)
    return text[:a] + _pick(rnd, TOKENS + NASTY_CHARS) + text[b:]


def _swap_sizes(rnd, text: str) -> str:
    """Swap the first two numbers (ROWSxCOLS, COLS/ROWS, pzprv3's ROWS and COLS lines)."""
    spans = [m.span() for m in re.finditer(r"[0-9]+", text)][:2]
    if len(spans) < 2:
        return text
    (a, b), (c, d) = spans
    return text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]


def _lines_op(rnd, text: str) -> str:
    lines = text.split("\n")
    i = rnd.randrange(len(lines))
    op = rnd.randrange(5)
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[rnd.randrange(len(lines))])
    elif op == 2:
        j = rnd.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 3:
        lines.insert(i, _pick(rnd, ("", " ", "\t", "   \t ")))
    else:
        lines[i] = lines[i][:rnd.randrange(len(lines[i]) + 1)]
    return "\n".join(lines)


def _nest(rnd, text: str) -> str:
    depth = _pick(rnd, (50, 999, 1001, 5000, 100_000))
    kind = rnd.randrange(3)
    if kind == 0:
        return "[" * depth + text + "]" * depth
    if kind == 1:
        return '{"a":' * depth + text + "}" * depth
    i = _pos(rnd, text)
    return text[:i] + "[" * depth + text[i:]


def mutate_text(rnd: random.Random, text: str) -> str:
    """One textual mutation of ``text``."""
    op = rnd.randrange(14)
    if op == 0:                                           # random unicode / controls
        i = _pos(rnd, text)
        return text[:i] + "".join(_pick(rnd, NASTY_CHARS) for _ in range(rnd.randint(1, 3))) + text[i:]
    if op == 1:
        return _replace_number(rnd, text)
    if op == 2:
        return _replace_token(rnd, text)
    if op == 3:
        return _swap_sizes(rnd, text)
    if op == 4:
        return _lines_op(rnd, text)
    if op == 5:
        return "\ufeff" + text
    if op == 6:
        return text.replace("\n", _pick(rnd, ("\r\n", "\r", "\n\n", "\u2028", "\x85")))
    if op == 7:
        return text[:_pos(rnd, text)]
    if op == 8:
        return _nest(rnd, text)
    if op == 9:                                           # delete a span
        i = _pos(rnd, text)
        return text[:i] + text[i + rnd.randint(1, 8):]
    if op == 10:                                          # duplicate a span
        i = _pos(rnd, text)
        j = min(len(text), i + rnd.randint(1, 40))
        return text[:j] + text[i:j] + text[j:]
    if op == 11:                                          # genre name
        for name in ("canal", "smullyan", "lightup", "akari"):
            if name in text:
                return text.replace(name, _pick(rnd, GENRE_NAMES), 1)
        return text
    if op == 12:
        return text + _pick(rnd, ("\n", "\n\n\n", " ", "\x00", "garbage\n", "\nend\n", "/",
                                   "//", "/x", "\n" + text))
    return text.strip() if rnd.random() < 0.5 else "   \n" + text


def mutate_bytes(rnd: random.Random, data: bytes) -> bytes:
    """One byte-level mutation (may make the text invalid UTF-8)."""
    if not data:
        return bytes([rnd.randrange(256)])
    op = rnd.randrange(4)
    i = rnd.randrange(len(data))
    if op == 0:
        return data[:i] + bytes([data[i] ^ (1 << rnd.randrange(8))]) + data[i + 1:]
    if op == 1:
        return data[:i] + bytes([rnd.randrange(256)]) + data[i + 1:]
    if op == 2:
        return data[:i]
    return data[:i] + _pick(rnd, (b"\xff", b"\xc3", b"\xe2\x82", b"\x00", b"\xef\xbb\xbf",
                                  b"\xed\xa0\x80")) + data[i:]


def encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def mutated(rnd: random.Random, text: str, max_ops: int = 3) -> bytes:
    for _ in range(rnd.randint(1, max_ops)):
        text = mutate_text(rnd, text)
    data = encode(text)
    if rnd.random() < 0.15:
        data = mutate_bytes(rnd, data)
    return data


# -- plausible but wrong inputs, built from scratch -------------------------------------------
def _size(rnd) -> int:
    return _pick(rnd, (1, 2, 3, 4, 5, 6, 6, 8, 10, 12, 0, 13, 1001, -1))


def _clue(rnd, genre: str):
    r = rnd.random()
    if r < 0.6:
        return None
    if r < 0.7:
        return _pick(rnd, ("?", "#"))
    if r < 0.95:
        return rnd.randint(0, {"canal": 12, "smullyan": 10}.get(genre, 4))
    return _pick(rnd, (-1, 11, 16, 4095, 4096, 10 ** 30, 1.5, True, "x", "", [], {}, "٣"))


def _grid(rnd, genre: str, rows: int, cols: int):
    rows, cols = max(0, min(rows, 12)), max(0, min(cols, 12))
    return [[_clue(rnd, genre) for _ in range(cols)] for _ in range(rows)]


def _genre(rnd) -> str:
    return _pick(rnd, ("canal", "canal", "smullyan", "lightup", "akari")) if rnd.random() < 0.85 \
        else _pick(rnd, GENRE_NAMES)


def _tok(v) -> str:
    if v is None:
        return "."
    return str(v) if isinstance(v, (str, int)) and not isinstance(v, bool) else json.dumps(v)


def plausible_text(rnd) -> str:
    genre = _genre(rnd)
    rows, cols = _size(rnd), _size(rnd)
    grid = _grid(rnd, genre, rows, cols)
    hr, hc = (rows, cols) if rnd.random() < 0.7 else (_size(rnd), _size(rnd))
    head = _pick(rnd, (f"{genre} {hr}x{hc}", f"{genre} {hr} {hc}", f"{genre} {hr}X{hc}",
                       f"{genre}", f"{genre} {hr}x", f"{hr}x{hc}", f"{genre} {hr}x{hc} extra"))
    return "\n".join([head] + [" ".join(_tok(v) for v in row) for row in grid]) + "\n"


def plausible_json(rnd) -> str:
    genre = _genre(rnd)
    rows, cols = _size(rnd), _size(rnd)
    doc: dict = {"genre": genre, "rows": rows, "cols": cols, "grid": _grid(rnd, genre, rows, cols)}
    for key in ("genre", "rows", "cols", "grid"):
        r = rnd.random()
        if r < 0.08:
            del doc[key]
        elif r < 0.16:
            doc[key] = _pick(rnd, (None, True, 1.5, "6", [], {}, [[]], [1, 2], -3, 10 ** 40, "x"))
    if rnd.random() < 0.3:
        doc["solution"] = _pick(rnd, (["#."], [], "##", [1, 2], None, [["#"]],
                                      ["#" * max(cols, 0)] * max(rows, 0),
                                      ["." * max(cols, 0)] * max(rows + 1, 0), {"a": 1}))
    if rnd.random() < 0.1:
        doc["solutions"] = _pick(rnd, ([], [[]], [["#"]], "x", [None]))
    if rnd.random() < 0.1:
        doc = {"url": _pick(rnd, (plausible_url(rnd), 5, None, "", "pzprv3/canal/2/2/"))}
    if rnd.random() < 0.05:
        return json.dumps([doc, doc])
    if rnd.random() < 0.05:
        return json.dumps(_pick(rnd, ([], [1], "x", 5, None, {}, [[]])))
    return json.dumps(doc)


_N16 = "0123456789abcdef.-+ghijklmnopqrstuvwxyz"
_4CELL = "0123456789abcde.ghijklmnopqrstuvwxyz"


def plausible_url(rnd) -> str:
    pid = _pick(rnd, ("canal", "smullyan", "akari", "lightup", "bijutsukan")) \
        if rnd.random() < 0.85 else _pick(rnd, GENRE_NAMES + ("nurikabe", "pzprv3"))
    cols, rows = max(_size(rnd), 0), max(_size(rnd), 0)
    n = min(rows * cols, 150)
    alphabet = _4CELL if pid in ("akari", "lightup", "bijutsukan") else _N16
    body = "".join(_pick(rnd, alphabet) for _ in range(rnd.randint(0, n)))
    host = _pick(rnd, ("https://puzz.link/p?", "http://pzv.jp/p.html?", "https://puzz.link/p?",
                       "puzz.link/p?", "?", "https://x/p?", "https://puzz.link/list.html?"))
    sizes = f"{cols}/{rows}" if rnd.random() < 0.8 else _pick(
        rnd, (f"{cols}", f"{cols}/{rows}/{rows}", f"{cols}x{rows}", f"/{rows}", f"{cols}/-1",
              f"{cols}/²", f"{cols}/٣", f"{cols}/{'9' * 5000}", f"{cols}/1e3"))
    return f"{host}{pid}/{sizes}/{body}" + _pick(rnd, ("", "", "/", "//", "/x", "?", "#a"))


def plausible_pzprv3(rnd) -> str:
    genre = _genre(rnd)
    pid = {"akari": "lightup"}.get(genre, genre)
    rows, cols = _size(rnd), _size(rnd)
    grid = _grid(rnd, genre, rows, cols)
    lines = [_pick(rnd, ("pzprv3", "pzprv3", "pzprv3.1", "pzprv4", "PZPRV3")), pid,
             str(rows if rnd.random() < 0.8 else _size(rnd)),
             str(cols if rnd.random() < 0.8 else _size(rnd))]
    for row in grid:
        lines.append("".join(("." if v is None else "-" if v == "?" else
                              "#" if v == "#" else _tok(v)) + " " for v in row))
    if rnd.random() < 0.6:
        for row in grid:
            lines.append("".join(_pick(rnd, "#+.#+.Lxo") + " " for _ in row))
    if rnd.random() < 0.2:
        lines.append(_pick(rnd, ("TrialData", "history:{\"a\":1}", "info:{}", "[[[[")))
    text = "\n".join(lines) + "\n"
    if rnd.random() < 0.25:   # the '/'-separated form (a URL or the shared records)
        text = _pick(rnd, ("", "https://puzz.link/p?")) + "/".join(lines) + "/"
        if text.startswith("https") and rnd.random() < 0.5:
            text = quote(text, safe=":/?")
    return text


def plausible_janko(rnd) -> str:
    genre = _pick(rnd, ("canal", "akari", "smullyan", "Canal View", "lightup", "tetris", ""))
    rows, cols = _size(rnd), _size(rnd)
    grid = _grid(rnd, "lightup" if genre in ("akari", "lightup") else "canal", rows, cols)
    lines = [_pick(rnd, ("begin", "begin", "Begin", "")), f"puzzle {genre}",
             _pick(rnd, (f"size {rows}", f"rows {rows}\ncols {cols}", f"size {cols}",
                         "size", "size x", f"size {'9' * 5000}", "size ²", "columns 3"))]
    if rnd.random() < 0.1:
        lines.append(_pick(rnd, ("problem", "solution")))
    lines.append("problem")
    for row in grid:
        lines.append(" ".join("-" if v is None else "x" if v == "#" else _tok(v) for v in row))
    if rnd.random() < 0.6:
        lines.append("solution")
        for row in grid:
            lines.append(" ".join(_pick(rnd, ("-", "x", "o", "1", "?", "#")) for _ in row))
    if rnd.random() < 0.2:
        lines.append(_pick(rnd, ("moves", "areas", "moves\n1 2 3")))
    if rnd.random() < 0.85:
        lines.append("end")
    text = "\n".join(lines) + "\n"
    if rnd.random() < 0.2:
        text = f"<html><body><script id=\"data\" type=\"text\">\n{text}</script></html>\n"
    return text


def plausible_answer(rnd) -> str:
    rows, cols = rnd.randint(0, 8), rnd.randint(0, 8)
    alphabet = _pick(rnd, ("#.", "#.+", "L.#", "#.x", "#.?", "#. ", "01", "#.²"))
    rows_text = ["".join(_pick(rnd, alphabet) for _ in range(cols)) for _ in range(rows)]
    r = rnd.random()
    if r < 0.5:
        return "\n".join(rows_text) + "\n"
    if r < 0.6:
        return f"canal {rows}x{cols}\n" + "\n".join(rows_text) + "\n"
    if r < 0.8:
        return json.dumps({"solution": rows_text} if rnd.random() < 0.7 else
                          {"solutions": [rows_text]})
    return json.dumps(_pick(rnd, (rows_text, {"solution": 5}, {"solution": [1]}, [],
                                   {"solutions": "x"}, {"solution": None}, None, "x")))


def valid_random(rnd) -> tuple[str, str]:
    """(format, text) of a random puzzle that reads: a small grid, clues in range (most
    have no solution or several; they exercise the solvers, the verifier, the output)."""
    genre = _pick(rnd, ("canal", "smullyan", "lightup"))
    rows, cols = rnd.randint(1, 7), rnd.randint(1, 7)
    density = rnd.random() * 0.6
    grid = []
    for _ in range(rows):
        row = []
        for _ in range(cols):
            if rnd.random() >= density:
                row.append(None)
            elif genre == "lightup":
                row.append("#" if rnd.random() < 0.4 else rnd.randint(0, 4))
            elif rnd.random() < 0.15:
                row.append("?")
            else:
                row.append(rnd.randint(0, 10 if genre == "smullyan" else rows + cols))
        grid.append(row)
    rec = {"genre": genre, "rows": rows, "cols": cols, "grid": grid}
    fmt = _pick(rnd, ("text", "json", "pzprv3", "janko"))
    if fmt == "text":
        return fmt, _text_of(rec)
    if fmt == "json":
        return fmt, json.dumps(rec)
    if fmt == "janko":
        return fmt, _janko_of(rec)
    pid = {"lightup": "lightup"}.get(genre, genre)
    lines = ["pzprv3", pid, str(rows), str(cols)]
    for row in grid:
        lines.append("".join(("." if v is None else "-" if v in ("?", "#") else str(v)) + " "
                             for v in row))
    return fmt, "\n".join(lines) + "\n"


def puzzle_with_answer(rnd) -> tuple[str, str, Optional[str]]:
    """(format, puzzle text, answer text or None) of a real record whose answer is given
    (sometimes changed: cells flipped, a row cut, a wrong character, a header on top)."""
    rec = _pick(rnd, [r for r in seeds().good if isinstance(r.get("solution"), list)])
    fmt = _pick(rnd, ("text", "json", "janko", "url"))
    text = {"text": _text_of, "janko": _janko_of}.get(fmt, lambda r: json.dumps(
        {k: r[k] for k in ("genre", "rows", "cols", "grid")}))(rec)
    if fmt == "url":
        text = rec["url"]
    rows = list(rec["solution"])
    r = rnd.random()
    if r < 0.5:
        for _ in range(rnd.randint(1, 3)):
            i, j = rnd.randrange(len(rows)), rnd.randrange(len(rows[0]))
            ch = _pick(rnd, "#.+L" if rnd.random() < 0.9 else "x?²\t ")
            rows[i] = rows[i][:j] + ch + rows[i][j + 1:]
    elif r < 0.6:
        rows = rows[:-1] if rnd.random() < 0.5 else [row[:-1] for row in rows]
    answer = "\n".join(rows) + "\n"
    r = rnd.random()
    if r < 0.2:
        answer = f"{_pick(rnd, (rec['genre'], 'akari', 'canalview', 'other'))} " \
                 f"{rec['rows']}x{rec['cols']}\n" + answer
    elif r < 0.4:
        answer = json.dumps({"solution": rows})
    return fmt, text, answer


PLAUSIBLE: dict[str, Callable[[random.Random], str]] = {
    "text": plausible_text, "json": plausible_json, "url": plausible_url,
    "pzprv3": plausible_pzprv3, "janko": plausible_janko}


# -- one puzzle input ------------------------------------------------------------------------
def seed_input(rnd, fmt: Optional[str] = None) -> tuple[str, str]:
    """(format, text) of a real input."""
    s = seeds()
    fmt = fmt or _pick(rnd, ("text", "json", "url", "pzprv3", "janko"))
    pool = {"text": s.text, "json": s.json, "url": s.url, "pzprv3": s.pzprv3,
            "janko": s.janko}[fmt]
    return fmt, _pick(rnd, pool)


def puzzle_input(rnd) -> tuple[str, bytes]:
    """(format, content) of one puzzle: real, mutated or plausible-but-wrong."""
    r = rnd.random()
    if r < 0.15:
        fmt, text = valid_random(rnd)
        return fmt, encode(text) if rnd.random() < 0.8 else mutated(rnd, text, 1)
    if r < 0.45:
        fmt, text = seed_input(rnd)
        return fmt, encode(text)
    if r < 0.75:
        fmt, text = seed_input(rnd)
        return fmt, mutated(rnd, text)
    fmt = _pick(rnd, tuple(PLAUSIBLE))
    text = PLAUSIBLE[fmt](rnd)
    if rnd.random() < 0.3:
        return fmt, mutated(rnd, text, 2)
    return fmt, encode(text)


def answer_input(rnd) -> bytes:
    s = seeds()
    r = rnd.random()
    if r < 0.3:
        return encode(_pick(rnd, s.answers + s.pzprv3 + s.janko))
    if r < 0.6:
        return mutated(rnd, _pick(rnd, s.answers + s.pzprv3), 2)
    return encode(plausible_answer(rnd))


# -- a case: argv, files, stdin -------------------------------------------------------------
@dataclass
class Case:
    command: str
    argv: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    stdin: Optional[bytes] = b""          # None: no standard input at all (closed fd 0)
    expect: list[str] = field(default_factory=list)   # stdout must contain each (good puzzles)
    #: a run longer than this (seconds) is a time limit overrun (big grids, one puzzle)
    max_seconds: Optional[float] = None
    #: what sys.stdin is: "real" (a TextIOWrapper, as Python's), "object" (something else
    #: with a .buffer, as tools that replace stdin have), "text" (io.StringIO, no buffer)
    stdin_kind: str = "real"

    def describe(self) -> str:
        """A reproducer: the command line and every file's content."""
        out = ["pencilproof " + " ".join(_shell(a) for a in self.argv)]
        if self.stdin:
            out.append(f"# stdin ({self.stdin_kind}): {self.stdin!r}"[:2000])
        elif self.stdin is None:
            out.append("# stdin: closed (sys.stdin is None)")
        for name, data in self.files.items():
            shown = repr(data) if len(data) < 4000 else repr(data[:2000]) + f" ... ({len(data)} bytes)"
            out.append(f"# file {name}: {shown}")
        if self.expect:
            out.append(f"# stdout must contain: {self.expect!r}")
        return "\n".join(out)

    def to_json(self) -> dict:
        return {"argv": self.argv, "stdin_kind": self.stdin_kind,
                "stdin": None if self.stdin is None else self.stdin.decode("latin-1"),
                "files": {k: v.decode("latin-1") for k, v in self.files.items()},
                "expect": self.expect}


def _shell(arg: str) -> str:
    if arg and re.fullmatch(r"[A-Za-z0-9_./:=@%+-]+", arg):
        return arg
    return "$" + repr(arg) if not arg.isprintable() else "'" + arg.replace("'", "'\\''") + "'"


_SUFFIX = {"text": ".txt", "json": ".json", "jsonl": ".jsonl", "url": ".txt",
           "pzprv3": ".pzprv3", "janko": ".htm"}


class _Builder:
    def __init__(self, rnd: random.Random):
        self.rnd = rnd
        self.files: dict[str, bytes] = {}
        self.stdin: Optional[bytes] = b""
        self.used_stdin = False
        self.expect: list[str] = []
        self.good_encodings: tuple[str, ...] = ()

    def file(self, data: bytes, suffix: str, plain: bool = False) -> str:
        rnd = self.rnd
        stem = f"in{len(self.files) + 1}"
        r = 1.0 if plain else rnd.random()
        if r < 0.08:
            # names a command line can carry: a byte that is not UTF-8 arrives as a lone
            # surrogate (surrogateescape), as on any POSIX system
            stem = _pick(rnd, ("²", "٣ puzzle", "a b", "ü", "-dash", "x\udcff", "\udce9t\udce9",
                               "\u202eevil", "a" * 200, "new\nline", "tab\there", "🙂"))
        elif r < 0.10:
            suffix = _pick(rnd, ("", ".jsonl", ".json", ".svg", ".PZPRV3", ".txt.bak"))
        name = stem + suffix
        if name in self.files:
            name = f"{len(self.files)}{name}"
        self.files[name] = data
        return name

    def source(self, allow_stdin: bool = True) -> str:
        """One PUZZLE argument: a file, '-', an inline URL, or something odd."""
        rnd = self.rnd
        r = rnd.random()
        fmt, data = puzzle_input(rnd)
        if r < 0.08 and allow_stdin and not self.used_stdin:
            self.used_stdin = True
            self.stdin = data if rnd.random() < 0.95 else None
            return "-"
        if r < 0.25 and fmt == "url":
            url = data.decode("utf-8", "surrogateescape")
            return url.replace("\x00", "") if rnd.random() < 0.9 else url
        if r < 0.28:
            return _pick(rnd, ("", " ", "missing.txt", ".", "..", "/", "/dev/null",
                               "x" * 5000, "dir/", "https://", "https://puzz.link/p?",
                               "p?canal/6/6/", "-x", "\udcff", "a\x00b", "http://ex ample"))
        suffix = _SUFFIX.get(fmt, ".txt") if rnd.random() < 0.9 else _pick(rnd, (".jsonl", ".txt"))
        return self.file(data, suffix)

    def good_after_bad(self, command: str) -> list[str]:
        """Sources with bad puzzles first and a good one last, whose report must appear."""
        rnd = self.rnd
        good = _pick(rnd, seeds().good)
        good_url = good["url"]
        self.good_encodings = ("direct",) if good["genre"] == "lightup" else ("lazy", "reference")
        kind = 0 if command == "convert" else rnd.randrange(3)
        if kind == 0:                                    # a .jsonl batch
            lines = []
            for _ in range(rnd.randint(1, 3)):
                if rnd.random() < 0.5:
                    bad = mutated(rnd, _pick(rnd, seeds().json), 2).decode("utf-8", "replace")
                else:
                    bad = plausible_json(rnd)
                # one line each (the good record's line number must not move); JSON
                # allows U+2028 and U+0085 raw in strings, and they end no line
                bad = bad.replace("\n", " ").replace("\r", " ")
                lines.append(bad)
                if rnd.random() < 0.2:
                    lines.append(_pick(rnd, ("", "  ", "{", "not json", "[]", "null")))
            if rnd.random() < 0.3:   # raw U+2028/U+0085 inside a string: still one line
                lines.append(json.dumps(dict(good, note="a\u2028b\x85c\u2029"),
                                        ensure_ascii=False))
            else:
                lines.append(json.dumps(good))
            crlf = rnd.random() < 0.2
            text = ("\r\n" if crlf else "\n").join(lines) + "\n"
            name = self.file(encode(text), ".jsonl", plain=True)
            self.expect.append(_report(command, f"{name}:{len(lines)}", good_url))
            return [name]
        bad_sources = [self.source(allow_stdin=True) for _ in range(rnd.randint(1, 2))]
        if kind == 1:                                    # a URL argument after them
            self.expect.append(_report(command, good_url, good_url))
            return bad_sources + [good_url]
        text = _text_of(good)                            # a text file after them
        name = self.file(encode(text), ".txt", plain=True)
        self.expect.append(_report(command, name, good_url))
        return bad_sources + [name]


def _report(command: str, label: str, url: str) -> str:
    """What stdout must contain for a good puzzle: its label (the URL for ``url``)."""
    if command in ("url", "convert"):
        return url
    return label


def _time_limit(rnd) -> list[str]:
    return ["--time-limit", _pick(rnd, ("0.2", "0.5", "1", "2", "2", "1e-9"))]


def _bad_option(rnd, command: str) -> list[str]:
    """An option that argparse or the command must refuse (or at least survive)."""
    return _pick(rnd, (
        ["--time-limit", _pick(rnd, ("0", "-1", "nan", "inf", "1e309", "x", "", "²", "٣"))],
        ["--limit", _pick(rnd, ("0", "-5", "x", "1e3", "", "٣", "9" * 5000))],
        ["--solver", _pick(rnd, ("minisat", "", "Z3"))],
        ["--format", _pick(rnd, ("xml", "", "TEXT"))],
        ["--encoding", _pick(rnd, ("direct", "lazy", "reference", "", "x", "\x00"))],
        ["--bogus"], ["-"], ["--json=1"], ["--picture", _pick(rnd, ("", "x.gif", "d/x.svg"))],
        ["--to", _pick(rnd, ("gif", ""))], ["-o"], ["--keep", "r99c1"],
        ["--order", "sideways"], ["--seed", "x"], ["--max-time", "0"],
        ["--ascii", "--ascii"], ["-h"] if rnd.random() < 0.2 else ["-q"],
    ))


BATCH_COMMANDS = ("check", "solve", "count", "url", "convert")


def make_case(rnd: random.Random, command: Optional[str] = None,
              batch: Optional[bool] = None) -> Case:
    """One random command line with its files and standard input: ``command`` (default
    drawn by :data:`WEIGHTS`); ``batch=True`` puts a good puzzle after bad ones (one of
    :data:`BATCH_COMMANDS`), False never, None sometimes."""
    if command is None:
        names = [c for c in WEIGHTS if not batch or c in BATCH_COMMANDS]
        command = rnd.choices(names, weights=[WEIGHTS[c] for c in names])[0]
    if batch is None:
        batch = rnd.random() < (0.25 if command == "convert" else 0.3)
    b = _Builder(rnd)
    positional: list[str] = []
    opts: list[list[str]] = []          # option groups: an option and its value
    if command in ("check", "solve", "count", "url"):
        if batch:
            positional += b.good_after_bad(command)
        else:
            positional += [b.source() for _ in range(rnd.choices((1, 2, 3), (6, 2, 1))[0])]
    elif command in ("verify", "render") and rnd.random() < 0.5:
        fmt, text, answer = puzzle_with_answer(rnd)     # an answer for this very puzzle
        positional.append(text if fmt == "url" else b.file(encode(text), _SUFFIX[fmt]))
        if answer is not None:
            where = b.file(encode(answer), ".txt")
            if command == "verify":
                positional.append(where)
            else:
                opts.append(["--answer", where])
    elif command in ("verify", "render", "convert", "minimize"):
        if command == "convert" and batch:
            positional += b.good_after_bad(command)
            opts.append(["--to", _pick(rnd, ("url", "json"))])
        else:
            positional.append(b.source())
    if command in ("check", "solve", "count", "verify") and rnd.random() < 0.4:
        opts.append(["--json"])
    if command == "check":
        if rnd.random() < 0.3:
            opts.append([_pick(rnd, ("-q", "--quiet"))])
        if rnd.random() < 0.1:   # a picture that cannot be written stops a batch: not then
            opts.append(["--picture", "pic.svg" if b.expect else
                         _pick(rnd, ("pic.svg", "pic.png", "out/pic.svg", "pic.SVG"))])
    if command in ("check", "solve", "verify") and rnd.random() < 0.2:
        opts.append(["--ascii"])
    if command == "count" and rnd.random() < 0.6:
        opts.append(["--limit", str(_pick(rnd, (1, 2, 5, 20)))])
    if command in ("check", "solve", "count") and rnd.random() < 0.4:
        opts.append(["--solver", _pick(rnd, ("cadical", "cadical", "z3"))])
    if command in ("check", "solve", "count") and rnd.random() < 0.3:
        # with a good puzzle to report, an encoding its genre has
        choices = b.good_encodings or ("lazy", "reference", "direct")
        opts.append(["--encoding", _pick(rnd, choices)])
    if command not in ("genres", "generate") and not b.expect and rnd.random() < 0.15:
        opts.append(["--format", _pick(rnd, FORMATS)])
    if command == "verify" and len(positional) == 1 and rnd.random() < 0.7:
        positional.append(b.file(answer_input(rnd), _pick(rnd, (".txt", ".json", ".pzprv3"))))
    if command == "render":
        if not any(g[0] == "--answer" for g in opts) and rnd.random() < 0.5:
            opts.append(["--answer", b.file(answer_input(rnd), ".txt")])
        opts.append(["-o", _pick(rnd, ("out.svg", "out.svg", "out.png", "out.gif",
                                       "nodir/out.svg"))])
    if command == "convert" and not any(g[0] == "--to" for g in opts):
        r = rnd.random()
        if r < 0.6:
            opts.append(["--to", _pick(rnd, ("url", "text", "pzprv3", "json", "svg", "png"))])
        if r > 0.4:
            opts.append(["-o", _pick(rnd, ("out.txt", "out.json", "out.pzprv3", "out.svg",
                                           "out.png", "out.url", "out.gif", "nodir/out.txt",
                                           "out.jsonl"))])
    if command == "minimize":
        opts.append(["--max-time", _pick(rnd, ("0.5", "1", "2"))])
        if rnd.random() < 0.3:
            opts.append(["--order", _pick(rnd, ("given", "reverse", "random", "high-first",
                                                "low-first"))])
        if rnd.random() < 0.2:
            opts.append(["--keep", _pick(rnd, ("r1c1", "r1c1,r6c6", "r0c0", "x", "", "r99c99",
                                               "r1c1 r2c2", "r²c1", "r" + "9" * 5000 + "c1"))])
        if rnd.random() < 0.2:
            opts.append(["-o", _pick(rnd, ("min.json", "min.txt", "min.svg", "nodir/min.txt"))])
        if rnd.random() < 0.3:
            opts.append(["-q"])
        if rnd.random() < 0.2:
            opts.append(["--solver", _pick(rnd, ("cadical", "z3"))])
    if command == "generate":
        positional.append(_pick(rnd, ("canal", "smullyan", "lightup", "akari", "floodit", "")))
        opts += [["--size", _pick(rnd, ("3x3", "3", "4x3", "0x3", "3x0", "x", "99999x99999",
                                        "2x2", "1x1"))],
                 ["--count", "1"], ["--jobs", "1"], ["--max-time", "1"], ["-q"],
                 ["--out", _pick(rnd, ("gen.jsonl", "gen.jsonl", "nodir/gen.jsonl", ""))]]
        if rnd.random() < 0.4:
            opts.append(_pick(rnd, (["--values", _pick(rnd, ("1-3", "3-1", "x", "0-0"))],
                                    ["--density", _pick(rnd, ("0.3", "2", "-1", "nan"))],
                                    ["--clues", _pick(rnd, ("1-5", "9-1", "100-200"))],
                                    ["--question", "0.5"], ["--symmetric"],
                                    ["--max-attempts", _pick(rnd, ("1", "3"))])))
    if not b.expect and rnd.random() < 0.12:
        opts.append(_bad_option(rnd, command))
    if rnd.random() < 0.3:
        rnd.shuffle(opts)
    if command in SOLVER_COMMANDS and command != "minimize":
        opts.append(_time_limit(rnd))   # last, so that it wins over any other: always bounded
    flat = [a for group in opts for a in group]
    dash = any(a.startswith("-") and a != "-" for a in positional)
    if dash or rnd.random() < 0.3:
        # options first ('--' ends them when a positional looks like an option)
        argv = [command] + flat + (["--"] if dash else []) + positional
    else:
        argv = [command] + positional + flat
    if not b.expect and rnd.random() < 0.02:              # a command line of junk
        argv = [_pick(rnd, COMMANDS + ("", "chek", "-h", "--version"))] + [
            _pick(rnd, ("-q", "--json", "x", "--", "-", "²", "--time-limit")) for _ in
            range(rnd.randint(0, 3))]
        b.expect = []
    kind = rnd.choices(("real", "object", "text"), (6, 2, 1))[0]
    return Case(command, argv, b.files, b.stdin, b.expect, stdin_kind=kind)


def big_case(rnd: random.Random, largest: int = 400) -> Case:
    """One big, nearly empty grid (a short URL: runs of 20 empty cells) checked with
    ``--time-limit 2``: the limit should bound the whole run, encoding included, so a
    run over 12 s is reported as an overrun. Not for the test suite (seconds each)."""
    genre = _pick(rnd, ("canal", "smullyan", "akari"))
    rows, cols = rnd.randint(100, largest), rnd.randint(100, largest)
    n = rows * cols
    body = "z" * (n // 20) + ("" if n % 20 == 0 else "fghijklmnopqrstuvwxyz"[n % 20])
    if genre != "akari" and rnd.random() < 0.5:       # a few clues
        cells = list(body)
        for _ in range(rnd.randint(1, 5)):
            cells[rnd.randrange(len(cells))] = _pick(rnd, "123456789")
        body = "".join(cells)
        missing = n - sum(ord(c) - ord("f") if c >= "g" else 1 for c in body)
        body += "z" * (missing // 20) + ("" if missing % 20 == 0 else
                                         "fghijklmnopqrstuvwxyz"[missing % 20])
    command = _pick(rnd, ("check", "solve", "count"))
    argv = [command, f"https://puzz.link/p?{genre}/{cols}/{rows}/{body}", "-q"
            if command == "check" else "--json", "--time-limit", "2"]
    if genre != "akari" and rnd.random() < 0.3:
        argv += ["--encoding", "reference"]
    if rnd.random() < 0.3:
        argv += ["--solver", "z3"]
    return Case(command, argv, max_seconds=12.0)


# -- running one case in-process ----------------------------------------------------------------
class Hang(BaseException):
    """The per-case alarm fired."""


@dataclass
class Outcome:
    code: Optional[int]
    stdout: str
    stderr: str
    exception: Optional[str] = None     # a traceback of an exception escaping main
    hang: bool = False
    seconds: float = 0.0
    bad_pictures: list[str] = field(default_factory=list)   # written but unreadable


def _on_alarm(signum, frame):
    raise Hang()


class _ObjectStdin:
    """A replaced standard input that is not a TextIOWrapper but has a ``.buffer`` (of
    bytes) and decodes strictly when read as text."""

    def __init__(self, data: bytes):
        self.buffer = io.BytesIO(data)
        self.encoding = "utf-8"

    def read(self, size: int = -1) -> str:
        return self.buffer.read(size).decode("utf-8")


def _stdin(case: Case):
    if case.stdin is None:
        return None
    if case.stdin_kind == "object":
        return _ObjectStdin(case.stdin)
    if case.stdin_kind == "text":
        return io.StringIO(case.stdin.decode("utf-8", "replace"))
    return io.TextIOWrapper(io.BytesIO(case.stdin), encoding="utf-8")


def _stream(encoding: str = "utf-8", errors: str = "strict") -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors=errors, newline="\n",
                            write_through=True)


def _text(stream: io.TextIOWrapper) -> str:
    try:
        stream.flush()
    except Exception:
        pass
    return stream.buffer.getvalue().decode("utf-8", "replace")


def run_case(case: Case, workdir: Path, alarm: Optional[float] = None) -> Outcome:
    """Write the case's files into ``workdir``, run ``main(argv)`` there with its stdin,
    and return what happened. Standard output is UTF-8 with strict errors, as a real
    terminal's; standard error backslash-escapes as Python's does. ``alarm`` (seconds,
    main thread only) turns a hang into ``Outcome.hang``."""
    from pencilproof.cli import main
    workdir.mkdir(parents=True, exist_ok=True)
    for name, data in case.files.items():
        path = workdir / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        except (OSError, ValueError):   # a name this file system refuses: left absent
            pass
    saved = sys.stdin, sys.stdout, sys.stderr
    cwd = os.getcwd()
    stdin = _stdin(case)
    out, err = _stream(), _stream(errors="backslashreplace")
    old_handler = None
    if alarm:
        old_handler = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, alarm)
    t0 = time.monotonic()
    code, exc, hang = None, None, False
    try:
        os.chdir(workdir)
        sys.stdin, sys.stdout, sys.stderr = stdin, out, err
        try:
            code = main(list(case.argv))
        finally:
            if alarm:
                signal.setitimer(signal.ITIMER_REAL, 0)
    except Hang:
        hang = True
    except BaseException:                 # noqa: BLE001 - anything escaping main is a finding
        exc = traceback.format_exc()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
        os.chdir(cwd)
        if alarm:
            signal.signal(signal.SIGALRM, old_handler)
    seconds = time.monotonic() - t0
    return Outcome(code, _text(out), _text(err), exc, hang, seconds,
                   _bad_pictures(workdir, case))


def _bad_pictures(workdir: Path, case: Case) -> list[str]:
    """Pictures the run wrote that do not parse (SVG as XML) or are not PNG files (not
    counting text that ``convert --to url|text|...`` was told to write under such a name,
    nor an empty file a failed ``convert`` leaves)."""
    import xml.etree.ElementTree as ET
    argv = case.argv
    to = [argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "--to"]
    if to and to[-1] not in ("svg", "png"):
        return []
    bad = []
    for path in workdir.rglob("*"):
        name = str(path.relative_to(workdir))
        if name in case.files or not path.is_file() or not path.stat().st_size:
            continue
        if path.suffix.lower() == ".svg":
            try:
                ET.parse(path)
            except (ET.ParseError, UnicodeDecodeError) as e:
                bad.append(f"{name}: {e}")
        elif path.suffix.lower() == ".png":
            if not path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n"):
                bad.append(f"{name}: not a PNG file")
    return bad


# -- what is wrong with a run ----------------------------------------------------------------------
TRACEBACK = "Traceback (most recent call last)"
ERROR = "pencilproof: error: "
#: Kinds of problems, in the order reports list them.
KINDS = ("traceback", "hang", "exit code", "stray stderr line", "error without a place",
         "place out of range", "good puzzle not reported", "bad picture", "bad JSON output",
         "time limit overrun")
_FILE_PLACE = re.compile(r"(?P<line>[0-9]+)(?::(?P<col>[0-9]+))?: ")


OPTION_NAMES = ("--picture", "-o", "--output", "--answer", "--to", "--out", "--keep",
                "--size", "--count", "--jobs", "--format", "--encoding", "--time-limit",
                "--max-time", "--limit", "--solver")


def names_place(message: str, case: Case) -> bool:
    """Whether an error message names its place: a source or option value as errors print
    them (escaped, the head of a long one; a short one only as the message's head),
    '<stdin>', standard output, or an option by name (argparse's 'argument ...')."""
    from pencilproof.errors import printable
    if any(p in message for p in ("<stdin>", "standard output", "argument")):
        return True
    options = set(OPTION_NAMES)
    for a in case.argv[1:]:
        if a.startswith("-") and a != "-":
            options.add(a.split("=", 1)[0])
        if not a.strip() and ("''" in message or f"{a!r}" in message):
            return True
        forms = [a, a.strip()]
        if "." in a:                 # a batch's pictures: out.svg, out-2.svg, ...
            forms.append(a.rsplit(".", 1)[0] + "-")
        for form in forms:
            shown = printable(form)[:20]
            if len(shown) >= 4 and shown in message:
                return True
            if shown and message.startswith(shown + ":"):
                return True
    return any(re.search(r"(?<![\w-])" + re.escape(o) + r"(?![\w-])", message)
               for o in options)


def _place_out_of_range(message: str, case: Case) -> Optional[str]:
    """For an error placed at FILE:LINE[:COLUMN] in one of the case's files: why that
    line or column is not in the file (lines as an editor numbers them, the column at
    most one past the line's end), else None."""
    from pencilproof.errors import printable
    from pencilproof.formats.spec import split_lines
    for name, data in case.files.items():
        shown = printable(name) + ":"
        if not message.startswith(shown) or len(shown) > 90:
            continue
        m = _FILE_PLACE.match(message, len(shown))
        if not m:
            continue
        text = data.decode("utf-8", "surrogateescape")
        lines = split_lines(text[1:] if text.startswith("\ufeff") else text)
        line = int(m.group("line"))
        if not 1 <= line <= len(lines) + 1:
            return f"line {line} of a file of {len(lines)} lines"
        if m.group("col") is not None and line <= len(lines):
            col = int(m.group("col"))
            if not 1 <= col <= len(lines[line - 1]) + 1:
                return f"column {col} of line {line}, which has {len(lines[line - 1])} characters"
    return None


@dataclass(frozen=True)
class Known:
    """A failure already reported to the owner of the code at fault (outside formats/,
    errors.py and output/); a problem it matches is counted as known, not as a new one.
    Delete the entry once the fix is in."""

    name: str
    kind: str
    match: Callable[[Case, "Outcome", str], bool]


def _exc(res: "Outcome") -> str:
    return res.exception or ""


KNOWN: tuple[Known, ...] = (
    Known("checker/encodings: --time-limit does not bound encoding; a big nearly empty "
          "grid runs far past --time-limit 2 (at 8166359: Akari 1000x1000 32 s and 1.8 GB, "
          "canal --encoding reference 300x300 185 s)",
          "time limit overrun", lambda case, res, detail: True),
    Known("checker/encodings: --time-limit does not bound encoding (see above), past the "
          "runner's alarm", "hang", lambda case, res, detail: case.max_seconds is not None),
)


@dataclass(frozen=True)
class Problem:
    kind: str
    detail: str
    known: Optional[str] = None       # the name of the reported issue it is, if any


def problems(case: Case, res: Outcome) -> list[Problem]:
    """Everything wrong with one run (known ones marked so)."""
    out = []
    for kind, detail in _problems(case, res):
        known = next((k.name for k in KNOWN if k.kind == kind and k.match(case, res, detail)),
                     None)
        out.append(Problem(kind, detail, known))
    return out


def _problems(case: Case, res: Outcome) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    if res.hang:
        found.append(("hang", f"no answer within the alarm ({res.seconds:.1f} s): "
                      + " ".join(a[:60] for a in case.argv)))
        return found
    if res.exception is not None:
        found.append(("traceback", res.exception.strip().splitlines()[-1]))
    for name, text in (("stdout", res.stdout), ("stderr", res.stderr)):
        if TRACEBACK in text:
            found.append(("traceback", f"traceback text in {name}"))
    if res.exception is None and res.code not in (0, 1, 2, 3):
        first = next((ln for ln in res.stderr.splitlines() if "internal" in ln), "")
        found.append(("exit code", f"exit code {res.code} {first}".strip()))
    help_asked = any(a in ("-h", "--help", "--version") for a in case.argv)
    for line in res.stderr.splitlines():
        if not line.strip():
            continue
        if not line.startswith("pencilproof"):
            if not help_asked:
                found.append(("stray stderr line", line[:300]))
            continue
        if line.startswith(ERROR):
            message = line[len(ERROR):]
            if not names_place(message, case):
                found.append(("error without a place", line[:300]))
            wrong = _place_out_of_range(message, case)
            if wrong:
                found.append(("place out of range", f"{wrong}: {line[:300]}"))
    if res.exception is None and not res.hang:
        for want in case.expect:
            if want not in res.stdout:
                found.append(("good puzzle not reported", want))
    if case.max_seconds is not None and not res.hang and res.seconds > case.max_seconds:
        found.append(("time limit overrun", f"{res.seconds:.1f} s with --time-limit 2: "
                      + " ".join(a[:60] for a in case.argv)))
    for bad in res.bad_pictures:
        found.append(("bad picture", bad[:300]))
    options = case.argv[:case.argv.index("--")] if "--" in case.argv else case.argv
    if ("--json" in options and case.argv[0] in ("check", "solve", "count", "verify")
            and res.code in (0, 1, 2, 3) and not help_asked):
        for line in res.stdout.splitlines():   # one JSON object per puzzle, one a line
            try:
                ok = isinstance(json.loads(line), dict)
            except ValueError:
                ok = False
            if not ok:
                found.append(("bad JSON output", line[:300]))
                break
    return found

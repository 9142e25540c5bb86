"""Reading and writing puzzles: text files, JSON documents and batches, puzz.link URLs.

:func:`iter_load` takes what a setter types on the command line (a file name, ``-`` for
stdin, or a URL) and yields ``(label, puzzle_or_error)`` pairs, so one bad record in a
batch is reported with its line while the others are still checked.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Iterator, Union

from ..errors import InputError
from ..puzzle import Puzzle, Solution
from .jsondoc import puzzle_from_doc
from .text import parse_text, to_text
from .url import is_url, parse_url, to_url

Loaded = Union[Puzzle, InputError]


def _read(source: str) -> str:
    if source == "-":
        return sys.stdin.read()
    path = Path(source)
    if not path.exists():
        raise InputError("no such file", source)
    if path.is_dir():
        raise InputError("is a directory, not a puzzle file", source)
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InputError("not a UTF-8 text file", source) from None


def _parse_json_line(line: str, where: str) -> Puzzle:
    try:
        doc = json.loads(line)
    except json.JSONDecodeError as e:
        raise InputError(f"invalid JSON: {e.msg} (column {e.colno})", where) from None
    return puzzle_from_doc(doc, where)


def parse_content(text: str, label: str) -> Iterator[tuple[str, Loaded]]:
    """Detect the format of already-read content and yield its puzzles."""
    stripped = text.strip()
    if not stripped:
        yield label, InputError("empty puzzle file", label)
        return
    lines = [ln for ln in stripped.splitlines()]
    if stripped.startswith("{") and len(lines) > 1 and all(
            ln.strip().startswith("{") or not ln.strip() for ln in lines):
        yield from _jsonl(text, label)
        return
    try:
        if stripped.startswith("{") or stripped.startswith("["):
            try:
                doc = json.loads(stripped)
            except json.JSONDecodeError as e:
                raise InputError(f"invalid JSON: {e.msg} (line {e.lineno}, column {e.colno})",
                                 label) from None
            docs = doc if isinstance(doc, list) else [doc]
            for i, d in enumerate(docs):
                where = f"{label}[{i}]" if isinstance(doc, list) else label
                try:
                    yield where, puzzle_from_doc(d, where)
                except InputError as e:
                    yield where, e
            return
        if all(is_url(ln) for ln in lines if ln.strip()):
            for i, ln in enumerate(lines):
                if ln.strip():
                    where = f"{label}:{i + 1}" if len(lines) > 1 else label
                    try:
                        yield where, parse_url(ln, where)
                    except InputError as e:
                        yield where, e
            return
        yield label, parse_text(text, label)
    except InputError as e:
        yield label, e


def _jsonl(text: str, label: str) -> Iterator[tuple[str, Loaded]]:
    for i, line in enumerate(text.splitlines()):
        if not line.strip():
            continue
        where = f"{label}:{i + 1}"
        try:
            yield where, _parse_json_line(line, where)
        except InputError as e:
            yield where, e


def iter_load(source: str) -> Iterator[tuple[str, Loaded]]:
    """Puzzles from a file name, ``-`` (stdin) or a URL, each labelled with its place."""
    if source != "-" and is_url(source) and not Path(source).exists():
        try:
            yield source, parse_url(source)
        except InputError as e:
            yield source, e
        return
    label = "<stdin>" if source == "-" else source
    try:
        text = _read(source)
    except InputError as e:
        yield label, e
        return
    if source.endswith(".jsonl"):
        if not text.strip():
            yield label, InputError("empty puzzle file", label)
            return
        yield from _jsonl(text, label)
        return
    yield from parse_content(text, label)


def load(source: str) -> list[Puzzle]:
    """All puzzles from one source; the first bad one raises :class:`InputError`."""
    out = []
    for _, p in iter_load(source):
        if isinstance(p, InputError):
            raise p
        out.append(p)
    return out


def load_one(source: str) -> Puzzle:
    puzzles = load(source)
    if len(puzzles) != 1:
        raise InputError(f"expected one puzzle, found {len(puzzles)}", source)
    return puzzles[0]


def load_answer(puzzle: Puzzle, source: str) -> Solution:
    """A setter's answer: rows of ``#``/``.`` in a text file, a JSON document with a
    ``solution`` key, or a JSON list of row strings."""
    from ..encodings import get_genre
    label = "<stdin>" if source == "-" else source
    text = _read(source)
    stripped = text.strip()
    if not stripped:
        raise InputError("empty answer file", label)
    rows = None
    if stripped[0] in "{[":
        try:
            doc = json.loads(stripped)
        except json.JSONDecodeError as e:
            raise InputError(f"invalid JSON: {e.msg} (line {e.lineno}, column {e.colno})",
                             label) from None
        if isinstance(doc, dict):
            rows = doc.get("solution") or (doc.get("solutions") or [None])[0]
        else:
            rows = doc
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
            raise InputError("expected a 'solution' list of row strings", label)
    else:
        lines = stripped.splitlines()
        # A text answer may repeat the puzzle's header line; skip it.
        if lines and lines[0].split() and lines[0].split()[0].lower() == puzzle.genre:
            lines = lines[1:]
        rows = lines
    return get_genre(puzzle.genre).parse_solution(puzzle, rows, label)


__all__ = ["iter_load", "load", "load_one", "load_answer", "parse_url", "to_url",
           "parse_text", "to_text", "puzzle_from_doc", "is_url"]

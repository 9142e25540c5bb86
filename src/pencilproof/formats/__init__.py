"""Reading and writing puzzles: text files, JSON documents and batches, puzz.link URLs,
pzprv3 files (puzz.link's save format, with the setter's answer) and Janko data blocks.

:func:`iter_load` takes what a setter types on the command line (a file name, ``-`` for
stdin, or a URL) and yields ``(label, puzzle_or_error)`` pairs, so one bad record in a
batch is reported with its line while the others are still checked.
:func:`iter_documents` does the same but keeps the answer a file carries (pzprv3, Janko,
JSON ``solution``). The format is detected from the content; ``fmt`` (one of
:data:`FORMATS`) forces one.
"""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any, Iterator, NoReturn, Union

from ..encodings import code_format, get_genre, own_format_genres, recognize_code
from ..encodings import code_formats as _codes
from ..errors import InputError
from ..puzzle import Puzzle, Solution
from .janko import is_janko, parse_janko
from .jsondoc import document_from_doc, document_to_doc, loads, locator, puzzle_from_doc
from .pzprv3 import PZPRV3_URL_RE, parse_pzprv3, pzprv3_text, to_pzprv3
from .spec import Document, split_lines
from .text import parse_text, to_text
from . import url as _url
from .url import cells_at_most, is_url, to_url

Loaded = Union[Puzzle, InputError]
#: Input formats ``--format`` can force; without it the content decides. ``code``: a
#: genre's own one-line codes (Taiji Maker codes, ...), one puzzle per line.
FORMATS = ("text", "json", "jsonl", "url", "pzprv3", "janko", "code")


def file_formats() -> dict[str, Any]:
    """Every genre's own whole-file formats by ``--format`` name (Flood-It's digit grids)."""
    return {f.name: f for g in own_format_genres() for f in g.formats.files}


def format_names() -> tuple[str, ...]:
    """What ``--format`` accepts: the shared formats and every genre's own file formats."""
    return FORMATS + tuple(file_formats())


def _read(source: str) -> str:
    """The text of a file or of stdin ('-'), read as bytes and decoded as UTF-8 here, so
    every fault (no such file, no permission, not UTF-8) is one error naming the source."""
    if source == "-":
        stdin = sys.stdin
        if stdin is None:
            raise InputError("cannot read: no standard input", "<stdin>")
        try:
            # A real stdin is read as bytes; a replaced one (tests: io.StringIO) as text.
            data = (stdin.buffer.read(MAX_INPUT_BYTES + 1) if isinstance(stdin, io.TextIOWrapper)
                    else stdin.read(MAX_INPUT_BYTES + 1))
        except OSError as e:
            raise InputError(f"cannot read: {e.strerror or e}", "<stdin>") from None
        except UnicodeDecodeError as e:   # a text stream that decodes by itself
            raise InputError(f"not UTF-8 text ({e.reason})", "<stdin>") from None
        except ValueError:                # "I/O operation on closed file"
            raise InputError("cannot read: standard input is closed", "<stdin>") from None
        return _decode(data, "<stdin>", "not UTF-8 text")
    if not source:
        raise InputError("empty argument, expected a file name, '-' or a URL", "''")
    path = Path(source)
    try:
        exists, is_dir, fault = path.exists(), path.is_dir(), None
    except (OSError, ValueError) as e:  # a name too long for the OS, a NUL byte: not a file
        exists = is_dir = False
        fault = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
    if not exists:
        if source.startswith(("http://", "https://")) or "://" in source:
            raise InputError("not a puzz.link URL (expected "
                             "https://puzz.link/p?GENRE/COLS/ROWS/BODY)", source)
        raise InputError(f"cannot read: {fault}" if fault else "no such file", source)
    if is_dir:
        raise InputError("is a directory, not a puzzle file", source)
    try:
        if path.is_file():  # its size is known: a huge file is refused unread
            if path.stat().st_size > MAX_INPUT_BYTES:
                _too_large(source)
            data = path.read_bytes()
        else:  # a device or a pipe (/dev/zero never ends): read a bounded amount
            with open(path, "rb") as f:
                data = f.read(MAX_INPUT_BYTES + 1)
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror or e}", source) from None
    return _decode(data, source, "not a UTF-8 text file")


#: The most one file or standard input may hold: a 1000x1000 grid in any format is a few
#: MB, and reading, decoding and splitting what is read takes several times its size.
MAX_INPUT_BYTES = 64 << 20


def _too_large(where: str) -> NoReturn:
    raise InputError(f"larger than {MAX_INPUT_BYTES >> 20} MB, more than a puzzle file holds "
                     "(split a batch into smaller files)", where)


def _decode(data: Union[bytes, str], where: str, what: str) -> str:
    """Bytes decoded as UTF-8, newlines translated as reading in text mode does. A byte
    order mark at the start (Windows editors write one) is dropped, as ``utf-8-sig``
    does, so that it is not read as part of the genre name or the JSON."""
    if len(data) > MAX_INPUT_BYTES:
        _too_large(where)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise InputError(f"{what} (byte 0x{data[e.start]:02x} at offset {e.start})",
                             where) from None
    if data.startswith("\ufeff"):
        data = data[1:]
    return data.replace("\r\n", "\n").replace("\r", "\n")


def _parse_json_line(line_text: str, where: str, answers: bool = False) -> Document:
    label, line = where.rsplit(":", 1)
    doc = loads(line_text, label, int(line))
    return document_from_doc(doc, where, answers, locator(line_text, label, int(line)))


def detect(text: str) -> str:
    """The format of already-read content: pzprv3, janko, jsonl, json, url or text."""
    stripped = text.strip().lstrip("\ufeff")
    if stripped.startswith("pzprv3") or pzprv3_text(stripped) is not None:
        return "pzprv3"
    lines = split_lines(stripped)
    if stripped.startswith("{") and len(lines) > 1 and all(
            ln.strip().startswith("{") or not ln.strip() for ln in lines):
        return "jsonl"
    if stripped.startswith("{") or stripped.startswith("["):
        return "json"
    if lines and all(is_url(ln) for ln in lines if ln.strip()):
        return "url"
    if lines and all(recognize_code(ln.strip()) for ln in lines if ln.strip()):
        return "code"
    for name, f in file_formats().items():
        if f.recognizes(stripped):
            return str(name)
    if is_janko(stripped):
        return "janko"
    return "text"


def parse_documents(text: str, label: str, fmt: str | None = None,
                    answers: bool = True) -> Iterator[tuple[str, Union[Document, InputError]]]:
    """Documents in already-read content (detected, or ``fmt``); errors are yielded, not raised.
    ``answers=False`` skips reading the answers files carry (checking needs none). Each
    puzzle is checked by its genre's ``validate`` (rules about the whole puzzle)."""
    for where, item in _parse_documents(text, label, fmt, answers):
        if not isinstance(item, InputError):
            try:
                get_genre(item.puzzle.genre).validate(item.puzzle, where)
            except InputError as e:
                item = e
        yield where, item


def _parse_documents(text: str, label: str, fmt: str | None = None,
                     answers: bool = True) -> Iterator[tuple[str, Union[Document, InputError]]]:
    if not text.strip():
        yield label, InputError("empty puzzle file", label)
        return
    fmt = fmt or detect(text)
    own = file_formats()
    if fmt in own:
        try:
            puzzles = own[fmt].parse(text, label)
        except InputError as e:
            yield label, e
            return
        for i, p in enumerate(puzzles):
            yield (f"{label}[{i}]" if len(puzzles) > 1 else label), Document(p, None, fmt)
        return
    if fmt not in FORMATS:
        yield label, InputError(f"unknown format {fmt!r} (choose from "
                                f"{', '.join(format_names())})", label)
        return
    if fmt == "jsonl":
        yield from _jsonl(text, label, answers)
        return
    try:
        if fmt == "json":
            doc = loads(text.lstrip("\ufeff"), label)
            docs = doc if isinstance(doc, list) else [doc]
            for i, d in enumerate(docs):
                where = f"{label}[{i}]" if isinstance(doc, list) else label
                at = locator(text.lstrip("\ufeff"), label,
                             prefix=(i,) if isinstance(doc, list) else ())
                try:
                    yield where, document_from_doc(d, where, answers, at)
                except InputError as e:
                    yield where, e
            return
        if fmt in ("url", "code"):
            lines = split_lines(text)
            several = sum(1 for ln in lines if ln.strip()) > 1
            read = _url_document if fmt == "url" else _code_document
            for i, ln in enumerate(lines):
                if ln.strip():
                    where = f"{label}:{i + 1}" if several else label
                    try:
                        yield where, read(ln, where)
                    except InputError as e:
                        yield where, e
            return
        if fmt == "pzprv3":
            inner = pzprv3_text(text.strip())
            yield label, parse_pzprv3(inner if inner is not None else text, label)
            return
        if fmt == "janko":
            yield label, parse_janko(text, label)
            return
        yield label, Document(parse_text(text, label), None, "text")
    except InputError as e:
        yield label, e


def parse_content(text: str, label: str, fmt: str | None = None) -> Iterator[tuple[str, Loaded]]:
    """Detect the format of already-read content and yield its puzzles."""
    for where, item in parse_documents(text, label, fmt, answers=False):
        yield where, item if isinstance(item, InputError) else item.puzzle


def _url_document(url: str, where: str) -> Document:
    inner = pzprv3_text(url)
    if inner is not None:
        return parse_pzprv3(inner, where)
    return Document(_url.parse_url(url, where), None, "url")


def _code_document(line: str, where: str) -> Document:
    found = recognize_code(line.strip())
    if found is None:
        raise InputError("not a puzzle code of any genre", where)
    puzzle = found[1].parse(line.strip(), where)
    _url.check_size(puzzle.rows, puzzle.cols, where)
    return Document(puzzle, None, found[1].name)


def parse_url(url: str, where: str | None = None) -> Puzzle:
    """The puzzle of a puzz.link URL, including a ``p?pzprv3/...`` one (a whole file)."""
    return _url_document(url, where or url.strip()).puzzle


def _jsonl(text: str, label: str, answers: bool = False
           ) -> Iterator[tuple[str, Union[Document, InputError]]]:
    for i, line in enumerate(split_lines(text)):
        if not line.strip():
            continue
        where = f"{label}:{i + 1}"
        try:
            yield where, _parse_json_line(line, where, answers)
        except InputError as e:
            yield where, e


def _short(source: str) -> str:
    """A '/'-separated pzprv3 argument named by its header (the grid is long and spaced)."""
    m = PZPRV3_URL_RE.match(source)
    start = m.start("body") if m else 0
    parts = source[start:].split("/")
    return source[:start] + "/".join(parts[:4]) + "/..." if len(parts) > 5 else source


def _is_inline(source: str) -> bool:
    """A command-line argument that is content itself (a URL, a '/'-separated pzprv3)."""
    return source != "-" and (is_url(source) or pzprv3_text(source) is not None
                              or recognize_code(source.strip()) is not None) \
        and not _is_file(source)


def _is_file(source: str) -> bool:
    """Whether ``source`` names an existing file; a name the OS refuses (too long, a NUL
    byte) names none."""
    try:
        return Path(source).exists()
    except (OSError, ValueError):
        return False


def iter_documents(source: str, fmt: str | None = None, answers: bool = True
                   ) -> Iterator[tuple[str, Union[Document, InputError]]]:
    """Documents from a file name, ``-`` (stdin) or a URL, each labelled with its place."""
    if _is_inline(source):
        inner = pzprv3_text(source)
        label = source.strip() if inner is None else _short(source.strip())
        fmt = fmt or ("pzprv3" if inner else "url" if is_url(source) else "code")
        yield from parse_documents(source.strip(), label, fmt, answers)
        return
    label = "<stdin>" if source == "-" else source
    try:
        text = _read(source)
    except InputError as e:
        yield label, e
        return
    if fmt is None and source.endswith(".jsonl"):
        fmt = "jsonl"
    yield from parse_documents(text, label, fmt, answers)


def iter_load(source: str, fmt: str | None = None) -> Iterator[tuple[str, Loaded]]:
    """Puzzles from a file name, ``-`` (stdin) or a URL, each labelled with its place."""
    for where, item in iter_documents(source, fmt, answers=False):
        yield where, item if isinstance(item, InputError) else item.puzzle


def load(source: str, fmt: str | None = None) -> list[Puzzle]:
    """All puzzles from one source; the first bad one raises :class:`InputError`."""
    out = []
    for _, p in iter_load(source, fmt):
        if isinstance(p, InputError):
            raise p
        out.append(p)
    return out


def load_one(source: str, fmt: str | None = None) -> Puzzle:
    return load_document(source, fmt, answers=False).puzzle


def load_document(source: str, fmt: str | None = None, answers: bool = True) -> Document:
    """The one puzzle of a source, with the answer the file carries (if any)."""
    docs = []
    for _, d in iter_documents(source, fmt, answers):
        if isinstance(d, InputError):
            raise d
        docs.append(d)
    if len(docs) != 1:
        raise InputError(f"expected one puzzle, found {len(docs)}", source)
    return docs[0]


def load_answer(puzzle: Puzzle, source: str, fmt: str | None = None) -> Any:
    """A setter's answer: rows of ``#``/``.`` in a text file, a JSON document with a
    ``solution`` key, a JSON list of row strings, or a pzprv3 file / Janko block whose
    puzzle must be this one."""
    label = "<stdin>" if source == "-" else source
    text = source if _is_inline(source) else _read(source)
    stripped = text.strip()
    if not stripped:
        raise InputError("empty answer file", label)
    if fmt in ("pzprv3", "janko") or (fmt is None and detect(stripped) in ("pzprv3", "janko")):
        (where, doc), = parse_documents(text, label, fmt)
        if isinstance(doc, InputError):
            raise doc
        return _answer_of(doc, puzzle, where)
    rows = None
    if stripped[0] in "{[":
        doc = loads(text, label)
        if isinstance(doc, dict):
            rows, sols = doc.get("solution"), doc.get("solutions")
            if not rows:
                rows = sols[0] if isinstance(sols, list) and sols else None
        else:
            rows = doc
        if isinstance(doc, dict) and not rows:
            opt = get_genre(puzzle.genre).optimisation
            rows = doc.get(opt.answer_key) if opt is not None else None
        items = (str,) if issubclass(get_genre(puzzle.genre).answer_type, Solution) else (str, int)
        if not isinstance(rows, list) or not all(isinstance(r, items) for r in rows):
            raise InputError("expected a 'solution' list of row strings", label)
    else:
        lines = split_lines(stripped)
        # A text answer may repeat the puzzle's header line ('akari 3x3' too); skip it.
        if lines and lines[0].split() and _names_genre(lines[0].split()[0], puzzle.genre):
            lines = lines[1:]
        rows = lines
    return get_genre(puzzle.genre).parse_solution(puzzle, rows, label)


def _names_genre(word: str, genre: str) -> bool:
    """Whether ``word`` is the genre's name, an alias or a puzz.link id."""
    try:
        return get_genre(word).name == genre
    except InputError:
        return False


def _answer_of(doc: Document, puzzle: Puzzle, where: str) -> Any:
    """The answer a document carries, which must be for this very puzzle."""
    if doc.puzzle != puzzle:
        if (doc.puzzle.genre, doc.puzzle.rows, doc.puzzle.cols) != (
                puzzle.genre, puzzle.rows, puzzle.cols):
            raise InputError(f"the answer file is for a {doc.puzzle.genre} "
                             f"{doc.puzzle.rows}x{doc.puzzle.cols} puzzle, not this "
                             f"{puzzle.genre} {puzzle.rows}x{puzzle.cols} one", where)
        cells = [f"r{r + 1}c{c + 1}" for r, c in puzzle.cells()
                 if doc.puzzle[(r, c)] != puzzle[(r, c)]]
        raise InputError(f"the answer file's puzzle differs at {' '.join(cells[:5])}"
                         + (" ..." if len(cells) > 5 else ""), where)
    if doc.solution is None:
        raise InputError("the file carries no answer", where)
    return doc.solution


def share_fields(puzzle: Puzzle) -> dict[str, str]:
    """How to share a puzzle in a JSON record: its puzz.link ``url``, or the genre's own
    ``code`` (Taiji Maker) where it has no URL; {} when neither exists."""
    genre = get_genre(puzzle.genre)
    if genre.formats.url_body:
        try:
            return {"url": to_url(puzzle)}
        except InputError:  # a puzzle the URL cannot carry (an irregular Sudoku)
            return {}
    if genre.formats.codes:
        try:
            return {"code": genre.formats.codes[0].write(puzzle)}
        except InputError:  # a puzzle the code cannot carry (Tatham: another pivot)
            return {}
    return {}


def write_document(doc: Document, fmt: str) -> str:
    """A document as text in an output format: url, text, pzprv3, json, or the name of a
    genre's own code format (``taiji``)."""
    found = code_format(fmt)
    if found is not None:
        genre, codes = found
        if doc.puzzle.genre != genre.name:
            raise InputError(f"--to {fmt} writes {genre.name} puzzles, "
                             f"this is a {doc.puzzle.genre} puzzle")
        return codes.write(doc.puzzle) + "\n"
    if fmt == "url":
        return to_url(doc.puzzle) + "\n"
    if fmt == "text":
        return to_text(doc.puzzle)
    if fmt == "pzprv3":
        return to_pzprv3(doc.puzzle, doc.solution)
    if fmt == "json":
        return json.dumps(document_to_doc(doc)) + "\n"
    names = ["url", "text", "pzprv3", "json"] + [f.name for _, f in _codes()]
    raise InputError(f"unknown output format {fmt!r} (choose from {', '.join(names)})")


__all__ = ["cells_at_most", "iter_load", "iter_documents", "load", "load_one", "load_document", "load_answer",
           "parse_url", "to_url", "parse_text", "to_text", "puzzle_from_doc", "is_url",
           "parse_pzprv3", "to_pzprv3", "parse_janko", "detect", "write_document", "Document",
           "FORMATS", "document_to_doc", "document_from_doc", "share_fields"]

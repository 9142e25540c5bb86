"""JSON puzzle documents: ``{"genre": "canal", "rows": R, "cols": C, "grid": [[...]]}``.

Grid entries are ``null`` (empty), an integer clue or ``"?"`` (Light Up: ``"#"`` a wall).
Extra keys are ignored, so the records in the shared data collections load as they are.
A document without ``grid`` but with a ``url`` (what ``check --json`` prints) is read from
the URL. An optional ``solution`` (rows) or ``solutions`` (a list of them, the first is
taken) carries an answer; :func:`document_to_doc` writes ``url`` and ``solution`` too.

When the document was read from text, :func:`locator` maps a key path such as
``("grid", 2, 5)`` to ``FILE:LINE:COLUMN`` of that value, so errors point into the file.
"""
from __future__ import annotations

import bisect
import json
import re
import sys
from typing import Any, Callable, Iterator, Optional

from ..encodings import get_genre, recognize_code
from ..errors import InputError
from ..puzzle import Clue, Puzzle, Solution
from .janko import parse_janko
from .pzprv3 import parse_pzprv3, pzprv3_text
from .spec import Document
from .url import check_size, parse_url, to_url

Locate = Callable[[tuple[Any, ...]], str]
_WS = re.compile(r"[ \t\n\r]*")


Path = tuple[Any, ...]


def _skip_ws(text: str, i: int) -> int:
    """The offset of the first non-blank character at or after ``i``."""
    m = _WS.match(text, i)
    assert m is not None  # the pattern matches the empty string
    return m.end()


def _walk(text: str, target: Optional[Path] = None) -> Iterator[tuple[Path, int]]:
    """(key path, offset) of the values of valid JSON text in order: every value, or with
    ``target`` only those on the way to it (a container off the way is skipped whole by the
    C decoder: finding one cell of a 1000x1000 grid takes 0.1 s, not 7). Iterative, so
    that JSON nested as deep as the decoder takes needs no deep recursion."""
    dec = json.JSONDecoder()
    stack: list[list[Any]] = []         # open containers: [path, closing char, next index]
    i, path = _skip_ws(text, 0), ()
    while True:
        yield path, i
        descend = text[i] in "{[" and (target is None or path == target[:len(path)])
        if not descend:
            try:
                i = dec.raw_decode(text, i)[1]
            except RecursionError:      # too deep for the C decoder here: walk it
                descend = text[i] in "{["
        if descend:
            stack.append([path, "}" if text[i] == "{" else "]", 0])
            i += 1
        while stack:                    # the next value, past finished containers
            cpath, close, k = stack[-1]
            i = _skip_ws(text, i)
            if text[i] == ",":
                i = _skip_ws(text, i + 1)
            if text[i] == close:
                stack.pop()
                i += 1
                continue
            if close == "}":
                key, i = dec.raw_decode(text, i)
                i = _skip_ws(text, i) + 1          # past ':'
                path = cpath + (key,)
            else:
                path = cpath + (k,)
                stack[-1][2] = k + 1
            i = _skip_ws(text, i)
            break
        else:
            return


def value_offsets(text: str) -> dict[Path, int]:
    """Offset of every value in valid JSON text, by key path (object keys, list indices)."""
    return dict(_walk(text))


def value_offset(text: str, path: Path) -> Optional[int]:
    """Offset of the value at ``path`` in valid JSON text, or None."""
    return next((off for p, off in _walk(text, path) if p == path), None)


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|-?([0-9]+)(\.[0-9]+)?([eE][-+]?[0-9]+)?', re.S)


def loads(text: str, label: str, line: Optional[int] = None) -> Any:
    """``json.loads`` whose every failure is one InputError naming its place: LABEL:LINE:COL
    (``line`` is the line of a batch the text is), or LABEL[:LINE] without a position."""
    def place(offset: Optional[int] = None) -> str:
        if offset is None:
            return label if line is None else f"{label}:{line}"
        row, col = text.count("\n", 0, offset), offset - text.rfind("\n", 0, offset)
        return f"{label}:{row + (line or 1)}:{col}"
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(f"invalid JSON: {e.msg}", place(e.pos)) from None
    except RecursionError:
        raise InputError("JSON nested too deeply", place()) from None
    except ValueError:  # an integer past Python's int conversion limit (4300 digits)
        limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
        for m in _JSON_TOKEN.finditer(text):
            if m.group(1) and not (m.group(2) or m.group(3)) and len(m.group(1)) > limit > 0:
                raise InputError(f"number too large ({len(m.group(1))} digits)",
                                 place(m.start())) from None
        raise InputError("number too large", place()) from None


def locator(text: str, label: str, first_line: int = 1, prefix: Path = ()) -> Locate:
    """``at(path)`` -> ``LABEL:LINE:COL`` of the value at ``prefix + path`` (else LABEL).
    The text is only scanned when a place is asked for, that is when there is an error."""
    cache: dict[str, Any] = {}

    def at(path: Path) -> str:
        if not cache:
            cache["starts"] = [0] + [m.end() for m in re.finditer("\n", text)]
        off = value_offset(text, prefix + path)
        if off is None:
            return label
        starts = cache["starts"]
        line = bisect.bisect_right(starts, off)
        return f"{label}:{line + first_line - 1}:{off - starts[line - 1] + 1}"
    return at


def _cell_json(v: Any) -> bool:
    """Whether a JSON grid cell has a shape any genre reads: null, a string, a number (not
    true/false, which Python counts as 1 and 0), or a flat list of those (Tapa's clues; a
    tuple where the document was made in Python, as a Puzzle's to_doc)."""
    if isinstance(v, (list, tuple)):
        return all(x is None or isinstance(x, (str, int, float)) and not isinstance(x, bool)
                   for x in v)
    return v is None or isinstance(v, (str, int, float)) and not isinstance(v, bool)


def puzzle_from_doc(doc: Any, where: str, at: Optional[Locate] = None) -> Puzzle:
    def place(*path: Any) -> str:
        return at(path) if at is not None else where
    if not isinstance(doc, dict):
        raise InputError("a puzzle document must be a JSON object", place())
    if "grid" not in doc and isinstance(doc.get("url"), str):
        inner = pzprv3_text(doc["url"])
        if inner is not None:  # a whole pzprv3 file in a URL
            return parse_pzprv3(inner, f"{place('url')}: url").puzzle
        return parse_url(doc["url"], f"{place('url')}: url")
    if "grid" not in doc and "code" in doc:
        return _code_doc(doc, where, place)
    if "grid" not in doc and isinstance(doc.get("janko"), str):
        return _janko_doc(doc, place).puzzle
    for key in ("genre", "grid"):
        if key not in doc:
            raise InputError(f"missing key {key!r}", place())
    try:
        genre = get_genre(doc["genre"], f"{where}: genre")
    except InputError as e:
        raise InputError(e.message, f"{place('genre')}: genre") from None
    grid = doc["grid"]
    if genre.formats.row_strings and isinstance(grid, list):
        # Rows written as strings of one-character tokens ("0121").
        grid = [list(r) if isinstance(r, str) else r for r in grid]
    if not isinstance(grid, list) or not grid or not all(isinstance(r, list) for r in grid):
        raise InputError("'grid' must be a non-empty list of rows (lists)", place("grid"))
    rows = doc.get("rows", len(grid))
    cols = doc.get("cols", len(grid[0]))
    if not (isinstance(rows, int) and isinstance(cols, int)) or isinstance(rows, bool) \
            or isinstance(cols, bool):
        raise InputError("'rows' and 'cols' must be integers", place("rows"))
    try:
        check_size(rows, cols, where)
    except InputError as e:
        raise InputError(e.message, place("rows")) from None
    if len(grid) != rows:
        raise InputError(f"'rows' is {rows} but 'grid' has {len(grid)} rows", place("grid"))
    out = []
    # parse_clue depends on the token alone: each distinct hashable token (keyed with its
    # type: 1, 1.0 and True differ) is parsed once, at its first cell; rows of known tokens
    # are then mapped at C speed (a 1000x1000 grid: 1.9 s -> 0.3 s).
    seen: dict[tuple[type, Any], Clue] = {}
    for r, row in enumerate(grid):
        if len(row) != cols:
            raise InputError(f"grid row {r + 1} has {len(row)} cells, expected {cols}",
                             place("grid", r))
        try:
            out.append(tuple(map(seen.__getitem__, zip(map(type, row), row))))
            continue
        except (KeyError, TypeError):  # a new token, or an unhashable one (a list)
            pass
        cells = []
        for c, v in enumerate(row):
            try:
                if not _cell_json(v):
                    raise InputError(f"a cell is a number, a string, null or a list of those, "
                                     f"got {json.dumps(v)[:40]}", where)
                try:
                    clue = genre.parse_clue(v, f"{where}: r{r + 1}c{c + 1}")
                except TypeError:  # a list where the genre takes none (unhashable)
                    raise InputError(f"unknown given {json.dumps(v)[:40]}", where) from None
            except InputError as e:
                raise InputError(e.message, f"{place('grid', r, c)}: r{r + 1}c{c + 1}") from None
            try:
                seen[type(v), v] = clue
            except TypeError:
                pass
            cells.append(clue)
        out.append(tuple(cells))
    params = {}
    for key in genre.param_keys:
        if key in doc:
            here = f"{where}: {key}"
            try:
                params[key] = genre.parse_param(key, doc[key], here)
            except InputError as e:  # the place, looked up only now, keeps the genre's [i]
                rest = e.where[len(here):] if e.where and e.where.startswith(here) else ""
                raise InputError(e.message, f"{place(key)}: {key}{rest}") from None
    puzzle = Puzzle(genre.name, rows, cols, tuple(out)).with_params(**params)
    try:  # the place is looked up only for an error: it scans the whole text
        genre.check_puzzle(puzzle, where)
    except InputError as e:
        if e.where is None or not e.where.startswith(where):
            raise
        raise InputError(e.message, place("grid") + e.where[len(where):]) from None
    return puzzle


def _janko_doc(doc: dict[str, Any], place: Callable[..., str]) -> Document:
    """A document ``{"janko": "begin ... end"}``: read like the block (its solution too).
    A block without a ``puzzle`` line is of the genre ``janko_genre`` (or ``genre``) names."""
    hint = doc.get("janko_genre", doc.get("genre"))
    if hint is not None and not isinstance(hint, str):
        key = "janko_genre" if "janko_genre" in doc else "genre"
        raise InputError(f"'{key}' must be a genre's name (a string)", place(key))
    return parse_janko(doc["janko"], f"{place('janko')}: janko", hint)


def _code_doc(doc: dict[str, Any], where: str, place: Callable[..., str]) -> Puzzle:
    """A document ``{"genre": ..., "code": ...}``: the genre's own one-line code."""
    code = doc["code"]
    if not isinstance(code, str):
        raise InputError("'code' must be a string", place("code"))
    found = recognize_code(code.strip())
    if "genre" in doc:
        try:
            genre = get_genre(doc["genre"], f"{where}: genre")
        except InputError as e:
            raise InputError(e.message, f"{place('genre')}: genre") from None
        if not genre.formats.codes:
            raise InputError(f"{genre.name} has no puzzle code; give its 'grid'", place("code"))
        if found is None or found[0] is not genre:
            names = ", ".join(f.name for f in genre.formats.codes)
            raise InputError(f"not a {genre.name} code ({names})", place("code"))
    elif found is None:
        raise InputError("not a puzzle code of any genre", place("code"))
    puzzle = found[1].parse(code.strip(), place("code"))
    check_size(puzzle.rows, puzzle.cols, place("code"))
    return puzzle


def document_from_doc(doc: Any, where: str, answers: bool = True,
                      at: Optional[Locate] = None) -> Document:
    """A Document: the puzzle and, with ``answers``, the ``solution`` the object carries."""
    if isinstance(doc, dict) and "grid" not in doc and isinstance(doc.get("janko"), str):
        read = _janko_doc(doc, (lambda *p: at(p)) if at is not None else (lambda *p: where))
        return read if answers else Document(read.puzzle, None, "json")
    puzzle = puzzle_from_doc(doc, where, at)
    if not answers:
        return Document(puzzle, None, "json")
    genre = get_genre(puzzle.genre)
    key = genre.optimisation.answer_key if genre.optimisation is not None else "solution"
    path: Path = ("solution",) if key not in doc or "solution" in doc else (key,)
    rows = doc.get(path[0])
    if rows is None and isinstance(doc.get("solutions"), list) and doc["solutions"]:
        rows, path = doc["solutions"][0], ("solutions", 0)
    if rows is None or rows == []:
        return Document(puzzle, None, "json")
    place = at(path) if at is not None else where
    # A grid answer is rows of characters; another answer (a move sequence) may hold numbers.
    items = (str,) if issubclass(genre.answer_type, Solution) else (str, int)
    if not isinstance(rows, list) or not all(isinstance(r, items) for r in rows):
        what = "row strings" if items == (str,) else "moves"
        raise InputError(f"'{path[0]}' must be a list of {what}", f"{place}: {path[0]}")
    try:
        solution = get_genre(puzzle.genre).parse_solution(puzzle, rows, f"{where}: solution")
    except InputError as e:
        raise InputError(e.message, f"{place}: solution") from None
    return Document(puzzle, solution, "json")


def document_to_doc(doc: Document) -> dict[str, Any]:
    """The JSON puzzle document of a Document: genre, size, grid, url, and any solution."""
    out = doc.puzzle.to_doc()
    genre = get_genre(doc.puzzle.genre)
    if genre.formats.row_strings:
        out["grid"] = ["".join(genre.clue_token(v) for v in row) for row in doc.puzzle.grid]
    if genre.formats.codes:
        try:
            out["code"] = genre.formats.codes[0].write(doc.puzzle)
        except InputError:  # a board the code cannot carry (Tatham: another pivot)
            pass
    try:
        out["url"] = to_url(doc.puzzle)
    except InputError:
        pass
    if doc.solution is not None:
        out["solution"] = doc.solution.to_json()
    return out

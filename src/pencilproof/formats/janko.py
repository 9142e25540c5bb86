"""Janko data blocks (janko.at puzzle pages), read: the problem and the published solution.

    begin
    puzzle akari
    author ...
    size 10               <- or: rows 10 / cols 12
    problem
    1 - - x - - ...       <- one line per row: '-' empty, numbers clues, genre tokens
    solution
    1 o - x - - ...       <- the genre's answer marks (Akari 'o' lamp, Canal View 'x' shaded)
    moves ...             <- other sections are skipped
    end

The block may sit inside a saved HTML page (``<script id="data" ...>``); only the lines
from ``begin`` to ``end`` are read. Which tokens mean what is the genre's FormatSpec
(formats/spec.py): walls genres take their walls from the problem and only the marks
from the solution. Errors name the line and column.

What published pages vary, read as janko.at's own page script reads them:
* the ``puzzle`` line may name a variant after the genre (``sudoku, diagonals``,
  ``kakurasu 3``): the genre is the name before the comma (or the first word), and the
  whole line stays in the block's ``puzzle`` field for the genre to read (a genre refuses
  a variant it does not know);
* a block with no ``puzzle`` line takes the genre the caller knows (a JSON record's
  ``janko_genre`` or ``genre`` beside its ``janko``);
* a block with no ``size``/``rows``/``cols`` line takes its size from its first grid
  section (its lines up to the next keyword, the tokens of its first line);
* some pages carry HTML residue at the end of a grid line (``9">``) and some were saved
  as UTF-8 read as Latin-1 (``Â»`` for ``»``): both are undone line by line before
  reading, so the places errors name stay the page's own.
"""
from __future__ import annotations

import re
from typing import Callable

from ..numerals import is_digits
from ..encodings import GENRES, Genre, JankoBlock, get_genre
from ..errors import InputError
from ..puzzle import Clue, Puzzle
from .spec import Document, split_lines
from .url import ascii_number, check_size

#: First words of the lines that start a Janko field; anything else outside ``problem``
#: and ``solution`` belongs to a field we skip (moves, areas, ...).
KEYWORDS = {"begin", "end", "puzzle", "author", "solver", "source", "info", "unit", "size",
            "rows", "cols", "columns", "problem", "solution", "moves", "areas", "patternx",
            "patterny", "diagonals", "labels", "depth", "rating", "title", "comment", "hints"}

SECTION_ENDS = {"end", "problem", "solution", "moves", "areas"}
#: Keywords alone on a line that start a section of token lines (genres read them).
SECTIONS = {"problem", "solution", "areas", "clabels", "rlabels", "moves", "labels",
            "diagonals", "patternx", "patterny", "lines", "nodes"}
#: One-line fields some genres carry (Battleships' fleet).
EXTRA_FIELDS = {"ships", "depth", "size", "rows", "cols", "mines"}


def _norm(name: str) -> str:
    return re.sub(r"[\s_\-]", "", name.lower())


def is_janko(text: str) -> bool:
    lines = [ln.strip().lower() for ln in split_lines(text)]
    if "begin" not in lines:
        return False
    rest = lines[lines.index("begin"):]
    return "problem" in rest or "solution" in rest


def _genre_for(name: str, where: str) -> Genre:
    """The genre a ``puzzle`` line names: the whole line, else the name before its first
    comma (``sudoku, diagonals``) or its first word (``kakurasu 3``), the rest being
    variants the genre must declare (:attr:`Genre.janko_variants`; a declared ``#`` stands
    for any number, a page's place in a series: ``spotlight 13``)."""
    def named(attempt: str) -> Genre | None:
        key = _norm(attempt)
        return next((g for g in GENRES.values() if key in {
            _norm(n) for n in (g.name, *g.aliases, *g.url_pids, *g.formats.janko_names)}), None)

    whole = named(name)
    if whole is not None:
        return whole
    words = name.split(None, 1)
    splits = [(name.partition(",")[0], name.partition(",")[2].split(","))]
    if len(words) == 2:
        splits.append((words[0], [words[1]]))
    glued = next((words[0][:-len(k)] for k in KEYWORDS if words and len(words[0]) > len(k)
                  and words[0].lower().endswith(k)), None)
    if glued is not None:  # the next field's line run into this one: 'nurikabeinfo 12'
        splits.append((glued, []))
    for head, variants in splits:
        genre = named(head)
        if genre is None:
            continue
        known = {_norm(v) for v in genre.janko_variants}
        for variant in (v.strip() for v in variants):
            if variant and _norm(variant) not in known and not (is_digits(variant) and "#" in known):
                have = ", ".join(genre.janko_variants) or "none"
                raise InputError(f"{genre.name}: the janko.at variant {variant!r} is not "
                                 f"read here (variants read: {have})", where)
        return genre
    return get_genre(name, where)


#: HTML left at the end of a grid line by some saved pages (``6 4 3 9">``).
_RESIDUE = re.compile(r"""\s*["']\s*/?>\s*$""")


def _clean(line: str) -> str:
    """A line as the page meant it: UTF-8 that was read as Latin-1 (or cp1252) decoded
    once more, and HTML residue at its end dropped. A line that is not such mojibake
    (``Jürgen`` written right) is kept as it is."""
    if any("\x80" <= ch <= "\xff" or ch in _CP1252 for ch in line):
        for codec in ("latin-1", "cp1252"):
            try:
                line = line.encode(codec).decode("utf-8")
                break
            except UnicodeError:
                continue
    return _RESIDUE.sub("", line)


#: The characters cp1252 puts where Latin-1 has control codes (UTF-8 mojibake shows them).
_CP1252 = frozenset(bytes(range(0x80, 0xA0)).decode("cp1252", errors="ignore"))


def _grid_size(stripped: list[str], first: int) -> tuple[int, int] | None:
    """The rows and columns of the grid section whose first line is ``first``: its lines
    up to the next keyword line (or an empty one), the tokens of its first line."""
    n = 0
    while first + n < len(stripped):
        words = stripped[first + n].split()
        if not words or (len(words) == 1 and words[0].lower() in SECTIONS | SECTION_ENDS) \
                or (words[0].lower() in KEYWORDS and not is_digits(words[0])
                    and words[0].lower() not in ("x", "o") and len(words) > 1):
            break
        n += 1
    return (n, len(stripped[first].split())) if n else None


def _fields(stripped: list[str], start: int, end: int) -> dict[str, str]:
    """Every one-line field of the block (first word -> the rest of the line)."""
    out: dict[str, str] = {}
    for s in stripped[start + 1:end]:
        words = s.split(None, 1)
        if len(words) == 2 and words[0].lower() in KEYWORDS | EXTRA_FIELDS:
            out.setdefault(words[0].lower(), words[1].strip())
    return out


def _section_end(line: str) -> bool:
    """Whether a line ends a section of token lines: empty, a section's keyword alone, or
    a field (a keyword and its value; ``x``/``o`` and numbers are tokens, not keywords).
    janko.at's pages also carry keywords with a trailing ``_`` (``solution_``, ``moves_``:
    a copy of a section, the page's replay), which end a section too."""
    words = line.split()
    if not words:
        return True
    key = words[0].lower()
    key = key[:-1] if key.endswith("_") and len(key) > 1 else key
    return (len(words) == 1 and key in SECTIONS | SECTION_ENDS) or (
        key in KEYWORDS | EXTRA_FIELDS and len(words) > 1
        and not is_digits(key) and key not in ("x", "o"))


def _sections(lines: list[str], start: int, end: int, at: Callable[[int, int], str]
              ) -> dict[str, tuple[tuple[tuple[str, str], ...], ...]]:
    """Every section (a keyword alone on its line) with its lines of placed tokens, up
    to the next keyword line."""
    out: dict[str, tuple[tuple[tuple[str, str], ...], ...]] = {}
    i = start + 1
    while i < end:
        key = lines[i].strip().lower()
        if key in SECTIONS:
            body = []
            i += 1
            while i < end:
                if _section_end(lines[i]):
                    break
                body.append(tuple((m.group(), at(i, m.start() + 1))
                                  for m in re.finditer(r"\S+", lines[i])))
                i += 1
            out[key] = tuple(body)
            continue
        i += 1
    return out


def parse_janko(text: str, where: str, genre_name: str | None = None) -> Document:
    """The first Janko block in ``text`` as a Document (puzzle and published solution).
    ``genre_name`` is the genre of a block that has no ``puzzle`` line (a JSON record's
    ``janko_genre``); a ``puzzle`` line wins over it."""
    lines = [_clean(line) for line in split_lines(text)]
    stripped = [ln.strip() for ln in lines]
    try:
        start = [s.lower() for s in stripped].index("begin")
    except ValueError:
        raise InputError("no 'begin' line: not a Janko data block", where) from None

    def at(i: int, col: int = 1) -> str:
        return f"{where}:{i + 1}:{col}"

    fields: dict[str, tuple[int, str]] = {}
    sections: dict[str, int] = {}
    rows = cols = None
    i = start + 1
    end = None
    while i < len(lines):
        words = stripped[i].split(None, 1)
        key = words[0].lower() if words else ""
        if key == "end":
            end = i
            break
        if key in ("problem", "solution"):
            if rows is None or cols is None:
                size = _grid_size(stripped, i + 1) if rows is None and cols is None else None
                if size is None:
                    raise InputError(f"'{key}' comes before the size ('size N' or "
                                     "'rows'/'cols') and holds no grid to take it from", at(i))
                rows, cols = size
            sections[key] = i + 1
            i += 1
            for _ in range(rows):  # the grid; a short one stops at the next section
                if i >= len(lines) or stripped[i].lower() in SECTION_ENDS:
                    break
                i += 1
            continue
        if key in ("size", "rows", "cols", "columns"):
            value = words[1].strip() if len(words) > 1 else ""
            after_key = len(lines[i]) - len(lines[i].lstrip()) + len(key)
            # the value's column, or one past the line's end when there is none
            value_at = at(i, (lines[i].index(value, after_key) if value else
                              len(lines[i].rstrip())) + 1)
            n = ascii_number(value, value_at)
            if n is None:
                raise InputError(f"'{key}' should be followed by a number, got {value!r}",
                                 value_at)
            if key == "size":
                rows = cols = n
            elif key == "rows":
                rows = n
            else:
                cols = n
        elif key in KEYWORDS and len(words) > 1:
            fields[key] = (i, words[1].strip())
        i += 1
    if end is None:
        raise InputError(f"no 'end' line after 'begin' (line {start + 1})", at(len(lines) - 1))
    if "puzzle" in fields:
        line_no, name = fields["puzzle"]
        genre = _genre_for(name, at(line_no, lines[line_no].index(name) + 1))
    elif genre_name is not None:
        genre = _genre_for(genre_name, where)
    else:
        raise InputError("no 'puzzle' line naming the genre (add one, such as 'puzzle "
                         "sudoku', or give 'janko_genre' beside 'janko' in JSON)", at(start))
    if rows is not None and cols is not None:
        check_size(rows, cols, at(start))
        block = JankoBlock(rows, cols, _fields(stripped, start, end), _sections(lines, start, end, at),
                           at(start))
        read = genre.read_janko(block)
        if read is not None:
            puzzle, solution = read
            genre.check_puzzle(puzzle, where)
            return Document(puzzle, solution, "janko")
    spec = genre.formats
    if "problem" not in sections:
        raise InputError("no 'problem' section", at(end))
    assert rows is not None and cols is not None  # a 'problem' section needs the size first
    check_size(rows, cols, at(sections["problem"] - 1))

    def grid_tokens(first: int, what: str) -> list[list[tuple[str, int]]]:
        out = []
        for r in range(rows):
            i = first + r
            if i >= end or stripped[i].lower() in SECTION_ENDS:
                raise InputError(f"{what} has {r} rows, expected {rows}", at(i))
            toks = [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", lines[i])]
            if len(toks) != cols:
                col = toks[cols][1] if len(toks) > cols else len(lines[i]) + 1
                raise InputError(f"{what} row {r + 1} has {len(toks)} tokens, expected {cols}",
                                 at(i, col))
            out.append(toks)
        i = first + rows  # a row too many would be dropped: another puzzle judged
        if i < end and not _section_end(stripped[i]):
            raise InputError(f"{what} has more than {rows} rows (the size says {rows})", at(i))
        return out

    known = ", ".join(repr(t) for t in sorted(spec.janko_problem))
    grid = []
    for r, toks in enumerate(grid_tokens(sections["problem"], "problem")):
        row = []
        for c, (tok, col) in enumerate(toks):
            place = at(sections["problem"] + r, col)
            number = ascii_number(tok, f"{place}: r{r + 1}c{c + 1}")
            given: Clue
            if number is not None:
                given = number
            elif tok in spec.janko_problem:
                given = spec.janko_problem[tok]
            else:
                raise InputError(f"unknown problem token {tok!r} at r{r + 1}c{c + 1} "
                                 f"(expected a number or {known})", place)
            row.append(genre.parse_clue(given, f"{place}: r{r + 1}c{c + 1}"))
        grid.append(tuple(row))
    puzzle = Puzzle(genre.name, rows, cols, tuple(grid))
    solution = None
    if "solution" in sections:
        marks = {}
        for r, toks in enumerate(grid_tokens(sections["solution"], "solution")):
            for c, (tok, col) in enumerate(toks):
                mark = spec.janko_marks.get(tok)
                if mark is None:
                    continue
                if spec.given_char(puzzle.grid[r][c]) is not None:
                    raise InputError(f"solution mark {tok!r} on the given at r{r + 1}c{c + 1}",
                                     at(sections["solution"] + r, col))
                marks[(r, c)] = mark
        solution = genre.parse_solution(puzzle, spec.answer_rows(puzzle, marks), where)
    return Document(puzzle, solution, "janko")

"""pzprv3 files, puzz.link's save format: a setter's puzzle *and* answer.

    pzprv3           <- pzprv3.1 in files whose sections pzprjs versioned (rooms, qsub)
    canal            <- the genre's pzprv3 pid
    6                <- ROWS (rows first here, unlike URLs)
    6                <- COLS
    3 . . . 3 .      <- sections: one line per row, tokens each followed by a space
    ...

Which sections follow the size is data in the genre's FormatSpec (``pzprv3_sections``):

* ``qnum``: the givens: ``.`` empty, a number a clue (``pzpr_values`` maps symbol numbers,
  Masyu's circles), ``-`` pzprjs's special given (a ``?`` clue or an unnumbered wall:
  ``qnum_minus2``);
* ``qnum_ans``: givens and answer marks in one section (Light Up, Nurikabe);
* ``qnums_ans``: the same with pzprjs's lists of numbers (Tapa): ``3,1,1`` (a tuple
  clue), ``-`` a ``?`` in a list or alone;
* ``dirqnum``: arrow clues ``DIR,NUM`` (Yajilin, :mod:`pencilproof.encodings.kit.arrows`);
* ``ans``: shading marks (``#`` shaded, ``+`` marked unshaded, ``.`` undecided; the
  ``pzprv3_read``/``pzprv3_write`` tables);
* ``anum``: answer numbers (Sudoku, Fillomino), ``.`` and pzprjs's colour marks undecided,
  36 and more the kit's ``+`` (written back as the size of its group of ``+`` cells);
* ``rooms``: region borders, rows of ``0``/``1`` right of each cell, then below each cell
  (in ``pzprv3`` files before version 1: a room count and rows of room numbers), read
  into the puzzle's ``areas``;
* ``lines``: lines between cell centres (the same two border grids; a number the count of
  lines, ``-1`` a cross mark), read as the pipe characters of the answer (Masyu); after
  an ``ans`` section (Yajilin) a cell without lines keeps its mark;
* ``edge_lines``: a loop along the cell sides (Slitherlink: the same border grids with
  the grid's own edges), read as the cells inside it (``#``);
* ``bridges``: bridge counts between cell centres (Hashiwokakero), read as the cells the
  bridges cross (``-`` ``=`` ``|`` ``H``) and the islands as their givens;
* ``border_ans``: answer borders (Fillomino), read and dropped; written between cells
  whose answer numbers differ;
* ``qsub``: pzprjs's cell colours (version 1 files only), read and dropped;
* ``flag:X``: a line ``X`` here sets a rule variant, which is refused;
* ``flags``: pzprjs's line of rule flags (Country Road's files from version 1 on, written
  as version 2), which must be empty;
* ``square`` (first only): the size is one line, the side of a square grid (Sudoku).

A genre whose file is no sequence of these sections reads and writes its own after the
size (``pzprv3_own``, :class:`~pencilproof.encodings.contract.Pzprv3Body`: Star Battle,
Tents, Battleships, Creek, Kakuro, Skyscrapers). A file of a genre whose givens no
section holds (Norinori's and LITS's known cells) is refused when the puzzle has some.

The sections that name answers may be missing (a puzzle without its answer). Lines
after the sections (pzprjs's completion marks, ``TrialData``, ``info:``/``history:``
JSON) are ignored. In a URL (``p?pzprv3/...``) and in the shared data records, ``/``
stands for a newline. Errors name the line and column of the offending token.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Optional
from urllib.parse import unquote

from ..numerals import is_digits
from ..encodings import FormatSpec, Genre, get_genre
from ..encodings.contract import Pzprv3Body
from ..encodings.kit.arrows import dirqnum_token, dirqnum_value
from ..encodings.kit.layers import DIGITS, PIPE_DIRS, PIPES, char_number, number_char
from ..encodings.kit.lattice import normalize_areas
from ..encodings.kit.urlcodec import borders_to_areas
from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Solution
from .spec import Document, split_lines
from .url import ascii_number, carried_params, check_size, given_of, pzpr_of

HEADER_RE = re.compile(r"^pzprv3(\.\d+)?$")
#: ``https://puzz.link/p?pzprv3/...`` (spaces maybe %20-encoded) or a bare ``pzprv3/...``.
PZPRV3_URL_RE = re.compile(r"^(?:(?:https?://)?[^?\s]*\?)?(?P<body>pzprv3(?:\.\d+)?/)")
#: Sections that hold the puzzle (the others hold the answer and may be missing).
PUZZLE_SECTIONS = ("qnum", "qnum_ans", "qnums_ans", "rooms", "dirqnum")
#: Sections that hold the givens (the cells' clues).
GIVEN_SECTIONS = ("qnum", "qnum_ans", "qnums_ans", "dirqnum")
#: Sections pzprjs writes in version 1 files (``pzprv3.1``).
VERSIONED = ("rooms", "qsub")
#: pzprjs's answer-number marks that are not numbers (colours, a completion mark).
ANUM_MARKS = (".", "+", "-", "=", "%", "c")
#: Hashiwokakero's cells crossed by bridges: (axis, count) -> answer character.
BRIDGE_CHARS = {("", 0): ".", ("h", 1): "-", ("h", 2): "=", ("v", 1): "|", ("v", 2): "H"}
BRIDGE_COUNTS = {ch: n for (axis, n), ch in BRIDGE_CHARS.items()}
#: Lines after the sections that are not answer sections.
TRAILERS = ("history:", "info:", "TrialData")


class _Lines:
    """The file's lines and how to name a place in them (file lines, or '/'-fields)."""

    def __init__(self, text: str, where: str):
        self.where = where
        text = text.lstrip("\ufeff")
        self.slashed = "\n" not in text.strip()
        if self.slashed:
            self.offset = 0
            self.lines = text.strip().split("/")
        else:
            self.lines = split_lines(text)
            self.offset = 0
            while self.lines and not self.lines[0].strip():  # leading blank lines
                self.lines.pop(0)
                self.offset += 1

    def at(self, index: int, col: int = 1) -> str:
        if self.slashed:
            return f"{self.where}: line {index + 1} (lines are '/'-separated), column {col}"
        return f"{self.where}:{index + 1 + self.offset}:{col}"

    def get(self, index: int, what: str) -> str:
        if index >= len(self.lines):
            raise InputError(f"file ends before {what}", self.at(len(self.lines)))
        return self.lines[index]

    def tokens(self, index: int, cols: int, what: str) -> list[tuple[str, int]]:
        """(token, column) pairs of one grid line, which must hold exactly ``cols`` tokens."""
        line = self.get(index, what)
        toks = [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", line)]
        if len(toks) != cols:
            col = toks[cols][1] if len(toks) > cols else len(line) + 1
            raise InputError(f"{what} has {len(toks)} tokens, expected {cols}",
                             self.at(index, col))
        return toks

    def more(self, index: int) -> bool:
        """Whether an answer section may start here: a line that is not a trailer follows
        (a section may begin with empty lines: the borders of a one-column grid)."""
        rest = [ln.strip() for ln in self.lines[index:] if ln.strip()]
        return bool(rest) and not rest[0].startswith(TRAILERS)


def _int_line(lines: _Lines, index: int, what: str) -> int:
    text = lines.get(index, what).strip()
    number = ascii_number(text, lines.at(index))
    if number is None:
        raise InputError(f"{what} should be a number, got {text!r}", lines.at(index))
    return number


def _given(spec: FormatSpec, tok: str) -> object:
    """A puzzle-section token as a grid value, or raise ValueError."""
    if tok == ".":
        return None
    if tok == "-":
        return spec.qnum_minus2
    if "," in tok:              # an arrow clue DIR,NUM
        return dirqnum_value(tok)
    number = ascii_number(tok)      # may raise InputError (a ValueError): too many digits
    if number is not None:
        return given_of(spec, number)
    raise ValueError(tok)


def _qnums(spec: FormatSpec, tok: str) -> object:
    """A ``qnums`` token (Tapa) as a grid value: one number, or a list; ``-`` is ``?``."""
    parts = tok.split(",")
    values: list[object] = []
    for part in parts:
        number = ascii_number(part)
        if part != "-" and number is None:
            raise ValueError(tok)
        values.append(spec.qnum_minus2 if part == "-" else number)
    return values[0] if len(values) == 1 else values


def pzprv3_text(source: str) -> str | None:
    """The file inside a ``p?pzprv3/...`` URL or a bare ``pzprv3/...`` string, else None."""
    s = source.strip()
    m = PZPRV3_URL_RE.match(s)
    if not m:
        return None
    return unquote(s[m.start("body"):])


@dataclass
class _Reading:
    """What the sections of one file say, gathered section by section."""

    genre: Genre
    lines: _Lines
    rows: int
    cols: int
    version: int
    index: int = 4
    grid: list[list[Clue]] = field(default_factory=list)
    layout: Optional[tuple[tuple[int, ...], ...]] = None
    marks: dict[Cell, str] = field(default_factory=dict)
    answered: bool = False
    undecided: bool = False
    #: Every answer cell so far is undecided: a blank answer section (an unsolved save,
    #: or one written without an answer) is no answer.
    blank: bool = True
    #: The file's answer has marks the genre's answers cannot hold (a branching line).
    lost: bool = False

    @property
    def spec(self) -> FormatSpec:
        return self.genre.formats

    def grid_lines(self, nrows: int, ncols: int, what: str) -> list[list[tuple[str, str]]]:
        """``nrows`` lines of ``ncols`` tokens, each with its place."""
        out = []
        for r in range(nrows):
            toks = self.lines.tokens(self.index, ncols, f"{what} {r + 1}")
            out.append([(tok, self.lines.at(self.index, col)) for tok, col in toks])
            self.index += 1
        return out

    def qnum(self, combined: bool, qnums: bool = False) -> None:
        spec = self.spec
        expected = ("'.', '-', a number or " + "/".join(sorted(spec.pzprv3_read))
                    if combined else "'.', '-' or a number")
        if qnums:
            expected = expected.replace("a number", "numbers such as 3,1,1")
        for r, line in enumerate(self.grid_lines(self.rows, self.cols, "puzzle row")):
            row = []
            for c, (tok, place) in enumerate(line):
                try:
                    value = _qnums(spec, tok) if qnums and tok != "." else _given(spec, tok)
                except InputError as e:
                    raise InputError(e.message, f"{place}: r{r + 1}c{c + 1}") from None
                except ValueError:
                    if combined and tok in spec.pzprv3_read:
                        value = None
                        self.marks[(r, c)] = spec.pzprv3_read[tok]
                    else:
                        raise InputError(f"unknown token {tok!r} at r{r + 1}c{c + 1} "
                                         f"(expected {expected})", place) from None
                row.append(self.genre.parse_clue(value, f"{place}: r{r + 1}c{c + 1}"))
            self.grid.append(row)

    def ans(self) -> None:
        read = self.spec.pzprv3_read
        for r, line in enumerate(self.grid_lines(self.rows, self.cols, "answer row")):
            for c, (tok, place) in enumerate(line):
                if tok not in read:
                    raise InputError(f"unknown answer token {tok!r} at r{r + 1}c{c + 1} (expected "
                                     f"{', '.join(sorted(read))})", place)
                self.marks[(r, c)] = read[tok]
                self.undecided |= tok == "."
                self.blank &= tok == "."

    def anum(self) -> None:
        for r, line in enumerate(self.grid_lines(self.rows, self.cols, "answer row")):
            for c, (tok, place) in enumerate(line):
                given = self.grid[r][c]
                tok = tok.split("[", 1)[0]              # pzprjs's pencil marks: [1,,3,]
                number = ascii_number(tok, place)
                if isinstance(given, int) and not isinstance(given, bool):
                    self.marks[(r, c)] = number_char(given)
                elif number is not None:                # from 36 on: the kit's "+"
                    self.marks[(r, c)] = number_char(number) if number < len(DIGITS) else "+"
                    self.blank = False
                elif tok in ANUM_MARKS:
                    self.undecided = True
                else:
                    raise InputError(f"unknown answer token {tok!r} at r{r + 1}c{c + 1} "
                                     f"(expected a number or one of {' '.join(ANUM_MARKS)})", place)

    def borders(self, what: str, allowed: tuple[str, ...],
                outer: bool = False) -> tuple[list[int], list[int]]:
        """The two border grids (right of each cell, then below it) as numbers (-1: 0);
        ``outer``: with the grid's own edges (Slitherlink's lines run on them)."""
        def number(tok: str, place: str) -> int:
            if tok not in allowed and not is_digits(tok):
                raise InputError(f"unknown {what} token {tok!r} (expected "
                                 f"{', '.join(allowed)} or a number)", place)
            return max(0, int(tok)) if is_digits(tok.lstrip("-")) else 0
        grow = 1 if outer else -1
        right = [number(t, p) for line in self.grid_lines(self.rows, self.cols + grow,
                                                          f"{what} row") for t, p in line]
        down = [number(t, p) for line in self.grid_lines(self.rows + grow, self.cols,
                                                         f"{what} row") for t, p in line]
        return right, down

    def edge_lines(self) -> None:
        """A loop along the cell sides as the cells inside it (``#``): a cell is inside
        when an odd number of lines lie left of it in its row. Lines that bound no region
        (a branch, a dead end) are no answer this genre can hold."""
        right, down = self.borders("line", ("0", "-1"), outer=True)
        rows, cols = self.rows, self.cols
        inside = [[sum(right[r * (cols + 1) + x] > 0 for x in range(c + 1)) % 2 == 1
                   for c in range(cols)] for r in range(rows)]

        def at(r: int, c: int) -> bool:
            return 0 <= r < rows and 0 <= c < cols and inside[r][c]
        ok = all((right[r * (cols + 1) + x] > 0) == (at(r, x - 1) != at(r, x))
                 for r in range(rows) for x in range(cols + 1)) and \
            all((down[y * cols + c] > 0) == (at(y - 1, c) != at(y, c))
                for y in range(rows + 1) for c in range(cols))
        if not ok:
            self.lost = True
            return
        for r in range(rows):
            for c in range(cols):
                self.marks[(r, c)] = "#" if inside[r][c] else "."

    def bridges(self) -> None:
        """Bridge counts between cell centres as the cells they cross (``-`` ``=`` across,
        ``|`` ``H`` down); islands (the givens) are written as themselves."""
        right, down = self.borders("bridge", ("0", "-1"))
        rows, cols = self.rows, self.cols
        for r in range(rows):
            for c in range(cols):
                given = self.grid[r][c]
                if given is not None:
                    self.marks[(r, c)] = number_char(given) if isinstance(given, int) else str(given)
                    continue
                h = max([right[r * (cols - 1) + x] for x in (c - 1, c) if 0 <= x < cols - 1] or [0])
                v = max([down[y * cols + c] for y in (r - 1, r) if 0 <= y < rows - 1] or [0])
                ch = BRIDGE_CHARS.get(("h", h) if h and not v else ("v", v) if v and not h
                                      else ("", 0) if not (h or v) else ("x", 0))
                if ch is None:
                    self.lost = True
                else:
                    self.marks[(r, c)] = ch

    def rooms(self) -> None:
        if self.version >= 1:
            right, down = self.borders("border", ("0", "1"))
            self.layout = borders_to_areas(self.rows, self.cols, [b > 0 for b in right],
                                           [b > 0 for b in down])
            return
        _int_line(self.lines, self.index, "the room count")
        self.index += 1
        ids = [[t for t, _ in line] for line in self.grid_lines(self.rows, self.cols, "room row")]
        self.layout = normalize_areas(ids)

    def pipes(self) -> None:
        """Lines between cell centres as each cell's pipe (a branch is no pipe: no answer)."""
        right, down = self.borders("line", ("0", "-1"))
        cols = self.cols
        for r in range(self.rows):
            for c in range(cols):
                dirs = set()
                if c + 1 < cols and right[r * (cols - 1) + c] > 0:
                    dirs.add("E")
                if c > 0 and right[r * (cols - 1) + c - 1] > 0:
                    dirs.add("W")
                if r + 1 < self.rows and down[r * cols + c] > 0:
                    dirs.add("S")
                if r > 0 and down[(r - 1) * cols + c] > 0:
                    dirs.add("N")
                pipe = PIPES.get(frozenset(dirs))
                if pipe is None or pipe != "." and self.marks.get((r, c)) == "#":
                    self.lost = True            # a branch; a line on a shaded cell
                elif pipe != "." or (r, c) not in self.marks:
                    self.marks[(r, c)] = pipe

    def flags(self) -> None:
        if self.version >= 1:
            text = self.lines.get(self.index, "the flags line").strip()
            if text:
                raise InputError(f"the file's option {text!r} (a rule variant) is not supported",
                                 self.lines.at(self.index))
            self.index += 1

    def skip(self, section: str) -> None:
        if section == "border_ans":
            self.borders("answer border", ("0", "1", "2", "-1", "X", "-X"))
        elif section == "qsub":
            if self.version >= 1:
                self.grid_lines(self.rows, self.cols, "colour row")
        else:
            raise InputError(f"{self.genre.name} declares an unknown pzprv3 section {section!r}")


class _OwnFile:
    """The lines after the size as a genre's own body reads them (contract.Pzprv3File)."""

    def __init__(self, lines: _Lines, index: int):
        self.lines, self.index, self.where = lines, index, lines.where

    def line(self, what: str) -> tuple[str, str]:
        text, place = self.lines.get(self.index, what).strip(), self.lines.at(self.index)
        self.index += 1
        return text, place

    def grid(self, rows: int, cols: int, what: str) -> list[list[tuple[str, str]]]:
        out = []
        for r in range(rows):
            toks = self.lines.tokens(self.index, cols, f"{what} {r + 1}")
            out.append([(tok, self.lines.at(self.index, col)) for tok, col in toks])
            self.index += 1
        return out

    def more(self) -> bool:
        return self.lines.more(self.index)


def _read_own(genre: Genre, own: Pzprv3Body, lines: _Lines, rows: int, cols: int,
              where: str) -> Document:
    puzzle, answer = own.read(genre, _OwnFile(lines, 4), rows, cols)
    genre.check_puzzle(puzzle, where)
    solution = None if answer is None else genre.parse_solution(puzzle, answer, where)
    return Document(puzzle, solution, "pzprv3")


def parse_pzprv3(text: str, where: str) -> Document:
    """A pzprv3 file (or its '/'-separated form) as a Document with the file's answer."""
    lines = _Lines(text, where)
    head = lines.get(0, "the 'pzprv3' header").strip()
    m = HEADER_RE.match(head)
    if not m:
        raise InputError(f"not a pzprv3 file: the first line is {head[:20]!r}, expected 'pzprv3'",
                         lines.at(0))
    pid = lines.get(1, "the genre line").strip()
    genre = get_genre(pid, lines.at(1))
    if genre.formats.pzprv3_pid is None:
        raise InputError(f"{genre.name} has no pzprv3 format", lines.at(1))
    sections = genre.formats.pzprv3_sections
    square = sections[:1] == ("square",)
    rows = _int_line(lines, 2, "SIZE" if square else "ROWS")
    cols = rows if square else _int_line(lines, 3, "COLS")
    check_size(rows, cols, lines.at(2))
    if genre.formats.pzprv3_own is not None:
        return _read_own(genre, genre.formats.pzprv3_own, lines, rows, cols, where)
    read = _Reading(genre, lines, rows, cols, int(m.group(1)[1:]) if m.group(1) else 0,
                    index=3 if square else 4)
    for section in sections[1:] if square else sections:
        if section.startswith("flag:"):
            if read.index < len(lines.lines) and lines.lines[read.index].strip() == section[5:]:
                raise InputError(f"the file's option {section[5:]!r} (a rule variant) is not "
                                 f"supported", lines.at(read.index))
        elif section == "flags":
            read.flags()
        elif section not in PUZZLE_SECTIONS and not lines.more(read.index):
            break                                   # a puzzle without its answer
        elif section in GIVEN_SECTIONS:
            read.answered |= section.endswith("_ans")
            read.qnum(section.endswith("_ans"), section == "qnums_ans")
            read.blank &= not read.marks
        elif section == "rooms":
            read.rooms()
        else:
            read.answered = True
            read.blank &= section in ("ans", "anum")  # (other answer sections: never blank)
            if section == "ans":
                read.ans()
            elif section == "anum":
                read.anum()
            elif section == "lines":
                read.pipes()
            elif section == "edge_lines":
                read.edge_lines()
            elif section == "bridges":
                read.bridges()
            else:
                read.skip(section)
    # A row too many shifts every section after it. The default layouts are whole files; a
    # declared one may stop before pzprjs's last sections (Shikaku's answer borders, Country
    # Road's version-0 colours), so only a default layout's file must end here.
    if not genre.formats.pzprv3_layout and lines.more(read.index):
        raise InputError(f"a line past the file's sections (its size is {rows}x{cols}: a grid "
                         f"row too many?)", lines.at(read.index))
    grid = read.grid or [[None] * cols for _ in range(rows)]  # (no givens section: none)
    puzzle = Puzzle(genre.name, rows, cols, tuple(tuple(row) for row in grid))
    if read.layout is not None:
        puzzle = puzzle.with_params(areas=read.layout)
    genre.check_puzzle(puzzle, where)
    solution: Optional[Any] = None
    if read.answered and not read.lost and not read.blank:
        rows_ = genre.formats.answer_rows(puzzle, read.marks)
        try:
            solution = genre.parse_solution(puzzle, rows_, where)
        except InputError:
            if not read.undecided:      # an answer in progress is no answer; a wrong one is
                raise
    return Document(puzzle, solution, "pzprv3")


def _given_token(spec: FormatSpec, value: object) -> str:
    if isinstance(value, tuple):                # pzprjs's qnums (Tapa): 3,1,1
        return ",".join(_given_token(spec, v) for v in value)
    value = pzpr_of(spec, value)
    if value is None:
        return "."
    if value == "?":
        return "-"
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return str(value)
    raise InputError(f"given {value!r} has no pzprv3 token")


Side = tuple[Cell, Cell]


def _side_lines(rows: int, cols: int, token: Callable[[Side], str], outer: bool = False) -> list[str]:
    """pzprjs's two border grids: the side right of each cell row by row, then the side
    below each cell; ``outer`` includes the grid's own edges. ``token`` gets the two cells
    a side parts (one of them may lie outside the grid)."""
    grow = 1 if outer else 0
    out = ["".join(token(((r, c - 1), (r, c))) + " " for c in range(1 - grow, cols + grow))
           for r in range(rows)]
    out += ["".join(token(((r - 1, c), (r, c))) + " " for c in range(cols))
            for r in range(1 - grow, rows + grow)]
    return out


class _Writing:
    """One section's lines at a time, from the puzzle and the answer's marks."""

    def __init__(self, puzzle: Puzzle, solution: Solution | None):
        self.puzzle, self.solution = puzzle, solution
        self.spec = get_genre(puzzle.genre).formats
        self.marks = self.spec.marks_of(puzzle, solution) if solution is not None else {}
        self.rows, self.cols = puzzle.rows, puzzle.cols

    def grid(self, token: Callable[[Cell], str]) -> list[str]:
        return ["".join(token((r, c)) + " " for c in range(self.cols)) for r in range(self.rows)]

    def mark(self, cell: Cell) -> str:
        return self.marks.get(cell, self.spec.blank)

    def answer(self, cell: Cell) -> str:
        ch = self.mark(cell)
        if ch not in self.spec.pzprv3_write:
            raise InputError(f"answer character {ch!r} at r{cell[0] + 1}c{cell[1] + 1} has "
                             f"no pzprv3 token")
        return self.spec.pzprv3_write[ch]

    def given(self, cell: Cell) -> str:
        return _given_token(self.spec, self.puzzle[cell])

    def number(self, cell: Cell) -> Optional[int]:
        """The answer's number in a cell; ``+`` (36 or more) is its group's size."""
        ch = self.mark(cell)
        if ch != "+":
            return char_number(ch)
        group, todo = {cell}, [cell]
        while todo:
            r, c = todo.pop()
            for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if x not in group and self.marks.get(x) == "+":
                    group.add(x)
                    todo.append(x)
        return len(group)

    def anum(self, cell: Cell) -> str:
        n = self.number(cell)
        return "." if isinstance(self.puzzle[cell], int) or n is None else str(n)

    def inside(self, cell: Cell) -> bool:
        return cell in self.marks and self.marks[cell] == "#"

    def pipe(self, side: Side) -> str:
        (r, c), b = side
        return "1" if ("E" if b == (r, c + 1) else "S") in PIPE_DIRS.get(self.mark((r, c)), "") \
            else "0"

    def bridge(self, side: Side) -> str:
        """Bridges on a side: the count of its crossed (empty) cell, if it has one."""
        axis = "-=" if side[1][1] != side[0][1] else "|H"
        for cell in side:
            if self.puzzle[cell] is None:
                ch = self.mark(cell)
                return str(BRIDGE_COUNTS[ch]) if ch in axis else "0"
        return "0"

    def differ(self, side: Side) -> str:
        x, y = (self.number(cell) for cell in side)
        return "1" if self.solution is not None and None not in (x, y) and x != y else "0"

    def section(self, name: str) -> list[str]:
        rows, cols = self.rows, self.cols
        if name == "qnum":
            return self.grid(self.given)
        if name == "dirqnum":
            return self.grid(lambda cell: dirqnum_token(pzpr_of(self.spec, self.puzzle[cell])))
        if name in ("qnum_ans", "qnums_ans"):
            return self.grid(lambda cell: self.answer(cell) if self.puzzle[cell] is None
                             else self.given(cell))
        if name == "ans":
            return self.grid(self.answer)
        if name == "anum":
            return self.grid(self.anum)
        if name == "qsub":
            return self.grid(lambda cell: "0")
        if name == "flags":
            return [""]
        if name == "rooms":
            layout = self.puzzle.param("areas") or [[0] * cols for _ in range(rows)]
            return _side_lines(rows, cols, lambda side: "1" if layout[side[0][0]][side[0][1]]
                               != layout[side[1][0]][side[1][1]] else "0")
        if name == "lines":
            return _side_lines(rows, cols, self.pipe)
        if name == "edge_lines":
            return _side_lines(rows, cols, lambda side: "1" if self.inside(side[0])
                               != self.inside(side[1]) else "0", outer=True)
        if name == "bridges":
            return _side_lines(rows, cols, self.bridge)
        if name == "border_ans":
            return _side_lines(rows, cols, self.differ)
        return []                           # square, flag:X: nothing (no variant is written)


def pzprv3_lines(puzzle: Puzzle, solution: Solution | None = None) -> list[str]:
    """The file's lines, exactly as puzz.link writes them (each grid line ends in a space)."""
    spec = get_genre(puzzle.genre).formats
    if spec.pzprv3_pid is None:
        raise InputError(f"{puzzle.genre} has no pzprv3 format")
    own = spec.pzprv3_own
    if own is not None:
        rows, cols = own.size(puzzle)
        return [own.header, spec.pzprv3_pid, str(rows), str(cols), *own.write(puzzle, solution)]
    sections = spec.pzprv3_sections
    carried_params(puzzle, "rooms" in sections, "pzprv3 format")
    if puzzle.clues() and not any(s in GIVEN_SECTIONS for s in sections):
        (r, c), v = min(puzzle.clues().items())
        raise InputError(f"a {puzzle.genre} pzprv3 file carries no givens (the given {v!r} at "
                         f"r{r + 1}c{c + 1})")
    head = ("pzprv3.2" if "flags" in sections else
            "pzprv3.1" if any(s in VERSIONED for s in sections) else "pzprv3")
    square = sections[:1] == ("square",)
    if square and puzzle.rows != puzzle.cols:
        raise InputError(f"a {puzzle.genre} pzprv3 file holds a square grid, not "
                         f"{puzzle.rows}x{puzzle.cols}")
    out = [head, spec.pzprv3_pid, str(puzzle.rows)] + ([] if square else [str(puzzle.cols)])
    writing = _Writing(puzzle, solution)
    for section in sections:
        out += writing.section(section)
    return out


def to_pzprv3(puzzle: Puzzle, solution: Solution | None = None, slashes: bool = False) -> str:
    """A pzprv3 file; ``slashes=True`` gives the one-line form used after ``p?`` in URLs."""
    lines = pzprv3_lines(puzzle, solution)
    if slashes:
        return "/".join(lines) + "/"
    return "\n".join(lines) + "\n"

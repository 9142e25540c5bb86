"""Unicode grids for the terminal.

Clues are printed as numbers (``?`` for an unknown clue), shaded cells as ``██``,
unshaded cells as ``·``, a clue in a shaded cell (Smullyanic Dynasty) as ``█3``, walls
as ``▓▓`` (numbered walls show their number) and lamps as ``●``. In a pair of solutions
the cells where they differ are drawn ``▒▒`` (shaded), ``○`` (unshaded) or ``◉`` (lamp),
and numbered clues that differ between shaded and unshaded as ``▒3``, so the differences
stand out without colour. What an answer character is and whether givens are walls is
the genre's declaration (``genre.formats``), never a genre name. The other drawing kinds:

* ``number``: the answer's number where the cell has no given (``A`` is 10); a
  differing number is ``○5``; ``letter``: the answer's character itself, likewise;
* ``pipe``: box-drawing lines ``─ │ └ ┘ ┐ ┌``, path ends ``╵ ╶ ╷ ╴``, crossing ``┼``,
  joined across cells; a differing cell's lines are heavy (``━ ┃ ┗ ...``);
* ``bridge``: ``─ ═`` across, ``│ ║`` down, reaching the islands on either side;
  differing bridges are ``━ ≡ ┃ ‖``; in both line kinds a differing empty cell is ``×``;
* ``inside`` (a loop genre): inside cells are ``░░`` (a clue in one ``░3``), outside
  cells ``·``; differing ones ``▒▒`` and ``○``;
* glyph marks ``ring`` and ``disc`` without a text are ``○`` and ``●``;
* ``slant``: ``╱`` ``╲`` (ASCII ``/`` ``\\``); ``triangle``: ``◤ ◥ ◣ ◢`` for ``F 7 L J``
  (ASCII: the characters themselves), after the cell's clue if it has one (a clue on
  the cell's top-left point, Gokigen); a differing one is ``○╱``, ``○◤``.

Regions: when the puzzle has ``areas`` (or the genre's answer marks regions,
``FormatSpec.answer_regions``, and an answer is drawn; ``walls`` characters name borders
on a cell's right and lower sides; ``sides`` characters name them each as it stands),
cells are separated by one column and rows by one line, where region borders are drawn
(``│ ─ ┼ ...``), e.g. ``1 2│3`` over ``───┘ ``.

ASCII (``--ascii``, and automatically when standard output's encoding cannot write the
Unicode glyphs, e.g. cp1252): ``##`` shaded, ``.`` unshaded, ``#3`` a shaded clue, ``XX``
a wall, ``L`` a lamp; differing cells ``**`` (shaded), ``o`` (unshaded), ``@`` (lamp).
Pipes are ``| - +`` (ends ``^ > v <``), bridges ``- = | H``, a differing line cell
``*`` and a differing empty one ``x``; inside cells ``::``; rings ``O``, discs ``@``;
region borders ``| - +``.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Optional, Sequence, TextIO

from ..encodings import FormatSpec, Genre, get_genre
from ..encodings.kit.division import SIDES, region_labels
from ..encodings.kit.layers import PIPE_DIRS
from ..encodings.kit.number_path import wide_number
from ..puzzle import Cell, Puzzle, Solution

#: Directions of a bridge character.
BRIDGE_DIRS = {"-": frozenset("EW"), "=": frozenset("EW"), "|": frozenset("NS"),
               "H": frozenset("NS")}


@dataclass(frozen=True)
class Glyphs:
    """The marks of one drawing style: per kind (plain, where two answers differ)."""

    kinds: dict[str, tuple[str, str]]
    wall: str
    #: Lines and borders by the sides they reach, index 8*N + 4*E + 2*S + W: plain and
    #: for differing cells.
    box: str
    heavy: str
    #: A pipe's line across and down between cells: plain, differing, plain, differing.
    pads: tuple[str, str, str, str]
    #: Bridge characters: plain, differing, and a differing bridge's line between cells.
    bridges: dict[str, tuple[str, str, str]]
    #: A differing cell without a line, in a genre of lines.
    nope: str
    #: Glyph marks drawn as a character when the glyph has no text.
    marks: dict[str, str]
    #: Answer characters of the ``slant`` and ``triangle`` kinds -> their glyph.
    shapes: dict[str, str] = field(default_factory=dict)

    def chars(self) -> str:
        return ("".join("".join(t) for d in (self.kinds, self.bridges) for t in d.values())
                + self.wall + self.box + self.heavy + "".join(self.pads) + self.nope
                + "".join(self.marks.values()) + "".join(self.shapes.values()))


UNICODE = Glyphs({"shade": ("█", "▒"), "lamp": ("●", "◉"), "blank": ("·", "○"),
                  "inside": ("░", "▒")}, "▓",
                 " ╴╷┐╶─┌┬╵┘│┤└┴├┼", " ╸╻┓╺━┏┳╹┛┃┫┗┻┣╋", ("─", "━", "│", "┃"),
                 {"-": ("─", "━", "━"), "=": ("═", "≡", "≡"), "|": ("│", "┃", "┃"),
                  "H": ("║", "‖", "‖")}, "×",
                 {"ring": "○", "disc": "●"},
                 {"/": "╱", "\\": "╲", "F": "◤", "7": "◥", "L": "◣", "J": "◢"})
ASCII = Glyphs({"shade": ("#", "*"), "lamp": ("L", "@"), "blank": (".", "o"),
                "inside": (":", "*")}, "X",
               " <v+>-++^+|+++++", "*" * 16, ("-", "-", "|", "|"),
               {"-": ("-", "*", "-"), "=": ("=", "*", "="), "|": ("|", "*", "|"),
                "H": ("H", "*", "H")}, "x",
               {"ring": "O", "disc": "@"})

#: Legend words for kinds a genre's ``FormatSpec.legend`` leaves out.
WORDS = {"shade": "shaded", "lamp": "lamp", "blank": "unshaded", "number": "number", "letter": "letter",
         "pipe": "line", "bridge": "bridge", "inside": "inside", "slant": "diagonal",
         "triangle": "triangle", "arrow": "arrow"}


def stdout_is_unicode(stream: Optional[TextIO] = None) -> bool:
    """Whether the stream (default: ``sys.stdout``) can write every Unicode glyph."""
    stream = sys.stdout if stream is None else stream
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        UNICODE.chars().encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _glyphs(ascii: Optional[bool]) -> Glyphs:
    """None: ASCII only when standard output cannot write the Unicode glyphs."""
    if ascii is None:
        ascii = not stdout_is_unicode()
    return ASCII if ascii else UNICODE


def cell_names(cells: Iterable[Cell]) -> str:
    """Cells the way setters write them: r1c1 is the top-left cell."""
    return " ".join(f"r{r + 1}c{c + 1}" for r, c in cells)


def _labels(genre: Genre, puzzle: Puzzle, glyphs: Glyphs) -> dict[object, Optional[str]]:
    """Each distinct given's terminal text ("" for a hole, None: no given)."""
    out: dict[object, Optional[str]] = {}
    for row in puzzle.grid:
        for v in row:
            if v not in out:
                g = genre.glyph(v) if v is not None else None
                label = None if g is None else "" if g.hole else g.terminal or None
                if g is not None and g.mark in glyphs.marks and (
                        label is None or (glyphs is ASCII and not label.isascii())):
                    label = glyphs.marks[g.mark]  # the renderer's own ring or disc
                elif g is not None and label is None and g.mark and g.mark.startswith("pipe:"):
                    label = glyphs.box[_index(PIPE_DIRS.get(g.mark[5:], ()))]  # a given pipe piece
                out[v] = label
    return out


def _number_text(ch: str) -> str:
    """An answer character as the number it stands for (``A`` = 10, ... ``Z`` = 35)."""
    try:
        return str(int(ch, 36))
    except ValueError:  # past Z: the kit's wide alphabet (Hidoku), else the character
        n = wide_number(ch)
        return ch if n is None else str(n)


def _index(dirs: Iterable[str]) -> int:
    return sum({"N": 8, "E": 4, "S": 2, "W": 1}[d] for d in set(dirs))


@dataclass(frozen=True)
class _Cell:
    """One cell's terminal drawing: ``text`` right-aligned, ``pad`` filling the rest;
    the lines leaving it (``dirs``) with their characters across and down; ``solid`` a
    shaded cell's mark, which a separator between two such cells takes too."""

    text: str = ""
    pad: str = " "
    dirs: frozenset[str] = frozenset()
    across: str = ""
    down: str = ""
    solid: str = ""


def _cell(spec: FormatSpec, puzzle: Puzzle, solution: Solution | None, cell: Cell,
          marked: bool, glyphs: Glyphs, labels: dict[object, Optional[str]],
          lines: bool) -> _Cell:
    given = puzzle[cell]
    label = labels[given]
    if label == "":  # a hole: no cell there
        return _Cell()
    ch = solution[cell] if solution is not None else None
    kind = spec.kind(ch)
    if spec.walls and given is not None and not isinstance(given, int):
        return _Cell(pad=glyphs.wall)  # an unnumbered wall; a numbered one shows its number
    if kind in ("pipe", "bridge") and ch is not None:
        if kind == "pipe":
            dirs = PIPE_DIRS.get(ch, frozenset())
            mark = (glyphs.heavy if marked else glyphs.box)[_index(dirs)]
            across, down = glyphs.pads[marked], glyphs.pads[2 + marked]
        else:
            dirs = BRIDGE_DIRS.get(ch, frozenset())
            plain, diff, pad = glyphs.bridges.get(ch, (ch, ch, ch))
            mark, across = (diff, pad) if marked else (plain, plain)
            down = across
        return _Cell(label if label is not None else mark, " ", dirs, across, down)
    if kind in ("slant", "triangle") and ch is not None:
        return _Cell((label or "") + glyphs.shapes.get(ch, ch),  # a point's clue beside it
                     glyphs.kinds["blank"][1] if marked else " ")
    if kind in ("number", "letter", "arrow") and ch is not None:
        text = label if label is not None else spec.answer_text.get(ch) or (
            ch if kind == "letter" else _number_text(ch))
        return _Cell(text, glyphs.kinds["blank"][1] if marked else " ")
    plain, diff = glyphs.kinds.get(kind, glyphs.kinds["blank"])
    mark = diff if marked else plain
    if marked and lines and kind == "blank":
        mark = diff = glyphs.nope
    if kind in ("shade", "inside"):  # a clue in a shaded cell keeps the shading beside it
        return _Cell(label or "", mark, solid=mark)
    if label is not None:  # (a lamp on a given, as Lampions' lanterns, beside its number)
        return _Cell(label, mark if kind == "lamp" else diff if marked else " ")
    return _Cell(mark)


def _across(left: Optional[_Cell], right: _Cell) -> Optional[str]:
    """The line crossing between two cells side by side, if any."""
    if "W" in right.dirs:
        return right.across
    if left is not None and "E" in left.dirs:
        return left.across
    return None


def _regions(spec: FormatSpec, puzzle: Puzzle, solution: Solution | None) -> Optional[list[list[object]]]:
    """Each cell's region (the puzzle's ``areas``, and the answer's character where the
    answer marks regions), or None: no regions to draw."""
    layout = get_genre(puzzle.genre).regions(puzzle)
    if layout is not None and (len(layout) != puzzle.rows or
                               any(len(row) != puzzle.cols for row in layout)):
        layout = None
    by_answer = spec.answer_regions and solution is not None
    if layout is None and not by_answer:
        return None
    kinds = set(spec.drawing.values())  # the answer names borders (Shikaku) or links (Dominos)
    walls = region_labels(solution.rows, "links" in kinds) if by_answer and solution is not None \
        and kinds & {"walls", "links"} else None
    return [[(layout[r][c] if layout is not None else None,
              (walls[r][c] if walls is not None else solution[(r, c)])
              if by_answer and solution is not None and "sides" not in kinds else None)
             for c in range(puzzle.cols)] for r in range(puzzle.rows)]


def render_grid(puzzle: Puzzle, solution: Solution | None = None,
                marked: Iterable[Cell] = (), ascii: Optional[bool] = None) -> list[str]:
    """The puzzle (and a solution, if given) as lines of text; ``ascii`` None chooses
    ASCII when standard output cannot write the Unicode glyphs."""
    genre = get_genre(puzzle.genre)
    spec = genre.formats
    glyphs = _glyphs(ascii)
    labels = _labels(genre, puzzle, glyphs)
    mark = set(marked)
    lines = any(k in ("pipe", "bridge") for k in spec.drawing.values())
    cells = [[_cell(spec, puzzle, solution, (r, c), (r, c) in mark, glyphs, labels, lines)
              for c in range(puzzle.cols)] for r in range(puzzle.rows)]
    regions = _regions(spec, puzzle, solution)
    margins = genre.margins(puzzle)
    if regions is not None:
        w = max([1] + [len(x.text) + (x.pad != " " and bool(x.text)) for row in cells for x in row])
        sides = {x: SIDES.get(solution[x], "") for x in puzzle.cells()} if solution is not None \
            and spec.answer_regions and "sides" in spec.drawing.values() else None
        return _with_margins(_framed(cells, regions, glyphs, sides), margins, w, w + 1, 2) + \
            _corner_lines(genre, puzzle)
    w = max([2] + [len(x.text) + 1 for row in cells for x in row] +
            [len(t) + 1 for side in ("top", "bottom") for text in margins.get(side, ())
             for t in text.split()])
    return _with_margins(["".join(x.text.rjust(w, _across(row[c - 1] if c else None, x) or x.pad)
                                  for c, x in enumerate(row)) for row in cells], margins, w, w, 1) + \
        _corner_lines(genre, puzzle)


def _corner_lines(genre: Genre, puzzle: Puzzle) -> list[str]:
    """The genre's clues on grid points (``Genre.corner_clues``), listed below the grid
    by the cells they lie between (the point between r1c1 and r2c2: ``r1c1/r2c2``)."""
    got = [f"r{i}c{j}/r{i + 1}c{j + 1} {t}" for (i, j), t in sorted(genre.corner_clues(puzzle).items())]
    return [("on the grid points: " if k == 0 else "  ") + ", ".join(got[k:k + 6])
            for k in range(0, len(got), 6)]


def _with_margins(lines: list[str], margins: Mapping[str, Sequence[str]], w: int, step: int,
                  every: int) -> list[str]:
    """The grid's lines with the genre's clues outside it (``Genre.margins``): a column's
    parts stacked above (and below) it, right-aligned in its ``w`` characters (columns
    ``step`` apart), a row's text left and right of its line (rows ``every`` lines apart)."""
    if not margins:
        return lines
    left, right = margins.get("left", ()), margins.get("right", ())
    corners = tuple(margins.get("corners", ())) or ("",) * 4  # top-left, top-right, ...
    lw = max([len(t) for t in (*left, corners[0], corners[2])] + [0])
    gw = max(len(x) for x in lines)
    pad = " " * (lw + 1) if lw else ""

    def stacked(texts: Sequence[str], below: bool) -> list[str]:
        parts = [t.split() for t in texts]
        a, b = corners[2:] if below else corners[:2]  # the corners beside this side
        h = max([len(p) for p in parts] + [int(bool(a or b))])
        parts = [p + [""] * (h - len(p)) if below else [""] * (h - len(p)) + p for p in parts]
        out = [pad + "".join(p[k].rjust(w).ljust(step) for p in parts).rstrip() for k in range(h)]
        k = 0 if below else h - 1  # the line next to the grid
        if a or b:
            out[k] = ((a.rjust(lw) + " ") if lw else "") + (out[k][len(pad):].ljust(gw) + " " + b
                                                            if b else out[k][len(pad):])
        return out

    body = []
    for i, line in enumerate(lines):
        r = i // every if i % every == 0 else None
        lab = left[r] if r is not None and r < len(left) else ""
        rt = right[r] if r is not None and r < len(right) else ""
        body.append(((lab.rjust(lw) + " ") if lw else "") + (line.ljust(gw) + " " + rt if rt else line))
    return stacked(margins.get("top", ()), False) + body + stacked(margins.get("bottom", ()), True)


def _framed(cells: list[list[_Cell]], regions: list[list[object]], glyphs: Glyphs,
            sides: Optional[Mapping[Cell, str]] = None) -> list[str]:
    """Cells one column apart and rows one line apart, region borders drawn there (and
    the borders ``sides`` names on a cell's right and lower sides)."""
    rows, cols = len(cells), len(cells[0]) if cells else 0
    w = max([1] + [len(x.text) + (x.pad != " " and bool(x.text)) for row in cells for x in row])
    box = glyphs.box

    def border(a: Cell, b: Cell) -> bool:  # (a lies left of or above b)
        if sides is not None and ("R" if a[0] == b[0] else "D") in sides.get(a, ""):
            return True
        return regions[a[0]][a[1]] != regions[b[0]][b[1]]

    out = []
    for r in range(rows):
        line = []
        for c, x in enumerate(cells[r]):
            left = cells[r][c - 1] if c else None
            across = _across(left, x)
            if left is not None:
                if border((r, c - 1), (r, c)):
                    line.append(box[15] if across else box[10])
                else:
                    line.append(across or (x.solid if x.solid and x.solid == left.solid else " "))
            line.append(x.text.rjust(w, across or x.pad))
        out.append("".join(line))
        if r + 1 == rows:
            break
        line = []
        for c in range(cols):
            top, bottom = cells[r][c], cells[r + 1][c]
            edge = border((r, c), (r + 1, c))
            down = top.down if "S" in top.dirs else bottom.down if "N" in bottom.dirs else ""
            solid = top.solid if top.solid and top.solid == bottom.solid else " "
            seg = [box[5] if edge else solid] * w
            if down:
                seg[-1] = box[15] if edge else down
            line += seg
            if c + 1 < cols:
                k = (8 * border((r, c), (r, c + 1)) + 4 * border((r, c + 1), (r + 1, c + 1))
                     + 2 * border((r + 1, c), (r + 1, c + 1)) + edge)
                quad = {cells[r][c].solid, cells[r][c + 1].solid, bottom.solid,
                        cells[r + 1][c + 1].solid}
                line.append(box[k] if k or len(quad) != 1 or "" in quad else quad.pop())
        out.append("".join(line))
    return out


def render_pair(puzzle: Puzzle, first: Solution, second: Solution,
                differ: Iterable[Cell], ascii: Optional[bool] = None) -> list[str]:
    """Two solutions side by side, the differing cells marked in both."""
    spec = get_genre(puzzle.genre).formats
    diff = list(differ)
    glyphs = _glyphs(ascii)
    below = _corner_lines(get_genre(puzzle.genre), puzzle)  # (listed once, under both)
    left = render_grid(puzzle, first, diff, ascii=glyphs is ASCII)[:-len(below) or None]
    right = render_grid(puzzle, second, diff, ascii=glyphs is ASCII)[:-len(below) or None]
    width = max(len(line) for line in left)
    gap = "   "
    lines = ["solution 1".ljust(width) + gap + "solution 2"]
    lines += [a.ljust(width) + gap + b for a, b in zip(left, right)] + below
    kinds = {spec.kind(s[c]) for s in (first, second) for c in diff}
    on_lines = any(k in ("pipe", "bridge") for k in spec.drawing.values())
    words = dict(WORDS, blank="outside" if "inside" in spec.drawing.values() else
                 "no line" if on_lines else WORDS["blank"])
    words.update(spec.legend)
    signs = {"shade": glyphs.kinds["shade"][1] * 2, "lamp": glyphs.kinds["lamp"][1],
             "blank": glyphs.nope if on_lines else glyphs.kinds["blank"][1],
             "inside": glyphs.kinds["inside"][1] * 2, "number": glyphs.kinds["blank"][1] + "N",
             "letter": glyphs.kinds["blank"][1] + "A",
             "pipe": glyphs.heavy[5], "bridge": glyphs.bridges["-"][1],
             "slant": glyphs.kinds["blank"][1] + glyphs.shapes.get("/", "/"),
             "triangle": glyphs.kinds["blank"][1] + glyphs.shapes.get("F", "F")}
    legend = [f"{signs[k]} {words[k]}" for k in signs if k in kinds]
    cells = f"{len(diff)} cell" + ("" if len(diff) == 1 else "s")
    lines.append(f"differ in {cells} ({', '.join(legend)}): {cell_names(diff)}")
    return lines

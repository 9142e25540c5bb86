"""The genre contract: everything a genre offers, declared in one place.

A genre is one module with one :class:`Genre` object, registered by one line in
``encodings/__init__.py``. Everything generic (checker, formats, pictures, minimizer,
generator, CLI) talks to genres only through this contract. What a genre does not
support is *declared*: ``generator`` is None (no minimize / generate), ``optimisation``
is None unless the question is :attr:`Question.OPTIMUM`, ``symmetry`` is None when
every answer counts on its own. Nothing is probed with ``hasattr``.

The pieces:

* givens: :meth:`Genre.parse_clue` (one token of any format -> a grid value, with a
  one-line error naming the cell) and :meth:`Genre.clue_token` (the text token back);
* answers: a frozen type per genre (``answer_type``), read by :meth:`Genre.parse_solution`;
* formats: :class:`FormatSpec` data (URL codec, pzprv3 layout, Janko tokens);
* drawing: :class:`FormatSpec` ``drawing``/``walls`` (what terminal grids and pictures show);
* solving: :meth:`Genre.encode` -> :class:`Encoded` (decode, lazy cuts, blocking clause);
* checking: :meth:`Genre.verify`, plain Python, puzz.link's rule codes;
* the question: ``unique`` (optionally up to a symmetry of answers) or ``optimum``;
* generation: a :class:`Generation` object (switchable clues, random answers).
"""
from __future__ import annotations

import abc
import enum
import random
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import (TYPE_CHECKING, AbstractSet, Any, Callable, ClassVar, Mapping, Optional,
                    Protocol, Sequence)

from ..errors import InputError
from ..puzzle import Cell, Clue, Puzzle, Solution, Violation

if TYPE_CHECKING:  # the backends import nothing from here; typing only
    from ..solvers.backends import Backend
    from ..solvers.deadline import Deadline

Lit = int
#: A switchable clue's key: any hashable value, opaque to generic code (a cell, or a
#: cell and a clue kind); :meth:`Generation.key_cell` names it.
ClueKey = Any


@dataclass(frozen=True)
class JankoBlock:
    """A Janko data block, split but not interpreted: what a genre's
    :meth:`Genre.read_janko` reads. ``sections`` maps each section's keyword
    (``problem``, ``solution``, ``areas``, ``clabels``, ...) to its lines of tokens, each
    token with its place (``FILE:LINE:COL``) for error messages; ``fields`` holds the
    one-line fields (``ships 5 4 3 2 1``) as text."""

    rows: int
    cols: int
    fields: Mapping[str, str]
    sections: Mapping[str, tuple[tuple[tuple[str, str], ...], ...]]
    where: str

    def grid(self, name: str) -> Optional[list[list[tuple[str, str]]]]:
        """A section that must be a rows x cols grid of tokens (None: no such section)."""
        lines = self.sections.get(name)
        if lines is None:
            return None
        if len(lines) < self.rows:
            raise InputError(f"{name} has {len(lines)} rows, expected {self.rows}", self.where)
        if len(lines) > self.rows:  # (dropped, the verdict would be about another puzzle)
            place = lines[self.rows][0][1] if lines[self.rows] else self.where
            raise InputError(f"{name} has {len(lines)} rows, expected {self.rows}", place)
        out = []
        for r, toks in enumerate(lines[:self.rows]):
            if len(toks) != self.cols:
                place = toks[0][1] if toks else self.where
                raise InputError(f"{name} row {r + 1} has {len(toks)} tokens, expected "
                                 f"{self.cols}", place)
            out.append(list(toks))
        return out


class Question(enum.Enum):
    """What the checker asks of a puzzle of this genre."""

    UNIQUE = "unique"     # how many answers are there (up to the genre's symmetry)?
    OPTIMUM = "optimum"   # what is the least cost of an answer, proven?


def _frozen(d: dict[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(dict(d))


@dataclass(frozen=True)
class Glyph:
    """How one given is drawn, in pictures and in the terminal (the genre decides).

    ``text`` is the given's label (a number, a symbol), ``short`` its terminal form
    (default: ``text``); ``ink`` the label's colour and ``fill`` the cell's own colour
    (CSS hex, None: the default); ``hole`` a cell that is not there; ``frame`` a cell
    marked as fixed; ``links`` the sides (``left``, ``up``) joined to the neighbour.
    """

    text: str = ""
    short: Optional[str] = None
    ink: Optional[str] = None
    fill: Optional[str] = None
    hole: bool = False
    frame: bool = False
    links: tuple[str, ...] = ()
    #: A mark drawn instead of ``text`` in pictures (any font shows it): ``diamond``,
    #: ``dash``, ``slash``, ``petals:K`` (a flower, K of its 4 petals yellow), ``ring`` (a
    #: white circle, Masyu), ``disc`` (a black circle) or ``island`` (a circle with ``text``
    #: inside, Hashiwokakero). The terminal shows ``short``/``text``; a ring or disc
    #: without either shows ``○``/``●``.
    mark: Optional[str] = None

    @property
    def terminal(self) -> str:
        return self.text if self.short is None else self.short


class CodeFormat(abc.ABC):
    """A genre's own one-line puzzle code (a Taiji Maker code, a Tatham game ID).

    Read wherever a puzzle is read (a command-line argument, a line of a file, a JSON
    document's ``code``), written by ``convert --to NAME``. :meth:`recognizes` must be
    strict enough that no other format's line (a URL, a text header, JSON) matches.
    """

    #: The ``--to`` / ``--format`` name (``taiji``, ``tatham``).
    name: ClassVar[str]
    #: One line for help texts, with an example.
    description: ClassVar[str] = ""

    @abc.abstractmethod
    def recognizes(self, line: str) -> bool:
        """Whether a stripped line is meant as a code of this format."""

    @abc.abstractmethod
    def parse(self, line: str, where: str) -> Puzzle:
        """The puzzle of a code; a one-line :class:`InputError` naming the place."""

    @abc.abstractmethod
    def write(self, puzzle: Puzzle) -> str:
        """The code of a puzzle (no newline)."""


class FileFormat(abc.ABC):
    """A genre's own whole-file format (Flood-It: a bare digit grid, a thesis board file).

    Detected from the content wherever a file is read (after JSON, URLs and one-line
    codes, before Janko blocks and text files): :meth:`recognizes` must be strict enough
    that no other format's file matches.
    """

    #: The ``--format`` name.
    name: ClassVar[str]
    #: One line for help texts.
    description: ClassVar[str] = ""

    @abc.abstractmethod
    def recognizes(self, text: str) -> bool:
        """Whether a file's stripped text is meant in this format."""

    @abc.abstractmethod
    def parse(self, text: str, where: str) -> list[Puzzle]:
        """The puzzles of a file; a one-line :class:`InputError` naming ``FILE:LINE:COL``."""


class UrlBody(abc.ABC):
    """A genre's own puzz.link URL body, for genres whose body is not a sequence of the
    shared parts (:attr:`FormatSpec.url_parts`): Kakuro's sums, Skyscrapers' edge
    numbers. Pure string work (the shared codecs are in ``encodings/kit/urlcodec.py``)."""

    @abc.abstractmethod
    def read(self, genre: "Genre", body: str, rows: int, cols: int, where: str) -> Puzzle:
        """The puzzle of a URL body; a one-line :class:`InputError` naming ``where``."""

    @abc.abstractmethod
    def write(self, puzzle: Puzzle) -> str:
        """The URL body of a puzzle (a one-line InputError for what it cannot carry)."""

    def size(self, puzzle: Puzzle) -> tuple[int, int]:
        """The (rows, cols) the URL names: the puzzle's own; a puzzle stored as its grid
        points (Gokigen) names its cells."""
        return puzzle.rows, puzzle.cols


class Pzprv3File(Protocol):
    """The lines of a pzprv3 file after its size, read in turn: what a genre's own
    :class:`Pzprv3Body` reads (formats/pzprv3.py gives it). Places are ``FILE:LINE:COL``."""

    where: str

    def line(self, what: str) -> tuple[str, str]:
        """The next line, stripped, and its place (a one-line error where the file ends)."""
        ...

    def grid(self, rows: int, cols: int, what: str) -> list[list[tuple[str, str]]]:
        """The next ``rows`` lines of exactly ``cols`` tokens, each token with its place."""
        ...

    def more(self) -> bool:
        """Whether an answer section may follow (the file neither ends nor trails off
        into pzprjs's history or trial lines)."""
        ...


class Pzprv3Body(abc.ABC):
    """A genre's own pzprv3 sections after the size, for files that are not a sequence of
    the shared sections (:attr:`FormatSpec.pzprv3_layout`): Star Battle's star count,
    Tents' and Battleships' numbers outside the grid, Creek's grid points."""

    #: The header line written (pzprjs's file version for the genre).
    header: ClassVar[str] = "pzprv3"

    @abc.abstractmethod
    def read(self, genre: "Genre", file: Pzprv3File, rows: int,
             cols: int) -> tuple[Puzzle, Optional[list[str]]]:
        """The puzzle of a file whose size lines say ``rows`` x ``cols``, and its answer
        rows for :meth:`Genre.parse_solution` (None: no answer, or a blank one)."""

    @abc.abstractmethod
    def write(self, puzzle: Puzzle, solution: Optional[Any]) -> list[str]:
        """The sections' lines (a one-line InputError for what the format cannot carry)."""

    def size(self, puzzle: Puzzle) -> tuple[int, int]:
        """The (rows, cols) the file names: the puzzle's own; Creek's grid of points
        names its cells."""
        return puzzle.rows, puzzle.cols


@dataclass(frozen=True)
class FormatSpec:
    """How one genre appears in puzz.link URLs, pzprv3 files, Janko blocks and pictures."""

    #: puzz.link URL body codec: ``number16`` or ``4cell`` (see formats/url.py); None: the
    #: genre has no puzz.link URL (nor pzprv3 file) unless it declares :attr:`url_parts`.
    url_codec: Optional[str] = None
    #: The pid written on the second line of a pzprv3 file (may differ from the URL's).
    pzprv3_pid: Optional[str] = None
    #: What pzprjs's special given (URL ``.``, pzprv3 ``-``) means: a ``?`` clue or a ``#`` wall.
    qnum_minus2: Clue = "?"
    #: The genre's own pzprv3 sections after the size (instead of :attr:`pzprv3_layout`),
    #: or None; :attr:`pzprv3_pid` names the genre in the file all the same.
    pzprv3_own: Optional[Pzprv3Body] = None
    #: pzprv3 layout: False = a puzzle section then an answer section (Canal View);
    #: True = one section where givens and answer marks share the cells (Light Up).
    pzprv3_combined: bool = False
    #: Answer character of a Solution -> pzprv3 answer token (what we write).
    pzprv3_write: Mapping[str, str] = field(default_factory=lambda: _frozen({"#": "#", ".": "."}))
    #: pzprv3 answer token -> answer character (what we read; ``+`` is a marked unshaded cell).
    pzprv3_read: Mapping[str, str] = field(
        default_factory=lambda: _frozen({"#": "#", "+": ".", ".": "."}))
    #: The puzz.link URL body as parts read in turn (formats/url.py, encodings/kit/urlcodec.py):
    #: ``number16``, ``4cell``, ``circle`` (cells), ``border`` (regions, the ``areas``),
    #: ``border?`` (the same, only when present), ``roomnumber16`` (a number per region).
    #: Empty: ``(url_codec,)`` when that is set.
    url_parts: tuple[str, ...] = ()
    #: The genre's own URL body (instead of :attr:`url_parts`), or None.
    url_own: Optional[UrlBody] = None
    #: pzprjs's numbers for symbol givens, in URLs and pzprv3 files alike (Masyu: 1 a white
    #: circle ``w``, 2 a black one ``b``); numbers not listed are clues as they are.
    pzpr_values: Mapping[int, Clue] = field(default_factory=lambda: _frozen({}))
    #: pzprv3 sections after the size, in order (see formats/pzprv3.py); empty: the two
    #: layouts :attr:`pzprv3_combined` chooses between.
    pzprv3_layout: tuple[str, ...] = ()
    #: Givens are walls: copied into solution rows and drawn as black cells (Light Up).
    walls: bool = False
    #: Names a Janko ``puzzle`` line may use besides the genre's own names and aliases.
    janko_names: tuple[str, ...] = ()
    #: Non-numeric Janko problem tokens -> grid values (integers are read as clues).
    janko_problem: Mapping[str, Clue] = field(default_factory=lambda: _frozen({"-": None}))
    #: Janko solution tokens that mark an answer -> answer character; any other token
    #: (``-``, a copied clue) means "no mark" and becomes :attr:`blank`.
    janko_marks: Mapping[str, str] = field(default_factory=lambda: _frozen({}))
    #: The answer character of a cell without a mark (unshaded, unlit).
    blank: str = "."
    #: How an answer character is drawn, by kind: ``shade`` (a filled cell), ``lamp`` (a
    #: disc), ``number`` (the character as a number, 1-9 then A-Z = 10-35, where the cell
    #: has no given), ``pipe`` (lines from the centre to the sides: ``| - L J 7 F``, ends
    #: ``^ > v <``, crossing ``+``), ``bridge`` (``-``/``=`` single/double horizontal,
    #: ``|``/``H`` single/double vertical) or ``inside`` (a cell inside a loop drawn along
    #: the cell sides where inside meets outside; the grid is then drawn as dots), ``slant``
    #: (a diagonal ``/`` or ``\\`` from corner to corner) or ``triangle`` (a dark half-cell
    #: triangle in the corner ``F`` top-left, ``7`` top-right, ``L`` bottom-left, ``J``
    #: bottom-right) or ``arrow`` (an arrow through the cell by the numeric keypad: ``8`` up,
    #: ``9`` up-right, ``6`` right ... ``7`` up-left; Arrow Numbers). Other characters are
    #: blank cells. See :mod:`pencilproof.output`.
    drawing: Mapping[str, str] = field(default_factory=lambda: _frozen({"#": "shade"}))
    #: Answer characters of kind ``number`` drawn as a text of their own instead of the
    #: number they stand for (Eulero's letter-number pair ``C1``); others as their kind says.
    answer_text: Mapping[str, str] = field(default_factory=lambda: _frozen({}))
    #: The answer's characters mark regions (Fillomino): thick borders are drawn between
    #: cells whose answer characters differ (the puzzle's ``areas`` are always drawn).
    answer_regions: bool = False
    #: Words for the legend of differing cells, by drawing kind (``blank`` included);
    #: kinds left out get the renderer's words (``shaded``, ``unshaded``, ``lamp``, ...).
    legend: Mapping[str, str] = field(default_factory=lambda: _frozen({}))
    #: The genre's own one-line codes (read everywhere, written by ``convert --to``).
    codes: tuple[CodeFormat, ...] = ()
    #: The genre's own whole-file formats (detected from the content).
    files: tuple[FileFormat, ...] = ()
    #: JSON grid rows may be strings of one-character tokens (``"0121"``), and are
    #: written so (Flood-It's colour rows); lists of tokens are read as well.
    row_strings: bool = False

    @property
    def url_body(self) -> tuple[str, ...]:
        """The URL body's parts (empty: the genre has no puzz.link URL; ``own``: the
        genre's :attr:`url_own`)."""
        if self.url_own is not None:
            return ("own",)
        return self.url_parts or ((self.url_codec,) if self.url_codec else ())

    @property
    def pzprv3_sections(self) -> tuple[str, ...]:
        """The pzprv3 sections after the size, in order."""
        return self.pzprv3_layout or (("qnum_ans",) if self.pzprv3_combined else ("qnum", "ans"))

    def given_char(self, clue: Clue) -> Optional[str]:
        """The character a solution row holds at a given cell when givens are walls."""
        if not self.walls or clue is None:
            return None
        return str(clue)

    def answer_rows(self, puzzle: Puzzle, marks: dict[Cell, str]) -> list[str]:
        """Solution rows from answer marks per cell (cells not in ``marks`` are blank);
        wall genres get their walls copied in, as their solution rows have them."""
        rows = []
        for r in range(puzzle.rows):
            chars = []
            for c in range(puzzle.cols):
                wall = self.given_char(puzzle.grid[r][c])
                chars.append(wall if wall is not None else marks.get((r, c), self.blank))
            rows.append("".join(chars))
        return rows

    def marks_of(self, puzzle: Puzzle, solution: Solution) -> dict[Cell, str]:
        """Answer character per cell, walls left out (what pzprv3 and pictures write)."""
        out = {}
        for r in range(puzzle.rows):
            for c in range(puzzle.cols):
                if self.given_char(puzzle.grid[r][c]) is None:
                    out[(r, c)] = solution.rows[r][c]
        return out

    def kind(self, ch: Optional[str]) -> str:
        """The drawing kind of an answer character (see :attr:`drawing`), or ``blank``."""
        return self.drawing.get(ch, "blank") if ch is not None else "blank"


@dataclass(frozen=True)
class Lemma:
    """Constraints an encoding adds behind ``guard`` that every answer need not meet, but
    some answer does whenever there is one, so that the uniqueness check may first
    solve under the assumption ``guard`` (where the search is much smaller):

    * no answer under ``guard``: the puzzle has none at all;
    * an answer under ``guard`` is an answer (the guarded clauses only remove answers),
      so two of them make the puzzle ``multiple``;
    * exactly one answer A under ``guard`` (A blocked, no other found) settles the
      question when ``settles(A)`` is True: the encoding has proven that A is then the
      only answer at all. When it is False, the checker asks the plain rules (the
      assumption ``-guard``) for an answer other than A on the same solver.

    A genre documents the proof of both halves (that some answer meets the lemma, and
    what ``settles`` decides) where it declares one; Numberlink's is in
    :mod:`..kit.links`. Counting, the minimizer and the generator never assume
    ``guard``: every clause behind it holds when ``guard`` is false."""

    guard: Lit
    settles: Callable[[Any], bool]
    name: str = "lemma"


class Encoded(Protocol):
    """A puzzle encoded on one live solver.

    An encoding may also carry ``lemma``, a :class:`Lemma` or None (read with
    ``getattr(model, "lemma", None)``: it is optional, so encodings without one need
    not declare it); only :func:`~pencilproof.checker.check_unique` uses it."""

    def decode(self) -> Any:
        """The answer in the solver's current model."""
        ...

    def cuts(self, answer: Any) -> list[list[Lit]]:
        """Lazily added constraints this model violates ([] when it is a real answer)."""
        ...

    def block(self, answer: Any) -> list[Lit]:
        """A clause satisfied by every answer except this one."""
        ...

    def agree(self, answer: Any) -> dict[Cell, Lit]:
        """Per cell the solver decides (givens that fix a cell by themselves left out), a
        literal true iff the cell holds this answer's value; :meth:`block` is the clause
        of their negations. The analyses (backbone, repair, explain) ask "does this cell
        differ from the answer?" through it. {} for answers that are not grids."""
        ...

    def partial_cuts(self, true: "AbstractSet[Lit]") -> list[list[Lit]]:
        """Clauses of the lazily added rules that a *partial* assignment (the literals
        in ``true``) already makes unit or false: what lets explain's propagation use
        connectivity. Each must hold in every answer, like :meth:`cuts`; [] is always
        correct (the rules then take part only through the search level)."""
        ...

    def prepare(self, puzzle: Puzzle) -> None:
        """Called with the puzzle the next solve stands for (a switch state of the
        generator's board), so lazy constraints can be shaped by what it forces."""
        ...

    def stats(self) -> dict[str, Any]:
        """Encoding-specific counters (cuts added, ...)."""
        ...


class BoundedEncoded(Encoded, Protocol):
    """An optimisation genre's encoding: answers whose cost is at most a bound."""

    def at_most(self, k: int) -> list[Lit]:
        """Assumptions that restrict the answers to cost <= k (k up to the encoded limit)."""
        ...


#: Symmetries a generated clue layout can keep (``generate --symmetry KIND``).
SYMMETRIES: dict[str, str] = {
    "half": "180-degree turn",
    "quarter": "90-degree turn (square grids)",
    "mirror": "left-right mirror",
}


@dataclass(frozen=True)
class Symmetry:
    """A symmetry of a ``rows`` x ``cols`` grid that a generated layout keeps: the
    generator switches clues on and off by whole orbits, and a genre draws answers
    (Light Up's walls, a Canal View canal) whose layout maps onto itself."""

    kind: str
    rows: int
    cols: int

    def __post_init__(self) -> None:
        if self.kind not in SYMMETRIES:
            raise InputError(f"unknown symmetry {self.kind!r} "
                             f"(choose from {', '.join(SYMMETRIES)})", "--symmetry")
        if self.kind == "quarter" and self.rows != self.cols:
            raise InputError(f"a 90-degree turn needs a square grid, not "
                             f"{self.rows}x{self.cols}", "--symmetry")

    def image(self, cell: Cell) -> Cell:
        """The cell this one maps onto."""
        r, c = cell
        if self.kind == "half":
            return (self.rows - 1 - r, self.cols - 1 - c)
        if self.kind == "quarter":
            return (c, self.rows - 1 - r)
        return (r, self.cols - 1 - c)

    def orbit(self, cell: Cell) -> tuple[Cell, ...]:
        """Every cell this one maps onto by repeating the map, itself included, sorted."""
        out = {cell}
        x = self.image(cell)
        while x not in out:
            out.add(x)
            x = self.image(x)
        return tuple(sorted(out))


@dataclass(frozen=True)
class Switchable:
    """A grid encoded with clues behind switch literals, for minimizing and generating.

    ``switches[key]`` on means the clue holds with its value; ``weak[key]`` (where the
    genre has a weaker form of a clue, e.g. Canal View's ``?``) means only that weaker
    form holds. A switch implies its weak literal. A switch that is left free (neither
    assumed nor fixed) behaves as "clue absent": turning a clue on only removes
    solutions, so the solver can always choose it off.
    """

    encoded: Encoded
    switches: dict[ClueKey, Lit]
    weak: dict[ClueKey, Lit]
    #: False when a clue can also *add* answers (Taiji: a diamond completes another's
    #: pair): then a clue that is off is assumed off, never left free, and the minimizer
    #: removes a clue only while the intended answer still holds without it.
    monotone: bool = True


class Generation(abc.ABC):
    """A genre's hooks for the minimizer and the solution-first generator.

    Clues are keyed by opaque :data:`ClueKey` values; the defaults suit genres whose
    clues are the givens of their cells.
    """

    #: Range of ``--density`` and its default; what density means for this genre.
    density_range: ClassVar[tuple[float, float]]
    default_density: ClassVar[float]
    density_meaning: ClassVar[str] = "share of shaded cells in the drawn answer"
    #: ``--symmetric`` also makes the drawn answer's layout symmetric (Light Up's walls;
    #: a canal, whose clue cells must be white in the answer, twins included).
    symmetric_layout: ClassVar[bool] = False
    #: ``--fewest`` without ``--density`` draws answers at this density, where the genre's
    #: puzzles need fewest clues (None: the default density).
    fewest_density: ClassVar[float | None] = None
    #: Genre options of ``generate`` (name -> help text); values reach
    #: :meth:`with_options` as strings.
    options: ClassVar[Mapping[str, str]] = MappingProxyType({})

    def __init__(self, genre: "Genre") -> None:
        self.genre = genre

    @abc.abstractmethod
    def encode_switchable(self, blank: Puzzle, backend: "Backend",
                          clues: dict[ClueKey, Clue]) -> Switchable:
        """``blank``'s givens hold permanently; each clue of ``clues`` sits behind a
        switch. With every switch on, the answers are exactly those of
        :meth:`Genre.encode` on the puzzle with all these clues."""

    @abc.abstractmethod
    def weak_clue(self, clue: Clue) -> Clue:
        """The weaker form of a clue (Canal View: ``?``), used where ``weak`` has a literal."""

    @abc.abstractmethod
    def random_answer(self, rows: int, cols: int, rng: random.Random,
                      density: float | None, symmetric: Symmetry | None) -> Any:
        """A random valid answer of this size; with ``symmetric`` (passed only when
        :attr:`symmetric_layout`), one whose layout that symmetry maps onto itself."""

    @abc.abstractmethod
    def clue_candidates(self, answer: Any) -> dict[ClueKey, Clue]:
        """Every clue that fits this answer, with its true value."""

    @abc.abstractmethod
    def clue_holds(self, answer: Any, key: ClueKey, clue: Clue) -> bool:
        """Would this clue accept this answer? (Cheap and local: asked of every candidate
        to find the clues that rule a second answer out.)"""

    def repair(self, answer: Any, other: Any, rng: random.Random,
               symmetric: Symmetry | None) -> Any | None:
        """Called when ``other`` fits every clue that is on and no allowed clue tells it
        from ``answer``: a genre whose permanent givens are drawn (Light Up's walls) may
        change them where the two differ and return a new intended answer that
        ``other`` does not fit (keeping ``symmetric``); the clues that become possible
        are switched on. None (the default): the attempt is given up."""
        return None

    def with_options(self, options: Mapping[str, str]) -> "Generation":
        """These hooks configured by genre options (see :attr:`options`)."""
        for name in options:
            raise ValueError(f"{self.genre.name} has no generation option {name!r}")
        return self

    # -- defaults for genres whose clues are the givens of their cells ---------------------
    def split_givens(self, puzzle: Puzzle) -> tuple[Puzzle, dict[ClueKey, Clue]]:
        """(what always stays, the clues that may go)."""
        return puzzle.with_clues({}), dict(puzzle.clues())

    def blank_for(self, answer: Any) -> Puzzle:
        """The permanent givens a drawn answer implies (none by default)."""
        rows, cols = len(answer.rows), len(answer.rows[0])
        return Puzzle(self.genre.name, rows, cols, tuple((None,) * cols for _ in range(rows)))

    def answer_for(self, puzzle: Puzzle, answer: Any) -> Any:
        """The answer as written for this puzzle (Light Up copies its walls in)."""
        return answer

    def with_clues(self, blank: Puzzle, clues: Mapping[ClueKey, Clue]) -> Puzzle:
        """The puzzle of ``blank`` with these clues added."""
        givens = blank.clues()
        givens.update(clues)  # cell keys by default
        return blank.with_clues(givens)

    def key_cell(self, key: ClueKey) -> Cell:
        """The cell a clue key is drawn at and named by (``r1c1``)."""
        cell: Cell = key  # cell keys by default
        return cell

    def clue_place(self, key: ClueKey) -> str:
        """A clue's place in words, as a setter names it (``r3c5``; a label beside the
        grid or a sign between cells says which)."""
        r, c = self.key_cell(key)
        return f"r{r + 1}c{c + 1}"

    def clue_count(self, puzzle: Puzzle) -> int:
        """Clues in the sense of the minimizer and the generator's ``--clues``."""
        return len(self.split_givens(puzzle)[1])


class OptimumGeneration(abc.ABC):
    """An optimisation genre's generator: random puzzles whose optimum the checker then
    proves (``generate``); the limit written is the optimum plus ``--leniency``."""

    #: ``--colours``: the allowed range and the default (what a puzzle is drawn with).
    colours_range: ClassVar[tuple[int, int]]
    default_colours: ClassVar[int]

    @abc.abstractmethod
    def random_puzzle(self, rows: int, cols: int, colours: int, rng: random.Random) -> Puzzle:
        """A random puzzle of this size (every random choice from ``rng``)."""

    def with_limit(self, puzzle: Puzzle, limit: int) -> Puzzle:
        """The puzzle carrying this limit (its ``limit`` parameter by default)."""
        return puzzle.with_params(limit=limit)


class Optimisation(abc.ABC):
    """The hooks of a genre whose question is :attr:`Question.OPTIMUM`."""

    #: Random puzzles with proven optima for ``generate``, or None.
    generator: Optional[OptimumGeneration] = None

    #: Search order of :func:`~pencilproof.checker.optimum`: False solves "cost <= best - 1"
    #: downwards from the bounding answer; True proves "cost <= k" impossible for k = the
    #: lower bound, lower bound + 1, ... on one incremental solver, so the hard proof at
    #: optimum - 1 inherits what the easier ones learned (Flood-It: measured faster).
    ascending: ClassVar[bool] = False
    #: The key of the answer in ``solve --json`` (Flood-It: ``moves``).
    answer_key: ClassVar[str] = "solution"

    @abc.abstractmethod
    def cost(self, puzzle: Puzzle, answer: Any) -> int:
        """The cost of a valid answer (moves, marks, ...)."""

    @abc.abstractmethod
    def bounds(self, puzzle: Puzzle, deadline: "Deadline", backend: str | None = None
               ) -> tuple[int, Any]:
        """A proven lower bound on the cost, and some valid answer (an upper bound); every
        loop asks ``deadline``, which raises :class:`~pencilproof.solvers.deadline.TimeUp`
        if no answer is found in time. Bounds that solve use ``backend``, the solver the
        user chose (None: the default)."""

    @abc.abstractmethod
    def encode_within(self, puzzle: Puzzle, backend: "Backend", limit: int,
                      encoding: str | None = None) -> BoundedEncoded:
        """Answers of cost at most ``limit``; ``at_most(k)`` narrows that per solve."""


class Genre(abc.ABC):
    """One genre: its names, givens, answers, formats, encoding, verifier and question."""

    #: Canonical name in text headers and JSON documents.
    name: ClassVar[str]
    #: Other names accepted on input.
    aliases: ClassVar[tuple[str, ...]] = ()
    #: puzz.link genre ids; the first one is written.
    url_pids: ClassVar[tuple[str, ...]] = ()
    #: Selectable encodings; the first is the default.
    encodings: ClassVar[tuple[str, ...]]
    #: One line for ``pencilproof genres`` and help texts.
    summary: ClassVar[str] = ""
    #: The answer's type (a frozen dataclass satisfying :class:`~pencilproof.puzzle.Answer`).
    answer_type: ClassVar[type]
    #: What the checker asks.
    question: ClassVar[Question] = Question.UNIQUE
    #: Name of the symmetry under which answers are judged (e.g. ``"inversion"``), or None.
    symmetry: ClassVar[Optional[str]] = None
    #: Exchange formats and drawing.
    formats: FormatSpec
    #: Minimizer and generator hooks, or None: this genre is not minimized or generated.
    generator: Optional[Generation] = None
    #: The optimisation hooks (question OPTIMUM only).
    optimisation: Optional[Optimisation] = None
    #: Parameters a puzzle of this genre carries beyond its grid (``Puzzle.params``),
    #: read from JSON keys of these names and from command-line options such as
    #: ``--pivot``; :meth:`parse_param` reads each one.
    param_keys: ClassVar[tuple[str, ...]] = ()
    #: Variants a Janko ``puzzle`` line may name after the genre (``sudoku, diagonals``:
    #: ``diagonals``) that the genre reads from ``JankoBlock.fields["puzzle"]``; the reader
    #: refuses any other, so a variant's rules are never silently dropped.
    janko_variants: ClassVar[tuple[str, ...]] = ()
    #: Other ways to solve (``solve --mode NAME``), e.g. a seed project's formulation.
    modes: tuple["SolveMode", ...] = ()

    @abc.abstractmethod
    def parse_clue(self, token: object, where: str) -> Clue:
        """One given as read from any format (a text token, a JSON value, a decoded URL
        cell) -> the grid value; a one-line :class:`InputError` naming ``where``."""

    def parse_param(self, key: str, value: object, where: str) -> Any:
        """One parameter's value (a JSON value or an option's text) -> a frozen value;
        a one-line :class:`InputError` naming ``where``."""
        raise InputError(f"{self.name} puzzles have no {key!r}", where)

    def validate(self, puzzle: Puzzle, where: str) -> None:
        """Rules about the whole puzzle that no single given shows (Flood-It: colours
        0..n-1 without a gap, at least two colours); a one-line :class:`InputError`."""
        return None

    def clue_token(self, clue: Clue) -> str:
        """The text-file token of a grid value (``.`` for an empty cell)."""
        return "." if clue is None else str(clue)

    #: Tokens an editor offers first when a setter clicks a cell (``serve``'s page cycles
    #: through them; any other token can still be typed). Default: the common tokens
    #: this genre's :meth:`parse_clue` accepts. A genre with richer givens declares its own.
    editor_candidates: ClassVar[tuple[str, ...]] = (".", "?", "#", *map(str, range(10)))

    def editor_tokens(self) -> tuple[str, ...]:
        """The tokens of :attr:`editor_candidates` this genre accepts, ``.`` (empty) first."""
        out = []
        for token in self.editor_candidates:
            try:
                self.parse_clue(None if token == "." else token, "editor")
            except ValueError:  # InputError: not a given of this genre
                continue
            out.append(token)
        return tuple(out)

    @abc.abstractmethod
    def encode(self, puzzle: Puzzle, backend: "Backend", encoding: str | None = None) -> Encoded:
        """The puzzle's rules as clauses on ``backend`` (lazy parts returned as cuts).

        Call ``backend.reserve(vars, clauses)`` with a lower bound before heavy work and
        ``backend.checkpoint()`` in long loops that add nothing: both may raise (too large
        for memory, or past the time limit), and the checker reports them."""

    @abc.abstractmethod
    def verify(self, puzzle: Puzzle, answer: Any) -> list[Violation]:
        """Every broken rule of an answer, in plain Python (no solver): the independent
        check every answer a solver returns must pass."""

    @abc.abstractmethod
    def parse_solution(self, puzzle: Puzzle, rows: Sequence[str], where: str) -> Any:
        """An answer as written in files (rows of characters); errors name the place."""

    def regions(self, puzzle: Puzzle) -> Optional[tuple[tuple[int, ...], ...]]:
        """The puzzle's regions as rows of region numbers (drawn as thick borders), or
        None. Default: its ``areas`` parameter (a classic Sudoku adds its boxes)."""
        layout = puzzle.param("areas")
        return None if layout is None else tuple(tuple(row) for row in layout)

    def margins(self, puzzle: Puzzle) -> Mapping[str, Sequence[str]]:
        """Clues written outside the grid, drawn beside it: ``top`` and ``bottom`` one text
        per column, ``left`` and ``right`` one per row ("" for none); a text's
        space-separated parts are stacked above or below a column (a Nonogram's runs);
        ``corners`` four texts beside the grid's corners (top-left, top-right, bottom-left,
        bottom-right: an Abc Path's diagonals). Default: none."""
        return {}

    def corner_clues(self, puzzle: Puzzle) -> Mapping[tuple[int, int], str]:
        """Clues drawn on grid points, each a small disc with its text (Mathrax's circles):
        point (i, j) is the top-left corner of cell (i, j), i up to ``rows``, j up to
        ``cols``. Default: none (a genre whose givens are the points, as Gokigen, draws
        them as its givens' glyphs)."""
        return {}

    def read_janko(self, block: JankoBlock) -> Optional[tuple[Puzzle, Any]]:
        """A genre's own reading of a Janko block: (puzzle, published answer or None).
        None (the default): the shared reading by :class:`FormatSpec`'s token tables."""
        return None

    def check_puzzle(self, puzzle: Puzzle, where: str) -> None:
        """Checks on the whole grid that one given alone cannot make (a link into a
        hole); formats call it on every puzzle they read. One-line InputError."""
        return None

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        """How a given is drawn (None: nothing). Default: its number or ``?`` as text;
        walls (``#``) are drawn from :attr:`FormatSpec.walls`."""
        if clue is None or clue == "#":
            return None
        return Glyph(str(clue))

    def frames(self, puzzle: Puzzle, answer: Any) -> list[tuple[str, Puzzle]]:
        """A non-grid answer drawn as a strip of boards (Flood-It: the board before the
        first move and after each one), each with a short title; [] for grid answers,
        which are drawn on the puzzle itself."""
        return []

    def images(self, puzzle: Puzzle, answer: Any) -> list[Any]:
        """The other answers this one stands for under :attr:`symmetry` in this puzzle
        (the checker blocks them with it); [] when the puzzle breaks the symmetry."""
        return []

    def symmetry_applies(self, puzzle: Puzzle) -> bool:
        """Whether answers of this puzzle are judged up to :attr:`symmetry`."""
        return self.symmetry is not None

    def __repr__(self) -> str:
        return f"<genre {self.name}>"


@dataclass(frozen=True)
class ModeOptions:
    """What ``solve --mode`` passes to a :class:`SolveMode` (each mode uses what it needs)."""

    lower: Optional[int] = None
    upper: Optional[int] = None
    moves: Optional[int] = None
    print_asserts: bool = False
    dry_run: bool = False
    time_limit: Optional[float] = None


@dataclass(frozen=True)
class ModeResult:
    """What a mode found: ``status`` is ``sat``, ``unsat``, ``unknown`` or ``dry_run``;
    ``answer`` a verified answer (or None); ``asserts`` the formula as text when asked."""

    status: str
    answer: Any
    seconds: float
    detail: str = ""
    asserts: Optional[str] = None
    stats: Mapping[str, Any] = field(default_factory=dict)


class SolveMode(abc.ABC):
    """Another way to solve a puzzle, chosen with ``solve --mode NAME``."""

    name: ClassVar[str]
    description: ClassVar[str] = ""

    @abc.abstractmethod
    def run(self, puzzle: Puzzle, options: ModeOptions) -> ModeResult:
        """Solve (or, with ``dry_run``, only build the formula); bad options are a
        one-line :class:`InputError`."""


__all__ = ["UrlBody", "Pzprv3Body", "Pzprv3File", "JankoBlock", "Question", "Glyph", "CodeFormat",
           "FormatSpec", "Encoded", "BoundedEncoded", "Lemma",
           "Switchable", "Generation", "Optimisation", "Genre", "ClueKey", "Lit", "FileFormat",
           "ModeOptions", "ModeResult", "SolveMode", "OptimumGeneration"]

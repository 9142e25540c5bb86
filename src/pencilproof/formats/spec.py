"""What a genre declares so that every exchange format can read and write it.

No format module names a genre. Each asks :func:`spec_for` for the genre's
:class:`FormatSpec` — which puzz.link URL codec it uses, what puzz.link's "qnum -2" means
for it, how its answer characters map to pzprv3 tokens and Janko marks, and how a picture
draws it — so a new genre plugs into URLs, pzprv3, Janko, JSON and pictures by adding
one entry to :data:`SPECS` (or by giving its genre object a ``formats`` attribute).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping, Optional

from ..errors import InputError
from ..puzzle import Clue, Puzzle, Solution


def _frozen(d: dict) -> Mapping:
    return MappingProxyType(dict(d))


@dataclass(frozen=True)
class FormatSpec:
    """How one genre appears in puzz.link URLs, pzprv3 files, Janko blocks and pictures."""

    #: puzz.link URL body codec: ``number16`` or ``4cell`` (see formats/url.py).
    url_codec: str
    #: The pid written on the second line of a pzprv3 file (may differ from the URL's).
    pzprv3_pid: str
    #: What pzprjs's special given (URL ``.``, pzprv3 ``-``) means: a ``?`` clue or a ``#`` wall.
    qnum_minus2: Clue = "?"
    #: pzprv3 layout: False = a puzzle section then an answer section (Canal View);
    #: True = one section where givens and answer marks share the cells (Light Up).
    pzprv3_combined: bool = False
    #: Answer character of a Solution -> pzprv3 answer token (what we write).
    pzprv3_write: Mapping[str, str] = field(default_factory=lambda: _frozen({"#": "#", ".": "."}))
    #: pzprv3 answer token -> answer character (what we read; ``+`` is a marked unshaded cell).
    pzprv3_read: Mapping[str, str] = field(
        default_factory=lambda: _frozen({"#": "#", "+": ".", ".": "."}))
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
    #: How a picture draws an answer character: ``shade`` (filled cell) or ``lamp`` (a disc).
    drawing: Mapping[str, str] = field(default_factory=lambda: _frozen({"#": "shade"}))

    def given_char(self, clue: Clue) -> Optional[str]:
        """The character a solution row holds at a given cell when givens are walls."""
        if not self.walls or clue is None:
            return None
        return str(clue)

    def answer_rows(self, puzzle: Puzzle, marks: dict[tuple[int, int], str]) -> list[str]:
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

    def marks_of(self, puzzle: Puzzle, solution: Solution) -> dict[tuple[int, int], str]:
        """Answer character per cell, walls left out (what pzprv3 and pictures write)."""
        out = {}
        for r in range(puzzle.rows):
            for c in range(puzzle.cols):
                if self.given_char(puzzle.grid[r][c]) is None:
                    out[(r, c)] = solution.rows[r][c]
        return out


SHADING_NUMBER16 = dict(url_codec="number16", qnum_minus2="?",
                        janko_problem=_frozen({"-": None, "?": "?"}),
                        janko_marks=_frozen({"x": "#"}))

#: Every genre's formats, by genre name. A genre object's own ``formats`` attribute wins.
SPECS: dict[str, FormatSpec] = {
    "canal": FormatSpec(pzprv3_pid="canal", janko_names=("canalview", "canal"),
                        **SHADING_NUMBER16),
    "smullyan": FormatSpec(pzprv3_pid="smullyan",
                           janko_names=("smullyan", "smullyanicdynasty"), **SHADING_NUMBER16),
    "lightup": FormatSpec(
        url_codec="4cell", pzprv3_pid="lightup", qnum_minus2="#", pzprv3_combined=True,
        pzprv3_write=_frozen({"L": "#", ".": "."}),
        pzprv3_read=_frozen({"#": "L", "+": ".", ".": "."}),
        walls=True, janko_names=("akari", "lightup", "bijutsukan"),
        janko_problem=_frozen({"-": None, "x": "#"}), janko_marks=_frozen({"o": "L"}),
        drawing=_frozen({"L": "lamp"})),
}


def spec_for(genre, where: str | None = None) -> FormatSpec:
    """The FormatSpec of a genre object or genre name."""
    own = getattr(genre, "formats", None)
    if isinstance(own, FormatSpec):
        return own
    name = genre if isinstance(genre, str) else genre.name
    try:
        return SPECS[name]
    except KeyError:
        raise InputError(f"genre {name!r} has no exchange formats declared "
                         f"(see formats/spec.py)", where) from None


@dataclass(frozen=True)
class Document:
    """A puzzle read from a file, with the answer the file carries (pzprv3, Janko, JSON)."""

    puzzle: Puzzle
    solution: Optional[Solution] = None
    format: str = field(default="text", compare=False)  # where it came from, not content

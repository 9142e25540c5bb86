"""The genre registry: one module per genre, one name each here (:data:`ORDER`).

Everything generic finds genres through :func:`get_genre` (by name, alias or puzz.link
id) and iterates :data:`GENRES` for help texts and choices; the contract a genre
implements is :mod:`.contract`.
"""
from __future__ import annotations

from importlib import import_module
from typing import Iterator, MutableMapping

from ..errors import InputError
from .contract import (ClueKey, CodeFormat, JankoBlock, Encoded, FileFormat, FormatSpec, Generation,
                       Genre, Glyph,
                       ModeOptions, ModeResult, Optimisation, OptimumGeneration, Question, SolveMode,
                       SYMMETRIES, Switchable, Symmetry)

#: Every genre, in the order help texts list them; each is the module of its own name
#: (``floodit`` is :mod:`.floodit`) and that module's upper-case attribute of the same name.
ORDER = (
    # the first five (hand-written on the contract; Canal View, Smullyan, Light Up on the kit's row faces)
    "canal", "smullyan", "lightup", "taiji", "floodit",
    # shading and placement
    "nurikabe", "heyawake", "hitori", "kurodoko", "mochikoro", "tapa", "creek", "norinori", "lits",
    "starbattle", "shakashaka", "gokigen", "minesweeper", "battleships", "tents", "magnets", "binairo",
    "lighthouses",
    # loops and paths
    "slitherlink", "masyu", "yajilin", "country", "numberlink", "grandtour", "corral", "linesweeper",
    "hashi",
    # regions
    "fillomino", "shikaku", "galaxies", "dominos",
    # numbers
    "sudoku", "killer_sudoku", "kakuro", "ripple", "futoshiki", "skyscrapers", "kenken", "str8ts",
    "hidoku", "easyasabc", "kakurasu", "nonogram",
    # janko.at genres, part A (issue 40); each line one family
    "eulero", "tenner", "mathrax", "latin_sums", "nanbaboru",  # numbers-a
    "abc_path", "abc_kombi", "arrow_numbers",  # letters-arrows
    "shimaguni", "gappy", "tilepaint", "foseruzu",  # shading
    "lampions", "pills",  # placement
    "knossos", "patchwork",  # regions
    "walls", "doors", "burokku", "pipeline", "spotlight",  # paths
)

#: The genres that declare one-line codes or whole-file formats of their own (Taiji Maker
#: codes; Flood-It's game IDs and digit grids): reading content of unknown format asks
#: these and no other genre (a test checks the list against the genres' declarations).
OWN_FORMATS = ("taiji", "floodit")


class _Registry(MutableMapping[str, Genre]):
    """The genres by name. A genre's module is imported when the genre is first named
    (:func:`get_genre` with its name, ``GENRES[name]``), every genre's when the whole
    registry is needed (iteration: help texts, choices, an alias or a puzz.link id), so
    that checking one Flood-It board does not import 48 other genres (measured: about
    half of a small board's run)."""

    def __init__(self) -> None:
        self._genres: dict[str, Genre] = {}
        self._complete = False

    def _builtin(self, name: str) -> Genre | None:
        """The built-in genre of this name, imported now if need be."""
        g = self._genres.get(name)
        if g is None and name in ORDER:
            g = getattr(import_module(f"{__name__}.{name}"), name.upper())
            self._genres[name] = g
        return g

    def _everything(self) -> dict[str, Genre]:
        """Every genre, built-in ones first in :data:`ORDER`, then the registered ones."""
        if not self._complete:
            for name in ORDER:
                self._builtin(name)
            extra = {k: v for k, v in self._genres.items() if k not in ORDER}
            self._genres = {**{k: self._genres[k] for k in ORDER}, **extra}
            self._complete = True
        return self._genres

    def registered(self) -> list[Genre]:
        """The genres registered that are not built in (a test's throwaway genres)."""
        return [g for name, g in self._genres.items() if name not in ORDER]

    def __getitem__(self, name: str) -> Genre:
        g = self._builtin(name) if isinstance(name, str) else None
        if g is None:
            return self._everything()[name]
        return g

    def __setitem__(self, name: str, genre: Genre) -> None:
        self._everything()[name] = genre

    def __delitem__(self, name: str) -> None:
        del self._everything()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._everything())

    def __len__(self) -> int:
        return len(self._everything())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and (self._builtin(name) is not None or name in self._everything())


GENRES = _Registry()


def register(genre: Genre) -> Genre:
    """Add a genre to the registry (its name and every alias and puzz.link id must be new)."""
    taken = {k for g in GENRES.values() for k in (g.name, *g.aliases, *g.url_pids)}
    clash = sorted(taken & {genre.name, *genre.aliases, *genre.url_pids})
    if clash:
        raise ValueError(f"genre {genre.name!r}: name(s) already registered: {', '.join(clash)}")
    GENRES[genre.name] = genre
    return genre


def unregister(name: str) -> None:
    """Remove a genre (tests register throwaway genres and take them out again)."""
    GENRES.pop(name, None)


def get_genre(name: str, where: str | None = None) -> Genre:
    """The genre for a name, alias or puzz.link id (case-insensitive)."""
    key = str(name).strip().lower()
    if key in ORDER:  # a built-in genre by its name: only its module is imported
        return GENRES[key]
    for g in GENRES.values():
        if key == g.name or key in g.aliases or key in g.url_pids:
            return g
    known = ", ".join(sorted(GENRES))
    raise InputError(f"unknown genre {name!r} (known: {known})", where)


def own_format_genres() -> Iterator[Genre]:
    """The genres with code or file formats of their own (:data:`OWN_FORMATS`, then any
    registered since), without importing the others."""
    yield from (GENRES[name] for name in OWN_FORMATS)
    yield from GENRES.registered()


def code_formats() -> Iterator[tuple[Genre, CodeFormat]]:
    """Every genre's one-line code formats, with their genre."""
    return ((g, f) for g in own_format_genres() for f in g.formats.codes)


def code_format(name: str) -> tuple[Genre, CodeFormat] | None:
    """The code format of this ``--to`` / ``--format`` name, if a genre declares one."""
    return next(((g, f) for g, f in code_formats() if f.name == name), None)


def recognize_code(line: str) -> tuple[Genre, CodeFormat] | None:
    """The genre code format a stripped line is written in, if any."""
    return next(((g, f) for g, f in code_formats() if f.recognizes(line)), None)


def generating_genres() -> Iterator[Genre]:
    """The genres that declare a generator (generate; minimize too for unique genres)."""
    return (g for g in GENRES.values() if g.generator is not None
            or (g.optimisation is not None and g.optimisation.generator is not None))


def minimizing_genres() -> Iterator[Genre]:
    """The genres whose clue sets can be minimized (they declare a :class:`Generation`)."""
    return (g for g in GENRES.values() if g.generator is not None)


__all__ = ["JankoBlock", "GENRES", "ORDER", "OWN_FORMATS", "own_format_genres", "get_genre",
           "register", "unregister", "generating_genres", "Genre",
           "Generation", "Optimisation", "Question", "FormatSpec", "CodeFormat", "Glyph",
           "code_formats", "code_format", "recognize_code", "Encoded", "Switchable",
           "ClueKey", "FileFormat", "OptimumGeneration", "minimizing_genres", "ModeOptions",
           "ModeResult", "SolveMode", "Symmetry", "SYMMETRIES"]

"""The genre registry: one module per genre, one line each here.

Everything generic finds genres through :func:`get_genre` (by name, alias or puzz.link
id) and iterates :data:`GENRES` for help texts and choices; the contract a genre
implements is :mod:`.contract`.
"""
from __future__ import annotations

from typing import Iterator

from ..errors import InputError
from .battleships import BATTLESHIPS
from .canal import CANAL
from .contract import (ClueKey, CodeFormat, JankoBlock, Encoded, FileFormat, FormatSpec, Generation,
                       Genre, Glyph,
                       ModeOptions, ModeResult, Optimisation, OptimumGeneration, Question, SolveMode,
                       SYMMETRIES, Switchable, Symmetry)
from .easyasabc import EASYASABC
from .fillomino import FILLOMINO
from .floodit import FLOODIT
from .hashi import HASHI
from .hidoku import HIDOKU
from .kakuro import KAKURO
from .kakurasu import KAKURASU
from .nonogram import NONOGRAM
from .ripple import RIPPLE
from .skyscrapers import SKYSCRAPERS
from .futoshiki import FUTOSHIKI
from .kenken import KENKEN
from .killer_sudoku import KILLER_SUDOKU
from .heyawake import HEYAWAKE
from .hitori import HITORI
from .creek import CREEK
from .str8ts import STR8TS
from .tapa import TAPA
from .mochikoro import MOCHIKORO
from .shakashaka import SHAKASHAKA
from .gokigen import GOKIGEN
from .magnets import MAGNETS
from .binairo import BINAIRO
from .minesweeper import MINESWEEPER
from .kurodoko import KURODOKO
from .lighthouses import LIGHTHOUSES
from .lightup import LIGHTUP
from .lits import LITS
from .masyu import MASYU
from .norinori import NORINORI
from .nurikabe import NURIKABE
from .slitherlink import SLITHERLINK
from .smullyan import SMULLYAN
from .starbattle import STARBATTLE
from .sudoku import SUDOKU
from .taiji import TAIJI
from .tents import TENTS
from .yajilin import YAJILIN
from .country import COUNTRY
from .corral import CORRAL
from .linesweeper import LINESWEEPER
from .grandtour import GRANDTOUR
from .shikaku import SHIKAKU
from .galaxies import GALAXIES
from .numberlink import NUMBERLINK
from .dominos import DOMINOS

GENRES: dict[str, Genre] = {}


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
    for g in GENRES.values():
        if key == g.name or key in g.aliases or key in g.url_pids:
            return g
    known = ", ".join(sorted(GENRES))
    raise InputError(f"unknown genre {name!r} (known: {known})", where)


def code_formats() -> Iterator[tuple[Genre, CodeFormat]]:
    """Every genre's one-line code formats, with their genre."""
    return ((g, f) for g in GENRES.values() for f in g.formats.codes)


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


for _genre in (CANAL, SMULLYAN, LIGHTUP, TAIJI, FLOODIT, SUDOKU, HASHI, SLITHERLINK, MASYU,
               NURIKABE, HEYAWAKE, FILLOMINO, KILLER_SUDOKU, KENKEN, FUTOSHIKI, SKYSCRAPERS,
               NONOGRAM, NORINORI,
               KAKURASU,
               EASYASABC, LITS, KAKURO,
               YAJILIN, COUNTRY, CORRAL, LINESWEEPER, GRANDTOUR,
               SHIKAKU, GALAXIES, NUMBERLINK, DOMINOS,
               HITORI, KURODOKO, MOCHIKORO, TAPA, CREEK, STARBATTLE, TENTS,
               RIPPLE,
               STR8TS, LIGHTHOUSES,
               MINESWEEPER, BINAIRO, MAGNETS, GOKIGEN, SHAKASHAKA,
               HIDOKU, BATTLESHIPS):
    register(_genre)

__all__ = ["JankoBlock", "GENRES", "get_genre", "register", "unregister", "generating_genres", "Genre",
           "Generation", "Optimisation", "Question", "FormatSpec", "CodeFormat", "Glyph",
           "code_formats", "code_format", "recognize_code", "Encoded", "Switchable",
           "ClueKey", "FileFormat", "OptimumGeneration", "minimizing_genres", "ModeOptions",
           "ModeResult", "SolveMode", "Symmetry", "SYMMETRIES"]

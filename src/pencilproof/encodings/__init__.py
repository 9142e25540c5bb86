"""The genre registry: one module per genre, one line each here.

Everything generic finds genres through :func:`get_genre` (by name, alias or puzz.link
id) and iterates :data:`GENRES` for help texts and choices; the contract a genre
implements is :mod:`.contract`.
"""
from __future__ import annotations

from typing import Iterator

from ..errors import InputError
from .battleships import BATTLESHIPS
from .binairo import BINAIRO
from .contract import (ClueKey, CodeFormat, JankoBlock, Encoded, FileFormat, FormatSpec, Generation,
                       Genre, Glyph,
                       ModeOptions, ModeResult, Optimisation, OptimumGeneration, Question, SolveMode,
                       SYMMETRIES, Switchable, Symmetry)
from .canal import CANAL
from .corral import CORRAL
from .country import COUNTRY
from .creek import CREEK
from .dominos import DOMINOS
from .easyasabc import EASYASABC
from .fillomino import FILLOMINO
from .floodit import FLOODIT
from .futoshiki import FUTOSHIKI
from .galaxies import GALAXIES
from .gokigen import GOKIGEN
from .grandtour import GRANDTOUR
from .hashi import HASHI
from .heyawake import HEYAWAKE
from .hidoku import HIDOKU
from .hitori import HITORI
from .kakurasu import KAKURASU
from .kakuro import KAKURO
from .kenken import KENKEN
from .killer_sudoku import KILLER_SUDOKU
from .kurodoko import KURODOKO
from .lighthouses import LIGHTHOUSES
from .lightup import LIGHTUP
from .linesweeper import LINESWEEPER
from .lits import LITS
from .magnets import MAGNETS
from .masyu import MASYU
from .minesweeper import MINESWEEPER
from .mochikoro import MOCHIKORO
from .nonogram import NONOGRAM
from .norinori import NORINORI
from .numberlink import NUMBERLINK
from .nurikabe import NURIKABE
from .ripple import RIPPLE
from .shakashaka import SHAKASHAKA
from .shikaku import SHIKAKU
from .skyscrapers import SKYSCRAPERS
from .slitherlink import SLITHERLINK
from .smullyan import SMULLYAN
from .starbattle import STARBATTLE
from .str8ts import STR8TS
from .sudoku import SUDOKU
from .taiji import TAIJI
from .tapa import TAPA
from .tents import TENTS
from .yajilin import YAJILIN

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


for _genre in (
        # the first five (hand-written on the contract; Canal View, Smullyan, Light Up on the kit's row faces)
        CANAL, SMULLYAN, LIGHTUP, TAIJI, FLOODIT,
        # shading and placement
        NURIKABE, HEYAWAKE, HITORI, KURODOKO, MOCHIKORO, TAPA, CREEK, NORINORI, LITS, STARBATTLE,
        SHAKASHAKA, GOKIGEN, MINESWEEPER, BATTLESHIPS, TENTS, MAGNETS, BINAIRO, LIGHTHOUSES,
        # loops and paths
        SLITHERLINK, MASYU, YAJILIN, COUNTRY, NUMBERLINK, GRANDTOUR, CORRAL, LINESWEEPER, HASHI,
        # regions
        FILLOMINO, SHIKAKU, GALAXIES, DOMINOS,
        # numbers
        SUDOKU, KILLER_SUDOKU, KAKURO, RIPPLE, FUTOSHIKI, SKYSCRAPERS, KENKEN, STR8TS, HIDOKU,
        EASYASABC, KAKURASU, NONOGRAM):
    register(_genre)

__all__ = ["JankoBlock", "GENRES", "get_genre", "register", "unregister", "generating_genres", "Genre",
           "Generation", "Optimisation", "Question", "FormatSpec", "CodeFormat", "Glyph",
           "code_formats", "code_format", "recognize_code", "Encoded", "Switchable",
           "ClueKey", "FileFormat", "OptimumGeneration", "minimizing_genres", "ModeOptions",
           "ModeResult", "SolveMode", "Symmetry", "SYMMETRIES"]

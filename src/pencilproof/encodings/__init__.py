"""Genre registry: one module per genre, looked up by name, alias or puzz.link id."""
from __future__ import annotations

from ..errors import InputError
from .base import Genre
from .canal import CANAL
from .lightup import LIGHTUP
from .smullyan import SMULLYAN

GENRES: dict[str, Genre] = {g.name: g for g in (CANAL, SMULLYAN, LIGHTUP)}


def get_genre(name: str, where: str | None = None) -> Genre:
    """The genre for a name, alias or puzz.link id (case-insensitive)."""
    key = str(name).strip().lower()
    for g in GENRES.values():
        if key == g.name or key in g.aliases or key in g.url_pids:
            return g
    known = ", ".join(sorted(GENRES))
    raise InputError(f"unknown genre {name!r} (known: {known})", where)


__all__ = ["GENRES", "get_genre", "Genre"]

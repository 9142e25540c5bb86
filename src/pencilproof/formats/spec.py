"""The Document every format reads: a puzzle and the answer the file carries.

What a genre's formats look like (URL codec, pzprv3 layout, Janko tokens) is declared by
the genre itself (:class:`~pencilproof.encodings.contract.FormatSpec`, its ``formats``);
no format module names a genre.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from ..puzzle import Puzzle


@dataclass(frozen=True)
class Document:
    """A puzzle read from a file, with the answer the file carries (pzprv3, Janko, JSON)."""

    puzzle: Puzzle
    solution: Optional[Any] = None
    format: str = field(default="text", compare=False)  # where it came from, not content


def split_lines(text: str) -> list[str]:
    """The lines of a file as an editor numbers them: split at newlines only (``\\n``,
    ``\\r\\n``, ``\\r``), not at the other characters ``str.splitlines`` breaks at (form
    feed, U+0085, U+2028, ...), which JSON allows inside strings; no final empty line."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines

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

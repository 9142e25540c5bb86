"""Numerals in input: ASCII digits only.

``str.isdigit`` is true of '²' and '٣' (which ``int`` rejects or reads as 3), so a reader
that asks it lets such a token through to a traceback or to a number nobody wrote. Every
reader asks :func:`is_digits` instead (a test keeps ``isdigit`` out of the package).
"""
from __future__ import annotations

import re

from .errors import InputError

_DIGITS = re.compile(r"[0-9]+")


def is_digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits (nothing else, not even spaces)."""
    return bool(_DIGITS.fullmatch(text))


def ascii_number(text: str, where: str | None = None) -> int | None:
    """``text`` as a number if it is ASCII digits only, else None. A numeral too long for
    ``int`` (over 4300 digits) is an error."""
    if not is_digits(text):
        return None
    try:
        return int(text)
    except ValueError:
        raise InputError(f"number too large ({len(text)} digits)", where) from None

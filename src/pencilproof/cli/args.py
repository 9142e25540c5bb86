"""Argument types shared by the CLI modules: one wording for every bad number."""
from __future__ import annotations

import argparse
import math
from typing import Any, Callable, TypeAlias

#: The object ``add_subparsers`` returns, which each CLI module extends.
Subparsers: TypeAlias = "argparse._SubParsersAction[Any]"


def _read(text: str, kind: Callable[[str], Any], what: str) -> Any:
    """``kind(text)``, or argparse's one-line error naming what was expected."""
    try:
        return kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not {what}: {text!r}") from None


def positive_int(text: str) -> int:
    v: int = _read(text, int, "an integer")
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text!r}")
    return v


def positive_float(text: str) -> float:
    v: float = _read(text, float, "a number")
    if not v > 0:  # also rejects nan
        raise argparse.ArgumentTypeError(f"must be positive: {text!r}")
    if not math.isfinite(v):  # 'inf', '1e309': leave the option out for no limit
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds: {text!r}")
    return v


def fraction(text: str) -> float:
    """A share or probability: 0..1."""
    v: float = _read(text, float, "a number")
    if not 0 <= v <= 1:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1: {text!r}")
    return v


def port(text: str) -> int:
    """A TCP port number: 0..65535 (0: any free port)."""
    v: int = _read(text, int, "a port number")
    if not 0 <= v <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0..65535: {text!r}")
    return v

"""Argument types shared by the CLI modules: one wording for every bad number."""
from __future__ import annotations

import argparse
import math
from typing import Any, TypeAlias

#: The object ``add_subparsers`` returns, which each CLI module extends.
Subparsers: TypeAlias = "argparse._SubParsersAction[Any]"


def positive_int(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text!r}")
    return v


def positive_float(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not v > 0:  # also rejects nan
        raise argparse.ArgumentTypeError(f"must be positive: {text!r}")
    if not math.isfinite(v):  # 'inf', '1e309': leave the option out for no limit
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds: {text!r}")
    return v

"""Argument types shared by the CLI modules: one wording for every bad number."""
from __future__ import annotations

import argparse
import math
import os
import sys
from typing import Any, Callable, Iterator, Sequence, TypeAlias, cast

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


class LaterText:
    """A help text made when help is printed. Most help texts that name every genre
    would import every genre module, which a run of one command on one puzzle does not
    need (measured: half the time of ``solve`` on a 12x12 Flood-It board)."""

    def __init__(self, make: Callable[[], str]):
        self._make = make
        self._text: str | None = None

    def __str__(self) -> str:
        if self._text is None:
            self._text = self._make()
        return self._text

    def __bool__(self) -> bool:
        return True

    def __getattr__(self, name: str) -> Any:  # argparse asks the text itself (.strip())
        return getattr(str(self), name)


def later(make: Callable[[], str]) -> str:
    """A :class:`LaterText`, typed as the ``str`` argparse expects (it reads it as one)."""
    return cast(str, LaterText(make))


class LaterChoices:
    """The choices of an option, listed when an answer is checked against them or help
    names them (with an explicit ``metavar``, argparse does not list them at parse set-up)."""

    def __init__(self, make: Callable[[], Sequence[str]]):
        self._make = make
        self._items: tuple[str, ...] | None = None

    def _all(self) -> tuple[str, ...]:
        if self._items is None:
            self._items = tuple(self._make())
        return self._items

    def __contains__(self, value: object) -> bool:
        return value in self._all()

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def _columns() -> int:
    """The terminal's width: ``$COLUMNS``, else standard output's terminal, else 80
    (``shutil.get_terminal_size``'s reading)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, reading :class:`LaterText` help when it prints. argparse
    makes one for every option it adds (to check the option's metavar); its own asks
    ``shutil`` for the terminal's width, and importing shutil (with bz2 and lzma) cost
    3 ms of every run's start-up, so the width is read here as shutil would."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None):
        if width is None:
            width = _columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)

    def _get_help_string(self, action: argparse.Action) -> str:
        return str(action.help)

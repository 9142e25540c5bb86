"""Errors that the CLI turns into one-line messages (exit 2) or internal failures."""
from __future__ import annotations

from pathlib import Path

#: Places longer than this are shown shortened (a huge URL argument is its own label).
MAX_PLACE = 100


#: Messages longer than this are shown shortened in the middle: a message quoting a huge
#: token or a whole garbage file shows its start and end, not megabytes.
MAX_MESSAGE = 300


def printable(text: str) -> str:
    """``text`` with line breaks and other unprintable characters escaped as in repr,
    so that a message quoting it stays one line."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def excerpt(text: str, most: int = MAX_MESSAGE) -> str:
    """``text`` made printable and, if longer than ``most``, shortened in the middle
    (how many characters were left out is said), keeping its start and end."""
    if len(text) <= most:
        shown = printable(text)
        if len(shown) <= most:
            return shown
    keep = most - 40
    h = keep * 2 // 3
    t = keep - h
    if len(text) <= h + t:  # short, but its escapes make it long
        shown = printable(text)
        return f"{shown[:h]} ... {shown[-t:]}"
    head, tail = printable(text[:h])[:h], printable(text[-t:])[-t:]
    return f"{head} ...({len(text) - h - t} characters left out)... {tail}"


def place(where: str) -> str:
    """A place as an error shows it: escaped, and shortened in the middle if very long
    (the head names the source, the tail keeps the line, column and cell). An empty
    name (``--out ''``) is shown as ``''`` rather than as nothing."""
    if not where.strip():
        return repr(where)
    if len(where) > 4 * MAX_PLACE:  # escape only what can be shown
        where = where[:2 * MAX_PLACE] + where[-2 * MAX_PLACE:]
    where = printable(where)
    if len(where) > MAX_PLACE:
        where = where[:45] + "..." + where[-35:]
    return where


class InputError(ValueError):
    """Bad user input: a malformed file or URL, an impossible size, an unknown genre.

    ``where`` names the place (file and line, URL, JSON key) so that the one-line
    message the CLI prints lets a setter find the problem without a traceback.
    """

    def __init__(self, message: str, where: str | None = None):
        super().__init__(message)
        self.message = message
        self.where = where

    def located(self, where: str) -> "InputError":
        """Return the same error with an outer location prefixed (file name, line)."""
        return InputError(self.message, f"{where}: {self.where}" if self.where else where)

    def __str__(self) -> str:
        message = excerpt(self.message)
        return f"{place(self.where)}: {message}" if self.where is not None else message


class NotApplicable(InputError):
    """A command that the puzzle's genre does not support (``backbone`` of a Flood-It
    board). Raised where the puzzle's file is not known: the command line names it."""


class InternalError(RuntimeError):
    """A solver returned a solution that the independent verifier rejects.

    This is an encoding bug, never a verdict: the checker raises it instead of
    reporting anything a setter might rely on.
    """


def install_hint(extra: str) -> str:
    """How to install an extra, said the way that works where this copy runs: ``pip install
    -e '.[extra]'`` in the checkout it was installed from (the package's name means the
    index's release there, not the checkout), ``pip install 'pencilproof[extra]'`` else."""
    root = Path(__file__).resolve().parents[2]
    if Path(__file__).resolve().parent.parent.name == "src" and (root / "pyproject.toml").is_file():
        return f"pip install -e '.[{extra}]' in {root}"
    return f"pip install 'pencilproof[{extra}]'"

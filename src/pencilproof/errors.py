"""Errors that the CLI turns into one-line messages (exit 2) or internal failures."""
from __future__ import annotations


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
        return f"{self.where}: {self.message}" if self.where else self.message


class InternalError(RuntimeError):
    """A solver returned a solution that the independent verifier rejects.

    This is an encoding bug, never a verdict: the checker raises it instead of
    reporting anything a setter might rely on.
    """

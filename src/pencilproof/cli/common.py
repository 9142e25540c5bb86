"""What the commands share: exit codes, one-line errors, and a batch of puzzles read so
that a bad one is reported and the others go on.

Exit codes: 0 unique (or success), 1 multiple / no solution / invalid answer, 3 unknown
(time limit), 2 bad input, 4 internal error. With several puzzles the worst wins, in the
order 4 > 2 > 3 > 1 > 0.
"""
from __future__ import annotations

import json
import sys
from argparse import Namespace
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

from ..encodings import get_genre
from ..errors import InputError
from ..formats import Document, Loaded, iter_documents
from ..puzzle import Puzzle

EXIT_OK, EXIT_NO, EXIT_BAD, EXIT_UNKNOWN, EXIT_INTERNAL = 0, 1, 2, 3, 4
R = TypeVar("R")
_SEVERITY = {EXIT_OK: 0, EXIT_NO: 1, EXIT_UNKNOWN: 2, EXIT_BAD: 3, EXIT_INTERNAL: 4}


def worst(codes: Iterable[int]) -> int:
    return max(codes, key=_SEVERITY.__getitem__, default=EXIT_OK)


def err(message: str) -> None:
    print(f"pencilproof: error: {message}", file=sys.stderr)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def labelled(label: str, e: InputError) -> InputError:
    """The error named by its puzzle's label (unless it already starts with it)."""
    return e if str(e).startswith(label) else e.located(label)


def documents(source: str, fmt: str | None = None, answers: bool = True
              ) -> Iterator[tuple[str, Document | InputError]]:
    """(label, document or InputError) for every puzzle of one source; a source that
    holds none (``[]``, a JSON list with nothing in it) is bad input: "no puzzle"."""
    found = False
    for label, doc in iter_documents(source, fmt, answers):
        found = True
        yield label, doc
    if not found:
        label = "<stdin>" if source == "-" else source
        yield label, InputError("no puzzle in it", label)


def _puzzles(sources: Sequence[str], fmt: str | None = None) -> Iterator[tuple[str, Loaded]]:
    for src in sources:
        for label, doc in documents(src, fmt, answers=False):
            yield label, doc if isinstance(doc, InputError) else doc.puzzle


def readable(args: Namespace, codes: list[int]) -> Iterator[tuple[str, Puzzle]]:
    """(label, puzzle) for every puzzle that reads; each one that does not is reported
    as its one-line error (and with --json its error line) and counted as bad input, and
    the others go on."""
    for label, item in _puzzles(args.puzzles, args.format):
        if not isinstance(item, InputError):
            try:
                item = with_options(item, args, label)
            except InputError as e:
                item = e
        if isinstance(item, InputError):
            bad(label, item, args, codes)
            continue
        yield label, item


def with_options(puzzle: Puzzle, args: Namespace, label: str) -> Puzzle:
    """The puzzle with the parameters given as options (``--pivot``), checked again."""
    pivot = getattr(args, "pivot", None)
    if pivot is None:
        return puzzle
    genre = get_genre(puzzle.genre)
    if "pivot" not in genre.param_keys:
        raise InputError(f"{genre.name} puzzles have no pivot", "--pivot")
    puzzle = puzzle.with_params(pivot=genre.parse_param("pivot", pivot, "--pivot"))
    genre.validate(puzzle, label)
    return puzzle


def bad(label: str, error: InputError, args: Namespace, codes: list[int]) -> None:
    """One puzzle is bad input: its one-line error, a JSON error line with --json."""
    err(str(error))
    codes.append(EXIT_BAD)
    if getattr(args, "json", False):
        print(json.dumps({"source": label, "error": str(error)}), flush=True)


def per_puzzle(label: str, args: Namespace, codes: list[int], work: Callable[[], R]
               ) -> R | None:
    """``work()`` for one puzzle; bad input it raises (an encoding this genre lacks) is
    reported for that puzzle and gives None, so a batch goes on."""
    try:
        return work()
    except InputError as e:
        bad(label, labelled(label, e), args, codes)
        return None

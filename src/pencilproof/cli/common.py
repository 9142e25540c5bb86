"""What the commands share: exit codes, one-line errors, and a batch of puzzles read so
that a bad one is reported and the others go on.

Exit codes: 0 unique (or success), 1 multiple / no solution / invalid answer, 3 unknown
(time limit), 2 bad input, 4 internal error. With several puzzles the worst wins, in the
order 4 > 2 > 3 > 1 > 0.
"""
from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from argparse import Namespace
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

from ..encodings import get_genre
from ..errors import InputError
from ..formats import Document, Loaded, cells_at_most, iter_documents, load_document
from ..puzzle import Puzzle
from ..solvers.deadline import NEVER, Deadline, TimeUp, alarm

EXIT_OK, EXIT_NO, EXIT_BAD, EXIT_UNKNOWN, EXIT_INTERNAL = 0, 1, 2, 3, 4
#: Ctrl-C (SIGINT) and SIGTERM: 128 + the signal's number, as a shell reports them.
EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143
R = TypeVar("R")
_SEVERITY = {EXIT_OK: 0, EXIT_NO: 1, EXIT_UNKNOWN: 2, EXIT_BAD: 3, EXIT_INTERNAL: 4}


#: When the command started (set by main; the console script sets it at import, so
#: reading the first puzzle counts against its --time-limit too).
_started = [time.monotonic()]


def start_clock(at: float | None = None) -> None:
    _started[0] = time.monotonic() if at is None else at


def process_started() -> float | None:
    """When this process started, on the ``time.monotonic()`` clock (Linux; else None):
    the interpreter's own start and imports count against a limit too."""
    try:
        with open("/proc/self/stat") as f:
            ticks = int(f.read().rsplit(")", 1)[1].split()[19])  # field 22: starttime
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        age = uptime - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None
    return time.monotonic() - age if 0 <= age < 60 else None


#: Of a limit of L seconds the work gets L minus this share (at most RESERVE_MOST s):
#: freeing what a big grid built and printing its result take that long after it.
RESERVE_SHARE, RESERVE_MOST = 0.1, 0.5


class PuzzleClock:
    """``--time-limit`` per puzzle as one :class:`Deadline` each: the first puzzle's time
    counts from the command's start (reading it included), each later one's from when
    the one before it was done (reading the next one is part of it). The work stops a
    little before the limit so that the answer is out by then."""

    def __init__(self, seconds: float | None):
        self.seconds = seconds
        self.mark = _started[0]

    def deadline(self) -> Deadline:
        if self.seconds is None:
            return Deadline()
        return Deadline(self.mark + self.seconds - min(RESERVE_MOST, RESERVE_SHARE * self.seconds))

    def next(self) -> None:
        self.mark = time.monotonic()


class ReadTimeUp(TimeUp):
    """The time limit passed while a puzzle was being read (a huge file): its verdict is
    ``unknown``, exit 3, and the rest of its source is not read. (Also the outcome
    of a one-puzzle command stopped by :func:`backstop`: ``doing`` says which.)"""

    def __init__(self, label: str, seconds: float | None, doing: str = " while reading it"
                 ) -> None:
        super().__init__(f"time limit of {seconds} s reached{doing}")
        self.label = label

    def report(self, args: Namespace) -> None:
        """The outcome's line: like a verdict, on standard output (--json: a record)."""
        if getattr(args, "json", False):
            print(json.dumps({"source": self.label, "verdict": "unknown", "error": str(self)}),
                  flush=True)
        else:
            print(f"{self.label}: unknown: {self}", flush=True)


#: The time limit (for a limit that passes while reading a puzzle).
_limit: list[float | None] = [None]
#: The deadline the puzzle being read now has (set by timed(); NEVER elsewhere).
_reading_until = [NEVER]
#: A puzzle whose reading begins with less than this left of its limit is read in full
#: (its verdict is then unknown at once): stopping its reading would also drop the rest
#: of its file, and every puzzle of a batch is reported, however small the limit.
READ_FLOOR = 0.05
_END = object()


def timed(items: Iterable[R], seconds: float | None, reading: bool = True
          ) -> Iterator[tuple[R, Deadline]]:
    """Each item with its own ``--time-limit`` deadline (see :class:`PuzzleClock`).
    Reading the item (``items`` reads as it goes, through :func:`documents`) runs under
    that deadline too: a Python loop that asks none is stopped by its alarm, and the
    source's place holds a :class:`ReadTimeUp`. ``reading=False``: items made elsewhere
    (a cluster's results) are waited for freely."""
    clock = PuzzleClock(seconds)
    _limit[0] = seconds
    it = iter(items)
    while True:
        deadline = clock.deadline()
        _reading_until[0] = deadline if reading else NEVER  # see documents()
        try:
            item = next(it, _END)
        finally:
            _reading_until[0] = NEVER
        if item is _END:
            return
        yield item, deadline  # type: ignore[misc]
        clock.next()


def command_deadline(seconds: float | None) -> Deadline:
    """A one-puzzle command's ``--time-limit`` / ``--max-time``, from its start."""
    return PuzzleClock(seconds).deadline()


#: Of the reserve a limit keeps (see :data:`RESERVE_SHARE`), what :func:`backstop` leaves.
BACKSTOP_SHARE = 0.4


@contextlib.contextmanager
def backstop(label: str, seconds: float | None) -> Iterator[None]:
    """A one-puzzle command's work, stopped by an alarm a little after its deadline (at
    60 % of the reserve) if it is still running then: work between two of its deadline
    checks that takes long on a big grid (a 1000x1000 Canal View's backbone spent 1.7 s
    past its deadline on the million cells of its first answer) ends as ``unknown``."""
    if seconds is None:
        yield
        return
    end = _started[0] + seconds - BACKSTOP_SHARE * min(RESERVE_MOST, RESERVE_SHARE * seconds)
    try:
        with alarm(Deadline(end), TimeUp):
            yield
    except ReadTimeUp:
        raise
    except TimeUp:
        raise ReadTimeUp(label, seconds, "") from None


def read_document(source: str, fmt: str | None, answers: bool, seconds: float | None
                  ) -> Document:
    """A one-puzzle command's puzzle, read under its ``--time-limit`` (or ``--max-time``):
    :class:`ReadTimeUp` when reading takes longer. As in a batch (:data:`READ_FLOOR`), a
    limit too small to read anything lets the reading finish: the command's own work then
    answers that its limit was reached (minimize: "before the puzzle was found unique")."""
    deadline = command_deadline(seconds)
    if deadline.remaining() < READ_FLOOR:
        return load_document(source, fmt, answers)
    try:
        with alarm(deadline, TimeUp):
            return load_document(source, fmt, answers)
    except TimeUp:
        raise ReadTimeUp("<stdin>" if source == "-" else source, seconds) from None


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
              ) -> Iterator[tuple[str, Document | InputError | ReadTimeUp]]:
    """(label, document or InputError) for every puzzle of one source; a source that
    holds none (``[]``, a JSON list with nothing in it) is bad input: "no puzzle".
    Read under :func:`timed`'s alarm, a source whose reading runs out of time ends with
    a :class:`ReadTimeUp` in its place, and the next source is read (see
    :data:`READ_FLOOR` for a limit too small to read anything)."""
    found = False
    label = "<stdin>" if source == "-" else source
    it = iter_documents(source, fmt, answers)
    while True:
        until = _reading_until[0]
        if until.remaining() < READ_FLOOR:
            until = NEVER
        try:  # (the alarm stops only this reading: its TimeUp is raised in this block)
            with alarm(until, TimeUp):
                where, doc = next(it)
        except StopIteration:
            break
        except TimeUp:
            yield label, ReadTimeUp(label, _limit[0])
            return
        found = True
        yield where, doc
    if not found:
        yield label, InputError("no puzzle in it", label)


def _puzzles(sources: Sequence[str], fmt: str | None = None
             ) -> Iterator[tuple[str, Loaded | ReadTimeUp]]:
    for src in sources:
        for label, doc in documents(src, fmt, answers=False):
            yield label, doc.puzzle if isinstance(doc, Document) else doc


def readable(args: Namespace, codes: list[int]) -> Iterator[tuple[str, Puzzle]]:
    """(label, puzzle) for every puzzle that reads; each one that does not is reported
    as its one-line error (and with --json its error line) and counted as bad input, and
    the others go on."""
    for label, item in _puzzles(args.puzzles, args.format):
        if isinstance(item, ReadTimeUp):
            item.report(args)
            codes.append(EXIT_UNKNOWN)
            continue
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


#: Pictures of more cells than this are refused at once: a 1000x1000 grid's SVG takes
#: ten seconds and a hundred megabytes to write (400x400: about two seconds).
MAX_PICTURE_CELLS = 160_000


def _too_large(rows: int, cols: int) -> str:
    return (f"a {rows}x{cols} picture is too large to draw (at most {MAX_PICTURE_CELLS} "
            "cells; --json and the text formats carry the grid)")


def picture_fits(puzzle: Puzzle, label: str) -> None:
    """A one-line refusal of a picture too large to draw in reasonable time."""
    if puzzle.rows * puzzle.cols > MAX_PICTURE_CELLS:
        raise InputError(_too_large(puzzle.rows, puzzle.cols), label)


def drawn(picture: object) -> contextlib.AbstractContextManager[None]:
    """Readings in this block refuse a grid too large to draw as soon as its size is read
    (when ``picture``, the command's picture, is asked for): a million-cell puzzle is
    refused in a fraction of a second instead of after a second of reading its rooms."""
    return cells_at_most(MAX_PICTURE_CELLS, _too_large) if picture else contextlib.nullcontext()


#: Grids wider or larger than this are not drawn on the terminal (a 1000x1000 pair is
#: 4000 characters wide and takes seconds to lay out): the JSON and pictures have them.
MAX_DRAWN_COLS, MAX_DRAWN_CELLS = 200, 40_000


def drawable(puzzle: Puzzle, differ: Sequence[tuple[int, int]] = ()) -> bool:
    """Whether a grid of this size is drawn; if not, one line says so (and where they differ)."""
    if puzzle.cols <= MAX_DRAWN_COLS and puzzle.rows * puzzle.cols <= MAX_DRAWN_CELLS:
        return True
    print(f"(not drawn: {puzzle.rows}x{puzzle.cols} is too large for a terminal grid; --json "
          f"gives the rows, --picture draws it)")
    if differ:
        from ..output.unicode import cell_names  # (drawing code: only when drawn)
        shown = cell_names(differ[:50]) + (" ..." if len(differ) > 50 else "")
        print(f"differ in {plural(len(differ), 'cell')}: {shown}")
    return False

"""The ``pencilproof`` program: the parser of every subcommand, ``main(argv) -> int`` and
``run()`` (the console script), which turn what goes wrong into one line and an exit code.

Exit codes (:mod:`.common`): 0 unique (or success), 1 multiple / no solution / invalid
answer, 3 unknown (time limit), 2 bad input, 4 internal error, 130 interrupted (Ctrl-C).
Bad input is one line on stderr naming the problem and its place; so is a failed write
(a full disk, a missing directory), exit 2.
"""
from __future__ import annotations

import argparse
import atexit
import codecs
import io
import os
import re
import shlex
import sys
import time
from importlib import import_module
from typing import Any, Callable, NoReturn, Sequence, TextIO

from .. import __version__
from ..encodings import GENRES
from ..errors import InputError, InternalError, NotApplicable, excerpt
from ..solvers import deadline as interrupts
from .args import HelpFormatter, Subparsers
from .common import (EXIT_BAD, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, EXIT_TERMINATED,
                     EXIT_UNKNOWN, ReadTimeUp, err, process_started, start_clock)


#: The arguments being parsed (for the hint about '--' in a usage error).
_argv: list[str] = []


def _dash_hint() -> str:
    """A hint when an argument that is no option starts with '-' (a Taiji code such as
    ``-4:0000``, a file named ``-x.txt``): argparse took it for an option."""
    odd = [a for a in _argv if a.startswith("-") and a not in ("-", "--")
           and not re.match(r"--?[A-Za-z]", a)]
    if not odd or "--" in _argv:
        return ""
    return f"; an argument starting with '-' goes after '--', e.g. -- {shlex.quote(odd[0])}"


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error and exit code 2, and help texts made when printed."""

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        message = excerpt(message + _dash_hint())  # one short line, whatever was typed
        self.exit(EXIT_BAD, f"pencilproof: error: {message} (see 'pencilproof {self.prog.split()[-1]} -h')\n"
                  if " " in self.prog else f"pencilproof: error: {message} (see 'pencilproof -h')\n")


# -- genres ---------------------------------------------------------------------------
def cmd_genres(args: argparse.Namespace) -> int:
    for g in GENRES.values():
        extra = [f"question: {g.question.value}" + (f" up to {g.symmetry}" if g.symmetry else "")]
        if g.generator is not None:
            extra.append("minimize, generate")
        print(f"{g.name:10} aliases: {', '.join(g.aliases) or '-'}; puzz.link: "
              f"{', '.join(g.url_pids) or '-'}; encodings: {', '.join(g.encodings)}; "
              + "; ".join(extra))
        if g.summary:
            print(f"{'':10} {g.summary}")
    return EXIT_OK


def _add_genres(sub: Subparsers) -> None:
    g = sub.add_parser("genres", help="list the genres this version knows")
    g.set_defaults(func=cmd_genres)


#: What adds the subcommands, in the order ``pencilproof -h`` lists them, with the
#: commands each adds; each takes the subparsers object. Keeps each module a list of
#: thin commands.
#: Each is ``module:function`` of this package, imported only when its commands are in
#: the parser (the analyses, the generator and the server import much that ``check``
#: does not use).
COMMANDS: list[tuple[tuple[str, ...], str]] = [
    (("check",), "check:add_check"), (("solve",), "check:add_solve"),
    (("count",), "check:add_count"), (("url",), "formats:add_url"),
    (("verify",), "check:add_verify"), (("genres",), "program:_add_genres"),
    (("render", "convert"), "formats:extend"),
    (("minimize", "generate"), "generator:extend"),
    (("backbone", "repair", "explain", "conflict"), "analysis:extend"),
    (("serve",), "web:extend")]


def _adder(where: str) -> Callable[[Subparsers], None]:
    module, _, name = where.partition(":")
    add: Callable[[Subparsers], None] = getattr(import_module(f"{__package__}.{module}"), name)
    return add


def _command_of(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` runs, when its first word names one: the parser then
    holds that command alone (some commands' options and help name every genre, and
    naming them imports every genre module). None (``-h``, ``--version``, a typo):
    every command."""
    names = {name for names, _ in COMMANDS for name in names}
    return argv[0] if argv and argv[0] in names else None


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand, or of ``command`` alone."""
    p = _Parser(prog="pencilproof",
                description="Prove pencil puzzles have exactly one solution.",
                epilog="PUZZLE is a text, JSON, pzprv3 or Janko file, a .jsonl batch, '-' for "
                       "stdin, or a puzz.link URL (detected; --format forces one). Exit codes: "
                       "0 unique/ok, 1 multiple/no solution/invalid, "
                       "2 bad input (or a failed write), 3 unknown (time limit), 4 internal "
                       "error (please report), 130 interrupted (Ctrl-C).")
    p.add_argument("--version", action="version", version=f"pencilproof {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for names, add in COMMANDS:
        if command is None or command in names:
            _adder(add)(sub)
    return p


class _OutputFailed(Exception):
    """Writing to standard output failed (a full disk, a closed terminal)."""

    def __init__(self, error: OSError):
        super().__init__(str(error))
        self.error = error


class _GuardedStdout:
    """``sys.stdout`` while a command runs: a write or flush that fails raises
    :class:`_OutputFailed`, so main reports it as one line wherever the print happened.
    A reader that went away (``| head -1``, ``| true``: a closed pipe) is no failure and
    no reason to stop: what is left of the output goes to /dev/null and the command runs
    to its end, so its exit code is still the verdict's. Everything else is the real
    stream's."""

    def __init__(self, stream: TextIO, report: bool = True):
        self._stream = stream
        self._report = report  # False (stderr): a failed write has nowhere to be reported
        self.reader_gone = False
        # stdout goes out in whole lines: print() writes a line's text and its newline in
        # two calls, and a Ctrl-C between them left a half-printed line (1 in 220 batch
        # checks interrupted); the tail is written at the next newline or flush.
        self._pending = ""

    def _discard(self) -> None:
        """Send the rest (and the stream's unflushed buffer) to /dev/null."""
        self.reader_gone = True
        _to_devnull(self._stream)

    def write(self, text: str) -> int:
        if not self._report:
            return self._write(text)
        whole = self._pending + text
        cut = whole.rfind("\n") + 1
        self._pending = whole[cut:]
        if cut:
            self._write(whole[:cut])
        return len(text)

    def _write(self, text: str) -> int:
        try:
            try:
                return self._stream.write(text)
            except UnicodeEncodeError:  # a file name that is not UTF-8, on a strict stream
                encoding = getattr(self._stream, "encoding", None) or "utf-8"
                return self._stream.write(
                    text.encode(encoding, "backslashreplace").decode(encoding))
        except OSError as e:
            if isinstance(e, BrokenPipeError) or not self._report:
                self._discard()
                return len(text)
            raise _OutputFailed(e) from None

    def flush(self) -> None:
        if self._pending:
            text, self._pending = self._pending, ""
            self._write(text)
        try:
            return self._stream.flush()
        except OSError as e:
            if isinstance(e, BrokenPipeError) or not self._report:
                self._discard()
                return None
            raise _OutputFailed(e) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _to_devnull(stream: Any) -> None:
    """Point a standard stream's file descriptor at /dev/null (its buffered text is then
    written there, harmlessly). A stream without a descriptor is left as it is."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)
    try:
        stream.flush()
    except (OSError, ValueError):
        pass


def _closed_streams() -> None:
    """A standard stream closed before we started (``>&-``, ``2>&-``) is /dev/null: the
    command's exit code is the answer then, and no file opened later takes the
    descriptor of a closed standard stream by accident."""
    for fd, name in ((1, "stdout"), (2, "stderr")):
        if getattr(sys, name) is not None:
            continue
        try:
            os.fstat(fd)
        except OSError:  # closed: make it /dev/null
            null = os.open(os.devnull, os.O_WRONLY)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
        setattr(sys, name, open(fd, "w", encoding="utf-8", errors="replace", closefd=False))


#: When this module was imported: the console script's start, near enough.
_IMPORTED = time.monotonic()


def main(argv: Sequence[str] | None = None, started: float | None = None) -> int:
    start_clock(started)
    _closed_streams()
    global _argv
    _argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(_command_of(_argv))
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, --version, or a usage error (already printed)
        return int(e.code or 0)
    real_stdout, real_stderr = sys.stdout, sys.stderr
    sys.stdout = _GuardedStdout(real_stdout)
    sys.stderr = _GuardedStdout(real_stderr, report=False)
    saved_hook = sys.unraisablehook
    try:
        interrupts.install()  # (inside: a Ctrl-C right after it is caught below)
        sys.unraisablehook = _quiet_interrupts(saved_hook)
        try:
            code: int = args.func(args)
            sys.stdout.flush()
        except ReadTimeUp as e:  # a one-puzzle command's puzzle took its time to read
            e.report(args)
            code = EXIT_UNKNOWN
        except interrupts.TimeUp:
            # A time-limit alarm that fired on the edge of the block it guards (its work
            # over, the alarm not yet disarmed: a traceback in 1 of 4 backbones of a
            # 1000x1000 Canal View) is the limit reached like any other.
            seconds = getattr(args, "time_limit", None) or getattr(args, "max_time", None)
            ReadTimeUp(getattr(args, "puzzle", "<input>"), seconds, "").report(args)
            code = EXIT_UNKNOWN
        except _OutputFailed as e:
            err(f"standard output: cannot write: {e.error.strerror or e.error}")
            code = EXIT_BAD
        except InputError as e:
            puzzle = getattr(args, "puzzle", None)  # (a one-puzzle command's source)
            if isinstance(e, NotApplicable) and e.where is None and isinstance(puzzle, str):
                e = e.located(puzzle)
            err(str(e))
            code = EXIT_BAD
        except InternalError as e:
            print(f"pencilproof: internal error (please report): {e}", file=sys.stderr)
            code = EXIT_INTERNAL
        # An interrupt that something swallowed (Python only prints one raised inside a
        # __del__) still ends the run as one: the commands' own 130/143 stand.
        if interrupts.pending() and code not in (EXIT_INTERRUPTED, EXIT_TERMINATED):
            interrupts.poll()
    except KeyboardInterrupt as e:
        terminated = isinstance(e, interrupts.Terminated)
        print(f"pencilproof: {'terminated' if terminated else 'interrupted'}", file=sys.stderr)
        code = EXIT_TERMINATED if terminated else EXIT_INTERRUPTED
    finally:
        interrupts.uninstall()
        sys.unraisablehook = saved_hook
        sys.stdout, sys.stderr = real_stdout, real_stderr
    return code


def _quiet_interrupts(hook: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """An interrupt raised where Python cannot raise it (a ``__del__``) is not printed as
    "Exception ignored ... KeyboardInterrupt": it is remembered and raised again at the
    next check (see solvers.deadline). Nor is a deadline's alarm that lands there (the
    stress run: "Exception ignored in: Solver.__del__" as a 1000x1000 Grand Tour's repair
    ran out): the alarm fires again (:func:`~..solvers.deadline.rearm`). Anything else
    goes to ``hook``."""
    def quiet(unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, interrupts.TimeUp):
            interrupts.rearm()
        elif not isinstance(unraisable.exc_value, KeyboardInterrupt):
            hook(unraisable)
    return quiet


def _unicode_stdout() -> bool:
    """Whether standard output can write the grids' Unicode glyphs: a UTF encoding can,
    known without importing the drawing code (a run that draws no grid never loads it)."""
    try:
        if codecs.lookup(getattr(sys.stdout, "encoding", None) or "utf-8").name.startswith("utf"):
            return True
    except LookupError:
        pass
    from ..output.unicode import stdout_is_unicode
    return stdout_is_unicode()


def run() -> None:
    _closed_streams()
    if not _unicode_stdout() and isinstance(sys.stdout, io.TextIOWrapper):
        # Grids fall back to ASCII; any other character the encoding lacks becomes '?'.
        sys.stdout.reconfigure(errors="replace")
    code = main(started=process_started() or _IMPORTED)
    try:
        sys.stdout.flush()
    except OSError:
        # Already reported (or a closed pipe): send what is left to /dev/null so that
        # Python's own flush at exit does not print a traceback.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
    _leave(code)


def _leave(code: int) -> NoReturn:
    """Exit without the interpreter freeing every object one by one: what a big grid left
    in caches took 1-2 s to free after a 1000x1000 verdict was out, past --time-limit.
    The exit handlers run first and the output is flushed; the files are closed."""
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    os._exit(code)

"""Command line: parse arguments, call the library, print. ``main(argv) -> int``.

Exit codes: 0 unique (or success), 1 multiple / no solution / invalid answer,
3 unknown (time limit), 2 bad input, 4 internal error, 130 interrupted (Ctrl-C). With
several puzzles the worst wins, in the order 4 > 2 > 3 > 1 > 0. Bad input is one line on
stderr naming the problem and its place; so is a failed write (a full disk, a missing
directory), exit 2.
"""
from __future__ import annotations

import argparse
from argparse import Namespace
from functools import partial
import io
import json
import os
import sys
from typing import Any, Callable, Iterable, Iterator, NoReturn, Sequence, TextIO, TypeVar

from . import __version__
from .checker import (BACKENDS, DEFAULT_BACKEND, CheckResult, OptimumResult, Verdict, check,
                      count, optimum)
from .encodings import GENRES, ModeOptions, Question, get_genre
from .errors import InputError, InternalError, printable
from .cli_args import Subparsers, positive_float, positive_int
from .cli_formats import (extend as _formats_extend, format_option as _format_option,
                          nonempty as _nonempty)
from .cli_generator import extend as _generator_extend
from .cli_analysis import extend as _analysis_extend, grade_of_result as _grade_of
from .cli_web import extend as _web_extend
from .formats import (Document, iter_documents, iter_load, load_answer, load_document,
                      share_fields, to_url)
from .formats import Loaded
from .output.unicode import cell_names, render_grid, render_pair, stdout_is_unicode
from .puzzle import Puzzle, Solution

EXIT_OK, EXIT_NO, EXIT_BAD, EXIT_UNKNOWN, EXIT_INTERNAL = 0, 1, 2, 3, 4
R = TypeVar("R")
_SEVERITY = {EXIT_OK: 0, EXIT_NO: 1, EXIT_UNKNOWN: 2, EXIT_BAD: 3, EXIT_INTERNAL: 4}


def worst(codes: Iterable[int]) -> int:
    return max(codes, key=_SEVERITY.__getitem__, default=EXIT_OK)


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error and exit code 2."""

    def error(self, message: str) -> NoReturn:
        message = printable(message)  # an argument with a line break stays on one line
        self.exit(EXIT_BAD, f"pencilproof: error: {message} (see 'pencilproof {self.prog.split()[-1]} -h')\n"
                  if " " in self.prog else f"pencilproof: error: {message} (see 'pencilproof -h')\n")


def _err(message: str) -> None:
    print(f"pencilproof: error: {message}", file=sys.stderr)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _at(label: str, e: InputError) -> InputError:
    """The error named by its puzzle's label (unless it already starts with it)."""
    return e if str(e).startswith(label) else e.located(label)


def _ascii_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ascii", action="store_true", default=None,
                   help="draw grids in ASCII (## shaded, . unshaded, XX wall, L lamp; "
                        "differences ** o @); automatic when the terminal cannot show Unicode")


def _pivot_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--pivot", default=None, metavar="R,C",
                   help="the start cell (row,column, 1-based) for genres that have one "
                        "(Flood-It; default: the puzzle's own, else the top-left cell)")


def _natural(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, got {text!r}")
    return int(text)


def _solver_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--solver", choices=sorted(BACKENDS), default=DEFAULT_BACKEND,
                   help=f"SAT backend (default: {DEFAULT_BACKEND}; z3 is the reference)")
    p.add_argument("--encoding", default=None,
                   help="the genre's encoding (default: its first); " + "; ".join(
                       f"{g.name}: {', '.join(g.encodings)}" for g in GENRES.values()))
    p.add_argument("--time-limit", type=positive_float, default=None, metavar="SECONDS",
                   help="give up with verdict 'unknown' after this many seconds per puzzle "
                        "(a finite number; leave it out for no limit)")


def _puzzles(sources: Sequence[str], fmt: str | None = None) -> Iterator[tuple[str, Loaded]]:
    for src in sources:
        yield from iter_load(src, fmt)


def _readable(args: Namespace, codes: list[int]) -> Iterator[tuple[str, Puzzle]]:
    """(label, puzzle) for every puzzle that reads; each one that does not is reported
    as its one-line error (and with --json its error line) and counted as bad input, and
    the others go on."""
    for label, item in _puzzles(args.puzzles, args.format):
        if not isinstance(item, InputError):
            try:
                item = _with_options(item, args, label)
            except InputError as e:
                item = e
        if isinstance(item, InputError):
            _bad(label, item, args, codes)
            continue
        yield label, item


def _with_options(puzzle: Puzzle, args: Namespace, label: str) -> Puzzle:
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


def _bad(label: str, err: InputError, args: Namespace, codes: list[int]) -> None:
    """One puzzle is bad input: its one-line error, a JSON error line with --json."""
    _err(str(err))
    codes.append(EXIT_BAD)
    if getattr(args, "json", False):
        print(json.dumps({"source": label, "error": str(err)}), flush=True)


def _per_puzzle(label: str, args: Namespace, codes: list[int], work: Callable[[], R]
                ) -> R | None:
    """``work()`` for one puzzle; bad input it raises (an encoding this genre lacks) is
    reported for that puzzle and gives None, so a batch goes on."""
    try:
        return work()
    except InputError as e:
        _bad(label, _at(label, e), args, codes)
        return None


def _summary(counts: dict[str, int], seconds: float) -> str:
    parts = [f"{n} {k}" for k, n in counts.items() if n]
    total = sum(counts.values())
    return f"{total} puzzles: " + ", ".join(parts) + f" ({seconds:.3f} s)"


# -- check --------------------------------------------------------------------------
def _documents(args: Namespace) -> Iterator[tuple[str, Document | InputError]]:
    """(label, Document or InputError) for every puzzle, with the answer a file carries."""
    for src in args.puzzles:
        yield from iter_documents(src, args.format, answers=True)


def _checked(args: Namespace) -> Iterator[tuple[str, Document | InputError, Any]]:
    """(label, document, None) to check here; with ``--cluster``, (label, document,
    result or InputError) checked on the cluster, in input order."""
    if args.cluster is None:
        for label, doc in _documents(args):
            yield label, doc, None
        return
    from .cluster import check_address, check_ordered  # Dask loads only for --cluster
    check_address(args.cluster)
    docs = list(_documents(args))
    good = [(label, d.puzzle) for label, d in docs if not isinstance(d, InputError)]
    results = check_ordered(good, args.cluster, backend=args.solver, encoding=args.encoding,
                            time_limit=args.time_limit, limit=args.limit)
    for label, doc in docs:
        yield label, doc, None if isinstance(doc, InputError) else next(results)[2]


def cmd_check(args: argparse.Namespace) -> int:
    codes: list[int] = []
    tally = {v.value: 0 for v in Verdict} | {"bad input": 0}
    total_seconds = 0.0
    n = 0
    _nonempty(args.picture, "--picture")
    if args.picture:
        from .output.files import check_picture_path  # drawing code only when drawing
        check_picture_path(args.picture)
    for label, doc, done in _checked(args):
        n += 1
        try:
            if isinstance(doc, InputError):  # already names its place
                raise doc
            item = _with_options(doc.puzzle, args, label)
            # An optimisation puzzle may carry its own limit (a published move limit).
            limit = args.limit if args.limit is not None else item.param("limit")
            try:
                if isinstance(done, InputError):
                    raise done
                res = done if done is not None else check(
                    item, backend=args.solver, encoding=args.encoding,
                    time_limit=args.time_limit, limit=limit)
                answer = (_answer_verdict(item, doc.solution, res)
                          if doc.solution is not None and isinstance(res, CheckResult) else None)
            except InputError as e:  # e.g. an encoding this genre lacks: name the puzzle
                raise _at(label, e) from None
        except InputError as e:  # this puzzle is bad input; the others go on
            tally["bad input"] += 1
            _bad(label, e, args, codes)
            continue
        if args.picture:  # the n-th puzzle's picture: out.svg, out-2.svg, ...
            from .output.files import numbered, write_picture
            from .output.scene import verdict_picture
            write_picture(verdict_picture(item, res, name=label), numbered(args.picture, n))
        total_seconds += res.seconds
        tally[res.verdict.value] += 1
        codes.append(res.verdict.exit_code)
        graded = _grade_of(item, res, args.time_limit) if args.grade else None
        if args.json:
            out = {"source": label, **res.to_json(), **_share(item)}
            if answer:
                out["answer"] = answer[0]
            if args.grade:
                out["grade"] = graded.to_json() if graded else None
            print(json.dumps(out), flush=True)
        else:
            if graded is not None:
                answer = (answer[0], answer[1] + "\n" + graded.describe()) if answer else (
                    "", graded.describe())
            _print_result(label, item, res, args, answer[1] if answer else None)
    if n > 1 and not args.json:
        print(_summary(tally, total_seconds))
    return worst(codes)


def _answer_verdict(puzzle: Puzzle, answer: Any, res: CheckResult) -> tuple[str, str]:
    """What the answer a file carries is, given the checker's result: ('unique_solution' |
    'a_solution' | 'not_a_solution', the sentence ``check`` prints)."""
    problems = get_genre(puzzle.genre).verify(puzzle, answer)
    if problems:
        codes = ", ".join(dict.fromkeys(v.code for v in problems))
        return ("not_a_solution", f"the file's answer is not a solution "
                                  f"({_plural(len(problems), 'rule violation')}: {codes})")
    if res.verdict is Verdict.UNIQUE:
        if answer.differ(res.solutions[0]):
            raise InternalError(f"the file's answer passes the rules but differs from the "
                                f"unique solution at {cell_names(answer.differ(res.solutions[0]))}")
        return "unique_solution", "the file's answer is the unique solution"
    if res.verdict is Verdict.MULTIPLE:
        return "a_solution", "the file's answer is one of several solutions"
    if res.verdict is Verdict.NO_SOLUTION:
        raise InternalError("the checker found no solution, but the file's answer passes "
                            "the rules")
    return "a_solution", "the file's answer is a solution (uniqueness unknown)"


def _share(p: Puzzle) -> dict[str, str | None]:
    """The puzzle's puzz.link ``url`` (None if it has none), or its genre's own ``code``."""
    try:
        return {**share_fields(p)} or {"url": None}
    except InputError:
        return {"url": None}


def _optimum_line(res: OptimumResult) -> str:
    """``optimum 7 (proven)`` / ``between 5 and 7`` and the limit's verdict."""
    what = (f"optimum {res.optimum} (proven)" if res.proven else
            f"optimum between {res.lower_bound} and {res.best} (not proven)")
    if res.limit is not None:
        what += f"; limit {res.limit}"
    return what


def _print_result(label: str, puzzle: Puzzle, res: CheckResult | OptimumResult,
                  args: Namespace, answer: str | None = None) -> None:
    if isinstance(res, OptimumResult):
        print(f"{label}: {res.verdict.value} ({res.seconds:.3f} s): {_optimum_line(res)}")
        if not args.quiet and res.answer is not None:
            _print_answer(puzzle, res.answer, args)
            print(flush=True)
        return
    up_to = f" up to {res.up_to}" if res.up_to else ""
    head = (f"{label}: {res.verdict.value}{up_to} ({res.seconds:.3f} s, "
            f"{res.stats.get('backend')})")
    if res.verdict is Verdict.MULTIPLE:
        head += f": two solutions differ in {_plural(len(res.differ), 'cell')}"
    elif res.verdict is Verdict.UNKNOWN:
        head += f": time limit of {args.time_limit} s reached"
    print(head)
    if answer:
        print(answer)
    if args.quiet:
        return
    if res.solutions and not _drawable(puzzle, res.differ):
        pass
    elif res.verdict is Verdict.UNIQUE:
        print("\n".join(render_grid(puzzle, res.solutions[0], ascii=args.ascii)))
    elif res.verdict is Verdict.MULTIPLE:
        print("\n".join(render_pair(puzzle, res.solutions[0], res.solutions[1], res.differ,
                                    ascii=args.ascii)))
    print(flush=True)


#: Grids wider or larger than this are not drawn on the terminal (a 1000x1000 pair is
#: 4000 characters wide and takes seconds to lay out): the JSON and pictures have them.
MAX_DRAWN_COLS, MAX_DRAWN_CELLS = 200, 40_000


def _drawable(puzzle: Puzzle, differ: Sequence[tuple[int, int]] = ()) -> bool:
    """Whether a grid of this size is drawn; if not, one line says so (and where they differ)."""
    if puzzle.cols <= MAX_DRAWN_COLS and puzzle.rows * puzzle.cols <= MAX_DRAWN_CELLS:
        return True
    print(f"(not drawn: {puzzle.rows}x{puzzle.cols} is too large for a terminal grid; --json "
          f"gives the rows, --picture draws it)")
    if differ:
        shown = cell_names(differ[:50]) + (" ..." if len(differ) > 50 else "")
        print(f"differ in {_plural(len(differ), 'cell')}: {shown}")
    return False


def _print_answer(puzzle: Puzzle, answer: Any, args: Namespace) -> None:
    """A grid answer as a grid; any other answer (a move sequence) as its JSON form."""
    if isinstance(answer, Solution) and not _drawable(puzzle):
        return
    if isinstance(answer, Solution):
        print("\n".join(render_grid(puzzle, answer, ascii=args.ascii)))
    else:
        print(json.dumps(answer.to_json()))


# -- solve ----------------------------------------------------------------------------
def _solve_optimum(label: str, item: Puzzle, args: Namespace, codes: list[int]) -> None:
    res = _per_puzzle(label, args, codes, lambda: optimum(
        item, backend=args.solver, encoding=args.encoding, time_limit=args.time_limit))
    if res is None:
        return
    opt = get_genre(item.genre).optimisation
    key = opt.answer_key if opt is not None else "solution"
    if args.json:
        print(json.dumps({"source": label, "optimum": res.optimum, "proven": res.proven,
                          "lower_bound": res.lower_bound, "best": res.best,
                          key: None if res.answer is None else res.answer.to_json(),
                          "seconds": round(res.seconds, 6)}), flush=True)
    else:
        print(f"{label}: {_optimum_line(res)} ({res.seconds:.3f} s)")
        if res.answer is not None:
            _print_answer(item, res.answer, args)
            print(flush=True)
    codes.append(EXIT_OK if res.proven else EXIT_UNKNOWN)


def _solve_mode(label: str, item: Puzzle, args: Namespace, codes: list[int]) -> None:
    """``solve --mode NAME``: one of the genre's other solvers (Flood-It: the seed's)."""
    genre = get_genre(item.genre)
    modes = {m.name: m for m in genre.modes}
    if args.mode not in modes:
        _bad(label, InputError(f"{genre.name} has no mode {args.mode!r} (choose from "
                               f"{', '.join(modes) or 'none'})", "--mode"), args, codes)
        return
    options = ModeOptions(lower=args.lower, upper=args.upper, moves=args.moves,
                          print_asserts=args.print_asserts, dry_run=args.dry_run,
                          time_limit=args.time_limit)
    res = _per_puzzle(label, args, codes, lambda: modes[args.mode].run(item, options))
    if res is None:
        return
    if res.asserts is not None and not args.json:
        print(res.asserts, end="" if res.asserts.endswith("\n") else "\n")
    opt = genre.optimisation
    key = opt.answer_key if opt is not None else "solution"
    if args.json:
        out = {"source": label, "mode": args.mode, "status": res.status,
               key: None if res.answer is None else res.answer.to_json(),
               "seconds": round(res.seconds, 6), "detail": res.detail}
        if res.asserts is not None:
            out["asserts"] = res.asserts
        print(json.dumps(out), flush=True)
    else:
        size = f", {len(res.answer.to_json())} moves" if res.answer is not None else ""
        print(f"{label}: {res.status}{size} ({res.seconds:.3f} s; {res.detail})")
        if res.answer is not None:
            _print_answer(item, res.answer, args)
            print(flush=True)
    codes.append({"sat": EXIT_OK, "dry_run": EXIT_OK, "unsat": EXIT_NO}.get(res.status, EXIT_UNKNOWN))


def cmd_solve(args: argparse.Namespace) -> int:
    codes: list[int] = []
    for label, item in _readable(args, codes):
        if args.mode is not None:
            _solve_mode(label, item, args, codes)
            continue
        if get_genre(item.genre).question is Question.OPTIMUM:
            _solve_optimum(label, item, args, codes)
            continue
        res = _per_puzzle(label, args, codes, partial(
            count, item, limit=1, backend=args.solver, encoding=args.encoding,
            time_limit=args.time_limit))
        if res is None:
            continue
        sol = res.solutions[0] if res.solutions else None
        if args.json:
            print(json.dumps({"source": label, "solution": sol.to_json() if sol else None,
                              "seconds": round(res.seconds, 6)}), flush=True)
        elif sol is None:
            print(f"{label}: {'unknown (time limit reached)' if res.timed_out else 'no solution'}")
        else:
            print(f"{label}: solved ({res.seconds:.3f} s)")
            _print_answer(item, sol, args)
            print(flush=True)
        codes.append(EXIT_OK if sol else (EXIT_UNKNOWN if res.timed_out else EXIT_NO))
    return worst(codes)


# -- count ----------------------------------------------------------------------------
def cmd_count(args: argparse.Namespace) -> int:
    codes: list[int] = []
    for label, item in _readable(args, codes):
        res = _per_puzzle(label, args, codes, partial(
            count, item, limit=args.limit, backend=args.solver, encoding=args.encoding,
            time_limit=args.time_limit))
        if res is None:
            continue
        exact = res.complete
        if args.json:
            out = {"source": label, "count": res.count, "exact": exact,
                   "timed_out": res.timed_out,
                   "solutions": [s.to_json() for s in res.solutions],
                   "seconds": round(res.seconds, 6)}
            if res.up_to:
                out.update(classes=res.classes, up_to=res.up_to)
            print(json.dumps(out), flush=True)
        else:
            what = (f"{res.count}" if exact else f"at least {res.count}")
            why = " (time limit reached)" if res.timed_out else (
                "" if exact else f" (stopped at --limit {args.limit})")
            up_to = f", {res.classes} up to {res.up_to}" if res.up_to else ""
            noun = ("optimal solution" if get_genre(item.genre).question is Question.OPTIMUM
                    else "solution")
            print(f"{label}: {what} {noun}{'s' if res.count != 1 else ''}{up_to}{why} "
                  f"({res.seconds:.3f} s)")
        codes.append(EXIT_UNKNOWN if res.timed_out else EXIT_OK)
    return worst(codes)


# -- url ------------------------------------------------------------------------------
def cmd_url(args: argparse.Namespace) -> int:
    codes: list[int] = []
    for label, item in _readable(args, codes):
        try:
            print(to_url(item))
            codes.append(EXIT_OK)
        except InputError as e:
            _err(str(e.located(label)))
            codes.append(EXIT_BAD)
    return worst(codes)


# -- verify ---------------------------------------------------------------------------
def cmd_verify(args: argparse.Namespace) -> int:
    doc = load_document(args.puzzle, args.format, answers=args.answer is None)
    puzzle = doc.puzzle
    if args.answer is None and doc.solution is None:
        raise InputError("carries no answer: give ANSWER too", args.puzzle)
    answer = load_answer(puzzle, args.answer) if args.answer is not None else doc.solution
    label = args.answer if args.answer is not None else args.puzzle
    problems = get_genre(puzzle.genre).verify(puzzle, answer)
    if args.json:
        print(json.dumps({"source": label, "valid": not problems,
                          "violations": [{"code": v.code, "message": v.message,
                                          "cells": [list(c) for c in v.cells]} for v in problems]}))
    elif problems:
        print(f"{label}: not a valid solution ({_plural(len(problems), 'rule violation')})")
        for v in problems:
            print(f"  {v.describe()}")
        if isinstance(answer, Solution):  # a move sequence has no grid to draw
            print("\n".join(render_grid(puzzle, answer, [c for v in problems for c in v.cells],
                                        ascii=args.ascii)))
    else:
        print(f"{label}: valid solution")
    return EXIT_NO if problems else EXIT_OK


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


def build_parser() -> argparse.ArgumentParser:
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

    c = sub.add_parser("check", help="decide uniqueness; show a second solution if there is one")
    c.add_argument("puzzles", nargs="+", metavar="PUZZLE")
    c.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    c.add_argument("--cluster", default=None, metavar="ADDRESS",
                   help="check on a Dask cluster (tcp://HOST:PORT, or local:N loopback "
                        "workers; pip install 'pencilproof[cluster]'); output stays in input "
                        "order")
    c.add_argument("-q", "--quiet", action="store_true", help="verdict lines only, no grids")
    c.add_argument("--limit", type=positive_int, default=None, metavar="L",
                   help="optimisation genres: is L achievable, and is it the optimum? "
                        "(exit 0 tight, 1 not achievable or not tight, 3 unknown)")
    c.add_argument("--grade", action="store_true",
                   help="a unique puzzle's difficulty grade 1-9 from its deduction path "
                        "(see 'pencilproof explain')")
    _pivot_option(c)
    c.add_argument("--picture", metavar="OUT.svg|OUT.png", default=None,
                   help="draw the verdict: the solution, or both solutions with the cells "
                        "where they differ (a batch: OUT.svg, OUT-2.svg, ...)")
    _ascii_option(c)
    _format_option(c)
    _solver_options(c)
    c.set_defaults(func=cmd_check)

    s = sub.add_parser("solve", help="print one solution (optimisation genres: an optimal one)")
    s.add_argument("puzzles", nargs="+", metavar="PUZZLE")
    s.add_argument("--json", action="store_true")
    modes = sorted({m.name for g in GENRES.values() for m in g.modes})
    s.add_argument("--mode", default=None, choices=modes or None,
                   help="another solver the genre offers; " + "; ".join(
                       f"{g.name}: " + ", ".join(f"{m.name} ({m.description})" for m in g.modes)
                       for g in GENRES.values() if g.modes))
    s.add_argument("--lower", type=_natural, default=None, metavar="N",
                   help="--mode search: lower bound of the binary search")
    s.add_argument("--upper", type=_natural, default=None, metavar="N",
                   help="--mode search: upper bound; --mode opt: the optimizer's horizon")
    s.add_argument("--moves", type=_natural, default=None, metavar="N",
                   help="--mode exact: the number of moves")
    s.add_argument("--print-asserts", action="store_true",
                   help="--mode: print the formula in SMT-LIB")
    s.add_argument("--dry-run", action="store_true",
                   help="--mode: build the formula, do not solve")
    _pivot_option(s)
    _ascii_option(s)
    _format_option(s)
    _solver_options(s)
    s.set_defaults(func=cmd_solve)

    n = sub.add_parser("count", help="count solutions, up to --limit")
    n.add_argument("puzzles", nargs="+", metavar="PUZZLE")
    n.add_argument("--limit", type=positive_int, default=100,
                   help="stop after this many solutions (default 100)")
    n.add_argument("--json", action="store_true")
    _pivot_option(n)
    _format_option(n)
    _solver_options(n)
    n.set_defaults(func=cmd_count)

    u = sub.add_parser("url", help="print the puzz.link URL of each puzzle")
    u.add_argument("puzzles", nargs="+", metavar="PUZZLE")
    _format_option(u)
    u.set_defaults(func=cmd_url)

    v = sub.add_parser("verify", help="check a setter's intended answer against the rules")
    v.add_argument("puzzle", metavar="PUZZLE")
    v.add_argument("answer", metavar="ANSWER", nargs="?", default=None,
                   help="rows of # (shaded) and . (unshaded), JSON with a 'solution' key, or a "
                        "pzprv3 file / Janko block; default: the answer PUZZLE carries")
    v.add_argument("--json", action="store_true")
    _ascii_option(v)
    _format_option(v)
    v.set_defaults(func=cmd_verify)

    g = sub.add_parser("genres", help="list the genres this version knows")
    g.set_defaults(func=cmd_genres)

    for extend in EXTENSIONS:
        extend(sub)
    return p


#: Functions that add further subcommands (generator, renderers); each takes the
#: subparsers object. Keeps this module a list of thin commands.
EXTENSIONS: list[Callable[[Subparsers], None]] = [_formats_extend,    # render, convert (cli_formats.py)
                             _generator_extend,  # minimize, generate (cli_generator.py)
                             _analysis_extend,   # backbone, repair, explain (cli_analysis.py)
                             _web_extend]        # serve (cli_web.py)


class _OutputFailed(Exception):
    """Writing to standard output failed (a full disk, a closed terminal)."""

    def __init__(self, error: OSError):
        super().__init__(str(error))
        self.error = error


class _GuardedStdout:
    """``sys.stdout`` while a command runs: a write or flush that fails raises
    :class:`_OutputFailed` (a closed pipe stays BrokenPipeError), so main reports it as
    one line wherever the print happened. Everything else is the real stream's."""

    def __init__(self, stream: TextIO):
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            try:
                return self._stream.write(text)
            except UnicodeEncodeError:  # a file name that is not UTF-8, on a strict stream
                encoding = getattr(self._stream, "encoding", None) or "utf-8"
                return self._stream.write(
                    text.encode(encoding, "backslashreplace").decode(encoding))
        except BrokenPipeError:
            raise
        except OSError as e:
            raise _OutputFailed(e) from None

    def flush(self) -> None:
        try:
            return self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as e:
            raise _OutputFailed(e) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, --version, or a usage error (already printed)
        return int(e.code or 0)
    real_stdout = sys.stdout
    sys.stdout = _GuardedStdout(real_stdout)
    try:
        code: int = args.func(args)
        sys.stdout.flush()
        return code
    except _OutputFailed as e:
        _err(f"standard output: cannot write: {e.error.strerror or e.error}")
        return EXIT_BAD
    except InputError as e:
        _err(str(e))
        return EXIT_BAD
    except InternalError as e:
        print(f"pencilproof: internal error (please report): {e}", file=sys.stderr)
        return EXIT_INTERNAL
    except KeyboardInterrupt:
        print("pencilproof: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    finally:
        sys.stdout = real_stdout


def run() -> None:
    if not stdout_is_unicode() and isinstance(sys.stdout, io.TextIOWrapper):
        # Grids fall back to ASCII; any other character the encoding lacks becomes '?'.
        sys.stdout.reconfigure(errors="replace")
    code = main()
    try:
        sys.stdout.flush()
    except OSError:
        # Already reported (or a closed pipe): send what is left to /dev/null so that
        # Python's own flush at exit does not print a traceback.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
    sys.exit(code)


if __name__ == "__main__":
    run()

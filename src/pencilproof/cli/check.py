"""The ``check``, ``solve``, ``count`` and ``verify`` subcommands: parse arguments, call
the checker, print. Each command takes a batch of puzzles (``verify`` one) and goes on
past a bad one; the exit code is the worst (:mod:`.common`).

Registered through :data:`pencilproof.cli.program.COMMANDS`.
"""
from __future__ import annotations

import argparse
from argparse import Namespace
from functools import partial
import json
from typing import Any, Iterator

from ..numerals import is_digits
from ..checker import (BACKENDS, DEFAULT_BACKEND, CheckResult, OptimumResult, Verdict, answer_verdict,
                       check, count, optimum)
from ..encodings import GENRES, ModeOptions, Question, get_genre
from ..errors import InputError
from ..formats import Document, load_answer, load_document, share_fields
from ..puzzle import Puzzle, Solution
from ..solvers.deadline import Deadline
from .args import LaterChoices, Subparsers, later, positive_float, positive_int
from .common import (EXIT_NO, EXIT_OK, EXIT_UNKNOWN, ReadTimeUp, bad, documents, drawable,
                     labelled, per_puzzle, picture_fits, plural, readable, timed,
                     with_options, worst)
from .formats import format_option, nonempty


def _ascii_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ascii", action="store_true", default=None,
                   help="draw grids in ASCII (## shaded, . unshaded, XX wall, L lamp; "
                        "differences ** o @); automatic when the terminal cannot show Unicode")


def _pivot_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--pivot", default=None, metavar="R,C",
                   help="the start cell (row,column, 1-based) for genres that have one "
                        "(Flood-It; default: the puzzle's own, else the top-left cell)")


def _natural(text: str) -> int:
    if not is_digits(text) or len(text) > 9:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, got {text!r}")
    return int(text)


def _solver_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--solver", choices=sorted(BACKENDS), default=DEFAULT_BACKEND,
                   help=f"SAT backend (default: {DEFAULT_BACKEND}; z3 is the reference)")
    p.add_argument("--encoding", default=None,
                   help=later(lambda: "the genre's encoding (default: its first); " + "; ".join(
                       f"{g.name}: {', '.join(g.encodings)}" for g in GENRES.values())))
    p.add_argument("--time-limit", type=positive_float, default=None, metavar="SECONDS",
                   help="give up with verdict 'unknown' after this many seconds per puzzle "
                        "(a finite number; leave it out for no limit)")



def _summary(counts: dict[str, int], seconds: float) -> str:
    parts = [f"{n} {k}" for k, n in counts.items() if n]
    total = sum(counts.values())
    return f"{total} puzzles: " + ", ".join(parts) + f" ({seconds:.3f} s)"


# -- check --------------------------------------------------------------------------
def _documents(args: Namespace) -> Iterator[tuple[str, Document | InputError | ReadTimeUp]]:
    """(label, Document or InputError) for every puzzle, with the answer a file carries."""
    for src in args.puzzles:
        yield from documents(src, args.format, answers=True)


def _checked(args: Namespace
             ) -> Iterator[tuple[str, Document | InputError | ReadTimeUp, Any]]:
    """(label, document, None) to check here; with ``--cluster``, (label, document,
    result or InputError) checked on the cluster, in input order."""
    if args.cluster is None:
        for label, doc in _documents(args):
            yield label, doc, None
        return
    from ..cluster import check_address, check_ordered  # Dask loads only for --cluster
    check_address(args.cluster)
    docs = list(_documents(args))
    good = [(label, d.puzzle) for label, d in docs if isinstance(d, Document)]
    results = check_ordered(good, args.cluster, backend=args.solver, encoding=args.encoding,
                            time_limit=args.time_limit, limit=args.limit)
    for label, doc in docs:
        yield label, doc, next(results)[2] if isinstance(doc, Document) else None


def cmd_check(args: argparse.Namespace) -> int:
    codes: list[int] = []
    tally = {v.value: 0 for v in Verdict} | {"bad input": 0}
    total_seconds = 0.0
    n = 0
    nonempty(args.picture, "--picture")
    if args.picture:
        from ..output.files import check_picture_path  # drawing code only when drawing
        check_picture_path(args.picture)
    for (label, doc, done), deadline in timed(_checked(args), args.time_limit,
                                              reading=args.cluster is None):
        n += 1
        if isinstance(doc, ReadTimeUp):  # its reading took the whole limit
            doc.report(args)
            codes.append(EXIT_UNKNOWN)
            tally["unknown"] += 1
            continue
        try:
            if isinstance(doc, InputError):  # already names its place
                raise doc
            item = with_options(doc.puzzle, args, label)
            if args.picture:
                picture_fits(item, label)
            # An optimisation puzzle may carry its own limit (a published move limit).
            limit = args.limit if args.limit is not None else item.param("limit")
            try:
                if isinstance(done, InputError):
                    raise done
                res = done if done is not None else check(
                    item, backend=args.solver, encoding=args.encoding, limit=limit,
                    deadline=deadline)
                answer = (answer_verdict(item, doc.solution, res)
                          if doc.solution is not None and isinstance(res, CheckResult) else None)
            except InputError as e:  # e.g. an encoding this genre lacks: name the puzzle
                raise labelled(label, e) from None
        except InputError as e:  # this puzzle is bad input; the others go on
            tally["bad input"] += 1
            bad(label, e, args, codes)
            continue
        if args.picture:  # the n-th puzzle's picture: out.svg, out-2.svg, ...
            from ..output.files import numbered, write_picture
            from ..output.scene import verdict_picture
            write_picture(verdict_picture(item, res, name=label), numbered(args.picture, n))
        total_seconds += res.seconds
        tally[res.verdict.value] += 1
        codes.append(res.verdict.exit_code)
        if answer and answer[0] == "not_a_solution":
            codes.append(EXIT_NO)  # an invalid answer is exit 1, as for verify
        graded = None
        if args.grade:  # the analyses are imported only for --grade
            from .analysis import grade_of_result
            graded = grade_of_result(item, res, deadline)
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



def _share(p: Puzzle) -> dict[str, str | None]:
    """The puzzle's puzz.link ``url`` (None if it has none), or its genre's own ``code``."""
    try:
        return {**share_fields(p)} or {"url": None}
    except InputError:
        return {"url": None}


def _optimum_line(res: OptimumResult) -> str:
    """``optimum 7 (proven)`` / ``between 5 and 7`` and the limit's verdict."""
    what = (f"optimum {res.optimum} (proven)" if res.proven else
            f"optimum between {res.lower_bound} and {res.best} (not proven)"
            if res.best is not None else
            f"optimum at least {res.lower_bound} (no sequence found in time)")
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
        head += f": two solutions differ in {plural(len(res.differ), 'cell')}"
    elif res.verdict is Verdict.UNKNOWN:
        head += f": time limit of {args.time_limit} s reached"
    print(head)
    if answer:
        print(answer)
    if args.quiet:
        return
    from ..output.unicode import render_grid, render_pair  # drawing loads only to draw
    if res.solutions and not drawable(puzzle, res.differ):
        pass
    elif res.verdict is Verdict.UNIQUE:
        print("\n".join(render_grid(puzzle, res.solutions[0], ascii=args.ascii)))
    elif res.verdict is Verdict.MULTIPLE:
        print("\n".join(render_pair(puzzle, res.solutions[0], res.solutions[1], res.differ,
                                    ascii=args.ascii)))
    print(flush=True)


def _print_answer(puzzle: Puzzle, answer: Any, args: Namespace) -> None:
    """A grid answer as a grid; any other answer (a move sequence) as its JSON form."""
    if isinstance(answer, Solution) and not drawable(puzzle):
        return
    if isinstance(answer, Solution):
        from ..output.unicode import render_grid  # drawing loads only to draw
        print("\n".join(render_grid(puzzle, answer, ascii=args.ascii)))
    else:
        print(json.dumps(answer.to_json()))


# -- solve ----------------------------------------------------------------------------
def _solve_optimum(label: str, item: Puzzle, args: Namespace, codes: list[int],
                   deadline: Deadline) -> None:
    res = per_puzzle(label, args, codes, lambda: optimum(
        item, backend=args.solver, encoding=args.encoding, deadline=deadline))
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


def _solve_mode(label: str, item: Puzzle, args: Namespace, codes: list[int],
                deadline: Deadline) -> None:
    """``solve --mode NAME``: one of the genre's other solvers (Flood-It: the seed's)."""
    genre = get_genre(item.genre)
    modes = {m.name: m for m in genre.modes}
    if args.mode not in modes:
        bad(label, InputError(f"{genre.name} has no mode {args.mode!r} (choose from "
                               f"{', '.join(modes) or 'none'})", "--mode"), args, codes)
        return
    options = ModeOptions(lower=args.lower, upper=args.upper, moves=args.moves,
                          print_asserts=args.print_asserts, dry_run=args.dry_run,
                          time_limit=deadline.seconds())
    res = per_puzzle(label, args, codes, lambda: modes[args.mode].run(item, options))
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
    for (label, item), deadline in timed(readable(args, codes), args.time_limit):
        if args.mode is not None:
            _solve_mode(label, item, args, codes, deadline)
            continue
        if get_genre(item.genre).question is Question.OPTIMUM:
            _solve_optimum(label, item, args, codes, deadline)
            continue
        res = per_puzzle(label, args, codes, partial(
            count, item, limit=1, backend=args.solver, encoding=args.encoding,
            deadline=deadline))
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
    for (label, item), deadline in timed(readable(args, codes), args.time_limit):
        res = per_puzzle(label, args, codes, partial(
            count, item, limit=args.limit, backend=args.solver, encoding=args.encoding,
            deadline=deadline))
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


# -- verify ---------------------------------------------------------------------------
def cmd_verify(args: argparse.Namespace) -> int:
    from ..output.unicode import render_grid  # drawing loads only to draw
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
        print(f"{label}: not a valid solution ({plural(len(problems), 'rule violation')})")
        for v in problems:
            print(f"  {v.describe()}")
        if isinstance(answer, Solution):  # a move sequence has no grid to draw
            print("\n".join(render_grid(puzzle, answer, [c for v in problems for c in v.cells],
                                        ascii=args.ascii)))
    else:
        print(f"{label}: valid solution")
    return EXIT_NO if problems else EXIT_OK



# -- the parsers ----------------------------------------------------------------------
def add_check(sub: Subparsers) -> None:
    c = sub.add_parser("check", help="decide uniqueness; show a second solution if there is one")
    c.add_argument("puzzles", nargs="+", metavar="PUZZLE")
    c.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    c.add_argument("--cluster", default=None, metavar="ADDRESS",
                   help="check on a Dask cluster (tcp://HOST:PORT, or local:N loopback "
                        "workers; the 'cluster' extra); output stays in input "
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
    format_option(c)
    _solver_options(c)
    c.set_defaults(func=cmd_check)


def add_solve(sub: Subparsers) -> None:
    s = sub.add_parser("solve", help="print one solution (optimisation genres: an optimal one)")
    s.add_argument("puzzles", nargs="+", metavar="PUZZLE")
    s.add_argument("--json", action="store_true")
    s.add_argument("--mode", default=None, metavar="MODE",
                   choices=LaterChoices(lambda: sorted({m.name for g in GENRES.values() for m in g.modes})),
                   help=later(lambda: "another solver the genre offers; " + "; ".join(
                       f"{g.name}: " + ", ".join(f"{m.name} ({m.description})" for m in g.modes)
                       for g in GENRES.values() if g.modes)))
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
    format_option(s)
    _solver_options(s)
    s.set_defaults(func=cmd_solve)


def add_count(sub: Subparsers) -> None:
    n = sub.add_parser("count", help="count solutions, up to --limit")
    n.add_argument("puzzles", nargs="+", metavar="PUZZLE")
    n.add_argument("--limit", type=positive_int, default=100,
                   help="stop after this many solutions (default 100)")
    n.add_argument("--json", action="store_true")
    _pivot_option(n)
    format_option(n)
    _solver_options(n)
    n.set_defaults(func=cmd_count)


def add_verify(sub: Subparsers) -> None:
    v = sub.add_parser("verify", help="check a setter's intended answer against the rules")
    v.add_argument("puzzle", metavar="PUZZLE")
    v.add_argument("answer", metavar="ANSWER", nargs="?", default=None,
                   help="rows of # (shaded) and . (unshaded), JSON with a 'solution' key, or a "
                        "pzprv3 file / Janko block; default: the answer PUZZLE carries")
    v.add_argument("--json", action="store_true")
    _ascii_option(v)
    format_option(v)
    v.set_defaults(func=cmd_verify)

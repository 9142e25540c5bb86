"""The ``minimize`` and ``generate`` subcommands: parse arguments, call generator/, print.

Registered through :data:`pencilproof.cli.program.COMMANDS`. Nothing genre-specific lives
here: a genre that implements the switchable-clue hooks works with both commands.
"""
from __future__ import annotations

import argparse
import contextlib
import logging
import re
import sys
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..checker import BACKENDS, DEFAULT_BACKEND
from ..encodings import SYMMETRIES, generating_genres, get_genre
from ..errors import InputError
from ..formats import Document, share_fields, to_text, write_document
from ..output import cell_names, render_grid, render_pair
from ..solvers.deadline import TimeUp
from .args import Subparsers, fraction, positive_float, positive_int
from .common import command_deadline, drawable, read_document
from .formats import format_option, nonempty

EXIT_OK, EXIT_NO, EXIT_BAD, EXIT_UNKNOWN, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 4, 130
EXIT_TERMINATED = 143
#: -o suffixes of ``minimize`` and the output format each one names.
MINIMIZE_OUTPUTS = {".json": "json", ".txt": "text"}


# -- argument types (argparse turns ArgumentTypeError into one line, exit 2) ----------------
def _size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*([0-9]{1,9})\s*(?:[xX]\s*([0-9]{1,9})\s*)?", text)
    if not m:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size (write ROWSxCOLS, e.g. 10x10)")
    rows = int(m.group(1))
    cols = int(m.group(2)) if m.group(2) else rows
    return rows, cols


def _range(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*([0-9]{1,9})\s*(?:-\s*([0-9]{1,9})\s*)?", text)
    if not m:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range (write LO-HI or N)")
    lo = int(m.group(1))
    hi = int(m.group(2)) if m.group(2) else lo
    if lo > hi:
        raise argparse.ArgumentTypeError(f"range {lo}-{hi} is inverted (LO must not exceed HI)")
    return lo, hi


def _minimize_output(text: str) -> str:
    if Path(text).suffix.lower() not in MINIMIZE_OUTPUTS:
        raise argparse.ArgumentTypeError(
            f"{text!r}: unknown output extension (use {' or '.join(MINIMIZE_OUTPUTS)})")
    return text


# -- minimize ------------------------------------------------------------------------------
def cmd_minimize(args: argparse.Namespace) -> int:
    from ..generator import NotUnique, minimize
    from ..generator.minimize import parse_cells
    puzzle = read_document(args.puzzle, args.format, False, args.max_time).puzzle
    keep = parse_cells(args.keep, puzzle) if args.keep else []
    try:
        res = minimize(puzzle, order=args.order, seed=args.seed, keep=keep,
                       backend=args.solver, until=command_deadline(args.max_time))
    except TimeUp as e:
        print(f"{args.puzzle}: unknown: {e} (--max-time {args.max_time:g} s)")
        return EXIT_UNKNOWN
    except NotUnique as e:
        r = e.result
        print(f"{args.puzzle}: {e}")
        if len(r.solutions) == 2 and drawable(puzzle, r.differ):
            print("\n".join(render_pair(puzzle, r.solutions[0], r.solutions[1], r.differ)))
        return EXIT_NO
    # Counted over the clues that could go (Light Up's plain walls always stay).
    after = len(res.kept) + len(res.unknown)
    before = after + len(res.removed)
    print(f"{args.puzzle}: {before} -> {after} clues ({len(res.removed)} removed"
          + (f", {len(res.unknown)} kept at the time limit" if res.unknown else "")
          + (f", {len(res.untested)} of them untested" if res.untested else "")
          + f"), {res.tests} tests, {res.solver_calls} solver calls, {res.seconds:.3f} s")
    hooks = get_genre(puzzle.genre).generator
    assert hooks is not None  # minimize() refuses a genre without one

    def names(keys: Iterable[Any]) -> str:
        return cell_names(sorted({hooks.key_cell(k) for k in keys}))
    print(f"removed: {names(res.removed) or '-'}")
    print(f"kept:    {names(res.kept) or '-'}")
    if res.unknown:
        print(f"unknown (time limit reached, kept): {names(res.unknown)}")
    if not res.rechecked:
        print("not re-checked: --max-time ran out before the independent re-check; "
              "uniqueness rests on the minimizer's own tests")
    print()
    print(to_text(res.minimized), end="")
    for link in share_fields(res.minimized).values():
        print(link)
    if not args.quiet and drawable(res.minimized):
        print()
        print("\n".join(render_grid(res.minimized, res.solution)))
    if args.output:
        fmt = MINIMIZE_OUTPUTS[Path(args.output).suffix.lower()]
        doc = Document(res.minimized, res.solution if fmt == "json" else None)
        try:
            Path(args.output).write_text(write_document(doc, fmt), encoding="utf-8")
        except OSError as e:
            raise InputError(f"cannot write: {e.strerror}", args.output) from None
        print(f"wrote {args.output}")
    return EXIT_UNKNOWN if res.unknown or not res.rechecked else EXIT_OK


# -- generate ------------------------------------------------------------------------------
@contextlib.contextmanager
def _logging(verbose: int, quiet: bool) -> Iterator[None]:
    """Our messages go to stderr; -v per-candidate lines, -vv debug, -q errors only."""
    level = logging.ERROR if quiet else {0: logging.WARNING, 1: logging.INFO}.get(
        verbose, logging.DEBUG)
    logger = logging.getLogger("pencilproof")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("pencilproof: %(message)s"))
    saved = logger.level, logger.propagate
    logger.addHandler(handler)
    logger.setLevel(level)
    logger.propagate = False
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(saved[0])
        logger.propagate = saved[1]


#: ``--fewest``: search rounds per puzzle, and puzzles compared without --max-time.
DEFAULT_ROUNDS = 30
DEFAULT_TRIES = 10


def cmd_generate(args: argparse.Namespace) -> int:
    from ..generator.generate import DEFAULT_PROOF_TIME, GenerateOptions
    from ..generator.pool import generate_file
    nonempty(args.out, "--out")
    if args.cluster is not None:
        from ..cluster import check_address  # Dask loads only for --cluster
        check_address(args.cluster)
    rows, cols = args.size
    for name in ("rounds", "tries"):
        if getattr(args, name) is not None and not args.fewest:
            raise InputError("applies to --fewest", f"--{name}")
    options = GenerateOptions(genre=args.genre, rows=rows, cols=cols, density=args.density,
                              values=args.values, question=args.question,
                              symmetric=args.symmetry or args.symmetric,
                              clue_range=args.clues,
                              backend=args.solver, max_attempts=args.max_attempts,
                              grade_range=args.grade, fewest=args.fewest,
                              rounds=DEFAULT_ROUNDS if args.rounds is None else args.rounds,
                              tries=(DEFAULT_TRIES if args.fewest and args.tries is None
                                     and args.max_time is None else args.tries),
                              colours=args.colours, optimum_range=args.optimum,
                              leniency=args.leniency, proof_time=args.proof_time,
                              extra=tuple((name, value) for name, value in
                                          sorted(vars(args).get("genre_options", {}).items())))
    with _logging(args.verbose, args.quiet):
        # --max-time counts from the command's start, as every limit does
        max_time = command_deadline(args.max_time).seconds()
        rep = generate_file(options, count=args.count, seed=args.seed, out=args.out,
                            jobs=args.jobs, resume=args.resume, max_time=max_time,
                            progress_every=None if args.quiet else args.progress_every,
                            cluster=args.cluster)
    have = rep.earlier + rep.new
    rate = rep.new / rep.seconds * 60 if rep.seconds > 0 else 0.0
    print(f"{rep.path}: {have} of {rep.count} puzzles ({rep.new} new"
          + (f", {rep.earlier} from before" if rep.earlier else "")
          + f"), {rep.jobs} job{'s' if rep.jobs > 1 else ''}, {rep.seconds:.1f} s, "
            f"{rate:.0f} puzzles/min")
    if options.fewest and rep.clues:
        print(f"clues: fewest {min(rep.clues)}, mean {sum(rep.clues) / len(rep.clues):.1f} "
              f"({sum(rep.clues) / len(rep.clues) / (rows * cols):.3f} per cell)")
    if rep.unproven:
        print(f"{rep.unproven} board(s) skipped: optimum not proven within --proof-time "
              f"{options.proof_time or DEFAULT_PROOF_TIME:g} s (never written)")
    if rep.write_error or rep.stopped:
        print(f"pencilproof: error: {rep.write_error or rep.stopped}; the {have} puzzles "
              f"written before are intact; continue with --resume", file=sys.stderr)
        return EXIT_BAD
    if rep.interrupted or rep.timed_out or rep.crashed:
        why = ("terminated" if rep.terminated else "interrupted" if rep.interrupted else
               "--max-time reached" if rep.timed_out else
               f"worker failure on candidate {', '.join(map(str, rep.crashed))}")
        print(f"pencilproof: {why}: the {have} finished puzzles are in {rep.path}; "
              f"continue with --resume", file=sys.stderr)
        return (EXIT_TERMINATED if rep.terminated else EXIT_INTERRUPTED if rep.interrupted
                else EXIT_UNKNOWN if rep.timed_out else EXIT_INTERNAL)
    if rep.failed:
        print(f"pencilproof: {len(rep.failed)} candidate(s) found no puzzle in "
              f"{options.max_attempts} attempts (targets too narrow?): "
              f"{' '.join(map(str, rep.failed))}", file=sys.stderr)
        return EXIT_NO
    return EXIT_OK


class _GenreOption(argparse.Action):
    """Collects a genre's own generation option into ``args.genre_options``."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        found = dict(getattr(namespace, "genre_options", None) or {})
        found[self.metavar_name] = str(values)
        namespace.genre_options = found

    metavar_name = ""


def _genre_options(g: argparse.ArgumentParser) -> None:
    """``--NAME VALUE`` for every generation option a genre declares (help from the genre)."""
    helps: dict[str, list[str]] = {}
    for genre in generating_genres():
        if genre.generator is not None:
            for name, text in genre.generator.options.items():
                helps.setdefault(name, []).append(text)
    for name, texts in sorted(helps.items()):
        action = type(f"_Option_{name}", (_GenreOption,), {"metavar_name": name})
        g.add_argument(f"--{name}", action=action, metavar="VALUE", dest="genre_option_" + name,
                       help="; ".join(texts))
    g.set_defaults(genre_options={})


def extend(sub: Subparsers) -> None:
    """Add ``minimize`` and ``generate`` to the CLI's subparsers."""
    from ..generator.minimize import ORDERS
    m = sub.add_parser("minimize", help="remove clues while the solution stays unique",
                       description="Remove clues one at a time, on one incremental solver, "
                                   "while the puzzle stays unique; the result is 1-minimal "
                                   "(no single remaining clue can go) with the same answer. "
                                   "Exit 0 done, 1 input not unique, 2 bad input, 3 "
                                   "--max-time reached (clues not decided in time are kept, "
                                   "or the result was not re-checked).")
    m.add_argument("puzzle", metavar="PUZZLE")
    m.add_argument("-o", "--output", type=_minimize_output, default=None, metavar="OUT",
                   help="also write the minimized puzzle: .json (JSON puzzle document with "
                        "its solution) or .txt (text)")
    m.add_argument("--order", choices=ORDERS, default="given",
                   help="order in which clues are tried (default: given, row by row)")
    m.add_argument("--seed", type=int, default=0, help="seed for --order random (default 0)")
    m.add_argument("--keep", default=None, metavar="CELLS",
                   help="clues that must stay, e.g. 'r1c1,r3c5'")
    m.add_argument("--max-time", type=positive_float, default=None, metavar="SECONDS",
                   help="bound the whole run (encoding aside): no test starts after "
                        "this long; untested clues are kept and reported, and the final "
                        "re-check is skipped, and said so, if no time is left")
    m.add_argument("--solver", choices=sorted(BACKENDS), default=DEFAULT_BACKEND,
                   help=f"SAT backend (default: {DEFAULT_BACKEND})")
    m.add_argument("-q", "--quiet", action="store_true", help="no solution grid")
    format_option(m)
    m.set_defaults(func=cmd_minimize)

    g = sub.add_parser("generate", help="generate minimal unique puzzles into a .jsonl file",
                       description="Generate puzzles solution first, each 1-minimal and "
                                   "unique, on --jobs processes. The puzzles depend only on "
                                   "the options, --seed and --count, never on --jobs or "
                                   "timing. Each is re-checked and appended to --out as "
                                   "soon as it is done; Ctrl-C keeps them and --resume "
                                   "continues; one run at a time may write a file. Off a "
                                   "terminal a progress line is printed every "
                                   "--progress-every seconds. Exit 0 done, 1 some "
                                   "candidates found no puzzle, 2 bad input or the output "
                                   "cannot be written (a full disk stops the run, keeping "
                                   "every puzzle written), 3 --max-time reached, 4 internal "
                                   "error or a worker failed, 130 interrupted. Optimisation "
                                   "genres (Flood-It): random boards written with their "
                                   "proven optimum as the limit (plus --leniency).")
    g.add_argument("genre", metavar="GENRE",
                   help="one of: " + ", ".join(g.name for g in generating_genres()))
    g.add_argument("--size", type=_size, required=True, metavar="RxC",
                   help="grid size, rows x columns (e.g. 10x10; 12 means 12x12)")
    g.add_argument("--count", type=positive_int, default=1, metavar="N",
                   help="number of candidates, indices 0..N-1 (default 1)")
    g.add_argument("--out", "-o", required=True, metavar="FILE.jsonl",
                   help="JSON lines output, one puzzle per line")
    g.add_argument("--jobs", "-j", type=positive_int, default=None, metavar="J",
                   help="worker processes (default: all cores)")
    g.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    g.add_argument("--cluster", default=None, metavar="ADDRESS",
                   help="run the candidates on a Dask cluster: tcp://HOST:PORT of a running "
                        "scheduler, or local:N for N loopback worker processes (needs the "
                        "'cluster' extra); the puzzles are "
                        "the same as with --jobs")
    g.add_argument("--resume", action="store_true",
                   help="continue a run whose --out already holds some of its puzzles")
    g.add_argument("--max-time", type=positive_float, default=None, metavar="SECONDS",
                   help="stop after this long, keeping the finished puzzles")
    g.add_argument("--density", type=fraction, default=None, metavar="D",
                   help="; ".join(f"{g.name}: {h.density_meaning}, {h.density_range[0]}-"
                                  f"{h.density_range[1]}, default {h.default_density}"
                                  for g in generating_genres()
                                  if (h := g.generator) is not None))
    g.add_argument("--values", type=_range, default=None, metavar="LO-HI",
                   help="only clues with these values (e.g. 1-6)")
    g.add_argument("--question", type=fraction, default=0.0, metavar="P",
                   help="try each needed number clue as '?' with this probability (default 0)")
    g.add_argument("--symmetric", action="store_true",
                   help="clue layout symmetric under a 180-degree turn (for " + ", ".join(
                       g.name for g in generating_genres()
                       if g.generator is not None and g.generator.symmetric_layout)
                       + ": the drawn layout too: walls, the canal)")
    g.add_argument("--symmetry", choices=list(SYMMETRIES), default=None,
                   help="the symmetry of a symmetric layout: " + ", ".join(
                       f"{k} ({v})" for k, v in SYMMETRIES.items())
                   + "; implies --symmetric (default half)")
    g.add_argument("--clues", type=_range, default=None, metavar="LO-HI",
                   help="accept only puzzles with this many clues")
    g.add_argument("--fewest", action="store_true",
                   help="fewer clues: each candidate compares --tries puzzles (with "
                        "--max-time: as many as its share of the time allows), searches each "
                        "for a smaller 1-minimal clue set (take a clue out, add others, "
                        "minimize again), and keeps the one with fewest clues; with --clues "
                        "it stops once the count is in range. Without --density, answers are "
                        "drawn where the genre needs fewest clues (" + ", ".join(
                            f"{g.name} {h.fewest_density}" for g in generating_genres()
                            if (h := g.generator) is not None and h.fewest_density)
                   + "). Records say the tries and rounds that make each puzzle again")
    g.add_argument("--tries", type=positive_int, default=None, metavar="N",
                   help=f"puzzles each --fewest candidate compares (default: as many as fit "
                        f"in its share of --max-time, else {DEFAULT_TRIES})")
    g.add_argument("--rounds", type=int, default=None, metavar="N",
                   help=f"rounds of the --fewest search per puzzle (default {DEFAULT_ROUNDS})")
    g.add_argument("--grade", type=_range, default=None, metavar="LO-HI",
                   help="accept only puzzles of these difficulty grades (1-9, see 'check "
                        "--grade'); each record then carries its grade")
    g.add_argument("--colours", "--colors", type=positive_int, default=None, metavar="N",
                   help="optimisation genres (Flood-It): colours on the board (default 6)")
    g.add_argument("--optimum", type=_range, default=None, metavar="LO-HI",
                   help="optimisation genres: accept boards whose proven optimum is in LO-HI")
    g.add_argument("--leniency", type=int, default=0, metavar="N",
                   help="optimisation genres: write the limit as optimum + N (default 0)")
    g.add_argument("--proof-time", type=positive_float, default=None, metavar="SECONDS",
                   help="optimisation genres: a board whose optimum is not proven in this "
                        "time is skipped, counted, never written (default 60)")
    g.add_argument("--max-attempts", type=positive_int, default=200, metavar="K",
                   help="attempts per candidate before it is given up (default 200)")
    g.add_argument("--solver", choices=sorted(BACKENDS), default=DEFAULT_BACKEND,
                   help=f"SAT backend (default: {DEFAULT_BACKEND})")
    g.add_argument("-v", "--verbose", action="count", default=0,
                   help="log each candidate (-vv: also seeds, solver calls, clue "
                        "reductions, workers)")
    g.add_argument("-q", "--quiet", action="store_true",
                   help="log errors only (no progress lines)")
    g.add_argument("--progress-every", type=positive_float, default=10.0, metavar="SECONDS",
                   help="when stderr is not a terminal (no progress bar), print a progress "
                        "line this often (default 10)")
    _genre_options(g)
    g.set_defaults(func=cmd_generate)

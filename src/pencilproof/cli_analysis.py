"""The ``backbone``, ``repair``, ``explain`` subcommands (and ``check --grade``'s helper):
parse arguments, call analysis/, print.

Registered through :data:`pencilproof.cli.EXTENSIONS`. Each command takes one puzzle;
nothing genre-specific lives here.
"""
from __future__ import annotations

import argparse
import json
from typing import Any, Sequence

from .analysis import backbone
from .checker import BACKENDS, DEFAULT_BACKEND
from .cli_args import Subparsers, positive_float, positive_int
from .cli_formats import format_option, nonempty
from .formats import load_document
from .output import cell_names, render_grid
from .puzzle import Cell, Puzzle

EXIT_OK, EXIT_NO, EXIT_BAD, EXIT_UNKNOWN = 0, 1, 2, 3


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _names(cells: Sequence[Cell], most: int = 60) -> str:
    """Cell names, the first ``most`` of them (a long list ends in ``...``)."""
    shown = cell_names(cells[:most])
    return (shown + (" ..." if len(cells) > most else "")) or "-"


def _options(p: argparse.ArgumentParser, solver: bool = True) -> None:
    p.add_argument("puzzle", metavar="PUZZLE")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.add_argument("-q", "--quiet", action="store_true", help="no grid")
    p.add_argument("--picture", metavar="OUT.svg|OUT.png", default=None,
                   help="draw the result")
    p.add_argument("--ascii", action="store_true", default=None,
                   help="draw grids in ASCII")
    if solver:
        p.add_argument("--solver", choices=sorted(BACKENDS), default=DEFAULT_BACKEND,
                       help=f"SAT backend (default: {DEFAULT_BACKEND})")
        p.add_argument("--encoding", default=None, help="the genre's encoding (default: its first)")
    p.add_argument("--time-limit", type=positive_float, default=None, metavar="SECONDS",
                   help="stop after this many seconds (exit 3)")
    format_option(p)


def _picture_path(args: argparse.Namespace) -> None:
    nonempty(args.picture, "--picture")
    if args.picture:
        from .output.files import check_picture_path
        check_picture_path(args.picture)


def _draw(args: argparse.Namespace, puzzle: Puzzle, answer: Any, marked: Sequence[Cell],
          title: str, caption: Sequence[str], notes: dict[Cell, str] | None = None) -> None:
    if not args.picture:
        return
    from .output.files import write_picture
    from .output.scene import picture
    write_picture(picture(puzzle, answer, marked, title=title, caption=caption,
                          name=args.puzzle, notes=notes), args.picture)


# -- backbone --------------------------------------------------------------------------------
def cmd_backbone(args: argparse.Namespace) -> int:
    _picture_path(args)
    puzzle = load_document(args.puzzle, args.format, answers=False).puzzle
    res = backbone(puzzle, backend=args.solver, encoding=args.encoding,
                   time_limit=args.time_limit, limit=args.limit)
    code = (EXIT_UNKNOWN if res.timed_out else
            EXIT_OK if res.solutions == 1 and res.complete else EXIT_NO)
    up_to = f" up to {res.up_to}" if res.up_to else ""
    count = (f"{res.solutions}" if res.complete else f"at least {res.solutions}")
    count += " solution" + ("" if res.solutions == 1 else "s") + up_to
    if args.json:
        print(json.dumps({"source": args.puzzle, **res.to_json()}))
    elif res.answer is None:
        print(f"{args.puzzle}: " + ("unknown (time limit reached)" if res.timed_out
                                    else "no solution") + f" ({res.seconds:.3f} s)")
    else:
        print(f"{args.puzzle}: {count}; {_plural(len(res.fixed), 'cell')} fixed, "
              f"{len(res.varying)} varying ({res.seconds:.3f} s)")
        if res.anchors:
            print(f"up to {res.up_to}: {cell_names(res.anchors)} taken as in the solution shown")
        print(f"varying: {_names(res.varying)}")
        if res.undecided:
            print(f"undecided (time limit reached): {_names(res.undecided)}")
        if not args.quiet:
            print("\n".join(render_grid(puzzle, res.answer, res.varying, ascii=args.ascii)))
    if res.answer is not None:
        _draw(args, puzzle, res.answer, res.varying, "backbone",
              [f"{count}; the {_plural(len(res.varying), 'marked cell')} vary",
               f"varying: {_names(res.varying, 40)}"])
    return code


def extend(sub: Subparsers) -> None:
    b = sub.add_parser("backbone", help="cells fixed in every solution, cells that vary")
    _options(b)
    b.add_argument("--limit", type=positive_int, default=100,
                   help="count solutions up to this many (default 100)")
    b.set_defaults(func=cmd_backbone)

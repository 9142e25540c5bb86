"""The ``url``, ``render`` and ``convert`` subcommands: parse arguments, call formats/ and
output/.

Registered through :data:`pencilproof.cli.program.COMMANDS`; the library does the work
(:func:`~pencilproof.formats.to_url`, :func:`~pencilproof.formats.write_document`,
:mod:`pencilproof.output`).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from ..encodings import code_formats, get_genre
from ..errors import InputError
from ..formats import Document, format_names, load_answer, load_document, to_url, write_document
from .args import Subparsers
from .common import EXIT_BAD, EXIT_OK, documents, drawn, err, picture_fits, readable, worst

OUTPUTS = ("url", "text", "pzprv3", "json", "svg", "png")


def outputs() -> tuple[str, ...]:
    """What ``convert --to`` writes: the formats of every genre, then genres' own codes."""
    return OUTPUTS + tuple(f.name for _, f in code_formats())
SUFFIXES = {".url": "url", ".txt": "text", ".pzprv3": "pzprv3", ".pzpr": "pzprv3",
            ".json": "json", ".jsonl": "json", ".svg": "svg", ".png": "png"}


def format_option(p: argparse.ArgumentParser) -> None:
    """``--format``: read the input as this format instead of detecting it."""
    p.add_argument("--format", choices=format_names(), default=None,
                   help="read PUZZLE as this format (default: detected from the content)")


def nonempty(value: str | None, option: str) -> None:
    """An option given an empty file name ('') is bad input, never silently ignored."""
    if value is not None and not value.strip():
        raise InputError("empty file name", option)


def _cannot_write(e: OSError, path: str) -> InputError:
    return InputError(f"cannot write: {e.strerror or e}", path)


# -- url ------------------------------------------------------------------------------
def cmd_url(args: argparse.Namespace) -> int:
    codes: list[int] = []
    for label, item in readable(args, codes):
        try:
            print(to_url(item))
            codes.append(EXIT_OK)
        except InputError as e:
            err(str(e.located(label)))
            codes.append(EXIT_BAD)
    return worst(codes)


def add_url(sub: Subparsers) -> None:
    u = sub.add_parser("url", help="print the puzz.link URL of each puzzle")
    u.add_argument("puzzles", nargs="+", metavar="PUZZLE")
    format_option(u)
    u.set_defaults(func=cmd_url)


# -- render, convert ----------------------------------------------------------------
def cmd_render(args: argparse.Namespace) -> int:
    # Drawing code loads only for the commands that draw (start-up of check/solve).
    from ..output.files import check_picture_path, write_picture
    from ..output.scene import answer_picture
    nonempty(args.output, "-o")
    nonempty(args.answer, "--answer")
    check_picture_path(args.output)
    with drawn(args.output):
        doc = load_document(args.puzzle, args.format)
    picture_fits(doc.puzzle, args.puzzle)
    solution = load_answer(doc.puzzle, args.answer) if args.answer is not None else doc.solution
    problems = get_genre(doc.puzzle.genre).verify(doc.puzzle, solution) if solution else []
    write_picture(answer_picture(doc.puzzle, solution, problems, name=args.puzzle), args.output)
    what = "answer" if solution is not None else "puzzle"
    print(f"{args.output}: {doc.puzzle.genre} {doc.puzzle.rows}x{doc.puzzle.cols} {what}"
          + (f" ({len(problems)} rule violation{'s' if len(problems) > 1 else ''} marked)"
             if problems else ""))
    return 0


def _target(args: argparse.Namespace) -> str:
    if args.to:
        return str(args.to)
    if args.output and Path(args.output).suffix.lower() in SUFFIXES:
        return SUFFIXES[Path(args.output).suffix.lower()]
    raise InputError("say what to convert to: --to " + "|".join(outputs()))


def cmd_convert(args: argparse.Namespace) -> int:
    from ..output.files import check_picture_path, write_picture
    from ..output.scene import picture
    from ..output.svg import to_svg
    nonempty(args.output, "-o")
    to = _target(args)
    if to in ("svg", "png"):
        if to == "png" and not args.output:
            raise InputError("--to png needs -o FILE.png (a PNG is not text)")
        if args.output:
            check_picture_path(args.output)
    with drawn(to in ("svg", "png")):
        items = list(documents(args.input, args.format))
    docs = [(label, d) for label, d in items if isinstance(d, Document)]  # (no limit here)
    bad = [e for _, e in items if isinstance(e, InputError)]
    for e in bad:
        print(f"pencilproof: error: {e}", file=sys.stderr)
    if len(docs) > 1 and to in ("text", "pzprv3", "svg", "png"):
        raise InputError(f"holds {len(docs)} puzzles; --to {to} writes one "
                         f"(--to json or --to url write a batch, one per line)", args.input)
    out: TextIO | None = None
    try:
        for label, doc in docs:
            if to in ("svg", "png"):
                picture_fits(doc.puzzle, label)
                scene = picture(doc.puzzle, doc.solution,
                                title="answer" if doc.solution is not None else "puzzle",
                                name=label)
                if args.output:
                    write_picture(scene, args.output)
                    continue
                text = to_svg(scene)
            else:
                try:
                    text = write_document(doc, to)
                except InputError as e:
                    print(f"pencilproof: error: {e.located(label)}", file=sys.stderr)
                    bad.append(e)
                    continue
            if args.output:  # opened at the first text to write: no empty file on failure
                try:
                    if out is None:
                        out = open(args.output, "w", encoding="utf-8")
                    out.write(text)
                    out.flush()
                except OSError as e:
                    raise _cannot_write(e, args.output) from None
            else:
                sys.stdout.write(text)
                sys.stdout.flush()
    finally:
        if out is not None:
            try:
                out.close()
            except OSError:  # a failed flush was reported above
                pass
    return 2 if bad else 0


def extend(sub: Subparsers) -> None:
    r = sub.add_parser("render", help="draw a puzzle, or an answer on it, as SVG or PNG")
    r.add_argument("puzzle", metavar="PUZZLE")
    r.add_argument("--answer", metavar="FILE", default=None,
                   help="an answer to draw (rows, JSON, pzprv3 or Janko); default: the answer "
                        "PUZZLE carries, if any (pzprv3, Janko, JSON 'solution')")
    r.add_argument("-o", "--output", required=True, metavar="OUT.svg|OUT.png")
    format_option(r)
    r.set_defaults(func=cmd_render)

    c = sub.add_parser("convert", help="write a puzzle (and its answer) in another format")
    c.add_argument("input", metavar="IN", help="a file, '-' for stdin, or a URL")
    codes = "; ".join(f"{f.name}: {f.description}" for _, f in code_formats())
    c.add_argument("--to", choices=outputs(), default=None,
                   help="output format (default: from -o's suffix)"
                        + (f"; genres' own codes, one per line ({codes})" if codes else ""))
    c.add_argument("-o", "--output", metavar="OUT", default=None,
                   help="write here instead of standard output")
    format_option(c)
    c.set_defaults(func=cmd_convert)

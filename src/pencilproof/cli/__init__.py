"""Command line: parse arguments, call the library, print. ``main(argv) -> int``.

One module per group of subcommands, each a list of thin commands over the library:
:mod:`.check` (check, solve, count, verify), :mod:`.formats` (url, render, convert),
:mod:`.generator` (minimize, generate), :mod:`.analysis` (backbone, repair, explain),
:mod:`.web` (serve). :mod:`.program` builds the parser and runs one command;
:mod:`.common` holds the exit codes and batch reading they share, :mod:`.args` the
argument types.
"""
from .program import build_parser, main, run

__all__ = ["build_parser", "main", "run"]

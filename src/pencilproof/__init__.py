"""pencilproof: prove pencil puzzles have exactly one solution, and make new ones that do.

The library API in one place::

    from pencilproof import load, check
    puzzle = load("https://puzz.link/p?canal/6/6/3i3h2z4h5i2")[0]
    result = check(puzzle)          # CheckResult, result.verdict is a Verdict
"""
from . import _startup  # noqa: F401 - first: a Ctrl-C while the program loads is one line
from .errors import InputError, InternalError
from .puzzle import Puzzle, Solution, Violation
from .checker import Verdict, CheckResult, check, count, solve
from .formats import load, load_one

__all__ = [
    "InputError", "InternalError", "Puzzle", "Solution", "Violation",
    "Verdict", "CheckResult", "check", "count", "solve", "load", "load_one",
]
__version__ = "0.3.0"

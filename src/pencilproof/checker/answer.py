"""What the answer a file carries is, given the checker's verdict on its puzzle.

Shared by ``check`` on the command line and the workbench's check call, which give the
same word for it.
"""
from __future__ import annotations

from typing import Any

from ..encodings import get_genre
from ..errors import InternalError
from ..puzzle import Puzzle
from .check import CheckResult, Verdict


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def answer_verdict(puzzle: Puzzle, answer: Any, res: CheckResult) -> tuple[str, str]:
    """What the answer a file carries is, given the checker's result: ('unique_solution' |
    'a_solution' | 'not_a_solution', the sentence ``check`` prints)."""
    problems = get_genre(puzzle.genre).verify(puzzle, answer)
    if problems:
        codes = ", ".join(dict.fromkeys(v.code for v in problems))
        return ("not_a_solution", f"the file's answer is not a solution "
                                  f"({_plural(len(problems), 'rule violation')}: {codes})")
    if res.verdict is Verdict.UNIQUE:
        differ = answer.differ(res.solutions[0])
        if differ:
            where = " ".join(f"r{r + 1}c{c + 1}" for r, c in differ)  # as setters write cells
            raise InternalError(f"the file's answer passes the rules but differs from the "
                                f"unique solution at {where}")
        return "unique_solution", "the file's answer is the unique solution"
    if res.verdict is Verdict.MULTIPLE:
        return "a_solution", "the file's answer is one of several solutions"
    if res.verdict is Verdict.NO_SOLUTION:
        raise InternalError("the checker found no solution, but the file's answer passes "
                            "the rules")
    return "a_solution", "the file's answer is a solution (uniqueness unknown)"

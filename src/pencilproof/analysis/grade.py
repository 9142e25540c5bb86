"""Grade: a difficulty grade 1-9 read off the explain path, deterministically.

What it measures, exactly (version ``GRADE_VERSION``):

* ``depth``: the deepest level the path needs (1 propagation, 2 failed literal,
  3 search; see :mod:`.explain`). A symmetry's anchors (level 0) do not count.
* ``rounds``: rounds at levels 1-3; ``cells_per_round``: cells deduced per such round on
  average; ``share`` = cells_per_round / cells deduced (1.0: everything in one round;
  small: a narrow path, few cells open at a time).
* ``grade`` = 3 x (depth - 1) + band, with band 1 when share >= 0.2, 2 when share >=
  0.05, else 3. So 1-3 need propagation only, 4-6 failed literals, 7-9 search; within a
  level, a higher grade is a narrower path.

The path depends on the genre's rules and encodings (what propagation sees), so a grade
is stored with ``rules``: the pencilproof version that computed it, and ``version``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from .. import __version__
from ..puzzle import Puzzle
from ..solvers.deadline import NEVER, Deadline
from .explain import Explanation, explain

#: Bumped whenever what the grade measures changes.
GRADE_VERSION = 1


@dataclass(frozen=True)
class Grade:
    grade: int
    depth: int
    rounds: int
    cells_per_round: float
    share: float
    rounds_by_level: tuple[int, int, int]
    version: int = GRADE_VERSION
    rules: str = __version__

    def to_json(self) -> dict[str, Any]:
        return {"grade": self.grade, "depth": self.depth, "rounds": self.rounds,
                "cells_per_round": round(self.cells_per_round, 3),
                "share": round(self.share, 4),
                "rounds_by_level": {str(i + 1): n for i, n in enumerate(self.rounds_by_level)},
                "version": self.version, "rules": self.rules}

    def describe(self) -> str:
        return (f"grade {self.grade} (deepest level {self.depth}, {self.rounds} rounds, "
                f"{self.cells_per_round:.1f} cells per round)")


def grade_of(path: Explanation) -> Optional[Grade]:
    """The grade of a complete path (None when cells are left undeduced)."""
    if path.undeduced or path.timed_out:
        return None
    rounds = [(lvl, n) for lvl, n in path.rounds if lvl >= 1]
    if not rounds:  # nothing to deduce (every cell a given)
        return Grade(1, 1, 0, 0.0, 1.0, (0, 0, 0))
    depth = max(lvl for lvl, _ in rounds)
    cells = sum(n for _, n in rounds)
    per = cells / len(rounds)
    share = per / cells
    band = 1 if share >= 0.2 else 2 if share >= 0.05 else 3
    by = tuple(sum(1 for lvl, _ in rounds if lvl == k) for k in (1, 2, 3))
    return Grade(3 * (depth - 1) + band, depth, len(rounds), per, share,
                 (by[0], by[1], by[2]))


def grade(puzzle: Puzzle, *, time_limit: Optional[float] = None,
          deadline: Deadline = NEVER) -> Optional[Grade]:
    """The grade of a puzzle (None if it is not unique, or the time ran out)."""
    return grade_of(explain(puzzle, time_limit=time_limit, deadline=deadline))


__all__ = ["GRADE_VERSION", "Grade", "grade", "grade_of"]

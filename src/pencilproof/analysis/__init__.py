"""What a setter asks after the verdict: which cells are forced (backbone), which clues
would make the puzzle unique (repair), which clues conflict when it has no solution
(conflict), in what order a solver can deduce the answer
(explain), and how hard that is (grade). Genre-agnostic: everything goes through the
genre contract (``Encoded.agree``, the ``Generation`` hooks)."""
from .backbone import BackboneResult, backbone
from .conflict import ConflictResult, find_conflict
from .explain import Explanation, explain, replay
from .grade import GRADE_VERSION, Grade, grade, grade_of
from .repair import RepairResult, redundant, repair

__all__ = ["BackboneResult", "backbone", "ConflictResult", "find_conflict", "RepairResult",
           "repair", "redundant", "Explanation", "explain", "replay", "GRADE_VERSION", "Grade",
           "grade", "grade_of"]

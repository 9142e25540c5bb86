"""The uniqueness checker and its solver backends."""
from ..solvers.backends import (BACKENDS, DEFAULT_BACKEND, Backend, EncodingTimeout, Status, TooLarge,
                       make_backend)
from .answer import answer_verdict
from .check import (CheckResult, CountResult, LiveSolver, OptimumResult, Verdict, check,
                    check_unique, count, optimum, solve)

__all__ = ["BACKENDS", "DEFAULT_BACKEND", "Backend", "EncodingTimeout", "Status", "TooLarge",
           "make_backend", "CheckResult",
           "CountResult", "LiveSolver", "OptimumResult", "Verdict", "check", "check_unique",
           "count", "optimum", "solve", "answer_verdict"]

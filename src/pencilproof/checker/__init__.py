"""The uniqueness checker and its solver backends."""
from .backends import BACKENDS, DEFAULT_BACKEND, Status, make_backend
from .check import CheckResult, CountResult, Session, Verdict, check, count, solve

__all__ = ["BACKENDS", "DEFAULT_BACKEND", "Status", "make_backend", "CheckResult",
           "CountResult", "Session", "Verdict", "check", "count", "solve"]

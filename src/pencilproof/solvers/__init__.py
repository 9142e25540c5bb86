"""The solver backends: one clause-level interface over CaDiCaL and z3, below the genres.

Genres encode onto :class:`Backend`; the checker, the generator and the analyses drive
it. Nothing here imports a genre or the checker.
"""
from .backends import (BACKENDS, DEFAULT_BACKEND, Backend, CadicalBackend, EncodingTimeout,
                       Status, TooLarge, Z3Backend, make_backend)

__all__ = ["BACKENDS", "DEFAULT_BACKEND", "Backend", "CadicalBackend", "EncodingTimeout",
           "Status", "TooLarge", "Z3Backend", "make_backend"]

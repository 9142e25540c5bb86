"""Flood-It, one package: the genre object (:mod:`.genre`), boards and moves
(:mod:`.board`), file formats (:mod:`.formats`), the SAT proof (:mod:`.sat`), the exact
search (:mod:`.search`) and the seed project's solve modes (:mod:`.seed`)."""
from .genre import FLOODIT

__all__ = ["FLOODIT"]

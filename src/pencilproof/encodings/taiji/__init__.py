"""Taiji, one package: the genre object (:mod:`.genre`), the Taiji Maker codes
(:mod:`.code`), the clause model (:mod:`.model`) and generation (:mod:`.gen`)."""
from .genre import TAIJI

__all__ = ["TAIJI"]

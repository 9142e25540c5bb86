"""The genre kit: a vocabulary of rules whose encoding and plain-Python check are
written once, and a genre base class that derives everything else from them.

* :mod:`.model`: atoms, the :class:`Encoder` and :class:`Values` faces, :class:`Rule`,
  :class:`Layer`, :class:`Lazy`;
* :mod:`.layers`: what an answer cell holds (shading, numbers, lines);
* :mod:`.lattice`: grid geometry (neighbours, blocks, rows and columns, regions);
* :mod:`.rules`: counts, forbidden patterns, all-different, connectivity;
* :mod:`.genre`: :class:`KitGenre`, :class:`KitGeneration`.
"""
from .genre import KitAnswer, KitEncoded, KitGeneration, KitGenre, kit_formats
from .layers import Lines, Number, Shade, edge_atom
from .model import N, S, Atom, Encoder, Layer, Lazy, Rule, Values
from .rules import AllDifferent, Connected, Count, Fix, NotAll

__all__ = ["KitAnswer", "KitEncoded", "KitGeneration", "KitGenre", "kit_formats", "Lines",
           "Number", "Shade", "edge_atom", "Atom", "Encoder", "Layer", "Lazy", "Rule",
           "Values", "N", "S", "AllDifferent", "Connected", "Count", "Fix", "NotAll"]

"""The genre kit: a vocabulary of rules whose encoding and plain-Python check are
written once, and a genre base class that derives everything else from them.

* :mod:`.model`: atoms, the :class:`Encoder` and :class:`Values` faces, :class:`Rule`,
  :class:`Layer`, :class:`Lazy`;
* :mod:`.layers`: what an answer cell holds (shading, numbers, lines);
* :mod:`.lattice`: grid geometry (neighbours, blocks, rows and columns, regions);
* :mod:`.rules`: counts, forbidden patterns, all-different, connectivity;
* :mod:`.genre`: :class:`KitGenre`, :class:`KitGeneration`.

Its names are loaded when first asked for (:func:`__getattr__`): the URL and pzprv3 codecs
import :mod:`.urlcodec` and :mod:`.arrows` from here, and a run that reads a Flood-It
board should not pay for the whole kit (some 4 ms of start-up).
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .genre import KitAnswer, KitEncoded, KitGeneration, KitGenre, kit_formats
    from .layers import Lines, Number, Shade, edge_atom
    from .model import N, S, Atom, Encoder, Layer, Lazy, Rule, Values
    from .rules import AllDifferent, Connected, Count, Fix, NotAll

#: Each name of the kit's face, by the module that defines it.
_HOME = {
    **dict.fromkeys(("KitAnswer", "KitEncoded", "KitGeneration", "KitGenre", "kit_formats"), "genre"),
    **dict.fromkeys(("Lines", "Number", "Shade", "edge_atom"), "layers"),
    **dict.fromkeys(("N", "S", "Atom", "Encoder", "Layer", "Lazy", "Rule", "Values"), "model"),
    **dict.fromkeys(("AllDifferent", "Connected", "Count", "Fix", "NotAll"), "rules"),
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = ["KitAnswer", "KitEncoded", "KitGeneration", "KitGenre", "kit_formats", "Lines",
           "Number", "Shade", "edge_atom", "Atom", "Encoder", "Layer", "Lazy", "Rule",
           "Values", "N", "S", "AllDifferent", "Connected", "Count", "Fix", "NotAll"]

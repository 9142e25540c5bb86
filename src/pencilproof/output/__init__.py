"""Renderers: turn puzzles, solutions and verdicts into text and pictures for people.
Never calls a solver.

Terminal grids (:mod:`.unicode`) load with the package; the picture modules load when a
picture is first asked for (``from pencilproof.output import picture`` works as usual),
so that checking a puzzle on the command line does not pay for drawing code.
"""
from __future__ import annotations

import importlib
from typing import Any

from .unicode import cell_names, render_grid, render_pair

#: Names served lazily, by the module that defines them.
_LAZY = {"Scene": "scene", "picture": "scene", "picture_pair": "scene",
         "verdict_picture": "scene", "answer_picture": "scene", "to_svg": "svg",
         "write_picture": "files", "picture_kind": "files", "check_picture_path": "files",
         "numbered": "files"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __name__), name)


__all__ = ["render_grid", "render_pair", "cell_names", *_LAZY]

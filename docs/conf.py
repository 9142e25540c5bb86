"""Sphinx configuration for pencilproof's documentation (``make docs``).

Sphinx with MyST (Markdown) and the Furo theme: all three are actively released; MkDocs 1.x
has had no release since 2024. The build is strict: ``make docs`` passes ``-W -n``, so a
broken link, a missing page or any other warning fails it. Nothing is fetched at build time.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent / "src"))

from pencilproof import __version__  # noqa: E402

project = "pencilproof"
author = "the pencilproof developers"
copyright = "2026, the pencilproof developers"
version = release = __version__

extensions = ["myst_parser", "genre_facts"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "_ext"]
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]
html_theme = "furo"
html_title = f"pencilproof {__version__}"
# Blocks marked sh, python, json or text: an unlexable example must not pass silently.
highlight_language = "text"

"""Sphinx configuration of the pencilproof documentation (``make docs``).

Markdown through myst-parser, the furo theme, and one local extension
(``_ext/genrefacts.py``) that writes the genre tables from the genre registry. Built with
``-W --keep-going -n``: any warning (a broken link, a page outside every table of
contents, a missing page) fails the build. Nothing is fetched: no intersphinx, no remote
images.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent / "src"))  # the checkout's pencilproof, installed or not

import pencilproof  # noqa: E402

project = "pencilproof"
author = "the pencilproof authors"
copyright = "2026, the pencilproof authors"
release = version = pencilproof.__version__

extensions = ["myst_parser", "genrefacts"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_ext", "_data"]
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]
html_theme = "furo"
html_title = f"pencilproof {release}"
html_static_path: list[str] = []
# Fenced blocks tagged sh are shell sessions; output blocks are plain text.
highlight_language = "text"
suppress_warnings: list[str] = []

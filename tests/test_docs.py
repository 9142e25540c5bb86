"""The documentation's promises that a build alone would not catch: every registered genre
has its page (and no page names a genre that is gone), the README stays one screen, and its
links lead somewhere. ``make docs`` (part of ``make test``) builds the site with warnings as
errors; tests/test_readme.py runs the pages' commands."""
from __future__ import annotations

import re
from pathlib import Path

from pencilproof.encodings import GENRES

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def test_every_registered_genre_has_its_page_built_from_the_registry():
    pages = {p.stem for p in (DOCS / "genres").glob("*.md")} - {"index"}
    assert pages == set(GENRES)
    for name in GENRES:
        text = (DOCS / "genres" / f"{name}.md").read_text(encoding="utf-8")
        assert f"```{{genre-facts}} {name}\n```" in text, name


def test_the_readme_is_one_screen_and_its_links_lead_to_files():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200
    links = re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text)
    assert len(links) >= 10
    missing = [link for link in links if not (ROOT / link).is_file()]
    assert not missing, missing


def test_the_facts_of_a_genre_page_come_from_the_genre():
    import sys
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        from genre_facts import rows_of
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    table, _, written = rows_of("tapa")
    rows = dict(table)
    assert rows["name"] == "`tapa`"
    assert rows["reads"] == "text, JSON, puzz.link URL (`tapa`), pzprv3, Janko (`tapa`)"
    assert "generate, minimize, backbone, repair, explain, grade" in rows["commands"]
    assert written["url"] == "https://puzz.link/p?tapa/7/7/ga8g3h2ta8iblaeu2ga8g3g1\n"
    floodit = dict(rows_of("floodit")[0])
    assert floodit["question"] == "optimum" and "backbone" not in floodit["commands"]

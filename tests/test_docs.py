"""The documentation cannot drift from the code: every registered genre has its page, the
README's genre table is the one the registry writes, links between the pages resolve, and
the version is the same everywhere. (The site itself is built strictly by ``make docs``,
which ``make test`` runs before the tests.)"""
from __future__ import annotations

import importlib.metadata
import re
import sys
from pathlib import Path

import pytest

from pencilproof import __version__
from pencilproof.cli import main
from pencilproof.encodings import GENRES

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))
import genrefacts  # noqa: E402


def test_every_registered_genre_has_its_page_and_no_page_is_left_over():
    pages = {p.stem for p in (DOCS / "genres").glob("*.md")} - {"index"}
    assert pages == set(GENRES)
    for name in GENRES:
        text = (DOCS / "genres" / f"{name}.md").read_text(encoding="utf-8")
        assert f"```{{genre-facts}} {name}\n```" in text, name
        assert text.startswith(f"# {genrefacts.TITLES[name]}\n"), name
        assert "## Rules and the reading this project follows" in text, name


def test_the_readme_genre_table_is_the_registry_s():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- genre table: [^\n]*-->\n(.*?)<!-- end of genre table -->", text, flags=re.S)
    assert m, "the README's genre table markers are missing"
    assert m.group(1) == genrefacts.readme_table(), (
        "README.md's genre table differs from the registry: paste genrefacts.readme_table()")
    assert m.group(1).count("](docs/genres/") == len(GENRES)
    assert max(map(len, m.group(1).splitlines())) <= 100


def test_facts_read_the_contract():
    """Known facts: Flood-It asks for an optimum and has no URL or generator here, Taiji
    is judged up to inversion and read from Taiji Maker codes, Canal View has puzz.link's
    'canal' URLs and pzprv3 files."""
    flood = genrefacts.facts_markdown("floodit")
    assert "| question | optimum (fewest moves) |" in flood
    assert "minimize" not in flood and "| puzz.link ids (the first is written) | no URL |" in flood
    taiji = genrefacts.capabilities(GENRES["taiji"])
    assert taiji["question"] == "unique up to inversion" and taiji["codes"] == ("taiji",)
    canal = genrefacts.capabilities(GENRES["canal"])
    assert canal["url"] and canal["pzprv3"] == "canal" and canal["analysis"]
    assert "| [Canal View](canal.md) | `canal`, `canalview`, `canal-view` | `canal` | yes |" \
        in genrefacts.genre_table()
    assert genrefacts.readme_table().startswith("[Canal View](docs/genres/canal.md), ")


def test_a_genre_page_example_is_a_published_puzzle_that_reads_back():
    """The example on Sudoku's page is the smallest published record, as text that loads."""
    from pencilproof.formats import parse_text
    text = genrefacts.facts_markdown("sudoku")
    body = re.search(r"```text\n(.*?)```", text, flags=re.S).group(1)
    puzzle = parse_text(body, "example")
    from janko_data import janko_doc, janko_lines
    smallest = min((janko_doc("sudoku", i).puzzle for i in range(len(janko_lines("sudoku")))),
                   key=lambda p: p.rows * p.cols)
    assert puzzle == smallest and puzzle.rows == 6  # a 6x6 page (its own box pattern)


def markdown_files() -> list[Path]:
    return [ROOT / "README.md", ROOT / "CHANGELOG.md"] + sorted(
        p for p in DOCS.rglob("*.md") if "_build" not in p.parts)


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_point_at_files(path):
    """Links between the Markdown files resolve (on GitHub too, where no site is built)."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        file = target.split("#")[0]
        assert (path.parent / file).exists(), f"{path.name}: link to {target} has no file"


def test_readme_is_short_and_counts_the_genres():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200
    assert f" {len(GENRES)} genres" in text


def test_version_is_one_everywhere(capsys):
    assert importlib.metadata.version("pencilproof") == __version__
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"pencilproof {__version__}\n"
    assert f"## {__version__} " in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_conf_fetches_nothing():
    """The build runs with the package index as its only network: no intersphinx, no
    remote images."""
    import ast
    tree = ast.parse((DOCS / "conf.py").read_text(encoding="utf-8"))
    assigned = {t.id: node.value for node in tree.body if isinstance(node, ast.Assign)
                for t in node.targets if isinstance(t, ast.Name)}
    extensions = ast.literal_eval(assigned["extensions"])
    assert extensions == ["myst_parser", "genrefacts"]  # no sphinx.ext.intersphinx
    for path in markdown_files()[2:]:
        assert not re.search(r"!\[[^\]]*\]\(https?:", path.read_text(encoding="utf-8")), path

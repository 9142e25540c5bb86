"""The ``genre-facts`` directive: a genre page's table of names, formats and capabilities,
read from the genre registry at build time so the pages cannot drift from the code.

The example is a real puzzle (the first published janko.at record the tests hold, or the
bundled example), written in every format the genre can write; a format the genre lacks is
simply absent, because writing it is what decides.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from docutils.statemachine import StringList

from pencilproof.encodings import GENRES, get_genre
from pencilproof.encodings.contract import Question
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, write_document
from pencilproof.formats.spec import Document

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "src" / "pencilproof" / "examples"
JANKO = ROOT / "tests" / "data" / "janko"
#: Genres whose example is a bundled file rather than a published janko.at record.
BUNDLED = {"canal": "canal-course-17.txt", "smullyan": "smullyan.txt", "lightup": "akari.txt",
           "taiji": "taiji.txt", "floodit": "floodit.txt"}


def example(name: str) -> tuple[Document, str]:
    """The genre's example document and where it comes from."""
    if name in BUNDLED:
        path = EXAMPLES / BUNDLED[name]
        docs = parse_documents(path.read_text(encoding="utf-8"), path.name)
        where = f"`src/pencilproof/examples/{path.name}`"
    else:
        path = JANKO / f"{name}.jsonl"
        line = path.read_text(encoding="utf-8").splitlines()[0]
        docs = parse_documents(line, f"{path.name}:1")
        where = f"janko.at {json.loads(line)['source']} (`tests/data/janko/{path.name}`, line 1)"
    (_, doc), = docs
    assert not isinstance(doc, Exception), doc
    return doc, where


def published(name: str) -> int:
    path = JANKO / f"{name}.jsonl"
    if not path.exists():
        return 0
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def writes(doc: Document) -> dict[str, str]:
    """Every output format the genre writes this puzzle in, with the text."""
    genre = get_genre(doc.puzzle.genre)
    out = {}
    for fmt in ["url", "pzprv3", *(c.name for c in genre.formats.codes)]:
        try:
            out[fmt] = write_document(doc, fmt)
        except InputError:
            continue
    return out


def rows_of(name: str) -> tuple[list[tuple[str, str]], Document, dict[str, str]]:
    g = get_genre(name)
    doc, where = example(name)
    written = writes(doc)
    reads = ["text", "JSON"]
    if g.url_pids:
        reads.append("puzz.link URL (" + ", ".join(f"`{p}`" for p in g.url_pids) + ")")
    if "pzprv3" in written:
        reads.append("pzprv3")
    if g.formats.janko_names:
        reads.append("Janko (" + ", ".join(f"`{n}`" for n in g.formats.janko_names) + ")")
    reads += [f"`{c.name}` codes" for c in g.formats.codes]
    reads += [f"`{f.name}` files" for f in g.formats.files]
    question = g.question.value + (f" up to {g.symmetry}" if g.symmetry else "")
    can = ["check", "solve", "count", "verify", "url" if "url" in written else None,
           "convert", "render (SVG, PNG)"]
    if g.generator is not None:
        can += ["generate", "minimize"]
    if g.question is Question.UNIQUE:
        can += ["backbone", "repair", "explain", "grade"]
    n = published(name)
    return [("name", f"`{g.name}`"),
            ("aliases", ", ".join(f"`{a}`" for a in g.aliases) or "none"),
            ("rules in one line", g.summary),
            ("question", question),
            ("encodings", ", ".join(f"`{e}`" for e in g.encodings)),
            ("reads", ", ".join(reads)),
            ("commands", ", ".join(c for c in can if c)),
            ("published puzzles in the tests",
             f"{n} janko.at puzzles, each `unique` with its published solution" if n else
             "see the figures below"),
            ("example", where)], doc, written


class GenreFacts(Directive):
    required_arguments = 1
    has_content = False

    def run(self) -> list[Any]:
        name = self.arguments[0]
        table, doc, written = rows_of(name)
        md = ["| | |", "|---|---|"]
        md += ["| " + k + " | " + v.replace("|", "\\|") + " |" for k, v in table]
        md += ["", "The example as a text file (`pencilproof convert --to text`):", "", "```text",
               write_document(doc, "text").rstrip("\n"), "```"]
        for fmt, text in written.items():
            md += ["", f"As `--to {fmt}`:", "", "```text", text.rstrip("\n"), "```"]
        node = nodes.section()
        node.document = self.state.document
        # Inside a MyST page, nested content is parsed as Markdown.
        self.state.nested_parse(StringList(md), self.content_offset, node)
        return node.children


class GenreTable(Directive):
    """Every registered genre, one row each, linked to its page."""
    has_content = False

    def run(self) -> list[Any]:
        md = ["| genre | question | puzz.link | generate, minimize | rules in one line |",
              "|---|---|---|---|---|"]
        for g in GENRES.values():
            md.append(f"| [{g.name}]({g.name}.md) | {g.question.value} | "
                      + (", ".join(g.url_pids) or "-") + " | "
                      + ("yes" if g.generator is not None else "-") + f" | {g.summary} |")
        node = nodes.section()
        node.document = self.state.document
        self.state.nested_parse(StringList(md), self.content_offset, node)
        return node.children


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("genre-facts", GenreFacts)
    app.add_directive("genre-table", GenreTable)
    return {"parallel_read_safe": True, "version": "1"}

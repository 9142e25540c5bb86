"""The genre tables of the documentation, written from the genre registry at build time.

What a genre supports (names, formats, commands) is read from ``pencilproof.encodings``
(the genre contract), never typed by hand, so the pages cannot drift from the code:

- ``{genre-facts} NAME`` (a directive on each page of ``docs/genres/``): the genre's
  names, question, commands, formats and encodings, and an example: the smallest
  published janko.at puzzle of ``tests/data/janko/`` written as text and as a URL;
- ``{genre-table}``: one row per registered genre (``docs/genres/index.md``);
- :func:`readme_table`: the README's table; ``tests/test_docs.py`` fails when the table
  in README.md differs from it.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
JANKO = ROOT / "tests" / "data" / "janko"
#: The output of ``benchmarks/janko_genres.py`` as last measured (see docs/benchmarks.md).
FIGURES = Path(__file__).resolve().parents[1] / "_data" / "janko_genres.txt"


def genres() -> dict[str, Any]:
    """The registry: every genre the installed pencilproof knows, in its order."""
    from pencilproof.encodings import GENRES
    return dict(GENRES)


def capabilities(genre: Any) -> dict[str, Any]:
    """What one genre supports, read off its contract."""
    from pencilproof.encodings.contract import Genre, Question
    spec = genre.formats
    unique = genre.question is Question.UNIQUE
    generates = genre.generator is not None
    return {
        "question": ("unique" if unique else "optimum (fewest moves)")
        + (f" up to {genre.symmetry}" if genre.symmetry else ""),
        "check": True, "count": True,
        "generate": generates, "minimize": generates,
        "analysis": unique and generates,
        "url": bool(spec.url_body and genre.url_pids),
        "pzprv3": spec.pzprv3_pid,
        "janko": type(genre).read_janko is not Genre.read_janko or bool(spec.janko_names),
        "codes": tuple(code.name for code in spec.codes),
        "files": tuple(getattr(f, "name", "") for f in spec.files),
        "pictures": True,
    }


def _yes(flag: Any) -> str:
    return "yes" if flag else "no"


def _codes(names: tuple[str, ...] | list[str]) -> str:
    return ", ".join(f"`{n}`" for n in names) or "-"


def commands(genre: Any) -> str:
    caps = capabilities(genre)
    out = ["check", "solve", "count", "verify", "render", "convert"]
    if caps["generate"]:
        out += ["minimize", "generate"]
    if caps["analysis"]:
        out += ["backbone", "repair", "explain", "check --grade"]
    return ", ".join(f"`{c}`" for c in out)


def formats_line(genre: Any) -> str:
    caps = capabilities(genre)
    out = ["text", "JSON / `.jsonl`"]
    if caps["url"]:
        out.append("puzz.link URL")
    if caps["pzprv3"]:
        out.append("pzprv3")
    if caps["janko"]:
        out.append("Janko block")
    out += [f"{c} codes" for c in caps["codes"]]
    return ", ".join(out)


def facts_markdown(name: str) -> str:
    """The facts table and example of one genre's page, as Markdown."""
    g = genres()[name]
    caps = capabilities(g)
    rows = [
        ("name (text headers, JSON `genre`)", f"`{g.name}`"),
        ("also read", _codes(g.aliases)),
        ("summary", g.summary or "-"),
        ("question", caps["question"]),
        ("commands", commands(g)),
        ("reads and writes", formats_line(g)),
        ("puzz.link ids (the first is written)", _codes(g.url_pids) if caps["url"] else "no URL"),
        ("pzprv3 pid", f"`{caps['pzprv3']}`" if caps["pzprv3"] else "no pzprv3 file"),
        ("Janko `puzzle` names", _codes(g.formats.janko_names) if caps["janko"] else "no Janko block"),
        ("encodings (the first is the default)", _codes(g.encodings)),
        ("pictures", "SVG; PNG with the `png` extra"),
    ]
    lines = ["| | |", "|---|---|"] + [f"| {k} | {v} |" for k, v in rows]
    figures = _figures(name)
    if figures:
        lines += ["", figures]
    example = _example(name)
    if example:
        lines += ["", example]
    return "\n".join(lines) + "\n"


def _figures(name: str) -> str:
    """The genre's row(s) of the last janko_genres.py run, as a sentence (columns by the
    table's header: genre, pages, read, right, wrong, unknown, median s, max s, lines)."""
    lines = FIGURES.read_text(encoding="utf-8").splitlines()
    head = lines[0].replace("median s", "median").replace("max s", "max").split()
    rows = [dict(zip(head, line.split())) for line in lines[1:] if line.strip()]
    found = [r for r in rows if r["genre"] == name or r["genre"].startswith(name + "_")]
    if not found:
        return ""
    said = "; ".join(f"{r['genre']}: {r['pages']} published pages, {r['right']} right, "
                     f"{r['unknown']} unknown, median {r['median']} s, slowest {r['max']} s of CPU"
                     for r in found)
    return (f"Figures (`benchmarks/janko_genres.py` on the visible quarter of each janko.at "
            f"collection, a verdict each: encode and both solves; [all genres]"
            f"(../benchmarks.md#kit-genres-on-published-puzzles)): {said}; the genre module "
            f"has {found[0]['lines']} lines of code.")


def _example(name: str) -> str:
    """The smallest published janko.at puzzle of the genre as text (and URL), if any."""
    path = JANKO / f"{name}.jsonl"
    if not path.exists():
        return ""
    from pencilproof.formats import Document, to_url, write_document
    from pencilproof.formats.janko import parse_janko
    best = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        doc = parse_janko(record["janko"], record["source"], record.get("janko_genre"))
        doc = doc[0] if isinstance(doc, list) else doc
        cells = doc.puzzle.rows * doc.puzzle.cols
        if best is None or cells < best[0]:
            best = (cells, record["source"].split(" ")[0], doc)
    if best is None:
        return ""
    _, source, doc = best
    text = write_document(Document(doc.puzzle), "text").rstrip("\n")
    out = [f"Example: the smallest of the published puzzles the tests use ({source}), "
           "as a text file:", "", "```text", text, "```"]
    if capabilities(genres()[name])["url"]:
        from pencilproof.errors import InputError
        try:
            out += ["", f"and as a puzz.link URL: `{to_url(doc.puzzle)}`"]
        except InputError as e:  # what this puzzle holds has no URL form: say so
            out += ["", f"It has no puzz.link URL: {e}."]
    return "\n".join(out)


def genre_table(link: str = "{name}.md") -> str:
    """One row per registered genre: page, name, aliases, what it supports."""
    lines = ["| genre | name, also read | puzz.link | generate, minimize, analysis | formats |",
             "|---|---|---|---|---|"]
    for name, g in genres().items():
        caps = capabilities(g)
        title = TITLES.get(name, name)
        aliases = ", ".join([f"`{name}`"] + [f"`{a}`" for a in g.aliases[:2]])
        jobs = "yes" if caps["analysis"] else "generate, minimize" if caps["generate"] else "no"
        if not caps["generate"]:
            jobs = "no (fewest moves: `solve`)" if "optimum" in caps["question"] else "no"
        fmt = [f for f, on in (("URL", caps["url"]), ("pzprv3", caps["pzprv3"]),
                               ("Janko", caps["janko"])) if on] + [f"{c} codes" for c in caps["codes"]]
        lines.append(f"| [{title}]({link.format(name=name)}) | {aliases} | "
                     f"{_codes(g.url_pids[:1]) if caps['url'] else '-'} | {jobs} | "
                     f"{', '.join(fmt) or 'text, JSON'} |")
    return "\n".join(lines) + "\n"


def readme_table(width: int = 100) -> str:
    """The README's genre list: every genre's page (docs/genres/), as many to a line as
    fit ``width``; the full table (names, puzz.link ids, formats) is the genre index's,
    so the README stays short as genres are added (about three genres a line)."""
    items = [f"[{TITLES.get(name, name)}](docs/genres/{name}.md)" for name in genres()]
    lines: list[str] = []
    for i, item in enumerate(items):
        item += "," if i < len(items) - 1 else "."
        if lines and len(lines[-1]) + 1 + len(item) <= width:
            lines[-1] += " " + item
        else:
            lines.append(item)
    return "\n".join(lines) + "\n"


#: Page titles: the genre's usual name (the registry holds only its short names).
TITLES = {
    "canal": "Canal View", "smullyan": "Smullyanic Dynasty", "lightup": "Akari (Light Up)",
    "taiji": "Taiji", "floodit": "Flood-It", "nurikabe": "Nurikabe", "heyawake": "Heyawake",
    "hitori": "Hitori", "kurodoko": "Kurodoko", "mochikoro": "Mochikoro", "tapa": "Tapa",
    "creek": "Creek", "norinori": "Norinori", "lits": "LITS", "starbattle": "Star Battle",
    "shakashaka": "Shakashaka", "gokigen": "Gokigen Naname", "minesweeper": "Minesweeper",
    "battleships": "Battleships", "tents": "Tents", "magnets": "Magnets", "binairo": "Binairo",
    "lighthouses": "Lighthouses", "slitherlink": "Slitherlink", "masyu": "Masyu",
    "yajilin": "Yajilin", "country": "Country Road", "numberlink": "Numberlink",
    "grandtour": "Grand Tour", "corral": "Corral", "linesweeper": "Linesweeper",
    "hashi": "Hashiwokakero", "fillomino": "Fillomino", "shikaku": "Shikaku",
    "galaxies": "Galaxies", "dominos": "Dominos", "sudoku": "Sudoku",
    "killer_sudoku": "Killer Sudoku", "kakuro": "Kakuro", "ripple": "Ripple Effect",
    "futoshiki": "Futoshiki", "skyscrapers": "Skyscrapers", "kenken": "KenKen",
    "str8ts": "Str8ts", "hidoku": "Hidoku", "easyasabc": "Easy as ABC",
    "kakurasu": "Kakurasu", "nonogram": "Nonogram",
    "gappy": "Gappy", "tilepaint": "Tilepaint (Tairupeinto)", "shimaguni": "Shimaguni",  # shading (issue 40)
    "foseruzu": "Foseruzu (Four Cells)", "burokku": "Burokku",
    "lampions": "Lampions",  # placement (issue 40)
    "knossos": "Knossos", "patchwork": "Patchwork (Tatami)",  # regions (issue 40)
    "walls": "Walls (Mauerbau)", "pipeline": "Pipeline", "doors": "Doors (Tueren)",  # paths (issue 40)
    "spotlight": "Spotlight",  # paths (issue 40)
    "eulero": "Eulero", "mathrax": "Mathrax",  # numbers-a (issue 40)
    "tenner": "Tenner (Zehnergitter)",  # numbers-a (issue 40)
    "latin_sums": "Latin Sums (Lateinische Summen)",  # numbers-a (issue 40)
    "nanbaboru": "Nanbaboru (Number Ball)",  # numbers-a (issue 40)
    "abc_path": "Abc Path", "abc_kombi": "Abc Kombi (ABCD)",  # letters-arrows (issue 40)
    "pills": "Pills (Pillen)",  # placement (issue 40)
    "arrow_numbers": "Arrow Numbers (Pfeilzahlen)",  # letters-arrows (issue 40)
}


def setup(app: Any) -> dict[str, Any]:
    """Register the two directives (Sphinx extension entry point)."""
    from docutils.parsers.rst import Directive
    from docutils.statemachine import StringList

    def markdown_directive(make: Any, arguments: int) -> type:
        """A directive whose body is the Markdown ``make(arguments)`` writes."""

        class Generated(Directive):
            required_arguments = arguments

            def run(self) -> list[Any]:
                from docutils import nodes
                if arguments and self.arguments[0] not in genres():
                    raise self.error(f"{self.name}: {self.arguments[0]!r} is not a registered genre")
                box = nodes.container()
                self.state.nested_parse(StringList(make(*self.arguments).splitlines(), "genre registry"),
                                        self.content_offset, box)
                return list(box.children)

        return Generated

    app.add_directive("genre-facts", markdown_directive(facts_markdown, 1))
    app.add_directive("genre-table", markdown_directive(genre_table, 0))
    return {"parallel_read_safe": True, "parallel_write_safe": True}

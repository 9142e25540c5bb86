"""The published janko.at puzzles copied into tests/data/janko, read as documents (the
genre tests' Janko reading checks and the test over every record share these)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from pencilproof.formats import parse_documents
from pencilproof.formats.spec import Document

JANKO = Path(__file__).parent / "data" / "janko"


@lru_cache(maxsize=None)
def janko_lines(stem: str) -> tuple[dict, ...]:
    """The records of ``tests/data/janko/<stem>.jsonl`` ({"source", "janko_genre", "janko"})."""
    text = (JANKO / f"{stem}.jsonl").read_text()
    return tuple(json.loads(line) for line in text.splitlines() if line.strip())


def janko_doc(stem: str, i: int) -> Document:
    """Record ``i`` (from 0) of ``<stem>.jsonl`` read as a JSON document (what ``pencilproof
    check`` reads from the line saved as a file): its puzzle and published solution."""
    (_, doc), = parse_documents(json.dumps(janko_lines(stem)[i]), f"{stem}.jsonl:{i + 1}")
    assert not isinstance(doc, Exception), doc
    return doc

"""Shared fixtures: the real puzzle records copied from ../shared/data into tests/data."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def records(genre: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / f"{genre}.jsonl").read_text().splitlines()
            if line.strip()]


def course(genre: str) -> list[dict]:
    """The course collection in order (get_grid(0) .. get_grid(N))."""
    out = [r for r in records(genre) if "get_grid(" in r["source"]]
    out.sort(key=lambda r: int(r["source"].split("get_grid(")[1].split(")")[0]))
    return out


@pytest.fixture
def run_cli(capsys):
    """Run ``pencilproof`` in-process; returns (exit code, stdout, stderr)."""
    from pencilproof.cli import main

    def run(*argv: str):
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err
    return run

"""Shared fixtures: the real puzzle records copied from ../shared/data into tests/data."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def records(genre: str) -> list[dict]:
    """A genre's records: ``tests/data/<genre>.jsonl``, or for a genre whose real puzzles
    are published janko.at blocks (``tests/data/janko/*.jsonl``, kit genres), those blocks
    as records (``kind`` puzzle, ``unique``, the published ``solution``)."""
    path = DATA / f"{genre}.jsonl"
    if path.exists():
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [r for r in janko_records() if r["genre"] == genre]


def janko_records() -> list[dict]:
    """Every published Janko block in tests/data/janko as a record of its genre."""
    from pencilproof.formats.janko import parse_janko
    out = []
    for path in sorted((DATA / "janko").glob("*.jsonl")):
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            rec = json.loads(line)
            try:
                doc = parse_janko(rec["janko"], rec["source"])
            except ValueError:  # a genre not registered (yet): no record of it
                continue
            out.append({**doc.puzzle.to_doc(), "kind": "puzzle", "source": rec["source"],
                        "unique": True, "solution": doc.solution.to_json()})
    return out


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


def switch_solutions(blank, clues: dict, state: dict, backend: str = "cadical",
                     limit: int = 500, answer=None) -> set:
    """Every solution of one switch state of a SwitchBoard (the generator's solver),
    enumerated with blocking clauses; ``answer(board, sol)`` maps a solution to rows."""
    from pencilproof.checker import Status
    from pencilproof.checker.switchboard import Switch, SwitchBoard
    board = SwitchBoard(blank, clues, backend)
    try:
        board.set(clues, Switch.OFF)
        for c, v in state.items():
            board.set([c], v)
        out = set()
        while True:
            status, sol = board.solve()
            if status is Status.UNSAT:
                return out
            assert status is Status.SAT and len(out) < limit
            out.add(answer(board, sol) if answer else sol.rows)
            board.block(sol)
    finally:
        board.close()


def solution_set(puzzle, limit: int = 500) -> set:
    """Every solution of a puzzle through the checker's count() (must be complete)."""
    from pencilproof import count
    res = count(puzzle, limit=limit)
    assert res.complete
    return {s.rows for s in res.solutions}


#: The share of clue candidates loose_boards keeps, where 60% leaves nothing open (a
#: Sudoku candidate fixes its cell outright: a fifth of them leave a 5x5 ambiguous).
LOOSE_SHARE = {"sudoku": 0.2, "futoshiki": 0.15, "skyscrapers": 0.15, "kakuro": 0.0,
               "numberlink": 0.7, "dominos": 0.8,
               "str8ts": 0.25,
               "hitori": 0.9, "kurodoko": 0.3, "creek": 0.4, "starbattle": 0.1, "tents": 0.2,
               "battleships": 0.3, "grandtour": 0.15, "yajilin": 0.4, "magnets": 0.15,
               "pipeline": 0.3, "walls": 0.8, "eulero": 0.2, "mathrax": 0.15,
               "knossos": 0.8, "spotlight": 0.9, "patchwork": 0.3,
               "lampions": 0.9,
               "nanbaboru": 0.3}
#: Extra columns on odd sizes, for genres with no answer on an odd number of cells
#: (Grand Tour: a loop through every cell).
LOOSE_WIDER = {"dominos": 1, "grandtour": 1}


def loose_boards(name: str, n: int, seed: int, size: int) -> list:
    """``n`` random size x size answers of a genre, each with about 60% of its clue
    candidates (:data:`LOOSE_SHARE` for some): often not unique (what backbone and
    repair are for)."""
    import random

    from pencilproof.encodings import GENRES
    hooks = GENRES[name].generator
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        answer = hooks.random_answer(size, size + LOOSE_WIDER.get(name, 0) * (size % 2), rng, None,
                                     None)
        cands = hooks.clue_candidates(answer)
        share = LOOSE_SHARE.get(name, 0.6)
        chosen = {k: cands[k] for k in sorted(cands, key=repr) if rng.random() < share}
        out.append(hooks.with_clues(hooks.blank_for(answer), chosen))
    return out


#: Modules whose tests measure wall time (a stop within 1 s, a latency, a time limit kept):
#: ``make test`` runs them in one process after the rest has run on every core, so another
#: test's load never makes them late. Any ``test_limits_*`` module is one of them.
TIMED = {"test_big_grids", "test_cli", "test_cli_robust", "test_cluster", "test_floodit_astar",
         "test_fuzz", "test_generate", "test_generate_robust", "test_robust_input", "test_web",
         "test_web_browser", "test_web_workbench", "test_z3_context"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        name = item.nodeid.partition("::")[0].rpartition("/")[2].removesuffix(".py")
        if name in TIMED or name.startswith("test_limits"):
            item.add_marker(pytest.mark.timed)


def pigeonhole(b, n: int) -> None:
    """n + 1 pigeons in n holes: unsatisfiable and hard for a CDCL solver."""
    v = {(i, j): b.new_var() for i in range(n + 1) for j in range(n)}
    for i in range(n + 1):
        b.add_clause([v[i, j] for j in range(n)])
    for j in range(n):
        for i in range(n + 1):
            for k in range(i + 1, n + 1):
                b.add_clause([-v[i, j], -v[k, j]])

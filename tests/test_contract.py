"""The genre contract: every registered genre satisfies all of it, and the two questions
(unique up to a symmetry, optimum) work on throwaway genres with known answers."""
from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from pencilproof.checker import Verdict, check, count, optimum, solve
from pencilproof.encodings import (GENRES, FormatSpec, Generation, Genre, Question,
                                   get_genre, minimizing_genres, register,
                                   unregister)
from pencilproof.errors import InputError
from pencilproof.formats import document_to_doc, puzzle_from_doc
from pencilproof.formats.jsondoc import document_from_doc
from pencilproof.formats.spec import Document
from pencilproof.formats.text import parse_text, to_text
from pencilproof.formats.url import URL_PARTS
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Answer, Puzzle

from conftest import records
from toy_genres import DOMINATION, STRIPES

SRC = Path(__file__).parent.parent / "src" / "pencilproof"
NAMES = sorted(GENRES)


def _solved(name: str) -> list[dict]:
    return [r for r in records(name)
            if r.get("kind") == "puzzle" and r.get("solution") and ("grid" in r or "code" in r)][:8]


# -- every registered genre satisfies the whole contract ---------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_declarations(name):
    g = GENRES[name]
    assert isinstance(g, Genre) and g.name == name
    assert g.encodings and isinstance(g.formats, FormatSpec)
    assert bool(g.formats.url_body) == bool(g.url_pids) and set(g.formats.url_body) <= set(URL_PARTS)
    assert isinstance(g.question, Question)
    assert (g.optimisation is not None) == (g.question is Question.OPTIMUM)
    assert g.generator is None or isinstance(g.generator, Generation)
    if g.generator is not None:
        lo, hi = g.generator.density_range
        assert lo <= g.generator.default_density <= hi
    for alias in (g.name, *g.aliases, *g.url_pids):
        assert get_genre(alias.upper()) is g


def test_names_are_unique_across_genres():
    names = [{g.name, *g.aliases, *g.url_pids} for g in GENRES.values()]
    assert all(not (a & b) for i, a in enumerate(names) for b in names[i + 1:])
    with pytest.raises(ValueError, match="already registered: canal"):
        register(GENRES["canal"])


@pytest.mark.parametrize("name", NAMES)
def test_records_read_verify_and_write_back(name):
    """Givens through the text format and back; each published answer is typed, passes the
    verifier, is what the checker finds, and survives the JSON document round trip."""
    g = GENRES[name]
    recs = _solved(name)
    assert recs, f"no solved records for {name}"
    for rec in recs:
        p = puzzle_from_doc(rec, "record")
        assert parse_text(to_text(p), "t") == p
        assert all(g.parse_clue(g.clue_token(v), "x") == v for row in p.grid for v in row)
        answer = g.parse_solution(p, rec["solution"], "record")
        assert isinstance(answer, g.answer_type) and isinstance(answer, Answer)
        assert g.verify(p, answer) == []
        doc = document_from_doc(document_to_doc(Document(p, answer)), "again")
        assert doc.puzzle == p and doc.solution == answer
        if rec.get("unique"):
            res = check(p)
            assert res.verdict is Verdict.UNIQUE and res.solutions == (answer,)


@pytest.mark.parametrize("name", [g.name for g in minimizing_genres()])
def test_generator_hooks_make_a_unique_puzzle(name):
    hooks = GENRES[name].generator
    rng = random.Random(7)
    n = getattr(hooks, "example_size", 6)  # (a genre without 6x6 answers names its size)
    answer = hooks.random_answer(n, n, rng, None, False)
    blank = hooks.blank_for(answer)
    cands = hooks.clue_candidates(answer)
    assert cands and all(hooks.clue_holds(answer, k, v) for k, v in cands.items())
    full = hooks.with_clues(blank, cands)
    assert GENRES[name].verify(full, hooks.answer_for(full, answer)) == []
    got = generate_one(GenerateOptions(genre=name, rows=n, cols=n).validate(), 3, 0)
    assert got is not None
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == got.solution


def test_a_genre_without_generator_says_so():
    register(STRIPES)
    try:
        with pytest.raises(InputError, match="genre 'stripes' has no generator"):
            GenerateOptions(genre="stripes").validate()
    finally:
        unregister("stripes")


# -- the unique question up to a symmetry ---------------------------------------------------
@pytest.fixture
def toys():
    register(STRIPES)
    register(DOMINATION)
    yield
    unregister("stripes")
    unregister("domination")


def _blank(genre: str, rows: int, cols: int, clues: dict | None = None) -> Puzzle:
    return Puzzle(genre, rows, cols, ((None,) * cols,) * rows).with_clues(clues or {})


@pytest.mark.parametrize("backend", ["cadical", "z3"])
def test_unique_up_to_inversion(toys, backend):
    one_row = check(_blank("stripes", 1, 4), backend=backend)
    assert one_row.verdict is Verdict.UNIQUE and one_row.up_to == "inversion"
    assert one_row.to_json()["up_to"] == "inversion"
    two_rows = check(_blank("stripes", 2, 3), backend=backend)
    assert two_rows.verdict is Verdict.MULTIPLE
    a, b = two_rows.solutions
    assert b not in STRIPES.images(_blank("stripes", 2, 3), a)   # not just the inverse
    res = count(_blank("stripes", 3, 2), backend=backend)
    assert (res.count, res.classes, res.complete, res.up_to) == (8, 4, True, "inversion")


def test_givens_break_the_symmetry(toys):
    p = _blank("stripes", 2, 2, {(0, 0): "#"})
    res = check(p)
    assert res.verdict is Verdict.MULTIPLE and res.up_to is None
    assert "up_to" not in res.to_json()
    full = count(p)
    assert (full.count, full.classes) == (2, None)
    fixed = count(_blank("stripes", 2, 2, {(0, 0): "#", (1, 1): "o"}))
    assert fixed.count == 1 and [s.rows for s in fixed.solutions] == [("##", "..")]


# -- the optimum question -------------------------------------------------------------------
@pytest.mark.parametrize("n,gamma", [(1, 1), (2, 2), (3, 3), (4, 4), (5, 7), (6, 10)])
def test_optimum_is_the_published_domination_number(toys, n, gamma):
    res = optimum(_blank("domination", n, n))
    assert res.verdict is Verdict.OPTIMAL and res.proven and res.optimum == gamma
    assert len(res.answer.shaded) == gamma and DOMINATION.verify(_blank("domination", n, n),
                                                                   res.answer) == []


@pytest.mark.parametrize("backend", ["cadical", "z3"])
def test_a_limit_is_judged_tight_loose_or_unachievable(toys, backend):
    p = _blank("domination", 5, 5)
    verdicts = {k: check(p, limit=k, backend=backend).verdict for k in (6, 7, 8)}
    assert verdicts == {6: Verdict.NOT_ACHIEVABLE, 7: Verdict.TIGHT, 8: Verdict.NOT_TIGHT}
    assert [v.exit_code for v in verdicts.values()] == [1, 0, 1]
    assert len(solve(p, backend=backend).shaded) == 7
    out = check(p, limit=7).to_json()
    assert (out["optimum"], out["proven"], out["lower_bound"], out["limit"]) == (7, True, 7, 7)


def test_optimum_time_limit_is_unknown_not_wrong(toys):
    res = optimum(_blank("domination", 9, 9), time_limit=1e-9)
    assert res.verdict is Verdict.UNKNOWN and res.optimum is None
    assert res.lower_bound <= 20 <= res.best    # gamma(9x9) = 20 (OEIS A104519)


def test_limit_on_a_unique_genre_is_bad_input():
    p = puzzle_from_doc(records("canal")[0], "r")
    with pytest.raises(InputError, match="a limit applies only to optimisation genres"):
        check(p, limit=3)


# -- housekeeping the contract makes checkable ----------------------------------------------
def _modules() -> dict[str, Path]:
    out = {}
    for path in SRC.rglob("*.py"):
        rel = path.relative_to(SRC.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _top_level_imports(name: str, path: Path, known: set[str]) -> set[str]:
    pkg = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.ImportFrom):
            base = pkg.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            subs = [f"{target}.{a.name}" for a in node.names]
            out.update(s for s in subs if s in known)
            if target in known and not any(s in known for s in subs):
                out.add(target)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in known)
    return out


def test_no_import_circle():
    mods = _modules()
    graph = {m: _top_level_imports(m, p, set(mods)) - {m} for m, p in mods.items()}
    state: dict[str, int] = {}

    def visit(m: str, stack: list[str]) -> None:
        state[m] = 1
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                raise AssertionError("import circle: " + " -> ".join(stack + [m, n]))
            if n not in state:
                visit(n, stack + [m])
        state[m] = 2
    for m in sorted(graph):
        if m not in state:
            visit(m, [])


#: Function-local imports allowed: heavy or optional modules loaded only when a command
#: needs them (start-up time), third-party or our own (PNG drawing, the generator).
LAZY = {"z3", "pysat.solvers", "PIL", "tqdm", "multiprocessing_logging", "ctypes", "fcntl",
        "dask", "distributed", "uvicorn", "numpy"}
LAZY_OWN = {"png", "generator", "generator.generate", "generator.pool", "generator.minimize",
            "cluster", "analysis",  # cli.analysis for check --grade: backbone, explain, grade
            "output.files", "output.scene", "output.svg", "web.app",
            # the terminal grids, for the commands' runs that draw one (start-up of solve)
            "output.unicode",
            # Flood-It's solver side, for a board the first A* slice leaves open
            "portfolio", "search", "sat"}


def test_no_probing_and_no_needless_local_imports():
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id == "hasattr":
                # Only the platform may be probed (POSIX-only signal functions).
                target = node.args[0]
                assert isinstance(target, ast.Name) and target.id in {"signal", "os", "sys"}, \
                    f"{path}:{node.lineno}: hasattr probing"
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                    [a.name for a in node.names]
                assert "inspect" not in names, f"{path}:{node.lineno}: inspect"
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.ImportFrom):
                    ok = node.module in (LAZY_OWN if node.level else LAZY)
                    assert ok, f"{path}:{node.lineno}: local import of {node.module}"
                elif isinstance(node, ast.Import):
                    assert all(a.name in LAZY for a in node.names), \
                        f"{path}:{node.lineno}: local import"


# -- the CLI asks each genre its own question ------------------------------------------------
def _grid_file(tmp_path, genre: str, rows: int, cols: int) -> str:
    path = tmp_path / f"{genre}.txt"
    path.write_text(f"{genre} {rows}x{cols}\n" + "\n".join([" ".join("." * cols)] * rows) + "\n")
    return str(path)


def test_cli_unique_up_to_inversion(toys, tmp_path, run_cli):
    import json
    code, out, _ = run_cli("check", "--json", _grid_file(tmp_path, "stripes", 1, 4))
    doc = json.loads(out)
    assert code == 0 and doc["verdict"] == "unique" and doc["up_to"] == "inversion"
    code, out, _ = run_cli("count", _grid_file(tmp_path, "stripes", 3, 2))
    assert code == 0 and "8 solutions, 4 up to inversion" in out
    code, out, _ = run_cli("check", "-q", _grid_file(tmp_path, "stripes", 1, 4))
    assert "unique up to inversion" in out.splitlines()[0]


def test_cli_optimum_and_limits(toys, tmp_path, run_cli):
    import json
    board = _grid_file(tmp_path, "domination", 5, 5)
    assert run_cli("check", "-q", "--limit", "7", board)[0] == 0
    code, out, _ = run_cli("check", "--json", "--limit", "6", board)
    assert code == 1 and json.loads(out)["verdict"] == "not_achievable"
    code, out, _ = run_cli("check", "--limit", "9", board)
    assert code == 1 and "not_tight" in out and "optimum 7 (proven); limit 9" in out
    code, out, _ = run_cli("solve", "--json", board)
    doc = json.loads(out)
    assert code == 0 and (doc["optimum"], doc["proven"]) == (7, True)
    assert sum(row.count("#") for row in doc["solution"]) == 7
    code, _, err = run_cli("check", "--limit", "3", "src/pencilproof/examples/canal-course-17.txt")
    assert code == 2 and "a limit applies only to optimisation genres" in err

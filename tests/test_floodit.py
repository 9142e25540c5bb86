"""Flood-It: proven optima against independently known ones (the shared records and a
breadth-first search written here, sharing no code with the package), the seed's five
modes, SMT-LIB that parses back in z3, the formats, and bad boards' one-line errors."""
from __future__ import annotations

import json
import random

import pytest

from pencilproof import Verdict, check
from pencilproof.checker import count, optimum
from pencilproof.encodings import GENRES, ModeOptions
from pencilproof.errors import InputError
from pencilproof.formats import load, write_document
from pencilproof.formats.jsondoc import puzzle_from_doc
from pencilproof.formats.spec import Document
from pencilproof.puzzle import Puzzle

from conftest import records

FLOOD = GENRES["floodit"]
RECS = [r for r in records("floodit") if r.get("optimal_moves")]


# -- an independent breadth-first search --------------------------------------------------
def _flood_region(cells: tuple[int, ...], w: int, h: int, start: int) -> frozenset[int]:
    colour, seen, todo = cells[start], {start}, [start]
    while todo:
        i = todo.pop()
        r, c = divmod(i, w)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            j = rr * w + cc
            if 0 <= rr < h and 0 <= cc < w and j not in seen and cells[j] == colour:
                seen.add(j)
                todo.append(j)
    return frozenset(seen)


def bfs(rows: list[str], start: int = 0) -> tuple[int, int]:
    """(fewest moves, number of distinct shortest colour sequences) by BFS over boards."""
    h, w = len(rows), len(rows[0])
    first = tuple(int(ch) for row in rows for ch in row)
    colours = sorted(set(first))
    ways = {first: 1}
    layer = [first]
    depth = 0
    seen = {first}
    while True:
        done = [b for b in layer if len(set(b)) == 1]
        if done:
            return depth, sum(ways[b] for b in done)
        nxt: dict[tuple[int, ...], int] = {}
        for board in layer:
            region = _flood_region(board, w, h, start)
            for c in colours:
                if c == board[start]:
                    continue
                new = tuple(c if i in region else v for i, v in enumerate(board))
                if new in seen and new not in nxt:
                    continue
                nxt[new] = nxt.get(new, 0) + ways[board]
        seen.update(nxt)
        ways.update(nxt)
        layer = list(nxt)
        depth += 1


def test_bfs_itself_on_hand_made_boards():
    assert bfs(["01"]) == (1, 1)
    assert bfs(["010"]) == (2, 1)
    assert bfs(["012"]) == (2, 1)
    assert bfs(["01", "20"]) == (3, 4)   # 120, 102, 210, 201 (the 0s touch only diagonally)


def _puzzle(rows: list[str], **params) -> Puzzle:
    grid = tuple(tuple(int(ch) for ch in row) for row in rows)
    return Puzzle("floodit", len(rows), len(rows[0]), grid).with_params(**params)


def _random_board(rng: random.Random, h: int, w: int, k: int) -> list[str]:
    while True:
        rows = ["".join(str(rng.randrange(k)) for _ in range(w)) for _ in range(h)]
        if set("".join(rows)) == {str(c) for c in range(k)}:
            return rows


CASES = [(seed, h, w, k) for seed, (h, w, k) in enumerate(
    [(2, 3, 3), (3, 3, 3), (3, 4, 4), (4, 4, 3), (4, 4, 4), (4, 5, 3), (5, 5, 3), (5, 5, 4),
     (5, 4, 4), (5, 5, 4), (3, 5, 4), (5, 5, 3)])]


@pytest.mark.parametrize("backend", ["cadical", "z3"])
@pytest.mark.parametrize("case", CASES, ids=lambda c: f"seed{c[0]}-{c[1]}x{c[2]}c{c[3]}")
def test_optimum_and_count_match_bfs(case, backend):
    seed, h, w, k = case
    rows = _random_board(random.Random(seed), h, w, k)
    best, ways = bfs(rows)
    p = _puzzle(rows)
    res = optimum(p, backend=backend)
    assert res.proven and res.optimum == best and len(res.answer) == best
    assert FLOOD.verify(p, res.answer) == []
    n = count(p, limit=200, backend=backend)
    assert n.complete and n.count == min(ways, 200)
    assert len({s.colours for s in n.solutions}) == n.count


def test_pivot_elsewhere_matches_bfs():
    rows = _random_board(random.Random(42), 4, 5, 3)
    for r, c in [(1, 2), (3, 4)]:
        res = optimum(_puzzle(rows, pivot=(r, c)))
        assert res.optimum == bfs(rows, r * 5 + c)[0]


# -- the shared records ------------------------------------------------------------------
SMALL = [r for r in RECS if r["rows"] <= 12 or (r["rows"] == 14 and r.get("colors") == 6)]


@pytest.mark.parametrize("rec", SMALL, ids=lambda r: r["source"].split("/")[-1][:14])
def test_known_optima(rec):
    p = puzzle_from_doc(rec, "record")
    res = optimum(p)
    assert res.verdict is Verdict.OPTIMAL and res.optimum == rec["optimal_moves"]
    assert FLOOD.verify(p, res.answer) == [] and len(res.answer) == rec["optimal_moves"]


def test_known_optima_on_z3_and_the_limit_verdicts():
    rec = next(r for r in RECS if r["source"].endswith("002.txt (README calls the binary color-flood-rs)"))
    p = puzzle_from_doc(rec, "record")
    opt = rec["optimal_moves"]
    assert optimum(p, backend="z3").optimum == opt
    assert check(p, limit=opt).verdict is Verdict.TIGHT
    assert check(p, limit=opt + 1).verdict is Verdict.NOT_TIGHT
    assert check(p, limit=opt - 1).verdict is Verdict.NOT_ACHIEVABLE
    assert check(p.with_params(limit=opt - 1)).verdict is Verdict.OPTIMAL   # library: explicit


def test_the_shared_records_are_all_here():
    thesis = [r for r in RECS if "99problems" in r["source"]]
    assert len(thesis) == 39 and all(12 <= r["rows"] <= 20 for r in thesis)
    assert len(SMALL) >= 12


# -- the seed's modes ----------------------------------------------------------------------
SEED_BOARD = ["011101", "011012", "021101", "100020", "000112", "110220"]   # 001.txt, optimum 5


def _mode(name: str, **kw):
    return next(m for m in FLOOD.modes if m.name == name).run(_puzzle(SEED_BOARD), ModeOptions(**kw))


def test_every_seed_mode():
    assert {m.name for m in FLOOD.modes} == {"opt", "min", "search", "exact", "solve"}
    for name, kw in [("opt", {}), ("opt", {"upper": 8}), ("min", {}),
                     ("search", {"lower": 3, "upper": 9})]:
        res = _mode(name, **kw)
        assert res.status == "sat" and len(res.answer) == 5, (name, kw)
        assert FLOOD.verify(_puzzle(SEED_BOARD), res.answer) == []
    res = _mode("exact", moves=7)
    assert res.status == "sat" and len(res.answer) == 7
    assert _mode("exact", moves=4).status == "unsat"
    assert _mode("search", lower=1, upper=4).status == "unsat"
    solve = _mode("solve")
    assert solve.status == "sat" and len(solve.answer) == 15   # the seed's bound: 3 colours * 5
    with pytest.raises(InputError, match="--mode search needs --lower and --upper"):
        _mode("search")
    with pytest.raises(InputError, match="--mode exact needs --moves N"):
        _mode("exact")


@pytest.mark.parametrize("name", ["opt", "min", "exact", "solve"])
def test_print_asserts_parses_back_in_z3(name):
    import z3
    res = _mode(name, moves=6, print_asserts=True, dry_run=True)
    assert res.status == "dry_run" and res.answer is None
    parsed = z3.parse_smt2_string(res.asserts)
    assert len(parsed) == res.stats["asserts"]
    s = z3.Solver()
    s.add(parsed)
    assert s.check() == z3.sat


# -- formats and errors ----------------------------------------------------------------------
def test_tatham_ids_read_and_write(tmp_path):
    p = load("3x2c3m0:012010,3")[0]
    assert p.grid == ((0, 1, 2), (0, 1, 0)) and p.param("limit") == 3
    assert write_document(Document(p, None), "tatham") == "3x2c3m0:012010,3\n"
    assert load("12x1c12m2:0123456789AB,11")[0].grid[0][11] == 11   # letters for 10+
    assert check(p).verdict is Verdict.OPTIMAL
    assert check(p, limit=p.param("limit")).verdict is Verdict.TIGHT


def test_json_documents_keep_limit_and_pivot():
    doc = {"genre": "floodit", "rows": 2, "cols": 3, "grid": ["012", "010"], "limit": 4,
           "pivot": [1, 2]}
    p = puzzle_from_doc(doc, "d")
    assert p.param("pivot") == (1, 2) and p.param("limit") == 4
    out = json.loads(write_document(Document(p, None), "json"))
    assert out["grid"] == ["012", "010"] and out["pivot"] == [1, 2] and out["limit"] == 4
    assert puzzle_from_doc(out, "again") == p
    assert puzzle_from_doc({**doc, "pivot": "top-left"}, "d").param("pivot") is None
    assert puzzle_from_doc({**doc, "pivot": [0, 0]}, "d").param("pivot") is None
    assert puzzle_from_doc({**doc, "pivot": [1, 0]}, "d").param("pivot") == (1, 0)
    with pytest.raises(InputError, match="the pivot must be"):
        puzzle_from_doc({**doc, "pivot": [-1, 0]}, "d")


def test_thesis_and_digit_files(tmp_path):
    (tmp_path / "t").write_text("# a comment\n2 3 3\n1 2 3\n1 2 1\n3\n")
    p = load(str(tmp_path / "t"))[0]
    assert p.grid == ((0, 1, 2), (0, 1, 0)) and p.param("limit") == 3
    (tmp_path / "d.txt").write_text("\n".join(SEED_BOARD) + "\n")
    assert load(str(tmp_path / "d.txt"))[0] == _puzzle(SEED_BOARD)


@pytest.mark.parametrize("name, text, message", [
    ("rag.txt", "0110\n011\n", "rag.txt:2:4: row 2 has 3 cells, expected 4"),
    ("gap.txt", "0220\n0220\n", "gap.txt: colours must be 0..n-1 with no gap: colour 1 is "
                                "missing (used: 02)"),
    ("one.txt", "000\n000\n", "one.txt: the board has one colour: there is nothing to flood"),
    ("rag.json", '{"genre": "floodit", "rows": 2, "cols": 3, "grid": ["012", "01"]}',
     "rag.json:1:60: grid row 2 has 2 cells, expected 3"),
    ("th", "2 2 3\n1 2\n3 4\n3\n", "th:3:3: colour 4 is outside 1..3"),
    ("tx", "# a thesis board\n3 3 2\n1 2 x\n1 1 1\n2 2 2\n", "tx:3:5: 'x' is not a number"),
])
def test_bad_boards_are_one_line_errors(tmp_path, run_cli, name, text, message):
    (tmp_path / name).write_text(text)
    code, out, err = run_cli("solve", str(tmp_path / name))
    assert code == 2 and err.strip() == f"pencilproof: error: {tmp_path / message}"


def test_bad_codes_and_pivots(run_cli, tmp_path):
    code, _, err = run_cli("solve", "3x2c2m0:012010,3")
    assert code == 2 and err.strip() == ("pencilproof: error: 3x2c2m0:012010,3: r1c3: colour '2' "
                                         "is not one of the 2 colours")
    (tmp_path / "b.txt").write_text("\n".join(SEED_BOARD) + "\n")
    code, _, err = run_cli("solve", "--pivot", "9,9", str(tmp_path / "b.txt"))
    assert code == 2 and "the pivot r9c9 is outside the 6x6 board" in err


# -- the command line ----------------------------------------------------------------------------
def test_cli_solve_check_count(run_cli, tmp_path):
    b = tmp_path / "b.txt"
    b.write_text("\n".join(SEED_BOARD) + "\n")
    code, out, _ = run_cli("solve", "--json", str(b))
    doc = json.loads(out)
    assert code == 0 and {"optimum", "proven", "lower_bound", "moves", "seconds"} <= set(doc)
    assert (doc["optimum"], doc["proven"], len(doc["moves"])) == (5, True, 5)
    assert run_cli("check", "--limit", "5", str(b))[0] == 0
    assert run_cli("check", "--limit", "6", str(b))[0] == 1
    assert run_cli("check", "--limit", "4", str(b))[0] == 1
    code, out, _ = run_cli("count", str(b))
    assert code == 0 and out.startswith(f"{b}: {bfs(SEED_BOARD)[1]} optimal solution")
    code, out, _ = run_cli("solve", "--pivot", "3,3", "--json", str(b))
    assert json.loads(out)["optimum"] == bfs(SEED_BOARD, 2 * 6 + 2)[0]
    code, out, _ = run_cli("solve", "--mode", "exact", "--moves", "6", "--json", str(b))
    assert code == 0 and len(json.loads(out)["moves"]) == 6
    code, out, _ = run_cli("solve", "--mode", "opt", "--dry-run", "--print-asserts", str(b))
    assert code == 0 and "(declare-fun c_0 () Int)" in out and "not solved" in out
    code, out, _ = run_cli("convert", str(b), "--to", "tatham")
    assert out.strip() == "6x6c3m0:" + "".join(SEED_BOARD) + ",5"   # beam count = optimum here
    code, _, err = run_cli("solve", "--mode", "opt", "src/pencilproof/examples/puzzle.txt")
    assert code == 2 and "canal has no mode 'opt'" in err


def test_verify_a_sequence(run_cli, tmp_path):
    b = tmp_path / "b.txt"
    b.write_text("\n".join(SEED_BOARD) + "\n")
    (tmp_path / "a.txt").write_text("1 0 1\n")
    code, out, _ = run_cli("verify", str(b), str(tmp_path / "a.txt"))
    assert code == 1 and "notFlooded: 8 cell(s) are not flooded after 3 moves" in out
    (tmp_path / "a.json").write_text("[1, 0, 1, 2, 0]")
    assert run_cli("verify", str(b), str(tmp_path / "a.json"))[0] == 0
    p = _puzzle(SEED_BOARD)
    codes = [v.code for v in FLOOD.verify(p, FLOOD.parse_solution(p, ["0 1 0 1 2 0 1"], "x"))]
    assert codes == ["sameColour", "afterFlooded"]


@pytest.mark.parametrize("board, ways", [("12_12_06_001", 32), ("12_12_06_003", 20)])
def test_published_counts_of_optimal_sequences(board, ways):
    """The shared notes: two 12x12 thesis boards have 32 and 20 distinct optimal colour
    sequences."""
    rec = next(r for r in RECS if r["source"].endswith(board))
    p = puzzle_from_doc(rec, "record")
    res = count(p, limit=100)
    assert res.complete and res.count == ways
    assert all(len(s) == rec["optimal_moves"] and FLOOD.verify(p, s) == [] for s in res.solutions)


# -- what a solver's model decodes to ---------------------------------------------------------
def test_a_models_idle_moves_are_dropped_when_decoded():
    """The clauses read flooding as "may flood": a model may take the pivot's two 1-areas
    of [[0, 1], [1, 2]] one a move, 1 then 1 again, where the real game takes both at the
    first 1 and the second picks the region's own colour (no move: the verifier rejects
    it). Decoded, the model is the two real moves 1, 2 (the board's optimum, by BFS)."""
    from pencilproof.encodings.floodit.board import Board, Moves
    from pencilproof.encodings.floodit.sat import FloodEncoded
    from pencilproof.solvers.backends import Status, make_backend
    p = Puzzle("floodit", 2, 2, ((0, 1), (1, 2)))
    assert bfs(["01", "12"])[0] == 2
    assert FLOOD.verify(p, Moves((1, 1, 2)))[0].code == "sameColour"
    backend = make_backend("cadical")
    try:
        model = FloodEncoded(Board(p), backend, 3)
        assert backend.solve(model.at_most(3) + [model.move[0][1], model.move[1][1]]) is Status.SAT
        decoded = model.decode()
    finally:
        backend.close()
    assert decoded == Moves((1, 2)) and FLOOD.verify(p, decoded) == []

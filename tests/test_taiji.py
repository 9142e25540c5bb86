"""Taiji: the shared records (published answers, counts, state checks, codes), brute force
against an independent enumerator, the command line, pictures, minimizer and generator."""
from __future__ import annotations

import json
import random

import pytest

import taiji_oracle as oracle
from pencilproof.checker import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.taiji.code import TaijiAnswer, decode, encode
from pencilproof.errors import InputError
from pencilproof.formats import load_one, parse_url, puzzle_from_doc
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.generator.minimize import minimize
from pencilproof.output.scene import verdict_picture
from pencilproof.output.svg import to_svg

from conftest import records

TAIJI = get_genre("taiji")
RECORDS = records("taiji")
PUZZLES = [r for r in RECORDS if r["kind"] == "puzzle"]
STATES = [r for r in RECORDS if r["kind"] == "state_check"]


def _id(rec: dict) -> str:
    return rec["source"].split(" ")[-1] + "-" + rec["code"].split(":")[0]


def _answer(rec: dict, key: str = "solution") -> TaijiAnswer:
    return TAIJI.parse_solution(load_one(rec["code"]), rec[key], "record")


# -- the records -------------------------------------------------------------------------
def test_the_records_are_all_here():
    assert len(PUZZLES) == 61 and len(STATES) == 15


@pytest.mark.parametrize("rec", PUZZLES, ids=_id)
def test_published_answer_verifies(rec):
    assert TAIJI.verify(load_one(rec["code"]), _answer(rec)) == []


@pytest.mark.parametrize("backend", ["cadical", "z3"])
@pytest.mark.parametrize("rec", PUZZLES, ids=_id)
def test_counts_match_the_records(rec, backend):
    """Raw answers and answers up to inversion, up to 3 classes, on both solvers."""
    p = load_one(rec["code"])
    res = count(p, limit=3, backend=backend)
    n = rec["solution_count"]
    if isinstance(n, int):
        assert res.complete and res.count == n
        if rec["unique_mod_inversion"] is not None:
            assert ((res.classes if res.up_to else res.count) == 1) == rec["unique_mod_inversion"]
    elif n == ">=3":
        assert res.count >= 3
    assert TAIJI.symmetry_applies(p) == (res.up_to == "inversion") == (not rec["has_fixed_tiles"])
    if res.complete:  # every answer was found: the published one is among them
        mine = _answer(rec)
        assert any(s in (mine, mine.inverse()) for s in res.solutions)


@pytest.mark.parametrize("rec", [r for r in PUZZLES if r["unique"] or r["unique_mod_inversion"]],
                         ids=_id)
def test_unique_records_give_their_answer(rec):
    p = load_one(rec["code"])
    res = check(p)
    assert res.verdict is Verdict.UNIQUE
    got = res.solutions[0]
    assert got == _answer(rec) or (res.up_to == "inversion" and got.inverse() == _answer(rec))


@pytest.mark.parametrize("rec", STATES, ids=lambda r: r["what"][:30])
def test_state_checks(rec):
    """puzzlekit's board states: valid or not as taiji_maker's rules decide."""
    p = load_one(rec["code"])
    problems = TAIJI.verify(p, TAIJI.parse_solution(p, rec["state"], "record"))
    assert (problems == []) == rec["taiji_maker_rules_valid"]


@pytest.mark.parametrize("rec", RECORDS, ids=_id)
def test_codes_round_trip(rec):
    """taiji_maker's current encoder writes ``code`` for both the published code (lit bits
    on unfixed tiles dropped) and the code itself; text and JSON keep the puzzle."""
    write = TAIJI.formats.codes[0].write
    # State checks keep every tile's state in the lit bits (not a puzzle's code).
    want = rec["code"] if rec["kind"] == "puzzle" else write(load_one(rec["code"]))
    assert load_one(want) == load_one(rec["code"]) and write(load_one(want)) == want
    for code in (rec["code"], rec.get("code_as_published", rec["code"])):
        p = load_one(code)
        assert write(p) == want
        assert parse_text(to_text(p), "t") == p
        assert puzzle_from_doc({"genre": "taiji", "code": code}, "doc") == p


# -- brute force against an independent enumerator -----------------------------------------
def _boards(n: int) -> list[str]:
    rng = random.Random(20261123)
    out = []
    while len(out) < n:
        rows, cols = rng.randint(1, 4), rng.randint(1, 4)
        board = oracle.random_board(rng, rows, cols, holes=0.12, symbols=rng.choice([0.3, 0.5]),
                                    links=0.1, fixed=rng.choice([0.0, 0.15]), hidden=0.15,
                                    palette=rng.randint(1, 3))
        out.append(oracle.encode(board))
    return out


BOARDS = _boards(320)


def test_the_random_boards_cover_every_feature():
    text = "".join(BOARDS)
    for ch in "ABCJKLSTUVWXYZ<^8":
        assert ch in text, ch
    assert any(c in text for c in "4567")  # fixed
    assert sum(1 for b in BOARDS if any(oracle.enumerate_solutions(oracle.decode(b), 1))) > 100


@pytest.mark.parametrize("backend", ["cadical", "z3"])
def test_brute_force(backend):
    for code in BOARDS:
        board = oracle.decode(code)
        want = set(oracle.enumerate_solutions(board))
        p = load_one(code)
        res = count(p, backend=backend)
        assert res.complete, code
        assert res.count == len(want), code
        if res.up_to:
            assert res.classes == oracle.classes(list(want)), code
        got = {s.rows for s in res.solutions}
        assert got <= want and all(s in got or oracle.invert(s) in got for s in want), code
        verdict = check(p, backend=backend).verdict
        classes = oracle.classes(list(want)) if res.up_to else len(want)
        assert verdict is {0: Verdict.NO_SOLUTION, 1: Verdict.UNIQUE}.get(
            classes, Verdict.MULTIPLE), code


# -- bad codes ------------------------------------------------------------------------------
@pytest.mark.parametrize("code, message", [
    ("3:Kw2022<0Fw62Dw4", "8 tiles do not fill rows of 3 (2 left over)"),
    ("3:Kw2022+0Fw62Dw4", "run marker '+' at character 7 of the tiles must be followed by a "
                          "letter A-Z (the run's length)"),
    ("3:Kw202200Fw62Dw", "tile 9 (r3c3): cannot read a tile at 'Dw' (expected 0 or "
                         "[<^/][A-Z][roygbpkw]<option digit>)"),
    ("3:Kw202200Fw62D8", "tile 9 (r3c3): tile 'D8' puts a symbol on a hole"),
    ("3:Kw202200Fw62Dw9", "tile 9 (r3c3): option digit 9 of tile 'Dw9' is not one of 0-7 "
                          "(hidden 1, lit 2, fixed 4) or 8 (hole)"),
    ("2:<0000", "r1c1: links to the left, where there is no tile (the board's edge)"),
    ("2:80^00", "r2c1: links upwards, where there is a hole"),
    ("0:000", "width must be at least 1"),
])
def test_bad_codes_name_the_tile(code, message):
    with pytest.raises(InputError) as e:
        load_one(code)
    assert str(e.value).endswith(message), str(e.value)


def test_bad_codes_on_the_command_line(run_cli):
    code, out, err = run_cli("check", "3:Kw202200Fw62D8")
    assert code == 2 and out == ""
    assert err == "pencilproof: error: 3:Kw202200Fw62D8: tile 9 (r3c3): tile 'D8' puts a " \
                  "symbol on a hole\n"


def test_a_link_into_a_hole_in_a_text_file(tmp_path):
    path = tmp_path / "t.txt"
    path.write_text("taiji 2x2\n. 8\n. ^0\n")
    with pytest.raises(InputError, match="r2c2: links upwards, where there is a hole"):
        load_one(str(path))


def test_codes_are_not_urls():
    with pytest.raises(InputError):
        parse_url("3:Kw+FFw60Dw4")
    assert decode("3:Kw+FFw60Dw4", "x")[0][0].pips == -2
    assert encode(decode("3:Kw000000Fw60Dw4", "x")) == "3:Kw+FFw60Dw4"


# -- command line -----------------------------------------------------------------------------
def test_cli_check_a_pasted_code(run_cli):
    code, out, err = run_cli("check", "--json", "4:Ay20Ay2Kw+EAy20Ay20Bw+CAy2")
    doc = json.loads(out)
    assert code == 0 and doc["verdict"] == "unique" and doc["up_to"] == "inversion"
    assert doc["code"] == "4:Ay00Ay0Kw+EAy00Ay00Bw+CAy0"
    assert doc["solutions"] in ([["#.#.", "....", "#.#.", "...#"]],
                                [[".#.#", "####", ".#.#", "###."]])
    code, out, _ = run_cli("check", "3:Kw202200Fw62Dw4")
    assert code == 0 and out.startswith("3:Kw202200Fw62Dw4: unique (")


def test_cli_multiple_names_the_differing_tiles(run_cli):
    code, out, _ = run_cli("check", "4:Fw22220Cy0Jw200Jw2Cy00222Fw2")
    assert code == 1
    assert "multiple up to inversion" in out
    assert "differ in 8 cells" in out


def test_cli_count_reports_raw_and_classes(run_cli):
    code, out, _ = run_cli("count", "4:Fw22220Cy0Jw200Jw2Cy00222Fw2", "--limit", "5")
    assert code == 0 and ": 4 solutions, 2 up to inversion" in out


def test_cli_batches_and_convert(run_cli, tmp_path):
    path = tmp_path / "batch.jsonl"
    path.write_text("\n".join(json.dumps({"genre": "taiji", "code": r["code"]})
                              for r in PUZZLES[:3]) + "\n")
    code, out, _ = run_cli("check", str(path))
    assert code == 0 and out.count(": unique") == 3
    code, out, _ = run_cli("convert", "--to", "taiji", "3:Kw202200Fw62Dw4")
    assert code == 0 and out == "3:Kw+FFw60Dw4\n"
    lines = tmp_path / "codes.txt"
    lines.write_text("3:Kw202200Fw62Dw4\n3:022Mw200Fw60Dw4\n")
    code, out, _ = run_cli("convert", "--to", "taiji", str(lines))
    assert code == 0 and out == "3:Kw+FFw60Dw4\n3:+CMw+CFw60Dw4\n"


def test_cli_verify_names_the_broken_rules(run_cli, tmp_path):
    answer = tmp_path / "a.txt"
    answer.write_text("###\n#..\n##.\n")
    code, out, _ = run_cli("verify", "3:Kw202200Fw62Dw4", str(answer))
    assert code == 1 and "tjDiceSum" in out


def test_pictures_show_symbols_and_both_answers():
    p = load_one("4:Fw22220Cy0Jw200Jw2Cy00222Fw2")
    svg = to_svg(verdict_picture(p, check(p)))
    assert svg.count(">3<") == 4 and svg.count(">-1<") == 4  # two grids of dice
    assert "solution 2" in svg and 'class="diff"' in svg
    holes = load_one("3:8000+D8")
    assert to_svg(verdict_picture(holes, check(holes))).count('class="hole"') == 4  # 2 grids


# -- minimizer and generator ------------------------------------------------------------------
def test_minimize_keeps_the_answer_and_is_one_minimal():
    rec = next(r for r in PUZZLES if r["code"].startswith("7:Fp60Dk"))
    res = minimize(load_one(rec["code"]))
    final = check(res.minimized)
    assert final.verdict is Verdict.UNIQUE and final.solutions[0] == _answer(rec)
    hooks = TAIJI.generator
    blank, clues = hooks.split_givens(res.minimized)
    assert len(clues) < len(hooks.split_givens(load_one(rec["code"]))[1])
    for key in clues:  # each symbol is needed: without it the answer fails or is not alone
        fewer = hooks.with_clues(blank, {k: v for k, v in clues.items() if k != key})
        again = check(fewer)
        assert TAIJI.verify(fewer, _answer(rec)) or again.verdict is not Verdict.UNIQUE


@pytest.mark.parametrize("extra", [(), (("fixed", "yes"), ("symbols", "dice,antidice,slashes"))])
def test_generated_puzzles_are_unique_by_brute_force(extra):
    options = GenerateOptions(genre="taiji", rows=4, cols=4, extra=extra).validate()
    for index in range(6):
        got = generate_one(options, 11, index)
        assert got is not None
        board = oracle.decode(TAIJI.formats.codes[0].write(got.puzzle))
        states = oracle.enumerate_solutions(board)
        assert got.solution.rows in states
        assert oracle.classes(states) == 1
        assert len(states) == (2 if TAIJI.symmetry_applies(got.puzzle) else 1)


def test_any_string_in_code_syntax_is_a_puzzle_or_one_line_error():
    """Random strings over the code alphabet: a puzzle whose code reads back the same, or
    an InputError; never another exception."""
    rng = random.Random(5)
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZroygbpkw<^/+-"
    pieces = ["0", "0", "8", "+C", "-B", "Kw0", "S2", "Sr4", "<0", "^A1", "/T6", "Z0", "U5",
              "Jy7", "9", "+", "S"]
    read = 0
    for _ in range(3000):
        code = f"{rng.randint(1, 4)}:" + "".join(
            rng.choice(alphabet) if rng.random() < 0.1 else rng.choice(pieces)
            for _ in range(rng.randint(0, 10)))
        try:
            p = load_one(code)
        except InputError as e:
            assert "\n" not in str(e)
            continue
        read += 1
        assert load_one(TAIJI.formats.codes[0].write(p)) == p
        if p.rows * p.cols <= 12:
            res = count(p, limit=2)
            assert res.complete or res.count >= 2
    assert read > 200

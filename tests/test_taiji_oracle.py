"""The independent Taiji oracle (tests/taiji_oracle.py) checked against the published records:
the answers are valid, the rule verdicts agree, the small puzzles' counts agree, the codes
round-trip; and its pruned enumeration against plain brute force on small random boards."""
from __future__ import annotations

import itertools
import random

import pytest

from conftest import records
from taiji_oracle import (Board, Tile, classes, decode, encode, enumerate_solutions, random_board,
                          valid)

TAIJI = records("taiji")
PUZZLES = [r for r in TAIJI if r["kind"] == "puzzle"]
STATES = [r for r in TAIJI if r["kind"] == "state_check"]
SMALL = 18  # existing tiles a record may have for its count to be brute-forced here


def _name(rec: dict) -> str:
    return rec["source"].rsplit("/", 1)[-1].replace("tests.py ", "")[:40] + ":" + rec["code"][:24]


def _tiles(rec: dict) -> int:
    return sum(ch != "x" for row in rec["solution"] for ch in row)


COUNTED = [r for r in PUZZLES if r["solution_count"] is not None and _tiles(r) <= SMALL]


def test_the_records_are_there():
    assert len(PUZZLES) == 61 and len(STATES) == 15
    assert len(COUNTED) >= 20


@pytest.mark.parametrize("rec", PUZZLES, ids=_name)
def test_published_answer_is_valid(rec):
    assert valid(decode(rec["code"]), rec["solution"])


@pytest.mark.parametrize("rec", STATES, ids=lambda r: r["what"][:40] + ":" + r["code"][:20])
def test_state_verdict_agrees_with_taiji_maker(rec):
    assert valid(decode(rec["code"]), rec["state"]) is rec["taiji_maker_rules_valid"]


@pytest.mark.parametrize("rec", COUNTED, ids=_name)
def test_small_record_counts(rec):
    board = decode(rec["code"])
    want = rec["solution_count"]
    if want == ">=3":
        sols = enumerate_solutions(board, limit=3, confirm=True)
        assert len(sols) == 3
        assert rec["unique"] is False and rec["unique_mod_inversion"] is False
        return
    sols = enumerate_solutions(board, confirm=True)
    assert len(sols) == want
    assert tuple(rec["solution"]) in sols
    assert (want == 1) is rec["unique"]
    assert (classes(sols) == 1) is rec["unique_mod_inversion"]


@pytest.mark.parametrize("rec", PUZZLES, ids=_name)
def test_codes_are_rewritten_as_taiji_maker_writes_them(rec):
    assert encode(decode(rec["code_as_published"])) == rec["code"]
    assert encode(decode(rec["code"])) == rec["code"]


@pytest.mark.parametrize("rec", STATES, ids=lambda r: r["code"][:30])
def test_state_codes_decode_and_round_trip(rec):
    board = decode(rec["code"])
    assert (board.height, board.width) == (rec["rows"], rec["cols"])
    assert decode(encode(board)) == board


def test_random_boards_round_trip():
    rng = random.Random(20240611)
    seen = set()
    for _ in range(300):
        board = random_board(rng, rng.randint(1, 4), rng.randint(1, 4), holes=0.15, links=0.2,
                             symbols=0.5, fixed=0.2, hidden=0.2, coloured_flowers=rng.random() < 0.2)
        code = encode(board)
        assert decode(code) == board, code
        seen.update(t.symbol for t in board.tiles)
    assert seen >= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")  # every symbol letter came up


@pytest.mark.parametrize("code, tiles", [
    ("5:+Z+D", "0" * 30),
    ("3:-Z-A", "8" * 27),
    ("5:Kw+E", "Kw0" + "0" * 4),
    ("2:A0+B8", "A0" + "00" + "8"),   # the encoder would not write +B, the decoder reads it
    ("4:0-C+A<0+BTr3+C", "0888" "0" "<0" "00" "Tr3" "000"),
])
def test_runs_expand(code, tiles):
    board = decode(code)
    assert board == decode(code.split(":")[0] + ":" + tiles)


def test_long_runs_are_written_in_z_chunks():
    assert encode(Board(5, 6, (Tile(),) * 30)) == "5:+Z+D"
    assert encode(Board(9, 3, (Tile(exists=False),) * 27)) == "9:-Z-A"
    assert encode(Board(4, 1, (Tile(symbol="K", colour="w"),) + (Tile(),) * 3)) == "4:Kw+D"
    assert encode(Board(3, 1, (Tile(fixed=True, lit=True), Tile(lit=True), Tile()))) == "3:600"


@pytest.mark.parametrize("code", [
    "", "3", "x:000", "0:", "3:", "3:00", "3:A", "3:A9+B", "3:+", "3:+a", "3:0?0", "3:+C-",
    "3:<00", "3:^00", "3:8<00", "3:A800", "3:0r800", "3:00<8", "1:0^8",
])
def test_malformed_codes_are_rejected(code):
    with pytest.raises(ValueError):
        decode(code)


@pytest.mark.parametrize("code, answers", [
    ("2:W0088", [("..", "xx"), ("##", "xx")]),   # a flower counts existing neighbours only
    ("2:X0088", []),
    ("1:W1", []),                                 # a hidden symbol still constrains
    ("1:V1", [(".",), ("#",)]),
    ("2:0<0", [("..",), ("##",)]),                # linked tiles share a state
    ("2:6<0", [("##",)]),                         # a fixed tile keeps its state
    ("2:A0J0", [("..",), ("##",)]),               # +1 and -1 in one region sum to 0
    ("2:Ar0A0", [(".#",), ("#.",)]),              # no colour is a colour of its own
    ("2:Tr0Tr0", [(".#",), ("#.",)]),             # two red dashes: never one region
    ("2:Ur0Ur0", [("..",), (".#",), ("#.",), ("##",)]),  # two slashes in one region: rotations
    ("2:Tr0Tb0", [("..",), ("##",)]),             # red and blue standards must differ
    ("3:Sp0W00", [("..#",), ("##.",)]),           # a flower with 1 petal counts as purple
    ("3:Sy0W00", [("..#",), ("##.",)]),           # ... and as yellow
    ("3:Sy0V00", []),                             # no petals: purple only
    ("3:Sy+DZ+E", 16),                            # 4 petals: yellow only
    ("3:Sp+DZ+E", 0),
    ("3:Uy+DSy+E", 2 * 3 * 2 ** 5),               # a slash pairs with a yellow diamond: the
    ("3:Ty+DSy+E", 2 * 3 * 2 ** 5),               # corner joins the centre through a side
    ("3:Ty+DSb+E", 0),                            # a blue diamond needs a blue partner
])
def test_rule_readings(code, answers):
    board = decode(code)
    found = enumerate_solutions(board, confirm=True)
    assert found == _plain_brute_force(board)
    if isinstance(answers, int):
        assert len(found) == answers
    else:
        assert sorted(found) == sorted(answers)


def _plain_brute_force(board: Board) -> list[tuple[str, ...]]:
    """Every state of the board, filtered by ``valid`` and nothing else."""
    cells = [i for i, t in enumerate(board.tiles) if t.exists]
    out = []
    for bits in itertools.product(".#", repeat=len(cells)):
        chars = ["x"] * len(board.tiles)
        for i, ch in zip(cells, bits):
            chars[i] = ch
        state = tuple("".join(chars[r * board.width:(r + 1) * board.width]) for r in range(board.height))
        if valid(board, state):
            out.append(state)
    return out


def test_pruned_enumeration_equals_plain_brute_force():
    rng = random.Random(7)
    solved = 0
    for _ in range(120):
        rows, cols = rng.choice([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (1, 5), (3, 3)])
        board = random_board(rng, rows, cols, symbols=rng.choice([0.2, 0.35, 0.5]), links=0.1)
        want = _plain_brute_force(board)
        assert enumerate_solutions(board, confirm=True) == want, encode(board)
        solved += bool(want)
        if len(want) > 1:
            assert enumerate_solutions(board, limit=1) == want[:1]
    assert solved >= 30  # the comparison is not only about empty answer sets

"""Issue 22 (found by the stress benchmark): ``convert --to json`` of an empty 1000x1000
Taiji took 11 s, most of it writing the board's Taiji code (each tile through the general
checks, and the closing run cut one character at a time)."""
from __future__ import annotations

import time

from pencilproof.encodings.taiji.code import BLANK, encode


def test_a_big_blank_taiji_code_is_written_at_once():
    n = 1000
    grid = [[BLANK] * n for _ in range(n)]
    t = time.perf_counter()
    code = encode(grid)
    took = time.perf_counter() - t
    # a million plain tiles: one run of '0's, written 26 at a time ('+Z') and 'N' (14) last
    assert n * n == 26 * 38461 + 14
    assert code == "1000:" + "+Z" * 38461 + "+N"
    assert took < 1.5, took


def test_a_run_after_a_symbol_counts_its_option_digit():
    """The format's rule the faster cut keeps: a run counts the ``0`` of the symbol tile it
    starts at, and a run of holes after plain tiles is its own run."""
    from pencilproof.encodings.taiji.code import parse_token
    die = parse_token("Kw0")
    hole = parse_token("8")
    assert die is not None and hole is not None
    assert encode([[die, BLANK, BLANK, BLANK]]) == "4:Kw+D"
    assert encode([[BLANK, BLANK, hole, hole, hole]]) == "5:00-C"
    assert encode([[die, BLANK]]) == "2:Kw00"

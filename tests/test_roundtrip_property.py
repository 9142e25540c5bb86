"""Property tests: any Canal View grid survives text, JSON and URL round trips."""
from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from pencilproof.formats import parse_text, parse_url, puzzle_from_doc, to_text, to_url
from pencilproof.puzzle import Puzzle

clue = st.one_of(st.none(), st.none(), st.none(), st.just("?"),
                 st.integers(0, 15), st.integers(16, 4095))


@st.composite
def canal_puzzles(draw):
    rows, cols = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    grid = tuple(tuple(draw(clue) for _ in range(cols)) for _ in range(rows))
    return Puzzle("canal", rows, cols, grid)


@settings(max_examples=300, deadline=None)
@given(canal_puzzles())
def test_url_round_trip(p):
    url = to_url(p)
    assert url.startswith(f"https://puzz.link/p?canal/{p.cols}/{p.rows}/")
    assert parse_url(url) == p
    assert parse_url(url.replace("https://puzz.link/p?", "http://pzv.jp/p.html?") + "/") == p


@settings(max_examples=200, deadline=None)
@given(canal_puzzles())
def test_text_and_json_round_trip(p):
    assert parse_text(to_text(p), "t") == p
    assert puzzle_from_doc(json.loads(json.dumps(p.to_doc())), "j") == p


def test_number16_examples():
    # Values straight from the codec's definition: one hex digit, '-' + 2, '+' + 3, '.', runs.
    p = Puzzle("canal", 1, 6, ((0, 15, 16, 255, 256, "?"),))
    assert to_url(p) == "https://puzz.link/p?canal/6/1/0f-10-ff+100./"
    q = Puzzle("canal", 2, 21, (tuple([None] * 21), tuple([None] * 20 + [4095])))
    assert to_url(q) == "https://puzz.link/p?canal/21/2/zzg+fff"

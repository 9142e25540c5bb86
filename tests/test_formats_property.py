"""Property tests: the 4Cell codec and pzprv3 files round-trip any grid and answer."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from pencilproof.formats import parse_pzprv3, to_pzprv3
from pencilproof.formats.url import decode_4cell, encode_4cell
from pencilproof.puzzle import Puzzle, Solution

wall_cell = st.one_of(st.none(), st.none(), st.none(), st.just("?"), st.integers(0, 4))
canal_clue = st.one_of(st.none(), st.none(), st.just("?"), st.integers(0, 4095))


@settings(max_examples=300, deadline=None)
@given(st.lists(wall_cell, min_size=1, max_size=80))
def test_4cell_round_trip(cells):
    body = encode_4cell(cells)
    assert decode_4cell(body, len(cells), "u") == cells
    # what pzprjs's decoder allows too: runs never exceed 20, digits only 0-9/a-e
    assert set(body) <= set("0123456789abcde.ghijklmnopqrstuvwxyz")


@st.composite
def canal_with_answer(draw):
    rows, cols = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    grid = tuple(tuple(draw(canal_clue) for _ in range(cols)) for _ in range(rows))
    sol = tuple("".join(draw(st.sampled_from("#.")) for _ in range(cols)) for _ in range(rows))
    return Puzzle("canal", rows, cols, grid), Solution(sol)


@settings(max_examples=200, deadline=None)
@given(canal_with_answer(), st.booleans())
def test_pzprv3_round_trip(pair, slashes):
    p, sol = pair
    doc = parse_pzprv3(to_pzprv3(p, sol, slashes=slashes), "f")
    # An answer section without a single mark is no answer (an unsolved save: issue 22).
    blank = Solution(("." * p.cols,) * p.rows)
    assert (doc.puzzle, doc.solution) == (p, None if sol == blank else sol)
    assert parse_pzprv3(to_pzprv3(p), "f").solution is None

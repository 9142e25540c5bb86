"""Issue 22 (found by the stress benchmark): ``minimize --max-time 5`` on an empty
1000x1000 Taiji ran 17-27 s. Splitting a puzzle into its clues, a genre's own Python that
asks no deadline, ran before the limit was set; it now runs under the limit's alarm, and
Taiji skips its blank tiles."""
from __future__ import annotations

import time

import pytest

from pencilproof.checker.switchboard import generation_of
from pencilproof.encodings import get_genre
from pencilproof.formats import load_one
from pencilproof.generator.minimize import minimize
from pencilproof.puzzle import Puzzle
from pencilproof.solvers.deadline import TimeUp


def test_a_big_empty_taiji_is_given_up_within_its_limit():
    n = 1000
    p = Puzzle("taiji", n, n, tuple((None,) * n for _ in range(n)))
    t = time.monotonic()
    with pytest.raises(TimeUp, match="^the time limit was reached before the puzzle was "
                                     "found unique$"):
        minimize(p, max_time=1.0)
    assert time.monotonic() - t < 2.5


def test_splitting_the_clues_stops_at_the_limit(monkeypatch):
    hooks = generation_of(get_genre("canal"), "minimize")
    real = type(hooks).split_givens

    def slow(self, puzzle):
        t = time.monotonic()
        while time.monotonic() - t < 5:  # pure Python, no checkpoint
            pass
        return real(self, puzzle)
    monkeypatch.setattr(type(hooks), "split_givens", slow)
    p = load_one("https://puzz.link/p?canal/6/6/3i3h2z4h5i2")
    t = time.monotonic()
    with pytest.raises(TimeUp, match="before the puzzle was found unique"):
        minimize(p, max_time=0.5)
    assert time.monotonic() - t < 1.5

"""Repair's greedy ranking on Taiji (clues work together, so each candidate is judged by
verifying the whole puzzle): the lazy heap yields exactly the order of scoring every
candidate against every answer seen and sorting (most answers ruled out first, ties in
candidate order), on a board where some answers seen are already ruled out and some
are not. The scores here come straight from the genre's plain-Python verifier."""
from __future__ import annotations

import importlib

from pencilproof.analysis.repair import candidates
from pencilproof.checker import solve
from pencilproof.encodings import get_genre
from pencilproof.formats import puzzle_from_doc
from pencilproof.checker.switchboard import Switch, SwitchBoard

from conftest import records

rp = importlib.import_module("pencilproof.analysis.repair")


def test_lazy_ranking_is_the_full_sort():
    genre = get_genre("taiji")
    hooks = genre.generator
    p = puzzle_from_doc(records("taiji")[40], "record")  # 8x8, not unique
    blank, clues = hooks.split_givens(p)
    answer = hooks.answer_for(p, solve(p))
    cands = candidates(hooks, p, blank, clues, answer)
    board = SwitchBoard(blank, {**clues, **cands})
    try:
        board.block(answer)
        board.fix(clues, Switch.ON)
        board.set(cands, Switch.OFF)
        seen = []
        order = sorted(cands, key=repr)
        for _ in range(4):  # answers seen, each ruled out by the next pick
            _, other = board.solve()
            assert other is not None
            seen.append(other)
            pick = next(rp._ranked(board, cands, [k for k in order
                                                  if board.state[k] is Switch.OFF], other, seen))
            board.set([pick], Switch.ON)
        _, other = board.solve()
        assert other is not None
        seen.append(other)
        rest = [k for k in order if board.state[k] is Switch.OFF]

        def rules_out(key, o) -> bool:
            on = {k: board.clues[k] for k, v in board.state.items() if v is Switch.ON}
            on[key] = cands[key]
            return bool(genre.verify(hooks.with_clues(blank, on), o))
        want = [k for k in rest if rules_out(k, other)]
        want.sort(key=lambda k: -sum(rules_out(k, o) for o in seen))
        state = board.puzzle()
        dead = [o for o in seen if genre.verify(state, o)]
        assert len(dead) >= 2 and not genre.verify(state, other) and len(want) >= 3
        assert list(rp._ranked(board, cands, rest, other, seen)) == want
    finally:
        board.close()

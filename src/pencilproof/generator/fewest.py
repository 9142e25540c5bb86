"""Fewer clues: a local search over 1-minimal clue sets (``generate --fewest``).

A 1-minimal set cannot lose any single clue, but another 1-minimal set may be smaller.
One round takes a clue out of the current set, adds clues that rule out the answers
this lets in (as the generator's add step does, never the clue just taken out), and
makes the result 1-minimal again. The new set is kept if it is no larger (equal sizes
let the search walk across plateaus); the smallest set seen is the result.

Making a set 1-minimal needs one test per clue, but most are spared: for each clue of
the current set the search keeps a *witness*, an answer of the set without that clue
(the intended answer is blocked, so the witness breaks exactly that clue). After a
round the clue is still needed if its witness also satisfies every clue added, and
then no solve is run. Only monotone boards (a clue can only remove answers) are
searched: a witness stays an answer when clues it satisfies are added.

Every random choice comes from the caller's ``random.Random``, and a round either
runs to its end or not at all, so a search of N rounds always ends with the same set.
"""
from __future__ import annotations

import itertools
import random
import time
from dataclasses import dataclass
from typing import AbstractSet, Any, Sequence

from ..checker import Status
from ..checker.switchboard import Switch, SwitchBoard
from ..encodings import ClueKey, Generation
from ..puzzle import Clue

Group = tuple[ClueKey, ...]


@dataclass(frozen=True)
class Search:
    """What a search did: the best set of groups, rounds run, sizes before and after."""

    best: tuple[Group, ...]
    rounds: int
    start: int
    end: int
    stopped: str          # "rounds", "time", or "target" (the size asked for was reached)


def _size(groups: Sequence[Group]) -> int:
    return sum(len(g) for g in groups)


def pick_clue(hooks: Generation, groups: Sequence[Group], cands: dict[ClueKey, Clue],
              other: Any, taken: AbstractSet[Group], rng: random.Random, strongest: bool,
              banned: Group | None = None) -> Group | None:
    """A group of clues, not yet taken, that ``other`` breaks: the first from a random
    place on, or with ``strongest`` the one whose values are largest (a big number says
    more: 10x10 Canal View, 40 attempts with every clue chosen so, 17.5 clues after
    minimizing against 18.4 for random choices)."""
    start = rng.randrange(len(groups)) if groups else 0
    found = (g for g in itertools.chain(groups[start:], groups[:start])
             if g not in taken and g != banned
             and any(not hooks.clue_holds(other, c, cands[c]) for c in g))
    if not strongest:
        return next(found, None)
    return max(found, key=lambda g: sum(v for c in g if isinstance(v := cands[c], int)),
               default=None)


def fewer_clues(board: SwitchBoard, groups: Sequence[Group], minimal: Sequence[Group],
                rng: Any, rounds: int, deadline: float | None = None,
                target: int | None = None) -> Search:
    """Search from ``minimal`` (a 1-minimal set of ``groups`` that makes the board's
    blocked answer unique). ``board`` must have nothing fixed: the search sets switches
    only. Stops after ``rounds`` rounds, at ``deadline`` (time.monotonic(); the round
    under way is dropped), or once the set has at most ``target`` clues."""
    hooks, cands = board.hooks, board.clues

    def breaks(answer: Any, g: Group) -> bool:
        return any(not hooks.clue_holds(answer, k, cands[k]) for k in g)

    def show(on: Sequence[Group]) -> None:
        want = {k for g in on for k in g}
        board.set([k for k in cands if k not in want], Switch.OFF)
        board.set(want, Switch.ON)

    cur = list(minimal)
    witness: dict[Group, Any] = {}   # a group of cur -> an answer of cur without it
    best = list(cur)
    start = _size(cur)
    done = 0
    stopped = "rounds"

    def late() -> bool:
        return deadline is not None and time.monotonic() >= deadline

    while done < rounds:
        if target is not None and _size(best) <= target:
            stopped = "target"
            break
        if late() or not cur:
            stopped = "time" if cur else "rounds"
            break
        out = rng.choice(cur)
        trial = [g for g in cur if g != out]
        show(trial)
        board.deadline = deadline
        added: list[Group] = []
        ok = True
        while True:
            status, other = board.solve()
            if status is Status.UNSAT:
                break
            if other is None:  # the deadline: drop this round
                ok = False
                break
            pick = pick_clue(hooks, groups, cands, other, set(trial), rng, True, out)
            if pick is None:  # nothing else tells them apart: the clue taken out must stay
                ok = False
                break
            trial.append(pick)
            added.append(pick)
            board.set(pick, Switch.ON)
        if not ok:
            if other is None:
                stopped = "time"
                break
            done += 1
            continue
        # Make it 1-minimal again, trying the clues in random order; a clue whose
        # witness satisfies every added clue is still needed, without a test.
        order = list(trial)
        rng.shuffle(order)
        new_witness: dict[Group, Any] = {}
        for g in order:
            w = witness.get(g)
            if w is not None and not any(breaks(w, h) for h in added if h in trial):
                new_witness[g] = w
                continue
            board.set(g, Switch.OFF)
            status, other = board.solve()
            if status is Status.UNSAT:
                trial.remove(g)
            elif other is None:
                ok = False
                break
            else:
                board.set(g, Switch.ON)
                new_witness[g] = other
        if not ok:
            stopped = "time"
            break
        done += 1
        if _size(trial) <= _size(cur):
            cur = trial
            witness = {g: new_witness[g] for g in cur if g in new_witness}
            if _size(cur) < _size(best):
                best = list(cur)
    board.deadline = None
    show(best)
    return Search(tuple(best), done, start, _size(best), stopped)

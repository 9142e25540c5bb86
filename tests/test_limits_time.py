"""Issue 22: time limits hold while work runs (defects 1, 2, 13): one deadline object
reaches the generator's attempts, Flood-It's bounds and searches and the checker; sizes
that cannot fit are refused at once."""
from __future__ import annotations

import random
import time

import pytest

from pencilproof import check
from pencilproof.checker import Verdict
from pencilproof.encodings.floodit.board import TABLE_AREAS, Board, replay
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle
from pencilproof.solvers.deadline import NEVER, Deadline, TimeUp


def _flood(n: int, colours: int, seed: int = 1) -> Puzzle:
    rng = random.Random(seed)
    while True:
        grid = tuple(tuple(rng.randrange(colours) for _ in range(n)) for _ in range(n))
        if len({v for row in grid for v in row}) == colours:
            return Puzzle("floodit", n, n, grid)


def _digits(p: Puzzle) -> str:
    return "\n".join("".join(str(v) for v in row) for row in p.grid) + "\n"


# -- the deadline object ------------------------------------------------------------------------
def test_deadline_basics():
    assert NEVER.remaining() == float("inf") and NEVER.seconds() is None and not NEVER.passed()
    d = Deadline.after(10)
    assert 9 < d.remaining() <= 10 and d.limited
    assert d.within(1).at < d.at and d.within(None) is d and NEVER.sooner(d) is d
    past = Deadline(time.monotonic() - 1)
    assert past.passed() and past.seconds() == 0.0
    with pytest.raises(TimeUp):
        past.check()


# -- 2: generate --max-time holds while a candidate runs --------------------------------------
@pytest.mark.parametrize("genre, size", [("lightup", 60), ("smullyan", 60), ("canal", 40)])
def test_an_attempt_stops_at_the_runs_deadline(genre, size):
    options = GenerateOptions(genre=genre, rows=size, cols=size).validate()
    t = time.monotonic()
    with pytest.raises(TimeUp):
        generate_one(options, 1, 0, Deadline.after(0.3))
    assert time.monotonic() - t < 1.3


def test_a_deadline_that_is_not_reached_changes_nothing():
    options = GenerateOptions(genre="canal", rows=6, cols=6).validate()
    free = generate_one(options, 4, 2)
    timed = generate_one(options, 4, 2, Deadline.after(60))
    assert free is not None and timed is not None
    assert (timed.puzzle, timed.solution, timed.attempt) == (free.puzzle, free.solution, free.attempt)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_generate_max_time_stops_a_candidate_that_runs_long(run_cli, tmp_path, jobs):
    out = tmp_path / "big.jsonl"
    t = time.monotonic()
    code, stdout, err = run_cli("generate", "canal", "--size", "200x200", "--count", "1",
                                "--jobs", jobs, "--max-time", "1", "-q", "-o", str(out))
    assert time.monotonic() - t < 3.5  # 1 s and the start and stop of a worker
    assert code == 3 and stdout.startswith(f"{out}: 0 of 1 puzzles")
    assert err == (f"pencilproof: --max-time reached: the 0 finished puzzles are in {out}; "
                   "continue with --resume\n")


# -- 1: Flood-It honours --time-limit, and boards that cannot fit are refused -----------------
def test_floodit_check_stops_at_its_time_limit_with_its_bounds(run_cli, tmp_path):
    board = tmp_path / "f.txt"
    board.write_text(_digits(_flood(60, 6)))
    t = time.monotonic()
    code, out, err = run_cli("check", "-q", "--time-limit", "1", str(board))
    assert time.monotonic() - t < 2.5
    assert code == 3 and err == ""
    assert out.startswith(f"{board}: unknown (") and "optimum " in out
    # The proven lower bound, and the best sequence if one was found in time (a busy
    # machine may find none in 1 s).
    assert "(not proven)" in out or out.endswith("(no sequence found in time)\n")


def test_floodit_optimum_without_a_first_sequence_in_time_keeps_the_lower_bound():
    p = _flood(60, 6)
    res = check(p, time_limit=1e-3)
    assert res.verdict is Verdict.UNKNOWN and res.best is None and res.answer is None
    assert res.lower_bound >= 0


def test_a_floodit_board_too_large_to_solve_is_refused_at_once(run_cli, tmp_path):
    board = tmp_path / "huge.txt"
    board.write_text(_digits(_flood(300, 10)))
    t = time.monotonic()
    code, out, err = run_cli("check", "--time-limit", "5", str(board))
    assert time.monotonic() - t < 1.5
    assert (code, out) == (2, "")
    assert err == (f"pencilproof: error: {board}: a 300x300 Flood-It board is too large to "
                   "solve (at most 62500 cells)\n")


def test_a_big_board_builds_no_quadratic_tables():
    small, big = Board(_flood(12, 6)), Board(_flood(120, 10))
    assert small._table and small.n <= TABLE_AREAS
    assert big.n > TABLE_AREAS and big._table == []
    # Neighbours area by area agree with the tables on a board that has both.
    mask = small.run([1, 2, 3])
    table = small.neighbours(mask)
    small._table = []
    assert small.neighbours(mask) == table


def test_replay_floods_incrementally():
    p = _flood(100, 6)
    moves = [c for _ in range(200) for c in range(6)]  # floods, with idle moves on the way
    t = time.monotonic()
    done = replay(p, moves)
    assert time.monotonic() - t < 0.3  # refilling the region every move took seconds
    assert done.flooded and done.extra == len(moves) - done.used > 0
    short = replay(p, moves[:6])
    assert not short.flooded and short.left > 0 and short.used == 6


def test_board_building_asks_the_deadline():
    with pytest.raises(TimeUp):
        Board(_flood(200, 10), Deadline(time.monotonic() - 1))


# -- 13: a big grid's check ends within its limit, reading included ---------------------------
def test_a_big_empty_grid_is_done_within_its_limit_reading_included(run_cli, tmp_path):
    n = 600
    grid = tmp_path / "empty.txt"
    grid.write_text(f"lightup {n}x{n}\n" + "\n".join(" ".join("." * n) for _ in range(n)) + "\n")
    t = time.monotonic()
    code, out, _ = run_cli("check", "-q", "--time-limit", "1.5", str(grid))
    assert time.monotonic() - t < 2.5
    assert code in (0, 1, 3) and out.startswith(f"{grid}: ")


@pytest.mark.parametrize("genre", ["numberlink", "grandtour", "masyu", "canal"])
def test_nothing_of_a_checked_grid_is_kept_for_the_exit(genre):
    """A genre's shared layer kept the last grid's cells (a 1000x1000 Country Road's exit
    spent 1-2 s freeing them after the verdict was out, past --time-limit 5; Numberlink,
    Grand Tour and Masyu share that layer)."""
    import gc
    import sys

    def empty(n: int) -> Puzzle:
        return Puzzle(genre, n, n, tuple(tuple([None] * n) for _ in range(n)))
    check(empty(6), time_limit=5)  # the caches a first check fills
    gc.collect()
    before = sys.getallocatedblocks()
    check(empty(60), time_limit=5)
    gc.collect()
    assert sys.getallocatedblocks() - before < 1000  # a 60x60 grid's cells: 3600


# -- big inputs that cannot be drawn or written in time ------------------------------------------
def test_a_picture_too_large_to_draw_is_refused_at_once(run_cli, tmp_path):
    n = 500
    grid = tmp_path / "big.txt"
    grid.write_text(f"canal {n}x{n}\n" + "\n".join(" ".join("." * n) for _ in range(n)) + "\n")
    # The commands that draw one puzzle refuse it at its size line (line 1, column 7),
    # before reading its cells; check --picture, a batch, once the puzzle is read.
    for argv, where in ((["render", str(grid), "-o", str(tmp_path / "x.svg")], ":1:7"),
                        (["convert", str(grid), "--to", "svg"], ":1:7"),
                        (["check", "--picture", str(tmp_path / "y.svg"), str(grid)], ""),
                        (["backbone", "--picture", str(tmp_path / "z.svg"), str(grid)], ":1:7")):
        t = time.monotonic()
        code, out, err = run_cli(*argv)
        assert time.monotonic() - t < 2.0, argv
        assert code == 2 and err == (f"pencilproof: error: {grid}{where}: a 500x500 picture is too "
                                     "large to draw (at most 160000 cells; --json and the text "
                                     "formats carry the grid)\n"), argv
    assert not list(tmp_path.glob("*.svg"))


def test_a_big_taiji_code_is_written_in_linear_time():
    """Appending to one string in a closure was quadratic: four times the cells took 16
    times as long. Best of three per size, compared with each other (a busy machine
    slows both)."""
    from pencilproof.encodings.taiji.code import BLANK, encode

    def best(n: int) -> float:
        times = []
        for _ in range(3):
            t = time.monotonic()
            encode([[BLANK] * n for _ in range(n)])
            times.append(time.monotonic() - t)
        return min(times)
    n = 700
    assert best(n) < 8 * best(n // 2)  # linear: 4 times, quadratic: 16 times
    assert encode([[BLANK] * n for _ in range(n)]) == (f"{n}:" + "+Z" * (n * n // 26) + "+"
                                                     + chr(64 + n * n % 26))


@pytest.mark.parametrize("extra", [[], ["--max-time", "5"]])
def test_generating_a_board_too_large_to_solve_is_refused_at_once(run_cli, tmp_path, extra):
    out = tmp_path / "f.jsonl"
    t = time.monotonic()
    code, stdout, err = run_cli("generate", "floodit", "--size", "300x300", "-o", str(out),
                                "--jobs", "1", *extra)
    assert time.monotonic() - t < 2.0
    assert (code, stdout) == (2, "")
    assert err == ("pencilproof: error: a 300x300 Flood-It board is too large to solve (at most "
                   "62500 cells)\n")
    assert not out.exists()


# -- the alarm: a genre's own Python that asks no deadline stops at it too -------------------------
def test_a_genre_encoding_that_asks_no_deadline_is_stopped_at_it(monkeypatch):
    from pencilproof.encodings import get_genre
    from pencilproof.formats import load_one
    genre = get_genre("canal")
    real = type(genre).encode

    def slow(self, puzzle, backend, encoding=None):
        t = time.monotonic()
        while time.monotonic() - t < 5:  # pure Python, no checkpoint
            pass
        return real(self, puzzle, backend, encoding)
    monkeypatch.setattr(type(genre), "encode", slow)
    p = load_one("https://puzz.link/p?canal/6/6/3i3h2z4h5i2")
    t = time.monotonic()
    res = check(p, time_limit=0.5)
    assert time.monotonic() - t < 1.5
    assert res.verdict is Verdict.UNKNOWN


def test_the_alarm_keeps_an_outer_alarm():
    import signal
    from pencilproof.solvers.deadline import alarm
    fired = []
    old = signal.signal(signal.SIGALRM, lambda *_: fired.append(time.monotonic()))
    try:
        t = time.monotonic()
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with alarm(Deadline.after(5), TimeUp):
            time.sleep(0.5)  # the outer alarm comes first, and is theirs
        assert len(fired) == 1 and fired[0] - t < 0.45
        with pytest.raises(TimeUp):
            with alarm(Deadline.after(0.2), TimeUp):
                time.sleep(1)
        signal.setitimer(signal.ITIMER_REAL, 0.4)
        with alarm(Deadline.after(5), TimeUp):
            time.sleep(0.1)
        time.sleep(0.5)  # re-armed after the block with what was left of it
        assert len(fired) == 2
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def test_cadical_slices_follow_the_conflict_rate_of_the_instance(monkeypatch):
    """A heavy encoding's conflicts are slow (a 31x31 Str8ts: 1000 of them took 5 s): the
    first slice is small, and the rate measured is kept for the next solves."""
    from pencilproof.solvers.backends import CadicalBackend
    b = CadicalBackend()
    spent = {"conflicts": 0}
    budgets = []

    def slow(assumptions):  # 2 ms per conflict, never an answer
        budget = b._budget
        budgets.append(budget)
        time.sleep(0.002 * budget)
        spent["conflicts"] += budget
        return None
    real_budget = b._s.conf_budget
    monkeypatch.setattr(b._s, "conf_budget", lambda n: (setattr(b, "_budget", n), real_budget(n)))
    monkeypatch.setattr(b, "_limited", slow)
    monkeypatch.setattr(b, "_counts", lambda: (spent["conflicts"], 0))
    for _ in range(2):
        t = time.monotonic()
        assert b._solve_sliced([], time.monotonic() + 0.6) is None
        assert time.monotonic() - t < 1.1  # each slice ends near a quarter of a second
    assert budgets[0] <= 200 and max(budgets[1:]) <= 200
    b.close()


class _DecisionHeavy:
    """A stand-in for CaDiCaL near an answer: ``cost`` seconds a decision, a conflict
    every ``per`` decisions; an answer once one call (which starts from the root) makes
    ``needed`` decisions. A call ends at its conflict or its decision budget."""

    def __init__(self, b, needed: int, cost: float, per: int):
        self.b, self.needed, self.cost, self.per = b, needed, cost, per
        self.conflicts = self.decisions = 0
        self.budgets: list[tuple[int, int]] = []
        self.calls: list[float] = []

    def run(self, assumptions):
        cbudget, dbudget = self.b._cb, self.b._db
        self.budgets.append((cbudget, dbudget))
        made = min(cbudget * self.per, dbudget, self.needed)
        t = time.monotonic()
        time.sleep(self.cost * made)
        self.calls.append(time.monotonic() - t)
        self.conflicts += made // self.per
        self.decisions += made
        return True if made >= self.needed else None


def _decision_heavy(monkeypatch, needed: int, cost: float, per: int):
    from pencilproof.solvers.backends import CadicalBackend
    b = CadicalBackend()
    fake = _DecisionHeavy(b, needed, cost, per)
    monkeypatch.setattr(b._s, "conf_budget", lambda n: setattr(b, "_cb", n))
    monkeypatch.setattr(b._s, "dec_budget", lambda n: setattr(b, "_db", n))
    monkeypatch.setattr(b, "_limited", fake.run)
    monkeypatch.setattr(b, "_counts", lambda: (fake.conflicts, fake.decisions))
    return b, fake


def test_cadical_slices_end_after_the_decisions_their_time_allows(monkeypatch):
    """Near an answer CaDiCaL makes many decisions per conflict: an empty 35x35 Futoshiki's
    slice planned from its conflict rate as 0.25 s took up to 3.1 s (76,000 decisions), so
    a Ctrl-C waited that long and the time limit ran over by 0.65 s. A slice now also ends
    after the decisions its quarter of a second allows."""
    b, fake = _decision_heavy(monkeypatch, needed=10 ** 9, cost=20e-6, per=500)
    t = time.monotonic()
    assert b._solve_sliced([], time.monotonic() + 1.2) is None
    assert time.monotonic() - t < 1.5
    assert fake.budgets[0] == (200, 20_000)  # the first slice: 0.4 s of these decisions
    assert max(fake.calls[1:]) < 0.4  # then each about a quarter of a second
    b.close()


def test_an_answer_needing_more_decisions_than_a_slice_is_still_reached(monkeypatch):
    """Each call starts from the root: a slice's decision budget that ended it doubles for
    the next one, so an answer that needs 400,000 decisions in one call and meets no
    conflict (0.8 s here; slices of 0.25 s allow 125,000) is found, at about twice its
    own time."""
    b, fake = _decision_heavy(monkeypatch, needed=400_000, cost=2e-6, per=10 ** 9)
    t = time.monotonic()
    assert b._solve_sliced([], None) is True
    assert time.monotonic() - t < 3.0
    assert fake.budgets[-1][1] >= 400_000 and len(fake.budgets) > 2
    b.close()


def test_a_kakuro_too_large_to_hold_is_refused_at_once(run_cli, tmp_path):
    """Found by the stress benchmark: a 1000x1000 Kakuro took 9-27 s to refuse (every run
    listed before the first too long was named, and its place found by scanning every
    value of the file)."""
    import json
    n = 1000
    path = tmp_path / "k.json"
    path.write_text(json.dumps({"genre": "kakuro", "rows": n, "cols": n,
                                "grid": [[None] * n for _ in range(n)]}))
    t = time.monotonic()
    code, out, err = run_cli("backbone", "--time-limit", "5", str(path))
    assert time.monotonic() - t < 3.0
    assert (code, out) == (2, "")
    assert err == (f"pencilproof: error: {path}:1:57: a run of 1000 white cells from r1c1 "
                   "cannot hold different digits 1-9\n")


def test_a_big_room_layout_is_checked_in_linear_time():
    """Found by the stress benchmark: reading a 1000x1000 Heyawake with a room per row took
    5 s of CPU, mostly a cell by cell search that each room is one piece (41 s for
    --time-limit 5 on a busy machine); its runs of equal rooms are joined instead."""
    from pencilproof.encodings.kit.lattice import check_areas_connected
    from pencilproof.errors import InputError
    n = 600
    t = time.monotonic()
    check_areas_connected(tuple(tuple([r] * n) for r in range(n)), "x")
    assert time.monotonic() - t < 1.0
    cut = [[r] * n for r in range(n)]
    cut[5][300] = 7  # row 8's room gets a cell cut off in row 6 (and row 6's room splits)
    with pytest.raises(InputError) as e:
        check_areas_connected(cut, "x")
    assert str(e.value) == "x: region 6 falls into pieces (r6c302 is cut off from the rest)"

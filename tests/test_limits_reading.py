"""Issue 22, the reading part: a big file is read in time, and reading counts against the
time limit (the deadline starts with the command, not after the puzzle is read)."""
from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from pencilproof.encodings.kit import lattice
from pencilproof.errors import InputError
from pencilproof.formats import load_document


def _dominoes(n: int) -> list[list[int]]:
    """Side-by-side dominoes: n * n / 2 rooms of two cells."""
    return [[r * (n // 2) + c // 2 for c in range(n)] for r in range(n)]


def _verdict(layout: list[list[int]], arrays: bool) -> str | None:
    saved = lattice.ARRAY_RUNS
    lattice.ARRAY_RUNS = -1 if arrays else 10 ** 12
    try:
        lattice.check_areas_connected(layout, "x")
        return None
    except InputError as e:
        return str(e)
    finally:
        lattice.ARRAY_RUNS = saved


def test_the_array_path_finds_what_the_run_by_run_search_finds():
    """Both ways of checking that every region is one piece give the same answer and name
    the same cell, over random layouts of 1-6 labels (most of them fall into pieces)."""
    rng = random.Random(22)
    split = 0
    for _ in range(1500):
        rows, cols, labels = rng.randint(1, 8), rng.randint(1, 8), rng.randint(1, 6)
        layout = [[rng.randrange(labels) for _ in range(cols)] for _ in range(rows)]
        layout = [list(row) for row in lattice.normalize_areas(layout)]
        expected = _verdict(layout, arrays=False)
        split += expected is not None
        assert _verdict(layout, arrays=True) == expected, layout
    assert 300 < split < 1400  # both outcomes were tried often


def test_a_long_winding_region_is_one_piece_and_its_cut_off_tooth_is_named():
    """A comb: region 1 runs down every even column and is joined alternately at the top
    and the bottom (one winding piece of 300 columns); the odd columns between are region
    2, whose first piece in reading order is column 4 (from r1c4, column 2 starts in row
    2) and whose next one, column 8 from r1c8, is cut off from it."""
    n = 300
    comb = [[0 if c % 2 == 0 or (r == 0 and c % 4 == 1) or (r == n - 1 and c % 4 == 3) else 1
             for c in range(n)] for r in range(n)]
    with pytest.raises(InputError) as e:
        lattice.check_areas_connected(comb, "x")
    assert str(e.value) == "x: region 2 falls into pieces (r1c8 is cut off from the rest)"
    comb = [[0 if v == 0 else 1 + c for c, v in enumerate(row)] for row in comb]
    lattice.check_areas_connected(lattice.normalize_areas(comb), "x")  # one piece each


def test_a_region_that_is_two_dominoes_far_apart_is_named_by_its_second_piece():
    n = 400
    layout = _dominoes(n)
    layout[399][398] = layout[399][399] = 7  # region 8 (r1c15-16) gets a second piece
    with pytest.raises(InputError) as e:
        lattice.check_areas_connected(layout, "x")
    assert str(e.value) == "x: region 8 falls into pieces (r400c399 is cut off from the rest)"


@pytest.mark.parametrize("genre", ["magnets", "ripple"])
def test_reading_a_big_domino_layout_lists_no_regions(genre, tmp_path, monkeypatch):
    """Reading a 1000x1000 Magnets or Ripple Effect with 500,000 two-cell rooms took 4-8 s
    (27 s under load): the whole-puzzle checks listed every region's cells. They count
    cells per region now; listing them is the encoding's work, under its deadline."""
    n = 600
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"genre": genre, "rows": n, "cols": n,
                                "grid": [[None] * n] * n, "areas": _dominoes(n)}))

    def listed(*args: object) -> None:
        raise AssertionError("reading listed every region's cells")
    monkeypatch.setattr(lattice, "areas", listed)
    for module in ("magnets", "ripple"):
        monkeypatch.setattr(f"pencilproof.encodings.{module}.areas", listed)
    t = time.monotonic()
    doc = load_document(str(path), answers=False)
    assert time.monotonic() - t < 3.0  # (0.4 s on a quiet machine; 1000x1000: 1.2 s)
    assert (doc.puzzle.rows, doc.puzzle.cols) == (n, n)
    assert doc.puzzle.param("areas")[599][599] == 179_999


def test_a_magnets_room_of_three_cells_is_named_in_a_big_layout(tmp_path):
    n = 400
    layout = _dominoes(n)
    layout[200][2] = layout[199][2]  # region 39,801 (r200c3-4) takes r201c3 too
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"genre": "magnets", "rows": n, "cols": n,
                                "grid": [[None] * n] * n, "areas": layout}))
    with pytest.raises(InputError) as e:
        load_document(str(path), answers=False)
    assert str(e.value).endswith("region 39802 has 3 cells (at r200c3): Magnets regions are "
                                 "dominoes (or single cells without one)")


# -- reading counts against the time limit ---------------------------------------------------
SMALL = "lightup 2x2\n. .\n. 0\n"  # one lamp, top left: unique
BIG = "lightup 4x4\n. . . .\n. 1 . .\n. . . .\n. . . .\n"


@pytest.fixture
def slow_reading(monkeypatch):
    """Light Up's whole-puzzle check turned into a Python loop of 30 s that asks no
    deadline: what reading a huge file is, made quick to set up."""
    from pencilproof.encodings import get_genre
    genre = get_genre("lightup")

    def slow(puzzle: object, where: str) -> None:
        if puzzle.rows == 4:  # (only the 4x4 puzzles of the batch below)
            end = time.monotonic() + 30
            while time.monotonic() < end:
                pass
    monkeypatch.setattr(genre, "validate", slow, raising=False)


@pytest.mark.parametrize("argv, limit", [
    (["check", "-q"], "--time-limit"), (["solve"], "--time-limit"), (["count"], "--time-limit"),
    (["backbone", "-q"], "--time-limit"), (["explain", "-q"], "--time-limit"),
    (["repair", "-q"], "--time-limit"), (["minimize", "-q"], "--max-time")])
def test_reading_runs_under_the_commands_time_limit(argv, limit, slow_reading, run_cli,
                                                   tmp_path):
    """The deadline started after the puzzle was read: a file that took minutes to read
    ran minutes past --time-limit. Now the reading stops at the limit: verdict unknown."""
    path = tmp_path / "big.txt"
    path.write_text(BIG)
    t = time.monotonic()
    code, out, err = run_cli(*argv, limit, "0.5", str(path))
    assert time.monotonic() - t < 1.5
    assert (code, out, err) == (3, f"{path}: unknown: time limit of 0.5 s reached while "
                                   "reading it\n", "")


def test_a_batch_reports_the_file_that_ran_out_as_unknown_and_goes_on(
        slow_reading, run_cli, tmp_path):
    first = tmp_path / "a.txt"
    first.write_text(SMALL)
    big = tmp_path / "big.txt"
    big.write_text(BIG)
    t = time.monotonic()
    code, out, err = run_cli("check", "--json", "--time-limit", "0.5", str(first), str(big),
                             str(first))
    assert time.monotonic() - t < 3.0
    lines = [json.loads(x) for x in out.splitlines()]
    assert [x["source"] for x in lines] == [str(first), str(big), str(first)]
    assert lines[0]["verdict"] == lines[2]["verdict"] == "unique"
    assert lines[1] == {"source": str(big), "verdict": "unknown",
                        "error": "time limit of 0.5 s reached while reading it"}
    assert (code, err) == (3, "")


# -- a long-running serve keeps no big room maps --------------------------------------------------
def test_country_roads_room_maps_go_with_their_puzzles():
    """An lru_cache of 64 layouts kept the room maps of the last 64 Country Roads alive in
    a long-running serve (a 1000x1000 one's is about 100 MB); a map now lives as long as
    its puzzle, and a puzzle's clues still share one."""
    import gc
    import sys

    from pencilproof.encodings import get_genre
    from pencilproof.puzzle import Puzzle
    genre = get_genre("country")
    n = 300
    layout = tuple(tuple(r * (n // 2) + c // 2 for c in range(n)) for r in range(n))
    gc.collect()
    before = sys.getallocatedblocks()
    for _ in range(3):
        p = Puzzle("country", n, n, tuple((None,) * n for _ in range(n))).with_params(
            areas=layout)
        assert genre.rooms(p) is genre.rooms(p)  # built once per puzzle
        assert genre.room_of(p, (299, 299)) == [(299, 298), (299, 299)]
    del p
    gc.collect()
    assert sys.getallocatedblocks() - before < 10_000  # one map: 90,000 cells, 45,000 rooms


def test_a_limit_too_small_to_read_anything_still_reports_every_puzzle(run_cli, tmp_path):
    """Found by the fuzz test: with --time-limit 1e-9 every puzzle of a batch is still
    reported (as unknown), none is left out (a reading that begins with under 50 ms of
    its limit left is done in full)."""
    batch = tmp_path / "b.txt"
    url = "https://puzz.link/p?canal/6/6/3i3h2z4h5i2"
    batch.write_text(f"{url}\n{url}\n")
    code, out, err = run_cli("check", "-q", "--time-limit", "1e-9", str(batch), url)
    assert (code, err) == (3, "")
    assert [line.split(": ")[:2] for line in out.splitlines()[:3]] == [
        [f"{batch}:1", "unknown (0.000 s, cadical)"], [f"{batch}:2", "unknown (0.000 s, cadical)"],
        [url, "unknown (0.000 s, cadical)"]]


# -- a picture too large is refused before the clues are read ----------------------------------
@pytest.mark.parametrize("argv", [
    ["render", "-o", "{out}"], ["convert", "--to", "svg", "-o", "{out}"],
    ["backbone", "-q", "--picture", "{out}"], ["repair", "-q", "--picture", "{out}"]])
def test_a_grid_too_large_to_draw_is_refused_before_its_clues_are_read(argv, run_cli,
                                                                      tmp_path, monkeypatch):
    """The stress run's 1000x1000 Magnets took 1.4 s to refuse its picture: the whole file
    (rooms, clues) was read first. The size is now refused as soon as it is known: this
    file's last clue is bad, and the refusal names the size, not the clue; without a
    picture the same file is refused for its clue. (The file is named from its folder: a
    long temporary path, as pytest's hundredth run on one machine makes, is shortened in
    the middle in an error, as every place is.)"""
    monkeypatch.chdir(tmp_path)
    grid = [["."] * 500 for _ in range(500)]
    grid[-1][-1] = "x!"
    path = Path("big.json")
    path.write_text(json.dumps({"genre": "canal", "grid": grid}))
    out = tmp_path / "big.svg"
    code, stdout, err = run_cli(argv[0], str(path), *(a.format(out=out) for a in argv[1:]))
    assert (code, stdout, err) == (2, "", (
        f"pencilproof: error: {path}: a 500x500 picture is too large to draw (at most 160000 "
        "cells; --json and the text formats carry the grid)\n"))
    assert not out.exists()
    code, _, err = run_cli("backbone", "-q", str(path))
    assert (code, err) == (2, f"pencilproof: error: {path}:1:1251023: r500c500: unknown token "
                              "'x!' (expected '.', '?' or an integer)\n")

"""Country Road on the kit: published janko.at puzzles, pzprjs's test script (URL, pzprv3
files, failcodes), counts against an independent enumerator on small boards with random
rooms, bad input and generation."""
from __future__ import annotations

import random

import pytest

from enumerators import centre_loops, loop_cells, pipe_rows
from janko_data import janko_doc
from pencilproof import check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url, to_pzprv3, to_url
from pencilproof.puzzle import Puzzle

GENRE = get_genre("country")


def board(rooms: list[str], numbers: dict | None = None) -> Puzzle:
    """Rooms as rows of one-character labels; numbers by cell."""
    rows, cols = len(rooms), len(rooms[0])
    grid = tuple(tuple((numbers or {}).get((r, c)) for c in range(cols)) for r in range(rows))
    ids: dict = {}
    areas = tuple(tuple(ids.setdefault(ch, len(ids)) for ch in row) for row in rooms)
    return Puzzle("country", rows, cols, grid).with_params(areas=areas)


def codes(p: Puzzle, rows: tuple[str, ...]) -> set[str]:
    return {v.code for v in GENRE.verify(p, KitAnswer(rows))}


# -- 1. published puzzles ---------------------------------------------------------------

def test_janko_blocks_with_and_without_numbers():
    # Janko 001 has no problem section: rooms only. 005 puts a room's number in its first
    # cell ("1 - 5 - - 3 ..." over rooms "1 1 6 6 11 13 ...").
    first = janko_doc("country", 0)
    assert first.puzzle.clues() == {} and first.puzzle.param("areas")[1] == (1, 1, 2, 3, 3)
    assert first.solution.rows[0] == "F---7"
    fifth = janko_doc("country", 4)
    assert fifth.puzzle.grid[0][:3] == (1, None, 5)


def test_janko_cells_in_no_room():
    """Country Road 029's areas have a 3x3 block '@': cells of no room, which the loop
    leaves out (its published loop passes beside them; cells left out on either side
    of it are no cbNoLine). Read as a room, the loop had to visit it: two such loops."""
    doc = janko_doc("country", 12)
    assert doc.puzzle.grid[4][4:7] == ("@", "@", "@")
    assert len(set(doc.puzzle.param("areas")[4][4:7])) == 3  # (a region each)
    res = check(doc.puzzle)
    assert res.verdict.value == "unique" and res.solutions[0] == doc.solution
    through = (".F----7.F7.", "FJ.F7.|FJL7", "L7FJL7LJ..|", ".LJ.FJ.F7FJ", ".F-7L-7|LJ.",
               "FJ.L7.||.F7", "L--7L-J|FJ|", ".F-J...||FJ", ".|..F7.LJL7", ".L7FJL7...|",
               "..LJ..L---J")  # the old reading's first answer: through r5c5-r5c7
    assert codes(doc.puzzle, through) == {"anBadChar"}


# -- 2. pzprjs test/script/country.js ---------------------------------------------------
# The script's board (url 5/5/amda0uf02h12h: borders, then one number per room in its top
# cell) and its answers: version-0 files with a room count and room numbers, the clues,
# then 5 rows of 4 "line right" values and 4 rows of 5 "line down" values (1 = line), each
# cell written by hand as the pipe of its lines. The lnBranch answer (three lines in a
# cell) has no pipe. pzprjs stops at its first failing check; each expected set holds the
# script's code and the others that answer breaks.
NUMBERS = {(0, 0): 2, (2, 0): 1, (2, 1): 2}
SCRIPT = board(["aabbc", "aabbc", "deeec", "dffgg", "dffgg"], NUMBERS)
SCRIPT_ANSWERS = [
    ("lnCross", (".v...", ">+--<", ".|...", ".|...", ".^..."),
     {"bkLineNe", "bkNoLine", "cbNoLine", "lnCross", "lnDeadEnd"}),
    ("bkPassTwice", (".F-7.", ".|.|.", "FJ.|.", "|..|.", "L--J."),
     {"bkLineNe", "bkNoLine", "bkPassTwice", "cbNoLine"}),
    ("bkLineNe", (".F<..", "FJ...", "L-7..", ".FJF<", ".L-J."),
     {"bkLineNe", "bkNoLine", "cbNoLine", "lnDeadEnd"}),
    ("cbNoLine", ("..F-7", "F-J.|", "L-7.|", ".FJFJ", ".L-J."), {"cbNoLine"}),
    ("lnDeadEnd", ("..F7.", "F-J^v", "L-7.|", ".FJFJ", ".L-J."), {"lnDeadEnd"}),
]
SCRIPT_SOLUTION = ("..F7.", "F-JL7", "L-7.|", ".FJFJ", ".L-J.")
FILE = ("pzprv3/country/5/5/7/0 0 1 1 2 /0 0 1 1 2 /3 4 4 4 2 /3 5 5 6 6 /3 5 5 6 6 /2 . . . . /"
        ". . . . . /1 2 . . . /. . . . . /. . . . . /0 0 1 0 /1 1 0 1 /1 1 0 0 /0 1 0 1 /0 1 1 0 /"
        "0 0 1 1 0 /1 0 0 0 1 /0 0 1 0 1 /0 1 0 1 0 /2 2 1 0 0 /1 1 0 1 0 /1 1 1 2 1 /2 1 0 1 0 /"
        "2 1 0 0 0 /")


@pytest.mark.parametrize("code, rows, expected", SCRIPT_ANSWERS, ids=[a[0] for a in SCRIPT_ANSWERS])
def test_pzprjs_script_wrong_answers(code, rows, expected):
    found = codes(SCRIPT, rows)
    assert code in found and found == expected


def test_pzprjs_script_answers_on_their_own_boards():
    # bkNoLine: room e split in two (e over r3c4); lnPlLoop: r3c2's number is 3
    split = board(["aabbc", "aabbc", "deehc", "dffgg", "dffgg"], NUMBERS)
    assert codes(split, ("..F7.", "F-JL7", "L-7.|", ".FJFJ", ".L-J.")) == {"bkNoLine"}
    three = board(["aabbc", "aabbc", "deeec", "dffgg", "dffgg"], {**NUMBERS, (2, 1): 3})
    assert codes(three, ("..F7.", "F-JL7", "L---J", ".F-7.", ".L-J.")) == {"lnPlLoop"}


def test_pzprjs_script_url_and_pzprv3():
    url = "https://puzz.link/p?country/5/5/amda0uf02h12h"
    assert parse_url(url) == SCRIPT and to_url(SCRIPT) == url
    (_, doc), = parse_documents(FILE, "script")
    assert doc.puzzle == SCRIPT and doc.solution.rows == SCRIPT_SOLUTION
    # written as pzprjs writes it today: version 2, an empty flags line, borders
    text = to_pzprv3(doc.puzzle, doc.solution, slashes=True)
    assert text.startswith("pzprv3.2/country/5/5//0 1 0 1 /")
    (_, back), = parse_documents(text, "ours")
    assert back.puzzle == SCRIPT and back.solution.rows == SCRIPT_SOLUTION
    (_, err), = parse_documents(text.replace("5/5//", "5/5/country_empty/"), "ours")
    assert isinstance(err, InputError) and "option 'country_empty' (a rule variant)" in str(err)
    res = check(SCRIPT)
    assert res.verdict.value == "unique" and res.solutions[0].rows == SCRIPT_SOLUTION


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every loop between cell centres (tests/enumerators.py); a loop
# answers when it crosses every room's border exactly twice, no two cells it leaves out
# touch across a border, and each number counts its room's loop cells.
LOOPS = {size: centre_loops(*size) for size in ((3, 3), (3, 4), (4, 4))}


def answers(p: Puzzle) -> set[tuple[str, ...]]:
    room = {(r, c): p.param("areas")[r][c] for r in range(p.rows) for c in range(p.cols)}
    out = set()
    for lines in LOOPS[p.rows, p.cols]:
        on = loop_cells(lines)
        crossing: dict = {}
        for a, b in (tuple(e) for e in lines):
            if room[a] != room[b]:
                crossing[room[a]] = crossing.get(room[a], 0) + 1
                crossing[room[b]] = crossing.get(room[b], 0) + 1
        rooms = set(room.values())
        if len(rooms) > 1 and any(crossing.get(k, 0) != 2 for k in rooms):
            continue
        if any(room[a] != room[b] and a not in on and b not in on
               for a in room for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1)) if b in room):
            continue
        if any(sum(1 for x in room if room[x] == room[cell] and x in on) != n
               for cell, n in p.clues().items()):
            continue
        out.add(pipe_rows(lines, p.rows, p.cols))
    return out


def random_boards(seed: int, n: int) -> list[Puzzle]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4)])
        label = {(r, c): (r // rng.choice((1, 2, 3)), c // rng.choice((1, 2, 4))) for r in range(rows)
                 for c in range(cols)}
        rooms = ["".join("abcdefghijklmnop"[sorted(set(label.values())).index(label[(r, c)])]
                         for c in range(cols)) for r in range(rows)]
        numbers = {}
        for cell in rng.sample(sorted(label), rng.randint(0, 2)):
            if not any(label[x] == label[cell] for x in numbers):
                numbers[cell] = rng.randint(1, 4)
        out.append(board(rooms, numbers))
    return out


@pytest.mark.parametrize("p", random_boards(3, 40), ids=lambda b: f"{b.grid}{b.param('areas')}")
def test_counts_match_the_enumerator(p):
    expected = answers(p)
    res = count(p, limit=len(expected) + 1)
    assert res.complete and res.count == len(expected)
    assert {s.rows for s in res.solutions} == expected


def test_the_enumerator_meets_every_loop():
    assert len(LOOPS[4, 4]) == 213  # the cycles of the 4x4 grid graph (OEIS A140517)
    one_room = board(["aaaa"] * 4)
    assert len(answers(one_room)) == 213 and count(one_room, limit=300).count == 213


# -- 4. bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    ('{"genre":"country","rows":2,"cols":2,"grid":[["x",null],[null,null]],"areas":["ab","ab"]}',
     "t.json:1:47: r1c1: unknown token 'x' (expected '.' or a number)"),
    ('{"genre":"country","rows":2,"cols":2,"grid":[[1,null],[2,null]],"areas":["ab","ab"]}',
     "t.json:1:45: r2c1: a second number in the room of r1c1"),
    ('{"genre":"country","rows":2,"cols":2,"grid":[["@","y"],[null,null]],"areas":["ab","ab"]}',
     "t.json:1:51: r1c2: unknown token 'y' (expected '.' or a number)"),
    ('{"genre":"country","rows":2,"cols":2,"grid":[[null,null],[null,null]],"areas":["ab","ba"]}',
     "t.json:1:45: region 2 falls into pieces (r2c1 is cut off from the rest)"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


# -- generation ----------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(2))
def test_random_answers_are_pinned_down_by_their_rooms(seed):
    hooks = GENRE.generator
    answer = hooks.random_answer(6, 6, random.Random(seed), None, None)
    blank = hooks.blank_for(answer)
    assert blank.param("areas") is not None and blank.clues() == {}
    full = hooks.with_clues(blank, hooks.clue_candidates(answer))
    assert GENRE.verify(full, answer) == []
    res = check(full)
    assert res.verdict.value == "unique" and res.solutions[0].rows == answer.rows

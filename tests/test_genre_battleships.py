"""Battleships on the kit: the twelve published janko.at puzzles (their fleet, numbers and
given parts), pzprjs's test script (failcodes), counts against an independent
enumerator on small random boards, the fleet and part rules, bad input, generation."""
from __future__ import annotations

import itertools
import json
import random

import pytest

from enumerators import counts_hold, grid_cells, marked, pieces, shade_rows
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.battleships import default_fleet
from pencilproof.errors import InputError
from pencilproof.encodings.kit.bodies import ship_piece
from pencilproof.formats import parse_documents, parse_url, to_url
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle, Solution

GENRE = get_genre("battleships")
RECORDS = janko_lines("battleships")


def test_janko_reading():
    """Battleships 001: 'ships 5 4 3 2 1' is the fleet by length from 1, clabels and
    rlabels the column and row numbers, the problem's tokens the given parts."""
    doc = janko_doc("battleships", 0)
    assert doc.puzzle.param("fleet") == (5, 4, 3, 2, 1)
    assert doc.puzzle.param("top") == (2, 5, 3, 2, 4, 4, 2, 4, 2, 1, 6)
    assert doc.puzzle.param("left") == (2, 6, 1, 7, 0, 1, 8, 1, 5, 0, 4)
    assert doc.puzzle.clues() == {(0, 7): "x", (1, 0): "w", (1, 3): "x", (2, 10): "x", (3, 5): "x",
                                  (3, 7): "x", (6, 4): "x", (7, 10): "s"}
    assert doc.solution.rows[:2] == ("........#.#", "###.##....#")


def test_every_published_fleet_is_the_ships_field():
    """The reading of 'ships': in every solution, five ships of one cell, four of two,
    three of three, two of four and one of five (counted here from the rows)."""
    for i in range(12):
        rows = janko_doc("battleships", i).solution.rows
        lengths = sorted(len(p) for p in pieces(marked(rows)))
        assert lengths == [1] * 5 + [2] * 4 + [3] * 3 + [4] * 2 + [5]


# pzprjs test/script/battleship.js: its URL, and its pzprv3 files, which
# hold the bank 'c' (three ships of one cell, two of two, one of three), a 7x7 grid of
# the corner, the column numbers above and the row numbers left of the cells (0 water,
# 3 a west end), then the answer ('#' shaded, '+' and '.' not). pzprjs counts a given
# part as shaded whatever the answer row says: our rows shade r4c1.
URL = "https://puzz.link/p?battleship/6/6/g12h2g30g3gk0r3w//c"
TOP, LEFT, FLEET = (None, 1, 2, None, None, 2), (None, 3, 0, None, 3, None), (3, 2, 1)
PZPRJS = [
    ("csPieceExtra", ("......", "......", "......", "#.....", "#.....", "#.....")),
    ("csMismatch", ("#.#...", "#.#..#", "......", "#.....", "...###", ".#....")),
    ("bankGt", ("#.#...", "#.#..#", "......", "##....", "...###", "#.....")),
    ("bankInvalid", ("......", "......", "..#...", "###...", "......", "......")),
    ("shDiag", ("#.....", "...###", "......", "##....", "..#.##", "#.....")),
    ("bankLt", ("..#...", "#.#..#", "......", "##....", "...###", "......")),
    ("exShadeNe", ("#.#...", "..#..#", "......", "##....", "...###", "#.....")),
    (None, ("..#...", "#.#..#", "......", "##....", "...###", "#.....")),
]


def _board(rows, cols, fleet, parts=None, top=None, left=None) -> Puzzle:
    grid = tuple(tuple((parts or {}).get((r, c)) for c in range(cols)) for r in range(rows))
    p = Puzzle("battleships", rows, cols, grid).with_params(fleet=fleet)
    return p.with_params(top=top if top and any(x is not None for x in top) else None,
                         left=left if left and any(x is not None for x in left) else None)


SCRIPT = _board(6, 6, FLEET, {(0, 5): "x", (3, 0): "w"}, TOP, LEFT)


def test_pzprjs_url():
    assert parse_url(URL) == SCRIPT and to_url(SCRIPT) == URL
    res = check(SCRIPT)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == PZPRJS[-1][1]


def test_fleets_in_urls():
    """Preset banks for the fleets 3 2 1, 4 3 2 1 and 5 4 3 2 1 (Janko's), any other fleet
    as its list of straight pieces."""
    assert all(to_url(janko_doc("battleships", i).puzzle).endswith("//e") for i in range(12))
    assert all(parse_url(to_url(p)) == p for p in (janko_doc("battleships", i).puzzle for i in range(12)))
    odd = SCRIPT.with_params(fleet=(2, 0, 1, 1))
    assert to_url(odd).endswith("/4/11g/11g/31s/41u") and parse_url(to_url(odd)) == odd
    assert ship_piece(7) == "71vo"  # 11111 11000


@pytest.mark.parametrize("url, message", [
    (URL.replace("//c", "//q"), "the piece bank '/q' is not a fleet of straight ships"),
    (URL.replace("//c", "/1/22u"), "the piece bank '1/22u' is not a fleet of straight ships"),
    (URL.replace("//c", ""), "the body has no piece bank (the fleet) after its cells"),
    (URL.replace("k0r3w", "k7r3w"), "given 7 at r1c6 has no meaning here"),
])
def test_bad_urls(url, message):
    with pytest.raises(InputError) as e:
        parse_url(url)
    assert str(e.value).endswith(message)


@pytest.mark.parametrize("code, rows", PZPRJS)
def test_pzprjs_failcodes(code, rows):
    got = GENRE.verify(SCRIPT, Solution(rows))
    assert (got[0].code if got else None) == code


def test_codes_and_cells():
    got = GENRE.verify(SCRIPT, Solution(("#.#...", "#.#..#", "......", "##....", "...###", "#.....")))
    assert [(v.code, v.cells, v.message) for v in got] == [
        ("bankGt", ((0, 0), (0, 2), (1, 0), (1, 2), (3, 0), (3, 1)), "3 ships of length 2, the fleet has 2"),
        ("bankLt", ((1, 5), (5, 0)), "2 ships of length 1, the fleet has 3")]
    got = GENRE.verify(SCRIPT, Solution(("......", "......", "......", "#.....", "#.....", "#.....")))
    assert (got[0].code, got[0].message) == ("csPieceExtra", "the part at a given 'w' is 'n'")


@pytest.mark.parametrize("part, rows, ok", [
    ("m", ("...", "###", "..."), True), ("m", (".#.", ".#.", ".#."), True),
    ("m", ("...", "##.", "..."), False), ("o", ("...", ".#.", "..."), True),
    ("n", (".#.", ".#.", "..."), False), ("n", ("...", ".#.", ".#."), True),
    ("e", ("...", "##.", "..."), True), ("w", ("...", ".##", "..."), True),
    ("x", ("...", ".#.", "..."), False), ("x", ("#..", "...", "..#"), True),
])
def test_parts(part, rows, ok):
    """A part at the centre of a 3x3 (fleet: ships of up to three cells, no count
    check here: the part rule alone, both faces)."""
    board = _board(3, 3, (9, 9, 9), {(1, 1): part})
    got = [v.code for v in GENRE.verify(board, Solution(rows)) if v.code.startswith("cs")]
    assert (got == []) == ok
    found = {s.rows for s in count(_board(3, 3, (1,), {(1, 1): part}), limit=None).solutions}
    assert (rows in found) == (ok and sum(row.count("#") for row in rows) == 1)


def test_default_fleets():
    assert default_fleet(6, 6) == (3, 2, 1)
    assert default_fleet(10, 10) == (4, 3, 2, 1)
    assert default_fleet(11, 11) == (5, 4, 3, 2, 1)


# -- brute force ---------------------------------------------------------------------------
PART_OF = {frozenset(): "o", frozenset("D"): "n", frozenset("U"): "s", frozenset("R"): "w",
           frozenset("L"): "e", frozenset("UD"): "m", frozenset("LR"): "m"}


def _answers(rows, cols, fleet, parts, top, left) -> set[tuple[str, ...]]:
    """Every set of as many cells as the fleet has, kept where its pieces are straight,
    have the fleet's lengths, touch nowhere at a corner, and the numbers and parts hold."""
    total = sum(n * (k + 1) for k, n in enumerate(fleet))
    want = sorted(k + 1 for k, n in enumerate(fleet) for _ in range(n))
    out = set()
    for pick in itertools.combinations(grid_cells(rows, cols), total):
        on = set(pick)
        ships = pieces(on)
        if any(len({r for r, _ in p}) > 1 and len({c for _, c in p}) > 1 for p in ships):
            continue
        if sorted(len(p) for p in ships) != want:
            continue
        if any((r + 1, c + d) in on and (r, c + d) not in on and (r + 1, c) not in on
               for r, c in on for d in (-1, 1)):
            continue
        if not counts_hold(on, rows, cols, top, left):
            continue
        ok = True
        for (r, c), p in parts.items():
            sides = frozenset(s for s, y in (("U", (r - 1, c)), ("D", (r + 1, c)), ("L", (r, c - 1)),
                                             ("R", (r, c + 1))) if y in on)
            ok &= (p == "x") if (r, c) not in on else PART_OF.get(sides) == p
        if ok:
            out.add(shade_rows(on, rows, cols))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_brute_force(seed):
    """A drawn answer (the generator's, with a small fleet), some of its numbers and
    parts (one number off by one for every fourth seed)."""
    rng = random.Random(seed)
    rows, cols, fleet = rng.choice([(4, 4, (2, 1)), (4, 4, (1, 1, 1)), (4, 5, (2, 1)), (5, 5, (2, 1))])
    drawn = GENRE.generator._answer_on(_board(rows, cols, fleet), rng, 0.3)
    assert drawn is not None
    on = {(r, c) for r, row in enumerate(drawn.rows) for c, ch in enumerate(row) if ch == "#"}
    top = tuple(sum((r, c) in on for r in range(rows)) if rng.random() < 0.4 else None for c in range(cols))
    left = tuple(sum((r, c) in on for c in range(cols)) if rng.random() < 0.4 else None for r in range(rows))
    if seed % 4 == 0:
        top = (1 + (top[0] or 0),) + top[1:]
    cands = GENRE.generator.clue_candidates(drawn)
    parts = {x: cands[x] for x in rng.sample(sorted(cands, key=repr), seed % 3) if isinstance(x[1], int)
             and len(x) == 2}
    res = count(_board(rows, cols, fleet, parts, top, left), limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _answers(rows, cols, fleet, parts, top, left)


# -- bad input -------------------------------------------------------------------------------
def _error(doc: dict) -> str:
    (_, got), = parse_documents(json.dumps({"genre": "battleships", **doc}), "p.json")
    assert isinstance(got, InputError)
    return str(got)


GRID = [[None, None], [None, None]]


@pytest.mark.parametrize("doc, message", [
    ({"rows": 2, "cols": 2, "grid": GRID},
     "a Battleships needs its fleet ('fleet': ships of each length from 1)"),
    ({"rows": 2, "cols": 2, "grid": GRID, "fleet": [0, 0]},
     "fleet: a fleet counts ships of each length from 1, got [0, 0]"),
    ({"rows": 2, "cols": 2, "grid": GRID, "fleet": "big"},
     "fleet[0]: unknown token 'big' (expected a number)"),
    ({"rows": 2, "cols": 2, "grid": [["q", None], [None, None]], "fleet": [1]},
     "r1c1: unknown given 'q' (expected '.' or a part: x water, o a one-cell ship, n s w e an end, "
     "m a middle)"),
])
def test_bad_puzzles(doc, message):
    assert _error(doc).endswith(message)


def test_bad_janko_block():
    block = RECORDS[0]["janko"].replace("ships 5 4 3 2 1\n", "")
    block = block[:block.index("solution")] + "end\n"
    (_, got), = parse_documents(json.dumps({"janko": block}), "b.json")
    assert isinstance(got, InputError)
    assert "no 'ships' field (the fleet) and no solution to count it from" in str(got)


def _janko_error(block: str) -> str:
    (_, got), = parse_documents(json.dumps({"janko": block}), "b.json")
    assert isinstance(got, InputError)
    return str(got)


def _solution_line(block: str, r: int) -> tuple[int, list[str]]:
    lines = block.split("\n")
    i = lines.index("solution") + 1 + r
    return i, lines


@pytest.mark.parametrize("r, c, token, message", [
    (1, 0, "o", "solution r2c1 is 'o', but its neighbours make it 'w'"),
    (1, 1, "w", "solution r2c2 is 'w', but its neighbours make it 'm'"),
    (1, 2, "m", "solution r2c3 is 'm', but its neighbours make it 'e'"),
])
def test_solution_letters_are_read_strictly(r, c, token, message):
    """Ship letters that contradict their neighbours are an error at the cell (Battleships
    001's second row starts with the ship 'w m e')."""
    i, lines = _solution_line(RECORDS[0]["janko"], r)
    toks = lines[i].split()
    assert toks[:3] == ["w", "m", "e"]
    toks[c] = token
    lines[i] = " ".join(toks)
    got = _janko_error("\n".join(lines))
    assert got.endswith(message) and f"janko:{i + 1}:{2 * c + 1}:" in got


def test_a_bent_ship_in_the_solution_is_an_error():
    i, lines = _solution_line(RECORDS[0]["janko"], 2)
    toks = lines[i].split()
    toks[0] = "s"  # under the 'w' of row 2: an 's' there bends the ship
    lines[i] = " ".join(toks)
    assert _janko_error("\n".join(lines)).endswith("solution r2c1 is 'w', but its neighbours make it a bend")


def test_a_page_without_problem_has_no_given_parts():
    """Battleships 041 publishes no problem section: no cell's part is given."""
    doc = janko_doc("battleships", 12)
    assert doc.puzzle.clues() == {} and doc.puzzle.param("fleet") == (2, 2, 2, 1)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows


def test_numbers_and_fleet_missing_are_the_solutions():
    """Battleships 501 and 517 publish no clabels/rlabels (517 no ships either): janko.at
    shows the numbers (and fleet) of the solution. Read without them the puzzle had other
    answers; each breaks a number."""
    doc = janko_doc("battleships", 13)
    rows = doc.solution.rows
    assert doc.puzzle.param("top") == tuple(sum(r[c] == "#" for r in rows) for c in range(6))
    assert doc.puzzle.param("left") == tuple(r.count("#") for r in rows) == (2, 0, 3, 1, 2, 2)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == rows
    bare = doc.puzzle.with_params(top=None, left=None)
    other = next(s for s in count(bare, limit=2).solutions if s.rows != rows)
    assert "exShadeNe" in {v.code for v in GENRE.verify(doc.puzzle, other)}
    doc = janko_doc("battleships", 14)
    assert doc.puzzle.param("fleet") == (4, 3, 2, 1)
    assert sorted(len(p) for p in pieces(marked(doc.solution.rows))) == [1] * 4 + [2] * 3 + [3] * 2 + [4]


# -- generation ------------------------------------------------------------------------------
def test_generate():
    got = generate_one(GenerateOptions(genre="battleships", rows=6, cols=6), 3, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    assert got.puzzle.param("fleet") == (3, 2, 1)
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

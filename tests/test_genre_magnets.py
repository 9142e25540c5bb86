"""Magnets (janko.at: Magnete) on the kit: published janko.at puzzles (one with two
dominoes of one label, one with cells outside every domino), pzprjs's failcodes, counts
against an independent enumerator on small boards, bad input, domino tilings,
generation."""
from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.encodings.kit.lattice import areas
from pencilproof.encodings.magnets import dominoes
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_url, to_url
from pencilproof.formats.janko import parse_janko
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("magnets")
DATA = Path(__file__).parent / "data" / "janko" / "magnets.jsonl"
RECORDS = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]


def board(areas_: list[str], givens: list[str] | None = None, **labels: list) -> Puzzle:
    """A puzzle from rows of one-letter domino labels, rows of givens and the counts."""
    rows, cols = len(areas_), len(areas_[0])
    grid = tuple(tuple(None if t == "." else t for t in row) for row in givens or ["." * cols] * rows)
    p = Puzzle("magnets", rows, cols, grid).with_params(areas=GENRE.parse_param("areas", areas_, "t"))
    return p.with_params(**{k: tuple(v) for k, v in labels.items()})


def flipped(rows: tuple[str, ...], r: int, c: int) -> KitAnswer:
    row = rows[r]
    other = {"+": "-", "-": "x", "x": "+"}[row[c]]
    return KitAnswer(rows[:r] + (row[:c] + other + row[c + 1:],) + rows[r + 1:])


# -- 1. published puzzles ---------------------------------------------------------------

@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_janko_record_is_unique_with_its_published_solution(i):
    doc = parse_janko(RECORDS[i]["janko"], f"magnets.jsonl:{i + 1}")
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution
    assert GENRE.verify(doc.puzzle, doc.solution) == []
    for r, c in doc.puzzle.cells():  # unique: any other answer breaks a rule
        assert GENRE.verify(doc.puzzle, flipped(doc.solution.rows, r, c)), (r, c)


def test_janko_sections():
    # Magnete 001: clabels "5 2 3 ..." (+ per column) over "4 3 4 ..." (-), rlabels
    # "4 4 4 ..." over "3 3 3 ...", givens "+" r4c7, "-" r5c7, "x" r7c3 r7c4.
    doc = parse_janko(RECORDS[0]["janko"], "magnets.jsonl:1")
    p = doc.puzzle
    assert p.param("top")[:3] == (5, 2, 3) and p.param("bottom")[:3] == (4, 3, 4)
    assert p.param("left")[:3] == (4, 4, 4) and p.param("right")[:3] == (3, 3, 3)
    assert (p.grid[3][6], p.grid[4][6], p.grid[6][2], p.grid[6][3]) == ("+", "-", "x", "x")
    assert doc.solution.rows[0] == "+-+xxx+-+-"
    assert sorted(Counter(len(v) for v in areas(p).values()).items()) == [(2, 50)]


def test_janko_label_reused_and_cells_without_a_domino():
    # Magnete 006 labels two separate dominoes "15" (r3c7-r3c8 and r5c8-r6c8) and none "25";
    # Magnete 009 marks cells outside every domino "@" (its solution: x).
    six = parse_janko(RECORDS[5]["janko"], "magnets.jsonl:6").puzzle
    assert sorted(Counter(len(v) for v in areas(six).values()).items()) == [(2, 50)]
    layout = six.param("areas")
    assert layout[2][6] == layout[2][7] != layout[4][7] == layout[5][7]
    nine = parse_janko(RECORDS[8]["janko"], "magnets.jsonl:9")
    singles = sorted(v[0] for v in areas(nine.puzzle).values() if len(v) == 1)
    assert singles[:3] == [(0, 3), (0, 4), (0, 5)] and len(singles) == 12
    assert all(nine.solution.rows[r][c] == "x" for r, c in singles)


def test_janko_counts_minus_one_and_counts_left_out():
    """Magnete 213 writes -1 for no count (it was refused: "a count is at least 0"); Magnete
    301 publishes no clabels/rlabels: janko.at shows its solution's counts. Read without
    them, 301's answer with every pole swapped was one too; the counts reject it."""
    p = parse_janko(RECORDS[12]["janko"], "magnets.jsonl:13").puzzle
    assert p.param("top") == (None, None, 0, None, None, 3, 3, 3)
    assert p.param("right") == (2, None, 4, 2, 1, 3, None, 3)
    doc = parse_janko(RECORDS[13]["janko"], "magnets.jsonl:14")
    rows = doc.solution.rows
    assert doc.puzzle.param("top") == tuple(sum(r[c] == "+" for r in rows) for c in range(8))
    assert doc.puzzle.param("right") == tuple(r.count("-") for r in rows)
    swapped = KitAnswer(tuple(r.translate(str.maketrans("+-", "-+")) for r in rows))
    bare = doc.puzzle.with_params(top=None, bottom=None, left=None, right=None)
    assert GENRE.verify(bare, swapped) == []
    assert "exPlusNe" in {v.code for v in GENRE.verify(doc.puzzle, swapped)}


# -- 2. pzprjs test/script/magnets.js ------------------------------------------------------------
# pzprjs's Magnets generalizes janko.at's: rooms of any size, each holding at most one
# magnet (two touching numbered cells), and empty cells; the script's 5x5 puzzle has a room
# of nine cells, which janko.at's dominoes cannot hold, and its 3x3 one is the "anti"
# variant (flag 'a'). Its 2x2 puzzle is janko.at's kind: two upright dominoes, + and - one
# each per row and column, givens q1 (+) at r1c1 and q2 (-) at r2c1; its answer (a2 at r1c2,
# a1 at r2c2) has no error. The other codes (pzprjs's names, in its order) on boards of
# dominoes written out by hand: the script's mistakes made on janko.at's kind of board.
SCRIPT = board(["ab", "ab"], ["+.", "-."], top=[1, 1], bottom=[1, 1], left=[1, 1], right=[1, 1])


def test_pzprjs_urls():
    # the 2x2 puzzle as pzprjs writes it (derived by hand from Encode.js): the counts in
    # excells (each column's - then +, each row's - then +: all 1), the borders (one between
    # the columns: "o0"), the given poles as circles (1 +, 2 -: "b0")
    url = "https://puzz.link/p?magnets/2/2/11111111o0b0"
    assert to_url(SCRIPT) == url and parse_url(url) == SCRIPT
    with pytest.raises(InputError) as e:  # the script's 5x5 puzzle: a room of nine cells
        parse_url("https://puzz.link/p?magnets/5/5/g222j2h2g22g0g32fubmo3or00000000000400")
    assert "the room at r1c3 has 8 cells: pzprjs's wider Magnets" in str(e.value)


@pytest.mark.parametrize("i", [0, 3, 8, 11])
def test_janko_puzzles_through_urls(i):
    # (a neutral given on a cell without a domino is implied: 009's are left out)
    doc = parse_janko(RECORDS[i]["janko"], f"magnets.jsonl:{i + 1}")
    if any(v == "x" for row in doc.puzzle.grid for v in row) and i != 8:
        with pytest.raises(InputError, match="the neutral given at r7c3 has no puzz.link form"):
            to_url(doc.puzzle)
        return
    again = parse_url(to_url(doc.puzzle))
    assert again.param("areas") == doc.puzzle.param("areas") and again.params == doc.puzzle.params
    res = check(again)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution


def test_pzprjs_two_by_two():
    assert GENRE.verify(SCRIPT, KitAnswer(("+-", "-+"))) == []
    res = check(SCRIPT)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == ("+-", "-+")


LINE = board(["aabbcc"], top=[1, 0, 1, 0, 0, 0], bottom=[0, 1, 0, 1, 0, 0])
MINUS = board(["aabbcc"], top=[1, 0, 1, 0, 0, 0], bottom=[0, 1, 0, 0, 0, 0])
WRONG = [
    (LINE, "nmAdjacent", ("+--+xx",)),   # two - poles touch across dominoes
    (LINE, "nmAdjacent", ("++xxxx",)),   # a magnet of two + poles
    (LINE, "bkNumLt2", ("+xxxxx",)),     # a pole whose partner is neutral
    (LINE, "exPlusNe", ("-+xxxx",)),     # column 1 has no +, column 2 one too many
    (MINUS, "exMinusNe", ("+-+-xx",)),   # column 4 has a - it should not
]


@pytest.mark.parametrize("p, code, rows", WRONG)
def test_pzprjs_failcodes(p, code, rows):
    assert GENRE.verify(p, KitAnswer(rows))[0].code == code


def test_answer_of_the_line():
    res = check(LINE)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == ("+-+-xx",)
    assert [v.code for v in GENRE.verify(LINE, KitAnswer(("+-+-x.",)))] == []  # '.' is x
    assert {v.code for v in GENRE.verify(board(["aa"], ["+."]), KitAnswer(("-+",)))} == {"nmGiven"}


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: each domino +-, -+ or neutral (a single cell neutral); no two
# equal poles share an edge; the counts and the givens hold.

def brute(p: Puzzle) -> set[tuple[str, ...]]:
    pieces = list(areas(p).values())
    out = set()
    for states in itertools.product(range(3), repeat=len(pieces)):
        grid = [["x"] * p.cols for _ in range(p.rows)]
        for cells, s in zip(pieces, states):
            if len(cells) == 2 and s:
                a, b = cells if s == 1 else cells[::-1]
                grid[a[0]][a[1]], grid[b[0]][b[1]] = "+", "-"
        if any(grid[r][c] != "x" and ((c + 1 < p.cols and grid[r][c + 1] == grid[r][c]) or
                                     (r + 1 < p.rows and grid[r + 1][c] == grid[r][c]))
               for r in range(p.rows) for c in range(p.cols)):
            continue
        if any(v is not None and grid[r][c] != v for (r, c), v in p.clues().items()):
            continue
        ok = True
        for side, pole in (("top", "+"), ("bottom", "-"), ("left", "+"), ("right", "-")):
            for i, n in enumerate(p.param(side) or ()):
                line = [grid[r][i] for r in range(p.rows)] if side in ("top", "bottom") else grid[i]
                ok &= n is None or line.count(pole) == n
        if ok:
            out.add(tuple("".join(row) for row in grid))
    return out


def random_boards(seed: int, n: int) -> list[Puzzle]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        rows, cols = rng.choice([(3, 3), (2, 4), (3, 4), (4, 4)])
        layout = dominoes(rows, cols, rng)
        p = Puzzle("magnets", rows, cols, tuple((None,) * cols for _ in range(rows)))
        p = p.with_params(areas=layout)
        labels = {side: tuple(rng.randint(0, 2) if rng.random() < 0.5 else None for _ in range(
            cols if side in ("top", "bottom") else rows)) for side in ("top", "bottom", "left", "right")}
        givens = {(r, c): rng.choice("+-x") for r in range(rows) for c in range(cols) if rng.random() < 0.1}
        out.append(GENRE.with_labels(p.with_clues(givens), {
            (s, i): v for s, vs in labels.items() for i, v in enumerate(vs)}))
    return out


@pytest.mark.parametrize("p", random_boards(11, 20), ids=lambda b: str(b.params))
def test_counts_match_the_enumerator(p):
    expected = brute(p)
    res = count(p, limit=len(expected) + 1)
    assert res.complete and {s.rows for s in res.solutions} == expected


def test_domino_tilings():
    for rows, cols in ((4, 6), (5, 5), (3, 7), (1, 1)):
        layout = dominoes(rows, cols, random.Random(rows * cols))
        sizes = Counter(Counter(k for row in layout for k in row).values())
        assert sizes == Counter({2: rows * cols // 2, **({1: 1} if rows * cols % 2 else {})})


# -- 4. bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    ('{"genre":"magnets","rows":1,"cols":2,"grid":[["y",null]],"areas":["aa"]}',
     "t.json:1:47: r1c1: unknown given 'y' (expected '.', '+', '-' or 'x')"),
    ('{"genre":"magnets","rows":1,"cols":3,"grid":[[null,null,null]],"areas":["aaa"]}',
     "t.json:1:45: region 1 has 3 cells (at r1c1): Magnets regions are dominoes (or single cells "
     "without one)"),
    ('{"genre":"magnets","rows":1,"cols":2,"grid":[[null,null]]}',
     "t.json:1:45: a Magnets puzzle needs its dominoes ('areas': regions of two cells)"),
    ('{"genre":"magnets","rows":1,"cols":2,"grid":[[null,null]],"areas":["aa"],"top":[1,-1]}',
     "t.json:1:80: top[1]: a count is at least 0, got -1"),
    ('{"genre":"magnets","rows":1,"cols":2,"grid":[[null,null]],"areas":["aa"],"solution":["+o"]}',
     "t.json:1:85: solution: unknown answer character 'o' at r1c2 (expected +, - or x)"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


def test_janko_labels_need_two_lines():
    block = RECORDS[0]["janko"].replace("4 3 4 3 3 3 4 3 4 5\nrlabels", "rlabels")
    with pytest.raises(InputError) as e:
        parse_janko(block, "x.txt")
    assert str(e.value) == "x.txt:1:1: 'clabels' must be two lines of 10 counts (+, then -)"


# -- 5. generation ----------------------------------------------------------------------------

def test_generate_unique_puzzles():
    got = generate_one(GenerateOptions(genre="magnets", rows=5, cols=5), 2, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

"""Tapa on the kit: published janko.at puzzles, pzprjs's test script, counts against an
independent enumerator on small boards, clue spellings, bad input, generation."""
from __future__ import annotations

import json
import random

import pytest

from enumerators import connected, grid_cells, has_2x2, shade_rows, subsets
from janko_data import janko_doc, janko_lines
from pencilproof import Verdict, check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import document_to_doc, parse_documents
from pencilproof.formats.janko import parse_janko
from pencilproof.formats.spec import Document
from pencilproof.formats.text import parse_text, to_text
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("tapa")
RECORDS = janko_lines("tapa")


def board(rows: list[list]) -> Puzzle:
    return Puzzle("tapa", len(rows), len(rows[0]), tuple(map(tuple, rows)))


def flipped(rows: tuple[str, ...], r: int, c: int) -> KitAnswer:
    row = rows[r]
    return KitAnswer(rows[:r] + (row[:c] + ("." if row[c] == "#" else "#") + row[c + 1:],) + rows[r + 1:])


# -- 1. published puzzles ---------------------------------------------------------------

def test_janko_tokens():
    # Janko 001: "- 12 - 3 - - 2" and "12 - - - 111 22 -" (a numeral of blocks); 002:
    # "- - 99 - 99 - -" and "9999": 9 is a block of unknown length.
    one = janko_doc("tapa", 0).puzzle
    assert one.grid[0] == (None, (1, 2), None, 3, None, None, 2)
    assert one.grid[3] == ((1, 2), None, None, None, (1, 1, 1), (2, 2), None)
    two = janko_doc("tapa", 1).puzzle
    assert two.grid[1][2] == ("?", "?") and two.grid[5][2] == ("?", "?", "?", "?")


# Janko 241 (the sample's thirteenth record): a lone 9 in the corner r1c1 and at r6c10.
# janko.at's rules: "a question mark indicates any number greater than zero", so such a
# clue needs a shaded neighbour; read as "any number", 0 included, the page had a second
# answer (below) with no shaded cell around either clue.
J241_OTHER = ("..########", ".....#....", ".....####.", "#.....#...", "##.#.##...",
              ".#.#..#...", "##.#..#...", ".#######..", "..#.#..##.", "....##..##")


def test_a_question_mark_is_a_block_of_one_or_more():
    doc = janko_doc("tapa", 12)
    assert doc.puzzle.grid[0][0] == "?" and doc.puzzle.grid[5][9] == "?"
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows
    found = GENRE.verify(doc.puzzle, KitAnswer(J241_OTHER))
    assert [(v.code, v.cells) for v in found] == [("ceTapaNe", ((0, 0),)), ("ceTapaNe", ((5, 9),))]
    alone = GENRE.verify(board([["?", None], [None, None]]), KitAnswer(("..", "..")))
    assert [v.code for v in alone] == ["ceTapaNe"]


def test_clue_spellings_round_trip():
    p = parse_text("tapa 2x3\n1,3 13 1/3\n? 1,? 0\n", "t")
    assert p.grid == (((1, 3), (1, 3), (1, 3)), ("?", (1, "?"), 0))
    assert parse_text(to_text(p), "t") == p
    doc = json.loads(json.dumps(document_to_doc(Document(p, None))))
    assert doc["grid"] == [[[1, 3], [1, 3], [1, 3]], ["?", [1, "?"], 0]]
    (_, back), = parse_documents(json.dumps(doc), "j")
    assert back.puzzle == p


# -- 2. pzprjs test/script/tapa.js --------------------------------------------------------
# puzz.link's Tapa URL (number_tapa) and pzprv3 (clues and shading in one section, "3,1,1"
# tokens) have no codec here yet, so the script's board is written out: its pzprv3 rows
# hold the clues (3, "3,1,1", ...) where the answer has unshaded clue cells; '#' is
# shaded, '+' (marked unshaded) and '.' are written '.'.
SCRIPT = board([[3, None, None, None, None], [None, None, None, None, 5],
                [None, None, (3, 1, 1), None, None], [(3, 1), None, None, None, None],
                [None, None, None, None, 2]])
WRONG = [
    ("cs2x2", (".#...", "##...", "##...", ".....", ".....")),
    ("ceTapaNe", (".#...", "##...", "#....", ".....", ".....")),
    ("ceTapaNe", (".#.##", "##.#.", "#..##", ".###.", "##...")),
    ("csDivide", (".#.##", "##.#.", "#..##", ".#.#.", "####.")),
]
RIGHT = (".####", "##.#.", "#..##", ".#.#.", "####.")


@pytest.mark.parametrize("code, rows", WRONG)
def test_pzprjs_failcodes(code, rows):
    # reported in pzprjs's order (2x2, clues, connectivity): its code is our first
    assert GENRE.verify(SCRIPT, KitAnswer(rows))[0].code == code


def test_pzprjs_answer_is_the_unique_solution():
    res = check(SCRIPT)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == RIGHT
    # pzprjs's empty answer (brNoShade: not begun) breaks the five clues here
    codes = [v.code for v in GENRE.verify(SCRIPT, KitAnswer((".....",) * 5))]
    assert codes == ["ceTapaNe"] * 5


def test_a_shaded_clue_is_its_own_violation():
    answer = KitAnswer(("##", ".."))
    assert [v.code for v in GENRE.verify(board([[1, None], [None, None]]), answer)] == ["nmShaded"]


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every shading without a shaded 2x2 block whose shaded cells are
# one piece; each clue cell unshaded, and the runs of shaded cells around it, read as
# pzprjs does (the ring as a string of 0/1 split at the 0s, the first and last run joined
# when both ends are shaded), equal to its blocks as a multiset ('?' any length but 0).

def shadings(rows: int, cols: int) -> list[frozenset]:
    return [dark for dark in subsets(grid_cells(rows, cols)) if not has_2x2(dark) and connected(dark)]


SHADINGS = {size: shadings(*size) for size in ((3, 3), (3, 4), (4, 4))}
AROUND = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))


def runs(dark: frozenset, cell: tuple) -> list[int]:
    text = "".join("1" if (cell[0] + dr, cell[1] + dc) in dark else "0" for dr, dc in AROUND)
    parts = text.split("0")
    if len(parts) > 1 and text[0] == "1" and text[-1] == "1":
        parts[0] += parts.pop()
    lengths = [len(p) for p in parts if p]
    return lengths or [0]


def agrees(clue, lengths: list[int]) -> bool:
    want = list(clue) if isinstance(clue, tuple) else [clue]
    if lengths == [0] and want != [0]:
        return False
    if len(want) != len(lengths):
        return False
    fixed = sorted(n for n in want if n != "?")
    rest = sorted(lengths)
    for n in fixed:
        if n not in rest:
            return False
        rest.remove(n)
    return True


def brute(p: Puzzle) -> set[tuple[str, ...]]:
    out = set()
    for dark in SHADINGS[p.rows, p.cols]:
        if all(x not in dark and agrees(v, runs(dark, x)) for x, v in p.clues().items()):
            out.add(shade_rows(dark, p.rows, p.cols))
    return out


def random_boards(seed: int, n: int) -> list[Puzzle]:
    """Clues read off a random allowed shading (a share kept, some blocks '?'), or random."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4)])
        dark = rng.choice(SHADINGS[rows, cols])
        grid: list[list] = [[None] * cols for _ in range(rows)]
        for r in range(rows):
            for c in range(cols):
                if (r, c) in dark or rng.random() > 0.35:
                    continue
                found = runs(dark, (r, c)) if k % 4 else rng.choice([[0], [1], [2], [1, 1], [3]])
                found = ["?" if rng.random() < 0.15 and n else n for n in found]
                grid[r][c] = found[0] if len(found) == 1 else tuple(found)
        out.append(board(grid))
    return out


@pytest.mark.parametrize("p", random_boards(11, 24), ids=lambda b: str(b.grid))
def test_counts_match_the_enumerator(p):
    expected = brute(p)
    res = count(p, limit=len(expected) + 1)
    assert res.complete and {s.rows for s in res.solutions} == expected


def test_small_boards_by_hand():
    # 2x2 with a 3 in r1c1: its ring holds r1c2, r2c1, r2c2, all three shaded (one run
    # across the ring's corner), which makes the one answer. A 1,1 there: two runs of one
    # among three cells in a row of the ring means r1c2 and r2c1, and r2c2 unshaded
    # leaves them apart: no answer.
    assert [s.rows for s in count(board([[3, None], [None, None]])).solutions] == [(".#", "##")]
    assert count(board([[(1, 1), None], [None, None]])).count == 0


# -- 4. bad input -----------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    ('{"genre":"tapa","rows":2,"cols":2,"grid":[[9,null],[null,null]]}',
     "t.json:1:44: r1c1: clue 9 is out of range (0-8: a cell has eight neighbours)"),
    ('{"genre":"tapa","rows":2,"cols":2,"grid":[[[1,0],null],[null,null]]}',
     "t.json:1:44: r1c1: blocks 1,0 do not fit around one cell"),
    ("tapa 2x2\n4,4 .\n. .\n", "t.json:2:1: r1c1: blocks 4,4 do not fit around one cell"),
    ("tapa 2x2\na .\n. .\n",
     "t.json:2:1: r1c1: unknown token 'a' (expected '.', '?', a number 0-8 or blocks such as 1,3)"),
    ('{"genre":"tapa","rows":2,"cols":2,"grid":[[[1,"x"],null],[null,null]]}',
     "t.json:1:44: r1c1: unknown token 'x' (expected a number or '?')"),
])
def test_bad_input_is_one_line(doc, message):
    (_, err), = parse_documents(doc, "t.json")
    assert isinstance(err, InputError) and str(err) == message


def test_janko_bad_token():
    block = RECORDS[0]["janko"].replace("- 12 - 3", "- 12 - 55")
    with pytest.raises(InputError) as e:
        parse_janko(block, "x.txt")
    assert str(e.value) == "x.txt:10:8: r1c4: blocks 5,5 do not fit around one cell"


# -- 5. generation ----------------------------------------------------------------------

def test_generate_unique_puzzles():
    got = generate_one(GenerateOptions(genre="tapa", rows=7, cols=7), 2, 0)
    assert got is not None and GENRE.verify(got.puzzle, got.solution) == []
    res = check(got.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows

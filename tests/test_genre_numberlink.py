"""Numberlink on the kit: published janko.at puzzles (Arukone: no rule that every cell
carries a line), pzprjs's test answers, counts against an independent enumerator of line
sets, '?' numbers, generation and bad input."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pencilproof import check, count
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.errors import InputError
from pencilproof.formats import parse_documents, parse_text, parse_url, to_pzprv3, to_url
from pencilproof.formats.janko import parse_janko
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.puzzle import Puzzle

GENRE = get_genre("numberlink")
DATA = Path(__file__).parent / "data" / "janko" / "numberlink.jsonl"
RECORDS = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
PIPES = {frozenset(): ".", frozenset("NS"): "|", frozenset("EW"): "-", frozenset("NE"): "L",
         frozenset("NW"): "J", frozenset("SW"): "7", frozenset("SE"): "F",
         frozenset("N"): "^", frozenset("E"): ">", frozenset("S"): "v", frozenset("W"): "<",
         frozenset("NESW"): "+"}


def puzzle(rows: list[str]) -> Puzzle:
    grid = tuple(tuple(None if t == "." else t if t == "?" else int(t) for t in row.split())
                 for row in rows)
    return Puzzle("numberlink", len(grid), len(grid[0]), grid)


def codes(board: Puzzle, rows: tuple[str, ...]) -> set[str]:
    return {v.code for v in GENRE.verify(board, KitAnswer(rows))}


# -- 1. published puzzles ---------------------------------------------------------------

@pytest.mark.parametrize("i", range(len(RECORDS)))
def test_janko_record_is_unique_with_its_published_solution(i):
    doc = parse_janko(RECORDS[i]["janko"], f"numberlink.jsonl:{i + 1}")
    res = check(doc.puzzle)
    assert res.verdict.value == "unique"
    assert res.solutions[0] == doc.solution
    assert GENRE.verify(doc.puzzle, doc.solution) == []
    rows = list(doc.solution.rows)
    for r in range(doc.puzzle.rows):  # one cell changed (its neighbours kept): not a solution
        for c in range(doc.puzzle.cols):
            other = "." if rows[r][c] != "." else "-"
            changed = rows[:r] + [rows[r][:c] + other + rows[r][c + 1:]] + rows[r + 1:]
            assert GENRE.verify(doc.puzzle, KitAnswer(tuple(changed))), (r, c)


def test_janko_directions_become_pipes_and_ends():
    # Janko 001: "7 - - - 3" over "o ow ow sw s": the 7 ends going east (o = Ost).
    doc = parse_janko(RECORDS[0]["janko"], "numberlink.jsonl:1")
    assert doc.puzzle.grid[0] == (7, None, None, None, 3)
    assert doc.solution.rows[0] == ">--7v"
    assert GENRE.janko_solution["e"] == GENRE.janko_solution["o"] == ">"


# Janko Arukone 445 (from puzz.link, 1.10.2014): its published answer fills every cell,
# but the rule page says no cell needs a line, and this answer (two cells left empty,
# no path touching itself) fits the same numbers: the page is not unique under its own
# rules, so it is not in tests/data/janko (the checker answers `multiple`).
ARUKONE_445 = ["- - - - - - - - - - 7 5", "- - - - - - 9 - - - - -", "- 10 - - - - - 10 14 3 - -",
               "- - - 1 - - 14 - - - - -", "11 - - - 2 - - - 7 - - -", "- - - - - 3 - - - - 9 -",
               "- 1 - - - - 4 - - - - -", "- - - 4 - - - 5 - - - 6", "- - - - - 12 - - 6 - - -",
               "- - 8 2 13 - - - - - 12 -", "- - - - - 8 - - - - - -", "11 13 - - - - - - - - - -"]
ARUKONE_445_OTHER = ("F---------<v", "|F---7>---7|", "|^F-7L-<vv||", "L-JvL7>-J|||", "vF-JvL--<|||",
                     "||F-J>---J^|", "|^|F--<F---J", "|.|^F-7^F--<", "L7L7|vL7^F-7", ".|v^^L7L-Jv|",
                     "FJL--<L---J|", "^>---------J")


def test_janko_445_has_a_second_answer_under_its_rules():
    board = puzzle([row.replace("-", ".") for row in ARUKONE_445])
    assert GENRE.verify(board, KitAnswer(ARUKONE_445_OTHER)) == []
    assert check(board).verdict.value == "multiple"


def test_cells_may_stay_empty():
    # Janko's rule (and pzprjs's numlin): no line needs to pass every cell.
    assert [s.rows for s in count(puzzle(["1 1 ."])).solutions] == [("><.",)]
    # straight (the lower row empty), all round below, or down and up through r1c2 either way
    assert {s.rows for s in count(puzzle(["1 . 1", ". . ."])).solutions} == {
        (">-<", "..."), ("v.v", "L-J"), ("vF<", "LJ."), (">7v", ".LJ")}


# -- 2. pzprjs test/script/numlin.js ----------------------------------------------------
# The script's board (url 5/5/1j2h3m1h2j3) and its answers as pzprv3 line data: 5 rows of 4
# "line right of the cell" values, then 4 rows of 5 "line below the cell" values (1 a
# line; 0 and -1, a cross mark, none). Each cell is written as the pipe of its lines, a
# number's cell with one line as ^ > v <, four as +. The lnBranch answer has a cell with
# three lines, which no pipe writes: left out. pzprjs stops at its first failing check;
# our verifier lists every broken rule.
SCRIPT = ["1 . . . .", "2 . . 3 .", ". . . . .", ". 1 . . 2", ". . . . 3"]
SCRIPT_ANSWERS = [
    ("brNoLine", "0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /"
                 "0 0 0 0 0 /", {"brNoLine", "nmNoLine"}),
    ("lnCross", "1 0 0 0 /1 1 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 1 0 0 0 /0 1 0 0 0 /0 1 0 0 0 /"
                "0 0 0 0 0 /", {"lnCross", "lcTripleNum", "nmConnDiff", "nmNoLine"}),
    ("lcTripleNum", "1 1 1 1 /1 1 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /1 0 0 0 1 /0 0 0 0 1 /"
                    "0 0 0 0 1 /0 0 0 0 1 /", {"lcTripleNum", "lcOnNum", "nmConnDiff", "nmNoLine"}),
    ("nmConnDiff", "1 1 0 0 /0 0 0 0 /0 0 0 0 /0 0 1 1 /0 0 0 0 /0 0 1 0 0 /0 0 1 0 0 /"
                   "0 0 1 0 0 /0 0 0 0 0 /", {"nmConnDiff", "nmNoLine"}),
    ("lcOnNum", "0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 1 1 /0 0 0 0 /0 0 1 0 1 /0 0 1 0 1 /0 0 1 0 1 /"
                "0 0 0 0 0 /", {"lcOnNum", "lnDeadEnd", "nmNoLine"}),
    ("lnDeadEnd", "1 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 1 /0 1 0 0 0 /0 1 0 1 0 /"
                  "0 0 0 1 0 /0 0 0 1 0 /", {"lnDeadEnd", "nmNoLine"}),
    ("lcIsolate", "1 0 0 0 /0 0 0 0 /0 0 1 0 /0 0 0 0 /0 0 1 0 /0 1 0 0 0 /0 1 0 0 0 /"
                  "0 1 1 1 0 /0 0 1 1 0 /", {"lcIsolate", "nmNoLine"}),
    ("nmNoLine", "1 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 1 /0 1 0 0 0 /0 1 0 1 0 /"
                 "0 1 0 1 0 /0 0 0 1 0 /", {"nmNoLine"}),
    (None, "1 -1 1 1 /0 -1 0 0 /0 -1 -1 0 /0 -1 -1 0 /1 1 -1 1 /0 1 1 0 1 /1 1 1 1 1 /"
           "1 1 1 1 1 /1 0 1 1 0 /", set()),
]
SCRIPT_SOLUTION = (">7F-7", "v||v|", "|||||", "|^||^", "L-JL<")


def rows_of(text: str, n: int = 5) -> tuple[str, ...]:
    lines = [line.split() for line in text.strip("/").split("/")]
    right, down = lines[:n], lines[n:]

    def pipe(r: int, c: int) -> str:
        dirs = {d for d, on in (("E", c + 1 < n and right[r][c] == "1"),
                                ("W", c > 0 and right[r][c - 1] == "1"),
                                ("S", r + 1 < n and down[r][c] == "1"),
                                ("N", r > 0 and down[r - 1][c] == "1")) if on}
        return PIPES[frozenset(dirs)]
    return tuple("".join(pipe(r, c) for c in range(n)) for r in range(n))


@pytest.mark.parametrize("code, text, expected", SCRIPT_ANSWERS, ids=[str(a[0]) for a in SCRIPT_ANSWERS])
def test_pzprjs_script_wrong_answers(code, text, expected):
    found = codes(puzzle(SCRIPT), rows_of(text))
    assert found == expected and (code is None or code in found)


def test_pzprjs_script_url_pzprv3_and_solution():
    url = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
    assert parse_url(url) == puzzle(SCRIPT) and to_url(puzzle(SCRIPT)) == url
    assert rows_of(SCRIPT_ANSWERS[-1][1]) == SCRIPT_SOLUTION
    res = check(puzzle(SCRIPT))
    assert res.verdict.value == "unique" and res.solutions[0].rows == SCRIPT_SOLUTION
    text = "pzprv3/numlin/5/5/" + "".join(row + " /" for row in SCRIPT) + SCRIPT_ANSWERS[-1][1]
    (_, doc), = parse_documents(text, "script")
    assert doc.puzzle == puzzle(SCRIPT) and doc.solution.rows == SCRIPT_SOLUTION
    (_, back), = parse_documents(to_pzprv3(doc.puzzle, doc.solution), "ours")
    assert back.solution.rows == SCRIPT_SOLUTION


# -- 3. brute force ---------------------------------------------------------------------
# Independent enumerator: every set of lines between neighbouring cells, chosen line by
# line with each cell's count kept at most 1 (a number) or 2 (another cell); a set counts
# when numbers have one line, other cells none or two, every piece of lines holds two
# numbers, and those agree ('?' agrees with any).

def enumerate_answers(rows: int, cols: int, grid: list[list]) -> int:
    edges = [((r, c), (r + dr, c + dc)) for r in range(rows) for c in range(cols)
             for dr, dc in ((0, 1), (1, 0)) if r + dr < rows and c + dc < cols]
    deg = {(r, c): 0 for r in range(rows) for c in range(cols)}
    cap = {x: 1 if grid[x[0]][x[1]] is not None else 2 for x in deg}
    chosen: list = []

    def valid() -> bool:
        if any(deg[x] != (1 if grid[x[0]][x[1]] is not None else deg[x] and 2) for x in deg):
            return False
        adj: dict = {x: [] for x in deg}
        for a, b in chosen:
            adj[a].append(b)
            adj[b].append(a)
        seen: set = set()
        for x in deg:
            if x in seen or not deg[x]:
                continue
            piece, todo = [x], [x]
            seen.add(x)
            while todo:
                for y in adj[todo.pop()]:
                    if y not in seen:
                        seen.add(y)
                        piece.append(y)
                        todo.append(y)
            nums = [grid[y[0]][y[1]] for y in piece if grid[y[0]][y[1]] is not None]
            if len(nums) != 2 or ("?" not in nums and nums[0] != nums[1]):
                return False
        return True

    def go(i: int) -> int:
        if i == len(edges):
            return int(valid())
        total = go(i + 1)
        a, b = edges[i]
        if deg[a] < cap[a] and deg[b] < cap[b]:
            deg[a] += 1
            deg[b] += 1
            chosen.append(edges[i])
            total += go(i + 1)
            chosen.pop()
            deg[a] -= 1
            deg[b] -= 1
        return total
    return go(0)


def walk(rng: random.Random, rows: int, cols: int, free: set) -> list:
    """A random self-avoiding walk through free cells (a path for a pair of numbers)."""
    path = [rng.choice(sorted(free))]
    for _ in range(rng.randint(1, 4)):
        r, c = path[-1]
        nxt = [y for y in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if y in free and y not in path]
        if not nxt:
            break
        path.append(rng.choice(nxt))
    return path


def test_counts_match_an_independent_enumerator():
    rng = random.Random(3)
    seen = set()
    for _ in range(40):
        rows, cols = rng.choice([(3, 3), (2, 4), (3, 4), (2, 5)])
        grid: list[list] = [[None] * cols for _ in range(rows)]
        free = {(r, c) for r in range(rows) for c in range(cols)}
        for value in range(1, rng.randint(2, 4)):  # numbers at the ends of random walks
            path = walk(rng, rows, cols, free) if free else []
            if len(path) < 2:
                break
            free -= set(path)
            for r, c in (path[0], path[-1]):
                grid[r][c] = "?" if rng.random() < 0.15 else value
        p = Puzzle("numberlink", rows, cols, tuple(map(tuple, grid)))
        expected = enumerate_answers(rows, cols, grid)
        got = count(p, limit=2000)
        assert got.complete and len(got.solutions) == expected, grid
        seen.add(min(expected, 2))
    assert seen == {1, 2}  # (a number pair always has its walk)


# -- the shortest-paths lemma (kit/links.py shortest_paths_lemma) ------------------------
# check() solves under the lemma first (every answer with the fewest cells on lines meets
# it) and asks the plain rules only when the one answer it finds leaves a path beside a
# piece of empty cells twice: its verdicts must be enumeration's.

def test_check_with_the_lemma_agrees_with_the_enumerator():
    rng = random.Random(11)
    seen: set = set()
    for _ in range(160):
        rows, cols = rng.choice([(2, 3), (3, 3), (2, 4), (3, 4), (2, 5)])
        grid: list[list] = [[None] * cols for _ in range(rows)]
        free = {(r, c) for r in range(rows) for c in range(cols)}
        for value in range(1, rng.randint(2, 4)):
            path = walk(rng, rows, cols, free) if free else []
            if len(path) < 2:
                break
            free -= set(path)
            for r, c in (path[0], path[-1]):
                grid[r][c] = "?" if rng.random() < 0.05 else value
        numbers = sorted((r, c) for r in range(rows) for c in range(cols) if grid[r][c] is not None)
        if free and numbers and rng.random() < 0.25:  # a number moved: perhaps no answer
            (r, c), (r2, c2) = rng.choice(numbers), rng.choice(sorted(free))
            grid[r][c], grid[r2][c2] = None, grid[r][c]
        p = Puzzle("numberlink", rows, cols, tuple(map(tuple, grid)))
        expected = enumerate_answers(rows, cols, grid)
        res = check(p)
        assert res.verdict.value == {0: "no_solution", 1: "unique"}.get(expected, "multiple"), grid
        for sol in res.solutions:
            assert GENRE.verify(p, sol) == []
        if expected == 1:
            assert res.solutions == count(p).solutions
            empty = any("." in row for row in res.solutions[0].rows)
            seen.add(("unique", empty, res.stats.get("lemma")))
        else:
            seen.add((res.verdict.value, None, res.stats.get("lemma")))
    assert {("unique", True, "settled"), ("unique", False, "settled"), ("multiple", None, None),
            ("multiple", None, "fell back to the plain rules"), ("no_solution", None, None)} <= seen, seen


def test_a_lone_shortest_answer_beside_empty_cells_falls_back_to_the_rules():
    # Under the lemma only the straight path is left (the others leave r1c2 empty between
    # two cells of the path): it runs beside the empty lower row, so the plain rules are
    # asked, and they have three more answers.
    res = check(puzzle(["1 . 1", ". . ."]))
    assert res.verdict.value == "multiple" and res.stats["lemma"] == "fell back to the plain rules"
    assert res.solutions[0].rows == (">-<", "...")
    # The only answer leaves r1c3 empty, beside one cell of the path: settled.
    res = check(puzzle(["1 1 ."]))
    assert res.verdict.value == "unique" and res.stats["lemma"] == "settled"


def test_the_lemma_keeps_the_higher_of_two_routes_around_a_corner():
    # Both routes have three cells; (e) rules out the turn at r2c1 below the empty r1c2,
    # so the lemma leaves the route over r1c2 alone. It runs beside the empty r2c1 twice:
    # the plain rules are asked and find the other.
    res = check(puzzle(["1 .", ". 1"]))
    assert res.verdict.value == "multiple" and res.stats["lemma"] == "fell back to the plain rules"
    assert [s.rows for s in res.solutions] == [(">7", ".^"), ("v.", "L<")]


# -- '?' numbers, bad input, generation -------------------------------------------------

def test_a_question_mark_joins_any_number():
    # Each 1 joins the '?' beside it (the two 1s cannot meet: the '?'s are in the way).
    assert [s.rows for s in count(puzzle(["1 ? ? 1"])).solutions] == [("><><",)]
    assert [s.rows for s in count(puzzle(["1 ? ? 2"])).solutions] == [("><><",)]
    assert count(puzzle(["1 2 ? ?"])).solutions == ()  # 1 and 2 never join
    assert [s.rows for s in count(puzzle(["? ?"])).solutions] == [("><",)]


def test_bad_input():
    with pytest.raises(InputError, match=r"clue 0 is out of range \(1-999\)"):
        parse_text("numberlink 2x2\n0 .\n. .\n", "t.txt")
    with pytest.raises(InputError, match=r"r1c1: unknown token 'x' \(expected '\.', '\?' or a number\)"):
        parse_text("numberlink 2x2\nx .\n. .\n", "t.txt")
    block = RECORDS[0]["janko"].replace("7 - - - 3", "7 - q - 3", 1)
    with pytest.raises(InputError, match=r"unknown problem token 'q'"):
        parse_janko(block, "bad")
    with pytest.raises(InputError, match="unknown answer character 'x' at r1c2"):
        GENRE.parse_solution(puzzle(["1 1"]), [">x"], "answer")


def test_generation_puts_numbers_at_path_ends():
    got = generate_one(GenerateOptions(genre="numberlink", rows=6, cols=6).validate(), 3, 0)
    assert got is not None
    res = check(got.puzzle)
    assert res.verdict.value == "unique" and res.solutions[0] == got.solution
    ends = {(r, c) for r, row in enumerate(got.solution.rows) for c, ch in enumerate(row) if ch in "^>v<"}
    assert ends == set(got.puzzle.clues())

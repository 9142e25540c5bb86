"""Nurikabe: the Janko puzzles' published solutions, pzprjs's test script (URL, pzprv3
files and failcodes), a brute-force count on small boards, the Islands piece with
switchable numbers, input errors, generation."""
from __future__ import annotations

import random

import pytest

from enumerators import connected, has_2x2, pieces, shade_rows
from janko_data import janko_doc
from pencilproof import Verdict, check, count
from pencilproof.encodings import Symmetry, get_genre
from pencilproof.encodings.kit import KitAnswer, S
from pencilproof.encodings.kit.model import Encoder, Values
from pencilproof.encodings.kit.regions import Islands, shaded_connected
from pencilproof.errors import InputError
from pencilproof.formats import parse_url
from pencilproof.formats.pzprv3 import parse_pzprv3
from pencilproof.generator.generate import GenerateOptions, generate_one
from pencilproof.generator.minimize import minimize
from pencilproof.puzzle import Puzzle, Solution
from pencilproof.solvers.backends import Status, make_backend

NURIKABE = get_genre("nurikabe")


def _puzzle(rows) -> Puzzle:
    """Rows of tokens: '.' empty, '?' or a number (one character, or a space-separated row)."""
    toks = [row.split() if " " in row else list(row) for row in rows]
    return Puzzle("nurikabe", len(toks), len(toks[0]), tuple(
        tuple(None if t == "." else "?" if t == "?" else int(t) for t in row) for row in toks))


def test_janko_tokens():
    """Janko's problem: numbers and '-'; solution: 'x' shaded, '-' not (numbers are '-'
    there too, and '.' in our rows, like every number cell)."""
    doc = janko_doc("nurikabe", 0)  # Nurikabe 0001, 10x10
    assert doc.puzzle.grid[0] == (None, None, None, None, 2, None, 2, None, None, None)
    assert doc.solution.rows[:2] == ("###..#..##", "..######.#")


# pzprjs test/script/nurikabe.js: the URL and its wrong answers. Translated by hand from
# the pzprv3 data (one section: numbers and marks share the cells): '#' is shaded, '+'
# (a dot) and '.' are unshaded, a number is a '.' of our rows.
URL = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
GRID = (".5...", "..2..", ".....", "..1..", "...3.")
PZPRJS = [
    ("cs2x2", ". 5 . . . /. . 2 . . /# # . . . /# # 1 . . /. . . 3 . /",
     (".....", ".....", "##...", "##...", ".....")),
    ("bkNoNum", ". 5 # # . /. # 2 . # /. # # # # /. # 1 . . /# . . 3 . /",
     ("..##.", ".#..#", ".####", ".#...", "#....")),
    ("csDivide", ". 5 # # # /. # 2 . # /. . # # # /. . 1 . . /# . . 3 . /",
     ("..###", ".#..#", "..###", ".....", "#....")),
    ("bkNumGe2", ". 5 # # # /. # 2 . # /. # # # # /. . 1 . . /. . . 3 . /",
     ("..###", ".#..#", ".####", ".....", ".....")),
    ("bkSizeNe", ". 5 # # # /. # 2 . # /. # # # # /. # 1 # . /. # # 3 . /",
     ("..###", ".#..#", ".####", ".#.#.", ".##..")),
    (None, "+ 5 # # # /+ # 2 + # /+ # # # # /+ # 1 # . /# # # 3 . /",
     ("..###", ".#..#", ".####", ".#.#.", "###..")),
]
#: pzprjs's checklist order: the first rule an answer breaks is the one it reports.
ORDER = ("cs2x2", "bkNoNum", "csDivide", "bkNumGe2", "bkSizeNe")


@pytest.mark.parametrize("i", [12, 13])
def test_janko_big_islands_in_time(i):
    """Janko's Nurikabe 0687 (17x17, a 25 and two 13) and 0719 were unknown at 10 s: the
    lazy island cuts took hundreds of rounds. Each number now owns exactly its count of
    cells within reach, and its island is connected up front (Islands.owners)."""
    doc = janko_doc("nurikabe", i)
    res = check(doc.puzzle, time_limit=5)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0] == doc.solution


def test_pzprjs_url_decodes():
    assert parse_url(URL) == _puzzle(GRID)


@pytest.mark.parametrize("code, body, rows", PZPRJS)
def test_pzprjs_failcodes(code, body, rows):
    doc = parse_pzprv3("pzprv3/nurikabe/5/5/" + body, "script")
    assert doc.puzzle == _puzzle(GRID) and doc.solution.rows == rows
    codes = {v.code for v in NURIKABE.verify(_puzzle(GRID), Solution(rows))}
    assert next((c for c in ORDER if c in codes), None) == code


def test_pzprjs_answer_is_the_unique_solution():
    res = check(_puzzle(GRID))
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == PZPRJS[-1][2]


@pytest.mark.parametrize("rows, expected", [
    (("..###", ".#..#", ".####", ".#.#.", "###.."), []),
    # r3c4 unshaded: the 2's island grows to three cells and cuts the wall into pieces
    (("..###", ".#..#", ".##.#", ".#.#.", "###.."),
     [("csDivide", ((0, 2), (0, 3), (0, 4), (1, 4), (2, 4), (3, 3)),
       "the shaded cells fall into 3 pieces"),
      ("bkSizeNe", ((1, 2), (1, 3), (2, 3)), "an island has 3 cells instead of 2")]),
    # r4c5 shaded: a 2x2 block, and the 3 keeps only two cells
    (("..###", ".#..#", ".####", ".#.##", "###.."),
     [("cs2x2", ((2, 3), (2, 4), (3, 3), (3, 4)), "a 2x2 block is shaded"),
      ("bkSizeNe", ((4, 3), (4, 4)), "an island has 2 cells instead of 3")]),
    # r4c1 shaded: a 2x2 block, and the 5 keeps four cells
    (("..###", ".#..#", ".####", "##.#.", "###.."),
     [("cs2x2", ((3, 0), (3, 1), (4, 0), (4, 1)), "a 2x2 block is shaded"),
      ("bkSizeNe", ((0, 0), (0, 1), (1, 0), (2, 0)), "an island has 4 cells instead of 5")]),
    # r2c4 shaded: two 2x2 blocks, and the 2 stands alone
    (("..###", ".#.##", ".####", ".#.#.", "###.."),
     [("cs2x2", ((0, 3), (0, 4), (1, 3), (1, 4)), "a 2x2 block is shaded"),
      ("cs2x2", ((1, 3), (1, 4), (2, 3), (2, 4)), "a 2x2 block is shaded"),
      ("bkSizeNe", ((1, 2),), "an island has 1 cells instead of 2")]),
    # r5c3 unshaded: the 1 joins the 3's island
    (("..###", ".#..#", ".####", ".#.#.", "##..."),
     [("bkNumGe2", ((3, 2), (3, 4), (4, 2), (4, 3), (4, 4)), "an island holds 2 numbers")]),
    # r4c2 unshaded: the 5 and the 1 meet, and r5c1-r5c3 are cut off from the wall
    (("..###", ".#..#", ".####", "...#.", "###.."),
     [("csDivide", ((4, 0), (4, 1), (4, 2)), "the shaded cells fall into 2 pieces"),
      ("bkNumGe2", ((0, 0), (0, 1), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2)),
       "an island holds 2 numbers")]),
])
def test_codes_cells_and_messages(rows, expected):
    got = NURIKABE.verify(_puzzle(GRID), Solution(rows))
    assert [(v.code, v.cells, v.message) for v in got] == expected


def _rows_values(puzzle: Puzzle, rows) -> Values:
    v = Values(puzzle, rows)
    v.truth = {S((r, c)): ch == "#" for r, row in enumerate(rows) for c, ch in enumerate(row)}
    return v


def test_area_cut_rules_out_every_stray_wall_in_an_area():
    """A wall cell walled in at (1,1): besides its border cut, the area it lies in (the
    4x4 corner the L of wall cuts off) gets one cut: while the corner's rim (row 3 and
    column 3 of it) is unshaded, no cell inside it is shaded, (0,0) included, which the
    border cut of (1,1) alone leaves open. A wall reaching into the corner through
    its rim stays possible."""
    puzzle = Puzzle("nurikabe", 8, 8, tuple((None,) * 8 for _ in range(8)))
    b = make_backend("cadical")
    e = Encoder(b, puzzle)
    shaded_connected(puzzle, areas=True).encode(e)
    rows = ["....#...", ".#..#...", "....#...", "....#...", "#####...",
            "........", "........", "........"]
    b.add_clauses(e.lazy[0].cuts(_rows_values(puzzle, rows)))
    rim = [(3, c) for c in range(4)] + [(r, 3) for r in range(3)]
    stray = [e[S((0, 0))], e[S((4, 4))]]
    assert b.solve(stray + [-e[S(x)] for x in rim]) is Status.UNSAT
    assert b.solve(stray + [e[S((0, c))] for c in range(4)]) is Status.SAT


def test_an_island_without_a_number():
    got = NURIKABE.verify(_puzzle(("1.", "..")), Solution((".#", "#.")))
    assert [(v.code, v.cells, v.message) for v in got] == [
        ("csDivide", ((1, 0),), "the shaded cells fall into 2 pieces"),
        ("bkNoNum", ((1, 1),), "an island holds no number")]


def test_question_mark_takes_any_size():
    """Two '?' in opposite corners: any two islands holding them, 16 ways (the
    enumerator below agrees), among them a single cell each or a whole row each."""
    grid = _puzzle(("?..", "...", "..?"))
    res = count(grid, limit=None)
    assert res.complete and len(res.solutions) == 16
    assert {s.rows for s in res.solutions} == _enumerate(grid.grid)
    assert {(".##", "##.", "#.."), ("...", "###", "...")} <= {s.rows for s in res.solutions}


# -- brute force ---------------------------------------------------------------------------
def _valid(grid, shaded: set) -> bool:
    rows, cols = len(grid), len(grid[0])
    if has_2x2(shaded) or not connected(shaded):
        return False
    white = {(r, c) for r in range(rows) for c in range(cols)} - shaded
    for piece in pieces(white):
        nums = [grid[r][c] for r, c in piece if grid[r][c] is not None]
        if len(nums) != 1 or nums[0] not in ("?", len(piece)):
            return False
    return True


def _enumerate(grid) -> set[tuple[str, ...]]:
    """Every answer of a board: every shading of the cells without a number, kept when
    it obeys the rules (plain Python)."""
    rows, cols = len(grid), len(grid[0])
    free = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] is None]
    out = set()
    for mask in range(1 << len(free)):
        shaded = {x for i, x in enumerate(free) if mask >> i & 1}
        if _valid(grid, shaded):
            out.add(shade_rows(shaded, rows, cols))
    return out


def _random_board(rng: random.Random):
    """The numbers of a random valid shading (one per island, at a random cell), now and
    then changed to another value or '?'; or a few random numbers."""
    rows, cols = rng.choice([(3, 3), (3, 4), (4, 3), (4, 4)])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    grid = [[None] * cols for _ in range(rows)]
    if rng.random() < 0.7:
        while True:
            shaded = {x for x in cells if rng.random() < 0.6}
            white = set(cells) - shaded
            if white and connected(shaded) and not has_2x2(shaded):
                break
        for piece in pieces(white):
            r, c = rng.choice(piece)
            grid[r][c] = len(piece) if rng.random() < 0.8 else rng.choice(["?", 1, 2, 3])
    else:
        for r, c in rng.sample(cells, rng.randint(1, 3)):
            grid[r][c] = rng.choice(["?", 1, 2, 3, 4, 5])
    return tuple(map(tuple, grid))


@pytest.mark.parametrize("seed", range(30))
def test_brute_force(seed):
    grid = _random_board(random.Random(seed))
    res = count(Puzzle("nurikabe", len(grid), len(grid[0]), grid), limit=None)
    assert res.complete
    assert {s.rows for s in res.solutions} == _enumerate(grid)


# -- the Islands piece with switchable numbers ------------------------------------------------
def _islands_solutions(numbers: dict, presence: dict, present: set, rows: int, cols: int,
                       b, e) -> set:
    """Every shading the piece allows (lazy cuts added as they come) with exactly the
    numbers of ``present`` switched on."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    assume = [e[presence[x]] * (1 if x in present else -1) for x in sorted(numbers)]
    found = set()
    while b.solve(assume) is Status.SAT:
        shade = dict(zip(cells, b.values([e[S(x)] for x in cells])))
        v = Values(e.puzzle, ())
        v.truth.update({S(x): True for x in cells if shade[x]})
        cut = [cl for lazy in e.lazy for cl in lazy.cuts(v)]
        if cut:
            b.add_clauses(cut)
            continue
        found.add(frozenset(x for x in cells if shade[x]))  # blocked under this pattern only
        b.add_clause([-e[S(x)] if shade[x] else e[S(x)] for x in cells] + [-a for a in assume])
    return found


@pytest.mark.parametrize("seed", range(6))
def test_islands_with_presence_atoms(seed):
    """Numbers behind presence atoms (as a generator would switch them), the other
    Nurikabe rules left out: under each presence pattern the piece allows exactly the
    shadings whose islands hold one present number each, of its size. The cuts of one
    pattern stay on the solver for the next, so they must hold under every pattern."""
    rng = random.Random(seed)
    rows, cols = 3, 3
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    numbers = {x: rng.choice([1, 2, 3, None]) for x in rng.sample(cells, 3)}
    presence = {x: ("k", x) for x in numbers}
    b = make_backend("cadical")
    try:
        e = Encoder(b, Puzzle("nurikabe", rows, cols, ((None,) * cols,) * rows))
        for x in cells:
            e.atom(S(x))
        Islands(rows, cols, numbers, presence=presence).encode(e)
        for on in range(1 << len(numbers)):
            present = {x for i, x in enumerate(sorted(numbers)) if on >> i & 1}
            expected = set()
            for mask in range(1 << len(cells)):
                shaded = frozenset(x for i, x in enumerate(cells) if mask >> i & 1)
                islands = pieces(set(cells) - shaded)
                if not shaded & present and all(
                        len(nums := [x for x in piece if x in present]) == 1
                        and numbers[nums[0]] in (None, len(piece)) for piece in islands):
                    expected.add(shaded)
            assert _islands_solutions(numbers, presence, present, rows, cols, b, e) == expected
    finally:
        b.close()


# -- input errors --------------------------------------------------------------------------
@pytest.mark.parametrize("token, message", [
    (0, "clue 0 is out of range (1-999)"),
    ("1000", "clue 1000 is out of range (1-999)"),
    ("x", "unknown token 'x' (expected '.', '?' or a number)"),
    (True, "a clue must be a number, got True"),
])
def test_bad_clues(token, message):
    with pytest.raises(InputError) as e:
        NURIKABE.parse_clue(token, "f.txt:2: r1c3")
    assert str(e.value) == f"f.txt:2: r1c3: {message}"


@pytest.mark.parametrize("rows, message", [
    (("..###", ".#..#", ".##z#", ".#.#.", "###.."),
     "a.txt: unknown answer character 'z' at r3c4 (expected # or .)"),
    ((".####", ".#..#", ".####", ".#.#.", "###.."),
     "a.txt: answer character '#' at r1c2, where the puzzle's given is '.'"),
])
def test_bad_answers(rows, message):
    with pytest.raises(InputError) as e:
        NURIKABE.parse_solution(_puzzle(GRID), rows, "a.txt")
    assert str(e.value) == message


# -- generation ------------------------------------------------------------------------------
def _one_number_per_island(puzzle: Puzzle, rows: tuple[str, ...]) -> bool:
    white = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."}
    return all(len([x for x in piece if puzzle[x] is not None]) == 1
               for piece in pieces(white))


@pytest.mark.parametrize("numbers", ["needed", "all"])
def test_generate_gives_unique_puzzles_with_one_number_per_island(numbers):
    values = set()
    for index in range(3):
        options = GenerateOptions(genre="nurikabe", rows=6, cols=6, extra=(("numbers", numbers),))
        got = generate_one(options.validate(), 3, index)
        assert got is not None
        assert NURIKABE.verify(got.puzzle, got.solution) == []
        res = check(got.puzzle)
        assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == got.solution.rows
        assert _one_number_per_island(got.puzzle, got.solution.rows)
        values |= set(got.puzzle.clues().values())
    assert ("?" in values) is (numbers == "needed")


def test_bad_generation_option():
    with pytest.raises(InputError) as e:
        GenerateOptions(genre="nurikabe", extra=(("numbers", "some"),)).validate()
    assert str(e.value) == "--numbers: expected all or needed, got 'some'"


def test_minimize_turns_values_into_question_marks():
    """Every island keeps its number; the 2 and the 1 of pzprjs's puzzle are not needed
    as values (the 5 and the 3 leave them one way)."""
    m = minimize(_puzzle(GRID))
    assert m.removed == ((1, 2), (3, 2))
    assert m.minimized == _puzzle((".5...", "..?..", ".....", "..?..", "...3."))
    res = check(m.minimized)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == PZPRJS[-1][2]


def test_candidates_are_the_values_of_the_numbers():
    hooks = NURIKABE.generator
    answer = KitAnswer(PZPRJS[-1][2], _puzzle((".?...", "..2..", ".....", "..?..", "...3.")))
    assert hooks.clue_candidates(answer) == {(0, 1): 5, (1, 2): 2, (3, 2): 1, (4, 3): 3}
    assert hooks.blank_for(answer) == _puzzle((".?...", "..?..", ".....", "..?..", "...?."))
    assert hooks.clue_holds(answer, (0, 1), 5) and not hooks.clue_holds(answer, (0, 1), 4)
    assert hooks.split_givens(_puzzle(GRID))[1] == {(0, 1): 5, (1, 2): 2, (3, 2): 1, (4, 3): 3}


def test_symmetric_generation_is_refused():
    with pytest.raises(InputError) as e:
        NURIKABE.generator.random_answer(6, 6, random.Random(0), None, Symmetry("half", 6, 6))
    assert str(e.value) == ("--symmetric: Nurikabe numbers go one per island of a drawn "
                            "answer: no symmetric layout")


def test_repair_moves_a_number_onto_a_cell_the_other_answer_shades():
    """A lone 3 in a corner has two answers; r2c1 is the one cell of the intended island
    that the other shades: the 3 moves there, and the other answer no longer fits."""
    layout = _puzzle(("3..", "...", "..."))
    answer = KitAnswer((".##", "..#", "###"), layout)
    other = Solution(("..#", "#.#", "###"))
    assert {s.rows for s in count(layout, limit=None).solutions} == {answer.rows, other.rows}
    new = NURIKABE.generator.repair(answer, other, random.Random(0), None)
    assert new.rows == answer.rows and new.layout == _puzzle(("...", "3..", "..."))
    assert NURIKABE.verify(new.layout, new) == []

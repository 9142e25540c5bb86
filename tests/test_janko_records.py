"""Every published janko.at puzzle in tests/data/janko, of every registered genre: janko.at
publishes only unique puzzles, so each is verdict unique with its published solution
(one check per record), that solution passes the verifier, and the solution changed
(one cell, a few or all of them, the way each genre's rules make plain) fails it with
the codes the change must break."""
from __future__ import annotations

import random
from typing import Callable, Iterable, Iterator

import pytest

from janko_data import JANKO, janko_doc, janko_lines
from pencilproof import Verdict, check
from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.genre import KitAnswer
from pencilproof.encodings.kit.layers import DIGITS
from pencilproof.errors import InputError
from pencilproof.formats.janko import parse_janko
from pencilproof.formats.spec import Document
from pencilproof.puzzle import Cell, Puzzle, Violation

Rows = tuple[str, ...]
#: A wrong answer and what its violations must be.
Change = tuple[Rows, Callable[[list[Violation]], bool]]


def _cases() -> list[tuple[str, int, str]]:
    """(file stem, index, genre) of every record whose genre is registered."""
    out = []
    for path in sorted(JANKO.glob("*.jsonl")):
        for i, rec in enumerate(janko_lines(path.stem)):
            try:
                genre = parse_janko(rec["janko"], path.name, rec["janko_genre"]).puzzle.genre
            except InputError as err:
                if "unknown genre" in str(err):
                    continue  # a genre not registered (yet)
                genre = "?"  # read again in the test, which fails there with the error
            out.append((path.stem, i, genre))
    return out


CASES = _cases()


# -- changes ------------------------------------------------------------------------------
def put(rows: Rows, cell: Cell, ch: str) -> Rows:
    r, c = cell
    return rows[:r] + (rows[r][:c] + ch + rows[r][c + 1:],) + rows[r + 1:]


def toggle(rows: Rows, cell: Cell, a: str, b: str) -> Rows:
    """``a`` where the cell holds ``b``, else ``b``."""
    return put(rows, cell, a if rows[cell[0]][cell[1]] == b else b)


def free(p: Puzzle) -> list[Cell]:
    return [x for x in p.cells() if p[x] is None]


def codes(got: list[Violation]) -> list[str]:
    return [v.code for v in got]


def each(cells: Callable[[Document, int], Iterable[Cell]], a: str = ".", b: str = "#"):
    """Each of these cells toggled on its own: any other answer breaks some rule."""
    def change(doc: Document, i: int) -> Iterator[Change]:
        for cell in cells(doc, i):
            yield toggle(doc.solution.rows, cell, a, b), bool
    return change


def every_cell(doc: Document, i: int) -> list[Cell]:
    return list(doc.puzzle.cells())


def sample(k: int):
    return lambda doc, i: random.Random(i).sample(list(doc.puzzle.cells()), k)


def one_free(doc: Document, i: int) -> list[Cell]:
    return [random.Random(i).choice(free(doc.puzzle))]


def one_cell(doc: Document, i: int) -> list[Cell]:
    return [random.Random(i).choice(list(doc.puzzle.cells()))]


def one_flip(cells: Callable[[Puzzle], list[Cell]], expect: Callable[[list[str]], bool],
             a: str = ".", b: str = "#"):
    """One cell (seeded) toggled: the codes it must break."""
    def change(doc: Document, i: int) -> Iterator[Change]:
        cell = random.Random(i).choice(cells(doc.puzzle))
        yield toggle(doc.solution.rows, cell, a, b), lambda got: expect(codes(got))
    return change


def row_number(cells: Callable[[Puzzle], list[Cell]],
               expect: Callable[[list[Violation], Cell], bool]):
    """One cell (seeded) takes another number of its row: it repeats there."""
    def change(doc: Document, i: int) -> Iterator[Change]:
        rng, rows = random.Random(i), doc.solution.rows
        r, c = rng.choice(cells(doc.puzzle))
        other = rng.choice([ch for ch in rows[r] if ch not in ("#", ".", rows[r][c])])
        yield put(rows, (r, c), other), lambda got: expect(got, (r, c))
    return change


def kakuro(doc: Document, i: int) -> Iterator[Change]:
    """A white cell holds another digit: its runs miss their sums."""
    rng, rows = random.Random(i), doc.solution.rows
    r, c = rng.choice(free(doc.puzzle))
    digit = rng.choice([d for d in "123456789" if d != rows[r][c]])
    yield put(rows, (r, c), digit), lambda got: "nmSumRowNe" in codes(got)


def ripple(doc: Document, i: int) -> Iterator[Change]:
    """A cell of a room of two or more (not a given) takes another number of its room."""
    p, rng = doc.puzzle, random.Random(i)
    areas = p.param("areas")
    size = {k: sum(row.count(k) for row in areas) for row in areas for k in row}
    r, c = rng.choice([x for x in p.cells() if p[x] is None and size[areas[x[0]][x[1]]] > 1])
    old = int(doc.solution.rows[r][c])
    new = rng.choice([v for v in range(1, size[areas[r][c]] + 1) if v != old])
    yield (put(doc.solution.rows, (r, c), str(new)),
           lambda got: got[0].code == "bkDupNum" and (r, c) in got[0].cells)


def fillomino(doc: Document, i: int) -> Iterator[Change]:
    """A cell without a given takes the next number (9 wraps to 1; a cell of a region of
    36 or more, ``+``, takes 1)."""
    r, c = random.Random(i).choice(free(doc.puzzle))
    ch = doc.solution.rows[r][c]
    yield put(doc.solution.rows, (r, c), DIGITS[DIGITS.index(ch) % 9 + 1] if ch in DIGITS[1:10]
              else "1"), bool


def hidoku(doc: Document, i: int) -> Iterator[Change]:
    """Two cells (not givens) swap their numbers: some number no longer touches its next."""
    a, b = random.Random(i).sample(free(doc.puzzle), 2)
    rows = doc.solution.rows
    swapped = put(put(rows, a, rows[b[0]][b[1]]), b, rows[a[0]][a[1]])
    yield swapped, lambda got: bool(got) and set(codes(got)) == {"nmNoNext"}


def easyasabc(doc: Document, i: int) -> Iterator[Change]:
    """A letter and an empty cell of a row swapped: a column loses or repeats a letter; an
    empty cell turned into a letter of its row repeats it there."""
    rows = doc.solution.rows
    r = random.Random(i).randrange(len(rows))
    blank, letter = rows[r].index("."), next(c for c, ch in enumerate(rows[r]) if ch != ".")
    other = next(ch for ch in rows[r] if ch != ".")
    swapped = put(put(rows, (r, blank), rows[r][letter]), (r, letter), ".")
    yield swapped, lambda got: "nmMissRow" in codes(got)
    yield put(rows, (r, blank), other), lambda got: codes(got)[0] == "nmDupRow"


def kakurasu(doc: Document, i: int) -> Iterator[Change]:
    """A cell whose row and column both have a sum flipped: both sums are off."""
    right, bottom = doc.puzzle.param("right"), doc.puzzle.param("bottom")
    cell = random.Random(i).choice([(r, c) for r in range(doc.puzzle.rows)
                                    for c in range(doc.puzzle.cols)
                                    if right[r] is not None and bottom[c] is not None])
    yield toggle(doc.solution.rows, cell, ".", "#"), lambda got: codes(got) == ["exSumNe"] * 2


def nonogram(doc: Document, i: int) -> Iterator[Change]:
    """A cell flipped: its row's and its column's runs are off."""
    rng = random.Random(i)
    cell = rng.randrange(doc.puzzle.rows), rng.randrange(doc.puzzle.cols)
    yield toggle(doc.solution.rows, cell, ".", "#"), lambda got: codes(got) == ["exNoMatch"] * 2


def starbattle(doc: Document, i: int) -> Iterator[Change]:
    """A star moves to the nearest cell of its row that is in play: its line keeps its
    count, so the star's old and new rooms or its columns are off (or it touches another)."""
    rows = doc.solution.rows
    r, c = random.Random(i).choice([x for x in doc.puzzle.cells() if doc.solution[x] == "*"])
    spots = [j for j in range(doc.puzzle.cols) if doc.puzzle[(r, j)] is None and rows[r][j] == "."]
    j = min(spots, key=lambda j: abs(j - c))
    yield put(put(rows, (r, c), "."), (r, j), "*"), bool


def lighthouses(doc: Document, i: int) -> Iterator[Change]:
    """A ship taken away: the lighthouses that saw it count one too many."""
    cell = random.Random(i).choice([x for x in doc.puzzle.cells() if doc.solution[x] == "#"])
    yield put(doc.solution.rows, cell, "."), lambda got: bool(got) and set(codes(got)) == {"lhShipNe"}


def creek_cells(doc: Document, i: int) -> list[Cell]:
    """60 of the cells between the grid points the puzzle's numbers sit on."""
    cells = [(r, c) for r in range(doc.puzzle.rows - 1) for c in range(doc.puzzle.cols - 1)]
    return random.Random(i).sample(cells, 60)


def mochikoro_cells(doc: Document, i: int) -> list[Cell]:
    cells = sorted(doc.puzzle.cells())
    return random.Random(i).sample(cells, min(len(cells), 100))


def any_change(doc: Document, i: int) -> Iterator[Change]:
    """A genre without its own change here: the first cell (in a seeded order) that can
    hold another character of the solution, read as another answer."""
    rows, g = doc.solution.rows, get_genre(doc.puzzle.genre)
    spots = [(r, c) for r in range(len(rows)) for c in range(len(rows[r]))]
    for cell in random.Random(i).sample(spots, len(spots)):
        for ch in sorted(set("".join(rows))):
            try:
                answer = g.parse_solution(doc.puzzle, list(put(rows, cell, ch)), "changed")
            except InputError:
                continue
            if answer.rows != rows:
                yield answer.rows, bool
                return
    raise AssertionError("no cell can hold another character of the solution")


CHANGES: dict[str, Callable[[Document, int], Iterator[Change]]] = {
    # numbers: the changed number repeats in its row (and what else it must break)
    "sudoku": row_number(free, lambda got, x: any(v.code == "nmDupRow" and x in v.cells
                                                  for v in got)),
    "killer_sudoku": row_number(lambda p: list(p.cells()),
                                lambda got, x: {"nmDupRow", "cgSumNe"} <= set(codes(got))),
    "kenken": row_number(lambda p: list(p.cells()), lambda got, x: "nmDupRow" in codes(got)),
    "futoshiki": row_number(lambda p: list(p.cells()), lambda got, x: "nmDupRow" in codes(got)),
    "skyscrapers": row_number(lambda p: list(p.cells()), lambda got, x: "nmDupRow" in codes(got)),
    "str8ts": row_number(free, lambda got, x: got[0].code == "nmDupRow" and x in got[0].cells),
    "kakuro": kakuro, "ripple": ripple, "fillomino": fillomino, "hidoku": hidoku,
    "easyasabc": easyasabc,
    # shading and placing: one cell flipped, and the counts it throws off
    "kakurasu": kakurasu, "nonogram": nonogram, "starbattle": starbattle,
    "lighthouses": lighthouses,
    "norinori": one_flip(lambda p: list(p.cells()),
                         lambda got: bool(set(got) & {"bkShadeGt2", "bkShadeLt2"})),
    "lits": one_flip(lambda p: list(p.cells()), lambda got: bool(
        set(got) & {"bkShadeGt4", "bkShadeLt4", "bkShadeDivide", "cs2x2"})),
    "battleships": one_flip(free, lambda got: got.count("exShadeNe") == 2),
    "tents": one_flip(free, lambda got: got.count("exTentNe") == 2, ".", "A"),
    # the puzzle is unique, so any other answer breaks a rule
    "nurikabe": each(one_free), "heyawake": each(one_cell), "hashi": each(one_free, "-", "."),
    "hitori": each(every_cell), "kurodoko": each(every_cell), "tapa": each(every_cell),
    "slitherlink": each(every_cell), "corral": each(every_cell),
    "mochikoro": each(mochikoro_cells), "creek": each(creek_cells), "yajilin": each(sample(40)),
    "masyu": each(every_cell, "-", "."), "grandtour": each(every_cell, "-", "."),
    "linesweeper": each(every_cell, "-", "."), "country": each(sample(25), "-", "."),
    "numberlink": each(every_cell, "-", "."), "pipeline": each(every_cell, "-", "."),
    # a domino's half left without its line: its partner's line ends at it
    "dominos": lambda doc, i: ((put(doc.solution.rows, x, "."), lambda got: "lnMismatch" in codes(got))
                               for x in sample(6)(doc, i)),
}


@pytest.mark.parametrize("stem, i, genre", CASES, ids=[f"{s}:{i + 1}" for s, i, _ in CASES])
def test_published_record(stem, i, genre):
    doc = janko_doc(stem, i)
    g = get_genre(doc.puzzle.genre)
    res = check(doc.puzzle)
    assert res.verdict is Verdict.UNIQUE and res.solutions[0].rows == doc.solution.rows
    assert g.verify(doc.puzzle, doc.solution) == []
    for rows, holds in CHANGES.get(g.name, any_change)(doc, i):
        got = g.verify(doc.puzzle, KitAnswer(rows))
        assert holds(got), (rows, codes(got))


def test_each_file_holds_twelve_or_more_puzzles_of_its_genre():
    for path in JANKO.glob("*.jsonl"):
        lines = janko_lines(path.stem)
        assert len(lines) >= 12 and all(r["janko_genre"] == path.stem for r in lines), path.name


def test_every_change_names_a_genre_with_records():
    assert set(CHANGES) <= {genre for _, _, genre in CASES}

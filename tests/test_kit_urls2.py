"""puzz.link URLs and pzprv3 files of the kit genres finished without them: Hitori, Tapa,
Creek, Kakuro, Skyscrapers, Star Battle, Tents, Battleships (and Norinori/LITS givens,
Fillomino's answers in progress), against pzprjs's own test scripts.

Each pzprjs test script (robx/pzprjs ``test/script/<pid>.js``) opens with a URL body and
lists pzprv3 files of the same puzzle with the failcode pzprjs gives them (``None``: the
correct answer). The puzzles below were translated by hand from the puzzle sections of
those files (Kakuro: pzprjs's board plus its outside cells is our grid, a black cell
``RIGHT,DOWN`` there is our ``DOWN\\RIGHT``; Creek: the 7x7 grid points; Tents: ``1`` a tree),
and the answers from their answer sections (``+`` and ``-`` marks are empty cells; a
Battleships cell holding a given part counts as a ship cell, as pzprjs counts it).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pencilproof.encodings import get_genre
from pencilproof.encodings.kit.urlcodec import Cursor, read_hitori, read_tapa, write_hitori, write_tapa
from pencilproof.errors import InputError
from pencilproof.formats import parse_pzprv3, parse_url, to_pzprv3, to_url
from pencilproof.formats.janko import parse_janko
from pencilproof.puzzle import Puzzle

_ = None
KAKURO = (("#", "#", "12\\", "4\\", "#", "#"),
          ("#", "4\\8", _, _, "10\\", "#"),
          ("\\10", _, _, _, _, "10\\"),
          ("\\3", _, _, "17\\3", _, _),
          ("#", "\\21", _, _, _, _),
          ("#", "#", "\\12", _, _, "#"))
ROOMS = ((0, 0, 0, 1, 1, 1), (0, 1, 1, 1, 2, 2), (0, 3, 3, 4, 4, 2), (5, 5, 3, 3, 4, 2),
         (5, 4, 4, 4, 4, 2), (5, 2, 2, 2, 2, 2))


def _grid(genre: str, rows: tuple, **params) -> Puzzle:
    return Puzzle(genre, len(rows), len(rows[0]), tuple(map(tuple, rows))).with_params(**params)


def _points(text: str) -> tuple:
    return tuple(tuple(None if t == "." else int(t) for t in row.split()) for row in text.split("/"))


#: pid: (the script's URL body, our puzzle, the script's correct answer file, our answer
#: rows of it, the file as we write it back: '+' and '-' marks as '.', '-1' link marks as 0).
SCRIPTS = {
    "hitori": ("4/4/1114142333214213",
               _grid("hitori", ((1, 1, 1, 4), (1, 4, 2, 3), (3, 3, 2, 1), (4, 2, 1, 3))),
               "pzprv3/hitori/4/4/1 1 1 4 /1 4 2 3 /3 3 2 1 /4 2 1 3 /# + # . /+ + + . /# + # . /+ + + # /",
               ("#.#.", "....", "#.#.", "...#")),
    "tapa": ("5/5/3n5hchhajn2",
             _grid("tapa", ((3, _, _, _, _), (_, _, _, _, 5), (_, _, (3, 1, 1), _, _), ((3, 1), _, _, _, _),
                            (_, _, _, _, 2))),
             "pzprv3/tapa/5/5/3 # # # # /# # . # 5 /# + 3,1,1 # # /3,1 # + # + /# # # # 2 /",
             (".####", "##.#.", "#..##", ".#.#.", "####.")),
    "creek": ("6/6/gagaich2cgb6769dt",
              _grid("creek", _points(". 0 . . . 0 ./. . . . 2 . ./. . 2 2 . . ./1 . . 1 . 2 ./1 . 4 . 3 . ./"
                                     ". . . . . . ./. . . . . . .")),
              "pzprv3/creek/6/6/. 0 . . . 0 . /. . . . 2 . . /. . 2 2 . . . /1 . . 1 . 2 . /1 . 4 . 3 . . "
              "/. . . . . . . /. . . . . . . /. + + + + . /. # # # # + /. + + + # + /# # # + # + "
              "/. # # # # + /. . + + + + /",
              ("......", ".####.", "....#.", "###.#.", ".####.", "......")),
    "kakuro": ("5/5/48la0.na0lh3l0Bn.0cl.c4a3", _grid("kakuro", KAKURO),
               "pzprv3/kakuro/5/5/0 0 12 4 0 0 /0 8,4 . . 0,10 0,0 /10 . . . . 0,10 /3 . . 3,17 . . "
               "/0 21,0 . . . . /0 0,0 12,0 . . 0,0 /. 5 3 . . /3 4 1 2 . /1 2 . 1 2 /. 1 9 3 8 /. . 8 4 . /",
               ("######", "##53##", "#3412#", "#12#12", "##1938", "###84#")),
    "skyscrapers": ("4/4/k13h4j3g",
                    _grid("skyscrapers", ((_,) * 4,) * 4, bottom=(_, 1, 3, _), left=(_, 4, _, _),
                          right=(_, _, 3, _)),
                    "pzprv3/skyscrapers/4/4/. . . . . . /. 2 1 4 3 . /4 1 2 3 4 . /. 4 3 1 2 3 /. 3 4 2 1 . "
                    "/. . 1 3 . . /",
                    ("2143", "1234", "4312", "3421")),
    "starbattle": ("6/6/1/4ilbhgdnmhou", _grid("starbattle", ((_,) * 6,) * 6, areas=ROOMS, stars=1),
                   "pzprv3/starbattle/6/6/1/6/0 0 0 1 1 1 /0 1 1 1 2 2 /0 3 3 4 4 2 /5 5 3 3 4 2 "
                   "/5 4 4 4 4 2 /5 2 2 2 2 2 /+ # + + + + /+ + + # + + /+ + + + + # /. + # + + + "
                   "/. + + + # + /# + + + + + /",
                   (".*....", "...*..", ".....*", "..*...", "....*.", "*.....")),
    "tents": ("5/5/2g0h1i1j82323",
              _grid("tents", ((_, _, "T", _, _), (_,) * 5, (_, "T", _, _, "T"), (_, _, _, "T", _),
                              (_, "T", _, _, _)), top=(2, _, 0, _, _), left=(1, _, _, _, 1)),
              "pzprv3/tents/5/5/. 2 . 0 . . /1 . A 1 - - /. . . - - A /. A 1 - - 1 /. . . - 1 A "
              "/1 A 1 - . . /0 -1 0 0 /0 0 0 0 /-1 0 0 0 /0 0 0 -1 /-1 0 0 0 /0 0 0 0 0 /0 0 0 0 -1 "
              "/0 0 0 0 0 /0 0 0 0 0 /",
              (".AT..", "....A", "AT..T", "...TA", "AT...")),
    "battleship": ("6/6/g12h2g30g3gk0r3w//c",
                   _grid("battleships", ((_, _, _, _, _, "x"), (_,) * 6, (_,) * 6, ("w", _, _, _, _, _),
                                         (_,) * 6, (_,) * 6),
                         top=(_, 1, 2, _, _, 2), left=(_, 3, 0, _, 3, _), fleet=(3, 2, 1)),
                   "pzprv3/battleship/6/6/c/. . 1 2 . . 2 /. . . . . . 0 /3 . . . . . . /0 . . . . . . "
                   "/. 3 . . . . . /3 . . . . . . /. . . . . . . /+ + # + + + /# + # + + # /+ + + + + + "
                   "/+ # + + + + /+ + + # # # /# + + + + + /0 0 0 0 0 0 /",
                   ("..#...", "#.#..#", "......", "##....", "...###", "#.....")),
}


def _written(pid: str) -> str:
    text = SCRIPTS[pid][2]
    if pid == "battleship":    # r4c1's given west end is a ship cell: written '#'
        text = text.replace("/+ # + + + + /", "/# # + + + + /")
    return text.replace("-1 ", "0 ").replace("+ ", ". ").replace("- ", ". ")


@pytest.mark.parametrize("pid", sorted(SCRIPTS))
def test_script_url_decodes_to_the_scripts_puzzle_and_back(pid):
    body, puzzle, _, _ = SCRIPTS[pid]
    url = f"https://puzz.link/p?{pid}/{body}"
    assert parse_url(url) == puzzle
    assert to_url(puzzle) == url


@pytest.mark.parametrize("pid", sorted(SCRIPTS))
def test_script_answer_file_reads_verifies_and_is_written_back(pid):
    _, puzzle, text, answer = SCRIPTS[pid]
    genre = get_genre(puzzle.genre)
    doc = parse_pzprv3(text, pid)
    assert doc.puzzle == puzzle
    assert doc.solution == genre.parse_solution(puzzle, answer, "t")
    assert genre.verify(doc.puzzle, doc.solution) == []
    assert to_pzprv3(doc.puzzle, doc.solution, slashes=True) == _written(pid)
    assert parse_pzprv3(to_pzprv3(doc.puzzle, doc.solution), "f") == doc
    assert parse_pzprv3(to_pzprv3(doc.puzzle), "f").solution is None    # no answer: none read


#: The scripts' other files (pzprv3 sections after the size) and the failcode pzprjs
#: gives: our verify reports the same code first.
FAILS = [
    ("hitori", "csAdjacent", "1 1 1 4 /1 4 2 3 /3 3 2 1 /4 2 1 3 /# . . . /# . . . /. . . . /. . . . /"),
    ("hitori", "cuDivideRB", "1 1 1 4 /1 4 2 3 /3 3 2 1 /4 2 1 3 /# . . . /. . . # /# . # . /. # . . /"),
    ("tapa", "cs2x2", "3 # . . . /# # . . 5 /# # 3,1,1 . . /3,1 . . . . /. . . . 2 /"),
    ("tapa", "csDivide", "3 # . # # /# # . # 5 /# + 3,1,1 # # /3,1 # + # + /# # # # 2 /"),
    ("creek", "crShadeGt", ". 0 . . . 0 . /. . . . 2 . . /. . 2 2 . . . /1 . . 1 . 2 . /1 . 4 . 3 . . "
                           "/. . . . . . . /. . . . . . . /# # . . . . /. . . . . . /. . . . . . "
                           "/. . . . . . /. . . . . . /. . . . . . /"),
    ("kakuro", "nmSumRowNe", "0 0 12 4 0 0 /0 8,4 . . 0,10 0,0 /10 . . . . 0,10 /3 . . 3,17 . . "
                             "/0 21,0 . . . . /0 0,0 12,0 . . 0,0 /. . 3 . . /3 4 1 5 . /1 2 . . . "
                             "/. . . . . /. . . . . /"),
    ("skyscrapers", "nmSightNe", ". . . . . . /. . . . . . /4 1 2 3 4 . /. 4 . . . 3 /. . 4 . . . "
                                 "/. . 1 3 . . /"),
    ("starbattle", "lnStarNe", "1/6/0 0 0 1 1 1 /0 1 1 1 2 2 /0 3 3 4 4 2 /5 5 3 3 4 2 /5 4 4 4 4 2 "
                               "/5 2 2 2 2 2 /+ # + + + + /+ + + # + + /+ + + + + # /. + # + + + "
                               "/# + + + # + /. + + + + + /"),
    ("tents", "nmTentGt", ". 2 . 0 . . /1 . . 1 . . /. . . . . . /. A 1 A . 1 /. . . . 1 . /1 . 1 . . . "
                          "/0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 "
                          "/0 0 0 0 0 /"),
    ("battleship", "shDiag", "c/. . 1 2 . . 2 /. . . . . . 0 /3 . . . . . . /0 . . . . . . /. 3 . . . . . "
                             "/3 . . . . . . /. . . . . . . /# + + + + + /+ + + # # # /+ + + + + + "
                             "/. # + + + + /+ + # + # # /# + + + + + /0 0 0 0 0 0 /"),
]


@pytest.mark.parametrize("pid,code,sections", FAILS, ids=lambda x: x if isinstance(x, str) and
                         len(x) < 12 else "")
def test_script_wrong_answers_read_with_their_failcodes(pid, code, sections):
    size = "6/6" if pid in ("creek", "starbattle", "battleship") else "5/5" if pid in ("tapa", "kakuro",
                                                                                         "tents") else "4/4"
    doc = parse_pzprv3(f"pzprv3/{pid}/{size}/{sections}", pid)
    assert doc.puzzle == SCRIPTS[pid][1]
    assert get_genre(doc.puzzle.genre).verify(doc.puzzle, doc.solution)[0].code == code


# -- the codecs, by hand ---------------------------------------------------------------------
def test_hitori_cells():
    # one character per cell: base 36, '-' and two base-36 digits, '@' a '?', '.' empty
    assert read_hitori(Cursor("1z-10@.", "u"), 5) == [1, 35, 36, "?", None]
    values = [None, "?", *range(1296)]
    assert read_hitori(Cursor(write_hitori(values), "u"), len(values)) == values
    assert write_hitori([35, 36, 1295, None]) == "z-10-zz."
    with pytest.raises(InputError, match=r"^given 1296 cannot be written in a Hitori URL \(0-1295\)$"):
        write_hitori([1296])


def test_tapa_lists_of_blocks():
    # 'ch' = 449 = 396 + 16*3 + 4*1 + 1: (3, 1, 1); 'aj' = 379 = 360 + 6*3 + 1: (3, 1)
    assert read_tapa(Cursor("chaj9.", "u"), 4) == [(3, 1, 1), (3, 1), (1, 1, 1, 1), "?"]
    clues = [0, 8, "?", (5, 1), (1, "?"), ("?", "?"), (3, 1, 1), ("?", 1, "?"), (1, 1, 1, "?"),
             ("?",) * 4, (1, 1, 1, 1)]
    body = write_tapa(clues + [None] * 21)
    assert body.endswith("zg") and read_tapa(Cursor(body, "u"), len(clues) + 21) == clues + [None] * 21
    with pytest.raises(InputError, match=r"^clue \(6, 1\) cannot be written in a Tapa URL$"):
        write_tapa([(6, 1)])


def test_tapa_pzprv3_lists():
    """pzprjs's tapa input script: a row of ?-lists, and one of mixed clues."""
    doc = parse_pzprv3("pzprv3/tapa/1/5/- -,- -,-,- -,-,-,- - /", "t")
    assert doc.puzzle.grid == (("?", ("?", "?"), ("?", "?", "?"), ("?",) * 4, "?"),)
    doc = parse_pzprv3("pzprv3/tapa/1/5/8 . 5,1 2 -,3 /", "t")
    assert doc.puzzle.grid == ((8, None, (5, 1), 2, ("?", 3)),)
    assert to_pzprv3(doc.puzzle, slashes=True) == "pzprv3/tapa/1/5/8 . 5,1 2 -,3 /"


def test_kakuro_sums_by_hand():
    # '48': down 4, right 8; 'l': 2 white cells; 'a0': down 10; '.': no sums; '0B': right 21
    # (B = 11 + 10); the outside sums 'c4' above columns 2 and 3, 'a3' left of rows 2 and 3
    p = parse_url("https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3")
    assert p[(1, 1)] == "4\\8" and p[(1, 4)] == "10\\" and p[(1, 5)] == "#" and p[(4, 1)] == "\\21"
    assert p[(0, 2)] == "12\\" and p[(0, 3)] == "4\\" and p[(2, 0)] == "\\10" and p[(3, 0)] == "\\3"
    # sums 20-45 as capitals: 45 = 'Z'
    big = Puzzle("kakuro", 3, 3, (("#", "45\\", "#"), ("\\20", None, "#"), ("#", "#", "#")))
    assert to_url(big) == "https://puzz.link/p?kakuro/2/2/k...ZA" and parse_url(to_url(big)) == big


# -- what a format cannot carry: one-line errors -----------------------------------------
def _refused(call, message):
    with pytest.raises(InputError) as e:
        call()
    assert e.value.message == message


def test_what_the_formats_cannot_carry():
    kakuro = SCRIPTS["kakuro"][1]
    _refused(lambda: to_url(kakuro.with_clues({**kakuro.clues(), (2, 2): 5})),
             "a Kakuro URL carries no given digits (the 5 at r3c3)")
    _refused(lambda: to_pzprv3(kakuro.with_clues({**kakuro.clues(), (2, 2): 5})),
             "a kakuro pzprv3 file carries no givens (the given 5 at r3c3)")
    white = kakuro.with_clues({x: v for x, v in kakuro.clues().items() if x != (0, 5)})
    _refused(lambda: to_url(white), "a Kakuro URL needs the top row and left column black (r1c6 is white)")
    _refused(lambda: to_pzprv3(white),
             "a Kakuro pzprv3 file needs the top row and left column black (r1c6 is white)")
    sky = SCRIPTS["skyscrapers"][1].with_params(diagonals=True)
    _refused(lambda: to_url(sky), "a skyscrapers puzzle with 'diagonals' has no puzz.link URL")
    _refused(lambda: to_pzprv3(sky), "a skyscrapers puzzle with 'diagonals' has no pzprv3 format")
    stars = SCRIPTS["starbattle"][1].with_clues({(0, 0): "@"})
    _refused(lambda: to_pzprv3(stars), "a starbattle pzprv3 file carries no givens (the given '@' at r1c1)")
    for genre, url in (("norinori", "norinori/5/5/cag4ocjo"), ("lits", "lits/4/4/9q02jg")):
        known = parse_url(f"https://puzz.link/p?{url}").with_clues({(1, 1): "#"})
        _refused(lambda known=known: to_pzprv3(known),
                 f"a {genre} pzprv3 file carries no givens (the given '#' at r2c2)")


@pytest.mark.parametrize("source,message", [
    ("https://puzz.link/p?hitori/2/1/1!", "unexpected character '!' at body position 2"),
    ("https://puzz.link/p?hitori/2/1/10", "number 0 is out of range (1-99)"),
    ("https://puzz.link/p?tapa/2/1/d8", "'d8' at body position 1 is no list of blocks"),
    ("https://puzz.link/p?tapa/2/1/1h", "body's last run overflows the grid (3 cells for 2)"),
    ("https://puzz.link/p?creek/1/1/4i", "r1c1: clue 4 is out of range (a point there has 1 cell around it)"),
    ("https://puzz.link/p?kakuro/2/2/k", "body describes 1 cells, the grid has 4"),
    ("https://puzz.link/p?kakuro/2/2/m!1", "unexpected sum character '!'"),
    ("https://puzz.link/p?skyscrapers/2/2/.m", "a '?' number outside the grid (top 1) is not supported"),
    ("pzprv3/tents/1/2/. . . /. 1 X /0 /", "unknown token 'X' at r1c2 (expected 1 a tree, A a tent, - or .)"),
    ("pzprv3/battleship/1/1/c/. . /. 7 /. /0 0 0 0 0 0 /", "unknown part '7' at r1c1 (expected . or 0-6)"),
    ("pzprv3/battleship/1/1/t/. . /. . /. /", "the piece bank '/t' is not a fleet of straight ships"),
    ("pzprv3/starbattle/1/2/1/1/0 x /. . /", "a room number should be a number, got 'x'"),
    ("pzprv3/skyscrapers/1/1/. . . /. qx . /. . . /", "an answer number should be a number, got 'qx'"),
    ("pzprv3/kakuro/1/1/0 0 /0 1,2,3 /. /", "r2c2: a black cell is RIGHT,DOWN, got '1,2,3'"),
])
def test_bad_input_is_one_line(source, message):
    with pytest.raises(InputError) as e:
        parse_pzprv3(source, "f") if source.startswith("pzprv3") else parse_url(source)
    assert message in str(e.value) and "\n" not in str(e.value)


def test_fillomino_answer_in_progress_keeps_empty_cells():
    """pzprjs's Fillomino "ceNoNum" file: '?' givens, empty answer cells are '.'."""
    text = ("pzprv3/fillomino/6/6/. . - . . . /. - 3 . 2 . /. . . . 5 2 /3 3 . . . . /. 2 . 1 4 . "
            "/. . . 3 . . /. . . . . . /. . . 2 . . /3 . 3 3 . . /. . 5 5 5 2 /2 . 5 . . 4 /1 3 3 . 4 4 "
            "/0 0 0 0 0 /0 1 1 0 1 /1 1 0 1 1 /0 1 0 0 1 /0 1 1 1 0 /1 0 0 1 0 /0 0 1 1 1 0 /1 0 0 1 1 1 "
            "/0 1 1 1 0 0 /1 1 0 1 1 1 /1 1 1 1 0 0 /")
    doc = parse_pzprv3(text, "f")
    assert doc.solution.rows == ("......", "..322.", "3.3352", "335552", "225144", "133344")
    assert {v.code for v in get_genre("fillomino").verify(doc.puzzle, doc.solution)} >= {"ceNoNum"}


# -- the Janko records and the command line ----------------------------------------------
JANKO = Path(__file__).parent / "data" / "janko"
#: Janko records the formats cannot carry: Skyscrapers with diagonals or with a depth below
#: the size (empty cells), shaped Star Battles.
CANNOT = {"skyscrapers": 10, "starbattle": 9}


@pytest.mark.parametrize("genre", ["hitori", "tapa", "creek", "kakuro", "skyscrapers", "starbattle",
                                   "tents", "battleships"])
def test_janko_records_round_trip(genre):
    refused = 0
    for line in (JANKO / f"{genre}.jsonl").read_text().splitlines():
        doc = parse_janko(json.loads(line)["janko"], genre)
        try:
            url = to_url(doc.puzzle)
        except InputError:
            refused += 1
            continue
        assert parse_url(url) == doc.puzzle
        assert parse_pzprv3(to_pzprv3(doc.puzzle, doc.solution), "f") == doc
    assert refused == CANNOT.get(genre, 0)


@pytest.mark.parametrize("genre", ["creek", "kakuro", "battleships"])
def test_cli_url_and_convert(run_cli, tmp_path, genre):
    record = tmp_path / "r.json"
    record.write_text((JANKO / f"{genre}.jsonl").read_text().splitlines()[0])
    code, url, _ = run_cli("url", str(record))
    assert code == 0 and url.startswith(f"https://puzz.link/p?{get_genre(genre).url_pids[0]}/")
    code, text, _ = run_cli("convert", str(record), "--to", "pzprv3")
    assert code == 0
    saved = tmp_path / "r.pzprv3"
    saved.write_text(text)
    assert run_cli("url", str(saved))[1] == url
    code, again, _ = run_cli("convert", url.strip(), "--to", "pzprv3")
    assert code == 0 and parse_pzprv3(again, "a").puzzle == parse_pzprv3(text, "t").puzzle

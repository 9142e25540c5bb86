"""puzz.link URLs and pzprv3 files of the kit genres, against pzprjs's own test scripts.

Every pzprjs test script (robx/pzprjs ``test/script/<pid>.js``) opens with a URL body;
its ``failcheck`` entries are pzprv3 files of the same puzzle. The grids below are the
puzzle sections of those files, copied by hand (``.`` empty, ``-`` pzprjs's "?" given,
Heyawake's rooms from its version-0 room section), so each URL is checked against what
pzprjs itself shows for it. The codec tests need no genre; the genre tests run for the
genres registered with a URL (more join as they land).
"""
from __future__ import annotations

import pytest

from pencilproof.encodings import GENRES, get_genre
from pencilproof.encodings.kit.urlcodec import (Cursor, read_border, read_circle, read_number16,
                                                top_cell, write_number16, write_roomnumber16)
from pencilproof.errors import InputError
from pencilproof.formats import parse_pzprv3, parse_url, to_pzprv3, to_url
from pencilproof.formats.url import decode_body, encode_body
from pencilproof.puzzle import Puzzle

HEYAWAKE_ROOMS = ("0 1 1 2 2 3", "0 1 1 2 2 3", "0 1 1 2 2 3", "4 4 4 4 4 3", "5 5 5 6 6 3",
                  "5 5 5 6 6 7")
#: pid: (URL body after PID/, the body's parts, the puzzle rows of the script's files,
#: Heyawake's rooms). Symbols stay pzprjs's numbers here (Masyu: 1 white, 2 black).
SCRIPTS = {
    "sudoku": ("4/4/g1k23k3g", ("number16",), ". 1 . . /. . . 2 /3 . . . /. . 3 .", None),
    "nurikabe": ("5/5/g5k2o1k3g", ("number16",),
                 ". 5 . . . /. . 2 . . /. . . . . /. . 1 . . /. . . 3 .", None),
    "heyawake": ("6/6/lll155007rs12222j", ("border", "roomnumber16"),
                 "2 2 . 2 . 2 /. . . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . .",
                 HEYAWAKE_ROOMS),
    "fillomino": ("6/6/h4j53g2k5233k2g14j3h", ("number16", "border?"),
                  ". . 4 . . . /. 5 3 . 2 . /. . . . 5 2 /3 3 . . . . /. 2 . 1 4 . /. . . 3 . .",
                  None),
    "slither": ("5/5/cbcbcddad", ("4cell",), "2 . . 1 . /. 2 . . 1 /. . 2 . . /3 . . 3 . /. 0 . . 3",
                None),
    "mashu": ("6/6/1063000i3000", ("circle",),
              ". . 1 . . . /. 2 . . 1 . /. . . . . . /. . . 2 . . /. 1 . . . . /. . . . . .", None),
    "hashikake": ("5/5/4g2i3h23k3g1g3g4g3", ("number16",),
                  "4 . 2 . . /. 3 . . 2 /3 . . . . /. 3 . 1 . /3 . 4 . 3", None),
}
#: Our genre per pzprjs pid, and what its grid holds for pzprjs's numbers (Masyu's circles).
GENRE_OF = {"sudoku": "sudoku", "nurikabe": "nurikabe", "heyawake": "heyawake",
            "fillomino": "fillomino", "slither": "slitherlink", "mashu": "masyu",
            "hashikake": "hashi"}
SYMBOLS = {"mashu": {1: "w", 2: "b"}}
#: The genres whose URLs are tested through the registry (registered, declared).
REGISTERED = [pid for pid in SCRIPTS if GENRE_OF[pid] in GENRES
              and GENRES[GENRE_OF[pid]].formats.url_body]
#: ... and with a pzprv3 format.
PZPRV3 = [pid for pid in REGISTERED if GENRES[GENRE_OF[pid]].formats.pzprv3_pid]


def _cells(text: str) -> list:
    """A script's puzzle section as pzprjs values, row by row."""
    return [None if t == "." else "?" if t == "-" else int(t) for t in text.replace("/", " ").split()]


def _split(url: str) -> tuple[int, int, str]:
    cols, rows, body = url.split("/", 2)
    return int(rows), int(cols), body


# -- codecs, genre by genre (no genre needed) ----------------------------------------------
@pytest.mark.parametrize("pid", sorted(SCRIPTS))
def test_script_url_decodes_to_the_scripts_puzzle_and_back(pid):
    url, parts, puzzle, rooms = SCRIPTS[pid]
    rows, cols, body = _split(url)
    cells, layout = decode_body(parts, body, rows, cols, pid)
    assert cells == _cells(puzzle)
    if rooms is None:
        assert layout is None
    else:
        assert layout == tuple(tuple(int(t) for t in row.split()) for row in rooms)
    grid = tuple(tuple(cells[r * cols:(r + 1) * cols]) for r in range(rows))
    p = Puzzle(pid, rows, cols, grid, (("areas", layout),) if layout else ())
    assert encode_body(parts, p, cells) == body


def test_hand_checked_cells():
    """A few cells decoded by hand from the bodies, character by character."""
    cur = Cursor("g1k23k3g", "s")
    sudoku = read_number16(cur, 16)          # g: 1 empty, '1', k: 5 empty, '2', '3', ...
    assert sudoku[:2] == [None, 1] and sudoku[7] == 2 and sudoku[8] == 3 and sudoku[14] == 3
    circles = read_circle(Cursor("1063000i3000", "m"), 36)
    assert circles[:3] == [0, 0, 1]          # '1' = 0*9 + 0*3 + 1: r1c3 white
    assert circles[6:9] == [0, 2, 0]         # '6' = 0*9 + 2*3 + 0: r2c2 black
    assert circles[9:12] == [0, 1, 0]        # '3': r2c5 white
    right, down = read_border(Cursor("lll155007rs1", "h"), 6, 6)
    assert right[:5] == [True, False, True, False, True]   # 'l' = 21 = 10101
    assert down[:5] == [False, False, False, False, False]


@pytest.mark.parametrize("values", [
    [0, 15, 16, 255, 256, 4095, 4096, 8191, 8192, 12239, 12240, 77775, 77776, "?", None],
    [None] * 45 + [7],
])
def test_number16_every_width_round_trips(values):
    body = write_number16(values)
    assert read_number16(Cursor(body, "u"), len(values)) == values


def test_number16_widths_as_pzprjs_writes_them():
    assert write_number16([4096, 8192, 12240, 77776]) == "=000@000*0000$00000"
    assert write_number16([None] * 21 + [1]) == "zg1"


def test_top_cell_is_pzprjs_leftmost_column_first():
    # an L-shaped room: r1c2, r2c1, r2c2 -> pzprjs's top cell is r2c1 (leftmost column)
    assert top_cell([(0, 1), (1, 0), (1, 1)]) == (1, 0)
    assert top_cell([(2, 3), (2, 4), (3, 3)]) == (2, 3)


def test_room_numbers_go_to_top_cells_and_one_per_room():
    layout = ((0, 0, 1), (0, 0, 1))
    body = write_roomnumber16(layout, {(1, 1): 3})      # any cell of the room: written once
    assert body == "3g"
    with pytest.raises(InputError, match=r"region 1 holds two numbers \(r1c1 and r2c2\)"):
        write_roomnumber16(layout, {(0, 0): 1, (1, 1): 2})


@pytest.mark.parametrize("parts,body,rows,cols,message", [
    (("border",), "lll", 6, 6, "the border part needs 6 characters, the body has 3"),
    (("circle",), "1z", 2, 3, r"unexpected character 'z' in the circle part \(expected 0-9 or "
                              r"a-q\) at body position 2"),
    (("border", "roomnumber16"), "00", 2, 2, "body describes 0 rooms, the grid has 1"),
    (("number16",), "jx", 2, 2, "unexpected text 'x' after the last cell"),
    (("number16", "border?"), "j0w", 2, 2, "unexpected character 'w' in the border part"),
])
def test_bad_bodies_are_one_line_errors(parts, body, rows, cols, message):
    with pytest.raises(InputError, match=message):
        decode_body(parts, body, rows, cols, "u")


def test_optional_borders():
    """Fillomino writes its border part only when it has borders; all-zero borders are none."""
    assert decode_body(("number16", "border?"), "j", 2, 2, "u") == ([None] * 4, None)
    assert decode_body(("number16", "border?"), "j00", 2, 2, "u") == ([None] * 4, None)
    assert decode_body(("number16", "border?"), "jo0", 2, 2, "u")[1] == ((0, 1), (0, 1))


# -- through the registry --------------------------------------------------------------------
def _puzzle(pid: str) -> Puzzle:
    url, _, puzzle, rooms = SCRIPTS[pid]
    rows, cols, _ = _split(url)
    genre = get_genre(GENRE_OF[pid])
    symbols = SYMBOLS.get(pid, {})
    values = [genre.parse_clue(symbols.get(v, v), "t") for v in _cells(puzzle)]
    p = Puzzle(genre.name, rows, cols, tuple(tuple(values[r * cols:(r + 1) * cols])
                                             for r in range(rows)))
    if rooms is not None:
        p = p.with_params(areas=tuple(tuple(int(t) for t in row.split()) for row in rooms))
    return p


@pytest.mark.parametrize("pid", REGISTERED)
def test_registered_genre_reads_and_writes_the_script_url(pid):
    genre = get_genre(GENRE_OF[pid])
    url = f"https://puzz.link/p?{genre.url_pids[0]}/{SCRIPTS[pid][0]}"
    p = _puzzle(pid)
    assert parse_url(url) == p
    assert to_url(p) == url
    assert parse_url(f"http://pzv.jp/p.html?{pid}/{SCRIPTS[pid][0]}") == p


def test_puzzlinks_own_ids_and_where_room_numbers_go():
    # puzz.link writes Hashiwokakero URLs with its short id "hashi" (variety.js: pzprurl)
    assert parse_url(f"https://puzz.link/p?hashi/{SCRIPTS['hashikake'][0]}") == _puzzle("hashikake")
    # a room's number may stand in any of its cells; the URL puts it in the top-left one
    p = _puzzle("heyawake")
    moved = p.with_clues({**{x: v for x, v in p.clues().items() if x != (0, 0)}, (2, 0): 2})
    assert to_url(moved) == to_url(p) and parse_url(to_url(moved)) == p


def test_heyawacky_file_is_a_heyawake_with_any_rooms():
    """The script's "heyawacky" file (pzprjs's alias): rooms of any shape, version-0 room
    numbers. Its URL by hand: right sides 000 111 011 111 -> 00011 10111 11000 = 3 n o;
    lower sides 0110 0100 1010 -> 01100 10010 10000 = c i g; rooms 0-3 empty (j), room 4: 1."""
    text = ("pzprv3/heyawacky/4/4/5/0 0 0 0 /0 1 2 0 /0 0 2 0 /3 0 4 0 /. . . . /. . . . /. . . . "
            "/. . 1 . /+ + + + /+ + # + /+ # + + /+ + # + ")
    doc = parse_pzprv3(text, "w")
    assert doc.puzzle.param("areas") == ((0, 0, 0, 0), (0, 1, 2, 0), (0, 0, 2, 0), (3, 0, 4, 0))
    assert doc.solution.rows == ("....", "..#.", ".#..", "..#.")
    assert get_genre("heyawake").verify(doc.puzzle, doc.solution) == []
    assert to_url(doc.puzzle) == "https://puzz.link/p?heyawake/4/4/3nocigj1"


def test_a_fillomino_url_with_given_borders_is_refused():
    with pytest.raises(InputError) as e:
        parse_url("https://puzz.link/p?fillomino/2/2/jo0")
    assert e.value.message == "fillomino puzzles have no regions: the URL's borders are not supported"


#: Each script's correct answer (its ``[null, ...]`` failcheck entry), copied literally.
SOLVED = {
    "sudoku": "pzprv3/sudoku/4/. 1 . . /. . . 2 /3 . . . /. . 3 . /2 . 4 3 /4 3 1 . /. 4 2 1 "
              "/1 2 . 4 /",
    "nurikabe": "pzprv3/nurikabe/5/5/+ 5 # # # /+ # 2 + # /+ # # # # /+ # 1 # . /# # # 3 . /",
    "heyawake": "pzprv3/heyawake/6/6/8/0 1 1 2 2 3 /0 1 1 2 2 3 /0 1 1 2 2 3 /4 4 4 4 4 3 "
                "/5 5 5 6 6 3 /5 5 5 6 6 7 /2 2 . 2 . 2 /. . . . . . /. . . . . . /. . . . . . "
                "/. . . . . . /. . . . . . /# + # + + # /+ + + # + + /# + # + # + /+ + + + + + "
                "/+ # + # + # /+ + # + + + /",
    "fillomino": "pzprv3/fillomino/6/6/. . 4 . . . /. 5 3 . 2 . /. . . . 5 2 /3 3 . . . . "
                 "/. 2 . 1 4 . /. . . 3 . . /5 5 . 4 4 4 /5 . . 2 . 1 /3 5 3 3 . . /. . 5 5 5 2 "
                 "/2 . 5 . . 4 /1 3 3 . 4 4 /0 1 0 0 0 /0 1 1 0 1 /1 1 0 1 1 /0 1 0 0 1 "
                 "/0 1 1 1 0 /1 0 0 1 0 /0 0 1 1 1 1 /1 0 0 1 1 1 /0 1 1 1 0 0 /1 1 0 1 1 1 "
                 "/1 1 1 1 0 0 /",
    "slither": "pzprv3/slither/5/5/2 . . 1 . /. 2 . . 1 /. . 2 . . /3 . . 3 . /. 0 . . 3 "
               "/1 -1 0 -1 -1 1 /1 1 -1 1 -1 1 /1 1 1 0 0 1 /1 1 1 1 1 1 /-1 -1 -1 0 1 1 "
               "/1 1 1 1 1 /-1 1 1 -1 -1 /0 -1 1 0 0 /0 0 0 1 0 /1 -1 1 -1 0 /-1 0 -1 0 1 /",
    "mashu": "pzprv3/mashu/6/6/. . 1 . . . /. 2 . . 1 . /. . . . . . /. . . 2 . . /. 1 . . . . "
             "/. . . . . . /1 1 1 0 1 /0 1 1 -1 0 /0 0 1 1 0 /0 1 -1 1 1 /1 1 0 0 0 /0 0 1 0 0 "
             "/1 0 0 1 1 1 /1 1 0 0 1 1 /1 1 1 -1 0 1 /1 -1 0 1 0 0 /0 0 1 1 0 0 /",
    "hashikake": "pzprv3/hashikake/5/5/4 . 2 . . /. 3 . . 2 /3 . . . . /. 3 . 1 . /3 . 4 . 3 "
                 "/2 2 0 0 /0 1 1 1 /-1 0 -1 -1 /0 1 1 -1 /2 2 2 2 /2 0 0 0 0 /2 2 0 0 1 "
                 "/1 2 0 -1 1 /1 0 0 -1 1 /",
}
#: How we write them back: pzprjs's marks of "not here" (``+`` an unshaded cell, ``-1`` no
#: line) are not kept, and Heyawake / Slitherlink are written as pzprjs writes today
#: (version 1: rooms as borders, an empty colour section), worked out by hand.
HEYAWAKE_V1 = ("pzprv3.1/heyawake/6/6/1 0 1 0 1 /1 0 1 0 1 /1 0 1 0 1 /0 0 0 0 1 /0 0 1 0 1 "
               "/0 0 1 0 1 /0 0 0 0 0 0 /0 0 0 0 0 0 /1 1 1 1 1 0 /1 1 1 1 1 0 /0 0 0 0 0 1 "
               "/2 2 . 2 . 2 /. . . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . "
               "/# . # . . # /. . . # . . /# . # . # . /. . . . . . /. # . # . # /. . # . . . /")


def _written(pid: str) -> str:
    text = SOLVED[pid]
    if pid == "heyawake":
        return HEYAWAKE_V1
    if pid == "slither":
        head, sections = text.split("/", 9)[:9], text.split("/", 9)[9]
        colours = "0 0 0 0 0 /" * 5
        return "/".join(["pzprv3.1", *head[1:]]) + "/" + colours + sections.replace("-1 ", "0 ")
    return text.replace("+ ", ". ").replace("-1 ", "0 ")


@pytest.mark.parametrize("pid", [p for p in SOLVED if p in PZPRV3])
def test_script_answer_file_reads_verifies_and_is_written_back(pid):
    genre = get_genre(GENRE_OF[pid])
    doc = parse_pzprv3(SOLVED[pid], pid)
    assert doc.puzzle == _puzzle(pid)
    assert doc.solution is not None and genre.verify(doc.puzzle, doc.solution) == []
    written = to_pzprv3(doc.puzzle, doc.solution, slashes=True)
    assert written == _written(pid)
    assert parse_pzprv3(written, pid) == doc
    assert parse_pzprv3(to_pzprv3(doc.puzzle, doc.solution), pid) == doc


#: A few answer cells of the scripts' files, translated by hand: (pid, rows slice, rows).
BY_HAND = [
    ("sudoku", slice(0, 4), ("2143", "4312", "3421", "1234")),     # givens + answer numbers
    # row 1: sides 1 1 1 0 1 to the right, 1 0 0 1 1 1 below: F - - 7 F 7;
    # r6c3 up and right (L), r6c4 left and up (J)
    ("mashu", slice(0, 1), ("F--7F7",)),
    ("mashu", slice(5, 6), ("..LJ..",)),
    # r1: island 4, two bridges right (side 2) across r1c2, island 2; r2c1: two bridges down
    ("hashikake", slice(0, 2), ("4=2..", "H3--2")),
    # row 1: lines on the sides left of c1 and right of c5 (1 -1 0 -1 -1 1): all inside;
    # row 2: left of c1, c2, c4 and right of c5 (1 1 -1 1 -1 1): c1, c4, c5 inside
    ("slither", slice(0, 2), ("#####", "#..##")),
    ("nurikabe", slice(0, 1), ("..###",)),                          # '+' and the 5: unshaded
]


@pytest.mark.parametrize("pid,rows,expected", [c for c in BY_HAND if c[0] in PZPRV3],
                         ids=lambda x: x if isinstance(x, str) else "")
def test_answers_read_from_sections_by_hand(pid, rows, expected):
    assert parse_pzprv3(SOLVED[pid], pid).solution.rows[rows] == expected


def test_an_answer_in_progress_and_one_no_answer_can_hold():
    # pzprjs's Sudoku "ceNoNum" file: some cells still empty (our answers may hold '.')
    partial = ("pzprv3/sudoku/4/. 1 . . /. . . 2 /3 . . . /. . 3 . /2 . . . /. . . . /. 4 2 . "
               "/1 2 . . /")
    doc = parse_pzprv3(partial, "s")
    assert doc.puzzle == _puzzle("sudoku")
    assert doc.solution.rows == ("21..", "...2", "342.", "123.")
    # a branching line (pzprjs's Masyu "lnBranch" file) is no answer of ours: none is read
    branch = SOLVED["mashu"].replace("/1 1 1 0 1 /0 1 1 -1 0 /0 0 1 1 0 /",
                                     "/0 0 1 1 0 /0 0 0 0 0 /1 1 1 1 0 /")
    assert parse_pzprv3(branch, "m").solution is None


def test_sudoku_pzprv3_has_one_size_line():
    text = to_pzprv3(_puzzle("sudoku"))
    assert text.split("\n")[:5] == ["pzprv3", "sudoku", "4", ". 1 . . ", ". . . 2 "]


@pytest.mark.parametrize("text,message", [
    ("pzprv3/fillomino/3/3/t/. . . /. . . /. . . /", "the file's option 't' (a rule variant) is not "
                                                     "supported"),
    ("pzprv3.1/slither/2/3/f/. . . /. . . /", "the file's option 'f' (a rule variant) is not "
                                              "supported"),
    ("pzprv3/mashu/1/2/f/. . /", "the file's option 'f' (a rule variant) is not supported"),
])
def test_pzprv3_variants_are_refused(text, message):
    with pytest.raises(InputError) as e:
        parse_pzprv3(text, "f")
    assert e.value.message == message and e.value.where == "f: line 5 (lines are '/'-separated), column 1"


def test_cli_url_and_convert(run_cli, tmp_path):
    url = f"https://puzz.link/p?heyawake/{SCRIPTS['heyawake'][0]}"
    code, out, _ = run_cli("convert", url, "--to", "pzprv3")
    assert code == 0 and out.splitlines()[:5] == ["pzprv3.1", "heyawake", "6", "6", "1 0 1 0 1 "]
    f = tmp_path / "h.pzprv3"
    f.write_text(out)
    code, out, _ = run_cli("url", str(f))
    assert code == 0 and out == url + "\n"
    code, _, err = run_cli("convert", url, "--to", "taiji")
    assert code == 2 and err.count("\n") == 1


# -- what a format cannot carry: one-line errors -------------------------------------------
def test_unsupported_pairs_are_one_line_errors():
    irregular = _puzzle("sudoku").with_params(areas=((0, 0, 1, 1), (0, 0, 1, 1), (2, 2, 3, 3),
                                                     (2, 2, 3, 3)))
    with pytest.raises(InputError, match=r"^a sudoku puzzle with 'areas' \(regions\) has no "
                                         r"puzz.link URL$"):
        to_url(irregular)
    with pytest.raises(InputError, match=r"^a sudoku puzzle with 'areas' \(regions\) has no "
                                         r"pzprv3 format$"):
        to_pzprv3(irregular)
    other = next(g for g in GENRES.values() if not g.formats.url_body)   # Taiji, Flood-It
    blank = Puzzle(other.name, 1, 1, ((None,),))
    with pytest.raises(InputError, match=f"^{other.name} has no puzz.link URL format$"):
        to_url(blank)


@pytest.mark.parametrize("url,message", [
    ("https://puzz.link/p?canal/f/2/2/j", "the URL's option 'f' (a rule variant) is not supported"),
    ("https://puzz.link/p?canal/v:x/2/2/j", "the URL's variant 'v:x' is not supported"),
    ("https://puzz.link/p?slither/f/5/5/cbcbcddad", "the URL's option 'f' (a rule variant) is not "
                                                    "supported"),
])
def test_url_options_are_refused(url, message):
    with pytest.raises(InputError) as e:
        parse_url(url)
    assert e.value.message == message

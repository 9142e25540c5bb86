"""Every bad input gets one clear line on stderr (exit 2), never a traceback, and a batch
goes on past it: arguments the OS refuses as file names, unreadable files, bytes that are
not UTF-8, JSON too deep or with too long numbers, digits of other scripts, empty and
multi-line arguments, mistyped URLs. And ``to_url`` writes URLs exactly as puzz.link
does, down to the trailing '/'.
"""
from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from pencilproof.errors import InputError
from pencilproof.formats import iter_load, load_answer, parse_url, puzzle_from_doc, to_url
from pencilproof.formats.jsondoc import locator, value_offsets
from pencilproof.puzzle import Puzzle

from conftest import records

EXAMPLES = Path(__file__).parent.parent / "src" / "pencilproof" / "examples"
UNIQUE = "canal 2x2\n. 2\n. .\n"          # shaded: the 2 clue sees both, one solution
URL_HINT = "not a puzz.link URL (expected https://puzz.link/p?GENRE/COLS/ROWS/BODY)"


def one_error(err: str) -> str:
    """The single error line (asserts there is exactly one and no traceback)."""
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("pencilproof: error: ")
    return err[len("pencilproof: error: "):-1]


@pytest.fixture
def cwd(tmp_path, monkeypatch):
    """Run in a temporary directory, so file names in messages are short and exact."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "good.txt").write_text(UNIQUE)
    return tmp_path


# -- 1: arguments longer than the OS allows for a file name ------------------------------
def _akari_100() -> Puzzle:
    rnd = random.Random(100)
    grid = tuple(tuple(rnd.choice((None, None, "#", 0, 1, 2)) for _ in range(100))
                 for _ in range(100))
    return Puzzle("lightup", 100, 100, grid)


def test_a_url_longer_than_a_path_is_read(run_cli):
    url = to_url(_akari_100())
    assert len(url) > 4096 and max(map(len, url.split("/"))) > 255
    code, out, err = run_cli("url", url)
    assert (code, out, err) == (0, url + "\n", "")
    canal = "https://puzz.link/p?canal/300/300/" + "z" * 4500
    code, out, err = run_cli("url", canal)
    assert (code, out, err) == (0, canal + "\n", "")


def test_a_pzprv3_url_of_a_big_canal_view_is_checked(run_cli):
    code, text, _ = run_cli("convert", str(EXAMPLES / "canal-course-48.txt"), "--to", "pzprv3")
    assert code == 0
    url = "https://puzz.link/p?" + "/".join(text.splitlines()).replace(" ", "%20")
    code, out, err = run_cli("check", "-q", url)
    assert code == 0 and err == "" and out.startswith("https://puzz.link/p?pzprv3/canal/20/30/...:"
                                                      " unique")


def test_a_name_too_long_for_the_os_is_one_line(run_cli, cwd):
    name = "a" * 300
    code, out, err = run_cli("check", "-q", name, "good.txt")
    assert code == 2 and "good.txt: unique" in out
    assert one_error(err) == "a" * 45 + "..." + "a" * 35 + ": cannot read: File name too long"
    code, _, err = run_cli("check", "x/" * 3000)
    assert code == 2 and one_error(err).endswith(": cannot read: File name too long")


# -- 6: a file that cannot be read --------------------------------------------------------
def test_an_unreadable_file_is_one_line_and_the_batch_goes_on(run_cli, cwd, monkeypatch):
    (cwd / "locked.txt").write_text(UNIQUE)
    read_bytes = Path.read_bytes

    def refuse(self):
        if self.name == "locked.txt":
            raise PermissionError(13, "Permission denied", str(self))
        return read_bytes(self)
    monkeypatch.setattr(Path, "read_bytes", refuse)
    code, out, err = run_cli("check", "-q", "locked.txt", "good.txt")
    assert code == 2 and one_error(err) == "locked.txt: cannot read: Permission denied"
    assert "good.txt: unique" in out and "1 bad input" in out


# -- 7a: stdin that is not UTF-8 ------------------------------------------------------------
def _stdin(data: bytes):
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")


def test_stdin_is_read_as_bytes_and_decoded_here(run_cli, monkeypatch):
    monkeypatch.setattr("sys.stdin", _stdin(b"canal 1x1\n\xff\n"))
    code, out, err = run_cli("check", "-")
    assert code == 2 and out == ""
    assert one_error(err) == "<stdin>: not UTF-8 text (byte 0xff at offset 10)"
    monkeypatch.setattr("sys.stdin", _stdin(UNIQUE.replace("\n", "\r\n").encode()))
    code, out, err = run_cli("check", "-q", "-")
    assert code == 0 and out.startswith("<stdin>: unique")


def test_a_file_that_is_not_utf8_names_the_byte(run_cli, cwd):
    (cwd / "latin1.txt").write_bytes("canal 1x1\n\u00e9\n".encode("latin-1"))
    code, _, err = run_cli("check", "latin1.txt")
    assert code == 2 and one_error(err) == ("latin1.txt: not a UTF-8 text file "
                                            "(byte 0xe9 at offset 10)")


# -- 8: JSON nested too deeply, numbers too long --------------------------------------------
DEEP = "[" * 100_000 + "]" * 100_000
HUGE = "1" * 5000


def test_deep_and_huge_json_in_a_batch(run_cli, cwd):
    good = json.dumps(puzzle_from_doc(records("canal")[0], "r").to_doc())
    lines = [good, '{"genre": "canal", "rows": ' + HUGE + "}", '{"grid": ' + DEEP + "}", good]
    (cwd / "batch.jsonl").write_text("\n".join(lines) + "\n")
    code, out, err = run_cli("check", "-q", "batch.jsonl")
    assert code == 2 and "Traceback" not in err
    assert err.splitlines() == [
        "pencilproof: error: batch.jsonl:2:28: number too large (5000 digits)",
        "pencilproof: error: batch.jsonl:3: JSON nested too deeply"]
    assert out.count(": unique") + out.count(": multiple") == 2 and "2 bad input" in out


def test_deep_and_huge_json_documents(run_cli, cwd):
    (cwd / "deep.json").write_text(DEEP)
    code, _, err = run_cli("check", "deep.json")
    assert code == 2 and one_error(err) == "deep.json: JSON nested too deeply"
    (cwd / "huge.json").write_text('{"genre": "canal",\n "grid": [[' + HUGE + "]]}")
    code, _, err = run_cli("check", "huge.json")
    assert code == 2 and one_error(err) == "huge.json:2:12: number too large (5000 digits)"


def test_the_locator_walks_deep_json_without_recursion():
    """Places are found iteratively: any nesting the decoder accepted is no crash."""
    text = '{"grid": [[' + "[" * 5000 + "]" * 5000 + "]]}"
    at = locator(text, "f.json")
    assert at(("grid", 0, 0)) == "f.json:1:12"
    assert at(("grid", 0, 0) + (0,) * 4999) == "f.json:1:5011"
    assert value_offsets('{"a": [1, {"b": 2}],\n "c": 3}') == {
        (): 0, ("a",): 6, ("a", 0): 7, ("a", 1): 10, ("a", 1, "b"): 16, ("c",): 27}


def test_deep_and_huge_json_answers(run_cli, cwd):
    for name, text, message in [
            ("deep.json", DEEP, "deep.json: JSON nested too deeply"),
            ("huge.json", '{"solution": [' + HUGE + "]}",
             "huge.json:1:15: number too large (5000 digits)"),
            ("odd.json", '{"solutions": 5}', "odd.json: expected a 'solution' list of row "
                                             "strings")]:
        (cwd / name).write_text(text)
        code, _, err = run_cli("verify", "good.txt", name)
        assert code == 2 and one_error(err) == message


# -- 9: digits of other scripts ----------------------------------------------------------------
@pytest.mark.parametrize("name,text,message", [
    ("a.pzprv3", "pzprv3\ncanal\n1\n2\n\u00b2 . \n",
     "a.pzprv3:5:1: unknown token '\u00b2' at r1c1"),
    ("b.pzprv3", "pzprv3\ncanal\n1\n2\n\u0663 . \n",
     "b.pzprv3:5:1: unknown token '\u0663' at r1c1"),
    ("c.pzprv3", "pzprv3\ncanal\n\u00b2\n2\n. . \n", "c.pzprv3:3:1: ROWS should be a number, got "
                                                      "'\u00b2'"),
    ("d.pzprv3", "pzprv3\ncanal\n1\n2\n" + HUGE + " . \n", "d.pzprv3:5:1: r1c1: number too large "
                                                           "(5000 digits)"),
    ("a.htm", "begin\npuzzle canal\nsize 2\nproblem\n\u00b2 -\n- -\nend\n",
     "a.htm:5:1: unknown problem token '\u00b2' at r1c1"),
    ("b.htm", "begin\npuzzle canal\nsize 2\nproblem\n\u0663 -\n- -\nend\n",
     "b.htm:5:1: unknown problem token '\u0663' at r1c1"),
    ("c.htm", "begin\npuzzle canal\nsize \u00b2\nproblem\n- -\n- -\nend\n",
     "c.htm:3:6: 'size' should be followed by a number, got '\u00b2'"),
    ("a.txt", "canal \u0663x\u0663\n. . .\n", "a.txt:1:1: header 'canal \u0663x\u0663' should be"),
    ("b.txt", "canal \u00b2 \u00b2\n. .\n", "b.txt:1:1: header 'canal \u00b2 \u00b2' should be"),
    ("c.txt", "canal " + HUGE + "x1\n.\n", "c.txt:1:7: number too large (5000 digits)"),
])
def test_only_ascii_digits_are_numbers(run_cli, cwd, name, text, message):
    (cwd / name).write_text(text)
    code, _, err = run_cli("check", name)
    assert code == 2 and one_error(err).startswith(message)


@pytest.mark.parametrize("size", ["\u0663/\u0663", "\u00b2/1", "+1/1"])
def test_url_sizes_are_ascii_digits(run_cli, size):
    url = f"https://puzz.link/p?canal/{size}/g"
    code, _, err = run_cli("check", url)
    cols, rows = size.split("/")
    assert code == 2 and one_error(err) == (f"{url}: size {cols!r}/{rows!r} is not two "
                                            f"integers (COLS/ROWS)")


# -- 10/17: empty arguments, line breaks and control characters in places --------------------
def test_an_empty_argument_is_named(run_cli, cwd):
    code, out, err = run_cli("check", "-q", "", "good.txt")
    assert code == 2 and "good.txt: unique" in out
    assert one_error(err) == "'': empty argument, expected a file name, '-' or a URL"
    puzzle = next(iter_load("good.txt"))[1]
    with pytest.raises(InputError) as e:
        load_answer(puzzle, "")
    assert str(e.value) == "'': empty argument, expected a file name, '-' or a URL"
    code, _, err = run_cli("verify", "good.txt", "")
    assert code == 2 and one_error(err) == "'': empty argument, expected a file name, '-' or a URL"


def test_places_with_line_breaks_stay_one_line(run_cli, cwd):
    code, _, err = run_cli("check", "two\nlines\x1b[31m")
    assert code == 2 and one_error(err) == "two\\nlines\\x1b[31m: no such file"
    assert str(InputError("bad", "a\r\nb\u2028c")) == "a\\r\\nb\\u2028c: bad"
    assert str(InputError("a\nb")) == "a\\nb"


def test_very_long_places_are_shortened():
    where = "https://puzz.link/p?canal/300/300/" + "z" * 4500
    text = str(InputError("bad", f"{where}: r1c1"))
    assert text == where[:45] + "..." + "z" * 29 + ": r1c1: bad"
    short = "some/dir/puzzle.txt:3:5: r1c1"
    assert str(InputError("bad", short)) == short + ": bad"


# -- 19: mistyped URLs -------------------------------------------------------------------------
@pytest.mark.parametrize("arg", ["https://puzz.link/p/canal/6/6/3g", "http://puzz.link/p?canal",
                                 "https://puzz.link/", "ftp://example.org/p?x"])
def test_a_mistyped_url_is_not_a_missing_file(run_cli, cwd, arg):
    code, out, err = run_cli("check", "-q", arg, "good.txt")
    assert code == 2 and "good.txt: unique" in out
    assert one_error(err) == f"{arg}: {URL_HINT}"


def test_a_file_named_like_a_url_is_still_read(run_cli, cwd):
    (cwd / "http:").mkdir()
    (cwd / "http:" / "x.txt").write_text(UNIQUE)
    code, out, _ = run_cli("check", "-q", "http://x.txt")
    assert code == 0 and out.startswith("http://x.txt: unique")


# -- 18: puzz.link's trailing '/' ---------------------------------------------------------------
URLS = [r for g in ("canal", "lightup", "smullyan") for r in records(g) if "url" in r]


@pytest.mark.parametrize("rec", URLS, ids=lambda r: r["url"].split("?")[1][:40])
def test_to_url_writes_every_record_url_byte_for_byte(rec):
    assert to_url(puzzle_from_doc(rec, "record")) == rec["url"]


def test_trailing_slash_rule(run_cli):
    slashed = [r["url"] for r in URLS if r["url"].endswith("/")]
    assert len(slashed) == 3      # one Canal View, two Akari: bodies ending in '.'
    for url in slashed:
        assert to_url(parse_url(url)) == url and parse_url(url) == parse_url(url[:-1])
        code, out, _ = run_cli("url", url)
        assert code == 0 and out == url + "\n"
    dot = Puzzle("lightup", 1, 2, ((None, "#"),))
    assert to_url(dot) == "https://puzz.link/p?akari/2/1/g./"
    assert to_url(Puzzle("lightup", 1, 2, (("#", None),))) == "https://puzz.link/p?akari/2/1/.g"


def test_a_place_in_a_million_cell_grid_is_found_without_walking_every_cell(run_cli, cwd):
    """An error's place skips the values off its way at C speed: a Norinori without rooms
    at 1000x1000 was refused after 7 s (every cell's offset was computed first)."""
    import time
    grid = "[" + ",".join(["[" + ",".join(["null"] * 1000) + "]"] * 1000) + "]"
    (cwd / "big.json").write_text('{"genre": "norinori", "rows": 1000, "cols": 1000, "grid": '
                                  + grid + "}")
    start = time.monotonic()
    code, out, err = run_cli("check", "big.json")
    assert (code, out) == (2, "")
    assert err == "pencilproof: error: big.json:1:59: a Norinori needs its rooms ('areas')\n"
    assert time.monotonic() - start < 4.0
    bad = '{"grid": [[1, 2], [3, {"x": [4, 5]}]], "z": 0}'
    at = locator(bad, "f.json")
    assert at(("grid", 1, 1, "x", 1)) == "f.json:1:33"
    assert at(("grid", 2)) == "f.json" and at(("z",)) == "f.json:1:45"

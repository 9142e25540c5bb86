"""Pictures: SVG parses as XML with one element per cell, PNG has the laid-out size,
the differing cells of two solutions are marked, and the CLI writes what it says."""
from __future__ import annotations

import builtins
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pencilproof import check
from pencilproof.errors import InputError
from pencilproof.formats import parse_url
from pencilproof.output import picture, picture_pair, write_picture
from pencilproof.output.scene import SHADE, scene_size
from pencilproof.output.svg import to_svg

from conftest import course

UNIQUE_URL = "https://puzz.link/p?canal/6/6/3i3h2z4h5i2"
MULTI_URL = "https://puzz.link/p?canal/6/6/4j4p4h4p6j6"
NS = "{http://www.w3.org/2000/svg}"


def _svg(path) -> ET.Element:
    return ET.parse(path).getroot()


def _cells(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}rect") if e.get("class") == "cell"]


def test_svg_puzzle_one_rect_per_cell_named_rNcM():
    rec = course("canal")[48]                     # 20 rows x 30 columns
    p = parse_url(rec["url"])
    root = ET.fromstring(to_svg(picture(p)))
    cells = _cells(root)
    assert len(cells) == 20 * 30
    assert [c.find(f"{NS}title").text.split(" ")[0] for c in cells[:2]] == ["r1c1", "r1c2"]
    assert cells[-1].find(f"{NS}title").text.startswith("r20c30")
    labels = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "label"]
    assert labels[:3] == ["c1", "c2", "c3"] and "c30" in labels and labels[-1] == "r20"
    clues = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "clue"]
    assert len(clues) == sum(v is not None for row in p.grid for v in row)
    assert (int(root.get("width")), int(root.get("height"))) == scene_size(20, 30)


def test_svg_pair_marks_exactly_the_differing_cells_in_both():
    p = parse_url(MULTI_URL)
    res = check(p)
    root = ET.fromstring(to_svg(picture_pair(p, *res.solutions, res.differ)))
    assert len(_cells(root)) == 2 * 36
    diffs = [e.find(f"{NS}title").text for e in root.iter(f"{NS}rect") if e.get("class") == "diff"]
    assert diffs == ["r2c3", "r2c4", "r2c3", "r2c4"]
    caption = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "caption"]
    assert caption[0] == "the two solutions differ in 2 cells: r2c3 r2c4"


def test_png_size_and_pixels(tmp_path):
    from PIL import Image
    p = parse_url(UNIQUE_URL)
    sol = check(p).solutions[0]
    scene = picture(p, sol, title="solution", caption=["verdict: unique"])
    write_picture(scene, str(tmp_path / "s.png"))
    img = Image.open(tmp_path / "s.png")
    assert img.format == "PNG" and img.size == scene_size(6, 6, 1, 1) == (scene.width,
                                                                          scene.height)
    # r1c2 is shaded in the known answer (".###.."): its centre has the shading colour
    rect = next(s for s in scene.shapes if getattr(s, "title", "") == "r1c2")
    centre = img.convert("RGB").getpixel((int(rect.x + rect.w / 2 + 8), int(rect.y + 8)))
    assert "#%02x%02x%02x" % centre == SHADE


def test_cli_check_picture_multiple_and_unique(run_cli, tmp_path):
    out = tmp_path / "v.svg"
    code, stdout, _ = run_cli("check", "-q", "--picture", str(out), MULTI_URL, UNIQUE_URL)
    assert code == 1
    pair, single = _svg(out), _svg(tmp_path / "v-2.svg")
    assert len(_cells(pair)) == 72 and len(_cells(single)) == 36
    # the unique picture shades exactly the known answer's '#' cells
    shaded = sorted(e.find(f"{NS}title").text for e in _cells(single) if e.get("fill") == SHADE)
    answer = course("canal")[17]["solution"]
    assert shaded == sorted(f"r{r + 1}c{c + 1}" for r, row in enumerate(answer)
                            for c, ch in enumerate(row) if ch == "#")


def test_cli_check_picture_png(run_cli, tmp_path):
    from PIL import Image
    code, _, _ = run_cli("check", "-q", "--picture", str(tmp_path / "v.png"), MULTI_URL)
    assert code == 1
    assert Image.open(tmp_path / "v.png").size == scene_size(6, 6, panels=2, captions=2, named=True)


def test_cli_render_puzzle_and_answer(run_cli, tmp_path):
    ans = tmp_path / "a.txt"
    ans.write_text("\n".join(course("canal")[17]["solution"]) + "\n")
    code, out, _ = run_cli("render", UNIQUE_URL, "--answer", str(ans), "-o", str(tmp_path / "a.svg"))
    assert code == 0 and out.strip().endswith("canal 6x6 answer")
    root = _svg(tmp_path / "a.svg")
    assert sum(e.get("fill") == SHADE for e in _cells(root)) == sum(
        row.count("#") for row in course("canal")[17]["solution"])
    assert not [e for e in root.iter(f"{NS}rect") if e.get("class") == "diff"]


def test_png_without_pillow_is_one_line_naming_the_extra(run_cli, tmp_path, monkeypatch):
    from pencilproof.output import png
    png._font.cache_clear()
    real_import = builtins.__import__

    def no_pil(name, *a, **kw):
        if name == "PIL" or name.startswith("PIL."):
            raise ImportError(name)
        return real_import(name, *a, **kw)
    monkeypatch.setattr(builtins, "__import__", no_pil)
    monkeypatch.delitem(sys.modules, "PIL", raising=False)
    code, out, err = run_cli("check", "--picture", str(tmp_path / "x.png"), UNIQUE_URL)
    assert code == 2 and out == "" and err.count("\n") == 1
    root = Path(__file__).resolve().parents[1]
    assert f"the 'png' extra: pip install -e '.[png]' in {root} (or write" in err
    with pytest.raises(InputError, match="png"):
        write_picture(picture(parse_url(UNIQUE_URL)), str(tmp_path / "y.png"))
    assert not (tmp_path / "y.png").exists()


def test_bad_picture_suffix(run_cli, tmp_path):
    code, out, err = run_cli("check", "--picture", str(tmp_path / "x.gif"), UNIQUE_URL)
    assert code == 2 and out == ""
    assert err.startswith("pencilproof: error: ") and "must end in .svg or .png, not '.gif'" in err

"""Drawing the kit's answer kinds (number, pipe, bridge, inside), region borders and the
ring / disc / island marks: exact shapes in the scene and exact terminal lines, on small
hand-made puzzles. The genres here are throwaway ones (registered by a fixture and
removed again) that declare only what drawing reads; Sudoku is the real one.

Coordinates: a picture without a name has its grid's top-left corner at (40, 64)
(PAD 12 + LABEL 28 across, PAD 12 + TITLE 24 + LABEL 28 down) and cells of 36 pixels, so
cell rNcM spans x 40 + 36(M-1) .. +36 and y 64 + 36(N-1) .. +36.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Optional

import pytest

from pencilproof.encodings import register, unregister
from pencilproof.encodings.contract import Glyph
from pencilproof.encodings.kit import KitGenre, kit_formats
from pencilproof.encodings.kit.layers import Lines, Number, Shade
from pencilproof.output import picture, picture_pair, render_grid, render_pair
from pencilproof.output.scene import (ANSWER, DOT_GRID, INK, INSIDE_FILL, PAPER, Disc, Line,
                                      Rect, Scene, Text)
from pencilproof.output.svg import to_svg
from pencilproof.puzzle import Clue, Puzzle, Solution

N = None
NS = "{http://www.w3.org/2000/svg}"


class Loops(KitGenre):
    """Masyu-like: pipes, 1 a white circle (its own terminal text, which ASCII cannot
    write, so ASCII shows the renderer's), 2 a black one (the renderer's text)."""

    name = "kd_loops"
    layer = Lines()
    formats = kit_formats(drawing=dict.fromkeys("|-LJ7F^>v<+", "pipe"))

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        if clue is None:
            return None
        return Glyph(short="○", mark="ring") if clue == 1 else Glyph(mark="disc")


class Bridges(KitGenre):
    """Hashiwokakero-like: islands with numbers, bridges between them."""

    name = "kd_bridges"
    layer = Shade()
    formats = kit_formats(drawing=dict.fromkeys("-=|H", "bridge"), legend={"blank": "no bridge"})

    def glyph(self, clue: Clue) -> Optional[Glyph]:
        return None if clue is None else Glyph(str(clue), mark="island")


class Slither(KitGenre):
    """Slitherlink-like: '#' marks the cells inside the loop."""

    name = "kd_slither"
    layer = Shade()
    formats = kit_formats(drawing={"#": "inside"})


class Fillo(KitGenre):
    """Fillomino-like: numbers whose equal neighbours make regions."""

    name = "kd_fillo"
    layer = Number(1, 9)
    formats = kit_formats(drawing=dict.fromkeys("123456789", "number"), answer_regions=True)


class Rooms(KitGenre):
    """Heyawake-like: shading in rooms given by ``areas``."""

    name = "kd_rooms"
    layer = Shade()
    param_keys = ("areas",)
    formats = kit_formats()


TOYS = (Loops(), Bridges(), Slither(), Fillo(), Rooms())


@pytest.fixture(autouse=True)
def toys():
    for genre in TOYS:
        register(genre)
    yield
    for genre in TOYS:
        unregister(genre.name)


def shapes(scene: Scene, kind: type, **match: object) -> list:
    return [s for s in scene.shapes if isinstance(s, kind)
            and all(getattr(s, k) == v for k, v in match.items())]


# -- number -----------------------------------------------------------------------------
SUDOKU = Puzzle("sudoku", 4, 4, ((1, N, N, N), (N, 4, N, N), (N, N, 4, N), (N, N, N, 1)))
SUDOKU_ANSWER = Solution(("1234", "3412", "2143", "4321"))
BOXES = ((0, 0, 1, 1), (0, 0, 1, 1), (2, 2, 3, 3), (2, 2, 3, 3))


def test_sudoku_answer_numbers_are_blue_and_givens_stay_black():
    scene = picture(SUDOKU, SUDOKU_ANSWER)
    answers = shapes(scene, Text, cls="answer")
    assert len(answers) == 12 and {t.fill for t in answers} == {ANSWER}
    assert Text(94, 82, "2", 36 * 0.55, ANSWER, cls="answer") in answers       # r1c2
    assert shapes(scene, Text, cls="clue") == [
        Text(58, 82, "1", 36 * 0.55, INK, bold=True, cls="clue"),            # r1c1, given
        Text(94, 118, "4", 36 * 0.55, INK, bold=True, cls="clue"),
        Text(130, 154, "4", 36 * 0.55, INK, bold=True, cls="clue"),
        Text(166, 190, "1", 36 * 0.55, INK, bold=True, cls="clue")]
    assert not [t for t in answers if (t.x, t.y) == (58, 82)]  # no answer over a given


def test_sudoku_terminal_shows_the_answer_digits_and_its_boxes():
    """A classic Sudoku has no areas; its standard 2x2 boxes come from Genre.regions."""
    assert render_grid(SUDOKU, ascii=False) == [
        "1 ·│· ·", "   │   ", "· 4│· ·", "───┼───", "· ·│4 ·", "   │   ", "· ·│· 1"]
    assert render_grid(SUDOKU, SUDOKU_ANSWER, ascii=False) == [
        "1 2│3 4", "   │   ", "3 4│1 2", "───┼───", "2 1│4 3", "   │   ", "4 3│2 1"]


def test_answer_numbers_past_nine_are_written_as_numbers():
    ten = Solution(("1A34", "3412", "2143", "4321"))   # drawn as given, valid or not
    assert shapes(picture(SUDOKU, ten), Text, cls="answer")[0].text == "10"
    assert render_grid(SUDOKU, ten, ascii=False)[0] == " 1 10│ 3  4"


# -- region borders ---------------------------------------------------------------------
def test_areas_are_thick_borders_in_pictures_and_terminal():
    p = SUDOKU.with_params(areas=BOXES)
    scene = picture(p, SUDOKU_ANSWER)
    borders = shapes(scene, Line, width=3.0)
    assert len(borders) == 8 and {b.stroke for b in borders} == {INK}
    # between c2 and c3 in row 1 (x = 40 + 2 * 36), running on by half the width
    assert Line(112, 62.5, 112, 101.5, INK, 3.0) in borders
    assert Line(38.5, 136, 77.5, 136, INK, 3.0) in borders   # under r2c1
    assert render_grid(p, SUDOKU_ANSWER, ascii=False) == [
        "1 2│3 4",
        "   │   ",
        "3 4│1 2",
        "───┼───",
        "2 1│4 3",
        "   │   ",
        "4 3│2 1"]
    assert render_grid(p, SUDOKU_ANSWER, ascii=True)[3] == "---+---"


def test_rooms_with_shading_and_differences():
    p = Puzzle("kd_rooms", 3, 4, ((N, 2, N, N), (N, N, N, N), (N, N, N, 1))).with_params(
        areas=((0, 0, 1, 1), (0, 2, 2, 1), (3, 3, 3, 1)))
    a, b = Solution(("#..#", ".#..", "##..")), Solution(("#..#", ".#..", "#.#."))
    assert render_pair(p, a, b, a.differ(b), ascii=False) == [
        "solution 1   solution 2",
        "█ 2│· █   █ 2│· █",
        " ┌─┴─┐     ┌─┴─┐ ",
        "·│█ ·│·   ·│█ ·│·",
        "─┴───┤    ─┴───┤ ",
        "█ ▒ ○│1   █ ○ ▒│1",
        "differ in 2 cells (▒▒ shaded, ○ unshaded): r3c2 r3c3"]
    scene = picture_pair(p, a, b, a.differ(b))
    assert [r.title for r in shapes(scene, Rect, cls="diff")] == ["r3c2", "r3c3"] * 2


def test_answer_regions_fillomino():
    p = Puzzle("kd_fillo", 3, 3, ((3, N, N), (N, 1, N), (N, N, 1)))
    a = Solution(("332", "312", "221"))
    assert render_grid(p, ascii=False) == [" 3 · ·", " · 1 ·", " · · 1"]   # no answer, no regions
    assert render_grid(p, a, ascii=False) == [
        "3 3│2",
        " ┌─┤ ",
        "3│1│2",
        "─┴─┼─",
        "2 2│1"]
    scene = picture(p, a)
    borders = shapes(scene, Line, width=3.0)
    assert len(borders) == 8
    assert Line(112, 62.5, 112, 101.5, INK, 3.0) in borders       # 3 | 2 in row 1
    assert Line(74.5, 100, 113.5, 100, INK, 3.0) in borders       # 3 over 1 in column 2
    assert [t.text for t in shapes(scene, Text, cls="answer")] == ["3", "2", "3", "2", "2", "2"]
    assert not shapes(picture(p), Line, width=3.0)


# -- pipes ------------------------------------------------------------------------------
LOOP = Puzzle("kd_loops", 3, 4, ((N, 1, N, N), (N, N, 2, N), (N, N, N, N)))
LOOP_A = Solution(("F-7.", "|.L7", "L--J"))
LOOP_B = Solution(("F--7", "|..|", "L--J"))


def test_pipes_are_lines_from_the_centre_over_the_circles():
    scene = picture(LOOP, LOOP_A)
    pipes = shapes(scene, Line, stroke=ANSWER)
    assert len(pipes) == 2 * 10   # ten cells with a pipe, two lines each
    # r1c1 'F': from its centre (58, 82), less half the width, to its right and bottom sides
    assert Line(55.5, 82, 76, 82, ANSWER, 5.0) in pipes
    assert Line(58, 79.5, 58, 100, ANSWER, 5.0) in pipes
    ring = Disc(94, 82, 36 * 0.36, PAPER, INK, "ring", 2.0)
    disc = Disc(130, 118, 36 * 0.36, INK, None, "disc")
    assert ring in scene.shapes and disc in scene.shapes
    through_ring = scene.shapes.index(Line(96.5, 82, 76, 82, ANSWER, 5.0))   # r1c2 '-' west
    assert scene.shapes.index(ring) < through_ring
    svg = ET.fromstring(to_svg(scene))
    rings = [e for e in svg.iter(f"{NS}circle") if e.get("class") == "ring"]
    assert [(e.get("stroke"), e.get("stroke-width")) for e in rings] == [(INK, "2")]


def test_pipes_in_the_terminal():
    assert render_grid(LOOP, ascii=False) == [" · ○ · ·", " · · ● ·", " · · · ·"]
    assert render_grid(LOOP, LOOP_A, ascii=False) == [" ┌─○─┐ ·", " │ · ●─┐", " └─────┘"]
    assert render_grid(LOOP, LOOP_A, ascii=True) == [" +-O-+ .", " | . @-+", " +-----+"]
    assert render_grid(LOOP, Solution((">-7.", ".^+<", "....")), ascii=False) == [
        " ╶─○─┐ ·", " · ╵─●─╴", " · · · ·"]   # the disc shows over its crossing


def test_differing_pipes_are_heavy():
    assert render_pair(LOOP, LOOP_A, LOOP_B, LOOP_A.differ(LOOP_B), ascii=False) == [
        "solution 1   solution 2",
        " ┌─○━┓ ×    ┌─○━━━┓",
        " │ · ●━┓    │ ·×● ┃",
        " └─────┘    └─────┘",
        "differ in 4 cells (× no line, ━ line): r1c3 r1c4 r2c3 r2c4"]
    scene = picture_pair(LOOP, LOOP_A, LOOP_B, LOOP_A.differ(LOOP_B))
    assert [r.title for r in shapes(scene, Rect, cls="diff")] == ["r1c3", "r1c4", "r2c3",
                                                                   "r2c4"] * 2


# -- bridges ----------------------------------------------------------------------------
HASHI = Puzzle("kd_bridges", 3, 3, ((2, N, 3), (N, N, N), (1, N, 2)))
HASHI_A = Solution((".=.", "|.|", ".-."))
HASHI_B = Solution((".-.", "|.H", "..."))


def test_bridges_reach_into_the_islands_which_are_drawn_over_them():
    scene = picture(HASHI, HASHI_A)
    bridges = shapes(scene, Line, stroke=ANSWER)
    assert bridges == [Line(58, 78.5, 130, 78.5, ANSWER, 2.0),    # r1c2 '=': two lines from
                       Line(58, 85.5, 130, 85.5, ANSWER, 2.0),    # island centre to centre
                       Line(58, 82, 58, 154, ANSWER, 2.5),        # r2c1 '|'
                       Line(130, 82, 130, 154, ANSWER, 2.5),      # r2c3 '|'
                       Line(58, 154, 130, 154, ANSWER, 2.5)]      # r3c2 '-'
    island = Disc(58, 82, 36 * 0.42, PAPER, INK, "island", 1.5)
    assert scene.shapes.index(island) > scene.shapes.index(bridges[-1])
    assert Text(58, 82, "2", 36 * 0.55 * 0.85, INK, bold=True, cls="clue") in scene.shapes


def test_bridges_in_the_terminal():
    assert render_grid(HASHI, ascii=False) == [" 2 · 3", " · · ·", " 1 · 2"]
    assert render_grid(HASHI, HASHI_A, ascii=False) == [" 2═══3", " │ · │", " 1───2"]
    assert render_grid(HASHI, HASHI_A, ascii=True) == [" 2===3", " | . |", " 1---2"]
    assert render_pair(HASHI, HASHI_A, HASHI_B, HASHI_A.differ(HASHI_B), ascii=False) == [
        "solution 1   solution 2",
        " 2≡≡≡3    2━━━3",
        " │ · ┃    │ · ‖",
        " 1━━━2    1 × 2",
        "differ in 3 cells (× no bridge, ━ bridge): r1c2 r2c3 r3c2"]


# -- a loop around the inside cells -----------------------------------------------------
SLITHER = Puzzle("kd_slither", 3, 3, ((3, N, N), (N, 2, N), (N, N, 0)))
SLITHER_A = Solution(("##.", "#..", "..."))


def test_loop_runs_where_inside_meets_outside_on_a_dot_grid():
    scene = picture(SLITHER, SLITHER_A)
    loop = {(s.x1, s.y1, s.x2, s.y2) for s in shapes(scene, Line, stroke=ANSWER, width=4.0)}
    # each side of the loop runs on by half the width (2) past its corners
    assert loop == {(38, 64, 78, 64), (74, 64, 114, 64), (74, 100, 114, 100),
                    (38, 136, 78, 136), (40, 62, 40, 102), (112, 62, 112, 102),
                    (40, 98, 40, 138), (76, 98, 76, 138)}
    assert len(shapes(scene, Disc, cls="dot")) == 16
    cells = shapes(scene, Rect, cls="cell")
    assert {c.stroke for c in cells} == {DOT_GRID}
    assert [c.title for c in cells if c.fill == INSIDE_FILL] == ["r1c1 = 3", "r1c2", "r2c1"]
    assert shapes(scene, Rect, cls="border")[0].stroke == DOT_GRID


def test_loop_in_the_terminal():
    assert render_grid(SLITHER, SLITHER_A, ascii=False) == ["░3░░ ·", "░░ 2 ·", " · · 0"]
    assert render_grid(SLITHER, SLITHER_A, ascii=True) == [":3:: .", ":: 2 .", " . . 0"]
    b = Solution(("#..", "#..", "..."))
    assert render_pair(SLITHER, SLITHER_A, b, SLITHER_A.differ(b), ascii=False) == [
        "solution 1   solution 2",
        "░3▒▒ ·   ░3 ○ ·",
        "░░ 2 ·   ░░ 2 ·",
        " · · 0    · · 0",
        "differ in 1 cell (○ outside, ▒▒ inside): r1c2"]


# -- PNG ---------------------------------------------------------------------------------
def colour(img, xy: tuple[int, int]) -> str:
    return "#" + "".join(f"{v:02x}" for v in img.getpixel(xy))


def test_png_draws_pipes_and_discs(tmp_path):
    from PIL import Image
    from pencilproof.output import write_picture
    write_picture(picture(LOOP, LOOP_A), str(tmp_path / "loop.png"))
    img = Image.open(tmp_path / "loop.png").convert("RGB")
    hexes = {xy: colour(img, xy) for xy in ((67, 82), (122, 126), (94, 82))}
    # a pipe in r1c1, the disc of r2c3 beside its pipes, r1c2's pipe over the ring
    assert hexes == {(67, 82): ANSWER, (122, 126): INK, (94, 82): ANSWER}

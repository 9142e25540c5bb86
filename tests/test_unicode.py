"""Terminal grids: every genre's cells are drawn distinctly, differences marked."""
from __future__ import annotations

from pencilproof.output import render_grid, render_pair
from pencilproof.puzzle import Puzzle, Solution


def test_shaded_clue_is_drawn_shaded():
    p = Puzzle("smullyan", 1, 3, ((10, None, 2),))
    assert render_grid(p, Solution(("#..",))) == ["█10  ·  2"]


def test_walls_lamps_and_their_differences():
    p = Puzzle("lightup", 3, 4, ((None,) * 4, (None, "#", 1, None), (None,) * 4))
    a = Solution(("L...", ".#1L", ".L.."))
    b = Solution((".L..", ".#1L", "L..."))
    lines = render_pair(p, a, b, a.differ(b))
    assert lines[1:4] == [" ◉ ○ · ·    ○ ◉ · ·", " ·▓▓ 1 ●    ·▓▓ 1 ●", " ○ ◉ · ·    ◉ ○ · ·"]
    assert lines[4] == "differ in 4 cells (◉ lamp, ○ no lamp): r1c1 r1c2 r3c1 r3c2"


def test_canal_difference_marks():
    p = Puzzle("canal", 1, 3, ((1, None, None),))
    lines = render_pair(p, Solution((".#.",)), Solution(("..#",)), [(0, 1), (0, 2)])
    assert lines[1] == " 1▒▒ ○    1 ○▒▒"
    assert lines[2] == "differ in 2 cells (▒▒ shaded, ○ unshaded): r1c2 r1c3"

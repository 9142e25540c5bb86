"""What a run imports: one command on one puzzle imports its genre, not the other 48.

The genre registry imports a genre module when the genre is named, every module only when
the whole registry is needed (help texts, an alias, a puzz.link id); the parser holds the
one command that runs. Measured: ``solve`` of a 12x12 Flood-It board, 0.16 s -> 0.10 s.
Nor does it load what draws grids, the kit's genre machinery, or Flood-It's solver side
when the first A* slice proves the board: 358 -> 323 million instructions (callgrind,
``solve --json`` of 12_12_06_010, 2026-11-29), 117 -> 101 ms.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from pencilproof.cli import build_parser
from pencilproof.cli.program import COMMANDS
from pencilproof.encodings import GENRES, ORDER, OWN_FORMATS

DATA = Path(__file__).parent / "data"

#: Run in a fresh interpreter: the CLI on the thesis board 12_12_06_003 (optimum 17,
#: published with the board), then the pencilproof modules that were imported.
PROBE = """
import json, sys
from pencilproof.cli import main
code = main(["solve", sys.argv[1]])
mods = sorted(m for m in sys.modules if m.startswith("pencilproof"))
others = sorted(m for m in sys.modules if m.split(".")[0] in ("pysat", "z3"))
print(json.dumps({"code": code, "modules": mods, "others": others}))
"""


def _thesis_board(tmp_path: Path) -> Path:
    """The thesis file of 12_12_06_003 as published: size and colours, the cells (1-based
    colours), the optimum."""
    rec = next(json.loads(line) for line in (DATA / "floodit.jsonl").read_text().splitlines()
               if "99problems/12_12_06_003" in line)
    cells = [" ".join(map(str, row)) for row in rec["grid_1based"]]
    path = tmp_path / "12_12_06_003"
    path.write_text(f"{rec['rows']} {rec['cols']} {rec['colors']}\n" + "\n".join(cells)
                    + f"\n{rec['optimal_moves']}\n")
    return path


def test_solving_one_flood_it_board_imports_no_other_genre(tmp_path):
    out = subprocess.run([sys.executable, "-c", PROBE, str(_thesis_board(tmp_path))],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert ": optimum 17 (proven) (" in out[0]
    assert len(json.loads(out[1])) == 17
    got = json.loads(out[-1])
    assert got["code"] == 0
    genres = {m.split(".")[2] for m in got["modules"] if m.count(".") >= 2
              and m.startswith("pencilproof.encodings.") and m.split(".")[2] in ORDER}
    # Flood-It, and Taiji: the two genres with formats of their own, asked what the file is.
    assert genres == {"floodit", "taiji"}
    assert not [m for m in got["modules"] if m.split(".")[1:2] in (["analysis"], ["generator"], ["web"])]
    # The board falls to the first A* slice: no grid drawing, no kit genre machinery
    # (only the URL codec's pieces), no portfolio, clauses or solver.
    unused = ("pencilproof.output", "pencilproof.encodings.kit.genre",
              "pencilproof.encodings.kit.rules", "pencilproof.encodings.floodit.portfolio",
              "pencilproof.encodings.floodit.sat", "pysat", "z3")
    assert [m for m in got["modules"] + got["others"] if m.startswith(unused)] == []


def test_the_registry_lists_every_genre_in_its_order():
    assert list(GENRES) == list(ORDER)
    assert all(GENRES[name].name == name for name in ORDER)


def test_own_formats_names_every_genre_with_formats_of_its_own():
    own = [g.name for g in GENRES.values() if g.formats.codes or g.formats.files]
    assert own == [name for name in ORDER if name in OWN_FORMATS]


def test_every_command_is_in_the_table_that_builds_the_parser_for_one():
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert sorted(sub.choices) == sorted(n for names, _ in COMMANDS for n in names)
    for names, _ in COMMANDS:
        one = next(a for a in build_parser(names[0])._actions if a.dest == "command")
        assert sorted(one.choices) == sorted(names)

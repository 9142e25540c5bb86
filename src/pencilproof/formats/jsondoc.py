"""JSON puzzle documents: ``{"genre": "canal", "rows": R, "cols": C, "grid": [[...]]}``.

Grid entries are ``null`` (empty), an integer clue or ``"?"``. Extra keys are ignored,
so the records in the shared data collections load as they are.
"""
from __future__ import annotations

from ..errors import InputError
from ..puzzle import Puzzle
from .url import check_size


def puzzle_from_doc(doc, where: str) -> Puzzle:
    from ..encodings import get_genre
    if not isinstance(doc, dict):
        raise InputError("a puzzle document must be a JSON object", where)
    for key in ("genre", "grid"):
        if key not in doc:
            raise InputError(f"missing key {key!r}", where)
    genre = get_genre(doc["genre"], f"{where}: genre")
    grid = doc["grid"]
    if not isinstance(grid, list) or not grid or not all(isinstance(r, list) for r in grid):
        raise InputError("'grid' must be a non-empty list of rows (lists)", where)
    rows = doc.get("rows", len(grid))
    cols = doc.get("cols", len(grid[0]))
    if not isinstance(rows, int) or not isinstance(cols, int) or isinstance(rows, bool):
        raise InputError("'rows' and 'cols' must be integers", where)
    check_size(rows, cols, where)
    if len(grid) != rows:
        raise InputError(f"'rows' is {rows} but 'grid' has {len(grid)} rows", where)
    out = []
    for r, row in enumerate(grid):
        if len(row) != cols:
            raise InputError(f"grid row {r + 1} has {len(row)} cells, expected {cols}", where)
        out.append(tuple(genre.parse_clue(v, f"{where}: r{r + 1}c{c + 1}")
                         for c, v in enumerate(row)))
    return Puzzle(genre.name, rows, cols, tuple(out))

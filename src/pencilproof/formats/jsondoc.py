"""JSON puzzle documents: ``{"genre": "canal", "rows": R, "cols": C, "grid": [[...]]}``.

Grid entries are ``null`` (empty), an integer clue or ``"?"`` (Light Up: ``"#"`` a wall).
Extra keys are ignored, so the records in the shared data collections load as they are.
A document without ``grid`` but with a ``url`` (what ``check --json`` prints) is read from
the URL. An optional ``solution`` (rows) or ``solutions`` (a list of them, the first is
taken) carries an answer; :func:`document_to_doc` writes ``url`` and ``solution`` too.
"""
from __future__ import annotations

from ..errors import InputError
from ..puzzle import Puzzle
from .url import check_size


def puzzle_from_doc(doc, where: str) -> Puzzle:
    from ..encodings import get_genre
    if not isinstance(doc, dict):
        raise InputError("a puzzle document must be a JSON object", where)
    if "grid" not in doc and isinstance(doc.get("url"), str):
        from .url import parse_url
        return parse_url(doc["url"], f"{where}: url")
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


def document_from_doc(doc, where: str, answers: bool = True):
    """A Document: the puzzle and, with ``answers``, the ``solution`` the object carries."""
    from ..encodings import get_genre
    from .spec import Document
    puzzle = puzzle_from_doc(doc, where)
    if not answers:
        return Document(puzzle, None, "json")
    rows = doc.get("solution")
    if rows is None and isinstance(doc.get("solutions"), list) and doc["solutions"]:
        rows = doc["solutions"][0]
    if rows is None or rows == []:
        return Document(puzzle, None, "json")
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise InputError("'solution' must be a list of row strings", f"{where}: solution")
    solution = get_genre(puzzle.genre).parse_solution(puzzle, rows, f"{where}: solution")
    return Document(puzzle, solution, "json")


def document_to_doc(doc) -> dict:
    """The JSON puzzle document of a Document: genre, size, grid, url, and any solution."""
    from .url import to_url
    out = doc.puzzle.to_doc()
    try:
        out["url"] = to_url(doc.puzzle)
    except InputError:
        pass
    if doc.solution is not None:
        out["solution"] = list(doc.solution.rows)
    return out

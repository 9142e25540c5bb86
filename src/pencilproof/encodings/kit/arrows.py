"""Arrow clues: a number with an arrow (Yajilin's ``2e``: two shaded cells east of it).

A clue is written ``<number><direction>`` with the direction ``n``, ``e``, ``s`` or ``w``
(Janko's tokens, read case-insensitively): ``2e``; ``?e`` an arrow without its number;
``?`` a clue cell with neither; a bare number (an arrow not drawn yet in pzprjs) stays
an int for the genre to judge. Both puzz.link forms are here as pure string functions:

* the URL part ``arrow16`` (pzprjs's decodeArrowNumber16): per clue cell a direction
  digit (0 none, 1 up, 2 down, 3 left, 4 right) then one hex digit of the number (``.``
  for none); ``5``-``9`` (direction + 5) then two hex digits; ``-``, the direction and
  three hex digits; ``a``-``z`` skip 1-26 empty cells (the letter is followed by the next
  clue or ends the body);
* the pzprv3 tokens ``DIR,NUM`` (``.`` an empty cell, ``-`` for no number).
"""
from __future__ import annotations

from typing import Any, Sequence

from ...numerals import is_digits
from ...errors import InputError
from ...puzzle import Cell, Clue, Puzzle
from .urlcodec import Cursor

#: Direction letter -> (row step, column step).
ARROWS = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
#: pzprjs's qdir numbers (UP, DN, LT, RT) and back.
PZPR_DIRS = {1: "n", 2: "s", 3: "w", 4: "e"}
DIR_NUMBERS = {d: k for k, d in PZPR_DIRS.items()}
#: How a clue's arrow is drawn.
ARROW_MARKS = {"n": "↑", "e": "→", "s": "↓", "w": "←"}


def parse_arrow(token: object, where: str) -> Clue:
    """A given as an arrow clue (``2e``, ``?e``, ``?``) or a bare number (an int)."""
    if isinstance(token, int) and not isinstance(token, bool):
        if token < 0:
            raise InputError(f"clue {token} is out of range (0 or more)", where)
        return token
    text = str(token).strip().lower()
    if text == "?":
        return "?"
    if is_digits(text):
        return int(text)
    number, d = text[:-1], text[-1:]
    if d in ARROWS and (number == "?" or is_digits(number)):
        return f"{int(number) if number != '?' else '?'}{d}"
    raise InputError(f"unknown arrow clue {str(token)!r} (expected a number and a direction "
                     f"n, e, s or w, such as 2e; ?e; or ?)", where)


def arrow_of(clue: Clue) -> tuple[int | None, str | None]:
    """(number or None, direction or None) of a parsed clue."""
    if isinstance(clue, int):
        return clue, None
    text = str(clue)
    d = text[-1] if text[-1] in ARROWS else None
    number = text[:-1] if d else text
    return (int(number) if is_digits(number) else None), d


def ahead(puzzle: Puzzle, cell: Cell, d: str) -> list[Cell]:
    """The cells from ``cell``'s neighbour in direction ``d`` to the grid's edge."""
    dr, dc = ARROWS[d]
    out, (r, c) = [], (cell[0] + dr, cell[1] + dc)
    while 0 <= r < puzzle.rows and 0 <= c < puzzle.cols:
        out.append((r, c))
        r, c = r + dr, c + dc
    return out


def _clue(number: int | None, d: int) -> Any:
    """A decoded cell as pzprjs's value for the genre's parse_clue."""
    if d == 0:
        return "?" if number is None else number
    if d not in PZPR_DIRS:
        raise ValueError(d)
    return f"{'?' if number is None else number}{PZPR_DIRS[d]}"


def read_arrow16(cur: Cursor, n: int) -> list[Any]:
    """pzprjs's decodeArrowNumber16: ``n`` cells."""
    out: list[Any] = []
    body = cur.body
    while cur.pos < len(body) and len(out) < n:
        ch, i = body[cur.pos], cur.pos
        try:
            if "0" <= ch <= "4":
                digit = body[i + 1:i + 2]
                out.append(_clue(None if digit == "." else int(digit, 16), int(ch)))
                cur.pos += 2
            elif "5" <= ch <= "9":
                out.append(_clue(int(body[i + 1:i + 3], 16), int(ch) - 5))
                cur.pos += 3
            elif ch == "-":
                out.append(_clue(int(body[i + 2:i + 5], 16), int(body[i + 1], 16)))
                cur.pos += 5
            elif "a" <= ch <= "z":
                out.extend([None] * (ord(ch) - ord("a") + 1))
                cur.pos += 1
            else:
                raise cur.error(f"unexpected character {ch!r}", i)
        except (ValueError, IndexError):
            raise cur.error(f"a broken arrow clue {body[i:i + 5]!r}", i) from None
    if len(out) != n:
        raise cur.error(f"body describes {len(out)} cells, the grid has {n}")
    return out


def arrow16_token(v: Any) -> str:
    """One clue cell as pzprjs's encodeArrowNumber16 writes it."""
    number, d = arrow_of(v)
    digit = str(DIR_NUMBERS[d]) if d else "0"
    if number is None:
        return digit + "."
    if number < 16:
        return digit + format(number, "x")
    if number < 256:
        return str(int(digit) + 5) + format(number, "02x")
    if number < 4096:
        return "-" + digit + format(number, "03x")
    raise InputError(f"clue {number} is too large for a puzz.link URL (max 4095)")


def write_arrow16(values: Sequence[Any]) -> str:
    """pzprjs's encodeArrowNumber16: runs of empty cells as ``a``-``z`` (1-26)."""
    out, run = [], 0
    for v in values:
        if v is None:
            run += 1
            if run == 26:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(chr(ord("a") + run - 1))
            run = 0
        out.append(arrow16_token(v))
    if run:
        out.append(chr(ord("a") + run - 1))
    return "".join(out)


def dirqnum_value(tok: str) -> Any:
    """A pzprv3 ``DIR,NUM`` token as the genre's given (ValueError: not one)."""
    d, _, number = tok.partition(",")
    if not _ or not is_digits(d) or not (number == "-" or is_digits(number)):
        raise ValueError(tok)
    return _clue(None if number == "-" else int(number), int(d))


def dirqnum_token(v: Any) -> str:
    """A given as pzprjs's pzprv3 ``DIR,NUM`` token (``.``: no clue)."""
    if v is None:
        return "."
    number, d = arrow_of(v)
    return f"{DIR_NUMBERS[d] if d else 0},{'-' if number is None else number}"


__all__ = ["ARROWS", "ARROW_MARKS", "parse_arrow", "arrow_of", "ahead", "read_arrow16",
           "write_arrow16", "arrow16_token", "dirqnum_value", "dirqnum_token"]

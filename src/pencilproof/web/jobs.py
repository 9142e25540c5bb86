"""What each API call does, as plain functions of a JSON payload: no web framework here.

``run(op, payload)`` returns ``(status, body, media_type)``: a dict body is sent as JSON,
text or bytes as they are. These functions run in the server's worker processes (see
:mod:`.pool`), so they only take and give plain data, and every failure becomes a status
and a one-line message: bad input 400, a time limit 504, an internal error 500, never a
stack trace.
"""
from __future__ import annotations

import io
import math
import time
from typing import Any, Callable, Union

from ..analysis import backbone, explain, grade_of, redundant, repair
from ..analysis.conflict import find_conflict
from ..checker import (BACKENDS, CheckResult, OptimumResult, Verdict, answer_verdict, check, count,
                       optimum)
from ..encodings import GENRES, Question, get_genre
from ..errors import InputError, InternalError
from ..solvers.deadline import Deadline, TimeUp
from ..formats import (FORMATS, Document, document_to_doc, parse_documents, share_fields,
                       write_document)
from ..formats.jsondoc import loads
from ..generator.generate import GenerateOptions, generate_one
from ..generator.minimize import NotUnique, minimize, parse_cells
from ..checker.switchboard import generation_of
from ..output.png import render_png  # imports Pillow itself, only when drawing a PNG
from ..output.scene import answer_picture, cell_name, picture, picture_pair, verdict_picture
from ..output.svg import to_svg
from ..puzzle import Puzzle

Body = Union[dict[str, Any], str, bytes]
Result = tuple[int, Body, str]
JSON = "application/json"

#: Seconds a request may take when it names no time limit, and the most it may ask for.
DEFAULT_TIME_LIMIT = 10.0
MAX_TIME_LIMIT = 60.0
#: A batch (a dropped .jsonl file) is checked within this many seconds in all.
BATCH_SECONDS = 60.0
MAX_BATCH = 1000
MAX_COUNT = 1000
#: Clue candidates ``suggest`` tries at most (each one is a count of the new puzzle).
MAX_SUGGEST_TRIES = 60


class Cancelled(BaseException):
    """The job was cancelled (a newer edit from the same page): not an error of the job."""


def bad(message: str) -> Result:
    return 400, {"error": message}, JSON


# -- reading the payload -------------------------------------------------------------------
def _text(payload: dict[str, Any], key: str = "puzzle") -> str:
    value = payload.get(key)
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"'{key}' must be a non-empty string (a URL, a file's text or a code)")
    return value


def _label(text: str) -> str:
    """How the puzzle is named in results: a one-line input names itself (a URL, a
    code), anything longer is ``puzzle`` (``puzzle:3`` for the third line of a batch)."""
    one = text.strip()
    return one if "\n" not in one and len(one) <= 300 else "puzzle"


def time_limit(payload: dict[str, Any]) -> float:
    value = payload.get("time_limit", DEFAULT_TIME_LIMIT)
    if value is None:
        value = DEFAULT_TIME_LIMIT
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or value <= 0:
        raise InputError("'time_limit' must be a positive number of seconds")
    if value > MAX_TIME_LIMIT:
        raise InputError(f"'time_limit' is at most {MAX_TIME_LIMIT:g} s on this server")
    return float(value)


def _choice(payload: dict[str, Any], key: str, choices: Any) -> Any:
    value = payload.get(key)
    # (a list or an object is no choice either: `[] in {...}` would raise, a 500)
    if value is not None and (not isinstance(value, str) or value not in choices):
        raise InputError(f"'{key}' must be one of {', '.join(sorted(choices))}")
    return value


def _documents(payload: dict[str, Any], answers: bool = True
               ) -> list[tuple[str, Union[Document, InputError]]]:
    text = _text(payload)
    fmt = _choice(payload, "format", FORMATS)
    return list(parse_documents(text, _label(text), fmt, answers))


def _one(payload: dict[str, Any], answers: bool = True) -> tuple[str, Document]:
    docs = _documents(payload, answers)
    if len(docs) != 1:
        raise InputError(f"expected one puzzle, found {len(docs)}")
    label, doc = docs[0]
    if isinstance(doc, InputError):
        raise doc
    return label, doc


def _solver(payload: dict[str, Any]) -> dict[str, Any]:
    encoding = payload.get("encoding")
    if encoding is not None and not isinstance(encoding, str):
        raise InputError("'encoding' must be a string")
    return {"backend": _choice(payload, "solver", BACKENDS), "encoding": encoding}


def _share(puzzle: Puzzle) -> dict[str, Any]:
    try:
        return {**share_fields(puzzle)} or {"url": None}
    except InputError:
        return {"url": None}


def _names(cells: Any) -> list[str]:
    return [cell_name(c) for c in cells]


# -- the operations -------------------------------------------------------------------------
def _check_object(label: str, doc: Document, payload: dict[str, Any], limit: float
                  ) -> dict[str, Any]:
    """What ``check --json`` prints for one puzzle (plus the page's extras with ``view``)."""
    puzzle = doc.puzzle
    res = check(puzzle, time_limit=limit, **_solver(payload))
    out: dict[str, Any] = {"source": label, **res.to_json(), **_share(puzzle)}
    if doc.solution is not None and isinstance(res, CheckResult):
        out["answer"] = answer_verdict(puzzle, doc.solution, res)[0]
    if payload.get("view"):
        out.update(_view(puzzle, res, payload.get("view") == "grid"))
    return out


def _view(puzzle: Puzzle, res: Union[CheckResult, OptimumResult], grid: bool = False
          ) -> dict[str, Any]:
    """The page's extras: the puzzle as a JSON document (what it edits) and its picture,
    the verdict's picture from the SVG renderer, the differing cells by name, the
    editor's tokens. ``grid`` (the workbench): the verdict's picture only where it shows
    two solutions (the page draws the rest on the puzzle's own picture)."""
    genre = get_genre(puzzle.genre)
    out: dict[str, Any] = {"document": puzzle.to_doc(),
                           "tokens": [[genre.clue_token(v) for v in row] for row in puzzle.grid],
                           "grid_svg": to_svg(picture(puzzle))}
    if not grid or res.verdict is Verdict.MULTIPLE:
        out["svg"] = to_svg(verdict_picture(puzzle, res))
    if isinstance(res, CheckResult):
        out["differ_names"] = _names(res.differ)
    return out


def op_check(payload: dict[str, Any]) -> Result:
    limit = time_limit(payload)
    docs = _documents(payload)
    if len(docs) == 1:
        label, doc = docs[0]
        if isinstance(doc, InputError):
            raise doc
        out = _check_object(label, doc, payload, limit)
        if out["verdict"] == Verdict.UNKNOWN.value:
            out["error"] = f"time limit of {limit:g} s reached"
            return 504, out, JSON
        return 200, out, JSON
    if len(docs) > MAX_BATCH:
        raise InputError(f"a batch holds at most {MAX_BATCH} puzzles here, this one {len(docs)}")
    deadline = time.monotonic() + BATCH_SECONDS
    results: list[dict[str, Any]] = []
    for label, doc in docs:
        left = deadline - time.monotonic()
        if isinstance(doc, InputError):
            results.append({"source": label, "error": str(doc)})
        elif left <= 0:
            results.append({"source": label, "error": "not checked: the batch's "
                                                       f"{BATCH_SECONDS:g} s ran out"})
        else:
            try:
                results.append(_check_object(label, doc, {**payload, "view": False},
                                             min(limit, left)))
            except InputError as e:
                results.append({"source": label, "error": str(e)})
    return 200, {"results": results}, JSON


def op_solve(payload: dict[str, Any]) -> Result:
    limit = time_limit(payload)
    label, doc = _one(payload, answers=False)
    puzzle = doc.puzzle
    if get_genre(puzzle.genre).question is Question.OPTIMUM:
        res = optimum(puzzle, time_limit=limit, **_solver(payload))
        out = {"source": label, "optimum": res.optimum, "proven": res.proven,
               "lower_bound": res.lower_bound, "best": res.best,
               "solution": None if res.answer is None else res.answer.to_json(),
               "seconds": round(res.seconds, 6)}
        return (200 if res.proven else 504), out, JSON
    counted = count(puzzle, limit=1, time_limit=limit, **_solver(payload))
    sol = counted.solutions[0] if counted.solutions else None
    out = {"source": label, "solution": sol.to_json() if sol else None,
           "seconds": round(counted.seconds, 6)}
    if sol is None and counted.timed_out:
        return 504, {**out, "error": f"time limit of {limit:g} s reached"}, JSON
    return 200, out, JSON


def op_count(payload: dict[str, Any]) -> Result:
    limit = time_limit(payload)
    most = payload.get("limit", 100)
    if isinstance(most, bool) or not isinstance(most, int) or not 1 <= most <= MAX_COUNT:
        raise InputError(f"'limit' must be an integer 1..{MAX_COUNT}")
    label, doc = _one(payload, answers=False)
    res = count(doc.puzzle, limit=most, time_limit=limit, **_solver(payload))
    out: dict[str, Any] = {"source": label, "count": res.count, "exact": res.complete,
                           "timed_out": res.timed_out,
                           "solutions": [s.to_json() for s in res.solutions],
                           "seconds": round(res.seconds, 6)}
    if res.up_to:
        out.update(classes=res.classes, up_to=res.up_to)
    return (504 if res.timed_out else 200), out, JSON


def op_minimize(payload: dict[str, Any]) -> Result:
    limit = time_limit(payload)
    label, doc = _one(payload, answers=False)
    puzzle = doc.puzzle
    hooks = generation_of(get_genre(puzzle.genre), "minimize")
    keep_text = payload.get("keep", "")
    if not isinstance(keep_text, str):
        raise InputError("'keep' must be a string of cells such as 'r1c1,r6c6'")
    keep = parse_cells(keep_text, puzzle, "keep")
    order = payload.get("order", "given")
    if not isinstance(order, str):
        raise InputError("'order' must be a string")
    seed = payload.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError("'seed' must be an integer")
    try:
        res = minimize(puzzle, order=order, seed=seed, keep=keep, max_time=limit,
                       backend=_solver(payload)["backend"])
    except NotUnique as e:
        return 400, {"error": str(e), "verdict": e.result.verdict.value}, JSON
    except TimeUp as e:
        return 504, {"error": f"{e} (time limit of {limit:g} s)"}, JSON
    cells = hooks.key_cell
    out = {"source": label, "clues_before": hooks.clue_count(puzzle),
           "clues_after": hooks.clue_count(res.minimized),
           "removed": [cell_name(cells(k)) for k in res.removed],
           "kept": [cell_name(cells(k)) for k in res.kept],
           "unknown": [cell_name(cells(k)) for k in res.unknown],
           "tests": res.tests, "solver_calls": res.solver_calls,
           "seconds": round(res.seconds, 6), "rechecked": res.rechecked,
           "puzzle": res.minimized.to_doc(), **_share(res.minimized),
           "solution": res.solution.to_json()}
    return 200, out, JSON


def parse_answer(puzzle: Puzzle, value: Any) -> Any:
    """An answer sent as a list of rows, or as text: rows (a header line naming the genre
    may come first), a JSON ``solution``, or a pzprv3 / Janko file of this very puzzle."""
    genre = get_genre(puzzle.genre)
    if isinstance(value, str) and value.strip()[:1] in ("{", "["):
        value = loads(value, "answer")  # one line for any fault, deep nesting included
        if isinstance(value, dict):
            value = value.get("solution") or (value.get("solutions") or [None])[0]
    if isinstance(value, str) and value.strip():
        docs = list(parse_documents(value, "answer"))
        if len(docs) == 1 and not isinstance(docs[0][1], InputError) \
                and docs[0][1].solution is not None:
            found = docs[0][1]
            if found.puzzle != puzzle:
                raise InputError("the answer file is for another puzzle", "answer")
            return found.solution
        value = [ln.strip() for ln in value.strip().splitlines() if ln.strip()]
        if value and value[0].split()[0].lower() in {genre.name, *genre.aliases}:
            value = value[1:]
    if not isinstance(value, list) or not value or not all(isinstance(r, str) for r in value):
        raise InputError("'answer' must be rows of text (a string or a list of strings)")
    return genre.parse_solution(puzzle, value, "answer")


def op_verify(payload: dict[str, Any]) -> Result:
    label, doc = _one(payload)
    puzzle = doc.puzzle
    answer_in = payload.get("answer")
    if answer_in is None:
        if doc.solution is None:
            raise InputError("the puzzle carries no answer: give 'answer' too")
        answer = doc.solution
    else:
        answer = parse_answer(puzzle, answer_in)
    problems = get_genre(puzzle.genre).verify(puzzle, answer)
    out: dict[str, Any] = {"source": label, "valid": not problems,
                           "violations": [{"code": v.code, "message": v.message,
                                           "cells": [list(c) for c in v.cells]}
                                          for v in problems]}
    if payload.get("view"):
        out["svg"] = to_svg(answer_picture(puzzle, answer, problems))
    return 200, out, JSON


def op_render(payload: dict[str, Any]) -> Result:
    label, doc = _one(payload)
    fmt = payload.get("to", "svg")
    if fmt not in ("svg", "png"):
        raise InputError("'to' must be svg or png")
    scene = picture(doc.puzzle, doc.solution,
                    title="answer" if doc.solution is not None else "puzzle", name=label)
    if fmt == "png":
        image = render_png(scene)
        buf = io.BytesIO()
        image.save(buf, format="PNG")
        return 200, buf.getvalue(), "image/png"
    return 200, to_svg(scene), "image/svg+xml"


def op_convert(payload: dict[str, Any]) -> Result:
    to = payload.get("to")
    if to in ("svg", "png"):
        return op_render(payload)
    if not isinstance(to, str):
        raise InputError("'to' must name an output format (url, text, pzprv3, json, svg, png, "
                         "or a genre's code)")
    docs = _documents(payload)
    good = [(label, d) for label, d in docs if not isinstance(d, InputError)]
    for _, d in docs:
        if isinstance(d, InputError):
            raise d
    if len(good) > 1 and to in ("text", "pzprv3"):
        raise InputError(f"holds {len(good)} puzzles; 'to': {to} writes one")
    text = "".join(write_document(d, to) for _, d in good)
    return 200, {"to": to, "text": text, "documents": [document_to_doc(d) for _, d in good]}, JSON


def op_suggest(payload: dict[str, Any]) -> Result:
    """A clue from the intended answer (the first solution, or ``answer``) that leaves the
    fewest solutions: tried among the clues that rule the second solution out."""
    limit = time_limit(payload)
    deadline = time.monotonic() + limit
    label, doc = _one(payload)
    puzzle = doc.puzzle
    genre = get_genre(puzzle.genre)
    hooks = generation_of(genre, "suggest")
    res = check(puzzle, time_limit=limit, **_solver(payload))
    if not isinstance(res, CheckResult):
        raise InputError(f"{genre.name} asks for an optimum: there is no ambiguity to remove")
    if res.verdict is Verdict.UNKNOWN:
        return 504, {"error": f"time limit of {limit:g} s reached"}, JSON
    if res.verdict is Verdict.NO_SOLUTION:
        raise InputError("the puzzle has no solution: remove a clue rather than add one")
    if res.verdict is Verdict.UNIQUE:
        return 200, {"source": label, "verdict": "unique", "suggestion": None}, JSON
    intended = doc.solution if doc.solution is not None else res.solutions[0]
    if genre.verify(puzzle, intended):
        raise InputError("the answer the puzzle carries breaks the rules")
    second = res.solutions[1] if res.solutions[0] == intended else res.solutions[0]
    _, present = hooks.split_givens(puzzle)
    taken = {hooks.key_cell(k) for k in present}
    candidates = [(k, v) for k, v in hooks.clue_candidates(intended).items()
                  if hooks.key_cell(k) not in taken and not hooks.clue_holds(second, k, v)]
    best: tuple[int, bool, Any, Any, Puzzle] | None = None
    tried = 0
    for key, clue in candidates[:MAX_SUGGEST_TRIES]:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        trial = hooks.with_clues(puzzle, {key: clue})
        counted = count(trial, limit=10, time_limit=left, **_solver(payload))
        if counted.timed_out:
            break
        tried += 1
        if best is None or counted.count < best[0]:
            best = (counted.count, counted.complete, key, clue, trial)
            if counted.count == 1:
                break
    if best is None:
        return 200, {"source": label, "verdict": res.verdict.value, "suggestion": None,
                     "tried": tried}, JSON
    n, complete, key, clue, trial = best
    cell = hooks.key_cell(key)
    return 200, {"source": label, "verdict": res.verdict.value,
                 "suggestion": {"cell": cell_name(cell), "row": cell[0], "col": cell[1],
                                "token": genre.clue_token(clue),
                                "solutions": n if complete else f"at least {n}"},
                 "tried": tried, "puzzle": trial.to_doc(), **_share(trial)}, JSON


#: Answers a backbone looks for at most on the page (the count "so far" beyond it).
BACKBONE_LIMIT = 100
#: Attempts one ``generate`` request makes before it answers (the page asks again, so a
#: long search shows its progress and stops when the setter cancels).
GENERATE_ATTEMPTS = 4
MAX_GENERATE_ATTEMPTS = 50


def _int(payload: dict[str, Any], key: str, default: int, lo: int, hi: int) -> int:
    value = payload.get(key, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InputError(f"'{key}' must be an integer {lo}..{hi}")
    return value


def _cells(cells: Any) -> list[list[int]]:
    return [[r, c] for r, c in cells]


def op_backbone(payload: dict[str, Any]) -> Result:
    """The forced cells (every answer agrees on them), the open ones, the answers found
    so far, and (``view``) the two answers' picture with their differing cells."""
    limit = time_limit(payload)
    most = _int(payload, "limit", BACKBONE_LIMIT, 2, MAX_COUNT)
    label, doc = _one(payload, answers=False)
    puzzle = doc.puzzle
    res = backbone(puzzle, limit=most, deadline=Deadline.after(limit), **_solver(payload))
    if res.answer is None:
        verdict = Verdict.UNKNOWN if res.timed_out else Verdict.NO_SOLUTION
    elif res.solutions == 1 and res.complete:
        verdict = Verdict.UNIQUE
    elif res.solutions > 1:
        verdict = Verdict.MULTIPLE
    else:
        verdict = Verdict.UNKNOWN
    out: dict[str, Any] = {"source": label, "verdict": verdict.value, **res.to_json(),
                           "open": _cells(res.varying) + _cells(res.undecided),
                           "varying_names": _names(res.varying)}
    if res.answer is not None and res.others:
        first, second = res.answer, res.others[0]
        differ = first.differ(second)  # every answer type says where two answers differ
        out["differ"] = _cells(differ)
        out["differ_names"] = _names(differ)
        if payload.get("view"):
            out["pair_svg"] = to_svg(picture_pair(puzzle, first, second, differ))
    if res.timed_out:
        out["error"] = f"time limit of {limit:g} s reached"
        return 504, out, JSON
    return 200, out, JSON


def op_conflict(payload: dict[str, Any]) -> Result:
    """Why there is no solution: a minimal set of clues that cannot all hold together."""
    limit = time_limit(payload)
    label, doc = _one(payload, answers=False)
    res = find_conflict(doc.puzzle, backend=_solver(payload)["backend"],
                        deadline=Deadline.after(limit))
    out = {"source": label, **res.to_json(),
           "names": [cell_name(c) for c in res.cells]}
    if res.timed_out and not res.clues:
        return 504, {**out, "error": f"time limit of {limit:g} s reached"}, JSON
    return 200, out, JSON


def op_explain(payload: dict[str, Any]) -> Result:
    """The deduction path as steps (cells, values, reason cells) and the grade it gives."""
    limit = time_limit(payload)
    level = _int(payload, "max_level", 3, 1, 3)
    label, doc = _one(payload, answers=False)
    res = explain(doc.puzzle, max_level=level, deadline=Deadline.after(limit))
    g = grade_of(res)
    out = {"source": label, **res.to_json(), "grade": None if g is None else g.to_json()}
    if res.timed_out:
        return 504, {**out, "error": f"time limit of {limit:g} s reached"}, JSON
    return 200, out, JSON


def op_grade(payload: dict[str, Any]) -> Result:
    """The difficulty grade (1-9) of a unique puzzle, from its deduction path."""
    limit = time_limit(payload)
    label, doc = _one(payload, answers=False)
    res = explain(doc.puzzle, deadline=Deadline.after(limit))
    if res.timed_out:
        return 504, {"source": label, "error": f"time limit of {limit:g} s reached"}, JSON
    g = grade_of(res)
    return 200, {"source": label, "grade": None if g is None else g.to_json(),
                 "undeduced": _cells(res.undeduced)}, JSON


def op_repair(payload: dict[str, Any]) -> Result:
    """Clues to add that make the puzzle unique with its first (or carried) answer."""
    limit = time_limit(payload)
    label, doc = _one(payload)
    puzzle = doc.puzzle
    genre = get_genre(puzzle.genre)
    res = repair(puzzle, doc.solution, deadline=Deadline.after(limit),
                 backend=_solver(payload)["backend"])
    out: dict[str, Any] = {"source": label, **res.to_json(),
                           "added": [{"cell": cell_name((r, c)), "row": r, "col": c,
                                      "token": genre.clue_token(v)} for r, c, v in res.clues]}
    if res.found and res.repaired is not None and not res.already_unique:
        out["puzzle"] = res.repaired.to_doc()
    if res.timed_out and not res.found:
        return 504, {**out, "error": f"time limit of {limit:g} s reached"}, JSON
    return 200, out, JSON


def op_redundant(payload: dict[str, Any]) -> Result:
    """Clues each of which can go on its own, the puzzle staying unique (verified)."""
    limit = time_limit(payload)
    label, doc = _one(payload, answers=False)
    puzzle = doc.puzzle
    genre = get_genre(puzzle.genre)
    _, can_go = redundant(puzzle, backend=_solver(payload)["backend"],
                          deadline=Deadline.after(limit))
    flat = [x for group in can_go for x in group]
    return 200, {"source": label,
                 "redundant": [{"cell": cell_name((r, c)), "row": r, "col": c,
                                "token": genre.clue_token(v)} for r, c, v in flat]}, JSON


def _range(payload: dict[str, Any], key: str, lo: int, hi: int) -> tuple[int, int] | None:
    value = payload.get(key)
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise InputError(f"'{key}' must be two integers [low, high]")
    if not lo <= value[0] <= value[1] <= hi:
        raise InputError(f"'{key}' must be within {lo}..{hi}, low first")
    return value[0], value[1]


def op_generate(payload: dict[str, Any]) -> Result:
    """One round of a search for a new unique minimal puzzle: ``attempts`` attempts of
    candidate ``index`` (from ``seed``). The page asks round after round, showing the
    attempts made, until one answers ``found`` or the setter cancels."""
    limit = time_limit(payload)
    genre_name = payload.get("genre")
    if not isinstance(genre_name, str):
        raise InputError("'genre' must name a genre")
    rows = _int(payload, "rows", 6, 1, 60)
    cols = _int(payload, "cols", 6, 1, 60)
    seed = _int(payload, "seed", 0, 0, 2 ** 63 - 1)
    index = _int(payload, "index", 0, 0, 10 ** 9)
    attempts = _int(payload, "attempts", GENERATE_ATTEMPTS, 1, MAX_GENERATE_ATTEMPTS)
    symmetry = payload.get("symmetry") or False
    if not isinstance(symmetry, str) and symmetry is not False:
        raise InputError("'symmetry' must be a string such as 'rot180' (or empty)")
    fewest = payload.get("fewest", False)
    if not isinstance(fewest, bool):
        raise InputError("'fewest' must be true or false")
    grades = _range(payload, "grade", 1, 9)
    options = GenerateOptions(genre=genre_name, rows=rows, cols=cols, symmetric=symmetry,
                              grade_range=grades, fewest=fewest, max_attempts=attempts,
                              tries=attempts if fewest else None,
                              backend=_solver(payload)["backend"])
    try:
        options = options.validate()
    except InputError as e:
        if e.where == "--symmetry":
            raise InputError(e.message, "'symmetry'") from None
        raise
    made = generate_one(options, seed, index, Deadline.after(limit))
    if made is None:
        return 200, {"found": False, "index": index, "attempts": attempts}, JSON
    puzzle = made.puzzle
    hooks = get_genre(puzzle.genre).generator
    out: dict[str, Any] = {"found": True, "index": index, "attempts": made.attempt + 1,
                           "seed": made.seed, "puzzle": puzzle.to_doc(),
                           "clues": None if hooks is None else hooks.clue_count(puzzle),
                           "grade": made.grade, "seconds": round(made.seconds, 6),
                           **_share(puzzle)}
    return 200, out, JSON


def export_formats(genre: Any) -> list[str]:
    """The output formats a genre's puzzles can be written in (convert's ``to``)."""
    out = ["text", "json"]
    if genre.formats.url_body:
        out[:0] = ["url", "pzprv3"]
    out += [f.name for f in genre.formats.codes]
    return out + ["svg", "png"]


def op_genres(payload: dict[str, Any]) -> Result:
    return 200, {"genres": [{"name": g.name, "aliases": list(g.aliases), "summary": g.summary,
                             "question": g.question.value, "symmetry": g.symmetry,
                             "minimize": g.generator is not None,
                             "tokens": list(g.editor_tokens()),
                             "generate": g.generator is not None or (
                                 g.optimisation is not None
                                 and g.optimisation.generator is not None),
                             "analysis": g.generator is not None,
                             "conflict": g.generator is not None,
                             "formats": export_formats(g),
                             "answer_chars": dict(g.formats.drawing),
                             "answer_text": dict(g.formats.answer_text),
                             "blank": g.formats.blank}
                            for g in GENRES.values()]}, JSON


def op_sleep(payload: dict[str, Any]) -> Result:
    """Test hook: hold a worker for ``seconds`` (how cancellation and the pool are tested)."""
    seconds = min(float(payload.get("seconds", 1.0)), 30.0)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        time.sleep(0.01)
    return 200, {"slept": seconds}, JSON


OPS: dict[str, Callable[[dict[str, Any]], Result]] = {
    "check": op_check, "solve": op_solve, "count": op_count, "minimize": op_minimize,
    "verify": op_verify, "render": op_render, "convert": op_convert, "suggest": op_suggest,
    "backbone": op_backbone, "explain": op_explain, "grade": op_grade, "repair": op_repair,
    "redundant": op_redundant, "generate": op_generate, "conflict": op_conflict,
    "genres": op_genres, "sleep": op_sleep}


def _api_place(e: InputError) -> InputError:
    """An error that names a command-line option (``--order``) names the payload's key
    (``'order'``) instead: the page's user typed no option."""
    if e.where is not None and e.where.startswith("--"):
        return InputError(e.message, "'" + e.where[2:].split()[0].replace("-", "_") + "'")
    return e


def run(op: str, payload: Any) -> Result:
    """One API call; every failure is a status and a one-line message."""
    if op not in OPS:
        return 404, {"error": f"no such operation {op!r}"}, JSON
    if not isinstance(payload, dict):
        return bad("the request body must be a JSON object")
    try:
        return OPS[op](payload)
    except InputError as e:
        return bad(str(_api_place(e)))
    except TimeUp as e:
        return 504, {"error": str(e)}, JSON
    except InternalError as e:
        return 500, {"error": f"internal error (please report): {e}"}, JSON
    except (MemoryError, RecursionError) as e:
        return 500, {"error": f"internal error (please report): {type(e).__name__}"}, JSON

"""The ``backbone``, ``repair``, ``explain``, ``conflict`` subcommands (and ``check --grade``'s helper):
parse arguments, call analysis/, print.

Registered through :data:`pencilproof.cli.program.COMMANDS`. Each command takes one puzzle;
nothing genre-specific lives here.
"""
from __future__ import annotations

import argparse
import json
from typing import Any, Sequence

from ..analysis import backbone, redundant, repair
from ..analysis.conflict import ConflictResult, find_conflict
from ..analysis.explain import LEVELS, Unsolvable, explain
from ..analysis.grade import Grade, grade
from ..analysis.repair import NoSolution
from ..checker import CheckResult, OptimumResult, Verdict
from ..checker import BACKENDS, DEFAULT_BACKEND
from ..encodings import get_genre
from ..formats import load_answer
from ..output import cell_names, render_grid
from ..puzzle import Cell, Puzzle
from ..solvers.deadline import Deadline, TimeUp
from .args import Subparsers, positive_float, positive_int
from .common import backstop, command_deadline, drawn, picture_fits, read_document
from .formats import format_option, nonempty

EXIT_OK, EXIT_NO, EXIT_BAD, EXIT_UNKNOWN = 0, 1, 2, 3


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _names(cells: Sequence[Cell], most: int = 60) -> str:
    """Cell names, the first ``most`` of them (a long list ends in ``...``)."""
    shown = cell_names(cells[:most])
    return (shown + (" ..." if len(cells) > most else "")) or "-"


def _options(p: argparse.ArgumentParser, solver: bool = True) -> None:
    p.add_argument("puzzle", metavar="PUZZLE")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.add_argument("-q", "--quiet", action="store_true", help="no grid")
    p.add_argument("--picture", metavar="OUT.svg|OUT.png", default=None,
                   help="draw the result")
    p.add_argument("--ascii", action="store_true", default=None,
                   help="draw grids in ASCII")
    if solver:
        p.add_argument("--solver", choices=sorted(BACKENDS), default=DEFAULT_BACKEND,
                       help=f"SAT backend (default: {DEFAULT_BACKEND})")
        p.add_argument("--encoding", default=None, help="the genre's encoding (default: its first)")
    p.add_argument("--time-limit", type=positive_float, default=None, metavar="SECONDS",
                   help="stop after this many seconds (exit 3)")
    format_option(p)


def _picture_path(args: argparse.Namespace) -> None:
    nonempty(args.picture, "--picture")
    if args.picture:
        from ..output.files import check_picture_path
        check_picture_path(args.picture)


def _picture_fits(args: argparse.Namespace, puzzle: Puzzle) -> None:
    if args.picture:
        picture_fits(puzzle, args.puzzle)


def _draw(args: argparse.Namespace, puzzle: Puzzle, answer: Any, marked: Sequence[Cell],
          title: str, caption: Sequence[str], notes: dict[Cell, str] | None = None) -> None:
    if not args.picture:
        return
    from ..output.files import write_picture
    from ..output.scene import picture
    write_picture(picture(puzzle, answer, marked, title=title, caption=caption,
                          name=args.puzzle, notes=notes), args.picture)


# -- backbone --------------------------------------------------------------------------------
def cmd_backbone(args: argparse.Namespace) -> int:
    _picture_path(args)
    with drawn(args.picture):
        puzzle = read_document(args.puzzle, args.format, False, args.time_limit).puzzle
    _picture_fits(args, puzzle)
    with backstop(args.puzzle, args.time_limit):
        res = backbone(puzzle, backend=args.solver, encoding=args.encoding, limit=args.limit,
                       deadline=command_deadline(args.time_limit))
    code = (EXIT_UNKNOWN if res.timed_out else
            EXIT_OK if res.solutions == 1 and res.complete else EXIT_NO)
    up_to = f" up to {res.up_to}" if res.up_to else ""
    count = (f"{res.solutions}" if res.complete else f"at least {res.solutions}")
    count += " solution" + ("" if res.solutions == 1 else "s") + up_to
    if args.json:
        print(json.dumps({"source": args.puzzle, **res.to_json()}))
    elif res.answer is None:
        print(f"{args.puzzle}: " + ("unknown (time limit reached)" if res.timed_out
                                    else "no solution") + f" ({res.seconds:.3f} s)")
    else:
        print(f"{args.puzzle}: {count}; {_plural(len(res.fixed), 'cell')} fixed, "
              f"{len(res.varying)} varying ({res.seconds:.3f} s)")
        if res.anchors:
            print(f"up to {res.up_to}: {cell_names(res.anchors)} taken as in the solution shown")
        print(f"varying: {_names(res.varying)}")
        if res.undecided:
            print(f"undecided (time limit reached): {_names(res.undecided)}")
        if not args.quiet:
            print("\n".join(render_grid(puzzle, res.answer, res.varying, ascii=args.ascii)))
    if res.answer is not None:
        _draw(args, puzzle, res.answer, res.varying, "backbone",
              [f"{count}; the {_plural(len(res.varying), 'marked cell')} vary",
               f"varying: {_names(res.varying, 40)}"])
    return code


# -- repair ----------------------------------------------------------------------------------
def _clue_names(puzzle: Puzzle, clues: Sequence[tuple[int, int, Any]]) -> str:
    genre = get_genre(puzzle.genre)
    return ", ".join(f"r{r + 1}c{c + 1} = {genre.clue_token(v)}" for r, c, v in clues)


def cmd_repair(args: argparse.Namespace) -> int:
    _picture_path(args)
    nonempty(args.answer, "--answer")
    with drawn(args.picture):
        doc = read_document(args.puzzle, args.format, args.answer is None, args.time_limit)
    puzzle = doc.puzzle
    _picture_fits(args, puzzle)
    if args.redundant:
        return _redundant(args, puzzle)
    answer = load_answer(puzzle, args.answer) if args.answer is not None else doc.solution
    try:
        with backstop(args.puzzle, args.time_limit):
            res = repair(puzzle, answer, backend=args.solver,
                         deadline=command_deadline(args.time_limit))
    except NoSolution:
        if args.json:
            print(json.dumps({"source": args.puzzle, "verdict": Verdict.NO_SOLUTION.value}))
        else:
            print(f"{args.puzzle}: no_solution: the puzzle has no answer, so there is none "
                  f"to repair towards")
        return EXIT_NO
    if args.json:
        print(json.dumps({"source": args.puzzle, **res.to_json()}))
    elif res.already_unique:
        print(f"{args.puzzle}: already unique with the intended answer: nothing to add")
    elif not res.decided:
        print(f"{args.puzzle}: unknown: the time limit was reached before another answer "
              f"was found or ruled out")
    elif not res.found:
        why = ("the time limit was reached" if res.timed_out else
               "no clue this genre offers tells the solutions apart")
        print(f"{args.puzzle}: not unique, and no repair found ({why})")
    else:
        how = "one clue" if res.singles else _plural(len(res.clues), "clue")
        print(f"{args.puzzle}: not unique; adding {how} makes it unique with the intended "
              f"answer (verified): {_clue_names(puzzle, res.clues)}")
        if len(res.singles) > 1:
            print("other single clues that work: "
                  + "; ".join(_clue_names(puzzle, s) for s in res.singles[1:]))
        if not args.quiet and res.repaired is not None:
            print("\n".join(render_grid(res.repaired, _answer_on(res.repaired, res.answer),
                                        [(r, c) for r, c, _ in res.clues], ascii=args.ascii)))
    if res.found and res.repaired is not None:
        _draw(args, res.repaired, _answer_on(res.repaired, res.answer),
              [(r, c) for r, c, _ in res.clues], "repaired",
              [f"added (marked): {_clue_names(puzzle, res.clues) or 'nothing'}"])
    return (EXIT_OK if res.found else EXIT_UNKNOWN if res.timed_out else EXIT_NO)


def _answer_on(puzzle: Puzzle, answer: Any) -> Any:
    """The answer as written for this puzzle (Light Up's rows copy its numbers)."""
    hooks = get_genre(puzzle.genre).generator
    return answer if hooks is None else hooks.answer_for(puzzle, answer)


def _redundant(args: argparse.Namespace, puzzle: Puzzle) -> int:
    try:
        answer, can_go = redundant(puzzle, backend=args.solver,
                                   deadline=command_deadline(args.time_limit))
    except TimeUp:
        print(f"{args.puzzle}: unknown (time limit of {args.time_limit:g} s reached)")
        return EXIT_UNKNOWN
    flat = [x for group in can_go for x in group]
    if args.json:
        print(json.dumps({"source": args.puzzle, "redundant": [list(x) for x in flat]}))
    else:
        print(f"{args.puzzle}: unique; {_plural(len(can_go), 'clue')} can each be removed "
              f"on its own (verified): {_clue_names(puzzle, flat) or '-'}")
        if can_go:
            print("(together they may not all go: 'pencilproof minimize' removes a "
                  "1-minimal set)")
        if not args.quiet:
            print("\n".join(render_grid(puzzle, answer, [(r, c) for r, c, _ in flat],
                                        ascii=args.ascii)))
    _draw(args, puzzle, answer, [(r, c) for r, c, _ in flat], "redundant clues",
          [f"can each go on its own (marked): {_clue_names(puzzle, flat) or '-'}"])
    return EXIT_OK


def grade_of_result(puzzle: Puzzle, res: CheckResult | OptimumResult,
                    deadline: Deadline) -> Grade | None:
    """``check --grade``: the grade of a puzzle the checker found unique (else None),
    within the same deadline as the check."""
    if not isinstance(res, CheckResult) or res.verdict is not Verdict.UNIQUE:
        return None
    return grade(puzzle, deadline=deadline)


# -- explain ---------------------------------------------------------------------------------
def cmd_explain(args: argparse.Namespace) -> int:
    _picture_path(args)
    with drawn(args.picture):
        puzzle = read_document(args.puzzle, args.format, False, args.time_limit).puzzle
    _picture_fits(args, puzzle)
    until = command_deadline(args.time_limit)
    try:
        with backstop(args.puzzle, args.time_limit):
            res = explain(puzzle, max_level=args.max_level, deadline=until)
    except Unsolvable:  # nothing to deduce: say which clues cannot all hold instead
        with backstop(args.puzzle, args.time_limit):
            conflict = find_conflict(puzzle, deadline=until)
        return _show_conflict(args, puzzle, conflict)
    code = (EXIT_UNKNOWN if res.timed_out else EXIT_NO if res.undeduced else EXIT_OK)
    order: dict[Cell, str] = {}
    for s in res.steps:
        for r, c, _ in s.cells:
            order[(r, c)] = str(s.round)
    if args.json:
        print(json.dumps({"source": args.puzzle, **res.to_json()}))
    else:
        deepest = max((lvl for lvl, _ in res.rounds), default=0)
        print(f"{args.puzzle}: {_plural(len(res.rounds), 'round')}, "
              f"{_plural(len(res.steps), 'step')}, deepest level {deepest} "
              f"({LEVELS[deepest]}) ({res.seconds:.3f} s)")
        genre = get_genre(puzzle.genre)
        for s in res.steps:
            cells = " ".join(f"r{r + 1}c{c + 1}={genre.formats.answer_text.get(v, v)}"
                             for r, c, v in s.cells)
            why = ("by symmetry" if s.level == 0 else
                   f"from {cell_names(s.reasons)}" if s.reasons else "from the rules")
            if s.level and (s.round > 1 or res.steps[0].level == 0):
                why += " and the cells known before"
            print(f"round {s.round} level {s.level} ({LEVELS[s.level]}): {cells}  [{why}]")
        if res.undeduced:
            print(f"not deduced (they vary, or the time ran out): {_names(res.undeduced)}")
        if not args.quiet and res.answer is not None:
            hooks = genre.generator
            assert hooks is not None
            print("\n".join(render_grid(puzzle, res.answer, res.undeduced, ascii=args.ascii)))
    if res.answer is not None:
        _draw(args, puzzle, res.answer, res.undeduced, "deduction order",
              [f"each cell shows the round it is deduced in; {_plural(len(res.rounds), 'round')}"],
              notes=order)
    return code


# -- conflict --------------------------------------------------------------------------------
def cmd_conflict(args: argparse.Namespace) -> int:
    _picture_path(args)
    with drawn(args.picture):
        puzzle = read_document(args.puzzle, args.format, False, args.time_limit).puzzle
    _picture_fits(args, puzzle)
    with backstop(args.puzzle, args.time_limit):
        res = find_conflict(puzzle, backend=args.solver,
                            deadline=command_deadline(args.time_limit))
    return _show_conflict(args, puzzle, res)


def _show_conflict(args: argparse.Namespace, puzzle: Puzzle, res: ConflictResult) -> int:
    """Print (and draw) a conflict result; exit 1 for a puzzle without solution, 0 for one
    that has a solution, 3 when the time ran out before the question was decided."""
    solvable = res.verdict is not Verdict.NO_SOLUTION
    if args.json:
        print(json.dumps({"source": args.puzzle, **res.to_json()}))
    elif res.verdict is Verdict.UNKNOWN:
        print(f"{args.puzzle}: unknown (time limit reached) ({res.seconds:.3f} s)")
    elif solvable:
        print(f"{args.puzzle}: it has a solution ({res.verdict.value}): no clues conflict "
              f"({res.seconds:.3f} s)")
    elif not res.clues:
        print(f"{args.puzzle}: no solution even without its clues: the grid's fixed givens "
              f"admit none ({res.seconds:.3f} s)")
    else:
        n = len(res.clues)
        what = ("this clue cannot hold, even alone" if n == 1 else
                f"these {n} clues cannot all hold together, even alone")
        how = (("" if n == 1 else f" (any {n - 1} of them can: a minimal conflict)")
               if res.minimal else " (the time limit was reached before it was made minimal)")
        print(f"{args.puzzle}: no solution; {what}{how} ({res.seconds:.3f} s)")
        for c in res.clues:
            print(f"  {c.place} = {c.token}")
        if not args.quiet:
            print("\n".join(render_grid(puzzle, None, _in_grid(puzzle, res.cells),
                                        ascii=args.ascii)))
    if not solvable and res.clues:
        _draw(args, puzzle, None, _in_grid(puzzle, res.cells), "conflicting clues",
              ["these clues cannot all hold (marked): "
               + ", ".join(f"{c.place} = {c.token}" for c in res.clues)])
    return (EXIT_UNKNOWN if res.verdict is Verdict.UNKNOWN or res.timed_out and not res.clues
            else EXIT_OK if solvable else EXIT_NO)


def _in_grid(puzzle: Puzzle, cells: Sequence[Cell]) -> list[Cell]:
    return [(r, c) for r, c in cells if 0 <= r < puzzle.rows and 0 <= c < puzzle.cols]


def extend(sub: Subparsers) -> None:
    b = sub.add_parser("backbone", help="cells fixed in every solution, cells that vary")
    _options(b)
    b.add_argument("--limit", type=positive_int, default=100,
                   help="count solutions up to this many (default 100)")
    b.set_defaults(func=cmd_backbone)

    r = sub.add_parser("repair", help="clues to add that make the puzzle unique; "
                                      "--redundant: clues that can go")
    _options(r)
    r.add_argument("--answer", metavar="FILE", default=None,
                   help="the intended answer (default: the answer PUZZLE carries, else the "
                        "first solution found)")
    r.add_argument("--redundant", action="store_true",
                   help="list the clues of a unique puzzle that can each be removed")
    r.set_defaults(func=cmd_repair)

    e = sub.add_parser("explain", help="a deduction path: rounds of cells, the level of "
                                       "reasoning and the clues each step uses")
    _options(e, solver=False)
    e.add_argument("--max-level", type=int, choices=(1, 2, 3), default=3,
                   help="the deepest level used (1 propagation, 2 failed literal, 3 search)")
    e.set_defaults(func=cmd_explain)

    c = sub.add_parser("conflict", help="why a puzzle has no solution: a minimal set of clues "
                                        "that cannot all hold together")
    _options(c)
    c.set_defaults(func=cmd_conflict)

"""Every command the README and the documentation show runs as written, ends with the exit
code they give, and prints what they show.

Each ```sh block of README.md and of every page under docs/ is read top to bottom like one
shell session per file: ``P=...`` and ``E=...`` set variables, ``$P``/``.venv/bin/pencilproof``/
``pencilproof`` lines run in-process through ``main(argv)``, ``cat FILE | ...`` feeds FILE to
standard input and ``> FILE`` writes standard output to FILE. In a block of ``$ command`` lines
(a transcript) the other lines are that command's output, which must match what it prints
(standard output, then standard error; blank lines and generate's timed progress lines
aside): a line ``...`` stands for any lines, ``...`` inside a line for any text, and a
decimal number such as a time for any number. The commands of each file run in a temporary
directory holding a copy of
``src/pencilproof/examples``, so whatever they write stays out of the repository; a file a
command names after ``-o``, ``--out``, ``--picture`` or ``>`` must be there afterwards and not
be empty. Anything else in a block must be listed in SKIP with the reason.
"""
from __future__ import annotations

import functools
import io
import re
import shlex
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"
EXAMPLES = "src/pencilproof/examples"


def documents() -> list[Path]:
    """README.md and every Markdown page of the documentation site."""
    return [README] + sorted(p for p in (ROOT / "docs").rglob("*.md") if "_build" not in p.parts)


#: Lines that are not pencilproof commands, and why this test does not run them.
SKIP = {
    "make demo": "builds .venv and checks two examples: the Makefile's job, not this test's",
    "make test": "runs this very test suite",
    "make docs": "builds the site: tests/test_docs.py does",
    "$P serve": "runs a web server until Ctrl-C (tests/test_web_browser.py starts one)",
    "$P serve --port 8080 --open": "runs a web server until Ctrl-C and opens a browser",
    ".venv/bin/pip install -q -e '.[web]'": "installs into the venv (make test has done it)",
    ".venv/bin/pip install -q -e '.[cluster]'": "installs into the venv (make test has done it)",
    ".venv/bin/pip install -q -e '.[all]'": "installs into the venv (make test has done it)",
    "pip install 'pencilproof[cluster]'": "installs from an index (tests/test_wheel.py installs the wheel)",
}

#: Exit codes other than 0, keyed by the command as the documents write it (continuation
#: lines joined, the trailing comment removed). The documents say each of these too.
EXPECTED = {
    "$P conflict $E/no-solution.txt": 1,
    "$P explain -q $E/no-solution.txt": 1,
    "$P check $E/puzzle.txt $E/more.json $E/batch.jsonl": 1,
    "$P check --json $E/batch.jsonl > verdicts.jsonl": 1,
    "$P check --cluster local:2 $E/batch.jsonl": 1,
    "$P verify $E/puzzle.txt $E/answer.txt": 1,
    "$P check 'https://puzz.link/p?canal/6/6/4j4p4h4p6j6'": 1,
    "$P check --picture two.svg 'https://puzz.link/p?canal/6/6/4j4p4h4p6j6'": 1,
    "pencilproof check 'https://puzz.link/p?smullyan/7/7/11h1j1h1h1g1h0h0g1g1g2h1i3h22h2g3h1'": 1,
    "$P check --limit 6 $E/floodit.txt": 1,
    "pencilproof verify src/pencilproof/examples/akari.txt "
    "src/pencilproof/examples/akari-answer.txt": 1,
    "pencilproof check '4:Fw22220Cy0Jw200Jw2Cy00222Fw2' --picture two.svg": 1,
    "$P backbone 'https://puzz.link/p?canal/6/6/4j4p4h4p6j6'": 1,
    "$P backbone --json --limit 10 $E/smullyan.txt": 1,
    "$P backbone -q --picture forced.svg '4:Fw22220Cy0Jw200Jw2Cy00222Fw2'": 1,
    "$P explain --max-level 2 'https://puzz.link/p?canal/6/6/4j4p4h4p6j6'": 1,
}

#: ``generate --count N`` runs with min(N, MAX_COUNT): the same command, fewer puzzles,
#: so every document runs in seconds.
MAX_COUNT = 2
PROGRAMS = ("pencilproof", ".venv/bin/pencilproof")
WRITES = ("-o", "--out", "--picture", ">")
#: A progress line of a long generate run: whether one is printed depends on time alone.
PROGRESS = re.compile(r"pencilproof: \d+ of \d+ puzzles, .* elapsed")
#: Results of commands that write nothing, by argv and stdin: a command shown in two
#: documents (README and a guide page) runs once.
_SEEN: dict[tuple[tuple[str, ...], str], tuple[int, str, str]] = {}


@dataclass(frozen=True)
class Line:
    """One command of a block and, in a transcript, the output shown under it."""

    command: str
    output: tuple[str, ...] | None  # None: the document shows no output for it


def sh_blocks(text: str) -> list[list[Line]]:
    """The commands of every ```sh block, continuation lines joined."""
    blocks = []
    for body in re.findall(r"^```sh\n(.*?)^```", text, flags=re.S | re.M):
        lines = [raw.rstrip() for raw in body.replace("\\\n", " ").splitlines()]
        if any(line.startswith("$ ") for line in lines):  # a transcript
            out: list[Line] = []
            for line in lines:
                if line.startswith("$ "):
                    out.append(Line(line[2:].strip(), ()))
                elif out and line.strip():
                    out[-1] = Line(out[-1].command, out[-1].output + (line,))  # type: ignore[operator]
            blocks.append(out)
        else:
            blocks.append([Line(line.strip(), None) for line in lines if line.strip()])
    return blocks


def without_comment(line: str) -> str:
    return " ".join(re.sub(r"\s+#.*$", "", line).split())


def expand(line: str, env: dict) -> str:
    unset = [m.group(1) for m in re.finditer(r"\$\{?(\w+)\}?", line) if m.group(1) not in env]
    assert not unset, f"{line!r}: ${unset[0]} is not set above it in this document"
    return re.sub(r"\$\{?(\w+)\}?", lambda m: env[m.group(1)], line)


def line_pattern(expected: str) -> re.Pattern[str]:
    """An output line as shown: ``...`` any text, a decimal number any number."""
    parts = []
    for i, text in enumerate(expected.rstrip().split("...")):
        if i:
            parts.append(".*")
        for j, piece in enumerate(re.split(r"(\d+\.\d+)", text)):
            parts.append(r"\d+(?:\.\d+)?" if j % 2 else re.escape(piece))
    return re.compile("".join(parts))


def output_matches(expected: tuple[str, ...], actual: list[str]) -> bool:
    """Whether the shown lines match the printed ones (``...`` alone: any lines)."""
    shown = [line for line in expected if line.strip()]
    got = [line.rstrip() for line in actual if line.strip()]

    @functools.lru_cache(maxsize=None)
    def match(i: int, j: int) -> bool:
        if i == len(shown):
            return j == len(got)
        if shown[i].strip() == "...":
            return any(match(i + 1, k) for k in range(j, len(got) + 1))
        return j < len(got) and bool(line_pattern(shown[i]).fullmatch(got[j])) and match(i + 1, j + 1)

    return match(0, 0)


def run_line(line: str, env: dict, cwd: Path, capsys, monkeypatch) -> tuple[int, str, list[str]] | None:
    """Run one command; None for a variable assignment. The exit code, what it printed, and
    the files it was told to write."""
    from pencilproof.cli import main
    m = re.fullmatch(r"(\w+)=(\S+)", without_comment(line))
    if m:
        env[m.group(1)] = m.group(2)
        return None
    words = shlex.split(expand(line, env), comments=True)
    stdin = ""
    if "|" in words:  # only "cat FILE | command" is used
        i = words.index("|")
        assert words[:1] == ["cat"] and i == 2, f"unsupported pipe in {line!r}"
        stdin = (cwd / words[1]).read_text(encoding="utf-8")
        words = words[i + 1:]
    written = [words[i + 1] for i, w in enumerate(words[:-1]) if w in WRITES]
    target = None
    if ">" in words:
        i = words.index(">")
        assert i == len(words) - 2, f"unsupported redirection in {line!r}"
        target, words = words[-1], words[:i]
    assert words[0] in PROGRAMS, f"not a pencilproof command: {line!r} (run it or add to SKIP)"
    argv = words[1:]
    if argv[:1] == ["generate"] and "--count" in argv:
        i = argv.index("--count") + 1
        argv[i] = str(min(int(argv[i]), MAX_COUNT))
    key = (tuple(argv), stdin)
    if not written and key in _SEEN:  # the same command on the same shipped files, shown twice
        code, out, err = _SEEN[key]
    else:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        capsys.readouterr()
        code = main(argv)
        out, err = capsys.readouterr()
        if not written and not target:
            _SEEN[key] = (code, out, err)
    if target:
        (cwd / target).write_text(out, encoding="utf-8")
    assert "Traceback" not in err, (line, err)
    # generate's progress lines (every 10 s off a terminal) depend on the machine's speed
    err = "".join(x for x in err.splitlines(keepends=True) if not PROGRESS.match(x))
    return code, out + err, written


def run_document(path: Path, work: Path, capsys, monkeypatch) -> tuple[int, list[str]]:
    """Run every command of one document in ``work``: how many ran, and what went wrong."""
    shutil.copytree(ROOT / EXAMPLES, work / EXAMPLES)
    monkeypatch.chdir(work)
    env: dict = {}
    ran, wrong = 0, []
    name = path.relative_to(ROOT)
    for block in sh_blocks(path.read_text(encoding="utf-8")):
        for line in block:
            key = without_comment(line.command)
            if key in SKIP:
                continue
            result = run_line(line.command, env, work, capsys, monkeypatch)
            if result is None:
                continue
            code, printed, written = result
            ran += 1
            if code != EXPECTED.get(key, 0):
                wrong.append(f"{name}: {key!r}: exit {code}, expected {EXPECTED.get(key, 0)}")
            if line.output is not None and not output_matches(line.output, printed.splitlines()):
                wrong.append(f"{name}: {key!r} printed:\n{printed}\nthe document shows:\n"
                             + "\n".join(line.output))
            for file in written:
                if not (work / file).is_file() or (work / file).stat().st_size == 0:
                    wrong.append(f"{name}: {key!r} wrote no {file}")
    return ran, wrong


@pytest.mark.parametrize("path", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_documented_command_runs_as_shown(path, tmp_path, capsys, monkeypatch):
    ran, wrong = run_document(path, tmp_path, capsys, monkeypatch)
    assert not wrong, "\n".join(wrong)
    blocks = sh_blocks(path.read_text(encoding="utf-8"))
    runnable = [line for block in blocks for line in block
                if without_comment(line.command) not in SKIP and not re.fullmatch(r"\w+=\S+", line.command)]
    assert ran == len(runnable)
    if path == README:
        assert ran >= 10


def test_the_readme_shows_output_and_runs_commands():
    blocks = sh_blocks(README.read_text(encoding="utf-8"))
    shown = [line for block in blocks for line in block if line.output]
    assert len(shown) >= 6  # check, verify, generate, minimize, repair, grade


def test_tables_name_only_lines_of_the_documents():
    keys = {without_comment(line.command) for path in documents()
            for block in sh_blocks(path.read_text(encoding="utf-8")) for line in block}
    assert set(EXPECTED) <= keys and set(SKIP) <= keys
    assert all(code != 0 for code in EXPECTED.values())


def test_output_matching_reads_the_conventions():
    """The matcher itself: times vary, '...' skips, anything else must be equal."""
    assert output_matches(("a: unique (0.053 s, cadical)",), ["a: unique (1.5 s, cadical)", ""])
    assert not output_matches(("a: unique (0.053 s, cadical)",), ["a: multiple (0.053 s, cadical)"])
    assert output_matches(("first", "...", "last"), ["first", "x", "y", "last"])
    assert not output_matches(("first", "last"), ["first", "x", "last"])
    assert output_matches(("run: 2 jobs, ...",), ["run: 2 jobs, 0.3 s, 173 puzzles/min"])
    assert not output_matches(("only",), ["only", "more"])

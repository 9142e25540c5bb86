"""Every command the README and the documentation pages show runs as written, ends with
the exit code it shows, and prints the output it shows.

Each Markdown file (README.md, then every page under docs/) is one shell session: its
```sh blocks are read top to bottom, ``P=...`` and ``E=...`` set variables (a page starts
with the README's ``P=.venv/bin/pencilproof`` and ``E=src/pencilproof/examples``),
``$P``/``.venv/bin/pencilproof``/``pencilproof`` lines run in-process through
``main(argv)``, ``cat FILE | ...`` feeds FILE to standard input and ``> FILE`` writes
standard output to FILE. In a block of ``$ command`` lines (a transcript) the other lines
are the output shown: each must appear in the real output, in order, with times and rates
(``0.025 s``, ``375 puzzles/min``) free to differ; a shown line ending in ``...`` is
the beginning of a real line, and a line ``...`` alone stands for any lines. The commands run in a temporary
directory holding a copy of ``src/pencilproof/examples``, so whatever they write stays out
of the repository. Anything else in a block must be listed in SKIP with the reason.
"""
from __future__ import annotations

import io
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"
#: Every page whose commands run: the README first, then the documentation.
PAGES = [README] + sorted((ROOT / "docs").rglob("*.md"))
DEFAULT_ENV = {"P": ".venv/bin/pencilproof", "E": "src/pencilproof/examples"}
EXAMPLES = "src/pencilproof/examples"

#: Lines that are not pencilproof commands, and why this test does not run them.
SKIP = {
    "make demo": "builds .venv and checks two examples: the Makefile's job, not this test's",
    "make test": "runs this very test suite",
    "$P serve": "runs a web server until Ctrl-C (tests/test_web_browser.py starts one)",
    "$P serve --port 8080 --open": "runs a web server until Ctrl-C and opens a browser",
    ".venv/bin/pip install -q -e '.[web]'": "installs into the venv (make test has done it)",
    ".venv/bin/python -m build --wheel --outdir dist .": "tests/test_wheel.py builds the wheel",
}

#: Exit codes other than 0, keyed by the command as the README writes it (continuation
#: lines joined, the trailing comment removed). The README says each of these too.
EXPECTED = {
    "$P check 'https://puzz.link/p?canal/6/6/4j4p4h4p6j6'": 1,
    "$P check -q --cluster local:2 $E/batch.jsonl": 1,
    "$P check $E/puzzle.txt $E/more.json $E/batch.jsonl": 1,
    "$P check --json $E/batch.jsonl > verdicts.jsonl": 1,
    "$P check --cluster local:2 $E/batch.jsonl": 1,
    "$P verify $E/puzzle.txt $E/answer.txt": 1,
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
#: so the whole README runs in seconds.
MAX_COUNT = 2
PROGRAMS = ("pencilproof", ".venv/bin/pencilproof")


def sh_blocks(text: str) -> list[list[tuple[str, list[str]]]]:
    """The command lines of every ```sh block, continuation lines joined, each with the
    output lines a transcript shows after it ([] outside transcripts)."""
    blocks = []
    for body in re.findall(r"^```sh\n(.*?)^```", text, flags=re.S | re.M):
        raw = [line for line in body.replace("\\\n", " ").splitlines()]
        transcript = any(line.startswith("$ ") for line in raw)
        lines: list[tuple[str, list[str]]] = []
        for line in raw:
            if transcript and not line.startswith("$ "):
                if lines and line.strip():
                    lines[-1][1].append(line.rstrip())
                continue
            line = line[2:] if transcript else line
            if line.strip():
                lines.append((line.strip(), []))
        blocks.append(lines)
    return blocks


def written(line: str) -> list[str]:
    """The files a command line says it writes (``-o``, ``--out``, ``--picture``, ``>``)."""
    words = shlex.split(line, comments=True)
    return [words[i + 1] for i, w in enumerate(words[:-1])
            if w in ("-o", "--out", "--picture", ">")]


def normal(line: str) -> str:
    """A line of output with what changes from run to run (times, rates) blanked."""
    line = re.sub(r"\d+ puzzles/min", "N puzzles/min", line.rstrip())
    return re.sub(r"\d+\.\d+", "T", line)


def shown_in(shown: list[str], out: str) -> str | None:
    """None when every shown line is in ``out`` in order; else the first that is not."""
    real = [normal(line) for line in out.splitlines()]
    i = 0
    for want in map(normal, shown):
        if want.strip() == "...":  # an elision: any lines
            continue
        # A shown line cut short with "..." matches the real line it begins.
        prefix = want[:-3] if want.endswith("...") else None
        while i < len(real) and not (real[i] == want or (prefix and real[i].startswith(prefix))):
            i += 1
        if i == len(real):
            return want
        i += 1
    return None


def without_comment(line: str) -> str:
    return " ".join(re.sub(r"\s+#.*$", "", line).split())


def expand(line: str, env: dict) -> str:
    return re.sub(r"\$\{?(\w+)\}?", lambda m: env[m.group(1)], line)


def run_line(line: str, env: dict, cwd: Path, capsys, monkeypatch) -> tuple[int, str] | None:
    """Run one line of a page: its exit code and output; None for a variable assignment."""
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
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    capsys.readouterr()
    code = main(argv)
    out, err = capsys.readouterr()
    if target:
        (cwd / target).write_text(out, encoding="utf-8")
    assert "Traceback" not in err, (line, err)
    return code, out + err


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_command_of_the_page_runs_with_its_exit_code_and_output(page, tmp_path, capsys,
                                                                      monkeypatch):
    shutil.copytree(ROOT / EXAMPLES, tmp_path / EXAMPLES)
    monkeypatch.chdir(tmp_path)
    env: dict = dict(DEFAULT_ENV)
    ran, wrong = 0, []
    for block in sh_blocks(page.read_text(encoding="utf-8")):
        for line, shown in block:
            key = without_comment(line)
            if key in SKIP:
                continue
            done = run_line(line, env, tmp_path, capsys, monkeypatch)
            if done is None:
                continue
            code, out = done
            ran += 1
            for name in written(expand(line, env)):
                if code in (0, 1) and not (tmp_path / name).is_file():
                    wrong.append(f"{key!r}: exit {code} but it wrote no {name}")
            if code != EXPECTED.get(key, 0):
                wrong.append(f"{key!r}: exit {code}, expected {EXPECTED.get(key, 0)}")
            missing = shown_in(shown, out)
            if missing is not None:
                wrong.append(f"{key!r}: the page shows {missing!r}, the output was:\n{out}")
    assert not wrong, "\n".join(wrong)
    if page == README:
        assert ran >= 10


def test_tables_name_only_lines_of_the_pages():
    keys = {without_comment(line) for page in PAGES
            for block in sh_blocks(page.read_text(encoding="utf-8")) for line, _ in block}
    assert set(EXPECTED) <= keys and set(SKIP) <= keys
    assert all(code != 0 for code in EXPECTED.values())

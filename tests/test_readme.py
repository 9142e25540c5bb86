"""Every command the README shows runs as written and ends with the exit code it shows.

Each ```sh block of README.md is read top to bottom like one shell session: ``P=...`` and
``E=...`` set variables, ``$P``/``.venv/bin/pencilproof``/``pencilproof`` lines run
in-process through ``main(argv)``, ``cat FILE | ...`` feeds FILE to standard input and
``> FILE`` writes standard output to FILE. In a block of ``$ command`` lines (a transcript)
the other lines are output and are not run. The commands run in a temporary directory
holding a copy of ``src/pencilproof/examples``, so whatever they write stays out of the
repository. Anything else in a block must be listed in SKIP with the reason.
"""
from __future__ import annotations

import io
import re
import shlex
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"
EXAMPLES = "src/pencilproof/examples"

#: Lines that are not pencilproof commands, and why this test does not run them.
SKIP = {
    "make demo": "builds .venv and checks two examples: the Makefile's job, not this test's",
    "make test": "runs this very test suite",
    "$P serve": "runs a web server until Ctrl-C (tests/test_web_browser.py starts one)",
    "$P serve --port 8080 --open": "runs a web server until Ctrl-C and opens a browser",
    ".venv/bin/pip install -q -e '.[web]'": "installs into the venv (make test has done it)",
}

#: Exit codes other than 0, keyed by the command as the README writes it (continuation
#: lines joined, the trailing comment removed). The README says each of these too.
EXPECTED = {
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


def sh_blocks(text: str) -> list[list[str]]:
    """The command lines of every ```sh block, continuation lines joined."""
    blocks = []
    for body in re.findall(r"^```sh\n(.*?)^```", text, flags=re.S | re.M):
        lines = []
        for raw in body.replace("\\\n", " ").splitlines():
            line = raw.strip()
            if line:
                lines.append(line)
        transcript = any(line.startswith("$ ") for line in lines)
        if transcript:  # only the "$ command" lines; the others are their output
            lines = [line[2:] for line in lines if line.startswith("$ ")]
        blocks.append(lines)
    return blocks


def without_comment(line: str) -> str:
    return " ".join(re.sub(r"\s+#.*$", "", line).split())


def expand(line: str, env: dict) -> str:
    return re.sub(r"\$\{?(\w+)\}?", lambda m: env[m.group(1)], line)


def run_line(line: str, env: dict, cwd: Path, capsys, monkeypatch) -> int | None:
    """Run one README line; None for a variable assignment."""
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
    return code


def test_every_readme_command_runs_with_its_exit_code(tmp_path, capsys, monkeypatch):
    shutil.copytree(ROOT / EXAMPLES, tmp_path / EXAMPLES)
    monkeypatch.chdir(tmp_path)
    env: dict = {}
    ran, wrong = 0, []
    for block in sh_blocks(README.read_text(encoding="utf-8")):
        for line in block:
            key = without_comment(line)
            if key in SKIP:
                continue
            code = run_line(line, env, tmp_path, capsys, monkeypatch)
            if code is None:
                continue
            ran += 1
            if code != EXPECTED.get(key, 0):
                wrong.append(f"{key!r}: exit {code}, expected {EXPECTED.get(key, 0)}")
    assert not wrong, "\n".join(wrong)
    assert ran >= 30
    # What the commands were meant to write is there.
    for name in ("verdicts.jsonl", "two.svg", "result.json", "result.pzprv3", "result.txt",
                 "answer.png", "smaller.txt", "canal10.jsonl", "sym.jsonl", "picky.jsonl",
                 "forced.svg", "repaired.svg", "path.json", "order.svg", "graded.jsonl"):
        assert (tmp_path / name).stat().st_size > 0, name


def test_tables_name_only_lines_of_the_readme():
    keys = {without_comment(line) for block in sh_blocks(README.read_text(encoding="utf-8"))
            for line in block}
    assert set(EXPECTED) <= keys and set(SKIP) <= keys
    assert all(code != 0 for code in EXPECTED.values())

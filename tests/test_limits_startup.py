"""Issue 22: the first moments of the program. A Ctrl-C in them was a KeyboardInterrupt
traceback (15-75 ms after the start on a busy machine): the start-up guard imported
``signal``, which loads ``enum``, ``functools`` and ``collections`` before the guard is
in place; and ``python -m pencilproof.cli`` had no guard at all."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pencilproof import _startup

ROOT = Path(__file__).parent.parent


def test_the_guard_is_in_place_before_any_module_the_interpreter_had_not_loaded(tmp_path):
    """In the import order of a console-script run, the guard module is done before
    ``enum`` or ``signal`` (whatever imports them: pencilproof's later modules)."""
    script = tmp_path / "pencilproof"
    script.write_text("import pencilproof\n")
    r = subprocess.run([sys.executable, "-X", "importtime", str(script)], capture_output=True,
                       text=True, cwd=ROOT, timeout=60)
    names = [line.rsplit("|", 1)[1].strip() for line in r.stderr.splitlines()
             if line.startswith("import time:") and "|" in line]
    guard = names.index("pencilproof._startup")
    late = [n for n in ("enum", "signal", "functools", "collections") if n in names
            and names.index(n) < guard]
    assert late == [] and r.returncode == 0


@pytest.mark.parametrize("argv, program", [
    (["python", "-m", "pencilproof.cli", "check", "p.txt"], True),
    (["python", "-X", "importtime", "-m", "pencilproof.cli"], True),
    (["python", "-m", "pytest", "tests"], False),
    (["python", "mine.py", "-m"], False),
    (["python"], False)])
def test_python_dash_m_pencilproof_cli_is_the_program(argv, program, monkeypatch):
    monkeypatch.setattr(sys, "orig_argv", argv)
    monkeypatch.setitem(sys.modules, "__main__", type(sys)("__main__"))  # no __file__
    assert _startup._is_program() is program


def test_a_ctrl_c_while_python_dash_m_loads_is_one_line(tmp_path):
    """The guard of ``python -m pencilproof.cli``: a SIGINT raised as the package's first
    module is done (a sitecustomize stands in for a Ctrl-C at that moment)."""
    (tmp_path / "pencilproof_probe.py").write_text(
        "import os, signal\nos.kill(os.getpid(), signal.SIGINT)\n")
    code = ("import sys; sys.orig_argv = [sys.executable, '-m', 'pencilproof.cli']; "
            "import pencilproof, pencilproof_probe, time; time.sleep(5); print('not reached')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       cwd=tmp_path, timeout=60,
                       env={"PYTHONPATH": f"{ROOT / 'src'}:{tmp_path}", "PATH": "/usr/bin:/bin"})
    assert (r.returncode, r.stdout, r.stderr) == (130, "", "pencilproof: interrupted\n")

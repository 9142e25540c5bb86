"""The package as users get it: a wheel built from this checkout, installed into a fresh
environment, runs its console script on a bundled example and carries the examples and
the page's static files.

Kept fast and offline: the wheel is built without build isolation by the test
environment's setuptools, and installed with ``--no-deps`` into a new venv whose only
view of the test environment's packages is a ``.pth`` line (z3, python-sat, ...: not
pencilproof, whose editable install is not loaded from there). That the installed
copy, not the checkout, runs is asserted."""
from __future__ import annotations

import email
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

from pencilproof import __version__

ROOT = Path(__file__).parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """Built from a copy of what the wheel is made of: the suite's workers may each build
    it at once, and in the checkout they shared setuptools' build/ directory (one of two
    builds failed in a CI run); the checkout stays as it was, too."""
    tree = tmp_path_factory.mktemp("tree")
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, tree / name)
    shutil.copytree(ROOT / "src", tree / "src",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info"))
    out = tmp_path_factory.mktemp("dist")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                            "--no-build-isolation", "--no-index", "-w", str(out), str(tree)],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stderr[-3000:]
    found = list(out.glob("pencilproof-*.whl"))
    assert len(found) == 1, found
    return found[0]


def test_wheel_holds_the_examples_the_page_and_spdx_metadata(wheel):
    # Flood-It's A* core is compiled (setup.py), so the wheel is this interpreter's and
    # platform's, and holds the extension module.
    py = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert wheel.name.startswith(f"pencilproof-{__version__}-{py}-{py}-")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        meta = email.message_from_bytes(z.read(f"pencilproof-{__version__}.dist-info/METADATA"))
    assert "pencilproof/encodings/floodit/_astar" + sysconfig.get_config_var("EXT_SUFFIX") in names
    examples = {Path(n).name for n in names if n.startswith("pencilproof/examples/")}
    shipped = {p.name for p in (ROOT / "src/pencilproof/examples").iterdir() if p.is_file()}
    assert examples == shipped
    static = {Path(n).name for n in names if n.startswith("pencilproof/web/static/")}
    assert static == {p.name for p in (ROOT / "src/pencilproof/web/static").iterdir() if p.is_file()}
    assert "index.html" in static
    assert f"pencilproof-{__version__}.dist-info/licenses/LICENSE" in names
    assert meta["License-Expression"] == "MIT"
    assert meta["Version"] == __version__
    assert {"png", "cluster", "web", "test", "docs", "all"} <= set(meta.get_all("Provides-Extra"))
    assert not any(n.startswith(("tests/", "docs/", "benchmarks/")) for n in names)


def test_wheel_installs_into_a_fresh_venv_and_its_console_script_checks(wheel, tmp_path):
    env = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env)
    bin_dir = env / ("Scripts" if sys.platform == "win32" else "bin")
    python = bin_dir / "python"
    ask = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    purelib = Path(subprocess.run([str(python), "-c", ask], check=True, capture_output=True,
                                  text=True).stdout.strip())
    # The test environment's dependencies, seen from the fresh venv (after its own packages).
    (purelib / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
                    "--no-index", str(wheel)], check=True, capture_output=True, text=True)
    where = subprocess.run([str(python), "-c", "import pencilproof; print(pencilproof.__file__)"],
                           check=True, capture_output=True, text=True, cwd=tmp_path).stdout.strip()
    assert Path(where).is_relative_to(purelib), where
    example = purelib / "pencilproof" / "examples" / "puzzle.txt"
    run = subprocess.run([str(bin_dir / "pencilproof"), "check", str(example)],
                         capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"{example}: unique (")
    version = subprocess.run([str(bin_dir / "pencilproof"), "--version"],
                             capture_output=True, text=True, cwd=tmp_path)
    assert version.stdout == f"pencilproof {__version__}\n"
    assert (purelib / "pencilproof" / "web" / "static" / "index.html").is_file()

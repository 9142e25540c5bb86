"""The wheel a user installs: built from this checkout, installed into a fresh virtual
environment, it runs on its own (console script, bundled examples, the page's files).

The fresh environment sees the test environment's dependencies through a path file (one
directory appended to ``sys.path``, whose own path files are not read, so the checkout's
editable install stays out of it): the test proves what the wheel carries, not PyPI's
copies of z3 and python-sat, and runs with no network in a few seconds.
"""
from __future__ import annotations

import site
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from pencilproof import __version__

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir",
                    str(out), str(ROOT)], check=True, capture_output=True, timeout=300)
    found = list(out.glob("pencilproof-*.whl"))
    assert len(found) == 1, found
    return found[0]


def test_the_wheel_carries_the_examples_the_page_and_the_licence(wheel):
    assert wheel.name == f"pencilproof-{__version__}-py3-none-any.whl"
    names = set(zipfile.ZipFile(wheel).namelist())
    examples = {p.name for p in (ROOT / "src/pencilproof/examples").iterdir()}
    assert {f"pencilproof/examples/{n}" for n in examples} <= names
    static = {p.relative_to(ROOT / "src").as_posix()
              for p in (ROOT / "src/pencilproof/web/static").rglob("*") if p.is_file()}
    assert static and static <= names
    meta = zipfile.ZipFile(wheel).read(f"pencilproof-{__version__}.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in meta
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


def test_the_installed_wheel_runs_on_its_own(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(env_dir)], check=True, timeout=120)
    py = env_dir / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                    str(wheel)], check=True, capture_output=True, timeout=120)
    purelib = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()"
                              "['purelib'])"], check=True, capture_output=True, text=True
                             ).stdout.strip()
    deps = [p for p in site.getsitepackages() + [sysconfig.get_paths()["purelib"]]
            if Path(p).is_dir()]
    Path(purelib, "test-dependencies.pth").write_text("\n".join(deps) + "\n")
    script = env_dir / "bin" / "pencilproof"

    where = subprocess.run([str(py), "-c", "import pencilproof; print(pencilproof.__file__)"],
                           check=True, capture_output=True, text=True, cwd=tmp_path).stdout
    assert where.startswith(str(env_dir)), where  # the wheel's copy, not the checkout's

    version = subprocess.run([str(script), "--version"], capture_output=True, text=True,
                             cwd=tmp_path)
    assert version.stdout == f"pencilproof {__version__}\n"

    examples = Path(where.strip()).parent / "examples"
    done = subprocess.run([str(script), "check", "-q", str(examples / "canal-course-17.txt"),
                           str(examples / "canal-course-25.txt")],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"{examples / 'canal-course-17.txt'}: unique (")
    assert lines[1].startswith(f"{examples / 'canal-course-25.txt'}: multiple (")
    assert done.returncode == 1 and done.stderr == ""

    # Installed from a wheel, the hint for a missing extra names the package, not a checkout.
    hint = subprocess.run([str(py), "-c", "from pencilproof.errors import install_hint; "
                           "print(install_hint('web'))"], capture_output=True, text=True,
                          cwd=tmp_path)
    assert hint.stdout == "pip install 'pencilproof[web]'\n"

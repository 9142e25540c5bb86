"""The one compiled part of pencilproof: Flood-It's A* core (C, CPython API).

Optional: where no C compiler is found the install goes on without it and Flood-It uses the
same search in Python (same answers, some ten times slower). Everything else lives in
pyproject.toml."""
from setuptools import Extension, setup

setup(ext_modules=[Extension(
    "pencilproof.encodings.floodit._astar",
    ["src/pencilproof/encodings/floodit/_astar.c"],
    extra_compile_args=["-O2", "-Wall", "-Wextra", "-Wno-missing-field-initializers"],
    optional=True,
)])

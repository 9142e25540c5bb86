PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test lint docs bench clean browser

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# setup.py builds the one compiled part (Flood-It's A*): a changed C source is built again.
COMPILED := setup.py src/pencilproof/encodings/floodit/_astar.c

$(VENV)/.installed: $(BIN)/python pyproject.toml $(COMPILED)
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.installed-test: $(BIN)/python pyproject.toml $(COMPILED)
	$(BIN)/pip install -q -e '.[test]'
	touch $@ $(VENV)/.installed

demo: $(VENV)/.installed
	$(BIN)/pencilproof check src/pencilproof/examples/canal-course-17.txt src/pencilproof/examples/canal-course-25.txt; \
	  echo "(exit code $$?: 0 unique, 1 multiple or no solution)"

# The tests that measure wall time (tests/conftest.py marks them 'timed') run on their own,
# after the rest has run on every core (at most 4): one CI run took 9.5 min in one process.
test: lint docs browser
	$(BIN)/python -m pytest -n auto --maxprocesses 4 -m "not timed"
	$(BIN)/python -m pytest -m timed

# The documentation site (Sphinx + myst-parser + furo, the 'docs' extra, in the test extra
# too): -W makes every warning (a broken link, a page in no table of contents, a missing
# page) an error, -n reports every reference that does not resolve, -E reads every page
# again (the genre tables come from the registry, which Sphinx does not watch). No network.
docs: $(VENV)/.installed-test
	$(BIN)/python -m sphinx -E -W --keep-going -n -q -b html docs docs/_build/html

# The browser test (tests/test_web_browser.py) drives Debian's chromium through Playwright
# (a browser build downloaded by 'playwright install' cannot be fetched here). Installed
# when missing; an install that fails stops make test with one line.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "make test: installing Debian's chromium for the browser test"; \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium \
	    >/dev/null; } || { echo "make test: cannot install chromium (apt-get install -y chromium as root), which tests/test_web_browser.py needs" >&2; exit 1; }; }

lint: $(VENV)/.installed-test
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

bench: $(VENV)/.installed-test
	$(BIN)/python benchmarks/canal_course.py
	$(BIN)/python benchmarks/minimize_course.py
	$(BIN)/python benchmarks/generate_throughput.py
	$(BIN)/python benchmarks/smullyan_course.py
	$(BIN)/python benchmarks/akari.py
	$(BIN)/python benchmarks/taiji.py
	$(BIN)/python benchmarks/seed_taiji.py
	$(BIN)/python benchmarks/cluster.py
	$(BIN)/python benchmarks/formats.py
	$(BIN)/python benchmarks/big_grids.py
	$(BIN)/python benchmarks/fuzz_cli.py --cases 5000

clean:
	rm -rf $(VENV) build dist docs/_build src/*.egg-info

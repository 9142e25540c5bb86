PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.installed-test: $(BIN)/python pyproject.toml
	$(BIN)/pip install -q -e '.[test]'
	touch $@ $(VENV)/.installed

demo: $(VENV)/.installed
	$(BIN)/pencilproof check src/pencilproof/examples/canal-course-17.txt src/pencilproof/examples/canal-course-25.txt; \
	  echo "(exit code $$?: 0 unique, 1 multiple or no solution)"

test: lint
	$(BIN)/python -m pytest

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
	rm -rf $(VENV) build src/*.egg-info

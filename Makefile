# make play / make test / make bench work on a fresh machine with nothing but Python.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EXTRAS ?= web,rl,openspiel,sim,ray,bench,dev

.PHONY: play test lint bench venv system-deps playthroughs lengths clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

ENGINE := $(VENV)/.engine
ENGINE_SOURCES := setup.py $(shell find src/meja/core src/meja/games src/meja/bots -name '*.py')

# Everything installed, the engine as pure Python: the compiled engine is built next.
$(STAMP): pyproject.toml | $(BIN)/python
	MEJA_PURE=1 $(BIN)/python -m pip install --quiet -e ".[$(EXTRAS)]"
	touch $(STAMP)

# The engine compiled in place by mypyc, again whenever one of its sources changes, so that
# no edit runs stale compiled code (meja --version says which engine runs).
$(ENGINE): $(STAMP) $(ENGINE_SOURCES)
	-@PYTHON=$(BIN)/python ./scripts/system_deps.sh compiler
	$(BIN)/python -m pip install --quiet "setuptools>=77" "mypy>=1.10"
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $(ENGINE)

venv: $(STAMP) $(ENGINE)

system-deps:
	@PYTHON=$(PYTHON) ./scripts/system_deps.sh

lint: venv
	$(BIN)/ruff check setup.py src tests benchmarks scripts examples
	$(BIN)/mypy

# The whole suite on the compiled engine, then the rules, the bots, the golden playthroughs and a
# shorter conformance run on the pure-Python one: both must behave alike.
test: system-deps venv lint
	MEJA_EXPECT_BUILD=compiled $(BIN)/python -m pytest -n 2
	MEJA_PURE=1 MEJA_EXPECT_BUILD=pure MEJA_CONFORMANCE_GAMES=200 $(BIN)/python -m pytest -n 2 \
	  tests/core tests/games tests/bots tests/test_build.py tests/test_playthroughs.py \
	  tests/test_conformance.py

bench: venv
	$(BIN)/python benchmarks/bench_engine.py
	$(BIN)/python benchmarks/bench_env.py
	$(BIN)/python benchmarks/bench_bots.py
	$(BIN)/python benchmarks/bench_room.py
	$(BIN)/python benchmarks/bench_server.py

play: venv
	$(BIN)/meja serve --open

playthroughs: venv
	$(BIN)/python scripts/regen_playthroughs.py

lengths: venv
	$(BIN)/python scripts/game_lengths.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache

# make play / make test / make bench work on a fresh machine with nothing but Python.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
EXTRAS ?= web,server,rl,openspiel,sim,ray,bench,dev
# setup.py's build needs these; installed first, so that no install builds meja in isolation
BUILD_TOOLS := "setuptools>=77" "mypy>=1.10"
PLAYABLE := $(VENV)/.playable
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck bench venv engine system-deps playthroughs lengths clean

$(BIN)/python:
	@echo "meja: making a virtual environment in $(VENV)"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# What playing in the browser needs: meja with its web extra. The engine is compiled apart
# (scripts/build_engine.py), never by pip.
$(PLAYABLE): pyproject.toml | $(BIN)/python
	@echo "meja: installing what playing needs (meja and its web extra)"
	$(BIN)/python -m pip install --quiet $(BUILD_TOOLS)
	MEJA_COMPILE=later $(BIN)/python -m pip install --quiet --no-build-isolation -e ".[web]"
	touch $@

# Every extra, for the tests, the benchmarks, RL and simulation.
$(STAMP): pyproject.toml | $(BIN)/python
	@echo "meja: installing meja with every extra ($(EXTRAS)); this takes a few minutes"
	$(BIN)/python -m pip install --quiet $(BUILD_TOOLS)
	MEJA_COMPILE=later $(BIN)/python -m pip install --quiet --no-build-isolation -e ".[$(EXTRAS)]"
	touch $@ $(PLAYABLE)

# The engine compiled by mypyc beside its sources; the script does nothing when it is up to
# date with every source, so no edit runs stale compiled code (meja --version says which runs).
engine: $(PLAYABLE)
	-@PYTHON=$(BIN)/python ./scripts/system_deps.sh compiler
	$(BIN)/python scripts/build_engine.py

venv: $(STAMP) engine

system-deps:
	@PYTHON=$(PYTHON) ./scripts/system_deps.sh

lint: venv
	$(BIN)/ruff check setup.py src tests benchmarks scripts examples
	$(BIN)/mypy

# TypeScript's checker over the browser table's ES modules (tsconfig.json; nothing is built or
# emitted). npm ci installs the pinned checker when node_modules is missing or the lock is newer.
NODE_STAMP := node_modules/.package-lock.json
$(NODE_STAMP): package-lock.json
	npm ci --no-audit --no-fund
	touch $@

typecheck: $(NODE_STAMP)
	npx --no -- tsc -p tsconfig.json

# The whole suite on the compiled engine, then the rules, the bots, the golden playthroughs and a
# shorter conformance run on the pure-Python one: both must behave alike.
test: system-deps venv lint typecheck
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

# The lobby at once (on PORT), on the pure-Python engine while the compiled one builds in the
# background for the next start.
PORT ?= 8000
play: $(PLAYABLE)
	@$(BIN)/python scripts/build_engine.py --background
	$(BIN)/meja serve --open --port $(PORT)

playthroughs: venv
	$(BIN)/python scripts/regen_playthroughs.py

lengths: venv
	$(BIN)/python scripts/game_lengths.py

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache .mypy_cache node_modules

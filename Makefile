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

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[$(EXTRAS)]"
	touch $(STAMP)

venv: $(STAMP)

system-deps:
	@./scripts/system_deps.sh

lint: venv
	$(BIN)/ruff check src tests benchmarks scripts examples
	$(BIN)/mypy

test: venv system-deps lint
	$(BIN)/python -m pytest -n 2

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

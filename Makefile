# Companion: `make run` serves the app, `make test` runs every test. Only Python 3 and make needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run dev test bench lint setup clean translations messages migration

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $@

$(TEST_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

setup: $(STAMP)
	$(BIN)/flask --app companion translations
	$(BIN)/flask --app companion migrate

run: setup
	$(BIN)/python -m companion.serve

dev: setup
	$(BIN)/flask --app companion run --debug --host $${HOST:-0.0.0.0} --port $${PORT:-5000}

test: $(TEST_STAMP) setup
	@bash scripts/ensure-chromium.sh
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

bench: $(TEST_STAMP) setup
	@for script in benchmarks/bench_*.py; do $(BIN)/python $$script || exit 1; done

translations: $(STAMP)
	$(BIN)/flask --app companion translations

# Extract every translatable string into messages.pot and update the ar/fa catalogues
# (translations kept), then compile them; tests/test_i18n.py lists what is left to translate.
messages: $(STAMP)
	$(BIN)/python -m companion.catalogs
	$(BIN)/flask --app companion translations

# After changing companion/models*.py: write the next schema migration from the models,
# e.g. make migration m="players get a nickname"; read it, then `make run` applies it.
migration: $(STAMP)
	@test -n "$(m)" || { echo 'Say what changed: make migration m="players get a nickname"'; exit 2; }
	$(BIN)/flask --app companion migration -m "$(m)"

clean:
	rm -rf $(VENV) static/vendor instance/static .pytest_cache .hypothesis

# Companion: `make run` serves the app, `make test` runs every test. Only Python 3 and make needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run dev test bench lint setup clean translations messages

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

clean:
	rm -rf $(VENV) static/vendor .pytest_cache .hypothesis

# Companion: `make run` serves the app, `make test` runs every test. Only Python 3 and make needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
LOCKED := $(VENV)/.locked
# The exact versions (and their hashes) to install, written by `make lock` from pyproject.toml.
LOCK := requirements.txt
TEST_LOCK := requirements-test.txt
# Every package exactly as locked, each file checked against its hash; nothing else resolved.
PIP_LOCKED := $(BIN)/pip install --quiet --require-hashes --no-deps -r

.PHONY: run dev test bench lint setup clean translations messages migration lock

# A changed lock builds the environment anew, so nothing the lock dropped stays installed.
$(LOCKED): $(LOCK) $(TEST_LOCK)
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(PIP_LOCKED) $(LOCK)
	touch $@

# Companion itself, from this folder (its build backend comes from the lock too).
$(STAMP): $(LOCKED) pyproject.toml
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

$(TEST_STAMP): $(STAMP)
	$(PIP_LOCKED) $(TEST_LOCK)
	touch $@

setup: $(STAMP)
	$(BIN)/flask --app companion translations
	$(BIN)/flask --app companion migrate

run: setup
	@# gevent patches the process before anything is imported: the database drivers (psycopg
	@# picks its way of waiting at import), sockets and locks all wait cooperatively.
	$(BIN)/python -m gevent.monkey --module companion.serve

dev: setup
	$(BIN)/flask --app companion run --debug --host $${HOST:-0.0.0.0} --port $${PORT:-5000}

test: $(TEST_STAMP) setup
	@bash scripts/ensure-chromium.sh
	$(BIN)/ruff check .
	$(BIN)/mypy
	@# Three workers on two cores: a browser test spends much of its time waiting on Chromium.
	$(BIN)/python -m pytest -n 3 $(PYTEST_ARGS)

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

# Write the lock files again from pyproject.toml (a new or changed dependency), keeping every
# locked version that still fits; `make lock upgrade=flask` moves one package to its newest.
# uv does the resolving; it is installed on first use into .venv-lock, beside the app's .venv.
LOCK_VENV := .venv-lock
UV := $(LOCK_VENV)/bin/uv
BUILD_REQUIRES := $(PYTHON) -c 'import tomllib; \
	print(*tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"], sep="\n")'
UV_COMPILE := $(UV) pip compile --quiet --universal --python-version 3.11 --generate-hashes \
	--custom-compile-command "make lock" $(if $(upgrade),--upgrade-package $(upgrade))

$(UV):
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/pip install --quiet uv

# The build backend is locked too: the app is installed with --no-build-isolation.
lock: $(UV)
	$(BUILD_REQUIRES) | $(UV_COMPILE) pyproject.toml - --extra test -o $(TEST_LOCK)
	$(BUILD_REQUIRES) | $(UV_COMPILE) pyproject.toml - -c $(TEST_LOCK) -o $(LOCK)

clean:
	rm -rf $(VENV) $(LOCK_VENV) static/vendor instance/static .pytest_cache .hypothesis

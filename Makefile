# The two commands a new user needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Where `make run` serves: `make run PORT=8123`, `make run HOST=127.0.0.1 WORKERS=2`;
# DATABASE: an SQLite file or a postgresql:// URL (default: the instance folder).
HOST ?= 0.0.0.0
PORT ?= 8000
WORKERS ?= 1
DATABASE ?=

.PHONY: run test lint typecheck clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The production server (gunicorn); it prints the address phones open and its QR code.
run: $(STAMP)
	$(BIN)/companion serve --host $(HOST) --port $(PORT) --workers $(WORKERS) \
		$(if $(DATABASE),--database '$(DATABASE)')

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

test: $(STAMP) lint typecheck
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

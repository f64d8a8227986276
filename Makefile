# mjlog: two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev
SAMPLE := data/sample

.PHONY: demo test bench venv install dev clean help

help:  ## list the targets
	@grep -E '^[a-z]+:.*##' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(DEVSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $@ $(STAMP)

install: $(STAMP)  ## create .venv and install mjlog

dev: $(DEVSTAMP)  ## install mjlog with the test and benchmark extras

demo: $(STAMP)  ## show and audit the sample logs that ship in data/sample
	@for f in $(SAMPLE)/*.xml; do $(BIN)/mjlog show "$$f" || exit 1; echo; done
	$(BIN)/mjlog audit --no-progress $(SAMPLE)

test: $(DEVSTAMP)  ## run the test suite (corpus tests skip without ../shared/corpus)
	$(BIN)/python -m pytest

bench: $(DEVSTAMP)  ## run the throughput benchmarks on the corpus
	@for b in benchmarks/*.py; do echo "== $$b"; $(BIN)/python "$$b" || exit 1; done

clean:  ## remove the venv and generated files
	rm -rf $(VENV) reports .pytest_cache *.egg-info data/demo.duckdb

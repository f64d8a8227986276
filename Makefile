# mjlog: two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev
SAMPLE := data/sample
DB     := data/demo.duckdb
BEIJING := reports/beijing-games

.PHONY: demo test test-fast bench notebooks venv install dev clean help

help:  ## list the targets
	@grep -E '^[a-z]+:.*##' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml setup.py $(wildcard mjlog/csrc/*) | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(DEVSTAMP): pyproject.toml setup.py $(wildcard mjlog/csrc/*) | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $@ $(STAMP)

install: $(STAMP)  ## create .venv and install mjlog

dev: $(DEVSTAMP)  ## install mjlog with the test and benchmark extras

demo: $(DEVSTAMP)  ## show, audit and ingest the sample games, simulate and audit two Beijing games, then write the reports and game pages
	$(BIN)/mjlog show $(SAMPLE)/sim-tenhou-4p-south-2024-0.xml
	@echo
	$(BIN)/mjlog show $(SAMPLE)/sim-tenhou-3p-south-2024-0.xml
	@echo
	$(BIN)/mjlog audit --no-progress $(SAMPLE)
	@echo
	rm -rf $(BEIJING)
	$(BIN)/mjlog simulate --no-progress --games 2 --rules beijing --seed 1 -o $(BEIJING)
	$(BIN)/mjlog show $(BEIJING)/sim-beijing-1-0.xml
	$(BIN)/mjlog audit --no-progress $(BEIJING)
	@echo
	rm -f $(DB) $(DB).wal
	$(BIN)/mjlog ingest --no-progress --db $(DB) $(SAMPLE)
	$(BIN)/mjlog query --db $(DB) "SELECT rule_set, count(*) AS games, sum(n_rounds) AS rounds, sum(n_findings) AS findings FROM games GROUP BY rule_set ORDER BY rule_set"
	$(BIN)/mjlog stats --db $(DB) --include-synthetic
	$(BIN)/mjlog schemes compare --db $(DB)
	$(BIN)/mjlog whatif --db $(DB) --local-yaku all --include-synthetic
	$(BIN)/python scripts/run_notebooks.py --db $(DB)
	$(BIN)/mjlog plot $(SAMPLE)/sim-tenhou-4p-south-2024-0.xml -o reports/plot-4p-south-0.png
	$(BIN)/mjlog view $(SAMPLE)/sim-tenhou-4p-south-2024-0.xml -o reports/view-4p-south-0.html
	$(BIN)/mjlog view $(SAMPLE)/sim-tenhou-3p-south-2024-0.xml -o reports/view-3p-south-0.html
	@echo "reports written to reports/ (open reports/*.html)"

notebooks: $(DEVSTAMP)  ## execute every notebook into HTML under reports/
	$(BIN)/python scripts/run_notebooks.py

test: $(DEVSTAMP)  ## run the test suite (corpus tests skip without ../shared/corpus)
	$(BIN)/python -m pytest

test-fast: $(DEVSTAMP)  ## the fast subset: no corpus, nothing marked slow (a check before each commit)
	$(BIN)/python -m pytest -m "not corpus and not slow"

bench: $(DEVSTAMP)  ## run the throughput benchmarks on the corpus
	@for b in benchmarks/*.py; do echo "== $$b"; $(BIN)/python "$$b" || exit 1; done

clean:  ## remove the venv and generated files
	rm -rf $(VENV) reports .pytest_cache *.egg-info $(DB) $(DB).wal

# dominolab — the two commands: `make lab` and `make test`.
# Each creates .venv on first use (Python >= 3.10 from $(PYTHON)).

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8888
ARGS   ?=
STAMP  := $(VENV)/.installed
# JupyterLab refuses to run as root unless told.
ROOT_FLAG := $(shell [ "$$(id -u)" = "0" ] && echo --allow-root)
PYTEST_ARGS ?=
LITE_PORT ?= 8000

.PHONY: lab test lint unit notebooks browser-test bench soak binder-check lite lite-serve venv clean help

help:
	@echo "make lab        - open JupyterLab at notebooks/00-start-here.ipynb (PORT=$(PORT) ARGS=...)"
	@echo "make test       - every test: types (mypy), lint (ruff), unit, property, doctest,"
	@echo "                  notebooks (nbval), browser"
	@echo "make lint       - only mypy and ruff"
	@echo "make bench      - run benchmarks/ and print their tables"
	@echo "make soak       - the front-door fuzzer (prints its counts), then the long runs"
	@echo "                  (pytest -m slow)"
	@echo "make binder-check - build a fresh env from binder/ and validate the notebooks"
	@echo "make lite       - build the static browser site (JupyterLite) into _site/"
	@echo "make lite-serve - build it if stale and serve it on 127.0.0.1 (LITE_PORT=$(LITE_PORT))"

venv: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "dominolab needs Python 3.10 or newer"'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	$(PY) -m dominolab._labsettings
	touch $(STAMP)

lab: $(STAMP)
	@$(VENV)/bin/jupyter trust notebooks/*.ipynb notebooks/ru/*.ipynb >/dev/null
	$(VENV)/bin/jupyter lab --ServerApp.root_dir=$(CURDIR) --port=$(PORT) $(ROOT_FLAG) \
		--LabApp.default_url=/lab/tree/notebooks/00-start-here.ipynb $(ARGS)

# Unit, property and doctests, then every notebook (nbval), then the browser
# tests (they skip themselves with a reason when Chromium is absent; under
# CI=true a missing Chromium is an error instead).
test: lint
	$(PY) -m pytest -m "not slow" $(PYTEST_ARGS) tests dominolab notebooks --nbval-lax --nbval-current-env \
		--nbval-sanitize-with tests/nbval_sanitize.cfg

# The type checker and the linter (configured in pyproject.toml) are part of the tests.
lint: $(STAMP)
	$(PY) -m mypy
	$(PY) -m ruff check dominolab tests benchmarks tools

unit: $(STAMP)
	$(PY) -m pytest -m "not slow" $(PYTEST_ARGS) tests dominolab --ignore=tests/browser

notebooks: $(STAMP)
	$(PY) -m pytest $(PYTEST_ARGS) notebooks --nbval-lax --nbval-current-env \
		--nbval-sanitize-with tests/nbval_sanitize.cfg

browser-test: lint
	$(PY) -m pytest $(PYTEST_ARGS) tests/browser

# The long runs: the front-door fuzzer first (it prints its counts: 10^5 parser inputs,
# 4,000 command-line runs, widget messages), then every slow test.
soak: $(STAMP)
	$(PY) tests/fuzz_front_door.py --parsers 100000 --cli 4000 --widgets 3000
	$(PY) -m pytest -m slow $(PYTEST_ARGS) tests

bench: $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,bench]'
	@set -e; for f in benchmarks/bench_*.py; do \
		echo "== $$f"; $(PY) $$f; echo; done

# Reproduce what Binder (repo2docker) builds: a fresh venv from binder/ files,
# installed from the repository root, then validate every notebook in it.
BINDER_VENV ?= /tmp/dominolab-binder-venv
binder-check:
	rm -rf $(BINDER_VENV)
	$(PYTHON) -m venv $(BINDER_VENV)
	$(BINDER_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(BINDER_VENV)/bin/python -m pip install --quiet -r binder/requirements.txt jupyterlab nbval pytest
	if [ -x binder/postBuild ]; then PATH=$(BINDER_VENV)/bin:$$PATH binder/postBuild; fi
	cd /tmp && $(BINDER_VENV)/bin/python -m pytest -p no:cacheprovider --nbval-lax --nbval-current-env \
		--nbval-sanitize-with $(CURDIR)/tests/nbval_sanitize.cfg $(CURDIR)/notebooks

# The whole course as a static site that runs in the browser with no server
# (JupyterLite + Pyodide): built into _site/ from PyPI and npm only, downloads
# cached in .lite-cache/, every version pinned in lite/pins.toml. A build of the
# same checkout is reused; LITE_ARGS=--force builds again.
LITE_ARGS ?=
lite: $(STAMP)
	$(PY) tools/build_lite.py $(LITE_ARGS)

lite-serve: $(STAMP)
	$(PY) tools/build_lite.py --serve --port $(LITE_PORT) $(LITE_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis _site _site.partial .lite-cache

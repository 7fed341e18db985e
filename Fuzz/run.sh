#!/usr/bin/env bash
# Builds the libFuzzer targets (Package.swift here) and runs each for FUZZ_SECONDS seconds, seeded
# from the examples, the test fixtures and snapshots, the bundled artwork and Fuzz/seeds; a crasher
# lands in Fuzz/regressions/TARGET/ (keep it: FuzzRegressionTests feeds every file there back in).
# Usage: Fuzz/run.sh [SECONDS] [TARGET...]   (default 5 s, every target; 0 for no time limit)
# A long campaign: FUZZ_RUNS=10000000 stops each target after that many inputs; FUZZ_CONFIGURATION=release
# builds optimized (with -enable-testing, for the targets that reach internal decoders); FUZZ_ASAN=0 leaves
# AddressSanitizer out (libFuzzer still catches traps, timeouts and memory past -rss_limit_mb, at three
# to four times the speed: Swift checks its own memory, and the C libraries are Debian's, not instrumented).
# Those builds go to their own scratch folders, so the everyday build is not rebuilt.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-5}; shift || true
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(FuzzJSON FuzzScene FuzzScript FuzzPath FuzzPNG FuzzAPNG FuzzGIF FuzzDotLottie FuzzLottie)
swift=${SWIFT:-swift}
# swift-frontend keeps only the last -sanitize= flag, so `--sanitize fuzzer --sanitize address` alone
# compiles without coverage (libFuzzer runs blind); the -Xswiftc list comes last and holds both.
# --sanitize fuzzer stays: without it SwiftPM links executables with main=<Module>_main, which
# -parse-as-library (needed so libFuzzer's main is the program's) never emits.
configuration=${FUZZ_CONFIGURATION:-debug}
if [ "${FUZZ_ASAN:-1}" = 0 ]; then
  flags=(--sanitize fuzzer -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library --scratch-path ".build-$configuration-noasan")
else
  flags=(--sanitize fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xcc -fsanitize=address)
  [ "$configuration" = debug ] || flags+=(--scratch-path ".build-$configuration")
fi
[ "$configuration" = debug ] || flags+=(-c "$configuration" -Xswiftc -enable-testing)
"$swift" build "${flags[@]}" -q
bin=$("$swift" build "${flags[@]}" --show-bin-path)
corpus=.build/corpus
seed() {  # seed TARGET FILE...: copies the files into the target's corpus (names made unique)
  local target=$1; shift; mkdir -p "$corpus/$target"
  for f in "$@"; do cp "$f" "$corpus/$target/$(echo "$f" | tr '/' '_')"; done
}
shopt -s globstar nullglob
# The decoders' seeds leave out the bad-input corpus: its documents name /dev/zero and PNG bombs on
# purpose, which the CLI corpus test covers; here they would only make every run read them again.
json=(../examples/**/*.json ../Assets/Sources/*.json ../Tests/*/__Fixtures__/*.json)
# Small images only: libFuzzer mutates faster on short inputs, and the headers are where the trouble is.
mapfile -t pngs < <(find ../Tests ../Assets/Images -name '*.png' -size -16k -not -path '*/bad/*' | sort)
seed FuzzJSON "${json[@]}" ../Tests/FlipbookCLITests/__Fixtures__/bad/json/*.json
seed FuzzScene "${json[@]}"
seed FuzzScript ../examples/scripts/**/*.json ../examples/consumer/**/*.json
seed FuzzPNG "${pngs[@]:0:200}"
seed FuzzAPNG seeds/apng/* "${pngs[@]:0:40}"
seed FuzzGIF seeds/gif/*
# Hand-made archives only (dotLottie 1 and 2, deflated and stored), never lottie-ios's samples.
seed FuzzDotLottie seeds/dotlottie/*
# Small Lottie documents written by hand for the fuzzer (shapes, keyframes, precomps, masks, mattes, text),
# never lottie-ios's samples.
seed FuzzLottie seeds/lottie/*
mkdir -p "$corpus/FuzzPath"
grep -rhoE '"(path|shadowPath)" *: *"[^"]*"' ../examples ../Assets/Sources ../Tests | sed 's/^[^:]*: *"//; s/"$//' |
  sort -u | awk -v dir="$corpus/FuzzPath" '{ print > (dir "/path-" NR ".txt") }'
export LSAN_OPTIONS="suppressions=$PWD/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
status=0
for target in "${targets[@]}"; do
  mkdir -p "regressions/$target" "$corpus/$target"
  echo "== $target: $seconds s"
  # rss_limit_mb: a decoder past 2 GB is a finding (the issue's memory budget), not a reason to stop the machine.
  if ! "$bin/$target" "$corpus/$target" "regressions/$target" ${FUZZ_RUNS:+-runs=$FUZZ_RUNS} -max_total_time="$seconds" -rss_limit_mb=2048 \
    -timeout=10 -max_len=16384 -print_final_stats=1 -artifact_prefix="regressions/$target/" 2> ".build/$target.log"; then
    status=1; echo "$target FOUND A CRASH: see Fuzz/.build/$target.log and Fuzz/regressions/$target/"
  fi
  grep -E '^stat::number_of_executed_units|^stat::average_exec_per_sec|^stat::peak_rss_mb' ".build/$target.log" | tr '\n' ' '
  echo
done
exit $status

#!/usr/bin/env bash
# Runs examples/consumer as a new user would, in a temporary copy that depends on this repository by its
# absolute path, and checks each verdict the documentation promises, under XCTest and Swift Testing alike:
#   1. without references, the first run records every reference and fails, naming each one;
#   2. the second run passes;
#   3. the references committed in examples/consumer pass on CI (CI=true);
#   4. on CI, a missing reference fails, is not written into the package, and lands in SNAPSHOT_ARTIFACTS;
#   5. a changed layer, a refresh view of its own whose armed colour changed, and a UIKit-style refresh control
#      (Sources/RefreshViews, written as for iOS) whose arc colour changed, fail with the expected | diff | actual
#      strip and the diff tool's command;
#   6. one keyframe value changed in each example Lottie animation (examples/lottie) fails its header's tests;
# and it runs the manual's "Using Flipbook from Swift" program, which imports only `Flipbook` and renders a gesture
# script to a folder (its frames and manifest.json are checked). The tests import only `FlipbookTesting` (and the
# package's own UIKit-style views, whose source imports only `FlipbookUIKit` where iOS imports `UIKit`).
# `make test` runs it after the main suite. It builds offline: the only dependency is the repository.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
swift=${SWIFT:-swift}
# The build folder outlives the temporary copy, so later runs rebuild only what changed.
scratch=${CONSUMER_SCRATCH:-$repo/.build/consumer}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
copy=$work/consumer
mkdir -p "$copy"
for part in Package.swift Scripts Animations Sources Tests; do cp -R "$repo/examples/consumer/$part" "$copy/"; done
# The Lottie header tests read the examples beside the package, ../lottie, as they do in the repository.
cp -R "$repo/examples/lottie" "$work/lottie"
snapshots=$copy/Tests/ConsumerTests/__Snapshots__
mv "$snapshots" "$work/committed"
mkdir -p "$snapshots"
sed -i "s|path: \"../..\"|path: \"$repo\"|" "$copy/Package.swift"

passed=0
failed=0
check() { # check "what" command...
  if "${@:2}"; then passed=$((passed + 1)); echo "  ok: $1"; else failed=$((failed + 1)); echo "  FAILED: $1"; fi
}
contains() { grep -qF -- "$1" "$work/out.txt"; }
listing() { (cd "$1" && find . -type f | sort); }
# run_tests NAME VAR=VALUE...: one `swift test` of the copy, environment cleaned of CI and record settings.
run_tests() {
  local name=$1
  shift
  echo "consumer: $name"
  (cd "$copy" && env -u CI -u SNAPSHOT_TESTING_RECORD -u SNAPSHOT_ARTIFACTS "$@" \
    "$swift" test --scratch-path "$scratch") >"$work/out.txt" 2>&1
  status=$?
}

echo "consumer: building examples/consumer against $repo"
start=$SECONDS
if ! (cd "$copy" && env -u CI "$swift" build --build-tests --scratch-path "$scratch") >"$work/build.txt" 2>&1; then
  cat "$work/build.txt"
  echo "consumer: 0 passed, 1 failed"
  exit 1
fi
echo "consumer: built in $((SECONDS - start)) s"

echo "consumer: the manual's \"Using Flipbook from Swift\" program, which imports only Flipbook"
check "it imports only Flipbook" test "$(grep -h '^import ' "$copy"/Sources/using-flipbook/*.swift)" == "import Flipbook"
check "the tests import only FlipbookTesting (a test framework, and the package's own views)" \
  test -z "$(grep -h "^import \|^@testable import " "$copy"/Tests/ConsumerTests/*.swift | grep -v "^import \(FlipbookTesting\|RefreshViews\|Testing\|XCTest\)$")"
check "the UIKit-style view imports only FlipbookUIKit, where iOS imports UIKit" \
  test "$(grep -h '^ *import ' "$copy"/Sources/RefreshViews/ArcRefreshControl.swift | sed 's/^ *//')" == \
  "$(printf 'import UIKit\nimport FlipbookUIKit')"
(cd "$copy" && "$swift" run --skip-build --scratch-path "$scratch" using-flipbook) >"$work/out.txt" 2>&1
status=$?
check "it runs" test "$status" -eq 0
check "it writes oval.png" test -s "$copy/oval.png"
# Scripts/pull.json at 30 fps for 2 s: frames 0 to 59, each listed in the manifest in order and present.
check "it says it rendered the script's 60 frames" contains "Rendered 60 frames to pull-frames"
check "it drew the Lottie fade at progress 0.5, frame 5" contains "Drew 80x60 px at frame 5.0"
check "it renders the gesture script to a folder of 60 frames" \
  test "$(cd "$copy/pull-frames" 2>/dev/null && ls frame_*.png | wc -l)" -eq 60
manifest_lists_frames() {
  python3 - "$copy/pull-frames" <<'PY'
import json, os, sys
folder = sys.argv[1]
manifest = json.load(open(os.path.join(folder, "manifest.json")))
files = [frame["file"] for frame in manifest["frames"]]
sys.exit(0 if manifest["fps"] == 30 and files == ["frame_%06d.png" % i for i in range(60)]
         and all(os.path.isfile(os.path.join(folder, f)) for f in files) else 1)
PY
}
check "its manifest.json lists the 60 frames at 30 fps, each in the folder" manifest_lists_frames
rm -rf "$copy/oval.png" "$copy/pull-frames"

run_tests "first run, no references" SNAPSHOT_ARTIFACTS="$work/artifacts-first"
check "the first run fails" test "$status" -ne 0
check "it records exactly the references committed in examples/consumer" \
  test "$(listing "$snapshots")" == "$(listing "$work/committed")"
for file in $(listing "$snapshots"); do
  check "its failure names ${file#./}" contains "\" at $snapshots/${file#./}. Review it and re-run the test."
done
check "an XCTest case fails" contains "error: HeaderXCTests.testHeader : failed - No reference was found on disk."
check "a Swift Testing test fails" contains "✘ Test header() recorded an issue at PullTests.swift"

run_tests "second run"
check "the second run passes" test "$status" -eq 0
check "XCTest ran and passed" contains "Executed 6 tests, with 0 failures"

rm -rf "$snapshots"
cp -R "$work/committed" "$snapshots"
run_tests "committed references on CI" CI=true
check "the committed references pass with CI=true" test "$status" -eq 0

# One keyframe value changed in each example Lottie animation: their snapshot tests fail, under both frameworks.
cp -R "$work/lottie" "$work/lottie-committed"
python3 - "$work/lottie/animations" <<'PY'
import json, os, sys
folder = sys.argv[1]
def edit(name, change):
    path = os.path.join(folder, name)
    with open(path) as f:
        animation = json.load(f)
    change(animation)
    with open(path, "w") as f:
        json.dump(animation, f)
def trim_end(animation):  # the loader's trim end at frame 30: 100 % becomes 90 %
    animation["layers"][0]["shapes"][0]["it"][1]["e"]["k"][1]["s"] = [90]
def bounce_top(animation):  # the ball's height at the top of its bounce, frame 43: 6 pt higher
    for key in animation["layers"][0]["ks"]["p"]["k"]:
        if key["t"] == 43:
            key["s"][1] -= 6
edit("trim-loader.json", trim_end)
edit("bouncing-ball.json", bounce_top)
PY
run_tests "one keyframe changed in each example animation" CI=true SNAPSHOT_ARTIFACTS="$work/keyframe"
check "a changed keyframe fails" test "$status" -ne 0
check "the loader's header test fails (Swift Testing)" contains "✘ Test trimLoader() recorded an issue"
check "the loader's animation test fails (Swift Testing)" contains "✘ Test loaderAnimation() recorded an issue"
check "the ball's header from Swift fails (Swift Testing)" contains "✘ Test fromSwift() recorded an issue"
check "the ball's header fails mid-bounce (XCTest)" contains \
  "error: LottieHeaderXCTests.testBouncingBall : failed - Snapshot \"bounce.t2\" does not match its reference."
check "the ball's animation fails at progress 0.5 (XCTest)" contains \
  "error: LottieHeaderXCTests.testBouncingBall : failed - Snapshot \"ball.p0.5\" does not match its reference."
rm -rf "$work/lottie"
mv "$work/lottie-committed" "$work/lottie"

rm "$snapshots/PullTests/header.pulling.png" "$snapshots/HeaderXCTests/testHeader.header.png"
before=$(cd "$copy" && find . -path ./.build -prune -o -type f -print | sort)
run_tests "CI with missing references" CI=true SNAPSHOT_ARTIFACTS="$work/ci"
after=$(cd "$copy" && find . -path ./.build -prune -o -type f -print | sort)
check "a missing reference fails on CI" test "$status" -ne 0
check "nothing is written into the package" test "$before" == "$after"
check "the Swift Testing snapshot lands in SNAPSHOT_ARTIFACTS" test -f "$work/ci/PullTests/header.pulling.png"
check "the XCTest snapshot lands in SNAPSHOT_ARTIFACTS" test -f "$work/ci/HeaderXCTests/testHeader.header.png"
check "the XCTest case fails, saying where to download it" contains \
  "error: HeaderXCTests.testHeader : failed - No reference was found at $snapshots/HeaderXCTests/testHeader.header.png. It was not recorded because recording is off on CI"
check "the message says where to download it from" contains "Download it from the run's SNAPSHOT_ARTIFACTS folder ($work/ci)"
cp "$work/committed/PullTests/header.pulling.png" "$snapshots/PullTests/"
cp "$work/committed/HeaderXCTests/testHeader.header.png" "$snapshots/HeaderXCTests/"

sed -i 's/Color(red: 0.89, green: 0.91, blue: 0.94)/Color(red: 0.95, green: 0.6, blue: 0.2)/' \
  "$copy/Tests/ConsumerTests/PullTests.swift" "$copy/Tests/ConsumerTests/HeaderXCTests.swift"
# The refresh view's armed colour too: its frames beyond the threshold must fail in APL's container and alone.
sed -i 's/Color(red: 0, green: 0.48, blue: 1)/Color(red: 1, green: 0.23, blue: 0.19)/' \
  "$copy/Tests/ConsumerTests/RefreshViewTests.swift"
# And the UIKit-style control's arc colour, in its own source: its frames must fail under both frameworks.
sed -i 's/UIColor(red: 0.35, green: 0.34, blue: 0.84, alpha: 1)/UIColor(red: 1, green: 0.58, blue: 0, alpha: 1)/' \
  "$copy/Sources/RefreshViews/ArcRefreshControl.swift"
run_tests "a changed layer" CI=true SNAPSHOT_ARTIFACTS="$work/changed"
check "a changed layer fails" test "$status" -ne 0
check "the XCTest case fails on the mismatch" contains \
  "error: HeaderXCTests.testHeader : failed - Snapshot \"header\" does not match its reference."
check "the refresh view's XCTest case fails on the armed frame" contains \
  "error: RefreshViewXCTests.testDotAtProgressPoints : failed - Snapshot \"dot.p1\" does not match its reference."
check "the UIKit-style control's XCTest case fails on its spinning arc" contains \
  "error: UIKitViewXCTests.testArcRefreshControl : failed - Snapshot \"arc.t1.8\" does not match its reference."
check "the UIKit-style control's Swift Testing test fails" contains "✘ Test arcRefreshControl() recorded an issue"
for pair in "PullTests header.pulling" "HeaderXCTests testHeader.header" "RefreshViewTests inAPLContainer.dot-t1" \
  "RefreshViewTests freeStanding.dot-t1"; do
  set -- $pair
  check "$1/$2 prints its strip" contains "Strip:     $work/changed/$1/$2.strip.png"
  check "$1/$2 wrote its strip" test -f "$work/changed/$1/$2.strip.png"
  check "$1/$2 prints the diff tool's command" contains \
    "Diff tool: flipbook diff $snapshots/$1/$2.png $work/changed/$1/$2.png -o $work/changed/$1"
done

if [ "$failed" -ne 0 ]; then cat "$work/out.txt"; fi
echo "consumer: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/usr/bin/env bash
# Builds the manual offline into one static site in .build/docs (`make docs`), with the toolchain's own docc and no
# outside plugin: the compiler's symbol graphs of the documented modules, `docc convert` of each module's catalog
# with warnings as errors (a symbol or article link that does not resolve fails the build), then `docc merge`.
#
# The documented modules are the libraries a user imports: `Flipbook`, the landing page, `FlipbookTesting` and
# `FlipbookUIKit`. A module's archive holds its own symbols and those of the package modules it re-exports
# (`@_exported import`, followed through re-exports of re-exports), so `import Flipbook`'s whole surface is
# documented under Flipbook; a later module leaves out what an earlier one already documents. Each archive
# links to the others: write ``/Flipbook/Layer`` or <doc:/FlipbookTesting/SnapshotTesting> (a leading slash and
# the module) for a page in another module. Every archive is converted twice, first to publish its link targets,
# then, with the others' targets as dependencies, strictly.
#
# Usage: .ci/docs.sh (SWIFT names the swift driver, DOCC the docc beside it by default).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
DOCC=${DOCC:-$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/docc}
modules=(Flipbook FlipbookTesting FlipbookUIKit)
# Modules whose every public symbol has its doc comment: one added without fails the build.
complete=FlipbookTiming,FlipbookJSON,FlipbookImageFormats,FlipbookGraphics,FlipbookLayers,FlipbookScrolling,FlipbookComponents,FlipbookScene,FlipbookFrames,FlipbookRender,FlipbookPreview,FlipbookBatch,FlipbookDiff,FlipbookTesting,FlipbookSnapshotHygiene,FlipbookLottie,FlipbookUIKit
site=.build/docs
work=.build/docs-work
rm -rf "$work"
mkdir -p "$work/first"

# SwiftPM extracts every module's symbol graph (public symbols), which the coverage count below reads. Its status
# is not ours: it also fails on the test bundles' modules, which a build without tests does not make. The
# documented modules are extracted again below, with their re-exports.
echo "docs: building"
"$SWIFT" build
rm -rf .build/*/symbolgraph
"$SWIFT" package --verbose dump-symbol-graph --minimum-access-level public >"$work/dump.log" 2>&1 || true
"$SWIFT" package describe --type json >"$work/package.json"
"$SWIFT" package dump-package >"$work/manifest.json"
SWIFT="$SWIFT" python3 - "$work" "${modules[@]}" <<'PYTHON'
import json, os, re, shutil, subprocess, sys

work, modules = sys.argv[1], sys.argv[2:]
# The extractor's search paths, as SwiftPM gives them to it: SwiftPM logs its command line only for an extraction
# that fails (the test bundles' modules, before the tests are built), so it is built here from the package: the
# build's Modules folder and module cache, every C target's module map and headers, and the system libraries'
# include paths from pkg-config.
build = subprocess.run([os.environ.get("SWIFT", "swift"), "build", "--show-bin-path"], check=True,
                       capture_output=True, text=True).stdout.strip()
toolchain = os.path.dirname(os.path.realpath(shutil.which(os.environ.get("SWIFT", "swift"))))
triple = json.loads(subprocess.run([f"{toolchain}/swiftc", "-print-target-info"], check=True, capture_output=True,
                                   text=True).stdout)["target"]["triple"]
manifest = json.load(open(f"{work}/manifest.json"))
flags = ["-target", triple, "-module-cache-path", f"{build}/ModuleCache"]
for target in json.load(open(f"{work}/package.json"))["targets"]:
    if target.get("module_type") == "SystemLibraryTarget":
        flags += ["-Xcc", f"-fmodule-map-file={os.path.abspath(target['path'])}/module.modulemap"]
    elif target.get("module_type") == "ClangTarget" and os.path.exists(f"{build}/{target['name']}.build/module.modulemap"):
        flags += ["-Xcc", f"-fmodule-map-file={build}/{target['name']}.build/module.modulemap",
                  "-Xcc", "-I", "-Xcc", f"{os.path.abspath(target['path'])}/include"]
packages = [t["pkgConfig"] for t in manifest["targets"] if t.get("pkgConfig")]
flags += subprocess.run(["pkg-config", "--cflags-only-I", *packages], check=True, capture_output=True,
                        text=True).stdout.split()
flags += ["-I", f"{build}/Modules", "-minimum-access-level", "public", "-omit-extension-block-symbols"]
command = [f"{toolchain}/swift-symbolgraph-extract"]

paths = {t["name"]: t["path"] for t in json.load(open(f"{work}/package.json"))["targets"]}

def exported(module):
    """The package modules `module` re-exports, directly or through a re-exported module's own re-exports."""
    found, pending = set(), [module]
    while pending:
        for root, _, files in os.walk(paths[pending.pop()]):
            for name in files:
                if name.endswith(".swift"):
                    for other in re.findall(r"^@_exported import (\w+)", open(os.path.join(root, name)).read(), re.M):
                        if other in paths and other not in found:
                            found.add(other)
                            pending.append(other)
    return found

documented = set()
for module in modules:
    if module not in paths:
        sys.exit(f"Error: the package has no target {module} to document")
    reexports = sorted(exported(module) - documented - {module})
    documented |= {module, *reexports}
    print(module, *reexports, file=open(f"{work}/documented.txt", "a"))
    out = f"{work}/symbols/{module}"
    os.makedirs(out)
    extra = [f"-experimental-allowed-reexported-modules={','.join(reexports)}"] if reexports else []
    print(f"docs: {module}'s symbols" + (f", with {', '.join(reexports)}" if reexports else ""))
    subprocess.run([command[0], "-module-name", module, "-output-dir", out, *flags, *extra], check=True)
PYTHON

catalog() { echo "$(python3 -c 'import json, sys; print({t["name"]: t["path"] for t in json.load(open(sys.argv[1]))["targets"]}[sys.argv[2]])' "$work/package.json" "$1")/$1.docc"; }
convert() { # MODULE OUTPUT [docc options…]
  local module=$1 output=$2 catalog
  shift 2
  # A module without a catalog is documented from its symbols alone (docs-check then misses its articles).
  catalog=$(catalog "$module")
  [ -d "$catalog" ] || catalog=
  "$DOCC" convert ${catalog:+"$catalog"} --additional-symbol-graph-dir "$work/symbols/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
    --enable-experimental-external-link-support --output-path "$output" "$@"
}

# First pass: each archive's link targets, whatever its links to the others.
for module in "${modules[@]}"; do
  convert "$module" "$work/first/$module.doccarchive" --diagnostic-level error >"$work/first-$module.log" 2>&1 ||
    { cat "$work/first-$module.log"; exit 1; }
done
# Second pass: strict, with every other archive to link to.
archives=()
for module in "${modules[@]}"; do
  dependencies=()
  for other in "${modules[@]}"; do
    [ "$other" = "$module" ] || dependencies+=(--dependency "$work/first/$other.doccarchive")
  done
  [ -d "$(catalog "$module")" ] || echo "docs: $(catalog "$module") is missing: $module's symbols alone"
  echo "docs: converting $module (warnings are errors)"
  convert "$module" "$work/$module.doccarchive" "${dependencies[@]}" --warnings-as-errors
  archives+=("$work/$module.doccarchive")
done

"$DOCC" merge "${archives[@]}" --output-path "$work/site" --synthesized-landing-page-name Flipbook \
  --synthesized-landing-page-kind Package >"$work/merge.log" 2>&1 || { cat "$work/merge.log"; exit 1; }
# The site's root opens the umbrella's landing page (docc's own root page is an empty route).
landing=$(echo "${modules[0]}" | tr '[:upper:]' '[:lower:]')
cat >"$work/site/index.html" <<HTML
<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>${modules[0]}</title>
<meta http-equiv="refresh" content="0; url=documentation/$landing/">
<p><a href="documentation/$landing/">${modules[0]}'s documentation</a></p>
</html>
HTML
rm -rf "$site"
mv "$work/site" "$site"

python3 .ci/doc-coverage.py "$(sed -n 's/^Files written to //p' "$work/dump.log")" $(cat "$work/documented.txt") \
  --complete "$complete" ${DOCS_COVERAGE_LIST:+--list "$DOCS_COVERAGE_LIST"}
echo "docs: the site is in $site (serve it, e.g. python3 -m http.server -d $site, and open /); .ci/docs-check.py checks it"

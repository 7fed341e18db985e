#!/usr/bin/env bash
# `make install`, checked as a user meets it. Usage: .ci/install-check.sh FLIPBOOK_BIN_DIR (the release build's
# folder, `swift build -c release --show-bin-path`).
#  1. `make install PREFIX=<temporary folder>` lays out bin/flipbook (a relative link) and
#     libexec/flipbook/ with the binary and every resource bundle the binary names.
#  2. From another directory holding only copies of two example scripts, the installed command renders them
#     (frames, manifest.json, the HTML player) and prints the schemas, with the build folder hidden (a tmpfs
#     mounted over .build in a private mount namespace, so the absolute build path SwiftPM's Bundle.module
#     falls back to finds nothing): by its path, found on the PATH, and after the whole PREFIX has moved.
#     Each output is the build's own binary's, file for file, byte for byte.
#  3. The Containerfile's runtime stage installs packages Debian 12 has that provide (with their dependencies
#     and Debian's base image) every library the binary loads and every file a render opens (.ci/containerfile.py).
#  4. `make uninstall` removes what `make install` put there.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bin_dir="$1"
built="$bin_dir/flipbook"
work=$(mktemp -d /tmp/flipbook-install.XXXXXX)
# The build's bundles go back in place whatever happens (see `hidden`).
trap 'if [ -d "$work/aside" ]; then mv "$work/aside"/*.resources "$bin_dir/"; fi; rm -rf "$work"' EXIT
fail() { echo "install-check: $*" >&2; exit 1; }

# 1. The layout.
prefix="$work/prefix"
start=$(date +%s%N)
make --no-print-directory install PREFIX="$prefix" >"$work/install.log" || { cat "$work/install.log"; fail "make install failed"; }
milliseconds=$((($(date +%s%N) - start) / 1000000))
[ "$(readlink "$prefix/bin/flipbook")" = ../libexec/flipbook/flipbook ] || fail "bin/flipbook is not the link ../libexec/flipbook/flipbook"
cmp -s "$built" "$prefix/libexec/flipbook/flipbook" || fail "the installed binary is not the build's"
bundles=$(grep -ao '[A-Za-z0-9]*_[A-Za-z0-9]*\.resources' "$built" | sort -u)
[ -n "$bundles" ] || fail "the binary names no resource bundle"
for bundle in $bundles; do
  [ -d "$prefix/libexec/flipbook/$bundle" ] || fail "$bundle, which the binary names, is not installed"
  diff -r "$bin_dir/$bundle" "$prefix/libexec/flipbook/$bundle" >/dev/null || fail "the installed $bundle differs from the build's"
done

# 2. Rendering from elsewhere. ego's and the airplane's scripts draw the bundled artwork, the HTML player is
# a page from the previews' bundle, and `flipbook schema` (where the build has it) prints the schemas' files.
user="$work/user"
mkdir "$user"
cp examples/scripts/ego/full-refresh.json "$user/ego.json"
cp examples/scripts/airplane/short-pull.json "$user/airplane.json"
render=(render ego.json airplane.json --preview html -q -o)
(cd "$user" && "$built" "${render[@]}" by-build)
schemas=()
if "$built" schema scene >/dev/null 2>&1; then schemas=(scene script variants manifest); fi
for kind in "${schemas[@]}"; do "$built" schema "$kind" >"$user/by-build/$kind.schema.json"; done
hidden() {
  # Runs "$@" in $user with the build folder hidden, when this machine allows a private mount namespace
  # (root, or user namespaces); otherwise with the build's bundles moved aside until the command ends.
  if unshare --mount --propagation private true 2>/dev/null; then
    unshare --mount --propagation private bash -c 'mount -t tmpfs tmpfs "$0" && cd "$1" && shift && "$@"' \
      "$root/.build" "$user" "$@"
  else
    mkdir "$work/aside"
    mv "$bin_dir"/*.resources "$work/aside/"
    local status=0
    (cd "$user" && "$@") || status=$?
    mv "$work/aside"/*.resources "$bin_dir/"
    rmdir "$work/aside"
    return $status
  fi
}
installed() { # OUTPUT FLIPBOOK...: the render and the schemas, by the command FLIPBOOK...
  local output="$1"
  shift
  hidden "$@" "${render[@]}" "$output"
  for kind in "${schemas[@]}"; do hidden "$@" schema "$kind" >"$user/$output/$kind.schema.json"; done
}
installed installed "$prefix/bin/flipbook"
installed on-path env PATH="$prefix/bin:$PATH" flipbook
mv "$prefix" "$work/moved"
installed moved "$work/moved/bin/flipbook"
mv "$work/moved" "$prefix"
frames=$(find "$user/by-build" -name '*.png' | wc -l)
manifests=$(find "$user/by-build" -name manifest.json | wc -l)
players=$(find "$user/by-build" -name player.html | wc -l)
[ "$manifests" -eq 2 ] && [ "$players" -eq 2 ] && [ "$frames" -gt 100 ] ||
  fail "the build's render has $manifests manifests, $players players and $frames frames"
for render in installed on-path moved; do
  diff -r "$user/by-build" "$user/$render" || fail "the installed command's render ($render) differs from the build's"
done

# 3. The Containerfile's runtime packages against the libraries the binary loads.
python3 .ci/containerfile.py "$built" examples/scenes/ego-header.json

# 4. Uninstalling.
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
[ -z "$(find "$prefix" ! -type d)" ] || fail "make uninstall left $(find "$prefix" ! -type d | head -1)"

printf 'install-check: make install took %d ms; the installed flipbook (bundles: %s), from another directory with the build folder hidden, on the PATH and moved, rendered %d frames, 2 manifests and 2 HTML players and printed %d schemas, byte for byte as the build'"'"'s\n' \
  "$milliseconds" "$(echo $bundles)" "$frames" "${#schemas[@]}"

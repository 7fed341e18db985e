#!/usr/bin/env bash
# `make install`, checked as a user meets it. Usage: .ci/install-check.sh FLIPBOOK_BIN_DIR (the release build's
# folder, `swift build -c release --show-bin-path`).
#  1. `make install PREFIX=<temporary folder>` lays out bin/flipbook (a relative link) and
#     libexec/flipbook/ with the binary and every resource bundle the binary names.
#  2. From another directory holding only a copy of an example script, the installed command renders it
#     with the build folder hidden (a tmpfs mounted over .build in a private mount namespace, so the
#     absolute build path SwiftPM's Bundle.module falls back to finds nothing), found on the PATH, and again
#     after the whole PREFIX has moved; each render is the build's own binary's render, file for file, byte
#     for byte (frames and manifest.json).
#  3. The Containerfile's runtime stage installs packages that exist and that provide every library the
#     binary loads (ldd), directly or through their dependencies, or that Debian's base image has.
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

# 2. Rendering from elsewhere. ego's and the airplane's scripts draw the bundled artwork.
user="$work/user"
mkdir "$user"
cp examples/scripts/ego/full-refresh.json "$user/ego.json"
cp examples/scripts/airplane/short-pull.json "$user/airplane.json"
(cd "$user" && "$built" render ego.json airplane.json -o by-build -q)
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
hidden "$prefix/bin/flipbook" render ego.json airplane.json -o installed -q
hidden env PATH="$prefix/bin:$PATH" flipbook render ego.json airplane.json -o on-path -q
mv "$prefix" "$work/moved"
hidden "$work/moved/bin/flipbook" render ego.json airplane.json -o moved -q
mv "$work/moved" "$prefix"
frames=$(find "$user/by-build" -name '*.png' | wc -l)
manifests=$(find "$user/by-build" -name manifest.json | wc -l)
[ "$manifests" -eq 2 ] && [ "$frames" -gt 100 ] || fail "the build's render has $manifests manifests and $frames frames"
for render in installed on-path moved; do
  diff -r "$user/by-build" "$user/$render" || fail "the installed command's render ($render) differs from the build's"
done

# 3. The Containerfile's runtime packages against the libraries the binary loads.
python3 .ci/containerfile.py "$built" examples/scenes/ego-header.json

# 4. Uninstalling.
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
[ -z "$(find "$prefix" ! -type d)" ] || fail "make uninstall left $(find "$prefix" ! -type d | head -1)"

printf 'install-check: make install took %d ms; the installed flipbook (bundles: %s) rendered %d frames and 2 manifests from another directory with the build folder hidden, on the PATH and moved, byte for byte as the build'"'"'s\n' \
  "$milliseconds" "$(echo $bundles)" "$frames"

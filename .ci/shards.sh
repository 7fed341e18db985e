#!/usr/bin/env bash
# The sharded render of the examples, checked: two shards' outputs copied into one folder must be the
# unsharded render file for file, byte for byte (the shard indexes aside), and the shards' indexes must
# list the unsharded index's renders between them. Usage: .ci/shards.sh FLIPBOOK_BIN_DIR
# At --scale 1 to keep it quick: the split and the bytes do not depend on the scale.
set -euo pipefail
cd "$(dirname "$0")/.."
flipbook="$1/flipbook"
work=$(mktemp -d /tmp/flipbook-shards.XXXXXX)
trap 'rm -rf "$work"' EXIT
documents=(examples/variants/*.json examples/scripts/*/*.json examples/scripts/*.json examples/scenes/*.json)
options=(--scale 1 -q)

"$flipbook" render "${documents[@]}" -o "$work/whole" "${options[@]}"
mkdir "$work/union"
for shard in 1 2; do
  "$flipbook" render "${documents[@]}" -o "$work/shard$shard" --shard "$shard/2" "${options[@]}"
  cp -R "$work/shard$shard/." "$work/union/"
done

# Every render folder, file for file: the same names, the same bytes.
diff -r -x 'index*.json' "$work/whole" "$work/union"
renders() { python3 -c 'import json, sys; [print(r["name"]) for f in sys.argv[1:] for r in json.load(open(f))["renders"]]' "$@" | sort; }
cmp <(renders "$work/whole/index.json") <(renders "$work/union"/index-shard-*-of-2.json)
count=$(renders "$work/whole/index.json" | wc -l)
echo "shards: the union of 2 shards is the unsharded render of $count renders, byte for byte"

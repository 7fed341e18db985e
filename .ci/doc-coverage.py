#!/usr/bin/env python3
"""Doc comment coverage of public symbols, per module, read from SwiftPM's symbol graphs (`make docs` prints it).

Usage: .ci/doc-coverage.py SYMBOLGRAPH_DIR MODULE... [--list MODULE]

A symbol counts as documented when it has a doc comment of its own. Members the compiler synthesizes are left
out; an implementation of another module's protocol requirement (`description`, `==`, `encode(to:)`) that has
no comment of its own shows the requirement's and is counted apart, as "the protocol's". `--list MODULE` prints
that module's undocumented symbols with their file and line.
"""
import glob
import json
import os
import sys

args = sys.argv[1:]
listed = None
if "--list" in args:
    at = args.index("--list")
    listed = args[at + 1]
    del args[at : at + 2]
directory, modules = args[0], args[1:]

print(f"{'module':<26}{'documented':>12}{'protocol':>10}{'missing':>9}{'coverage':>10}")
for module in modules:
    documented, inherited, missing = 0, 0, []
    if not os.path.exists(os.path.join(directory, f"{module}.symbols.json")):
        sys.exit(f"Error: no symbol graph of {module} in {directory}")
    for path in glob.glob(os.path.join(directory, f"{module}.symbols.json")) + glob.glob(
        os.path.join(directory, f"{module}@*.symbols.json")
    ):
        for symbol in json.load(open(path))["symbols"]:
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            comment = symbol.get("docComment")
            if comment and comment.get("module", module) == module:
                documented += 1
            elif comment:
                inherited += 1
            else:
                missing.append(symbol)
    total = documented + inherited + len(missing)
    share = f"{100 * (documented + inherited) / total:.1f}%" if total else "-"
    print(f"{module:<26}{documented:>12}{inherited:>10}{len(missing):>9}{share:>10}")
    if module == listed:
        for symbol in sorted(missing, key=lambda s: (s.get("location", {}).get("uri", ""), s.get("location", {}).get("position", {}).get("line", 0))):
            location = symbol.get("location", {})
            where = f"{location.get('uri', '?').removeprefix('file://')}:{location.get('position', {}).get('line', -1) + 1}"
            print(f"  {where}: {symbol['kind']['identifier'].removeprefix('swift.')} {'.'.join(symbol['pathComponents'])}")

#!/usr/bin/env python3
"""Doc comment coverage of public symbols, per module, read from SwiftPM's symbol graphs (`make docs` prints it).

Usage: .ci/doc-coverage.py SYMBOLGRAPH_DIR MODULE... [--list MODULE] [--complete MODULE,MODULE...]

A symbol counts as documented when it has a doc comment of its own. Members the compiler synthesizes are left
out (and symbols with no place in the source, such as a property wrapper's `$` projection); an implementation of another module's protocol requirement (`description`, `==`, `encode(to:)`) that has
no comment of its own shows the requirement's and is counted apart, as "the protocol's". `--list MODULE` prints
that module's undocumented symbols with their file and line. `--complete` names the modules where every public
symbol has its comment: a symbol there without one fails the run, listed.
"""
import glob
import json
import os
import sys

args = sys.argv[1:]


def option(name):
    if name not in args:
        return None
    at = args.index(name)
    value = args[at + 1]
    del args[at : at + 2]
    return value


listed = option("--list")
complete = set((option("--complete") or "").split(",")) - {""}
incomplete = []
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
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"] or "location" not in symbol:
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
    if module == listed or (module in complete and missing):
        incomplete += [module] if module in complete else []
        for symbol in sorted(missing, key=lambda s: (s["location"]["uri"], s["location"]["position"]["line"])):
            location = symbol["location"]
            where = f"{location['uri'].removeprefix('file://')}:{location['position']['line'] + 1}"
            print(f"  {where}: {symbol['kind']['identifier'].removeprefix('swift.')} {'.'.join(symbol['pathComponents'])}")
if incomplete:
    sys.exit(f"Error: public symbols without a doc comment in {', '.join(incomplete)}, listed above")

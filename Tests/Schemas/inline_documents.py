#!/usr/bin/env python3
"""Writes the documents the Swift tests hold as string literals to files, so they can be validated.

Usage: inline_documents.py OUTPUT_FOLDER SWIFT_FILE...

A document is a string literal (multi-line or not, raw or not, without interpolation) that parses as a
JSON object with a "size" (a scene) or "viewport" (a gesture script) at the top. Each is written to
OUTPUT_FOLDER as <file>-<line>.json, where <line> is the literal's first line. Prints one line per document:
the file written, a tab, the Swift file and line it came from.
"""
import json
import os
import re
import sys

# A string literal: optional #s, then """…""" or "…", then as many #s.
LITERAL = re.compile(r'(#*)("""|")')


def unescape(text, hashes):
    """The literal's value: Swift's escapes (\\n, \\t, \\", \\\\, \\u{…}, a backslash ending a line)."""
    escape = "\\" + "#" * hashes
    out, i = [], 0
    while i < len(text):
        if text.startswith(escape, i):
            j = i + len(escape)
            c = text[j : j + 1]
            if c == "n":
                out.append("\n")
            elif c == "t":
                out.append("\t")
            elif c == "0":
                out.append("\0")
            elif c in "\"'\\":
                out.append(c)
            elif c == "u":
                end = text.index("}", j)
                out.append(chr(int(text[j + 2 : end], 16)))
                j = end
            elif c == "\n":
                pass
            elif c == "(":
                return None  # interpolation: not a fixed document
            else:
                out.append(escape + c)
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def literals(source):
    """(line, value) of every string literal in a Swift file, roughly as the compiler reads them."""
    i = 0
    while True:
        match = LITERAL.search(source, i)
        if not match:
            return
        hashes, quote = len(match.group(1)), match.group(2)
        # Skip comments before the literal.
        line_start = source.rfind("\n", 0, match.start()) + 1
        if "//" in source[line_start : match.start()]:
            i = source.index("\n", match.start()) if "\n" in source[match.start() :] else len(source)
            continue
        start = match.end()
        close = quote + "#" * hashes
        if quote == '"""':
            end = source.find("\n", start)
            stop = source.find(close, start)
            if stop < 0:
                return
            body = source[end + 1 : stop]
            lines = body.split("\n")
            indent = len(lines[-1]) - len(lines[-1].lstrip(" "))
            text = "\n".join(l[indent:] for l in lines[:-1])
        else:
            j = start
            while True:
                stop = source.find(close, j)
                if stop < 0:
                    return
                # An escaped quote (\" in a plain literal) does not close it.
                if hashes == 0 and source[stop - 1] == "\\" and not source[: stop].endswith("\\\\"):
                    j = stop + 1
                    continue
                break
            text = source[start:stop]
        value = unescape(text, hashes)
        if value is not None:
            yield source.count("\n", 0, match.start()) + 1, value
        i = stop + len(close)


def main(folder, files):
    os.makedirs(folder, exist_ok=True)
    for path in files:
        with open(path, encoding="utf-8") as file:
            source = file.read()
        for line, value in literals(source):
            try:
                document = json.loads(value)
            except ValueError:
                continue
            if not isinstance(document, dict) or not ({"size", "viewport"} & document.keys()):
                continue
            name = os.path.join(folder, f"{os.path.basename(path).removesuffix('.swift')}-{line}.json")
            with open(name, "w", encoding="utf-8") as out:
                out.write(value)
            print(f"{name}\t{path}:{line}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))

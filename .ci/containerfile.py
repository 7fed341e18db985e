#!/usr/bin/env python3
"""The Containerfile, checked without a container engine (none runs in CI):

    .ci/containerfile.py FLIPBOOK [DOCUMENT...]

- it parses: known instructions only, two stages, the build stage Swift's Debian 12 image, the image
  Debian 12 slim, `COPY --from` naming the build stage, ENTRYPOINT and CMD in JSON form;
- every package its runtime stage installs is one Debian 12 has (apt-cache, offline);
- those packages and what Debian's base image has (priority required), with what they depend on
  (recursively), provide every library `ldd FLIPBOOK` lists, and, when strace is there and DOCUMENTs are given,
  every file under /usr and /etc that FLIPBOOK opens while it renders them (the fonts, fontconfig's
  configuration, libraries loaded at run time).

Needs python3 and dpkg/apt-cache; strace is optional (`make test-deps` installs it).
"""

import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INSTRUCTIONS = {"FROM", "RUN", "COPY", "ENV", "WORKDIR", "ENTRYPOINT", "CMD", "ARG", "LABEL"}
BUILD_IMAGE = "swift:6.3-bookworm"
RUNTIME_IMAGE = "debian:bookworm-slim"


def fail(message):
    sys.exit("containerfile: " + message)


def instructions(text):
    """(instruction, arguments) pairs: comments dropped, continuation lines joined."""
    result, pending = [], ""
    for line in text.splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        line, pending = pending + line, ""
        word, _, rest = line.strip().partition(" ")
        if word.upper() not in INSTRUCTIONS or word != word.upper():
            fail(f"unknown or lower-case instruction {word!r}")
        result.append((word, " ".join(rest.split())))
    if pending:
        fail("the file ends in a continuation line")
    return result


def stages(steps):
    """The stages, each (image, name, [(instruction, arguments)])."""
    result = []
    for word, rest in steps:
        if word == "FROM":
            parts = rest.split()
            name = parts[2] if len(parts) == 3 and parts[1].upper() == "AS" else None
            if len(parts) not in (1, 3) or (len(parts) == 3 and name is None):
                fail(f"FROM {rest}: expected IMAGE [AS NAME]")
            result.append((parts[0], name, []))
        elif not result:
            fail(f"{word} before the first FROM")
        else:
            result[-1][2].append((word, rest))
    return result


def check_shape(text):
    parsed = stages(instructions(text))
    if [(image, name) for image, name, _ in parsed] != [(BUILD_IMAGE, "build"), (RUNTIME_IMAGE, None)]:
        fail(f"expected the stages {BUILD_IMAGE} AS build and {RUNTIME_IMAGE}, found {[s[:2] for s in parsed]}")
    for _, _, steps in parsed:
        for word, rest in steps:
            if word == "COPY" and rest.startswith("--from=") and rest.split()[0] != "--from=build":
                fail(f"COPY {rest}: no such stage")
            if word in ("ENTRYPOINT", "CMD"):
                try:
                    value = json.loads(rest)
                except ValueError:
                    fail(f"{word} {rest}: not the JSON form")
                if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                    fail(f"{word} {rest}: not a list of strings")
    build_runs = " ".join(rest for word, rest in parsed[0][2] if word == "RUN")
    if "make install PREFIX=/opt/flipbook" not in build_runs:
        fail("the build stage does not run make install PREFIX=/opt/flipbook")
    runtime = parsed[1][2]
    if ("COPY", "--from=build /opt/flipbook /opt/flipbook") not in runtime:
        fail("the image does not copy /opt/flipbook from the build stage")
    installs = [rest for word, rest in runtime if word == "RUN" and "apt-get install" in rest]
    if len(installs) != 1:
        fail("expected one apt-get install in the image's stage")
    words = installs[0].split("apt-get install", 1)[1].split("&&")[0].split()
    return [word for word in words if not word.startswith("-")]


def run(arguments):
    return subprocess.run(arguments, capture_output=True, text=True)


def owners(paths):
    """The Debian package that ships each path, or None: one dpkg query for all, trying /lib and /usr/lib alike
    (Debian 12 merges them, and a package names one of the two)."""
    variants = {}
    for path in paths:
        forms = {path, os.path.realpath(path)}
        forms |= {p[len("/usr") :] for p in forms if p.startswith("/usr/lib/")}
        forms |= {"/usr" + p for p in forms if p.startswith("/lib/")}
        variants[path] = forms
    shipped = {}
    queried = sorted(set().union(*variants.values())) if variants else []
    for line in run(["dpkg", "-S"] + queried).stdout.splitlines():
        package, _, path = line.partition(": ")
        if "diversion" not in package:
            shipped[path] = package.split(",")[0].split(":")[0].strip()
    return {path: next((shipped[f] for f in sorted(forms) if f in shipped), None) for path, forms in variants.items()}


def provided(packages):
    """The packages and what Debian's base image has (the packages of priority required), with everything
    they depend on, recursively."""
    status = run(["dpkg-query", "-W", "-f=${Package} ${Priority}\n"]).stdout
    required = [line.split()[0] for line in status.splitlines() if line.endswith(" required")]
    result = run(
        ["apt-cache", "depends", "--recurse", "--no-recommends", "--no-suggests", "--no-conflicts", "--no-breaks",
         "--no-replaces", "--no-enhances"] + packages + required)
    return {line.split(":")[0] for line in result.stdout.splitlines() if line and not line.startswith(" ")}


def loaded_libraries(binary):
    result = run(["ldd", binary])
    if result.returncode != 0:
        fail(f"ldd {binary}: {result.stderr.strip()}")
    libraries = []
    for line in result.stdout.splitlines():
        if "not found" in line:
            fail(f"ldd: {line.strip()}")
        match = re.search(r"=> (/\S+)", line) or re.match(r"\s*(/\S+)", line)
        if match:
            libraries.append(match.group(1))
    return libraries


def opened_files(binary, documents):
    """The files under /usr and /etc that `binary` opens while it renders `documents`."""
    with tempfile.TemporaryDirectory(prefix="flipbook-strace-") as work:
        log = os.path.join(work, "strace.log")
        arguments = ["strace", "-f", "-qq", "-e", "trace=open,openat", "-e", "status=successful", "-o", log,
                     binary, "render"] + [os.path.abspath(d) for d in documents] + ["-o", os.path.join(work, "out"), "-q"]
        result = run(arguments)
        if result.returncode != 0:
            fail(f"the render under strace failed: {result.stderr.strip()}")
        paths = set()
        for line in open(log):
            match = re.search(r'open(?:at)?\((?:AT_FDCWD|\d+), "([^"]+)"', line)
            if match and match.group(1).startswith(("/usr/", "/etc/", "/lib")):
                paths.add(match.group(1))
        return sorted(p for p in paths if os.path.isfile(p))


def main():
    if len(sys.argv) < 2:
        fail(__doc__)
    binary, documents = sys.argv[1], sys.argv[2:]
    packages = check_shape(open(os.path.join(ROOT, "Containerfile"), encoding="utf-8").read())
    candidates = dict(re.findall(r"^(\S+):\n\s+Installed: .*\n\s+Candidate: (.*)$", run(["apt-cache", "policy"] + packages).stdout, re.M))
    for package in packages:
        if candidates.get(package, "(none)") == "(none)":
            fail(f"the runtime package {package} is not one Debian 12 has")
    have = provided(packages)
    libraries = loaded_libraries(binary)
    needed = owners(libraries)
    files = []
    if documents and run(["sh", "-c", "command -v strace"]).returncode == 0:
        files = opened_files(binary, documents)
        # Files no package ships (ld.so.cache, caches) are made on the machine, in the image as here.
        needed.update({path: package for path, package in owners(files).items() if package})
    missing = sorted(f"{path} ({package or 'no package'})" for path, package in needed.items() if package not in have)
    if missing:
        fail("the image's packages do not provide:\n  " + "\n  ".join(missing))
    print(f"containerfile: {len(packages)} runtime packages, all in Debian 12, provide the {len(libraries)} "
          f"libraries ldd lists" + (f" and the {len(files)} files under /usr and /etc a render opens" if files else
                                    " (strace not run: no documents given or strace missing)"))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Checks the manual `make docs` built in .build/docs as a reader meets it (`make docs-check`).

Serves the site on 127.0.0.1 (a port the system picks) and opens pages in headless Chromium, reading the DOM
after DocC's scripts have rendered it (`--dump-dom` with a virtual time budget): the site's root leads to the
umbrella's landing page; each module's landing page renders its title and lists every article of its catalog,
linked; an article of each catalog and a symbol page of each module render their titles (in the umbrella, a type
re-exported from an engine module, so the re-exports are documented there). One `Error:` line per failure.

Usage: .ci/docs-check.py [SITE] (default .build/docs)
"""
import functools
import html
import http.server
import os
import re
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SITE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "docs")
CHROMIUM = "/usr/bin/chromium"
# Each documented module: its catalog, and a symbol page whose title is checked (a type the module itself
# documents; Layer comes to the umbrella from FlipbookLayers through `@_exported import`).
MODULES = {
    "Flipbook": ("Sources/Flipbook/Flipbook.docc", "Layer"),
    "FlipbookTesting": ("Sources/FlipbookTesting/FlipbookTesting.docc", "Snapshotting"),
    "FlipbookUIKit": ("Sources/FlipbookUIKit/FlipbookUIKit.docc", "CALayer"),
}
failures = []


def fail(message):
    failures.append(message)
    print(f"Error: {message}", file=sys.stderr)


def dom(url):
    """The page's DOM once DocC's scripts have rendered it."""
    with tempfile.TemporaryDirectory(prefix="flipbook-docs-chromium-") as profile:
        result = subprocess.run(
            [
                CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                f"--user-data-dir={profile}", "--virtual-time-budget=15000", "--dump-dom", url,
            ],
            capture_output=True, text=True, timeout=120,
        )
    if result.returncode != 0:
        fail(f"chromium could not open {url}: {result.stderr.strip().splitlines()[-1:]}")
    return result.stdout


def text(fragment):
    """Visible text of an HTML fragment (DocC breaks long names with <wbr>)."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", fragment))).strip()


def title(page):
    """The page's rendered heading: DocC's `<h1 class="title">`."""
    match = re.search(r'<h1[^>]*class="title"[^>]*>(.*?)</h1>', page, re.S)
    return text(match.group(1)) if match else None


def topics(page):
    """The rendered Topics section of a landing page: its links, href to text."""
    start = page.find('id="topics"')
    if start < 0:
        return {}
    end = page.find("</section>", start)
    return {href: text(label) for href, label in re.findall(r'<a[^>]*href="([^"]+)"[^>]*>(.*?)</a>', page[start:end], re.S)}


def articles(catalog):
    """The catalog's articles, file name (the page's path component) to title, landing page aside."""
    found = {}
    for name in sorted(os.listdir(os.path.join(ROOT, catalog))):
        if name.endswith(".md"):
            heading = open(os.path.join(ROOT, catalog, name), encoding="utf-8").readline().strip()
            if not heading.startswith("# ``"):
                found[name[: -len(".md")]] = heading.removeprefix("# ").strip()
    return found


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main():
    if not os.path.isfile(os.path.join(SITE, "index.html")):
        sys.exit(f"Error: {SITE} holds no site: run make docs first")
    if not os.access(CHROMIUM, os.X_OK):
        sys.exit(f"Error: Chromium is not installed at {CHROMIUM} (make test-deps installs it)")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=SITE))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        umbrella = next(iter(MODULES))
        page = dom(f"{base}/")
        if title(page) != umbrella:
            fail(f"the site's root shows {title(page)!r}, not {umbrella}'s landing page")
        for module, (catalog, symbol) in MODULES.items():
            before = len(failures)
            path = f"/documentation/{module.lower()}"
            page = dom(base + path)
            if title(page) != module:
                fail(f"{path} shows the title {title(page)!r}, not {module!r}")
            listed = topics(page)
            pages = articles(catalog)
            for name, heading in pages.items():
                href = f"{path}/{name.lower()}"
                if listed.get(href) != heading:
                    fail(f"{path} does not list the article {heading!r} ({catalog}/{name}.md) linked to {href}")
            checked = [(f"{path}/{next(iter(pages)).lower()}", next(iter(pages.values())))] if pages else []
            if not pages:
                fail(f"{catalog} has no articles")
            checked.append((f"{path}/{symbol.lower()}", symbol))
            for href, heading in checked:
                shown = title(dom(base + href))
                if shown != heading:
                    fail(f"{href} shows the title {shown!r}, not {heading!r}")
                else:
                    print(f"docs-check: {href} renders {heading!r}")
            if len(failures) == before:
                print(f"docs-check: {path} renders {module!r} and lists its {len(pages)} articles")
    finally:
        server.shutdown()
    if failures:
        sys.exit(1)
    print("docs-check: the site opens at its root on the landing page; articles and symbol pages render")


main()

#!/usr/bin/env python3
"""Lottie conformance: Flipbook's renders of lottie-ios's samples against the PNGs iOS drew, judged as
lottie-ios judges them, and Flipbook's supported/unsupported verdicts against lottie-ios's.

    python3 .ci/lottie-conformance.py FLIPBOOK [--corpus DIR] [--out DIR] [--jobs N] [--only TEXT]
                                               [--require PERCENT] [--agreement PERCENT]
    python3 .ci/lottie-conformance.py --self-test

The corpus (lottie-ios 4.6.1's samples, the references its Core Animation engine drew on iOS and its
engine-support verdicts; see its README) is read from --corpus, else $FLIPBOOK_LOTTIE_CORPUS (which `make
lottie-conformance` sets from the Makefile's LOTTIE_CORPUS). Where there is none the run is skipped with a note
and exits 0. Nothing of the corpus is copied into the repository: renders and reports go to --out
(default .build/lottie-conformance).

For each reference `ios-core-animation/<folder>-<sample>-<percent>.png` (or `-Frame-<N>.png`):
  flipbook render SAMPLE -o OUT.png --progress P --width W --height H --scale 2 --fonts samples/Fonts
(or --frame F) with W x H the reference's pixel size / 2, then
  flipbook diff REF OUT.png --precision PREC --perceptual-precision 0.97 --json
with PREC lottie-ios's per-sample precision (0.985 unless lower). Samples whose references were drawn with
value providers are rendered from an overrides document ({"lottie": ..., "overrides": [...]}) written here
from OVERRIDES. A render that fails is a failure with its error line, never a crash of this script.

The report (report.txt and report.json in --out) lists every sample and point with its verdict and, for a
failure, its cause; samples lottie-ios's engine does not support are listed apart; it ends with the
percentage of points within tolerance over the supported samples. Then, for every file of engine-support/,
lottie-ios's verdict against `flipbook inspect SAMPLE -q`'s (its JSON's `"lottie": {"verdict": "supported" |
"unsupported", "issues": [{"feature": ..., "layer": ...}]}`, as the lead's CLI contract defines it), and the
agreement percentage.

Only the standard library: PNG sizes are read from the IHDR chunk.
"""
import argparse
import concurrent.futures
import json
import math
import os
import re
import struct
import subprocess
import sys
import time
import unittest

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PERCEPTUAL_PRECISION = 0.97
DEFAULT_PRECISION = 0.985
RENDER_TIMEOUT = 180
SCALE = 2
# The larger side of a snapshot, in points (lottie-ios Tests/SnapshotConfiguration.swift `maxSnapshotDimension`
# and Tests/SnapshotTests.swift `snapshotSize(for:)`, 4.6.1).
MAX_SNAPSHOT_DIMENSION = 500

# lottie-ios's per-sample precision (its Tests/SnapshotConfiguration.swift, as the corpus README lists it).
PRECISIONS = {
    **dict.fromkeys(["Issues/issue_1407", "Nonanimating/base64Test", "Issues/issue_2066", "Nonanimating/dog",
                     "Nonanimating/dog_landscape"], 0.9),
    **dict.fromkeys(["Issues/issue_1683", "Issues/pr_1930_rx", "Issues/pr_1930_ry", "Issues/pr_1930_all_axis",
                     "Issues/issue_1169_four_shadows"], 0.93),
    **dict.fromkeys(["LottieFiles/dog_car_ride", "Issues/issue_1800", "Issues/issue_1882", "Issues/issue_1717",
                     "Issues/issue_1887", "Issues/pr_1763", "Issues/pr_1964", "DotLottie/animation_external_image",
                     "DotLottie/animation_inline_image", "LottieFiles/gradient_shapes", "Issues/issue_1664"], 0.95),
    **dict.fromkeys(["Nonanimating/FirstText", "Nonanimating/verifyLineHeight", "Nonanimating/blend_mode_test"], 0.99),
}

# References named -Frame-N whose frame is not N (lottie-ios names them by the whole frame).
FRAMES = {
    "Issues/issue_2209": {4: 4.999, 9: 9.9999999},
    "Issues/issue_2226": {19: 19.25},
}

BLACK = [0, 0, 0, 1]
RED = [1, 0, 0, 1]


def color(keypath, value):
    return {"keypath": keypath, "color": value}


# What lottie-ios applied when iOS drew these references (the corpus README's table), as entries of the
# overrides document (its format: the manual's LottieAnimations article; LottieOverrides decodes it): one value key per entry, colours RGBA 0...1, opacity 0...100, scale percent as a point,
# keyframes {"frame", "value"}; a text entry without keypath is every text (lottie-ios's text provider), an
# image entry without asset every image asset.
OVERRIDES = {
    "Nonanimating/Text_Color": [color("**.TEXT.Color", RED)],
    "Nonanimating/keypathTest": [color("**.Stroke 1.Color", BLACK), color("**.Fill 1.Color", RED)],
    "Switch": "switch",
    "DotLotExtension/Switch": "switch",
    "Issues/issue_1837_opacity": [{"keypath": "Dark Gray Solid 1.Transform.Opacity", "number": 10}],
    "Issues/issue_1837_scale_rotation": [
        {"keypath": "H2.Transform.Scale", "point": [200, 150]},
        {"keypath": "H2.Transform.Rotation", "number": 90},
    ],
    "Issues/issue_2042": [{"keypath": "MASTER.Transform.Position", "point": [214, 120]}],
    "Issues/issue_1664": [color("**.base_color.**.Color", BLACK)],
    "Issues/issue_1854": [{"keypath": "**.Colors", "gradient": [
        {"location": 0, "color": [0, 0, 0, 0]}, {"location": 0.3, "color": [1, 1, 1, 0.5]},
        {"location": 1, "color": [1, 1, 1, 1]}]}],
    "Issues/issue_2677": [{"keypath": "**.**.**.Colors", "gradient": [
        {"location": 0.1, "color": [0.5, 0.5, 1, 1]}, {"location": 0.5, "color": [0.2, 0.6, 0.7, 1]}]}],
    "Issues/issue_1847": [color("**.Stroke 1.**.Color", RED)],
    "Issues/issue_2150": [color("**.Color", RED)],
    "Issues/issue_2094": [{"keypath": "**.Stroke Width", "number": 2}],
    "Issues/issue_2262": [color("**.Accent.**.Color", BLACK)],
    "TypeFace/G": [color("G 2.Ellipse 1.Stroke 1.Color", RED), color("G Outlines 3.G.Fill 1.Color", RED),
                   color("Shape Layer 18.Shape 1.Stroke 2.Color", RED)],
    # lottie-ios's HardcodedImageProvider (Tests/Utils/HardcodedImageProvider.swift) crops with .resizeAspectFill.
    "Nonanimating/dog": [{"image": "{corpus}/samples/Images/dog.png", "contentsGravity": "resizeAspectFill"}],
    "Nonanimating/dog_landscape": [{"image": "{corpus}/samples/Images/dog-landscape.jpeg",
                                   "contentsGravity": "resizeAspectFill"}],
    "Issues/issue_1722": [{"text": "Bounce-bounce"}],
    "Issues/issue_1949_full_paths": [
        {"keypath": "ENVELOPE-FRONT.sender_username", "text": "Lottie"},
        {"keypath": "ENVELOPE-FRONT.From", "text": "Airbnb (front)"},
        {"keypath": "ENVELOPE-BACK-TEXTBOX.LETTER-TEXTBOX.sender_username", "text": "Airbnb (back)"},
        {"keypath": "ENVELOPE-BACK-TEXTBOX.LETTER-TEXTBOX.custom_text", "text": "Text providers are cool!"},
    ],
    "Issues/issue_1949_short_paths": [
        {"keypath": "sender_username", "text": "Lottie"}, {"keypath": "From", "text": "Airbnb"},
        {"keypath": "custom_text", "text": "Text providers are cool!"},
    ],
}
SWITCH_OVERRIDES = [
    color("Checkmark Outlines.Group 1.Stroke 1.Color", BLACK),
    color("Checkmark Outlines 2.Group 1.Stroke 1.Color", BLACK),
    color("X Outlines.Group 1.Stroke 1.Color", BLACK),
    {"keypath": "Switch Outline Outlines.Fill 1.Color", "color": {"keyframes": [
        {"frame": 0, "value": BLACK}, {"frame": 75, "value": [0.76, 0.76, 0.76, 1]},
        {"frame": 150, "value": BLACK}]}},
]

# References that cannot be reproduced here, and why: listed apart, not counted.
APART = {
    "Nonanimating/Text_Glyph": "drawn with a font provider giving Chalkduster 36 pt, an Apple font not available here",
}
# References drawn with settings the command line does not offer: counted, with a note.
NOTES = {
    "Issues/issue_2310": "iOS drew only the viewport (10, 10, 65, 65) of the 85x85 canvas",
}

REFERENCE_NAME = re.compile(r"^(?P<key>.+?)-(?:Frame-(?P<frame>\d+)|(?P<percent>\d+))\.png$")


def parse_reference(name):
    """`LottieFiles-shop-50.png` → ("LottieFiles-shop", "progress", 0.5); `-Frame-4.png` → (key, "frame", 4)."""
    match = REFERENCE_NAME.match(name)
    if not match:
        return None
    if match.group("frame") is not None:
        return match.group("key"), "frame", int(match.group("frame"))
    return match.group("key"), "progress", int(match.group("percent")) / 100


def png_size(path):
    """A PNG's width and height from its IHDR chunk."""
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise ValueError(f"{path}: not a PNG")
    return struct.unpack(">II", head[16:24])


def points(pixels):
    """A pixel length at scale 2 as a point length for the command line: 389 or 388.5."""
    value = pixels / SCALE
    return str(int(value)) if value == int(value) else str(value)


def number(value):
    """A point length for the command line: 500, 58.84."""
    return str(int(value)) if value == int(value) else repr(value)


def snapshot_size(width, height):
    """The view lottie-ios snapshots an animation of `width` × `height` in (Tests/SnapshotTests.swift
    `snapshotSize(for:)`, 4.6.1): landscape clamps the width to the maximum, square and portrait the height, the
    other side in proportion; a smaller animation keeps its size."""
    if width > height:
        new_width = min(width, MAX_SNAPSHOT_DIMENSION)
        return new_width, new_width * (height / width)
    new_height = min(height, MAX_SNAPSHOT_DIMENSION)
    return new_height * (width / height), new_height


def screen_points(path, pixel_width, pixel_height):
    """The screen for a point, in points. iOS drew the animation in a view of its snapshot size, which need not be
    a whole number of pixels: the image is that size rounded up, the animation at its top left. Rendering into
    the pixel size halved would fit and centre it, off by a fraction of a pixel (issue_1460, 100 × 58.84: 0.16
    px), so the exact size is used wherever it rounds up to the reference's, else the pixel size halved."""
    fallback = (points(pixel_width), points(pixel_height))
    if not path.endswith(".json"):
        return fallback
    try:
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
        width, height = float(document["w"]), float(document["h"])
    except (OSError, ValueError, KeyError, TypeError):
        return fallback
    if width <= 0 or height <= 0:
        return fallback
    exact = snapshot_size(width, height)
    if (math.ceil(exact[0] * SCALE - 1e-9), math.ceil(exact[1] * SCALE - 1e-9)) != (pixel_width, pixel_height):
        return fallback
    return number(exact[0]), number(exact[1])


def precision_of(sample):
    return PRECISIONS.get(sample, DEFAULT_PRECISION)


def frame_of(sample, named):
    return FRAMES.get(sample, {}).get(named, named)


def sample_keys(corpus):
    """{"LottieFiles-shop": "LottieFiles/shop", ...}: each animation file's reference key and sample name
    (its path under samples/ without the extension), with the file's path."""
    root = os.path.join(corpus, "samples")
    samples = {}
    for folder, _, files in os.walk(root):
        for file in files:
            stem, extension = os.path.splitext(file)
            if extension not in (".json", ".lottie", ".lot"):
                continue
            relative = os.path.relpath(os.path.join(folder, stem), root).replace(os.sep, "/")
            samples[relative.replace("/", "-")] = (relative, os.path.join(folder, file))
    return samples


def engine_verdict(text):
    """lottie-ios's engine-support text → (supported, [issue lines])."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if lines and lines[0].startswith("Supports Core Animation engine"):
        return True, []
    return False, lines[1:]


def overrides_document(sample, lottie_path, corpus, folder):
    """The overrides document, to be written into `folder`, for a sample drawn with value providers, or None.
    Its paths (the animation's, the images') are relative to the document, as the format reads them."""
    entries = OVERRIDES.get(sample)
    if entries is None:
        return None
    if entries == "switch":
        entries = SWITCH_OVERRIDES
    entries = json.loads(json.dumps(entries))
    for entry in entries:
        if "image" in entry:
            entry["image"] = os.path.relpath(entry["image"].replace("{corpus}", corpus), folder)
    return {"lottie": os.path.relpath(lottie_path, folder), "overrides": entries}


def inspect_verdict(stdout):
    """`flipbook inspect -q`'s JSON → (supported, issues), or None when it is not there."""
    try:
        lottie = json.loads(stdout)["lottie"]
        return lottie["verdict"] == "supported", list(lottie.get("issues", []))
    except (ValueError, KeyError, TypeError):
        return None


def first_error_line(text):
    """The `Error:` line of a command's output (warnings come before it), else its first line."""
    for line in text.splitlines():
        if line.startswith("Error:"):
            return line.strip()
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return "no output"


def run(command, timeout):
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        return result.returncode, result.stdout, result.stderr
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {timeout} s"
    except OSError as error:
        return None, "", str(error)


def judge(point, flipbook, out):
    """Renders and compares one point; returns the point with its verdict and cause."""
    render = [flipbook, "render", point["input"], "-o", point["output"], "--width", point["width"],
              "--height", point["height"], "--scale", str(SCALE)]
    render += ["--frame", repr(point["frame"])] if "frame" in point else ["--progress", repr(point["progress"])]
    if point.get("fonts"):
        render += ["--fonts", point["fonts"]]
    if point.get("overrides"):
        # The document in --out names the animation and images in the corpus, outside its own folder.
        render.append("--allow-outside-files")
    started = time.monotonic()
    code, _, stderr = run(render, RENDER_TIMEOUT)
    point["renderSeconds"] = round(time.monotonic() - started, 3)
    if code != 0 or not os.path.exists(point["output"]):
        point.update(verdict="fail", cause="render: " + first_error_line(stderr))
        return point
    diff = [flipbook, "diff", point["reference"], point["output"], "--precision", repr(point["precision"]),
            "--perceptual-precision", repr(PERCEPTUAL_PRECISION), "--json"]
    code, stdout, stderr = run(diff, RENDER_TIMEOUT)
    if code not in (0, 1):
        point.update(verdict="fail", cause="diff: " + first_error_line(stderr))
        return point
    try:
        summary = json.loads(stdout)
        frame = summary["frames"][0]
    except (ValueError, KeyError, IndexError):
        point.update(verdict="fail", cause="diff: unreadable --json output")
        return point
    if not frame["sizeMatches"]:
        width, height = png_size(point["output"])
        point.update(verdict="fail", cause=f"size mismatch: rendered {width}x{height}, reference "
                     f"{point['pixelWidth']}x{point['pixelHeight']}")
        return point
    point["failedFraction"] = frame["ratio"]
    point["maxDeltaE"] = round(frame["maxColorDistance"] * 100, 2)
    if summary["verdict"] == "match":
        point["verdict"] = "pass"
    else:
        point.update(verdict="fail", cause=f"{frame['ratio'] * 100:.2f} % of pixels beyond ΔE 3 "
                     f"(at most {(1 - point['precision']) * 100:.1f} % allowed), largest ΔE {point['maxDeltaE']}")
    return point


def plan(corpus, out, only):
    """Every reference as a point to judge, with everything the command lines need."""
    samples = sample_keys(corpus)
    supported = {}
    for file in sorted(os.listdir(os.path.join(corpus, "engine-support"))):
        with open(os.path.join(corpus, "engine-support", file), encoding="utf-8") as f:
            supported[file[:-4]] = engine_verdict(f.read())[0]
    points_, orphans = [], []
    for name in sorted(os.listdir(os.path.join(corpus, "ios-core-animation"))):
        parsed = parse_reference(name)
        if parsed is None or parsed[0] not in samples:
            if not only or only.replace("/", "-") in name:
                orphans.append(name)
            continue
        key, kind, value = parsed
        sample, path = samples[key]
        if only and only not in sample:
            continue
        reference = os.path.join(corpus, "ios-core-animation", name)
        width, height = png_size(reference)
        screen = screen_points(path, width, height)
        point = {"sample": sample, "reference": reference, "point": name[len(key) + 1:-4],
                 "pixelWidth": width, "pixelHeight": height, "width": screen[0], "height": screen[1],
                 "precision": precision_of(sample), "supported": supported.get(key, True), "input": path,
                 "output": os.path.join(out, "renders", name)}
        # The corpus README: lottie-ios registered the TTF files of samples/Fonts for every reference.
        fonts = os.path.join(corpus, "samples", "Fonts")
        if os.path.isdir(fonts):
            point["fonts"] = fonts
        if kind == "frame":
            point["frame"] = frame_of(sample, value)
        else:
            point["progress"] = value
        if sample in APART:
            point.update(verdict="apart", cause=APART[sample])
        if sample in NOTES:
            point["note"] = NOTES[sample]
        document = overrides_document(sample, path, corpus, os.path.join(out, "overrides"))
        if document is not None:
            point["input"] = os.path.join(out, "overrides", key + ".json")
            point["overrides"] = True
        points_.append((point, document))
    return points_, orphans


def agreement(flipbook, corpus, jobs, only):
    """lottie-ios's verdict against `flipbook inspect --json` for every engine-support file."""
    samples = sample_keys(corpus)
    rows = []

    def one(file):
        key = file[:-4]
        with open(os.path.join(corpus, "engine-support", file), encoding="utf-8") as f:
            ios, issues = engine_verdict(f.read())
        row = {"sample": key, "lottieSupports": ios, "lottieIssues": issues}
        if key not in samples:
            row.update(flipbookSupports=None, agrees=None, cause="no sample in the corpus")
            return row
        code, stdout, stderr = run([flipbook, "inspect", samples[key][1], "-q"], RENDER_TIMEOUT)
        verdict = inspect_verdict(stdout) if code == 0 else None
        if verdict is None:
            cause = first_error_line(stderr) if code != 0 else 'no "lottie" verdict in its JSON'
            row.update(flipbookSupports=None, agrees=False, cause="inspect: " + cause)
            return row
        supports, found = verdict
        row.update(flipbookSupports=supports, flipbookIssues=found, agrees=supports == ios)
        return row

    files = [f for f in sorted(os.listdir(os.path.join(corpus, "engine-support")))
             if not only or only.replace("/", "-") in f]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        rows = list(pool.map(one, files))
    return rows


def percent(part, whole):
    return 100.0 * part / whole if whole else 0.0


def report(points_, orphans, rows, out, seconds):
    lines = []
    counted = [p for p in points_ if p["supported"] and p["verdict"] != "apart"]
    passed = [p for p in counted if p["verdict"] == "pass"]
    by_sample = {}
    for p in points_:
        by_sample.setdefault(p["sample"], []).append(p)
    for title, keep in [("Samples lottie-ios's Core Animation engine supports", True),
                        ("Samples it does not support (not counted)", False)]:
        lines.append(f"== {title}")
        for sample in sorted(by_sample):
            group = by_sample[sample]
            if group[0]["supported"] != keep:
                continue
            extra = " (overrides)" if group[0].get("overrides") else ""
            extra += f" (note: {group[0]['note']})" if group[0].get("note") else ""
            good = sum(p["verdict"] == "pass" for p in group)
            lines.append(f"{sample}: {good}/{len(group)} within tolerance, precision {group[0]['precision']}{extra}")
            for p in sorted(group, key=lambda p: (p.get("frame", -1), p.get("progress", -1))):
                cause = f": {p['cause']}" if p.get("cause") else ""
                lines.append(f"  {p['point']:>10}  {p['verdict']}{cause}")
    if orphans:
        lines.append("== References without a sample: " + ", ".join(orphans))
    apart = sorted({p["sample"] for p in points_ if p["verdict"] == "apart"})
    if apart:
        lines.append("== Listed apart (not counted): " + "; ".join(f"{s}: {APART[s]}" for s in apart))
    compared = [r for r in rows if r["agrees"] is not None]
    agreeing = [r for r in compared if r["agrees"]]
    if rows:
        lines.append("== Verdicts against lottie-ios's engine-support/")
        for r in rows:
            if r["agrees"]:
                continue
            ios = "supports" if r["lottieSupports"] else "does not support"
            flipbook = r.get("cause") or ("supported" if r["flipbookSupports"] else "issues: " + "; ".join(
                f"{i.get('feature')} at {i.get('layer')}" for i in r.get("flipbookIssues", [])))
            lines.append(f"  {r['sample']}: lottie-ios {ios}; Flipbook {flipbook}")
    summary = {
        "points": len(counted), "pointsWithinTolerance": len(passed),
        "percentWithinTolerance": round(percent(len(passed), len(counted)), 2),
        "unsupportedPoints": sum(not p["supported"] for p in points_),
        "apartPoints": sum(p["verdict"] == "apart" for p in points_),
        "verdictFiles": len(rows), "verdictsCompared": len(compared), "verdictsAgreeing": len(agreeing),
        "percentVerdictsAgreeing": round(percent(len(agreeing), len(compared)), 2), "seconds": round(seconds, 1),
    }
    lines.append(f"Verdicts agree on {len(agreeing)} of {len(compared)} samples "
                 f"({summary['percentVerdictsAgreeing']:.1f} %; {len(rows) - len(compared)} without a sample)")
    lines.append(f"Points within tolerance: {len(passed)} of {len(counted)} over supported samples "
                 f"({summary['percentWithinTolerance']:.1f} %)")
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, "report.txt"), "w", encoding="utf-8") as f:
        f.write(text)
    with open(os.path.join(out, "report.json"), "w", encoding="utf-8") as f:
        json.dump({"summary": summary, "points": points_, "verdicts": rows, "orphans": orphans}, f, indent=1)
    return text, summary


def find_corpus(given):
    """--corpus, else $FLIPBOOK_LOTTIE_CORPUS; None when neither names a folder holding the references."""
    candidate = given or os.environ.get("FLIPBOOK_LOTTIE_CORPUS")
    if candidate and os.path.isdir(os.path.join(candidate, "ios-core-animation")):
        return os.path.abspath(candidate)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("flipbook", nargs="?", help="the flipbook binary (a release build)")
    parser.add_argument("--corpus")
    parser.add_argument("--out", default=os.path.join(REPOSITORY, ".build", "lottie-conformance"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", help="only samples whose name contains this text")
    parser.add_argument("--require", type=float, default=0, help="exit 1 below this percentage of points")
    parser.add_argument("--agreement", type=float, default=0, help="exit 1 below this verdict agreement")
    parser.add_argument("--self-test", action="store_true", help="test the parsing parts and exit")
    arguments = parser.parse_args()
    if arguments.self_test:
        suite = unittest.defaultTestLoader.loadTestsFromTestCase(SelfTest)
        sys.exit(0 if unittest.TextTestRunner(verbosity=1).run(suite).wasSuccessful() else 1)
    if not arguments.flipbook:
        parser.error("the flipbook binary is required")
    if not os.access(arguments.flipbook, os.X_OK):
        print(f"Error: {arguments.flipbook}: not an executable flipbook binary", file=sys.stderr)
        return 2
    corpus = find_corpus(arguments.corpus)
    if corpus is None:
        print("Lottie conformance skipped: no corpus (FLIPBOOK_LOTTIE_CORPUS or --corpus names none)")
        return 0
    out = os.path.abspath(arguments.out)
    for folder in ("renders", "overrides"):
        os.makedirs(os.path.join(out, folder), exist_ok=True)
    started = time.monotonic()
    planned, orphans = plan(corpus, out, arguments.only)
    for point, document in planned:
        if document is not None:
            with open(point["input"], "w", encoding="utf-8") as f:
                json.dump(document, f, indent=1)
    todo = [p for p, _ in planned if p.get("verdict") != "apart"]
    done = 0

    def one(point):
        try:
            return judge(point, arguments.flipbook, out)
        except Exception as error:  # a broken point is a reported failure, never the end of the run
            point.update(verdict="fail", cause=f"runner: {type(error).__name__}: {error}")
            return point

    with concurrent.futures.ThreadPoolExecutor(arguments.jobs) as pool:
        for _ in pool.map(one, todo):
            done += 1
            if done % 50 == 0:
                print(f"{done}/{len(todo)} points", file=sys.stderr)
    rows = agreement(arguments.flipbook, corpus, arguments.jobs, arguments.only)
    text, summary = report([p for p, _ in planned], orphans, rows, out, time.monotonic() - started)
    print(text, end="")
    print(f"Report: {os.path.join(out, 'report.txt')} and report.json")
    below = summary["percentWithinTolerance"] < arguments.require
    below = below or summary["percentVerdictsAgreeing"] < arguments.agreement
    return 1 if below else 0


class SelfTest(unittest.TestCase):
    """The runner's own parsing, without the corpus or the binary."""

    def test_reference_names(self):
        self.assertEqual(parse_reference("LottieFiles-shop-50.png"), ("LottieFiles-shop", "progress", 0.5))
        self.assertEqual(parse_reference("9squares_AlBoardman-0.png"), ("9squares_AlBoardman", "progress", 0))
        self.assertEqual(parse_reference("Issues-issue_1949_full_paths-30.png"),
                         ("Issues-issue_1949_full_paths", "progress", 0.3))
        self.assertEqual(parse_reference("Issues-issue_2209-Frame-10.png"), ("Issues-issue_2209", "frame", 10))
        self.assertEqual(parse_reference("Issues-issue_2226-Frame-113.png"), ("Issues-issue_2226", "frame", 113))
        self.assertEqual(parse_reference("Issues-issue_1837_opacity-100.png")[2], 1.0)
        self.assertIsNone(parse_reference("README.md"))
        self.assertIsNone(parse_reference("shop.png"))

    def test_frames(self):
        self.assertEqual(frame_of("Issues/issue_2209", 4), 4.999)
        self.assertEqual(frame_of("Issues/issue_2209", 9), 9.9999999)
        self.assertEqual(frame_of("Issues/issue_2209", 5), 5)
        self.assertEqual(frame_of("Issues/issue_2226", 19), 19.25)
        self.assertEqual(frame_of("Issues/issue_2226", 113), 113)

    def test_sizes(self):
        self.assertEqual((points(1000), points(778)), ("500", "389"))
        self.assertEqual(points(171), "85.5")
        # lottie-ios's snapshot sizes: landscape clamps the width, portrait the height, small ones stay.
        self.assertEqual(snapshot_size(1000, 778), (500, 389))
        self.assertEqual(snapshot_size(300, 600), (250, 500))
        self.assertEqual(snapshot_size(100, 58.84), (100, 58.84))
        self.assertEqual(number(58.84), "58.84")
        self.assertEqual(number(500.0), "500")
        import tempfile
        import zlib
        with tempfile.NamedTemporaryFile(suffix=".png", delete=False) as f:
            body = b"IHDR" + struct.pack(">IIBBBBB", 1000, 778, 8, 6, 0, 0, 0)
            f.write(b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + body + struct.pack(">I", zlib.crc32(body)))
        try:
            self.assertEqual(png_size(f.name), (1000, 778))
        finally:
            os.unlink(f.name)

    def test_precisions(self):
        self.assertEqual(precision_of("LottieFiles/shop"), 0.985)
        self.assertEqual(precision_of("Issues/issue_1407"), 0.9)
        self.assertEqual(precision_of("Nonanimating/dog_landscape"), 0.9)
        self.assertEqual(precision_of("Issues/issue_1169_four_shadows"), 0.93)
        self.assertEqual(precision_of("Issues/issue_1664"), 0.95)
        self.assertEqual(precision_of("Nonanimating/blend_mode_test"), 0.99)
        self.assertEqual(sum(1 for v in PRECISIONS.values() if v == 0.95), 11)
        self.assertEqual(len(PRECISIONS), 24)

    def test_engine_verdicts(self):
        self.assertEqual(engine_verdict("Supports Core Animation engine"), (True, []))
        text = ("Does not support Core Animation engine. Encountered compatibility issues:\n"
                "[mask.Trim Paths 1] The Core Animation rendering engine doesn't currently support ...")
        supported, issues = engine_verdict(text)
        self.assertFalse(supported)
        self.assertEqual(len(issues), 1)
        self.assertTrue(issues[0].startswith("[mask.Trim Paths 1]"))

    def test_overrides(self):
        document = overrides_document("Switch", "/c/samples/Switch.json", "/c", "/o/overrides")
        self.assertEqual(document["lottie"], "../../c/samples/Switch.json")
        self.assertEqual(len(document["overrides"]), 4)
        self.assertEqual(document["overrides"][3]["color"]["keyframes"][1], {"frame": 75, "value": [0.76, 0.76, 0.76, 1]})
        self.assertEqual(overrides_document("DotLotExtension/Switch", "/c/x.lot", "/c", "/o")["overrides"],
                         document["overrides"])
        dog = overrides_document("Nonanimating/dog", "/c/samples/Nonanimating/dog.json", "/c", "/c/o")
        # lottie-ios's test image provider (Tests/Utils/HardcodedImageProvider.swift) places it .resizeAspectFill.
        self.assertEqual(dog["overrides"], [{"image": "../samples/Images/dog.png", "contentsGravity": "resizeAspectFill"}])
        self.assertIsNone(overrides_document("LottieFiles/shop", "shop.json", "/c", "/o"))
        for entries in [SWITCH_OVERRIDES] + [e for e in OVERRIDES.values() if e != "switch"]:
            for entry in entries:
                values = {"color", "number", "point", "size", "gradient", "text", "image", "font"} & set(entry)
                self.assertEqual(len(values), 1, entry)
        self.assertEqual(len(OVERRIDES), 20)

    def test_inspect_verdicts(self):
        self.assertEqual(inspect_verdict('{"lottie": {"verdict": "supported", "issues": []}, "layers": []}'),
                         (True, []))
        issue = {"feature": "expressions", "layer": "a.b"}
        self.assertEqual(inspect_verdict(json.dumps({"lottie": {"verdict": "unsupported", "issues": [issue]}})),
                         (False, [issue]))
        self.assertIsNone(inspect_verdict("Error: x.json: not a Lottie file"))
        self.assertIsNone(inspect_verdict('{"layers": []}'))

    def test_error_lines(self):
        self.assertEqual(first_error_line("warning: a.json: expressions (x)\nError: a.json: too big\n"),
                         "Error: a.json: too big")
        self.assertEqual(first_error_line("\nsomething broke\n"), "something broke")

    def test_failed_render_is_a_reported_failure(self):
        point = {"input": "/nonexistent.json", "output": "/nonexistent/out.png", "width": "10", "height": "10",
                 "progress": 0.5}
        judged = judge(point, "/nonexistent/flipbook", "/nonexistent")
        self.assertEqual(judged["verdict"], "fail")
        self.assertTrue(judged["cause"].startswith("render: "))


if __name__ == "__main__":
    sys.exit(main())

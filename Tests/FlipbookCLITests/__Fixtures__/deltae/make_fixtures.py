#!/usr/bin/env python3
"""Records swift-snapshot-testing's perceptual counts on image pairs, computed independently of Flipbook.

Run from anywhere: `pip install numpy pillow colour-science && python3 make_fixtures.py`. It writes next to
itself:
  * <name>-a.png and <name>-b.png: seeded pairs made for this metric (colours a small ΔE apart, translucent
    pixels whose colour or alpha alone changes, grey ramps one or two steps apart);
  * expected.json: for those pairs and every pair of ../pixelmatch/, the number of pixels whose distance is
    above `(1 − perceptualPrecision) × 100` for each perceptual precision in SETTINGS, and the largest
    distance, with the versions and the date.

The metric (what CILabDeltaE computes for swift-snapshot-testing, see LabDeltaE.swift) is written here
from its definition with numpy, vectorised over the image, not translated from the Swift code:
  * PNG → straight 8-bit RGBA (Pillow) → premultiplied as Flipbook's decoder does, (c·a + 127) // 255;
  * each pixel composited on black (c) and on white (c + 255 − a), the 8-bit values taken as linear;
  * RGB → XYZ with IEC 61966-2-1's matrix, taken from colour-science (`RGB_COLOURSPACES["sRGB"]`), over
    the XYZ of RGB white; Lab with f(t) = t^(1/3) above 0.008856, else 7.787 t + 16/116;
  * CIE94 (kL = kC = kH = 1, K1 = 0.045, K2 = 0.015) with the geometric mean of the two chromas in S_C and
    S_H; the distance is the larger on white and on black;
  * the threshold in float32, as swift-snapshot-testing computes it.
Before writing, the script checks its Lab against colour-science's `XYZ_to_Lab` (within 0.02, since
colour-science uses CIE's exact 216/24389 and 24389/27 where Core Image uses the rounded constants) and its
CIE94 against colour-science's `delta_E_CIE1994` with the reference's chroma in place of the geometric
mean (to 1e-9): two independent implementations of the formula agreeing.

Only this script needs Python; the Swift tests read expected.json. Rerunning leaves git clean except the date.
"""
import datetime
import glob
import importlib.metadata
import json
import os
import platform
import random

import colour
import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
PIXELMATCH = os.path.join(HERE, "..", "pixelmatch")
SETTINGS = [0.9, 0.95, 0.97, 0.98, 0.99, 0.995, 0.999]
MATRIX = np.array(colour.RGB_COLOURSPACES["sRGB"].matrix_RGB_to_XYZ, dtype=np.float64)
WHITE = MATRIX.sum(axis=1)
EPSILON, SLOPE, K1, K2 = 0.008856, 7.787, 0.045, 0.015


def premultiplied(path):
    rgba = np.asarray(Image.open(path).convert("RGBA"), dtype=np.int64).reshape(-1, 4)
    a = rgba[:, 3:4]
    rgb = np.where(a == 255, rgba[:, :3], (rgba[:, :3] * a + 127) // 255)
    return np.concatenate([rgb, a], axis=1)


def lab(rgb8):
    xyz = np.maximum((rgb8 / 255.0) @ MATRIX.T / WHITE, 0)
    f = np.where(xyz > EPSILON, np.cbrt(xyz), SLOPE * xyz + 16.0 / 116.0)
    return np.stack([116 * f[:, 1] - 16, 500 * (f[:, 0] - f[:, 1]), 200 * (f[:, 1] - f[:, 2])], axis=1)


def cie94(p, q, reference_chroma=False):
    dl = p[:, 0] - q[:, 0]
    c1 = np.hypot(p[:, 1], p[:, 2])
    c2 = np.hypot(q[:, 1], q[:, 2])
    dc = c1 - c2
    dh2 = np.maximum((p[:, 1] - q[:, 1]) ** 2 + (p[:, 2] - q[:, 2]) ** 2 - dc ** 2, 0)
    chroma = c1 if reference_chroma else np.sqrt(c1 * c2)
    sc, sh = 1 + K1 * chroma, 1 + K2 * chroma
    return np.sqrt(dl ** 2 + (dc / sc) ** 2 + dh2 / sh ** 2)


def composites(pixels):
    black = pixels[:, :3]
    white = black + (255 - pixels[:, 3:4])
    return black, white


def distances(a, b):
    (ab, aw), (bb, bw) = composites(a), composites(b)
    d = np.maximum(cie94(lab(ab), lab(bb)), cie94(lab(aw), lab(bw)))
    return np.where((a == b).all(axis=1), 0.0, d)


def cross_check(a, b):
    """This script's Lab and CIE94 against colour-science's own functions on the same pixels."""
    for side_a, side_b in zip(composites(a), composites(b)):
        la, lb = lab(side_a), lab(side_b)
        xyz = (side_a / 255.0) @ MATRIX.T
        theirs = colour.XYZ_to_Lab(xyz, illuminant=colour.XYZ_to_xy(WHITE))
        assert np.abs(theirs - la).max() < 0.02, np.abs(theirs - la).max()
        ours = cie94(la, lb, reference_chroma=True)
        theirs94 = colour.delta_E(la, lb, method="CIE 1994")
        assert np.abs(theirs94 - ours).max() < 1e-9, np.abs(theirs94 - ours).max()


def save(name, a, b):
    Image.fromarray(a.astype(np.uint8), "RGBA").save(os.path.join(HERE, f"{name}-a.png"))
    Image.fromarray(b.astype(np.uint8), "RGBA").save(os.path.join(HERE, f"{name}-b.png"))


def made_pairs():
    rng = np.random.default_rng(2026)
    size = (48, 48)
    base = rng.integers(0, 256, size=size + (3,))
    opaque = np.concatenate([base, np.full(size + (1,), 255)], axis=2)
    nudged = np.clip(base + rng.integers(-5, 6, size=size + (3,)), 0, 255)
    yield "near-threshold", opaque, np.concatenate([nudged, np.full(size + (1,), 255)], axis=2)
    alpha = rng.integers(0, 256, size=size + (1,))
    translucent = np.concatenate([base, alpha], axis=2)
    yield "translucent-colour", translucent, np.concatenate([nudged, alpha], axis=2)
    moved = np.clip(alpha + rng.integers(-6, 7, size=size + (1,)), 0, 255)
    yield "translucent-alpha", translucent, np.concatenate([base, moved], axis=2)
    ramp = np.tile(np.arange(256).reshape(1, 256, 1), (8, 1, 3))
    step = np.clip(ramp + np.array([1, 2, 0]).reshape(1, 1, 3) * (np.arange(8).reshape(8, 1, 1) % 3), 0, 255)
    yield "grey-steps", np.concatenate([ramp, np.full((8, 256, 1), 255)], axis=2), np.concatenate(
        [step, np.full((8, 256, 1), 255)], axis=2)
    dark = rng.integers(0, 24, size=size + (3,))
    yield "dark-shades", np.concatenate([dark, np.full(size + (1,), 255)], axis=2), np.concatenate(
        [np.clip(dark + rng.integers(-3, 4, size=size + (3,)), 0, 255), np.full(size + (1,), 255)], axis=2)


def main():
    random.seed(0)
    names = []
    for name, a, b in made_pairs():
        save(name, a, b)
        names.append((name, HERE))
    for path in sorted(glob.glob(os.path.join(PIXELMATCH, "*-a.png"))):
        names.append((os.path.basename(path)[:-6], PIXELMATCH))
    pairs = {}
    for name, folder in sorted(names):
        a = premultiplied(os.path.join(folder, f"{name}-a.png"))
        b = premultiplied(os.path.join(folder, f"{name}-b.png"))
        if a.shape != b.shape:
            continue
        cross_check(a, b)
        d = distances(a, b)
        counts = []
        for precision in SETTINGS:
            threshold = np.float32(np.float32(1) - np.float32(precision)) * np.float32(100)
            counts.append(int((d > float(threshold)).sum()))
        width, height = Image.open(os.path.join(folder, f"{name}-a.png")).size
        pairs[name] = {"folder": os.path.basename(folder), "width": width, "height": height,
                       "counts": counts, "maxDeltaE": round(float(d.max()), 9)}
    document = {
        "generator": "make_fixtures.py: numpy CIE94 as CILabDeltaE computes it for swift-snapshot-testing",
        "versions": {"python": platform.python_version(), "numpy": np.__version__,
                     "colour-science": importlib.metadata.version("colour-science"),
                     "pillow": importlib.metadata.version("pillow")},
        "date": datetime.date.today().isoformat(),
        "perceptualPrecisions": SETTINGS,
        "pairs": pairs,
    }
    with open(os.path.join(HERE, "expected.json"), "w") as f:
        json.dump(document, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(pairs)} pairs, {sum(sum(p['counts']) for p in pairs.values())} failed pixels in all")


if __name__ == "__main__":
    main()

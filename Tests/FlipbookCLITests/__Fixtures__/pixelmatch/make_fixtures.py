#!/usr/bin/env python3
"""Writes the pixelmatch agreement fixtures and records what PyPI's pixelmatch counts on each pair.

Run from anywhere: `pip install pillow pixelmatch && python3 make_fixtures.py`. It writes next to itself:
  * <name>-a.png and <name>-b.png: small image pairs (anti-aliased shapes moved by a fraction of a pixel,
    text changes, colour and alpha changes, thin lines, gradients, brightness ties), drawn with Pillow.
    Anti-aliasing comes from drawing at SUPERSAMPLE times the size and shrinking with a box filter, so a
    shift of 0.25 px is one supersampled pixel;
  * expected.json: for every pair and every setting in SETTINGS, the count `pixelmatch.pixelmatch`
    returns, with the exact call, the pixelmatch, Pillow and Python versions and the date.

Flipbook keeps pixels premultiplied, so two straight colours of a translucent pixel that premultiply to the
same value cannot be told apart after decoding (pixelmatch, working on straight RGBA, can). The fixtures
therefore store every translucent pixel in its canonical straight form: the one Flipbook's unpremultiply
(`c = min(255, (p * 255 + a // 2) // a)` of the decoder's `p = (c * a + 127) // 255`) gives back, and a
fully transparent pixel as (0, 0, 0, 0). On such files Flipbook sees exactly the RGBA pixelmatch sees.

Pixelmatch is run only here; the Swift tests read expected.json, so they need neither Python nor network.
Everything is seeded, so rerunning with the same Pillow leaves git clean except for the date.
"""
import datetime
import importlib.metadata
import json
import os
import platform
import random

from PIL import Image, ImageDraw, ImageFont
from pixelmatch import pixelmatch

HERE = os.path.dirname(os.path.abspath(__file__))
SUPERSAMPLE = 4
THRESHOLDS = [0, 0.05, 0.1, 0.2, 0.3]
SETTINGS = [{"threshold": t, "includeAA": aa} for t in THRESHOLDS for aa in (False, True)]
WHITE = (255, 255, 255, 255)
CLEAR = (0, 0, 0, 0)


def premultiply(c, a):
    return (c * a + 127) // 255


def unpremultiply(p, a):
    return min(255, (p * 255 + a // 2) // a)


def canonical(pixel):
    """The straight RGBA Flipbook recovers from this pixel after premultiplying it."""
    r, g, b, a = pixel
    if a == 255:
        return pixel
    if a == 0:
        return CLEAR
    out = tuple(unpremultiply(premultiply(c, a), a) for c in (r, g, b)) + (a,)
    assert all(premultiply(c, a) == premultiply(o, a) for c, o in zip((r, g, b), out)), pixel
    return out


def canonicalized(image):
    image = image.convert("RGBA")
    data = image.tobytes()
    image.putdata([canonical(tuple(data[i:i + 4])) for i in range(0, len(data), 4)])
    return image


def smooth(size, background, draw):
    """An anti-aliased picture: `draw(d, s)` paints on a canvas SUPERSAMPLE times larger, with `s` the
    scale to multiply coordinates by; the result is shrunk with a box filter."""
    w, h = size
    big = Image.new("RGBA", (w * SUPERSAMPLE, h * SUPERSAMPLE), background)
    draw(ImageDraw.Draw(big), SUPERSAMPLE)
    return big.resize(size, Image.BOX)


def circle(dx=0.0, dy=0.0, r=20, fill=(0, 0, 0, 255), background=WHITE, size=(64, 64)):
    cx, cy = size[0] / 2 + dx, size[1] / 2 + dy
    return smooth(size, background, lambda d, s: d.ellipse([(cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s], fill=fill))


def line(dx=0.0, width=1.0, size=(96, 64), angle_end=(90, 60)):
    def draw(d, s):
        d.line([((4 + dx) * s, 4 * s), ((angle_end[0] + dx) * s, angle_end[1] * s)], fill=(20, 20, 20, 255), width=max(1, round(width * s)))
    return smooth(size, WHITE, draw)


def ring(width, size=(80, 80)):
    def draw(d, s):
        d.ellipse([10 * s, 10 * s, 70 * s, 70 * s], outline=(40, 90, 200, 255), width=max(1, round(width * s)))
    return smooth(size, WHITE, draw)


def text(message, dx=0.0, size=(160, 40), color=(30, 30, 30, 255)):
    font = ImageFont.load_default(size=14 * SUPERSAMPLE)
    return smooth(size, WHITE, lambda d, s: d.text(((6 + dx) * s, 10 * s), message, font=font, fill=color))


def rect(color, box=(16, 16, 48, 48), size=(64, 64), background=WHITE):
    image = Image.new("RGBA", size, background)
    ImageDraw.Draw(image).rectangle(box, fill=color)
    return image


def gradient(size=(128, 32), steps=None, offset=0):
    w, h = size
    image = Image.new("RGBA", size)
    for x in range(w):
        v = (x + offset) * 255 // (w - 1) if x + offset < w else 255
        if steps:
            v = v // (256 // steps) * (256 // steps)
        for y in range(h):
            image.putpixel((x, y), (v, v // 2 + 60, 255 - v, 255))
    return image


def alpha_gradient(size=(96, 32), scale=1.0):
    w, h = size
    image = Image.new("RGBA", size)
    for x in range(w):
        a = min(255, int(x * 255 / (w - 1) * scale))
        for y in range(h):
            image.putpixel((x, y), (200, 40, 90, a))
    return image


def noise(seed, amplitude, size=(64, 64)):
    rng = random.Random(seed)
    image = Image.new("RGBA", size)
    for y in range(size[1]):
        for x in range(size[0]):
            base = 90 + x + y // 2
            v = max(0, min(255, base + rng.randint(-amplitude, amplitude)))
            image.putpixel((x, y), (v, v, min(255, v + 20), 255))
    return image


def checkerboard(offset=0, size=(64, 64), colors=((40, 40, 40, 255), (220, 220, 220, 255))):
    image = Image.new("RGBA", size)
    for y in range(size[1]):
        for x in range(size[0]):
            image.putpixel((x, y), colors[(x + y + offset) % 2])
    return image


def dither(seed, size=(64, 64), levels=((120, 120, 120, 255), (136, 136, 136, 255))):
    """Two brightness levels scattered at random: many neighbours tie exactly in brightness."""
    rng = random.Random(seed)
    image = Image.new("RGBA", size)
    image.putdata([levels[rng.random() < 0.3] for _ in range(size[0] * size[1])])
    return image


def with_dots(image, dots, color):
    image = image.copy()
    for xy in dots:
        image.putpixel(xy, color)
    return image


def arrow(angle, size=(72, 72)):
    """EGO's arrow, roughly: a shaft and a head, rotated about the centre."""
    import math

    def draw(d, s):
        c = size[0] / 2
        points = [(-4, -24), (4, -24), (4, 8), (12, 8), (0, 26), (-12, 8), (-4, 8)]
        t = math.radians(angle)
        rotated = [((c + x * math.cos(t) - y * math.sin(t)) * s, (c + x * math.sin(t) + y * math.cos(t)) * s) for x, y in points]
        d.polygon(rotated, fill=(90, 90, 90, 255))
    return smooth(size, WHITE, draw)


def spinner(rotation, size=(64, 64)):
    """APL's activity indicator, roughly: twelve fading spokes, rotated by `rotation` degrees."""
    def draw(d, s):
        for k in range(12):
            start = rotation + k * 30
            grey = 60 + k * 15
            d.pieslice([8 * s, 8 * s, 56 * s, 56 * s], start, start + 12, fill=(grey, grey, grey, 255))
        d.ellipse([20 * s, 20 * s, 44 * s, 44 * s], fill=WHITE)
    return smooth(size, WHITE, draw)


def border_shapes(dx, size=(64, 48)):
    """Shapes cut by the image border, where the border counts as an equal neighbour."""
    def draw(d, s):
        d.ellipse([(-10 + dx) * s, -10 * s, (14 + dx) * s, 14 * s], fill=(0, 0, 0, 255))
        d.rectangle([(50 + dx) * s, 30 * s, 70 * s, 60 * s], fill=(200, 30, 30, 255))
    return smooth(size, WHITE, draw)


def hue(shift, size=(64, 64)):
    """Squares of one brightness in different hues: only I and Q change."""
    image = Image.new("RGBA", size, WHITE)
    d = ImageDraw.Draw(image)
    d.rectangle([8, 8, 55, 55], fill=(180, 100 + shift, 60, 255))
    return image


PAIRS = {
    "circle-shift-quarter": (circle(), circle(dx=0.25)),
    "circle-shift-half": (circle(), circle(dx=0.5, dy=0.25)),
    "circle-shift-one": (circle(), circle(dx=1)),
    "circle-grows": (circle(r=20), circle(r=20.75)),
    "line-shift-quarter": (line(), line(dx=0.25)),
    "line-wider": (line(width=1.0), line(width=1.5)),
    "thin-lines": (
        smooth((64, 64), WHITE, lambda d, s: [d.rectangle([0, (8 * k) * s, 64 * s, (8 * k + 1) * s - 1], fill=(0, 0, 0, 255)) for k in range(8)]),
        smooth((64, 64), WHITE, lambda d, s: [d.rectangle([0, (8 * k + (k == 3) * 0.5) * s, 64 * s, (8 * k + 1 + (k == 3) * 0.5) * s - 1], fill=(0, 0, 0, 255)) for k in range(8)]),
    ),
    "ring-stroke": (ring(1.0), ring(1.25)),
    "text-change": (text("Pull down to refresh..."), text("Release to refresh...")),
    "text-shift": (text("Loading..."), text("Loading...", dx=0.5)),
    "text-colour": (text("Last Updated: 10:41"), text("Last Updated: 10:41", color=(60, 60, 90, 255))),
    "colour-subtle": (rect((128, 128, 128, 255)), rect((140, 140, 140, 255))),
    "colour-medium": (rect((128, 128, 128, 255)), rect((180, 180, 180, 255))),
    "colour-red-orange": (rect((220, 30, 30, 255)), rect((230, 90, 20, 255))),
    "hue-rotate": (hue(0), hue(40)),
    "alpha-change": (rect((255, 0, 0, 128), background=CLEAR), rect((255, 0, 0, 160), background=CLEAR)),
    "alpha-edges": (circle(fill=(20, 120, 220, 255), background=CLEAR), circle(dx=0.5, fill=(20, 120, 220, 255), background=CLEAR)),
    "alpha-fade": (alpha_gradient(), alpha_gradient(scale=0.9)),
    "alpha-invisible": (rect(WHITE, background=CLEAR), rect(CLEAR, box=(0, 0, 0, 0), background=CLEAR)),
    "gradient-shift": (gradient(), gradient(offset=1)),
    "gradient-banding": (gradient(), gradient(steps=32)),
    "noise": (noise(1, 2), noise(2, 6)),
    "checkerboard-shift": (checkerboard(), checkerboard(offset=1)),
    "dither-ties": (dither(7), with_dots(dither(7), [(10, 10), (11, 10), (30, 31), (50, 5), (0, 0), (63, 63)], (200, 200, 200, 255))),
    "arrow-rotate": (arrow(0), arrow(3)),
    "spinner-rotate": (spinner(0), spinner(15)),
    "border-shapes": (border_shapes(0), border_shapes(0.5)),
    "big-text-block": (
        text("Pull to refresh\u2026 Release\u2026", size=(200, 40)),
        text("Pull to refresh\u2026 Release!", size=(200, 40)),
    ),
}


def rgba_bytes(path):
    return Image.open(path).convert("RGBA").tobytes()


def main():
    records = {}
    for name, (a, b) in PAIRS.items():
        assert a.size == b.size, name
        paths = []
        for side, image in (("a", a), ("b", b)):
            path = os.path.join(HERE, f"{name}-{side}.png")
            canonicalized(image).save(path, optimize=True)
            paths.append(path)
        one, two = rgba_bytes(paths[0]), rgba_bytes(paths[1])
        width, height = a.size
        counts = []
        for setting in SETTINGS:
            counts.append(
                pixelmatch(one, two, width, height, threshold=setting["threshold"], includeAA=setting["includeAA"]))
        records[name] = {"width": width, "height": height, "counts": counts}
        print(name, counts)
    document = {
        "provenance": {
            "tool": "pixelmatch (PyPI) " + importlib.metadata.version("pixelmatch"),
            "pillow": importlib.metadata.version("pillow"),
            "python": platform.python_version(),
            "date": datetime.date.today().isoformat(),
            "call": "pixelmatch.pixelmatch(a, b, width, height, threshold=T, includeAA=AA) with a and b "
            "PIL.Image.open(path).convert('RGBA').tobytes()",
            "generator": "make_fixtures.py",
        },
        "settings": SETTINGS,
        "pairs": records,
    }
    with open(os.path.join(HERE, "expected.json"), "w") as f:
        json.dump(document, f, indent=1, sort_keys=False)
        f.write("\n")


if __name__ == "__main__":
    main()

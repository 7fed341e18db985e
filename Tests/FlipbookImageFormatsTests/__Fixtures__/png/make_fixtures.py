#!/usr/bin/env python3
"""Writes the PNG fixtures for PNGTests.swift, using only the standard library.

Run from anywhere: `python3 make_fixtures.py`. It writes next to itself:
  * one tiny PNG per colour type / bit depth (plus tRNS and Adam7 variants), with known sample values;
  * expected.json: for each good fixture, its size and the straight 8-bit RGBA every pixel must decode to
    (16-bit samples rounded as v / 257, 1/2/4-bit gray scaled by bit replication, tRNS applied);
  * bad files: truncated, bad CRC, wrong signature, a Git LFS pointer, and a header claiming 20000x20000.
The output is deterministic, so rerunning it leaves git clean.
"""
import json
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = 4, 3
GRAY, RGB, PALETTE, GRAY_ALPHA, RGBA = 0, 2, 3, 4, 6
CHANNELS = {GRAY: 1, RGB: 3, PALETTE: 1, GRAY_ALPHA: 2, RGBA: 4}


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def pack_row(samples, depth):
    """Packs one row of samples (already flattened across channels) at the given bit depth."""
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))  # pad the last byte with zero bits
    return bytes(out)


def adam7_passes(width, height):
    """(x0, y0, dx, dy) of the seven Adam7 passes."""
    return [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def png_bytes(width, height, depth, color, pixels, extra=b"", interlace=0):
    """pixels[y][x] is a tuple of samples (one per channel; a palette index for PALETTE)."""
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, interlace)
    raw = bytearray()
    if interlace:
        for x0, y0, dx, dy in adam7_passes(width, height):
            xs, ys = range(x0, width, dx), range(y0, height, dy)
            if not xs or not ys:
                continue  # empty passes have no rows at all, not even filter bytes
            for y in ys:
                raw += b"\x00" + pack_row([s for x in xs for s in pixels[y][x]], depth)
    else:
        for y in range(height):
            raw += b"\x00" + pack_row([s for x in range(width) for s in pixels[y][x]], depth)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def to8(value, depth):
    """The 8-bit value libpng produces for a sample: bit replication below 8, rounding v/257 at 16."""
    if depth == 16:
        return (value * 255 + 32767) // 65535
    return value * 255 // ((1 << depth) - 1)


def sample(x, y, c, depth, width=W):
    """A deterministic spread of sample values covering 0 and the maximum."""
    top = (1 << depth) - 1
    i = y * width + x
    if depth == 16:
        return (i * 9001 + c * 20011 + 0x1234) % 65536
    return (i * 5 + c * 3) % (top + 1) if depth < 8 else (i * 37 + c * 101 + 11) % 256


fixtures, expected = {}, {}


def add(name, width, height, depth, color, pixels, rgba, extra=b"", interlace=0):
    fixtures[name] = png_bytes(width, height, depth, color, pixels, extra, interlace)
    expected[name] = {"width": width, "height": height, "rgba": [list(rgba[y][x]) for y in range(height) for x in range(width)]}


def grid(fn, width=W, height=H):
    return [[fn(x, y) for x in range(width)] for y in range(height)]


# Gray 1, 2, 4, 8, 16. Pixel (0, 0) of the 16-bit file is 0x8080, which must decode to 128.
for depth in (1, 2, 4, 8, 16):
    px = grid(lambda x, y: (sample(x, y, 0, depth),))
    if depth == 16:
        px[0][0], px[0][1], px[0][2] = (0x8080,), (0xFFFF,), (0x0000,)
    add(f"gray{depth}.png", W, H, depth, GRAY, px, grid(lambda x, y: (to8(px[y][x][0], depth),) * 3 + (255,)))

# Gray + alpha 8 and 16; alpha spans 0 (colour irrelevant) to fully opaque.
for depth in (8, 16):
    px = grid(lambda x, y: (sample(x, y, 0, depth), sample(x, y, 1, depth)))
    top = (1 << depth) - 1
    px[0][0], px[0][1] = (px[0][0][0], 0), (px[0][1][0], top)
    add(f"gray_alpha{depth}.png", W, H, depth, GRAY_ALPHA, px,
        grid(lambda x, y: (to8(px[y][x][0], depth),) * 3 + (to8(px[y][x][1], depth),)))

# RGB and RGBA, 8 and 16.
for depth in (8, 16):
    px = grid(lambda x, y: tuple(sample(x, y, c, depth) for c in range(3)))
    add(f"rgb{depth}.png", W, H, depth, RGB, px, grid(lambda x, y: tuple(to8(s, depth) for s in px[y][x]) + (255,)))
    px = grid(lambda x, y: tuple(sample(x, y, c, depth) for c in range(4)))
    top = (1 << depth) - 1
    px[0][0] = px[0][0][:3] + (0,)
    px[0][1] = px[0][1][:3] + (top,)
    add(f"rgba{depth}.png", W, H, depth, RGBA, px, grid(lambda x, y: tuple(to8(s, depth) for s in px[y][x])))

# Palette 1, 2, 4, 8, with and without tRNS (the tRNS list is shorter than the palette where it can
# be: entries past its end are opaque).
for depth in (1, 2, 4, 8):
    count = min(1 << depth, 200)
    palette = [((i * 40 + 7) % 256, (i * 90 + 3) % 256, (i * 150 + 1) % 256) for i in range(count)]
    px = grid(lambda x, y: ((y * W + x) * 7 % count,))
    plte = chunk(b"PLTE", bytes(v for entry in palette for v in entry))
    add(f"palette{depth}.png", W, H, depth, PALETTE, px, grid(lambda x, y: palette[px[y][x][0]] + (255,)), plte)
    alphas = [0, 128, 255, 64, 200][: max(1, count - 1)]
    trns = chunk(b"tRNS", bytes(alphas))
    alpha_of = lambda i: alphas[i] if i < len(alphas) else 255
    add(f"palette{depth}_trns.png", W, H, depth, PALETTE, px,
        grid(lambda x, y: palette[px[y][x][0]] + (alpha_of(px[y][x][0]),)), plte + trns)

# Gray 8 and RGB 8 with a tRNS colour key matching pixel (1, 1).
px = grid(lambda x, y: (sample(x, y, 0, 8),))
key = px[1][1][0]
add("gray8_trns.png", W, H, 8, GRAY, px,
    grid(lambda x, y: (px[y][x][0],) * 3 + (0 if px[y][x][0] == key else 255,)), chunk(b"tRNS", struct.pack(">H", key)))
px = grid(lambda x, y: tuple(sample(x, y, c, 8) for c in range(3)))
key = px[1][1]
add("rgb8_trns.png", W, H, 8, RGB, px,
    grid(lambda x, y: px[y][x] + (0 if px[y][x] == key else 255,)), chunk(b"tRNS", struct.pack(">HHH", *key)))

# Adam7: big enough (9x9) that all seven passes hold pixels.
px = grid(lambda x, y: tuple(sample(x, y, c, 8, 9) for c in range(4)), 9, 9)
add("rgba8_interlaced.png", 9, 9, 8, RGBA, px, px, interlace=1)

# MARK: bad files
good = fixtures["rgb8.png"]
idat = good.index(b"IDAT")
fixtures["bad_truncated.png"] = good[: idat + 10]  # cut inside the IDAT data
bad_crc = bytearray(good)
length = struct.unpack(">I", good[idat - 4 : idat])[0]
bad_crc[idat + 4 + length] ^= 0xFF  # first byte of IDAT's CRC
fixtures["bad_crc.png"] = bytes(bad_crc)
fixtures["bad_signature.png"] = b"GIF89a" + good[6:]
fixtures["bad_lfs_pointer.png"] = (b"version https://git-lfs.github.com/spec/v1\n"
                                   b"oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\n"
                                   b"size 12345\n")
# A valid header (with a correct CRC) claiming 20000x20000, followed by a token IDAT.
fixtures["bad_huge.png"] = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 20000, 20000, 8, RGB, 0, 0, 0))
                            + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))

for name, data in fixtures.items():
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)
with open(os.path.join(HERE, "expected.json"), "w") as f:
    # One fixture per line keeps diffs readable.
    lines = [f" {json.dumps(name)}: {json.dumps(expected[name], separators=(',', ':'))}" for name in sorted(expected)]
    f.write("{\n" + ",\n".join(lines) + "\n}\n")
print(f"wrote {len(fixtures)} PNG files and expected.json ({len(expected)} good fixtures)")

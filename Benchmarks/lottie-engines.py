#!/usr/bin/env python3
"""The other Lottie renderers' side of `make bench`'s Lottie rows: one engine renders frames of one file to PNGs.

    lottie-engines.py ENGINE ANIMATION WIDTH HEIGHT FOLDER

ENGINE is `thorvg` (PyPI thorvg-python, ThorVG's C API through ctypes, the library inside the wheel) or
`rlottie` (PyPI rlottie-python, likewise). Every whole frame from the file's in point to its out point (not
included) is drawn at WIDTH x HEIGHT pixels and written as FOLDER/frame_NNNNNN.png through Pillow, the way a
user of these bindings exports frames. Prints one JSON line: the frame count, the seconds spent rasterizing
(the engine's draw into a pixel buffer, nothing else) and the seconds of the whole run (loading, drawing,
converting and writing PNGs), measured with time.perf_counter. The benchmark divides Flipbook's figures by these.

ThorVG draws with one thread per core (its Engine(threads=N)); rlottie's Python binding draws on one thread.
Both draw whole frames: rlottie takes only integers, and ThorVG is given the same integers.
"""

import json
import os
import sys
import time


def whole_frames(path):
    """The file's whole frames from its in point up to its out point, the count Flipbook renders at its rate."""
    with open(path, encoding="utf-8") as file:
        animation = json.load(file)
    return int(animation["op"]) - int(animation["ip"])


def thorvg_frames(path, width, height, folder):
    import thorvg_python as tvg

    engine = tvg.Engine(threads=os.cpu_count() or 1)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    if picture.load(path) != tvg.Result.SUCCESS:
        raise SystemExit(f"Error: ThorVG could not load {path}")
    picture.set_size(width, height)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(width, height)
    canvas.add(picture)
    count = whole_frames(path)
    raster = 0.0
    for index in range(count):
        start = time.perf_counter()
        animation.set_frame(float(index))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        raster += time.perf_counter() - start
        canvas.get_pillow("RGBA").save(os.path.join(folder, f"frame_{index:06d}.png"))
    return count, raster


def rlottie_frames(path, width, height, folder):
    from PIL import Image
    from rlottie_python import LottieAnimation

    animation = LottieAnimation.from_file(path)
    count = whole_frames(path)
    raster = 0.0
    for index in range(count):
        start = time.perf_counter()
        pixels = animation.lottie_animation_render(frame_num=index, width=width, height=height)
        raster += time.perf_counter() - start
        # rlottie draws premultiplied ARGB32 words (BGRA bytes here); Pillow's "RGBa" raw mode is premultiplied.
        Image.frombuffer("RGBa", (width, height), pixels, "raw", "BGRa", 0, 1).convert("RGBA").save(
            os.path.join(folder, f"frame_{index:06d}.png"))
    return count, raster


def main():
    if len(sys.argv) != 6 or sys.argv[1] not in ("thorvg", "rlottie"):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        raise SystemExit(64)
    engine, path, width, height, folder = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    os.makedirs(folder, exist_ok=True)
    start = time.perf_counter()
    count, raster = (thorvg_frames if engine == "thorvg" else rlottie_frames)(path, width, height, folder)
    total = time.perf_counter() - start
    print(json.dumps({"engine": engine, "frames": count, "rasterize": raster, "total": total}))


if __name__ == "__main__":
    main()

"""Draws the gif header example's frames (Flipbook's own artwork, not MJRefresh's demo images).

idle-NN@2x.png: a drop that fills as the pull grows (10 frames, scrubbed by the pull);
refreshing-NN@2x.png: eight dots, the bright one stepping round (8 frames, looped).
Each is 40x40 pt at 2x. Run with Pillow: python3 draw.py
"""
from PIL import Image, ImageDraw
import math

SIZE = 80  # pixels: 40 pt at 2x
TEAL = (0, 150, 136, 255)

for i in range(10):
    im = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    r = 8 + 2.6 * i
    d.ellipse((40 - r, 40 - r, 40 + r, 40 + r), outline=TEAL, width=4)
    fill = 1 + int(2.2 * i)
    d.ellipse((40 - fill, 40 - fill, 40 + fill, 40 + fill), fill=TEAL)
    im.save(f"idle-{i + 1:02d}@2x.png", optimize=True)

for i in range(8):
    im = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    for k in range(8):
        a = 2 * math.pi * k / 8 - math.pi / 2
        x, y = 40 + 26 * math.cos(a), 40 + 26 * math.sin(a)
        alpha = 255 if k == i else 70
        d.ellipse((x - 6, y - 6, x + 6, y + 6), fill=TEAL[:3] + (alpha,))
    im.save(f"refreshing-{i + 1:02d}@2x.png", optimize=True)

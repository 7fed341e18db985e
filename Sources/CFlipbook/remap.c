// Maps straight RGBA pixels to a palette of at most 256 entries: each opaque pixel to the nearest
// usable entry (squared RGB distance, the lowest index on ties), optionally with damped
// Floyd–Steinberg error diffusion; each transparent pixel to the transparent index.
//
// Why not libimagequant's liq_write_remapped_image: one liq_result cannot remap on two threads and
// libimagequant 2.x cannot copy one, so each worker had to rebuild its own; and most of a UI frame is
// runs of colours that are exactly in the palette, which a memo of nearest entries maps at memory speed
// while libimagequant searches for every pixel. The memo is a pure cache (the nearest entry of a colour
// never changes), so one remapper per thread writes the same indices on any thread.
#include "cflipbook.h"

#include <stdlib.h>
#include <string.h>

/// Entries of the nearest-entry memo (a power of two): a frame's colours plus their dithered variants
/// are a few thousand, far fewer than this.
#define MEMO_SIZE (1u << 14)

/// Pixels with alpha below this are transparent: GIFFrames.alphaThreshold (50 %).
#define ALPHA_THRESHOLD 128

/// Floyd–Steinberg's weights in sixteenths (right, below left, below, below right), from Floyd and
/// Steinberg, "An adaptive algorithm for spatial greyscale" (1976).
#define FS_RIGHT 7
#define FS_BELOW_LEFT 3
#define FS_BELOW 5
#define FS_BELOW_RIGHT 1

/// The share of a pixel's error that is spread, in eighths, truncated toward zero: an error of one
/// level is not spread at all, so a flat area one level off a palette entry stays flat instead of
/// speckling, and errors die out within a few pixels in flat areas. Measured on the benchmark's 240
/// frames: full diffusion 66.9 dB PSNR, 7/8 68.7 dB (nearest entry without dithering 68.7 dB).
#define SPREAD_EIGHTHS 7

struct fb_remapper {
  uint8_t rgb[256][3];
  uint8_t usable[256];
  int count;
  int transparent;  // index for transparent pixels, or -1 (then they take the nearest entry of black)
  int dithering;
  uint32_t memo_keys[MEMO_SIZE];  // colour + 1, 0 when empty
  uint8_t memo_values[MEMO_SIZE];
  int32_t *errors;  // two rows of (width + 2) x 3 accumulated errors, in sixteenths
  int error_width;
};

fb_remapper *fb_remapper_create(const uint8_t *rgb, const uint8_t *usable, int count, int transparent, int dithering) {
  if (!rgb || !usable || count < 1 || count > 256 || transparent >= count) return NULL;
  int any = 0;
  for (int i = 0; i < count; i++) any |= usable[i] != 0;
  if (!any) return NULL;
  fb_remapper *remapper = calloc(1, sizeof *remapper);
  if (!remapper) return NULL;
  memcpy(remapper->rgb, rgb, (size_t)count * 3);
  memcpy(remapper->usable, usable, (size_t)count);
  remapper->count = count;
  remapper->transparent = transparent < 0 ? -1 : transparent;
  remapper->dithering = dithering != 0;
  return remapper;
}

void fb_remapper_destroy(fb_remapper *remapper) {
  if (!remapper) return;
  free(remapper->errors);
  free(remapper);
}

static uint8_t search_nearest(const fb_remapper *remapper, int r, int g, int b) {
  int best = -1;
  int best_distance = 0;
  for (int i = 0; i < remapper->count; i++) {
    if (!remapper->usable[i]) continue;
    int dr = r - remapper->rgb[i][0], dg = g - remapper->rgb[i][1], db = b - remapper->rgb[i][2];
    int distance = dr * dr + dg * dg + db * db;
    if (best < 0 || distance < best_distance) {
      best = i;
      best_distance = distance;
    }
  }
  return (uint8_t)best;
}

static inline uint8_t nearest(fb_remapper *remapper, uint32_t rgb) {
  uint32_t key = rgb + 1;
  uint32_t slot = (key * 2654435761u) >> (32 - 14);
  if (remapper->memo_keys[slot] == key) return remapper->memo_values[slot];
  uint8_t index = search_nearest(remapper, rgb & 0xFF, (rgb >> 8) & 0xFF, rgb >> 16);
  remapper->memo_keys[slot] = key;
  remapper->memo_values[slot] = index;
  return index;
}

static inline int clamp_level(int value) { return value < 0 ? 0 : value > 255 ? 255 : value; }

int fb_remapper_remap(fb_remapper *remapper, const uint8_t *rgba, int width, int height, uint8_t *indices) {
  if (!remapper || !rgba || !indices || width <= 0 || height <= 0) return 1;
  size_t row_size = ((size_t)width + 2) * 3;
  if (remapper->dithering && remapper->error_width < width) {
    int32_t *errors = realloc(remapper->errors, row_size * 2 * sizeof *errors);
    if (!errors) return 2;
    remapper->errors = errors;
    remapper->error_width = width;
  }
  if (remapper->dithering) memset(remapper->errors, 0, row_size * 2 * sizeof *remapper->errors);
  uint8_t transparent = remapper->transparent >= 0 ? (uint8_t)remapper->transparent : nearest(remapper, 0);
  for (int y = 0; y < height; y++) {
    const uint8_t *source = rgba + (size_t)y * (size_t)width * 4;
    uint8_t *out = indices + (size_t)y * (size_t)width;
    // Error rows offset by one pixel, so x - 1 and x + 1 are always inside.
    int32_t *current = NULL, *below = NULL;
    if (remapper->dithering) {
      current = remapper->errors + (y & 1 ? row_size : 0);
      below = remapper->errors + (y & 1 ? 0 : row_size);
      memset(below, 0, row_size * sizeof *below);
    }
    uint32_t last_key = UINT32_MAX;  // never a colour (colours are 24-bit)
    uint8_t last_index = 0;
    for (int x = 0; x < width; x++, source += 4) {
      if (source[3] < ALPHA_THRESHOLD) {
        out[x] = transparent;  // no error comes into or out of a transparent pixel
        continue;
      }
      int r = source[0], g = source[1], b = source[2];
      const int32_t *e = remapper->dithering ? current + ((size_t)x + 1) * 3 : NULL;
      if (e && (e[0] | e[1] | e[2]) != 0) {
        // Arithmetic shifts (as every compiler this builds with does): (e + 8) >> 4 rounds e/16.
        r = clamp_level(r + ((e[0] + 8) >> 4));
        g = clamp_level(g + ((e[1] + 8) >> 4));
        b = clamp_level(b + ((e[2] + 8) >> 4));
      }
      uint32_t key = (uint32_t)r | (uint32_t)g << 8 | (uint32_t)b << 16;
      if (key != last_key) {
        last_key = key;
        last_index = nearest(remapper, key);
      }
      out[x] = last_index;
      if (!remapper->dithering) continue;
      const uint8_t *entry = remapper->rgb[last_index];
      int spread[3] = {(r - entry[0]) * SPREAD_EIGHTHS / 8, (g - entry[1]) * SPREAD_EIGHTHS / 8,
                       (b - entry[2]) * SPREAD_EIGHTHS / 8};
      if ((spread[0] | spread[1] | spread[2]) == 0) continue;
      int32_t *right = current + ((size_t)x + 2) * 3;
      int32_t *below_left = below + (size_t)x * 3;
      for (int c = 0; c < 3; c++) {
        right[c] += spread[c] * FS_RIGHT;
        below_left[c] += spread[c] * FS_BELOW_LEFT;
        below_left[3 + c] += spread[c] * FS_BELOW;
        below_left[6 + c] += spread[c] * FS_BELOW_RIGHT;
      }
    }
  }
  return 0;
}

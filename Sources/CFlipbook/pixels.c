// Pixel-format conversions between Cairo's premultiplied ARGB32 and straight RGBA bytes.
#include "cflipbook.h"
#include "fb_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <wchar.h>

void fb_free(void *pointer) { free(pointer); }

// MARK: - Un-premultiply table

static uint8_t unpremultiply_table[256 * 256];
static pthread_once_t unpremultiply_once = PTHREAD_ONCE_INIT;

static void build_unpremultiply_table(void) {
  for (uint32_t a = 1; a < 256; a++) {
    for (uint32_t c = 0; c < 256; c++) {
      uint32_t value = (c * 255 + a / 2) / a;
      unpremultiply_table[a * 256 + c] = (uint8_t)(value > 255 ? 255 : value);
    }
  }
  // Row a == 0 stays all zero (static storage).
}

const uint8_t *fb_unpremultiply_table(void) {
  pthread_once(&unpremultiply_once, build_unpremultiply_table);
  return unpremultiply_table;
}

// MARK: - Fill

void fb_pixels_fill(uint32_t *pixels, uint32_t value, size_t count) {
  _Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "a pixel is one wchar_t");
  wmemset((wchar_t *)pixels, (wchar_t)value, count);
}

// MARK: - Public conversions

static inline const uint32_t *row_at(const uint32_t *pixels, int stride, int y) {
  return (const uint32_t *)((const uint8_t *)pixels + (size_t)y * (size_t)stride);
}

int fb_pixels_are_opaque(const uint32_t *pixels, int width, int height, int stride) {
  for (int y = 0; y < height; y++) {
    const uint32_t *row = row_at(pixels, stride, y);
    // AND the whole row together first: one branch per row instead of one per pixel.
    uint32_t all = 0xFF000000u;
    for (int x = 0; x < width; x++) all &= row[x];
    if ((all & 0xFF000000u) != 0xFF000000u) return 0;
  }
  return 1;
}

void fb_pixels_to_rgba(const uint32_t *pixels, int width, int height, int stride, uint8_t *rgba) {
  const uint8_t *table = fb_unpremultiply_table();
  for (int y = 0; y < height; y++) {
    const uint32_t *row = row_at(pixels, stride, y);
    fb_unpremultiply_row_rgba(row, width, table, rgba + (size_t)y * (size_t)width * 4);
  }
}

void fb_pixels_to_straight_argb(const uint32_t *pixels, int width, int height, int stride, uint32_t *argb,
                                int argb_stride) {
  const uint8_t *table = fb_unpremultiply_table();
  for (int y = 0; y < height; y++) {
    const uint32_t *row = row_at(pixels, stride, y);
    uint32_t *out = (uint32_t *)((uint8_t *)argb + (size_t)y * (size_t)argb_stride);
    for (int x = 0; x < width; x++) {
      uint32_t p = row[x], a = p >> 24;
      // Opaque pixels are their own straight colour: skip the table (most frames are mostly opaque).
      if (a == 0xFF) {
        out[x] = p;
        continue;
      }
      const uint8_t *t = table + a * 256;
      out[x] = (a << 24) | ((uint32_t)t[(p >> 16) & 0xFF] << 16) | ((uint32_t)t[(p >> 8) & 0xFF] << 8) | t[p & 0xFF];
    }
  }
}

/// A factor 0...1 in 16-bit fixed point (65535 is 1).
static inline uint32_t unit_fixed(double factor) {
  if (!(factor > 0)) return 0;  // also NaN
  if (factor >= 1) return 65535;
  return (uint32_t)(factor * 65535 + 0.5);
}

void fb_pixels_multiply(uint32_t *pixels, int width, int height, int stride, double red, double green,
                        double blue, double alpha) {
  uint32_t fa = unit_fixed(alpha);
  // Premultiplied colour channels scale by colour x alpha; alpha by alpha alone. Each colour factor is at
  // most fa, so a colour channel never rounds above its alpha.
  uint32_t fr = unit_fixed(red * alpha), fg = unit_fixed(green * alpha), fb = unit_fixed(blue * alpha);
  if (fr > fa) fr = fa;
  if (fg > fa) fg = fa;
  if (fb > fa) fb = fa;
  for (int y = 0; y < height; y++) {
    uint32_t *row = (uint32_t *)((uint8_t *)pixels + (size_t)y * (size_t)stride);
    for (int x = 0; x < width; x++) {
      uint32_t p = row[x];
      if (p == 0) continue;
      uint32_t a = ((p >> 24) * fa + 32767) / 65535;
      uint32_t r = (((p >> 16) & 0xFF) * fr + 32767) / 65535;
      uint32_t g = (((p >> 8) & 0xFF) * fg + 32767) / 65535;
      uint32_t b = ((p & 0xFF) * fb + 32767) / 65535;
      row[x] = (a << 24) | (r << 16) | (g << 8) | b;
    }
  }
}

void fb_pixels_from_rgba(const uint8_t *rgba, int width, int height, uint32_t *pixels, int stride) {
  for (int y = 0; y < height; y++) {
    const uint8_t *in = rgba + (size_t)y * (size_t)width * 4;
    uint32_t *row = (uint32_t *)((uint8_t *)pixels + (size_t)y * (size_t)stride);
    for (int x = 0; x < width; x++, in += 4) {
      uint32_t a = in[3];
      if (a == 255) {
        row[x] = 0xFF000000u | ((uint32_t)in[0] << 16) | ((uint32_t)in[1] << 8) | in[2];
      } else {
        row[x] = (a << 24) | (fb_premultiply(in[0], a) << 16) | (fb_premultiply(in[1], a) << 8) |
                 fb_premultiply(in[2], a);
      }
    }
  }
}

// Gaussian-like blur of an alpha mask: three box blurs each way (the central limit theorem makes three
// boxes close to a Gaussian). Each box pass is a running sum, so the cost is O(pixels) for any sigma.
#include "cflipbook.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

// The standard recipe for three box widths whose combined variance matches sigma^2: pick the odd
// width `lower` just below the ideal, then use `lower` for the first m passes and `lower + 2` for
// the rest, with m chosen so the variances add up.
static void box_sizes(double sigma, int sizes[3]) {
  const int n = 3;
  double ideal = sqrt(12.0 * sigma * sigma / n + 1.0);
  int lower = (int)floor(ideal);
  if (lower % 2 == 0) lower--;
  int upper = lower + 2;
  double m_ideal = (12.0 * sigma * sigma - n * lower * lower - 4.0 * n * lower - 3.0 * n) / (-4.0 * lower - 4.0);
  int m = (int)lround(m_ideal);
  for (int i = 0; i < n; i++) sizes[i] = i < m ? lower : upper;
}

// One horizontal box pass over every row: dst[x] = mean of src[x-r ... x+r], zero outside the row.
static void box_rows(const float *src, float *dst, int width, int height, int r) {
  float scale = 1.0f / (float)(2 * r + 1);
  for (int y = 0; y < height; y++) {
    const float *in = src + (size_t)y * width;
    float *out = dst + (size_t)y * width;
    float sum = 0;
    for (int x = 0; x <= r && x < width; x++) sum += in[x];
    for (int x = 0; x < width; x++) {
      out[x] = sum * scale;
      if (x + r + 1 < width) sum += in[x + r + 1];
      if (x - r >= 0) sum -= in[x - r];
    }
  }
}

// One vertical box pass, swept row by row with a running sum per column so memory is read in order.
static void box_columns(const float *src, float *dst, float *sums, int width, int height, int r) {
  float scale = 1.0f / (float)(2 * r + 1);
  memset(sums, 0, (size_t)width * sizeof(float));
  for (int y = 0; y <= r && y < height; y++) {
    const float *in = src + (size_t)y * width;
    for (int x = 0; x < width; x++) sums[x] += in[x];
  }
  for (int y = 0; y < height; y++) {
    float *out = dst + (size_t)y * width;
    for (int x = 0; x < width; x++) out[x] = sums[x] * scale;
    if (y + r + 1 < height) {
      const float *add = src + (size_t)(y + r + 1) * width;
      for (int x = 0; x < width; x++) sums[x] += add[x];
    }
    if (y - r >= 0) {
      const float *sub = src + (size_t)(y - r) * width;
      for (int x = 0; x < width; x++) sums[x] -= sub[x];
    }
  }
}

void fb_blur_alpha(uint32_t *pixels, int width, int height, int stride, double sigma) {
  if (!(sigma > 0) || width <= 0 || height <= 0) return;
  size_t count = (size_t)width * (size_t)height;
  // Two float planes to ping-pong between, plus the column sums. Floats keep the six passes from
  // accumulating 8-bit rounding error.
  float *a = malloc(count * sizeof(float));
  float *b = malloc(count * sizeof(float));
  float *sums = malloc((size_t)width * sizeof(float));
  if (!a || !b || !sums) {
    // Out of memory: leave the image untouched rather than half-blurred.
    free(a);
    free(b);
    free(sums);
    return;
  }
  for (int y = 0; y < height; y++) {
    const uint32_t *row = (const uint32_t *)((const uint8_t *)pixels + (size_t)y * (size_t)stride);
    for (int x = 0; x < width; x++) a[(size_t)y * width + x] = (float)(row[x] >> 24);
  }

  int sizes[3];
  box_sizes(sigma, sizes);
  for (int i = 0; i < 3; i++) {
    int r = (sizes[i] - 1) / 2;
    if (r == 0) continue;  // a width-1 box is the identity
    box_rows(a, b, width, height, r);
    box_columns(b, a, sums, width, height, r);
  }

  for (int y = 0; y < height; y++) {
    uint32_t *row = (uint32_t *)((uint8_t *)pixels + (size_t)y * (size_t)stride);
    for (int x = 0; x < width; x++) {
      float v = a[(size_t)y * width + x] + 0.5f;
      uint32_t alpha = v <= 0 ? 0 : v >= 255 ? 255 : (uint32_t)v;
      row[x] = alpha << 24;  // premultiplied black: colour channels 0
    }
  }
  free(a);
  free(b);
  free(sums);
}

// Area-averaging downscale of premultiplied ARGB32: each destination pixel is the exact mean of the
// source area it covers, computed in integers so the result is the same on every machine.
#include "cflipbook.h"

#include <stdint.h>
#include <stdlib.h>

// MARK: - Weights

// One axis of the mapping. Destination pixel i covers the source interval [i*s/d, (i+1)*s/d); measured
// in units of 1/d source pixel that is [i*s, (i+1)*s), and source pixel j is [j*d, (j+1)*d), so every
// overlap is a whole number of units and each destination pixel's weights add up to exactly s.
typedef struct {
  int *first;      // first[i]: the first source pixel destination pixel i reads
  int *count;      // count[i]: how many source pixels it reads
  int *offset;     // offset[i]: where its weights start in `weights`
  uint32_t *weights;
} axis_weights;

static void axis_free(axis_weights *axis) {
  free(axis->first);
  free(axis->count);
  free(axis->offset);
  free(axis->weights);
}

static int axis_build(axis_weights *axis, int source, int destination) {
  axis->first = malloc(sizeof(int) * (size_t)destination);
  axis->count = malloc(sizeof(int) * (size_t)destination);
  axis->offset = malloc(sizeof(int) * (size_t)destination);
  // Each destination pixel touches at most source/destination + 2 source pixels.
  axis->weights = malloc(sizeof(uint32_t) * ((size_t)source + 2 * (size_t)destination));
  if (!axis->first || !axis->count || !axis->offset || !axis->weights) return 1;
  int next = 0;
  for (int i = 0; i < destination; i++) {
    int64_t start = (int64_t)i * source, end = (int64_t)(i + 1) * source;
    int j0 = (int)(start / destination), j1 = (int)((end - 1) / destination);
    axis->first[i] = j0;
    axis->count[i] = j1 - j0 + 1;
    axis->offset[i] = next;
    for (int j = j0; j <= j1; j++) {
      int64_t lo = (int64_t)j * destination, hi = lo + destination;
      if (lo < start) lo = start;
      if (hi > end) hi = end;
      axis->weights[next++] = (uint32_t)(hi - lo);
    }
  }
  return 0;
}

// MARK: - Scaling

// Sums source row `row` horizontally into `sums` (4 channels a destination pixel, at most 255 * source
// width each, which fits 32 bits for any width Flipbook allows).
static void reduce_row(const uint32_t *row, const axis_weights *xs, int dst_width, uint32_t *sums) {
  for (int x = 0; x < dst_width; x++) {
    const uint32_t *w = xs->weights + xs->offset[x];
    const uint32_t *p = row + xs->first[x];
    uint32_t a = 0, r = 0, g = 0, b = 0;
    for (int k = 0; k < xs->count[x]; k++) {
      uint32_t pixel = p[k], weight = w[k];
      a += weight * (pixel >> 24);
      r += weight * ((pixel >> 16) & 0xFF);
      g += weight * ((pixel >> 8) & 0xFF);
      b += weight * (pixel & 0xFF);
    }
    sums[4 * x] = a;
    sums[4 * x + 1] = r;
    sums[4 * x + 2] = g;
    sums[4 * x + 3] = b;
  }
}

// round(sum / total) for sum < 2^53, exactly: a double estimate corrected by one step either way, so no
// 64-bit division runs per channel.
static inline uint32_t rounded_quotient(uint64_t sum, uint64_t total, double reciprocal) {
  uint64_t n = sum + total / 2;
  uint64_t q = (uint64_t)((double)n * reciprocal);
  if (q * total > n) q--;
  else if ((q + 1) * total <= n) q++;
  return (uint32_t)q;
}

int fb_scale_area(const uint32_t *src, int src_width, int src_height, int src_stride, uint32_t *dst, int dst_width,
                  int dst_height, int dst_stride) {
  if (dst_width < 1 || dst_height < 1 || dst_width > src_width || dst_height > src_height) return 1;
  axis_weights xs = {0}, ys = {0};
  uint32_t *sums = malloc(sizeof(uint32_t) * 4 * (size_t)dst_width);
  uint64_t *column = malloc(sizeof(uint64_t) * 4 * (size_t)dst_width);
  int failed = !sums || !column || axis_build(&xs, src_width, dst_width) || axis_build(&ys, src_height, dst_height);
  if (!failed) {
    // Every destination pixel's weights total src_width * src_height: the area it covers, in units.
    uint64_t total = (uint64_t)src_width * (uint64_t)src_height;
    double reciprocal = 1.0 / (double)total;
    for (int y = 0; y < dst_height; y++) {
      for (int i = 0; i < 4 * dst_width; i++) column[i] = 0;
      for (int k = 0; k < ys.count[y]; k++) {
        int source_row = ys.first[y] + k;
        uint64_t weight = ys.weights[ys.offset[y] + k];
        reduce_row((const uint32_t *)((const uint8_t *)src + (size_t)source_row * (size_t)src_stride), &xs, dst_width,
                   sums);
        for (int i = 0; i < 4 * dst_width; i++) column[i] += weight * sums[i];
      }
      uint32_t *out = (uint32_t *)((uint8_t *)dst + (size_t)y * (size_t)dst_stride);
      for (int x = 0; x < dst_width; x++) {
        const uint64_t *c = column + 4 * x;
        // The same weights and rounding for every channel keep colour <= alpha: still premultiplied.
        out[x] = (rounded_quotient(c[0], total, reciprocal) << 24) | (rounded_quotient(c[1], total, reciprocal) << 16) |
                 (rounded_quotient(c[2], total, reciprocal) << 8) | rounded_quotient(c[3], total, reciprocal);
      }
    }
  }
  free(sums);
  free(column);
  axis_free(&xs);
  axis_free(&ys);
  return failed ? 2 : 0;
}

// Area-averaging downscale of premultiplied ARGB32: each destination pixel is the exact mean of the
// source area it covers, computed in integers so the result is the same on every machine.
#include "cflipbook.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

// Adds source row `row`, weighted by `weight`, into `columns`: one sum per byte of the row, so four a
// pixel, one per channel (which byte holds alpha does not matter: every byte is averaged alike and
// written back in place). A sum is at most 255 * source height, which fits 32 bits. The loop is
// contiguous and branch-free, so the compiler vectorizes it: this is where most of the work is.
static void add_row(const uint32_t *row, int width, uint32_t weight, uint32_t *columns) {
  const uint8_t *bytes = (const uint8_t *)row;
  for (int i = 0; i < 4 * width; i++) columns[i] += weight * bytes[i];
}

// round(sum / total) without a division: n = sum + total/2 times the reciprocal ceil(2^64 / total),
// keeping the high 64 bits. That is exact for every total up to 2^28 (16384 x 16384): n < 256 * total,
// so the reciprocal's error (under 1 / 2^64 of n) moves n / total by less than 1 / total, the least gap
// between a quotient's fraction and the next whole number; a power-of-two total has no error at all.
// (A total of 1, whose reciprocal would not fit, is a same-size copy, handled before this is used.)
static inline uint32_t rounded_quotient(uint64_t sum, uint64_t total, uint64_t reciprocal) {
  unsigned __int128 product = (unsigned __int128)(sum + total / 2) * reciprocal;
  return (uint32_t)(product >> 64);
}

int fb_scale_area(const uint32_t *src, int src_width, int src_height, int src_stride, uint32_t *dst, int dst_width,
                  int dst_height, int dst_stride) {
  if (dst_width < 1 || dst_height < 1 || dst_width > src_width || dst_height > src_height) return 1;
  if (src_width > 16384 || src_height > 16384) return 1;  // the bound rounded_quotient is exact within
  if (dst_width == src_width && dst_height == src_height) {
    for (int y = 0; y < src_height; y++) {
      memcpy((uint8_t *)dst + (size_t)y * (size_t)dst_stride, (const uint8_t *)src + (size_t)y * (size_t)src_stride,
             4 * (size_t)src_width);
    }
    return 0;
  }
  axis_weights xs = {0}, ys = {0};
  uint32_t *columns = malloc(sizeof(uint32_t) * 4 * (size_t)src_width);
  int failed = !columns || axis_build(&xs, src_width, dst_width) || axis_build(&ys, src_height, dst_height);
  if (!failed) {
    // Every destination pixel's weights total src_width * src_height: the area it covers, in units.
    uint64_t total = (uint64_t)src_width * (uint64_t)src_height;
    uint64_t reciprocal = UINT64_MAX / total + 1;
    for (int y = 0; y < dst_height; y++) {
      // First down: the source rows this destination row covers, weighted, summed per source column.
      for (int i = 0; i < 4 * src_width; i++) columns[i] = 0;
      for (int k = 0; k < ys.count[y]; k++) {
        const uint8_t *row = (const uint8_t *)src + (size_t)(ys.first[y] + k) * (size_t)src_stride;
        add_row((const uint32_t *)row, src_width, ys.weights[ys.offset[y] + k], columns);
      }
      // Then across: each destination pixel's source columns, weighted (sums below 2^44, in 64 bits).
      uint8_t *out = (uint8_t *)dst + (size_t)y * (size_t)dst_stride;
      for (int x = 0; x < dst_width; x++) {
        const uint32_t *w = xs.weights + xs.offset[x];
        const uint32_t *c = columns + 4 * (size_t)xs.first[x];
        uint64_t sums[4] = {0, 0, 0, 0};
        for (int k = 0; k < xs.count[x]; k++, c += 4) {
          for (int lane = 0; lane < 4; lane++) sums[lane] += (uint64_t)w[k] * c[lane];
        }
        // The same weights and rounding for every channel keep colour <= alpha: still premultiplied.
        for (int lane = 0; lane < 4; lane++) {
          out[4 * x + lane] = (uint8_t)rounded_quotient(sums[lane], total, reciprocal);
        }
      }
    }
  }
  free(columns);
  axis_free(&xs);
  axis_free(&ys);
  return failed ? 2 : 0;
}

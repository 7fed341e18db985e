// One palette for a whole animation without holding its frames: the exact colour counts of every
// frame (fb_color_counts, gathered on the worker threads and merged in frame order) handed to
// libimagequant as one histogram. Mapping pixels to the palette is remap.c's. Nothing here aborts or
// prints; failures are return codes plus a message, as in quantize.c.
#include "cflipbook.h"
#include "fb_internal.h"

#include <libimagequant.h>
#include <stdlib.h>
#include <string.h>

/// The most frequent colours kept exactly as palette entries (libimagequant never moves a fixed
/// colour), a quarter of a full palette: the flat fills of a UI frame cover most of its pixels, and an
/// entry moved one level off such a colour costs every one of them an error. Measured on the
/// benchmark's 240 frames (2,117 colours): 68.7 dB PSNR without fixed colours, 69.4 dB with 64.
#define FIXED_FREQUENT_COLORS 64

/// libimagequant reads a histogram in chunks of at most this many colours: liq_histogram_add_colors
/// sizes its hash from num_entries squared in an int.
#define HISTOGRAM_CHUNK 30000

/// libimagequant is given at most this many colours; more are merged by dropping low bits of each
/// channel first (as liq_histogram_add_image posterizes a large histogram). Measured on the 2-core
/// machine under load: 100,000 colours take liq_histogram_quantize 1.6 s, 1,000,000 take 15 s.
#define MAX_HISTOGRAM_COLORS 65536

struct fb_palette_builder {
  liq_attr *attr;
  int finished;
};

fb_palette_builder *fb_palette_builder_create(int max_colors, int quality, int speed, char *error, size_t error_size) {
  if (max_colors < 2 || max_colors > 256 || quality < 0 || quality > 100 || speed < 1 || speed > 10) {
    fb_quantize_message(error, error_size, "max_colors must be 2...256, quality 0...100, speed 1...10", -1);
    return NULL;
  }
  fb_palette_builder *builder = calloc(1, sizeof *builder);
  if (!builder) {
    fb_quantize_message(error, error_size, "out of memory", -1);
    return NULL;
  }
  builder->attr = fb_quantize_attributes(max_colors, quality, speed, error, error_size);
  if (!builder->attr) {
    fb_palette_builder_destroy(builder);
    return NULL;
  }
  return builder;
}

void fb_palette_builder_destroy(fb_palette_builder *builder) {
  if (!builder) return;
  if (builder->attr) liq_attr_destroy(builder->attr);
  free(builder);
}

typedef struct {
  uint64_t count;
  size_t index;  // first-seen order, which breaks ties
} ranked_color;

static int by_count_then_first_seen(const void *a, const void *b) {
  const ranked_color *x = a, *y = b;
  if (x->count != y->count) return x->count > y->count ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index ? 1 : 0;
}

static liq_color color_of(uint32_t value) {
  // A prepared pixel's bytes are r, g, b, a in memory order.
  uint8_t bytes[4];
  memcpy(bytes, &value, 4);
  return (liq_color){.r = bytes[0], .g = bytes[1], .b = bytes[2], .a = bytes[3]};
}

/// `counts` with the low `bits` of each colour channel replaced by their midpoint, the fewest bits
/// that bring it to MAX_HISTOGRAM_COLORS; `counts` itself (not a copy) when it is small enough. NULL
/// when out of memory.
static const fb_color_counts *posterized(const fb_color_counts *counts, fb_color_counts **owned) {
  *owned = NULL;
  size_t size = fb_color_counts_size(counts);
  if (size <= MAX_HISTOGRAM_COLORS) return counts;
  for (unsigned bits = 1; bits < 8; bits++) {
    fb_color_counts *reduced = fb_color_counts_create();
    if (!reduced) return NULL;
    uint8_t keep = (uint8_t)(0xFF << bits), middle = (uint8_t)(1u << (bits - 1));
    int status = 0;
    for (size_t i = 0; i < size && status == 0; i++) {
      uint32_t value;
      uint64_t count;
      fb_color_counts_entry(counts, i, &value, &count);
      uint8_t bytes[4];
      memcpy(bytes, &value, 4);
      if (bytes[3] != 0) {  // transparent stays the one transparent colour
        for (int c = 0; c < 3; c++) bytes[c] = (uint8_t)((bytes[c] & keep) | middle);
      }
      memcpy(&value, bytes, 4);
      status = fb_color_counts_add_count(reduced, value, count);
    }
    if (status != 0) {
      fb_color_counts_destroy(reduced);
      return NULL;
    }
    if (fb_color_counts_size(reduced) <= MAX_HISTOGRAM_COLORS || bits == 7) {
      *owned = reduced;
      return reduced;
    }
    fb_color_counts_destroy(reduced);
  }
  return NULL;  // not reached
}

int fb_palette_builder_finish(fb_palette_builder *builder, const fb_color_counts *counts, uint8_t *palette_rgba,
                              int *palette_count, char *error, size_t error_size) {
  size_t size = fb_color_counts_size(counts);
  if (!builder || builder->finished || size == 0 || !palette_rgba || !palette_count) {
    fb_quantize_message(error, error_size, "no builder, a finished builder, no colours or no output buffers", -1);
    return 1;
  }
  builder->finished = 1;
  fb_color_counts *owned = NULL;
  const fb_color_counts *histogram_counts = posterized(counts, &owned);
  size_t histogram_size = fb_color_counts_size(histogram_counts);
  liq_histogram_entry *entries = malloc((histogram_size ? histogram_size : 1) * sizeof *entries);
  ranked_color *ranked = malloc(size * sizeof *ranked);
  liq_histogram *histogram = liq_histogram_create(builder->attr);
  if (!histogram_counts || !entries || !ranked || !histogram) {
    fb_color_counts_destroy(owned);
    free(entries);
    free(ranked);
    if (histogram) liq_histogram_destroy(histogram);
    fb_quantize_message(error, error_size, "out of memory", -1);
    return 2;
  }
  // liq_histogram_entry counts are 32-bit: scale every count down alike when one would overflow.
  uint64_t largest = 0;
  for (size_t i = 0; i < size; i++) {
    uint32_t value;
    fb_color_counts_entry(counts, i, &value, &ranked[i].count);
    ranked[i].index = i;
    if (ranked[i].count > largest) largest = ranked[i].count;
  }
  // Posterized counts are sums of exact ones: the largest may be among them.
  for (size_t i = 0; i < histogram_size; i++) {
    uint32_t value;
    uint64_t count;
    fb_color_counts_entry(histogram_counts, i, &value, &count);
    if (count > largest) largest = count;
  }
  uint64_t divisor = largest / UINT32_MAX + 1;
  for (size_t i = 0; i < histogram_size; i++) {
    uint32_t value;
    uint64_t count;
    fb_color_counts_entry(histogram_counts, i, &value, &count);
    entries[i].color = color_of(value);
    entries[i].count = (unsigned)(count / divisor > 0 ? count / divisor : 1);
  }
  fb_color_counts_destroy(owned);
  qsort(ranked, size, sizeof *ranked, by_count_then_first_seen);
  liq_error status = LIQ_OK;
  for (size_t i = 0; i < size && i < FIXED_FREQUENT_COLORS && status == LIQ_OK; i++) {
    uint32_t value;
    uint64_t count;
    fb_color_counts_entry(counts, ranked[i].index, &value, &count);
    status = liq_histogram_add_fixed_color(histogram, color_of(value), 0);
  }
  for (size_t start = 0; start < histogram_size && status == LIQ_OK; start += HISTOGRAM_CHUNK) {
    size_t chunk = histogram_size - start < HISTOGRAM_CHUNK ? histogram_size - start : HISTOGRAM_CHUNK;
    status = liq_histogram_add_colors(histogram, builder->attr, entries + start, (int)chunk, 0);
  }
  free(ranked);
  free(entries);
  if (status != LIQ_OK) {
    liq_histogram_destroy(histogram);
    fb_quantize_message(error, error_size, "liq_histogram_add_colors failed", status);
    return 2;
  }
  liq_result *result = NULL;
  status = liq_histogram_quantize(histogram, builder->attr, &result);
  liq_histogram_destroy(histogram);
  if (status != LIQ_OK) {
    fb_quantize_message(error, error_size, "liq_histogram_quantize failed", status);
    return 2;
  }
  fb_quantize_copy_palette(liq_get_palette(result), palette_rgba, palette_count);
  liq_result_destroy(result);
  return 0;
}

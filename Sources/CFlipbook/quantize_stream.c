// One palette for a whole animation without holding its frames: a libimagequant histogram fed one
// image at a time, then remappers that apply the histogram's palette to images again, one remapper per
// worker thread. Nothing here aborts or prints; failures are return codes plus a message, as in
// quantize.c.
//
// Why a remapper rebuilds its own result: libimagequant's liq_result keeps per-remap state (the
// remapping it writes while dithering), so one result must not remap on two threads at once, and
// libimagequant 2.x has no call to copy a result; a histogram can be quantized only once (it is consumed).
// A histogram holding exactly the palette's colours, each marked fixed, quantizes back to that palette
// entry for entry, and fixed entries are never moved by remapping, so every remapper writes indices
// into the one palette the builder reported, identically on any thread.
#include "cflipbook.h"
#include "fb_internal.h"

#include <libimagequant.h>
#include <stdlib.h>
#include <string.h>

struct fb_palette_builder {
  liq_attr *attr;
  liq_histogram *histogram;
  float dithering;
  liq_palette palette;  // valid once finished
  int finished;
};

struct fb_palette_remapper {
  liq_attr *attr;
  liq_result *result;
};

fb_palette_builder *fb_palette_builder_create(int max_colors, int quality, int speed, float dithering, char *error,
                                              size_t error_size) {
  if (max_colors < 2 || max_colors > 256 || quality < 0 || quality > 100 || speed < 1 || speed > 10 ||
      dithering < 0 || dithering > 1) {
    fb_quantize_message(error, error_size, "max_colors must be 2...256, quality 0...100, speed 1...10, dithering 0...1",
                        -1);
    return NULL;
  }
  fb_palette_builder *builder = calloc(1, sizeof *builder);
  if (!builder) {
    fb_quantize_message(error, error_size, "out of memory", -1);
    return NULL;
  }
  builder->dithering = dithering;
  builder->attr = fb_quantize_attributes(max_colors, quality, speed, error, error_size);
  if (builder->attr) builder->histogram = liq_histogram_create(builder->attr);
  if (!builder->histogram) {
    if (builder->attr) fb_quantize_message(error, error_size, "liq_histogram_create failed", -1);
    fb_palette_builder_destroy(builder);
    return NULL;
  }
  return builder;
}

void fb_palette_builder_destroy(fb_palette_builder *builder) {
  if (!builder) return;
  if (builder->histogram) liq_histogram_destroy(builder->histogram);
  if (builder->attr) liq_attr_destroy(builder->attr);
  free(builder);
}

int fb_palette_builder_add(fb_palette_builder *builder, const uint8_t *rgba, int width, int height, char *error,
                           size_t error_size) {
  if (!builder || builder->finished || !rgba || width <= 0 || height <= 0) {
    fb_quantize_message(error, error_size, "no builder, a finished builder, or an empty image", -1);
    return 1;
  }
  liq_image *image = liq_image_create_rgba(builder->attr, rgba, width, height, 0);
  if (!image) {
    fb_quantize_message(error, error_size, "liq_image_create_rgba failed", -1);
    return 2;
  }
  // The histogram copies the colours it needs: `rgba` may be reused as soon as this returns.
  liq_error status = liq_histogram_add_image(builder->histogram, builder->attr, image);
  liq_image_destroy(image);
  if (status != LIQ_OK) {
    fb_quantize_message(error, error_size, "liq_histogram_add_image failed", status);
    return 2;
  }
  return 0;
}

int fb_palette_builder_finish(fb_palette_builder *builder, uint8_t *palette_rgba, int *palette_count, char *error,
                              size_t error_size) {
  if (!builder || builder->finished || !palette_rgba || !palette_count) {
    fb_quantize_message(error, error_size, "no builder, a finished builder, or no output buffers", -1);
    return 1;
  }
  liq_result *result = NULL;
  liq_error status = liq_histogram_quantize(builder->histogram, builder->attr, &result);
  if (status != LIQ_OK) {
    fb_quantize_message(error, error_size, "liq_histogram_quantize failed", status);
    return 2;
  }
  builder->palette = *liq_get_palette(result);
  builder->finished = 1;
  liq_result_destroy(result);
  fb_quantize_copy_palette(&builder->palette, palette_rgba, palette_count);
  return 0;
}

fb_palette_remapper *fb_palette_remapper_create(const fb_palette_builder *builder, char *error, size_t error_size) {
  if (!builder || !builder->finished) {
    fb_quantize_message(error, error_size, "the palette is not finished", -1);
    return NULL;
  }
  fb_palette_remapper *remapper = calloc(1, sizeof *remapper);
  if (!remapper) {
    fb_quantize_message(error, error_size, "out of memory", -1);
    return NULL;
  }
  unsigned count = builder->palette.count;
  remapper->attr = liq_attr_copy(builder->attr);
  liq_histogram *histogram = NULL;
  liq_error status = LIQ_OK;
  if (remapper->attr && liq_set_max_colors(remapper->attr, (int)count) == LIQ_OK) {
    histogram = liq_histogram_create(remapper->attr);
  }
  if (histogram) {
    liq_histogram_entry entries[256];
    for (unsigned i = 0; i < count; i++) {
      entries[i].color = builder->palette.entries[i];
      entries[i].count = 1;
    }
    status = liq_histogram_add_colors(histogram, remapper->attr, entries, (int)count, 0);
    for (unsigned i = 0; i < count && status == LIQ_OK; i++) {
      status = liq_histogram_add_fixed_color(histogram, builder->palette.entries[i], 0);
    }
    if (status == LIQ_OK) status = liq_histogram_quantize(histogram, remapper->attr, &remapper->result);
    if (status == LIQ_OK) status = liq_set_dithering_level(remapper->result, builder->dithering);
    liq_histogram_destroy(histogram);
  }
  if (!histogram || status != LIQ_OK) {
    fb_quantize_message(error, error_size, "cannot rebuild the shared palette for remapping", histogram ? status : -1);
    fb_palette_remapper_destroy(remapper);
    return NULL;
  }
  const liq_palette *rebuilt = liq_get_palette(remapper->result);
  if (rebuilt->count != count || memcmp(rebuilt->entries, builder->palette.entries, count * sizeof(liq_color)) != 0) {
    fb_quantize_message(error, error_size, "libimagequant did not rebuild the shared palette entry for entry", -1);
    fb_palette_remapper_destroy(remapper);
    return NULL;
  }
  return remapper;
}

void fb_palette_remapper_destroy(fb_palette_remapper *remapper) {
  if (!remapper) return;
  if (remapper->result) liq_result_destroy(remapper->result);
  if (remapper->attr) liq_attr_destroy(remapper->attr);
  free(remapper);
}

int fb_palette_remapper_remap(fb_palette_remapper *remapper, fb_quantize_frame *frame, char *error,
                              size_t error_size) {
  if (!remapper || !frame || !frame->rgba || !frame->indices || frame->width <= 0 || frame->height <= 0) {
    fb_quantize_message(error, error_size, "no remapper, or a frame without pixels or index buffer", -1);
    return 1;
  }
  liq_image *image = liq_image_create_rgba(remapper->attr, frame->rgba, frame->width, frame->height, 0);
  if (!image) {
    fb_quantize_message(error, error_size, "liq_image_create_rgba failed", -1);
    return 2;
  }
  size_t size = (size_t)frame->width * (size_t)frame->height;
  liq_error status = liq_write_remapped_image(remapper->result, image, frame->indices, size);
  liq_image_destroy(image);
  if (status != LIQ_OK) {
    fb_quantize_message(error, error_size, "liq_write_remapped_image failed", status);
    return 2;
  }
  return 0;
}

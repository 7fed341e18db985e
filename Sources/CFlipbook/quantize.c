// Colour quantization for GIF with libimagequant: straight RGBA in, a palette of at most 256 colours
// and one palette index per pixel out. Nothing here aborts or prints; every failure is a return code
// plus a message.
//
// Return codes: 0 success, 1 invalid arguments, 2 libimagequant failed (the message names the call).
#include "cflipbook.h"
#include "fb_internal.h"

#include <libimagequant.h>
#include <stdio.h>
#include <string.h>

void fb_quantize_message(char *error, size_t error_size, const char *message, int code) {
  if (!error || error_size == 0) return;
  if (code >= 0) {
    snprintf(error, error_size, "%s (liq_error %d)", message, code);
  } else {
    snprintf(error, error_size, "%s", message);
  }
}

void fb_quantize_copy_palette(const liq_palette *source, uint8_t *palette_rgba, int *palette_count) {
  unsigned count = source->count > 256 ? 256 : source->count;
  for (unsigned i = 0; i < count; i++) {
    palette_rgba[i * 4 + 0] = source->entries[i].r;
    palette_rgba[i * 4 + 1] = source->entries[i].g;
    palette_rgba[i * 4 + 2] = source->entries[i].b;
    palette_rgba[i * 4 + 3] = source->entries[i].a;
  }
  *palette_count = (int)count;
}

liq_attr *fb_quantize_attributes(int max_colors, int quality, int speed, char *error, size_t error_size) {
  liq_attr *attr = liq_attr_create();
  if (!attr) {
    fb_quantize_message(error, error_size, "liq_attr_create failed (out of memory?)", -1);
    return NULL;
  }
  liq_error status;
  // A minimum quality of 0 means libimagequant never refuses with LIQ_QUALITY_TOO_LOW.
  if ((status = liq_set_max_colors(attr, max_colors)) != LIQ_OK ||
      (status = liq_set_quality(attr, 0, quality)) != LIQ_OK ||
      (status = liq_set_speed(attr, speed)) != LIQ_OK) {
    fb_quantize_message(error, error_size, "invalid quantizer settings", status);
    liq_attr_destroy(attr);
    return NULL;
  }
  return attr;
}

static int check_arguments(const fb_quantize_frame *frames, int count, int max_colors, int quality, int speed,
                           uint8_t *palette_rgba, int *palette_count, char *error, size_t error_size) {
  if (!frames || count <= 0 || !palette_rgba || !palette_count) {
    fb_quantize_message(error, error_size, "no frames or no output buffers", -1);
    return 1;
  }
  if (max_colors < 2 || max_colors > 256 || quality < 0 || quality > 100 || speed < 1 || speed > 10) {
    fb_quantize_message(error, error_size, "max_colors must be 2...256, quality 0...100 and speed 1...10", -1);
    return 1;
  }
  for (int i = 0; i < count; i++) {
    if (!frames[i].rgba || !frames[i].indices || frames[i].width <= 0 || frames[i].height <= 0) {
      fb_quantize_message(error, error_size, "a frame has no pixels, no index buffer or an empty size", -1);
      return 1;
    }
  }
  return 0;
}

// Remaps one frame with a finished result into frame->indices.
static int remap(liq_result *result, liq_attr *attr, fb_quantize_frame *frame, char *error, size_t error_size) {
  liq_image *image = liq_image_create_rgba(attr, frame->rgba, frame->width, frame->height, 0);
  if (!image) {
    fb_quantize_message(error, error_size, "liq_image_create_rgba failed", -1);
    return 2;
  }
  size_t size = (size_t)frame->width * (size_t)frame->height;
  liq_error status = liq_write_remapped_image(result, image, frame->indices, size);
  liq_image_destroy(image);
  if (status != LIQ_OK) {
    fb_quantize_message(error, error_size, "liq_write_remapped_image failed", status);
    return 2;
  }
  return 0;
}

int fb_quantize_rgba(fb_quantize_frame *frame, int max_colors, int quality, int speed, float dithering,
                     uint8_t *palette_rgba, int *palette_count, char *error, size_t error_size) {
  int code = check_arguments(frame, 1, max_colors, quality, speed, palette_rgba, palette_count, error, error_size);
  if (code != 0) return code;
  liq_attr *attr = fb_quantize_attributes(max_colors, quality, speed, error, error_size);
  if (!attr) return 2;
  liq_image *image = liq_image_create_rgba(attr, frame->rgba, frame->width, frame->height, 0);
  if (!image) {
    liq_attr_destroy(attr);
    fb_quantize_message(error, error_size, "liq_image_create_rgba failed", -1);
    return 2;
  }
  liq_result *result = NULL;
  liq_error status = liq_image_quantize(image, attr, &result);
  if (status != LIQ_OK) {
    liq_image_destroy(image);
    liq_attr_destroy(attr);
    fb_quantize_message(error, error_size, "liq_image_quantize failed", status);
    return 2;
  }
  code = 0;
  if ((status = liq_set_dithering_level(result, dithering)) != LIQ_OK) {
    fb_quantize_message(error, error_size, "liq_set_dithering_level failed", status);
    code = 2;
  } else {
    size_t size = (size_t)frame->width * (size_t)frame->height;
    status = liq_write_remapped_image(result, image, frame->indices, size);
    if (status != LIQ_OK) {
      fb_quantize_message(error, error_size, "liq_write_remapped_image failed", status);
      code = 2;
    } else {
      // Read after remapping: libimagequant may refine the palette while remapping one image.
      fb_quantize_copy_palette(liq_get_palette(result), palette_rgba, palette_count);
    }
  }
  liq_result_destroy(result);
  liq_image_destroy(image);
  liq_attr_destroy(attr);
  return code;
}

int fb_quantize_rgba_shared(fb_quantize_frame *frames, int count, int max_colors, int quality, int speed,
                            float dithering, uint8_t *palette_rgba, int *palette_count, char *error,
                            size_t error_size) {
  int code = check_arguments(frames, count, max_colors, quality, speed, palette_rgba, palette_count, error, error_size);
  if (code != 0) return code;
  liq_attr *attr = fb_quantize_attributes(max_colors, quality, speed, error, error_size);
  if (!attr) return 2;
  liq_histogram *histogram = liq_histogram_create(attr);
  if (!histogram) {
    liq_attr_destroy(attr);
    fb_quantize_message(error, error_size, "liq_histogram_create failed", -1);
    return 2;
  }
  for (int i = 0; i < count && code == 0; i++) {
    liq_image *image = liq_image_create_rgba(attr, frames[i].rgba, frames[i].width, frames[i].height, 0);
    if (!image) {
      fb_quantize_message(error, error_size, "liq_image_create_rgba failed", -1);
      code = 2;
      break;
    }
    liq_error status = liq_histogram_add_image(histogram, attr, image);
    liq_image_destroy(image);
    if (status != LIQ_OK) {
      fb_quantize_message(error, error_size, "liq_histogram_add_image failed", status);
      code = 2;
    }
  }
  liq_result *result = NULL;
  if (code == 0) {
    liq_error status = liq_histogram_quantize(histogram, attr, &result);
    if (status != LIQ_OK) {
      fb_quantize_message(error, error_size, "liq_histogram_quantize failed", status);
      code = 2;
    } else if ((status = liq_set_dithering_level(result, dithering)) != LIQ_OK) {
      fb_quantize_message(error, error_size, "liq_set_dithering_level failed", status);
      code = 2;
    } else {
      // The histogram's palette is fixed: remapping frames with it does not change it, so every
      // frame's indices refer to this one palette.
      fb_quantize_copy_palette(liq_get_palette(result), palette_rgba, palette_count);
      for (int i = 0; i < count && code == 0; i++) code = remap(result, attr, &frames[i], error, error_size);
    }
  }
  if (result) liq_result_destroy(result);
  liq_histogram_destroy(histogram);
  liq_attr_destroy(attr);
  return code;
}

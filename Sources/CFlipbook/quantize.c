// What the libimagequant callers share (quantize_stream.c builds palettes): the settings and the
// messages. Nothing here aborts or prints; every failure is a return code plus a message.
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

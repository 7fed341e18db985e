#include "benchmark_baseline.h"

#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

// Scene constants shared with the Swift side (flipbook-benchmark/ReferenceScene.swift).
#define WIDTH 320.0
#define HEIGHT 480.0
#define HEADER 60.0
#define ROW_HEIGHT 44.0

static fb_text_layout *labels[10];

void baseline_render(double scale, double progress, const uint32_t *image, int image_width, int image_height,
                     uint32_t *out) {
  if (!labels[0]) {
    fb_text_style style = {.family = "Inter", .weight = 400, .size = 17, .width = WIDTH - 32};
    for (int i = 0; i < 10; i++) {
      char title[16];
      snprintf(title, sizeof title, "Row %d", i + 1);
      labels[i] = fb_text_layout_create(title, &style);
    }
  }
  int w = (int)ceil(WIDTH * scale), h = (int)ceil(HEIGHT * scale);
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create(surface);
  cairo_scale(cr, scale, scale);
  cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY);

  // Background and header band.
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_set_source_rgb(cr, 0xE2 / 255.0, 0xE7 / 255.0, 0xED / 255.0);
  cairo_rectangle(cr, 0, 0, WIDTH, HEADER);
  cairo_fill(cr);

  // Dashed circle, radius 22 at (160, 30), width 4, dash 2,3, trimmed to progress.
  if (progress > 0) {
    double dashes[] = {2, 3};
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_set_line_width(cr, 4);
    cairo_set_dash(cr, dashes, 2, 0);
    cairo_new_path(cr);
    cairo_arc(cr, 160, 30, 22, 0, 2 * M_PI * progress);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
  }

  // A 60x40 image turned 30 degrees about its centre at (60, 30).
  cairo_surface_t *source = cairo_image_surface_create_for_data((unsigned char *)image, CAIRO_FORMAT_ARGB32,
                                                                image_width, image_height, image_width * 4);
  cairo_save(cr);
  cairo_translate(cr, 60, 30);
  cairo_rotate(cr, M_PI / 6);
  cairo_translate(cr, -30, -20);
  cairo_scale(cr, 60.0 / image_width, 40.0 / image_height);
  cairo_set_source_surface(cr, source, 0, 0);
  cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
  cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
  cairo_rectangle(cr, 0, 0, image_width, image_height);
  cairo_clip(cr);
  cairo_paint(cr);
  cairo_restore(cr);
  cairo_surface_destroy(source);

  // 12 spinner spokes around (260, 30), fading.
  cairo_set_line_width(cr, 2);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  for (int i = 0; i < 12; i++) {
    double angle = i * M_PI / 6;
    cairo_set_source_rgba(cr, 0.5, 0.5, 0.5, 1.0 - i / 12.0);
    cairo_move_to(cr, 260 + 5 * cos(angle), 30 + 5 * sin(angle));
    cairo_line_to(cr, 260 + 9 * cos(angle), 30 + 9 * sin(angle));
    cairo_stroke(cr);
  }

  // 10 rows: a title and a hairline separator each.
  for (int i = 0; i < 10; i++) {
    double top = HEADER + i * ROW_HEIGHT;
    cairo_set_source_rgb(cr, 0, 0, 0);
    fb_text_layout_draw(labels[i], cr, 16, top + 12);
    cairo_set_source_rgb(cr, 0xC8 / 255.0, 0xC7 / 255.0, 0xCC / 255.0);
    cairo_rectangle(cr, 16, top + ROW_HEIGHT - 0.5, WIDTH - 16, 0.5);
    cairo_fill(cr);
  }

  cairo_destroy(cr);
  cairo_surface_flush(surface);
  memcpy(out, cairo_image_surface_get_data(surface), (size_t)w * h * 4);
  cairo_surface_destroy(surface);
}

static cairo_status_t count_bytes(void *closure, const unsigned char *data, unsigned int length) {
  (void)data;
  *(size_t *)closure += length;
  return CAIRO_STATUS_SUCCESS;
}

size_t baseline_cairo_png_size(const uint32_t *pixels, int width, int height) {
  cairo_surface_t *surface = cairo_image_surface_create_for_data((unsigned char *)pixels, CAIRO_FORMAT_ARGB32,
                                                                 width, height, width * 4);
  size_t total = 0;
  cairo_surface_write_to_png_stream(surface, count_bytes, &total);
  cairo_surface_destroy(surface);
  return total;
}

int baseline_cairo_write_png_file(const uint32_t *pixels, int width, int height, const char *path) {
  cairo_surface_t *surface = cairo_image_surface_create_for_data((unsigned char *)pixels, CAIRO_FORMAT_ARGB32,
                                                                 width, height, width * 4);
  cairo_status_t status = cairo_surface_write_to_png(surface, path);
  cairo_surface_destroy(surface);
  return status == CAIRO_STATUS_SUCCESS ? 0 : 1;
}

#include "benchmark_baseline.h"

#include <cairo.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

// Scene constants shared with the Swift side (flipbook-benchmark/ReferenceScene.swift).
#define WIDTH 320.0
#define HEIGHT 480.0
#define HEADER 60.0
#define ROW_HEIGHT 44.0

static fb_text_layout *labels[10];

/// Draws the scene into `surface` (w x h at `scale`), over whatever it held: the background paint covers it.
static void draw_scene(cairo_surface_t *surface, double scale, double progress, const uint32_t *image,
                       int image_width, int image_height) {
  if (!labels[0]) {
    fb_text_style style = {.family = "Inter", .weight = 400, .size = 17, .width = WIDTH - 32};
    for (int i = 0; i < 10; i++) {
      char title[16];
      snprintf(title, sizeof title, "Row %d", i + 1);
      labels[i] = fb_text_layout_create(title, &style);
    }
  }
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
}

void baseline_render(double scale, double progress, const uint32_t *image, int image_width, int image_height,
                     uint32_t *out) {
  int w = (int)ceil(WIDTH * scale), h = (int)ceil(HEIGHT * scale);
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
  draw_scene(surface, scale, progress, image, image_width, image_height);
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

/// Writes the surface's opaque pixels with libpng: zlib level 1, filter None, RGB straight from Cairo's
/// rows (png_set_bgr swaps B and R, png_set_filler drops the fourth byte, which is 0xFF everywhere), so
/// no conversion pass and no copy. Returns 0 on success.
static int write_libpng_fast(cairo_surface_t *surface, const char *path) {
  FILE *file = fopen(path, "wb");
  if (!file) return 1;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!info || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, info ? &info : NULL);
    fclose(file);
    return 1;
  }
  int w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface);
  int stride = cairo_image_surface_get_stride(surface);
  unsigned char *data = cairo_image_surface_get_data(surface);
  png_init_io(png, file);
  png_set_compression_level(png, 1);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  png_set_bgr(png);
  png_set_filler(png, 0, PNG_FILLER_AFTER);
  for (int y = 0; y < h; y++) png_write_row(png, data + (size_t)y * (size_t)stride);
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  return fclose(file) == 0 ? 0 : 1;
}

long long baseline_pipeline(const char *folder, int frames, int tuned, double scale, const uint32_t *image,
                            int image_width, int image_height) {
  int w = (int)ceil(WIDTH * scale), h = (int)ceil(HEIGHT * scale);
  cairo_surface_t *reused = tuned ? cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h) : NULL;
  long long bytes = 0;
  for (int i = 0; i < frames; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/frame_%06d.png", folder, i);
    cairo_surface_t *surface = tuned ? reused : cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    draw_scene(surface, scale, (i + 1.0) / frames, image, image_width, image_height);
    int failed = tuned ? write_libpng_fast(surface, path) : cairo_surface_write_to_png(surface, path) != 0;
    if (!tuned) cairo_surface_destroy(surface);
    struct stat info;
    if (failed || stat(path, &info) != 0) {
      if (reused) cairo_surface_destroy(reused);
      return -1;
    }
    bytes += info.st_size;
  }
  if (reused) cairo_surface_destroy(reused);
  return bytes;
}

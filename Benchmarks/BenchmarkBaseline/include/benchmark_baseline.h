// The benchmark's baseline: the same pull-to-refresh scene drawn with bare Cairo calls, no layer tree.
#ifndef BENCHMARK_BASELINE_H
#define BENCHMARK_BASELINE_H
#include <stddef.h>
#include <stdint.h>
#include "cflipbook.h"

/// Draws the benchmark's reference scene (a typical pull-to-refresh screen: 320x480 pt background, 60 pt header band,
/// dashed circle trimmed to `progress`, a rotated 60x40 image, 12 spinner spokes, 10 table rows with a line of text
/// each) into a fresh surface at `scale`, then copies the pixels to `out` (width*height uint32), as Flipbook's renderer
/// does. `image` is premultiplied ARGB32. The row titles ("Row 1" ... "Row 10", Inter 17 pt) are laid out once, on the
/// first call; fonts must be configured before it.
void baseline_render(double scale, double progress, const uint32_t *image, int image_width, int image_height,
                     uint32_t *out);

/// Writes pixels to a file with Cairo's own PNG writer (the naive pipeline's encoder); returns 0 on success.
int baseline_cairo_write_png_file(const uint32_t *pixels, int width, int height, const char *path);

/// Encodes pixels with Cairo's own PNG writer into memory; returns the byte count.
size_t baseline_cairo_png_size(const uint32_t *pixels, int width, int height);

/// The bare-C pipelines the frame pipeline is measured against, one thread, on this scene: `frames`
/// frames, frame i with the circle trimmed to (i + 1) / frames, each drawn and written to
/// FOLDER/frame_NNNNNN.png. `tuned` 0 is the naive pipeline: a fresh surface a frame and
/// cairo_surface_write_to_png. 1 is a tuned one: one surface reused and libpng at zlib level 1 with
/// filter None, RGB straight from Cairo's rows. Returns the bytes written, or -1 on failure.
long long baseline_pipeline(const char *folder, int frames, int tuned, double scale, const uint32_t *image,
                            int image_width, int image_height);
#endif

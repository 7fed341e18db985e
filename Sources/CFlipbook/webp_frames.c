// Planning the frames of an animated WebP as libwebp's animation encoder plans them, from the pixels alone.
//
// libwebp's WebPAnimEncoder (src/mux/anim_encode.c, https://github.com/webmproject/libwebp/blob/v1.2.4/src/mux/anim_encode.c)
// encodes each frame on the calling thread. With its default options (key frames off: kmax INT_MAX; no
// minimize_size; no allow_mixed) it makes one encoding per frame, and everything that encoding depends on
// comes from the input frames, never from an earlier frame's bitstream:
//   - the rectangle that changed against the previous input frame (MinimizeChangeRectangle: columns, then
//     rows, trimmed from each side while they match), widened to even offsets (SnapToEvenOffsets);
//   - the same against the previous frame with its rectangle cleared (dispose to background), chosen when
//     that rectangle is smaller (SetFrame); the first frame is compared with a transparent canvas;
//   - blending when every pixel of the rectangle that differs is opaque in the new frame
//     (IsLosslessBlendingPossible, IsLossyBlendingPossible), in which case pixels that match become
//     transparent (IncreaseTransparency) or, lossy, close 8x8 blocks do (FlattenSimilarBlocks);
//   - lossy frames that differ from the previous one by no more than the quality's tolerance are skipped
//     (QualityToMaxDiff, PixelsAreSimilar).
// This file makes those decisions in that order, so Swift can encode the frames on several threads and
// assemble the same file. Pixels are straight ARGB, one native-endian uint32 each, alpha in the high byte.
#include "cflipbook.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/// How far a lossy pixel's colour channels may move and still count as unchanged at `quality`: 31 at
/// quality 0 down to 1 at 100, along a square root (libwebp's QualityToMaxDiff).
static int lossy_tolerance(float quality) {
  const double root = pow(quality / 100., 0.5);
  const double tolerance = 31 * (1 - root) + 1 * root;
  return (int)(tolerance + 0.5);
}

/// Whether `after` may stand for `before`: exactly equal when `tolerance` is negative (lossless); else
/// the same alpha and each colour channel within the tolerance, weighted by `after`'s alpha (so any colour
/// passes under alpha 0), as libwebp's PixelsAreSimilar.
static inline int pixels_match(uint32_t before, uint32_t after, int tolerance) {
  if (tolerance < 0) return before == after;
  const int alpha = (int)(after >> 24);
  if ((int)(before >> 24) != alpha) return 0;
  const int limit = tolerance * 255;
  for (int shift = 0; shift <= 16; shift += 8) {
    const int difference = (int)((before >> shift) & 0xFF) - (int)((after >> shift) & 0xFF);
    if ((difference < 0 ? -difference : difference) * alpha > limit) return 0;
  }
  return 1;
}

static inline int rect_contains(fb_webp_rect rect, int x, int y) {
  return x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height;
}

/// The canvas before a frame: `previous` (NULL: transparent everywhere) with `cleared` transparent.
typedef struct {
  const uint32_t *pixels;
  fb_webp_rect cleared;
  int width;
} canvas_t;

static inline uint32_t canvas_at(const canvas_t *canvas, int x, int y) {
  if (canvas->pixels == NULL || rect_contains(canvas->cleared, x, y)) return 0;
  return canvas->pixels[(size_t)y * (size_t)canvas->width + (size_t)x];
}

/// Row `y` of the canvas: `*row` is the previous frame's row (NULL: transparent), and [*from, *to) the
/// columns `cleared` makes transparent on it (empty when the row misses it). Row loops use this instead
/// of `canvas_at`, which tests the cleared rectangle at every pixel.
static inline void canvas_row(const canvas_t *canvas, int y, const uint32_t **row, int *from, int *to) {
  *row = canvas->pixels == NULL ? NULL : canvas->pixels + (size_t)y * (size_t)canvas->width;
  const fb_webp_rect cleared = canvas->cleared;
  const int crossed = y >= cleared.y && y < cleared.y + cleared.height && cleared.width > 0;
  *from = crossed ? cleared.x : 0;
  *to = crossed ? cleared.x + cleared.width : 0;
}

/// The canvas pixel at column `x` of a row from `canvas_row`.
static inline uint32_t row_at(const uint32_t *row, int from, int to, int x) {
  return row == NULL || (x >= from && x < to) ? 0 : row[x];
}

static int column_matches(const canvas_t *canvas, const uint32_t *current, int x, int top, int height,
                          int tolerance) {
  for (int y = top; y < top + height; y++) {
    if (!pixels_match(canvas_at(canvas, x, y), current[(size_t)y * (size_t)canvas->width + (size_t)x], tolerance)) {
      return 0;
    }
  }
  return 1;
}

static int row_matches(const canvas_t *canvas, const uint32_t *current, int y, int left, int width, int tolerance) {
  const uint32_t *row = current + (size_t)y * (size_t)canvas->width;
  const uint32_t *before;
  int from, to;
  canvas_row(canvas, y, &before, &from, &to);
  if (tolerance < 0 && before != NULL && from == to) {
    return memcmp(before + left, row + left, (size_t)width * sizeof(uint32_t)) == 0;
  }
  for (int x = left; x < left + width; x++) {
    if (!pixels_match(row_at(before, from, to, x), row[x], tolerance)) return 0;
  }
  return 1;
}

/// Trims `rect` while its outermost column or row matches the canvas: left, right, top, bottom, in that
/// order; an unchanged frame leaves the empty rectangle at the origin.
static void trim_unchanged(const canvas_t *canvas, const uint32_t *current, int tolerance, fb_webp_rect *rect) {
  while (rect->width > 0 && column_matches(canvas, current, rect->x, rect->y, rect->height, tolerance)) {
    rect->x++;
    rect->width--;
  }
  while (rect->width > 0 &&
         column_matches(canvas, current, rect->x + rect->width - 1, rect->y, rect->height, tolerance)) {
    rect->width--;
  }
  while (rect->width > 0 && rect->height > 0 &&
         row_matches(canvas, current, rect->y, rect->x, rect->width, tolerance)) {
    rect->y++;
    rect->height--;
  }
  while (rect->width > 0 && rect->height > 0 &&
         row_matches(canvas, current, rect->y + rect->height - 1, rect->x, rect->width, tolerance)) {
    rect->height--;
  }
  if (rect->width == 0 || rect->height == 0) *rect = (fb_webp_rect){0, 0, 0, 0};
}

/// An ANMF chunk stores offsets halved, so an odd offset moves one pixel left or up, growing the rectangle.
static void snap_to_even(fb_webp_rect *rect) {
  rect->width += rect->x & 1;
  rect->height += rect->y & 1;
  rect->x &= ~1;
  rect->y &= ~1;
}

static int rect_is_empty(fb_webp_rect rect) { return rect.width == 0 || rect.height == 0; }

/// The rectangle that changed against `canvas`. An unchanged frame gives the empty rectangle when
/// `may_vanish`, else the 1x1 one at the origin (a frame that must be stored). Lossy frames start from the
/// exact rectangle and trim further within the tolerance, as libwebp seeds its lossy rectangle with the
/// lossless one.
static fb_webp_rect changed_rect(const canvas_t *canvas, const uint32_t *current, int height, int lossless,
                                 int tolerance, int may_vanish) {
  fb_webp_rect rect = {0, 0, canvas->width, height};
  for (int pass = 0; pass < (lossless ? 1 : 2); pass++) {
    trim_unchanged(canvas, current, pass == 0 ? -1 : tolerance, &rect);
    if (rect_is_empty(rect)) {
      if (may_vanish) return rect;
      rect = (fb_webp_rect){0, 0, 1, 1};
    }
    snap_to_even(&rect);
  }
  return rect;
}

/// Whether drawing `rect` of `current` over the canvas with alpha blending can give `current`'s pixels:
/// only where a pixel changes must it be opaque.
static int blending_works(const canvas_t *canvas, const uint32_t *current, fb_webp_rect rect, int tolerance) {
  for (int y = rect.y; y < rect.y + rect.height; y++) {
    const uint32_t *row = current + (size_t)y * (size_t)canvas->width;
    const uint32_t *before;
    int from, to;
    canvas_row(canvas, y, &before, &from, &to);
    for (int x = rect.x; x < rect.x + rect.width; x++) {
      if ((row[x] >> 24) != 0xFF && !pixels_match(row_at(before, from, to, x), row[x], tolerance)) return 0;
    }
  }
  return 1;
}

static uint64_t rect_area(fb_webp_rect rect) { return (uint64_t)(uint32_t)rect.width * (uint32_t)rect.height; }

void fb_webp_plan_frame(const uint32_t *previous, fb_webp_rect previous_rect, const uint32_t *current, int width,
                        int height, int lossless, float quality, fb_webp_frame_plan *plan) {
  const int tolerance = lossless ? -1 : lossy_tolerance(quality);
  const int first = previous == NULL;
  const canvas_t kept = {previous, {0, 0, 0, 0}, width};
  *plan = (fb_webp_frame_plan){0, {0, 0, 0, 0}, 0, 0};
  // The first frame must be stored even when transparent; a later unchanged one merges into its predecessor.
  plan->rect = changed_rect(&kept, current, height, lossless, tolerance, !first);
  if (rect_is_empty(plan->rect)) {
    plan->skip = 1;
    return;
  }
  const canvas_t *canvas = &kept;
  canvas_t disposed = {previous, previous_rect, width};
  if (!first) {
    const fb_webp_rect after_disposal = changed_rect(&disposed, current, height, lossless, tolerance, 0);
    if (rect_area(after_disposal) < rect_area(plan->rect)) {
      plan->rect = after_disposal;
      plan->dispose_previous = 1;
      canvas = &disposed;
    }
  }
  plan->blend = !first && blending_works(canvas, current, plan->rect, tolerance);
}

void fb_webp_frame_pixels(const uint32_t *previous, fb_webp_rect cleared, const uint32_t *current, int width,
                          const fb_webp_frame_plan *plan, int lossless, float quality, uint32_t *out) {
  const fb_webp_rect rect = plan->rect;
  const canvas_t canvas = {previous, cleared, width};
  const int transparent_where_unchanged = plan->blend && lossless;
  for (int y = 0; y < rect.height; y++) {
    const uint32_t *row = current + (size_t)(rect.y + y) * (size_t)width + (size_t)rect.x;
    uint32_t *line = out + (size_t)y * (size_t)rect.width;
    const uint32_t *before;
    int from, to;
    canvas_row(&canvas, rect.y + y, &before, &from, &to);
    if (!transparent_where_unchanged || before == NULL) {
      // Nothing to clear: a canvas that is transparent everywhere matches only pixels already 0.
      memcpy(line, row, (size_t)rect.width * sizeof(uint32_t));
      continue;
    }
    // Lossless blending: a pixel the canvas already shows is stored transparent (all zero, which
    // compresses best). Columns [from, to) of the canvas are cleared, so only 0 matches there.
    before += rect.x;
    from -= rect.x;
    to -= rect.x;
    for (int x = 0; x < rect.width; x++) {
      const uint32_t pixel = row[x];
      const uint32_t shown = (x >= from && x < to) ? 0 : before[x];
      line[x] = pixel == shown ? 0 : pixel;
    }
  }
  if (!plan->blend || lossless) return;
  // Lossy: an 8x8 block (aligned on the canvas, wholly inside the rectangle, starting past its first
  // aligned edge as libwebp's loop bounds do) whose pixels are all opaque on the canvas and close to it
  // becomes transparent, in the average colour of the canvas there.
  const int tolerance = lossy_tolerance(quality);
  const int block = 8;
  const int top = (rect.y + block) & ~(block - 1), bottom = (rect.y + rect.height) & ~(block - 1);
  const int left = (rect.x + block) & ~(block - 1), right = (rect.x + rect.width) & ~(block - 1);
  for (int by = top; by < bottom; by += block) {
    for (int bx = left; bx < right; bx += block) {
      int red = 0, green = 0, blue = 0, close = 1;
      for (int y = by; y < by + block && close; y++) {
        for (int x = bx; x < bx + block; x++) {
          const uint32_t before = canvas_at(&canvas, x, y);
          const uint32_t after = out[(size_t)(y - rect.y) * (size_t)rect.width + (size_t)(x - rect.x)];
          if ((before >> 24) != 0xFF || !pixels_match(before, after, tolerance)) {
            close = 0;
            break;
          }
          red += (int)((before >> 16) & 0xFF);
          green += (int)((before >> 8) & 0xFF);
          blue += (int)(before & 0xFF);
        }
      }
      if (!close) continue;
      const int count = block * block;
      const uint32_t colour = ((uint32_t)(red / count) << 16) | ((uint32_t)(green / count) << 8) | (uint32_t)(blue / count);
      for (int y = by; y < by + block; y++) {
        uint32_t *line = out + (size_t)(y - rect.y) * (size_t)rect.width + (size_t)(bx - rect.x);
        for (int x = 0; x < block; x++) line[x] = colour;
      }
    }
  }
}

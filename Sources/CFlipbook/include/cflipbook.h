// CFlipbook: the C half of FlipbookGraphics.
//
// Everything here exists for one of two reasons: libpng reports errors with longjmp, which must never
// unwind through Swift frames, so every libpng call lives behind a setjmp in C; and a few per-pixel loops
// (premultiplication, blur, projective warp, downscaling) run on every frame and must be fast in debug
// builds too.
// Pango and fontconfig also live here so that Swift never imports GLib's headers, and libimagequant
// (GIF colour quantization) so that its API stays behind one small, error-code interface.
//
// Pixel convention: "ARGB32" means Cairo's CAIRO_FORMAT_ARGB32: one native-endian uint32 per pixel,
// alpha in the high byte, colour premultiplied by alpha. Strides are in bytes.
#ifndef CFLIPBOOK_H
#define CFLIPBOOK_H

#include <stddef.h>
#include <stdint.h>
#include <cairo.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Frees memory returned by this library.
void fb_free(void *pointer);

// MARK: - PNG

/// PNG row filters, as libpng names them. `FB_PNG_FILTER_ADAPTIVE` lets libpng try all five per row.
typedef enum {
  FB_PNG_FILTER_NONE = 0,
  FB_PNG_FILTER_SUB = 1,
  FB_PNG_FILTER_UP = 2,
  FB_PNG_FILTER_AVERAGE = 3,
  FB_PNG_FILTER_PAETH = 4,
  FB_PNG_FILTER_ADAPTIVE = 5,
} fb_png_filter;

/// Checks a PNG's header before anything is allocated for it: the signature, an IHDR with sides of 1 to
/// `max_side` and at most `max_pixels` pixels, and IDAT data that could inflate to the size the header
/// declares (deflate expands at most FB_PNG_MAX_INFLATE_RATIO times), so a forged or truncated header is
/// refused. Returns 0 and the size in *out_width/height; 1 with a message in `error`; 2 when the size is
/// beyond the limits (the header's size, clamped into int, is then stored too).
int fb_png_check(const uint8_t *data, size_t size, int max_side, int64_t max_pixels,
                 int *out_width, int *out_height, char *error, size_t error_size);

/// Decodes a PNG of any colour type and bit depth (palette, gray, gray+alpha, RGB, RGBA, 1 to 16 bits,
/// tRNS) into `pixels`, premultiplied ARGB32 with stride width*4, a buffer of the width*height that
/// `fb_png_check` gave (which this checks again). Returns 0 on success; non-zero and a message in `error`
/// (NUL-terminated, at most `error_size` bytes) on failure, the codes as fb_png_check's. Never longjmps
/// into the caller.
int fb_png_decode_into(const uint8_t *data, size_t size, int max_side, int64_t max_pixels,
                       uint32_t *pixels, int width, int height, char *error, size_t error_size);

/// Encodes premultiplied ARGB32 pixels as an 8-bit PNG: RGB when every pixel is opaque (unless
/// `keep_alpha` is non-zero), RGBA otherwise. `level` is zlib's 0...9; `filter` an fb_png_filter.
/// Returns 0 and a malloc'd buffer on success; non-zero and a message in `error` on failure.
int fb_png_encode(const uint32_t *pixels, int width, int height, int stride, int level,
                  int filter, int keep_alpha, uint8_t **out_data, size_t *out_size,
                  char *error, size_t error_size);

/// The same PNG as fb_png_encode with filter None, its rows compressed by libdeflate at `level` (0...12;
/// 12 is its smallest, which `flipbook render --png smallest` uses). Returns 0 and a malloc'd buffer on
/// success; non-zero and a message in `error` on failure.
int fb_png_encode_libdeflate(const uint32_t *pixels, int width, int height, int stride, int level, int keep_alpha,
                             uint8_t **out_data, size_t *out_size, char *error, size_t error_size);

// MARK: - Fast PNG (fastpng.c)

/// Flipbook's own PNG encoder for rendered frames: one filter pass (None/Sub/Up chosen per row), runs and
/// short matches, a Huffman code fitted to each block. Its buffers live in the context and are reused, so
/// a worker that keeps one context allocates nothing frame after frame, and it remembers the blocks it
/// last wrote (a frame's worth of rows), to write them again where an image has the same rows; encoders
/// may share that memory (fb_fastpng_use_memory). A context is not thread-safe; use one per thread. The
/// bytes depend only on the pixels and `keep_alpha`.
typedef struct fb_fastpng fb_fastpng;

/// A new encoder context, or NULL when memory runs out.
fb_fastpng *fb_fastpng_create(void);

/// Frees the context and the last output it returned.
void fb_fastpng_destroy(fb_fastpng *encoder);

/// How many deflate blocks the last encode wrote again from memory rather than compressing them.
int fb_fastpng_reused_blocks(const fb_fastpng *encoder);

/// Deflate blocks remembered with the rows they came from, which encoders on any threads may share
/// (fastpng_memory.c): a block one encoder wrote, another writes again when its image has the same rows.
typedef struct fb_fastpng_memory fb_fastpng_memory;

/// A new, empty memory, or NULL when memory runs out.
fb_fastpng_memory *fb_fastpng_memory_create(void);

/// Frees the memory; no encoder may still be using it.
void fb_fastpng_memory_destroy(fb_fastpng_memory *memory);

/// Makes `encoder` remember its blocks in `memory` (which must outlive its use here) rather than in its
/// own; NULL goes back to its own. The bytes written are the same either way.
void fb_fastpng_use_memory(fb_fastpng *encoder, fb_fastpng_memory *memory);

/// Encodes premultiplied ARGB32 pixels (`stride` bytes a row) as an 8-bit PNG: RGB when every pixel is
/// opaque (unless `keep_alpha` is non-zero), RGBA otherwise, un-premultiplied exactly as fb_png_encode
/// does, so both decode to the same pixels. Returns 0 and the file in *out_data (owned by the context,
/// valid until its next encode or destroy); non-zero and a message in `error` on failure.
int fb_fastpng_encode(fb_fastpng *encoder, const uint32_t *pixels, int width, int height, int stride, int keep_alpha,
                      const uint8_t **out_data, size_t *out_size, char *error, size_t error_size);

/// Limits the vector instructions the context uses: 0 the architecture's baseline (SSE2 on x86-64),
/// 1 adds SSSE3, 2 adds AVX2. A new context uses all that the CPU has. Every level writes the same
/// bytes; this exists so that tests can check that. Returns the level in force (`level`, capped at the
/// CPU's).
int fb_fastpng_set_instruction_level(fb_fastpng *encoder, int level);

// MARK: - Pixels

/// Sets `count` pixels from `pixels` to `value`: glibc's `wmemset`, whose `rep stos` writes a frame
/// without first reading it into the cache, about three times as fast as a vector store loop on a 2.4 MB
/// frame.
void fb_pixels_fill(uint32_t *pixels, uint32_t value, size_t count);

/// Returns 1 when every pixel's alpha is 255.
int fb_pixels_are_opaque(const uint32_t *pixels, int width, int height, int stride);

/// Premultiplied ARGB32 -> straight RGBA bytes (4 per pixel, tightly packed).
void fb_pixels_to_rgba(const uint32_t *pixels, int width, int height, int stride, uint8_t *rgba);

/// Straight RGBA bytes (tightly packed) -> premultiplied ARGB32.
void fb_pixels_from_rgba(const uint8_t *rgba, int width, int height, uint32_t *pixels, int stride);

/// Premultiplied ARGB32 -> straight (un-premultiplied) ARGB32, the layout libwebp's WebPPicture.argb
/// takes: one native-endian uint32 per pixel, alpha in the high byte. `argb_stride` is in bytes.
void fb_pixels_to_straight_argb(const uint32_t *pixels, int width, int height, int stride, uint32_t *argb,
                                int argb_stride);

/// Multiplies premultiplied ARGB32 in place by a straight colour, channel by channel: a pixel of straight
/// colour (r, g, b, a) becomes (r*red, g*green, b*blue, a*alpha), which in premultiplied form is each
/// colour channel times red*alpha (green*alpha, blue*alpha) and alpha times alpha. Factors are clamped to
/// 0...1, so the result stays premultiplied. How a replicator's instance colour tints an instance.
void fb_pixels_multiply(uint32_t *pixels, int width, int height, int stride, double red, double green,
                        double blue, double alpha);

/// Shrinks premultiplied ARGB32 by area averaging: each destination pixel is the mean of the source
/// area it covers (fractional pixels at its edges weighted by how much of them it covers), rounded to
/// nearest, computed exactly in integers. Averaging premultiplied values keeps transparent pixels from
/// darkening their neighbours. The destination must be no larger than the source on either axis, and
/// the source no more than 16384 pixels a side. Returns 0; 1 for sizes out of range; 2 when memory
/// runs out.
int fb_scale_area(const uint32_t *src, int src_width, int src_height, int src_stride, uint32_t *dst, int dst_width,
                  int dst_height, int dst_stride);

/// Blurs the alpha channel of an ARGB32 image in place with three box passes each way, which
/// approximates a Gaussian of standard deviation `sigma`; the colour channels are set to match the
/// blurred alpha for an opaque black source (shadow masks use only alpha).
void fb_blur_alpha(uint32_t *pixels, int width, int height, int stride, double sigma);

/// Projective warp. For each destination pixel centre (x+0.5, y+0.5) the homogeneous point
/// (x, y, 1) is multiplied as a row vector by `inverse` (3x3, row-major) to give source coordinates
/// (u/w, v/w); the source is sampled bilinearly with transparent outside, and the result is written
/// (not blended) into the destination. Pixels whose w <= 0 are left transparent.
void fb_warp_projective(const uint32_t *src, int src_width, int src_height, int src_stride,
                        uint32_t *dst, int dst_width, int dst_height, int dst_stride,
                        const double inverse[9]);

// MARK: - Colour counts

/// Exact counts of distinct 32-bit pixel values, in the order first seen (color_counts.c). One table
/// is used by one thread at a time; merging tables in a fixed order gives the same table on any thread.
typedef struct fb_color_counts fb_color_counts;

/// An empty table; NULL when out of memory.
fb_color_counts *fb_color_counts_create(void);
void fb_color_counts_destroy(fb_color_counts *table);
/// Counts `count` pixels. Returns 0, 1 (invalid arguments) or 2 (out of memory: the table is then
/// incomplete, and every later call fails too).
int fb_color_counts_add(fb_color_counts *table, const uint32_t *pixels, size_t count);
/// Counts `value` `count` more times. Same return codes.
int fb_color_counts_add_count(fb_color_counts *table, uint32_t value, uint64_t count);
/// Adds every value and count of `from` to `into`, in `from`'s order. Same return codes.
int fb_color_counts_merge(fb_color_counts *into, const fb_color_counts *from);
/// The number of distinct values.
size_t fb_color_counts_size(const fb_color_counts *table);
/// The `index`th distinct value (0 ..< size, first seen first) and how often it occurred.
void fb_color_counts_entry(const fb_color_counts *table, size_t index, uint32_t *value, uint64_t *count);

// MARK: - Palettes (libimagequant)

/// Chooses a palette of at most `max_colors` for a histogram of exact colour counts (see
/// quantize_stream.c). Use from one thread.
typedef struct fb_palette_builder fb_palette_builder;

/// A builder with libimagequant's settings: `quality` 0...100 is the target (the minimum is 0, so a
/// hard image never fails for low quality; below 100 libimagequant may stop at fewer colours),
/// `speed` 1 (slow, best) ...10 (fast, rough). NULL, with a message, on invalid settings or failure.
fb_palette_builder *fb_palette_builder_create(int max_colors, int quality, int speed, char *error, size_t error_size);
/// Chooses the palette (once) for `counts`, whose values are straight RGBA pixels (bytes r, g, b, a
/// in memory order): RGBA entries into `palette_rgba` (1024 bytes) and their count. Returns 0, or 1
/// (invalid arguments) / 2 (libimagequant failed) with a message.
int fb_palette_builder_finish(fb_palette_builder *builder, const fb_color_counts *counts, uint8_t *palette_rgba,
                              int *palette_count, char *error, size_t error_size);
void fb_palette_builder_destroy(fb_palette_builder *builder);

// MARK: - Remapping

/// Maps images to a fixed palette (remap.c). One remapper is used by one thread at a time; make one
/// per worker. Every remapper of a palette writes the same indices for the same image.
typedef struct fb_remapper fb_remapper;

/// A remapper for `count` (1...256) palette entries of 3 bytes each in `rgb`: opaque pixels map to the
/// nearest entry whose `usable[i]` is non-zero, transparent ones (alpha < 128) to `transparent` (or,
/// when it is -1, to the entry nearest black). `dithering` non-zero spreads each opaque pixel's error
/// to its neighbours (damped Floyd–Steinberg). NULL on invalid arguments (no usable entry) or when out
/// of memory.
fb_remapper *fb_remapper_create(const uint8_t *rgb, const uint8_t *usable, int count, int transparent, int dithering);
/// Writes one index per pixel of `rgba` (straight RGBA, rows tightly packed) into `indices`. Returns
/// 0, 1 (invalid arguments) or 2 (out of memory).
int fb_remapper_remap(fb_remapper *remapper, const uint8_t *rgba, int width, int height, uint8_t *indices);
void fb_remapper_destroy(fb_remapper *remapper);

// MARK: - Animated WebP frames (webp_frames.c)

/// A rectangle of a canvas, in pixels; empty when its width or height is 0.
typedef struct {
  int32_t x, y, width, height;
} fb_webp_rect;

/// How one frame of an animated WebP is stored, decided from the frames' pixels alone (never from an
/// earlier frame's encoding), so frames can be encoded on any thread in any order.
typedef struct {
  /// 1 when the frame adds nothing to the previous one (lossy: nothing beyond the quality's tolerance);
  /// the previous frame then shows on.
  int32_t skip;
  /// The part of the canvas the frame's bitstream covers; x and y are even.
  fb_webp_rect rect;
  /// 1 when the previous frame's rectangle is cleared to transparent before this frame is drawn (the
  /// previous frame's dispose method is then "background"), because that makes this frame's rectangle
  /// smaller.
  int32_t dispose_previous;
  /// 1 when the frame is alpha-blended onto the canvas, so pixels it does not change can be stored
  /// transparent; 0 when it replaces its rectangle.
  int32_t blend;
} fb_webp_frame_plan;

/// Plans a frame as libwebp's WebPAnimEncoder does with its default options (no key frames, no mixed
/// lossy and lossless, no exhaustive search), so the file is the one libwebp would write. `previous` is
/// the previous stored frame's straight ARGB (NULL for the first frame, which is compared with a
/// transparent canvas), `previous_rect` its planned rectangle, `current` this frame's; both `width` x
/// `height`, tightly packed. `quality` is the lossy quality (0...100), which sets how different a lossy
/// pixel may be and still count as unchanged.
void fb_webp_plan_frame(const uint32_t *previous, fb_webp_rect previous_rect, const uint32_t *current, int width,
                        int height, int lossless, float quality, fb_webp_frame_plan *plan);

/// Writes the pixels of `plan`'s rectangle of `current` into `out` (tightly packed, the rectangle's width
/// a row) as the frame's bitstream stores them: when blending, pixels the previous canvas already shows
/// become transparent (lossless), or 8x8 blocks that are close enough become transparent with their
/// average colour (lossy). The previous canvas is `previous` with `cleared` transparent (the rectangle
/// the previous frame disposed; empty when it did not).
void fb_webp_frame_pixels(const uint32_t *previous, fb_webp_rect cleared, const uint32_t *current, int width,
                          const fb_webp_frame_plan *plan, int lossless, float quality, uint32_t *out);

// MARK: - Text

/// A font file of the main family, with the CSS weight (100...900) and slant it is registered for.
typedef struct {
  const char *path;
  int weight;
  int italic;
} fb_font_face;

/// Loads exactly these font files into a private fontconfig configuration that Pango uses for all
/// text: nothing the machine has installed is seen. Call before laying out text; may be called again
/// to replace the set. Returns 0, or non-zero with a message naming the file that failed.
///
/// `fallback` files (CJK) are checked for being readable now but registered only when a text first needs a
/// character the other files lack: registering Noto Sans CJK costs tens of milliseconds.
///
/// `faces` (the main family's files, each with the weight and slant its name declares) are checked for
/// being readable now and registered when a text first asks for their weight or a weight next to it.
int fb_fonts_configure(const char *const *files, int count, const fb_font_face *faces, int face_count,
                       const char *const *fallback, int fallback_count, char *error, size_t error_size);
/// How many fallback files are still waiting to be registered.
int fb_fonts_fallback_pending(void);
/// Which of `count` faces a text of CSS `weight` and slant needs: the face fontconfig would match from all
/// of them (nearest weight on its scale, the first on a tie), whose weight is written to `matched_weight`
/// (the text is laid out at it), and that weight's faces in the other slant. Writes their indices to
/// `chosen` (room for `count`) and returns how many.
int fb_font_faces_select(const fb_font_face *faces, int count, int weight, int italic, int *chosen,
                         int *matched_weight);
/// The OpenType weight class and slant fontconfig reads from the first face of a font file. Returns 0, or
/// non-zero when the file is not a font.
int fb_font_file_style(const char *path, int *weight, int *italic);
/// What fontconfig reads from the first face of a font file, without registering it: its family, PostScript and
/// full names (a name the file lacks is written empty; a NULL buffer is skipped), OpenType weight class and slant.
/// Returns 0, or non-zero when the file is not a font.
int fb_font_file_describe(const char *path, char *family, size_t family_size, char *postscript,
                          size_t postscript_size, char *full_name, size_t full_name_size, int *weight, int *italic);
/// Adds font files to the configuration fb_fonts_configure made, each available to texts by its own family
/// name; texts in other families lay out as before. Returns 0, or non-zero with a message naming the file that
/// failed (those before it stay added).
int fb_fonts_add_files(const char *const *files, int count, char *error, size_t error_size);
/// Why the last fb_text_layout_create returned NULL (a fallback font that could not be registered).
void fb_text_error(char *error, size_t error_size);

typedef enum { FB_ALIGN_LEFT = 0, FB_ALIGN_CENTER = 1, FB_ALIGN_RIGHT = 2, FB_ALIGN_JUSTIFIED = 3 } fb_alignment;
typedef enum { FB_WRAP_NONE = 0, FB_WRAP_WORDS = 1, FB_WRAP_CHARACTERS = 2 } fb_wrap;
typedef enum { FB_TRUNCATE_NONE = 0, FB_TRUNCATE_START = 1, FB_TRUNCATE_MIDDLE = 2, FB_TRUNCATE_END = 3 } fb_truncation;

typedef struct {
  const char *family;   ///< fontconfig family name or comma-separated list, e.g. "Inter,Noto Sans CJK TC";
                        ///< a character the first lacks comes from the next that has it
  const char *language; ///< BCP 47 tag, e.g. "zh-Hant"; selects OpenType `locl` forms; NULL for "en"
  int weight;           ///< CSS weight, 100...900
  int italic;           ///< non-zero for italic
  double size;          ///< font size in points (user units)
  int alignment;        ///< fb_alignment
  double width;         ///< layout width in points; <= 0 for no limit
  int wrap;             ///< fb_wrap: one line, or wrapped at `width` between words or anywhere
  int truncation;       ///< fb_truncation, applied when the text does not fit `width`
  int max_lines;        ///< with wrapping: at most this many lines (0 = no limit)
  double max_height;    ///< with wrapping: only the lines that fit this height, at least one (<= 0 = no limit)
  int needs_fallback;   ///< non-zero when `family` names a fallback family first: its files are then
                        ///< registered whatever the characters, so the text is never drawn by the next family
  int no_kerning;       ///< non-zero: the font's own kerning is off (OpenType `kern`)
  int no_ligatures;     ///< non-zero: no standard or contextual ligatures (OpenType `liga`, `clig`)
} fb_text_style;

typedef struct fb_text_layout fb_text_layout;

/// Whether laying out `utf8` in `style` needs the fallback files (registering the faces it needs, as
/// laying it out would): 1 or 0, or -1 when fonts are not configured or a face could not be registered.
int fb_text_needs_fallback(const char *utf8, const fb_text_style *style);
/// Lays out UTF-8 text. Returns NULL only when fonts are not configured or memory runs out.
fb_text_layout *fb_text_layout_create(const char *utf8, const fb_text_style *style);
/// The logical box of the laid-out text (its left edge, non-zero when one overflowing line is aligned in
/// the width, and its size) and the first line's baseline, in points.
void fb_text_layout_extents(const fb_text_layout *layout, double *left, double *width, double *height,
                            double *baseline);
/// Draws the text with its top-left at (x, y) in the context's user space, with the current source.
void fb_text_layout_draw(const fb_text_layout *layout, cairo_t *cr, double x, double y);
void fb_text_layout_destroy(fb_text_layout *layout);

#ifdef __cplusplus
}
#endif
#endif

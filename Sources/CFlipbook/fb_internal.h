// Private helpers shared by the C files of CFlipbook (not part of the public header).
#ifndef FB_INTERNAL_H
#define FB_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

/// A 256x256 table: `table[a * 256 + c]` is premultiplied channel `c` un-premultiplied by alpha `a`,
/// (c*255 + a/2) / a clamped to 255, and 0 for a == 0. Built once, thread-safely, on first use.
const uint8_t *fb_unpremultiply_table(void);

/// Premultiplies one 8-bit channel: (c*a + 127) / 255.
static inline uint32_t fb_premultiply(uint32_t c, uint32_t a) { return (c * a + 127) / 255; }

// Decodes an 8-bit RGB or RGBA, non-interlaced PNG without tRNS (already past fb_png_check) into `pixels` as
// premultiplied ARGB, exactly as libpng's path would; 0 (pixels undefined) for anything it leaves to libpng.
int fb_png_fast_decode(const uint8_t *data, size_t size, uint32_t *pixels, int width, int height);

/// One row of premultiplied ARGB32 to straight RGBA bytes through `table` (fb_unpremultiply_table): the
/// one conversion every RGBA writer shares, so libpng's files and fastpng's decode to the same pixels.
static inline void fb_unpremultiply_row_rgba(const uint32_t *src, int width, const uint8_t *table, uint8_t *out) {
  for (int x = 0; x < width; x++, out += 4) {
    uint32_t p = src[x], a = p >> 24;
    const uint8_t *t = table + a * 256;  // a == 255 maps c to c; a == 0 maps everything to 0
    out[0] = t[(p >> 16) & 0xFF];
    out[1] = t[(p >> 8) & 0xFF];
    out[2] = t[p & 0xFF];
    out[3] = (uint8_t)a;
  }
}

// MARK: - fastpng's AVX2 row kernels (fastpng_avx2.c, x86 only)

// Each does the bulk of a row with AVX2 and returns where it stopped; fastpng.c finishes the rest with
// its portable code, which computes the same values. Call only where the CPU has AVX2.

/// Converts pixels [0, returned) of an opaque row as fastpng.c's convert_row_rgb_scalar does; sets
/// *opaque to 0 when one of them is not opaque. Writes up to 8 bytes past the converted pixels' RGB,
/// never past the row's.
int fb_fastpng_convert_rgb_avx2(const uint32_t *src, int width, uint8_t *out, int *opaque);
/// Adds the None, Sub and Up costs of the 32-byte runs at bpp, bpp + 128, ... that end within the row to
/// cost[0...2] (fastpng.c's FASTPNG_COST_CHUNK sample); returns where the next run would start.
size_t fb_fastpng_filter_costs_avx2(const uint8_t *cur, const uint8_t *prev, size_t row_bytes, size_t bpp,
                                    uint64_t cost[3]);
/// Continues *adler over bytes [0, returned) of p (a multiple of 32, at most n).
size_t fb_fastpng_adler32_avx2(uint32_t *adler, const uint8_t *p, size_t n);

// MARK: - Quantization helpers (quantize.c), shared with quantize_stream.c

typedef struct liq_attr liq_attr;
typedef struct liq_palette liq_palette;

/// Writes `message` (with libimagequant's error `code` when it is >= 0) into `error`.
void fb_quantize_message(char *error, size_t error_size, const char *message, int code);

/// libimagequant attributes for these settings (a minimum quality of 0, so a hard image is never
/// refused); NULL, with a message, on failure.
liq_attr *fb_quantize_attributes(int max_colors, int quality, int speed, char *error, size_t error_size);

/// Copies a libimagequant palette as RGBA, 4 bytes an entry, and its length.
void fb_quantize_copy_palette(const liq_palette *source, uint8_t *palette_rgba, int *palette_count);

#endif

// Private helpers shared by the C files of CFlipbook (not part of the public header).
#ifndef FB_INTERNAL_H
#define FB_INTERNAL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

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

/// Grows `*buffer` to at least `size` bytes, keeping nothing (the contents are rewritten on each use):
/// fastpng's working buffers and remembered blocks. Returns 0 when out of memory.
static inline int fb_ensure_capacity(uint8_t **buffer, size_t *capacity, size_t size) {
  if (*capacity >= size) return 1;
  free(*buffer);
  *buffer = malloc(size);
  *capacity = *buffer ? size : 0;
  return *buffer != NULL;
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

// MARK: - fastpng's remembered blocks (fastpng_memory.c)

/// What a remembered block was compressed from: the image's size and bytes a pixel (which fix the block's
/// place), and its rows, the row above the block's first and then the block's own.
typedef struct {
  int width, height, bpp;
  int first_row, row_count;
} fb_block_key;

/// One deflate block as an encoder last wrote it. Read and written under `lock`.
typedef struct {
  pthread_mutex_t lock;
  int valid;
  fb_block_key key;
  uint8_t *rows;  // the key's rows, width * 4 bytes each, as the image had them
  size_t rows_capacity;
  uint32_t adler;  // adler32 of the block's filtered bytes, from 1
  uint8_t *bits;   // the compressed block from bit 0, and 8 bytes of slack
  size_t bit_count;
  size_t bits_capacity;
} fb_remembered_block;

struct fb_fastpng_memory {
  pthread_rwlock_t growth;        // read: an encode using the blocks; write: adding blocks
  fb_remembered_block **blocks;   // by block index; each block stays where it was allocated
  size_t count;
};

/// Takes the read side of `memory->growth` for an encode of images of `count` blocks, first adding
/// blocks if there are fewer; 0 (and nothing held) when out of memory.
int fb_fastpng_memory_acquire(struct fb_fastpng_memory *memory, size_t count);
/// Ends what `fb_fastpng_memory_acquire` started.
void fb_fastpng_memory_release(struct fb_fastpng_memory *memory);
/// Whether `block` (locked by the caller) was compressed from exactly `key`'s rows of `pixels`.
int fb_remembered_block_matches(const fb_remembered_block *block, const fb_block_key *key, const uint32_t *pixels,
                                int stride);
/// Makes `block` (locked by the caller) remember `key`'s rows of `pixels`, the adler32 of its filtered
/// bytes and its `bit_count` bits, which start at bit `from_bit` of `from`.
void fb_remembered_block_store(fb_remembered_block *block, const fb_block_key *key, const uint32_t *pixels,
                               int stride, uint32_t adler, const uint8_t *from, int from_bit, size_t bit_count);

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

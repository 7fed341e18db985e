// PNG decoding and encoding with libpng 1.6, kept entirely behind setjmp.
//
// libpng reports errors by calling our error function, which must not return: it longjmps back to the
// setjmp in `decode_protected`/`encode_protected`. Those functions keep no state of their own that
// changes after setjmp; everything that must survive the jump (allocations, the libpng structs) lives in
// a context struct owned by the caller, which frees it. That sidesteps C's rule that non-volatile locals
// modified after setjmp are indeterminate after the longjmp.
//
// Return codes: 0 success, 1 failure with a message. fb_png_check and fb_png_decode_into return 2 when
// the header asks for an image beyond the limits; fb_png_check then also stores the header's size.
#include "cflipbook.h"
#include "fb_internal.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Errors

typedef struct {
  char *error;
  size_t error_size;
} message_sink;

static void set_message(char *error, size_t error_size, const char *message) {
  if (error && error_size > 0) snprintf(error, error_size, "%s", message);
}

static void on_png_error(png_structp png, png_const_charp message) {
  message_sink *sink = (message_sink *)png_get_error_ptr(png);
  set_message(sink->error, sink->error_size, message);
  png_longjmp(png, 1);
}

// Warnings (bad ancillary chunks, odd ICC profiles) are dropped: the image is still usable, and nothing
// may be printed to stderr.
static void on_png_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

// MARK: - Decoding

typedef struct {
  message_sink sink;
  const uint8_t *data;
  size_t size;
  size_t offset;
  png_structp png;
  png_infop info;
  uint32_t *pixels;  // the caller's buffer
  png_bytep *rows;
  int width, height;
} decode_context;

// The most deflate can expand its input: a 258-byte match costs at least 2 bits, so 1032 output bytes
// per input byte. IDAT data smaller than the decoded rows / this cannot be a whole image.
#define FB_PNG_MAX_INFLATE_RATIO 1032

// The most memory libpng may allocate for one ancillary chunk (iCCP, zTXt, iTXt...): real profiles and
// texts are kilobytes; without a cap a small compressed text chunk could inflate to gigabytes.
#define FB_PNG_MAX_CHUNK_BYTES (8u << 20)

static void read_from_memory(png_structp png, png_bytep out, size_t length) {
  decode_context *ctx = (decode_context *)png_get_io_ptr(png);
  if (length > ctx->size - ctx->offset) png_error(png, "truncated data (the file ends early)");
  memcpy(out, ctx->data + ctx->offset, length);
  ctx->offset += length;
}

static uint32_t read_be32(const uint8_t *p) {
  return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

// Converts a decoded row of straight RGBA bytes, in place, to premultiplied native-endian ARGB32.
static void rgba_row_to_argb(uint8_t *row, int width) {
  uint32_t *out = (uint32_t *)row;
  for (int x = 0; x < width; x++) {
    const uint8_t *p = row + (size_t)x * 4;
    uint32_t r = p[0], g = p[1], b = p[2], a = p[3];
    if (a != 255) {
      r = fb_premultiply(r, a);
      g = fb_premultiply(g, a);
      b = fb_premultiply(b, a);
    }
    out[x] = (a << 24) | (r << 16) | (g << 8) | b;  // reads p before writing the same 4 bytes
  }
}

// Expands a row of palette indices (one byte each, at the start of the row), in place and from the end,
// to premultiplied ARGB32. Returns -1, or the first x whose index is past the palette (the row is then
// left part-expanded; the image is refused).
static int palette_row_to_argb(uint8_t *row, int width, const png_color *palette, int entries,
                               const uint8_t *alpha, int alpha_count) {
  for (int x = 0; x < width; x++) {
    if (row[x] >= entries) return x;
  }
  uint32_t *out = (uint32_t *)row;
  for (int x = width - 1; x >= 0; x--) {  // pixel x's 4 bytes start at 4x >= x: indices left of x survive
    int index = row[x];
    uint32_t a = index < alpha_count ? alpha[index] : 255;
    uint32_t r = palette[index].red, g = palette[index].green, b = palette[index].blue;
    if (a != 255) {
      r = fb_premultiply(r, a);
      g = fb_premultiply(g, a);
      b = fb_premultiply(b, a);
    }
    out[x] = (a << 24) | (r << 16) | (g << 8) | b;
  }
  return -1;
}

static int decode_protected(decode_context *ctx) {
  if (setjmp(png_jmpbuf(ctx->png))) return 1;

  png_structp png = ctx->png;
  png_infop info = ctx->info;
  png_set_read_fn(png, ctx, read_from_memory);
  png_set_user_limits(png, (png_uint_32)ctx->width, (png_uint_32)ctx->height);
  png_set_chunk_malloc_max(png, FB_PNG_MAX_CHUNK_BYTES);
  png_read_info(png, info);

  int bit_depth = png_get_bit_depth(png, info);
  int color_type = png_get_color_type(png, info);

  // Normalise every colour type and bit depth to 8-bit RGBA, except palette images, which are read as
  // one index byte per pixel and expanded by `palette_row_to_argb`: libpng only warns about an index
  // past PLTE (and shows it black), and such an image is refused instead.
  int indexed = color_type == PNG_COLOR_TYPE_PALETTE;
  if (indexed && bit_depth < 8) png_set_packing(png);
  if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (!indexed && png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  if (bit_depth == 16) png_set_scale_16(png);  // rounds (v / 257), unlike strip_16's truncation
  if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
  if (!indexed) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);  // no-op when the image already has alpha
  png_set_interlace_handling(png);
  png_read_update_info(png, info);

  size_t row_bytes = (size_t)ctx->width * (indexed ? 1 : 4);
  if (png_get_rowbytes(png, info) != row_bytes) png_error(png, "unexpected row size after conversion");

  ctx->rows = malloc((size_t)ctx->height * sizeof(png_bytep));
  if (!ctx->rows) png_error(png, "out of memory");
  for (int y = 0; y < ctx->height; y++) ctx->rows[y] = (png_bytep)(ctx->pixels + (size_t)y * ctx->width);

  png_read_image(png, ctx->rows);  // handles all Adam7 passes
  png_read_end(png, NULL);         // checks the remaining chunks' CRCs up to IEND

  if (indexed) {
    png_colorp palette = NULL;
    int entries = 0;
    png_bytep alpha = NULL;
    int alpha_count = 0;
    png_get_PLTE(png, info, &palette, &entries);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_get_tRNS(png, info, &alpha, &alpha_count, NULL);
    for (int y = 0; y < ctx->height; y++) {
      int bad = palette_row_to_argb(ctx->rows[y], ctx->width, palette, entries, alpha, alpha_count);
      if (bad >= 0) {
        char message[160];
        snprintf(message, sizeof message, "palette index %d at pixel (%d, %d) is past the %d-entry PLTE",
                 ctx->rows[y][bad], bad, y, entries);
        png_error(png, message);
      }
    }
    return 0;
  }
  for (int y = 0; y < ctx->height; y++) rgba_row_to_argb(ctx->rows[y], ctx->width);
  return 0;
}

// The bits one pixel takes in the file, for IHDR's colour type and bit depth; 0 for an invalid pair
// (libpng words that refusal).
static int bits_per_pixel(int color_type, int bit_depth) {
  switch (color_type) {
    case 0: return bit_depth;
    case 2: return 3 * bit_depth;
    case 3: return bit_depth;
    case 4: return 2 * bit_depth;
    case 6: return 4 * bit_depth;
    default: return 0;
  }
}

int fb_png_check(const uint8_t *data, size_t size, int max_side, int64_t max_pixels,
                 int *out_width, int *out_height, char *error, size_t error_size) {
  *out_width = 0;
  *out_height = 0;
  if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
    // A prefix of the signature is a truncated PNG; anything else is not a PNG at all.
    int prefix = size > 0 && size < 8 && png_sig_cmp(data, 0, size) == 0;
    set_message(error, error_size, prefix ? "truncated data (the file ends early)" : "not a PNG file (bad signature)");
    return 1;
  }
  if (size < 33 || memcmp(data + 12, "IHDR", 4) != 0 || read_be32(data + 8) != 13) {
    set_message(error, error_size, size < 33 ? "truncated data: the file ends inside IHDR at byte 8"
                                             : "the first chunk is not a 13-byte IHDR (byte 8)");
    return 1;
  }
  // Read the size from IHDR ourselves so that an absurd size is refused before libpng allocates
  // anything. libpng validates the rest of IHDR afterwards.
  uint32_t w = read_be32(data + 16), h = read_be32(data + 20);
  if (w == 0 || h == 0) {
    set_message(error, error_size, "invalid image size 0 in IHDR");
    return 1;
  }
  if ((int64_t)w > max_side || (int64_t)h > max_side || (int64_t)w * (int64_t)h > max_pixels) {
    char message[160];
    snprintf(message, sizeof message, "image size %ux%u is beyond the limits (%d a side, %lld pixels)", w, h,
             max_side, (long long)max_pixels);
    set_message(error, error_size, message);
    // Report the size (clamped into int) so the caller can name it.
    *out_width = w > 0x7FFFFFFF ? 0x7FFFFFFF : (int)w;
    *out_height = h > 0x7FFFFFFF ? 0x7FFFFFFF : (int)h;
    return 2;
  }
  // Past the check, both sides fit comfortably in int. Sum the IDAT data present, chunk by chunk, and
  // compare it with the rows the header declares (a filter byte plus the packed pixels per row; an
  // interlaced image needs more, so this is a lower bound).
  uint64_t idat = 0;
  size_t offset = 8;
  while (size - offset >= 12) {
    uint32_t length = read_be32(data + offset);
    if (length > size - offset - 12) break;  // truncated: libpng reports it with the chunk's name
    if (memcmp(data + offset + 4, "IDAT", 4) == 0) idat += length;
    if (memcmp(data + offset + 4, "IEND", 4) == 0) break;
    offset += 12 + (size_t)length;
  }
  int bits = bits_per_pixel(data[25], data[24]);
  uint64_t rows = (uint64_t)h * (1 + ((uint64_t)w * (uint64_t)bits + 7) / 8);
  if (bits > 0 && (idat + 16) * FB_PNG_MAX_INFLATE_RATIO < rows) {
    char message[200];
    snprintf(message, sizeof message,
             "IHDR declares %ux%u, %llu bytes of rows, but the file holds %llu bytes of IDAT, which cannot "
             "inflate to that (truncated, or a forged size)",
             w, h, (unsigned long long)rows, (unsigned long long)idat);
    set_message(error, error_size, message);
    return 1;
  }
  *out_width = (int)w;
  *out_height = (int)h;
  return 0;
}

int fb_png_decode_into(const uint8_t *data, size_t size, int max_side, int64_t max_pixels,
                       uint32_t *pixels, int width, int height, char *error, size_t error_size) {
  int checked_width, checked_height;
  int check = fb_png_check(data, size, max_side, max_pixels, &checked_width, &checked_height, error, error_size);
  if (check != 0) return check;
  if (checked_width != width || checked_height != height || !pixels) {
    set_message(error, error_size, "the pixel buffer does not match the IHDR size");
    return 1;
  }
  // Flipbook's own frames, and most PNGs, take the libdeflate path; libpng decodes (or refuses) the rest.
  if (fb_png_fast_decode(data, size, pixels, width, height)) return 0;
  decode_context ctx = {.sink = {error, error_size}, .data = data, .size = size, .offset = 0,
                        .pixels = pixels, .width = width, .height = height};
  ctx.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &ctx.sink, on_png_error, on_png_warning);
  if (ctx.png) ctx.info = png_create_info_struct(ctx.png);
  if (!ctx.png || !ctx.info) {
    set_message(error, error_size, "out of memory");
    png_destroy_read_struct(ctx.png ? &ctx.png : NULL, NULL, NULL);
    return 1;
  }
  int status = decode_protected(&ctx);
  png_destroy_read_struct(&ctx.png, &ctx.info, NULL);
  free(ctx.rows);
  return status;
}

// MARK: - Encoding

typedef struct {
  message_sink sink;
  const uint32_t *pixels;
  int width, height, stride, level, filter, has_alpha;
  png_structp png;
  png_infop info;
  uint8_t *row;    // one converted row, allocated by the caller
  uint8_t *out;    // the growing output buffer
  size_t out_size, out_capacity;
} encode_context;

static void write_to_memory(png_structp png, png_bytep data, size_t length) {
  encode_context *ctx = (encode_context *)png_get_io_ptr(png);
  if (length > ctx->out_capacity - ctx->out_size) {
    size_t capacity = ctx->out_capacity ? ctx->out_capacity : 4096;
    while (capacity - ctx->out_size < length) capacity *= 2;
    uint8_t *grown = realloc(ctx->out, capacity);
    if (!grown) png_error(png, "out of memory");
    ctx->out = grown;
    ctx->out_capacity = capacity;
  }
  memcpy(ctx->out + ctx->out_size, data, length);
  ctx->out_size += length;
}

static void flush_memory(png_structp png) { (void)png; }

static int encode_protected(encode_context *ctx) {
  if (setjmp(png_jmpbuf(ctx->png))) return 1;

  static const int filters[] = {PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP,
                                PNG_FILTER_AVG, PNG_FILTER_PAETH, PNG_ALL_FILTERS};
  png_structp png = ctx->png;
  png_set_write_fn(png, ctx, write_to_memory, flush_memory);
  png_set_compression_level(png, ctx->level);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, filters[ctx->filter]);
  png_set_compression_buffer_size(png, 1 << 16);  // fewer, larger zlib calls and write callbacks
  png_set_IHDR(png, ctx->info, (png_uint_32)ctx->width, (png_uint_32)ctx->height, 8,
               ctx->has_alpha ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_write_info(png, ctx->info);

  const uint8_t *table = fb_unpremultiply_table();
  for (int y = 0; y < ctx->height; y++) {
    const uint32_t *src = (const uint32_t *)((const uint8_t *)ctx->pixels + (size_t)y * (size_t)ctx->stride);
    uint8_t *out = ctx->row;
    if (!ctx->has_alpha) {
      // Every pixel is opaque (or alpha is being dropped on request): the colour bytes are already straight.
      for (int x = 0; x < ctx->width; x++, out += 3) {
        uint32_t p = src[x];
        out[0] = (uint8_t)(p >> 16);
        out[1] = (uint8_t)(p >> 8);
        out[2] = (uint8_t)p;
      }
    } else {
      fb_unpremultiply_row_rgba(src, ctx->width, table, out);
    }
    png_write_row(png, ctx->row);
  }
  png_write_end(png, NULL);
  return 0;
}

int fb_png_encode(const uint32_t *pixels, int width, int height, int stride, int level,
                  int filter, int keep_alpha, uint8_t **out_data, size_t *out_size,
                  char *error, size_t error_size) {
  *out_data = NULL;
  *out_size = 0;
  if (width <= 0 || height <= 0 || stride < width * 4) {
    set_message(error, error_size, "invalid image size or stride");
    return 1;
  }
  if (level < 0 || level > 9) {
    set_message(error, error_size, "compression level must be 0...9");
    return 1;
  }
  if (filter < FB_PNG_FILTER_NONE || filter > FB_PNG_FILTER_ADAPTIVE) {
    set_message(error, error_size, "unknown filter");
    return 1;
  }
  encode_context ctx = {
      .sink = {error, error_size}, .pixels = pixels, .width = width, .height = height, .stride = stride,
      .level = level, .filter = filter,
      .has_alpha = keep_alpha || !fb_pixels_are_opaque(pixels, width, height, stride)};
  ctx.row = malloc((size_t)width * 4);
  // Start the output at a guess that fits typical UI frames, so realloc rarely runs.
  ctx.out_capacity = (size_t)width * (size_t)height / 2 + 4096;
  ctx.out = malloc(ctx.out_capacity);
  ctx.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &ctx.sink, on_png_error, on_png_warning);
  if (ctx.png) ctx.info = png_create_info_struct(ctx.png);
  int status;
  if (!ctx.row || !ctx.out || !ctx.png || !ctx.info) {
    set_message(error, error_size, "out of memory");
    status = 1;
  } else {
    status = encode_protected(&ctx);
  }
  if (ctx.png) png_destroy_write_struct(&ctx.png, ctx.info ? &ctx.info : NULL);
  free(ctx.row);
  if (status != 0) {
    free(ctx.out);
    return 1;
  }
  *out_data = ctx.out;
  *out_size = ctx.out_size;
  return 0;
}

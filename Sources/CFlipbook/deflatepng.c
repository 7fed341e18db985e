// PNG files compressed with libdeflate (Debian's libdeflate-dev), for `flipbook render --png smallest`.
//
// libdeflate's level 12 searches far harder than zlib's level 9: measured on the same unfiltered rows
// (filter None, as PNGOptions.smallest writes them), its zlib streams were 4.2 % smaller on the
// benchmark's reference scene, 6.7 % on the EGO example's frames and 4.2 % on the fling example's, at
// about 6x zlib 9's time (270 ms against 45 ms a 640x960 frame). It compresses a whole buffer at once,
// so the filtered rows are built in memory first (one byte a row more than the pixels).
#include "cflipbook.h"
#include "fb_internal.h"

#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// A PNG chunk's length is at most 2^31 - 1 (PNG spec §5.3); IDAT data goes out in chunks of this many
/// bytes, far below that.
#define DEFLATEPNG_IDAT_BYTES ((size_t)1 << 24)

static void set_message(char *error, size_t error_size, const char *message) {
  if (error && error_size > 0) snprintf(error, error_size, "%s", message);
}

static void put_be32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

/// Writes a chunk of `type` with `length` bytes of `data` at `p` (length, type, data, CRC of type and
/// data: PNG spec §5.3); returns the end.
static uint8_t *put_chunk(uint8_t *p, const char *type, const uint8_t *data, size_t length) {
  put_be32(p, (uint32_t)length);
  memcpy(p + 4, type, 4);
  if (length && data != p + 8) memcpy(p + 8, data, length);
  put_be32(p + 8 + length, libdeflate_crc32(0, p + 4, length + 4));
  return p + 12 + length;
}

int fb_png_encode_libdeflate(const uint32_t *pixels, int width, int height, int stride, int level, int keep_alpha,
                             uint8_t **out_data, size_t *out_size, char *error, size_t error_size) {
  *out_data = NULL;
  *out_size = 0;
  if (!pixels || width <= 0 || height <= 0 || stride < width * 4 || level < 0 || level > 12) {
    set_message(error, error_size, "invalid image size, stride or compression level");
    return 1;
  }
  int bpp = keep_alpha || !fb_pixels_are_opaque(pixels, width, height, stride) ? 4 : 3;
  size_t row_bytes = (size_t)width * (size_t)bpp, raw_size = (size_t)height * (row_bytes + 1);
  if (raw_size / (row_bytes + 1) != (size_t)height) {
    set_message(error, error_size, "image too large");
    return 1;
  }
  // The rows with filter None: a 0 byte, then straight RGB or RGBA (the table libpng's path uses).
  uint8_t *raw = malloc(raw_size), *rgba = malloc((size_t)width * 4);
  struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
  size_t bound = compressor ? libdeflate_zlib_compress_bound(compressor, raw_size) : 0;
  size_t chunks = bound / DEFLATEPNG_IDAT_BYTES + 1;
  // Signature, IHDR, IEND and 12 bytes for each IDAT around the zlib stream.
  uint8_t *file = compressor ? malloc(8 + 25 + 12 + 12 * chunks + bound) : NULL;
  if (!raw || !rgba || !file) {
    free(raw);
    free(rgba);
    free(file);
    libdeflate_free_compressor(compressor);
    set_message(error, error_size, "out of memory");
    return 1;
  }
  const uint8_t *table = fb_unpremultiply_table();
  uint8_t *row = raw;
  for (int y = 0; y < height; y++, row += row_bytes + 1) {
    const uint32_t *src = (const uint32_t *)((const uint8_t *)pixels + (size_t)y * (size_t)stride);
    row[0] = 0;
    if (bpp == 4) {
      fb_unpremultiply_row_rgba(src, width, table, row + 1);
      continue;
    }
    fb_unpremultiply_row_rgba(src, width, table, rgba);
    for (int x = 0; x < width; x++) memcpy(row + 1 + 3 * (size_t)x, rgba + 4 * (size_t)x, 3);
  }
  free(rgba);

  // The zlib stream goes where the IDAT chunks will hold it, then moves up as their headers go in.
  static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};  // PNG spec §5.2
  uint8_t header[13];
  put_be32(header, (uint32_t)width);
  put_be32(header + 4, (uint32_t)height);
  header[8] = 8;                             // bit depth
  header[9] = bpp == 4 ? 6 : 2;              // colour type: RGBA or RGB
  header[10] = header[11] = header[12] = 0;  // deflate, adaptive filtering, no interlace
  memcpy(file, signature, 8);
  uint8_t *p = put_chunk(file + 8, "IHDR", header, 13);
  uint8_t *stream = file + 8 + 25 + 12 * chunks;
  size_t compressed = libdeflate_zlib_compress(compressor, raw, raw_size, stream, bound);
  libdeflate_free_compressor(compressor);
  free(raw);
  if (compressed == 0) {  // cannot happen with the bound's room, but libdeflate says 0 for "did not fit"
    free(file);
    set_message(error, error_size, "libdeflate could not compress the rows");
    return 1;
  }
  for (size_t done = 0; done < compressed; done += DEFLATEPNG_IDAT_BYTES) {
    size_t n = compressed - done < DEFLATEPNG_IDAT_BYTES ? compressed - done : DEFLATEPNG_IDAT_BYTES;
    memmove(p + 8, stream + done, n);  // p + 8 never passes stream + done: 12 bytes of room per chunk
    p = put_chunk(p, "IDAT", p + 8, n);
  }
  p = put_chunk(p, "IEND", NULL, 0);
  *out_data = file;
  *out_size = (size_t)(p - file);
  return 0;
}

// The common case of PNG decoding without libpng: an 8-bit RGB or RGBA image, not interlaced, with no tRNS
// (every frame Flipbook writes, and most PNGs), inflated by libdeflate and unfiltered here. Everything else,
// and anything the least bit unusual (a bad CRC, an unknown critical chunk, a stream that does not inflate to
// exactly the rows, a filter type past 4), is left to libpng, which decodes it or words the refusal: this path
// only ever answers with the pixels libpng would give, or "not mine".
#include "fb_internal.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

static uint32_t be32(const uint8_t *p) {
  return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

// PNG's Paeth predictor (ISO/IEC 15948 9.4).
static inline uint8_t paeth(int a, int b, int c) {
  int p = a + b - c;
  int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
  if (pa <= pb && pa <= pc) return (uint8_t)a;
  return (uint8_t)(pb <= pc ? b : c);
}

// Undoes row `row`'s filter in place, `previous` being the row above unfiltered (NULL for the first row).
static int unfilter(uint8_t filter, uint8_t *row, const uint8_t *previous, size_t length, int bpp) {
  switch (filter) {
    case 0: return 1;
    case 1:
      for (size_t i = (size_t)bpp; i < length; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
      return 1;
    case 2:
      if (previous) {
        for (size_t i = 0; i < length; i++) row[i] = (uint8_t)(row[i] + previous[i]);
      }
      return 1;
    case 3:
      for (size_t i = 0; i < length; i++) {
        int left = i >= (size_t)bpp ? row[i - bpp] : 0, up = previous ? previous[i] : 0;
        row[i] = (uint8_t)(row[i] + ((left + up) >> 1));
      }
      return 1;
    case 4:
      for (size_t i = 0; i < length; i++) {
        int left = i >= (size_t)bpp ? row[i - bpp] : 0, up = previous ? previous[i] : 0;
        int corner = previous && i >= (size_t)bpp ? previous[i - bpp] : 0;
        row[i] = (uint8_t)(row[i] + paeth(left, up, corner));
      }
      return 1;
    default: return 0;
  }
}

int fb_png_fast_decode(const uint8_t *data, size_t size, uint32_t *pixels, int width, int height) {
  if (size < 33 || data[24] != 8 || (data[25] != 2 && data[25] != 6) || data[26] != 0 || data[27] != 0 ||
      data[28] != 0)
    return 0;
  int channels = data[25] == 6 ? 4 : 3;
  // Walk the chunks: every CRC right, IDATs together, IEND last; anything else critical is libpng's business.
  size_t offset = 8, idat_bytes = 0, idat_runs = 0;
  int in_idat = 0, ended = 0;
  while (!ended) {
    if (size - offset < 12) return 0;
    uint32_t length = be32(data + offset);
    if (length > size - offset - 12) return 0;
    const uint8_t *type = data + offset + 4;
    if (libdeflate_crc32(0, type, (size_t)length + 4) != be32(type + 4 + length)) return 0;
    int is_idat = memcmp(type, "IDAT", 4) == 0;
    if (is_idat) {
      if (!in_idat) idat_runs++;
      idat_bytes += length;
    } else if (memcmp(type, "IEND", 4) == 0) {
      ended = 1;
    } else if (!(type[0] & 0x20) && memcmp(type, "IHDR", 4) != 0) {
      return 0;  // a critical chunk (PLTE in an RGB image, say): leave it to libpng
    } else if (memcmp(type, "tRNS", 4) == 0) {
      return 0;
    }
    in_idat = is_idat;
    offset += 12 + (size_t)length;
  }
  if (idat_runs != 1 || idat_bytes == 0) return 0;

  uint8_t *stream = malloc(idat_bytes);
  size_t row_bytes = (size_t)width * (size_t)channels, raw_size = (size_t)height * (row_bytes + 1);
  uint8_t *raw = malloc(raw_size);
  if (!stream || !raw) {
    free(stream);
    free(raw);
    return 0;
  }
  size_t filled = 0;
  for (offset = 8;;) {
    uint32_t length = be32(data + offset);
    if (memcmp(data + offset + 4, "IDAT", 4) == 0) {
      memcpy(stream + filled, data + offset + 8, length);
      filled += length;
    } else if (memcmp(data + offset + 4, "IEND", 4) == 0) {
      break;
    }
    offset += 12 + (size_t)length;
  }
  struct libdeflate_decompressor *inflater = libdeflate_alloc_decompressor();
  size_t inflated = 0;
  int ok = inflater && libdeflate_zlib_decompress(inflater, stream, idat_bytes, raw, raw_size, &inflated) ==
                           LIBDEFLATE_SUCCESS && inflated == raw_size;
  if (inflater) libdeflate_free_decompressor(inflater);
  free(stream);
  // Unfilter each row in place, then widen it into the caller's pixels as premultiplied ARGB (libpng's
  // path does the same arithmetic through rgba_row_to_argb).
  for (int y = 0; ok && y < height; y++) {
    uint8_t *row = raw + (size_t)y * (row_bytes + 1);
    const uint8_t *previous = y > 0 ? row - row_bytes : NULL;
    ok = unfilter(row[0], row + 1, previous, row_bytes, channels);
    if (!ok) break;
    uint32_t *out = pixels + (size_t)y * (size_t)width;
    const uint8_t *p = row + 1;
    if (channels == 3) {
      for (int x = 0; x < width; x++, p += 3) out[x] = 0xFF000000u | ((uint32_t)p[0] << 16) | ((uint32_t)p[1] << 8) | p[2];
    } else {
      for (int x = 0; x < width; x++, p += 4) {
        uint32_t r = p[0], g = p[1], b = p[2], a = p[3];
        if (a != 255) {
          r = fb_premultiply(r, a);
          g = fb_premultiply(g, a);
          b = fb_premultiply(b, a);
        }
        out[x] = (a << 24) | (r << 16) | (g << 8) | b;
      }
    }
  }
  free(raw);
  return ok;
}

// Projective (perspective) warp by inverse mapping with bilinear sampling of premultiplied pixels.
#include "cflipbook.h"

// The source pixel at (i, j), or transparent outside the image. Sampling "transparent outside" is what
// makes the warped image's edges come out anti-aliased: edge pixels blend towards zero alpha.
static inline uint32_t texel(const uint32_t *src, int width, int height, int stride, int i, int j) {
  if (i < 0 || j < 0 || i >= width || j >= height) return 0;
  return ((const uint32_t *)((const uint8_t *)src + (size_t)j * (size_t)stride))[i];
}

void fb_warp_projective(const uint32_t *src, int src_width, int src_height, int src_stride,
                        uint32_t *dst, int dst_width, int dst_height, int dst_stride,
                        const double inverse[9]) {
  const double *m = inverse;
  for (int y = 0; y < dst_height; y++) {
    uint32_t *out = (uint32_t *)((uint8_t *)dst + (size_t)y * (size_t)dst_stride);
    double py = y + 0.5;
    for (int x = 0; x < dst_width; x++) {
      double px = x + 0.5;
      // Row vector [px py 1] times the 3x3 matrix.
      double u = px * m[0] + py * m[3] + m[6];
      double v = px * m[1] + py * m[4] + m[7];
      double w = px * m[2] + py * m[5] + m[8];
      out[x] = 0;
      if (!(w > 0)) continue;  // behind the viewer (or NaN)
      // Source pixel centres sit at (i + 0.5, j + 0.5), so shift by half a pixel before splitting
      // into an integer cell and a fraction.
      double inv_w = 1.0 / w;
      double sx = u * inv_w - 0.5, sy = v * inv_w - 0.5;
      // Entirely outside (this also keeps huge values away from the int conversion).
      if (!(sx > -1.0 && sy > -1.0 && sx < src_width && sy < src_height)) continue;
      // Fixed point with 8 fractional bits. sx, sy > -1 here, so shifting by one pixel makes them
      // positive and truncation rounds down: a floor() without a libm call.
      int fixed_x = (int)((sx + 1.0) * 256.0 + 0.5), fixed_y = (int)((sy + 1.0) * 256.0 + 0.5);
      int i = (fixed_x >> 8) - 1, j = (fixed_y >> 8) - 1;
      uint32_t wx = (uint32_t)fixed_x & 255, wy = (uint32_t)fixed_y & 255;
      uint32_t p00, p10, p01, p11;
      if (i >= 0 && j >= 0 && i + 1 < src_width && j + 1 < src_height) {  // interior: no bounds checks
        const uint32_t *r0 = (const uint32_t *)((const uint8_t *)src + (size_t)j * (size_t)src_stride) + i;
        const uint32_t *r1 = (const uint32_t *)((const uint8_t *)r0 + src_stride);
        p00 = r0[0], p10 = r0[1], p01 = r1[0], p11 = r1[1];
      } else {
        p00 = texel(src, src_width, src_height, src_stride, i, j);
        p10 = texel(src, src_width, src_height, src_stride, i + 1, j);
        p01 = texel(src, src_width, src_height, src_stride, i, j + 1);
        p11 = texel(src, src_width, src_height, src_stride, i + 1, j + 1);
      }
      // Weights out of 65536; every sum stays below 255 * 65536 < 2^24. A zero fraction copies exactly.
      uint32_t w00 = (256 - wx) * (256 - wy), w10 = wx * (256 - wy), w01 = (256 - wx) * wy, w11 = wx * wy;
      uint32_t result = 0;
      for (int shift = 0; shift < 32; shift += 8) {
        uint32_t c = ((p00 >> shift) & 0xFF) * w00 + ((p10 >> shift) & 0xFF) * w10 +
                     ((p01 >> shift) & 0xFF) * w01 + ((p11 >> shift) & 0xFF) * w11;
        result |= ((c + 32768) >> 16) << shift;
      }
      out[x] = result;
    }
  }
}

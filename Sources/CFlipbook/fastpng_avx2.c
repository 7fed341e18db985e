// fastpng's row kernels with AVX2, chosen at run time on CPUs that have it (fastpng.c's instruction
// levels). Each does the same integer arithmetic as its SSE2 or scalar twin in fastpng.c, 32 bytes a
// step instead of 16, so the encoder writes the same bytes at every level; each handles the bulk of a
// row and returns where it stopped, and fastpng.c finishes the tail with the portable code.
//
// The filter pass was 45 % of the encoder's instructions on the benchmark's reference scene (the
// filter costs 22 %, adler32 12 %, the RGB conversion 7 %); these halve its vector instructions.
#include "fb_internal.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include <string.h>

/// The modulus of adler32 (RFC 1950 §8).
#define ADLER_MOD 65521u

__attribute__((target("avx2"))) int fb_fastpng_convert_rgb_avx2(const uint32_t *restrict src, int width,
                                                                uint8_t *restrict out, int *opaque) {
  // In each 128-bit lane, four pixels (B G R A in memory) to 12 bytes of R G B and 4 left over; a
  // permutation then closes the gap between the lanes, so each vector is one store of 32 bytes that
  // keeps 24. Two vectors a step; a step stops short of the row's end, so nothing past it is written.
  const __m256i order = _mm256_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1, 2, 1, 0, 6, 5, 4,
                                         10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
  const __m256i close = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 7, 7);
  __m256i all = _mm256_set1_epi32(-1);
  int x = 0;
  for (; x + 19 <= width; x += 16, out += 48) {
    __m256i p0 = _mm256_loadu_si256((const __m256i *)(src + x));
    __m256i p1 = _mm256_loadu_si256((const __m256i *)(src + x + 8));
    all = _mm256_and_si256(all, _mm256_and_si256(p0, p1));
    _mm256_storeu_si256((__m256i *)out, _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(p0, order), close));
    _mm256_storeu_si256((__m256i *)(out + 24), _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(p1, order), close));
  }
  if (x + 11 <= width) {  // one vector more
    __m256i p0 = _mm256_loadu_si256((const __m256i *)(src + x));
    all = _mm256_and_si256(all, p0);
    _mm256_storeu_si256((__m256i *)out, _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(p0, order), close));
    x += 8;
  }
  // The alpha bytes are the top byte of each 32-bit lane: all 0xFF when every pixel was opaque.
  unsigned alpha = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(all, _mm256_set1_epi32(-1)));
  *opaque = (alpha & 0x88888888u) == 0x88888888u;
  return x;
}

/// |v| of 32 bytes taken as signed (the filter cost), as unsigned bytes: min(v, -v).
__attribute__((target("avx2"))) static inline __m256i signed_magnitude(__m256i v) {
  return _mm256_min_epu8(v, _mm256_sub_epi8(_mm256_setzero_si256(), v));
}

__attribute__((target("avx2"))) size_t fb_fastpng_filter_costs_avx2(const uint8_t *restrict cur,
                                                                    const uint8_t *restrict prev, size_t row_bytes,
                                                                    size_t bpp, uint64_t cost[3]) {
  // fastpng.c's sample: 32 bytes weighed (FASTPNG_COST_CHUNK, one vector) from bpp, then every 128.
  const __m256i zero = _mm256_setzero_si256();
  __m256i cn = zero, cs = zero, cu = zero;
  size_t x = bpp;
  for (; x + 32 <= row_bytes; x += 128) {
    __m256i c = _mm256_loadu_si256((const __m256i *)(cur + x));
    __m256i left = _mm256_loadu_si256((const __m256i *)(cur + x - bpp));
    __m256i above = _mm256_loadu_si256((const __m256i *)(prev + x));
    // As fastpng.c's filter_costs: a byte equal to the one a pixel before costs None nothing.
    __m256i repeats = _mm256_cmpeq_epi8(c, left);
    cn = _mm256_add_epi64(cn, _mm256_sad_epu8(_mm256_andnot_si256(repeats, signed_magnitude(c)), zero));
    cs = _mm256_add_epi64(cs, _mm256_sad_epu8(signed_magnitude(_mm256_sub_epi8(c, left)), zero));
    cu = _mm256_add_epi64(cu, _mm256_sad_epu8(signed_magnitude(_mm256_sub_epi8(c, above)), zero));
  }
  uint64_t lanes[12];
  _mm256_storeu_si256((__m256i *)lanes, cn);
  _mm256_storeu_si256((__m256i *)(lanes + 4), cs);
  _mm256_storeu_si256((__m256i *)(lanes + 8), cu);
  cost[0] += lanes[0] + lanes[1] + lanes[2] + lanes[3];
  cost[1] += lanes[4] + lanes[5] + lanes[6] + lanes[7];
  cost[2] += lanes[8] + lanes[9] + lanes[10] + lanes[11];
  return x;
}

__attribute__((target("avx2"))) size_t fb_fastpng_adler32_avx2(uint32_t *adler, const uint8_t *p, size_t n) {
  // fastpng.c's adler32_update with 64-byte groups (two vectors): over k groups, byte i of group j adds
  // b to s1 and (64(k - j) - i) * b to s2. `prefix` sums the earlier groups' byte sums (the k - 1 - j
  // part), and maddubs/madd weigh each group's bytes 64...1 (pairs of bytes stay below 2^15). 128
  // groups at a time keep every lane within 32 bits. A last 32 bytes are taken as a group of their own.
  const __m256i zero = _mm256_setzero_si256(), ones = _mm256_set1_epi16(1);
  const __m256i weights_hi = _mm256_setr_epi8(64, 63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48,
                                              47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33);
  const __m256i weights_lo = _mm256_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16,
                                              15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
  uint64_t s1 = *adler & 0xFFFF, s2 = *adler >> 16;
  size_t done = 0;
  while (n - done >= 32) {
    size_t group = n - done >= 64 ? 64 : 32;
    size_t groups = group == 32 ? 1 : (n - done) / 64 > 128 ? 128 : (n - done) / 64;
    __m256i sum = zero, prefix = zero, weighted = zero;
    if (group == 64) {
      for (size_t j = 0; j < groups; j++, done += 64) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(p + done));
        __m256i b = _mm256_loadu_si256((const __m256i *)(p + done + 32));
        prefix = _mm256_add_epi32(prefix, sum);
        sum = _mm256_add_epi32(sum, _mm256_add_epi32(_mm256_sad_epu8(a, zero), _mm256_sad_epu8(b, zero)));
        weighted = _mm256_add_epi32(weighted, _mm256_madd_epi16(_mm256_maddubs_epi16(a, weights_hi), ones));
        weighted = _mm256_add_epi32(weighted, _mm256_madd_epi16(_mm256_maddubs_epi16(b, weights_lo), ones));
      }
    } else {
      __m256i a = _mm256_loadu_si256((const __m256i *)(p + done));
      sum = _mm256_sad_epu8(a, zero);
      weighted = _mm256_madd_epi16(_mm256_maddubs_epi16(a, weights_lo), ones);
      done += 32;
    }
    uint32_t lanes[24];
    _mm256_storeu_si256((__m256i *)lanes, sum);
    _mm256_storeu_si256((__m256i *)(lanes + 8), prefix);
    _mm256_storeu_si256((__m256i *)(lanes + 16), weighted);
    uint64_t bytes = 0, earlier = 0, inside = 0;
    for (int i = 0; i < 8; i++) inside += lanes[16 + i];
    for (int i = 0; i < 8; i += 2) bytes += lanes[i], earlier += lanes[8 + i];  // sad sums sit in even lanes
    s2 += s1 * group * groups + group * earlier + inside;
    s1 += bytes;
    s1 %= ADLER_MOD;
    s2 %= ADLER_MOD;
  }
  *adler = (uint32_t)(s2 << 16 | s1);
  return done;
}
#endif

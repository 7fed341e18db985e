// Flipbook's own PNG encoder, for frames written during a render (`--png fast`).
//
// Rendered UI frames are mostly flat: solid fills, rows repeated down a table, runs of one colour. zlib at
// level 1 spends most of its time sliding a hash over such data and a scalar adler32; this encoder instead
// does the few things those frames need, in as few passes as possible:
//
// 1. One pass over the rows converts Cairo's premultiplied native-endian ARGB32 to straight RGB or RGBA
//    (with the same table the libpng path uses, so both decode to identical pixels), weighs None, Sub
//    and Up by the sum of absolute byte values (the usual cheap proxy) over a quarter of the row (see
//    FASTPNG_COST_CHUNK) with a strong bias to None (see FASTPNG_NONE_BIAS), and writes the row with the
//    one chosen; the zlib adler32 of each block's filtered bytes follows in one run. Paeth is left out:
//    with the bias, the EGO and fling frames came out within 0.1 % of the same size with and without it,
//    and it is the costliest filter to evaluate. The pass runs just ahead of the compression, a block's
//    rows at a time, so each block is compressed from the cache; its vector code is SSE2, or AVX2 where
//    the CPU has it (fastpng_avx2.c), with the same results.
// 2. A greedy LZ77 pass looks for runs first (distance 1 for a filtered flat area, the pixel size for a
//    repeated colour, the row size for a repeated row), then for one earlier occurrence of the next four
//    bytes in a small hash table, never before the block's start. A run of one byte is measured whole and
//    cut into 258-byte matches without going back to the search for each.
// 3. Each block of filtered bytes gets its own dynamic Huffman code fitted to its symbols (lengths limited
//    to 15 bits), or is stored when that would be smaller, and goes straight into IDAT chunks whose CRC
//    is computed as each chunk closes.
// 4. Since a block depends only on the rows it covers, the encoder remembers each block it compressed
//    (fastpng_memory.c, its own memory or one shared with other encoders): when an image has exactly
//    those rows there, the block's bits are written again and its adler32 joined to the stream's, without
//    filtering or compressing. Frames of a refresh mostly change in a band; the list under a turning
//    spinner is compressed once.
//
// No threads, no clocks, no randomness: the same pixels give the same bytes, on every CPU, whatever the
// encoder wrote before. All memory lives in the `fb_fastpng` context, which grows once and is reused frame
// after frame.
#include "cflipbook.h"
#include "fb_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "fastpng.c writes its bit buffer little-endian; port put_bits for a big-endian machine"
#endif

// MARK: - Format constants

/// The deflate window: distances go up to 32768 (RFC 1951 §3.2.5).
#define DEFLATE_WINDOW 32768
/// Match lengths go from 3 to 258 (RFC 1951 §3.2.5). Matches shorter than 4 rarely pay for their
/// length and distance codes, so the matcher wants at least 4.
#define DEFLATE_MAX_MATCH 258
#define FASTPNG_MIN_MATCH 4
/// Huffman codes of literal/lengths and distances are at most 15 bits, code-length codes at most 7
/// (RFC 1951 §3.2.7).
#define DEFLATE_MAX_BITS 15
#define DEFLATE_MAX_CL_BITS 7
/// 286 literal/length symbols (256 literals, end of block, 29 length codes) and 30 distance codes.
#define DEFLATE_LITLEN_SYMBOLS 286
#define DEFLATE_DIST_SYMBOLS 30
#define DEFLATE_END_OF_BLOCK 256
/// A stored block holds at most 65535 bytes (RFC 1951 §3.2.4).
#define DEFLATE_MAX_STORED 65535
/// A PNG chunk's length is at most 2^31 - 1 (PNG spec §5.3).
#define PNG_MAX_CHUNK ((size_t)0x7FFFFFFF)
/// The modulus of adler32 (RFC 1950 §8).
#define ADLER_MOD 65521u

/// How many filtered bytes one deflate block covers: large enough that a block's header (about 60 to
/// 100 bytes) is noise and fitting its three Huffman codes is cheap, small enough that each block's code
/// follows the content down the frame. 2^18 rather than 2^17 fits half as many codes (they were 7 % of
/// the time on the benchmark's reference frame) for files within 1 % either way on it and on the EGO
/// and fling frames.
#define FASTPNG_BLOCK_BYTES (1u << 18)
/// An IDAT chunk is closed at the first block boundary past this many bytes: a few chunks a frame,
/// each checksummed while its bytes are still in cache.
#define FASTPNG_IDAT_BYTES (1u << 18)
/// A run at least this long is taken without asking the hash table for a longer match: on the EGO and
/// fling frames that changed no file by more than 0.01 % and saves a lookup on most positions.
#define FASTPNG_GOOD_RUN 32
/// The match finder's hash table: 2^14 entries of the last position each 4-byte sequence was seen at.
#define FASTPNG_HASH_BITS 14

// MARK: - Checksums

static uint32_t crc_table[8][256];
static pthread_once_t crc_once = PTHREAD_ONCE_INIT;

/// CRC-32 as PNG uses it (PNG spec annex D: polynomial 0xEDB88320, reflected), eight tables so the loop
/// takes eight bytes a step.
static void build_crc_tables(void) {
  for (uint32_t n = 0; n < 256; n++) {
    uint32_t c = n;
    for (int k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[0][n] = c;
  }
  for (uint32_t n = 0; n < 256; n++) {
    for (int t = 1; t < 8; t++) crc_table[t][n] = (crc_table[t - 1][n] >> 8) ^ crc_table[0][crc_table[t - 1][n] & 0xFF];
  }
}

/// Continues a CRC (pass 0 to start); the PNG value is the result as returned.
static uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n) {
  uint32_t c = ~crc;
  while (n >= 8) {
    uint32_t lo, hi;
    memcpy(&lo, p, 4);
    memcpy(&hi, p + 4, 4);
    lo ^= c;
    c = crc_table[7][lo & 0xFF] ^ crc_table[6][(lo >> 8) & 0xFF] ^ crc_table[5][(lo >> 16) & 0xFF] ^
        crc_table[4][lo >> 24] ^ crc_table[3][hi & 0xFF] ^ crc_table[2][(hi >> 8) & 0xFF] ^
        crc_table[1][(hi >> 16) & 0xFF] ^ crc_table[0][hi >> 24];
    p += 8;
    n -= 8;
  }
  while (n--) c = crc_table[0][(c ^ *p++) & 0xFF] ^ (c >> 8);
  return ~c;
}

/// Continues an adler32 (RFC 1950 §8: s1 = 1 + the bytes, s2 = the sum of the s1s, both mod 65521),
/// 16 lanes at a time so the compiler can vectorize it. Over k 16-byte groups, byte i of group j adds
/// b to s1 and (16(k - j) - i) * b to s2; `sum` holds the per-lane byte sums and `weighted` the running
/// sums of `sum`, which is that k - j factor. Groups are taken 256 at a time, whose sums fit 32 bits.
static uint32_t adler32_update(uint32_t adler, const uint8_t *p, size_t n) {
  uint64_t s1 = adler & 0xFFFF, s2 = adler >> 16;
#if defined(__SSE2__)
  // The same sums with SSE2: psadbw adds the 16 bytes of a group (s1), pmaddwd weighs them 16...1.
  const __m128i zero = _mm_setzero_si128();
  const __m128i weights_lo = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
  const __m128i weights_hi = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
  while (n >= 16) {
    size_t groups = n / 16 > 256 ? 256 : n / 16;
    __m128i sum = zero, prefix = zero, weighted = zero;
    for (size_t j = 0; j < groups; j++, p += 16) {
      __m128i bytes = _mm_loadu_si128((const __m128i *)p);
      prefix = _mm_add_epi32(prefix, sum);  // each earlier group's bytes count once more per group
      sum = _mm_add_epi32(sum, _mm_sad_epu8(bytes, zero));
      weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpacklo_epi8(bytes, zero), weights_lo));
      weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpackhi_epi8(bytes, zero), weights_hi));
    }
    uint32_t lanes[12];
    _mm_storeu_si128((__m128i *)lanes, sum);
    _mm_storeu_si128((__m128i *)(lanes + 4), prefix);
    _mm_storeu_si128((__m128i *)(lanes + 8), weighted);
    uint64_t bytes = (uint64_t)lanes[0] + lanes[2];
    uint64_t earlier = (uint64_t)lanes[4] + lanes[6];
    uint64_t inside = (uint64_t)lanes[8] + lanes[9] + lanes[10] + lanes[11];
    s2 += s1 * 16 * groups + 16 * earlier + inside;
    s1 += bytes;
    s1 %= ADLER_MOD;
    s2 %= ADLER_MOD;
    n -= groups * 16;
  }
#endif
  while (n >= 16) {
    size_t groups = n / 16 > 256 ? 256 : n / 16;
    uint32_t sum[16] = {0}, weighted[16] = {0};
    for (size_t j = 0; j < groups; j++, p += 16) {
      for (int i = 0; i < 16; i++) {
        weighted[i] += sum[i];
        sum[i] += p[i];
      }
    }
    // weighted[i] is now the sum over groups of (groups - 1 - j) * b: add the missing one per group.
    uint64_t bytes = 0, weights = 0;
    for (int i = 0; i < 16; i++) {
      bytes += sum[i];
      weights += 16 * ((uint64_t)weighted[i] + sum[i]) - (uint64_t)i * sum[i];
    }
    s2 += s1 * 16 * groups + weights;
    s1 += bytes;
    s1 %= ADLER_MOD;
    s2 %= ADLER_MOD;
    n -= groups * 16;
  }
  while (n--) {
    s1 += *p++;
    s2 += s1;
  }
  return (uint32_t)((s2 % ADLER_MOD) << 16 | (s1 % ADLER_MOD));
}

// MARK: - Instruction levels

/// The vector code an encoder runs: the architecture's baseline (SSE2 on x86-64, plain C elsewhere),
/// then SSSE3's byte shuffle for the RGB conversion, then AVX2 for the whole filter pass
/// (fastpng_avx2.c). Every level writes the same bytes; the tests force each one to check that.
enum { FASTPNG_BASELINE = 0, FASTPNG_SSSE3 = 1, FASTPNG_AVX2 = 2 };

/// The highest level this CPU runs.
static int cpu_level(void) {
#if defined(__x86_64__) || defined(__i386__)
  if (__builtin_cpu_supports("avx2")) return FASTPNG_AVX2;
  if (__builtin_cpu_supports("ssse3")) return FASTPNG_SSSE3;
#endif
  return FASTPNG_BASELINE;
}

// MARK: - The context

struct fb_fastpng {
  int level;          // the instruction level in force
  fb_fastpng_memory *own_memory;  // the blocks this encoder remembers, unless it shares another's
  fb_fastpng_memory *memory;      // the memory in use: its own or a shared one (fastpng_memory.c)
  int reused;                     // blocks the last encode wrote from memory
  uint8_t *filtered;  // the rows of the block being compressed, each a filter byte and filtered bytes
                      // as deflate sees them: a block and two rows, and 16 bytes of slack (the vector RGB
                      // conversions store up to 4 bytes past a row). Blocks are compressed apart, so the
                      // rows before a block are not needed once it starts.
  size_t filtered_capacity;
  uint8_t *rows;  // two spare raw rows for Sub and Up rows (the next row's "above"), 16 bytes of slack each
  size_t row_capacity;
  uint32_t *tokens;  // one block's literals and matches
  uint8_t *out;      // the PNG file
  size_t out_capacity;
  uint32_t hash[1u << FASTPNG_HASH_BITS];
};

fb_fastpng *fb_fastpng_create(void) {
  pthread_once(&crc_once, build_crc_tables);
  fb_fastpng *encoder = calloc(1, sizeof(fb_fastpng));
  if (!encoder) return NULL;
  encoder->tokens = malloc(sizeof(uint32_t) * FASTPNG_BLOCK_BYTES);
  encoder->own_memory = fb_fastpng_memory_create();
  if (!encoder->tokens || !encoder->own_memory) {
    free(encoder->tokens);
    fb_fastpng_memory_destroy(encoder->own_memory);
    free(encoder);
    return NULL;
  }
  encoder->memory = encoder->own_memory;
  encoder->level = cpu_level();
  return encoder;
}

int fb_fastpng_set_instruction_level(fb_fastpng *encoder, int level) {
  int most = cpu_level();
  encoder->level = level < FASTPNG_BASELINE ? FASTPNG_BASELINE : level > most ? most : level;
  return encoder->level;
}

int fb_fastpng_reused_blocks(const fb_fastpng *encoder) { return encoder->reused; }

void fb_fastpng_use_memory(fb_fastpng *encoder, fb_fastpng_memory *memory) {
  encoder->memory = memory ? memory : encoder->own_memory;
}

void fb_fastpng_destroy(fb_fastpng *encoder) {
  if (!encoder) return;
  fb_fastpng_memory_destroy(encoder->own_memory);
  free(encoder->filtered);
  free(encoder->rows);
  free(encoder->tokens);
  free(encoder->out);
  free(encoder);
}

// MARK: - Filtering

/// A filtered byte's cost: its distance from zero as a signed byte, so -1 and 1 are as cheap.
static inline uint32_t byte_cost(uint8_t v) {
  int16_t s = (int8_t)v;
  return (uint32_t)(s < 0 ? -s : s);
}

/// Sub or Up must cost less than None divided by this to be chosen. Measured on the EGO and fling frames
/// at 2x, the plain smallest-sum rule made files 4-13 % larger than None alone: None keeps a
/// glyph or an icon the same bytes wherever it repeats, which the matcher finds, while Sub and Up turn
/// it into differences with whatever is beside or above it. Gradients and photographs, where a filter
/// wins by far more than this, still get one; with 8 the EGO frames are within 1 % of None alone. None's
/// cost leaves out bytes equal to the byte a pixel before, which the matcher takes as runs.
#define FASTPNG_NONE_BIAS 8

/// Converts one row of premultiplied ARGB32 to straight RGB, dropping alpha; returns 0 when a pixel is
/// not opaque (the image must then be RGBA).
static int convert_row_rgb_scalar(const uint32_t *restrict src, int width, uint8_t *restrict out) {
  uint32_t all = 0xFF000000u;
  for (int x = 0; x < width; x++, out += 3) {
    uint32_t p = src[x];
    all &= p;
    out[0] = (uint8_t)(p >> 16);
    out[1] = (uint8_t)(p >> 8);
    out[2] = (uint8_t)p;
  }
  return (all & 0xFF000000u) == 0xFF000000u;
}

#if defined(__x86_64__) || defined(__i386__)
#include <tmmintrin.h>
/// The same with SSSE3's byte shuffle: four pixels (16 bytes, B G R A in memory) to 12 bytes of R G B.
__attribute__((target("ssse3"))) static int convert_row_rgb_ssse3(const uint32_t *restrict src, int width,
                                                                  uint8_t *restrict out) {
  const __m128i order = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
  __m128i all = _mm_set1_epi32(-1);
  int x = 0;
  for (; x + 6 <= width; x += 4, out += 12) {  // each store writes 16 bytes, 4 past the 12 kept
    __m128i p = _mm_loadu_si128((const __m128i *)(src + x));
    all = _mm_and_si128(all, p);
    _mm_storeu_si128((__m128i *)out, _mm_shuffle_epi8(p, order));
  }
  uint32_t lanes[4];
  _mm_storeu_si128((__m128i *)lanes, all);
  int opaque = ((lanes[0] & lanes[1] & lanes[2] & lanes[3]) >> 24) == 0xFF;
  return convert_row_rgb_scalar(src + x, width - x, out) && opaque;
}
#endif

static int convert_row_rgb(int level, const uint32_t *src, int width, uint8_t *out) {
#if defined(__x86_64__) || defined(__i386__)
  if (level >= FASTPNG_AVX2) {
    int opaque;
    int x = fb_fastpng_convert_rgb_avx2(src, width, out, &opaque);
    return convert_row_rgb_scalar(src + x, width - x, out + 3 * x) && opaque;
  }
  if (level >= FASTPNG_SSSE3) return convert_row_rgb_ssse3(src, width, out);
#else
  (void)level;
#endif
  return convert_row_rgb_scalar(src, width, out);
}

#if defined(__SSE2__)
/// |v| of 16 bytes taken as signed (the filter cost), as unsigned bytes: min(v, -v).
static inline __m128i signed_magnitude(__m128i v) { return _mm_min_epu8(v, _mm_sub_epi8(_mm_setzero_si128(), v)); }
#endif

/// The filter costs weigh a sample of each row: the first pixel, then a run of FASTPNG_COST_CHUNK bytes
/// out of every FASTPNG_COST_STEP. A row's filter only changes where one filter wins by far
/// (FASTPNG_NONE_BIAS), which a quarter of the bytes shows as clearly as all of them: on the benchmark's
/// reference frame and the EGO and fling frames the files came out 0.1-1.2 % smaller than with every
/// byte weighed (fewer rows leave None), and the cost pass, a fifth of the encoder's instructions, took
/// a quarter as many. An eighth made the files 1-3 % larger. Rows too short for two steps are weighed
/// whole. Every instruction level weighs exactly these bytes, so each writes the same file.
#define FASTPNG_COST_CHUNK 32
#define FASTPNG_COST_STEP (4 * FASTPNG_COST_CHUNK)

/// Adds the None, Sub and Up costs of bytes [from, to) of a row to `cost`, one byte at a time.
static inline void filter_costs_scalar(const uint8_t *restrict cur, const uint8_t *restrict prev, size_t from,
                                       size_t to, size_t bpp, uint64_t cost[3]) {
  for (size_t x = from; x < to; x++) {
    cost[0] += cur[x] == cur[x - bpp] ? 0 : byte_cost(cur[x]);
    cost[1] += byte_cost((uint8_t)(cur[x] - cur[x - bpp]));
    cost[2] += byte_cost((uint8_t)(cur[x] - prev[x]));
  }
}

/// The costs of None, Sub and Up for one row, without writing either, from the sample described at
/// FASTPNG_COST_CHUNK. `bpp` is a constant at each call.
static inline __attribute__((always_inline)) void filter_costs(int level, const uint8_t *restrict cur,
                                                               const uint8_t *restrict prev, size_t row_bytes,
                                                               const size_t bpp, uint64_t cost[3]) {
  cost[0] = cost[1] = cost[2] = 0;
  for (size_t x = 0; x < bpp; x++) {  // the first pixel has nothing to its left (zeros)
    cost[0] += byte_cost(cur[x]);
    cost[1] += byte_cost(cur[x]);
    cost[2] += byte_cost((uint8_t)(cur[x] - prev[x]));
  }
  if (row_bytes < bpp + 2 * FASTPNG_COST_STEP) {
    filter_costs_scalar(cur, prev, bpp, row_bytes, bpp, cost);
    return;
  }
  // The weighed runs start at bpp + k * FASTPNG_COST_STEP and end within the row.
  size_t x = bpp;
#if defined(__x86_64__) || defined(__i386__)
  if (level >= FASTPNG_AVX2) x = fb_fastpng_filter_costs_avx2(cur, prev, row_bytes, bpp, cost);
#else
  (void)level;
#endif
#if defined(__SSE2__)
  __m128i zero = _mm_setzero_si128(), cn = zero, cs = zero, cu = zero;
  for (; x + FASTPNG_COST_CHUNK <= row_bytes; x += FASTPNG_COST_STEP) {
    for (size_t half = x; half < x + FASTPNG_COST_CHUNK; half += 16) {
      __m128i c = _mm_loadu_si128((const __m128i *)(cur + half));
      __m128i left = _mm_loadu_si128((const __m128i *)(cur + half - bpp));
      __m128i above = _mm_loadu_si128((const __m128i *)(prev + half));
      // A byte equal to the one a pixel before costs None nothing: the matcher takes it as a run.
      __m128i repeats = _mm_cmpeq_epi8(c, left);
      cn = _mm_add_epi64(cn, _mm_sad_epu8(_mm_andnot_si128(repeats, signed_magnitude(c)), zero));
      cs = _mm_add_epi64(cs, _mm_sad_epu8(signed_magnitude(_mm_sub_epi8(c, left)), zero));
      cu = _mm_add_epi64(cu, _mm_sad_epu8(signed_magnitude(_mm_sub_epi8(c, above)), zero));
    }
  }
  uint64_t lanes[6];
  _mm_storeu_si128((__m128i *)lanes, cn);
  _mm_storeu_si128((__m128i *)(lanes + 2), cs);
  _mm_storeu_si128((__m128i *)(lanes + 4), cu);
  cost[0] += lanes[0] + lanes[1];
  cost[1] += lanes[2] + lanes[3];
  cost[2] += lanes[4] + lanes[5];
#endif
  for (; x + FASTPNG_COST_CHUNK <= row_bytes; x += FASTPNG_COST_STEP) {
    filter_costs_scalar(cur, prev, x, x + FASTPNG_COST_CHUNK, bpp, cost);
  }
}

/// Writes row `cur` filtered with Sub (type 1) or Up (type 2) into `out`.
static void apply_filter(int type, const uint8_t *restrict cur, const uint8_t *restrict prev, size_t row_bytes,
                         size_t bpp, uint8_t *restrict out) {
  if (type == 2) {
    for (size_t x = 0; x < row_bytes; x++) out[x] = (uint8_t)(cur[x] - prev[x]);
    return;
  }
  for (size_t x = 0; x < bpp; x++) out[x] = cur[x];
  for (size_t x = bpp; x < row_bytes; x++) out[x] = (uint8_t)(cur[x] - cur[x - bpp]);
}

/// The filter pass over one image, taken a block's rows at a time (`filter_rows`), so that each deflate
/// block is compressed while its filtered bytes are still in the cache.
typedef struct {
  const uint32_t *pixels;
  int width, height, stride, bpp;
  int y;                // the next row to filter
  const uint8_t *prev;  // the raw row before it (in `filtered` or a spare row)
  int base_row;         // the row at the start of `filtered`
} filter_pass;

static void start_filter_pass(fb_fastpng *encoder, filter_pass *pass, const uint32_t *pixels, int width,
                              int height, int stride, int bpp) {
  *pass = (filter_pass){.pixels = pixels, .width = width, .height = height, .stride = stride, .bpp = bpp};
  // Each row is converted straight into its place in the output: most rows stay None, and then the
  // output already holds them. A Sub or Up row's raw bytes move to one of two spare rows first. `prev`
  // is the raw row before (in the output or a spare), zeros for the first (PNG spec §9.2).
  memset(encoder->rows + (size_t)width * (size_t)bpp + 16, 0, (size_t)width * (size_t)bpp);
  pass->prev = encoder->rows + (size_t)width * (size_t)bpp + 16;
}

/// Converts row `y` of the pass's pixels to raw RGB or RGBA bytes at `raw`; 0 when an RGB pass meets a
/// pixel that is not opaque.
static int convert_row(int level, const filter_pass *pass, int y, uint8_t *raw) {
  const uint32_t *src = (const uint32_t *)((const uint8_t *)pass->pixels + (size_t)y * (size_t)pass->stride);
  if (pass->bpp == 3) return convert_row_rgb(level, src, pass->width, raw);
  fb_unpremultiply_row_rgba(src, pass->width, fb_unpremultiply_table(), raw);
  return 1;
}

/// Filters rows [first, last] into `encoder->filtered`, which then starts at row `first`. Row `first` may
/// have been filtered already, as the last row of the block before (a block starts and ends mid-row): it
/// moves to the front. Or the pass may be behind `first`: the rows between belong to remembered blocks
/// (fastpng_memory.c) and are skipped, and the raw row above `first` is converted into a spare row to
/// filter against. Returns 0 when an RGB pass met a pixel that is not opaque.
static int filter_rows(fb_fastpng *encoder, filter_pass *pass, int first, int last) {
  const int level = encoder->level, bpp = pass->bpp;
  size_t row_bytes = (size_t)pass->width * (size_t)bpp, stride_bytes = row_bytes + 1;
  uint8_t *spare[2] = {encoder->rows, encoder->rows + row_bytes + 16};
  const uint8_t *prev = pass->prev;
  uintptr_t window = (uintptr_t)encoder->filtered, at = (uintptr_t)prev;
  int prev_in_window = at >= window && at < window + encoder->filtered_capacity;
  if (pass->y > first) {  // then pass->y == first + 1: a block's rows end where the next block's start
    uint8_t *from = encoder->filtered + (size_t)(first - pass->base_row) * stride_bytes;
    memmove(encoder->filtered, from, stride_bytes);
    if (prev_in_window) prev = encoder->filtered + 1;  // row `first`'s raw bytes, as it was left unfiltered
  } else if (pass->y < first) {  // first > 0 here: the pass starts at row 0
    if (!convert_row(level, pass, first - 1, spare[0])) return 0;
    prev = spare[0];
    pass->y = first;
  } else if (prev_in_window) {  // the row above, left unfiltered in the window, is about to be written over
    memcpy(spare[0], prev, row_bytes);
    prev = spare[0];
  }
  pass->base_row = first;
  uint8_t *out = encoder->filtered + (size_t)(pass->y - first) * stride_bytes;
  for (; pass->y <= last; pass->y++) {
    uint8_t *raw = out + 1;
    if (!convert_row(level, pass, pass->y, raw)) return 0;
    uint64_t cost[3];
    if (bpp == 3) filter_costs(level, raw, prev, row_bytes, 3, cost);
    else filter_costs(level, raw, prev, row_bytes, 4, cost);
    int type = 0;
    uint64_t best = cost[0] / FASTPNG_NONE_BIAS;
    if (cost[1] < best) type = 1, best = cost[1];
    if (cost[2] < best) type = 2;
    out[0] = (uint8_t)type;
    if (type == 0) {
      prev = raw;
    } else {
      uint8_t *keep = prev == spare[0] ? spare[1] : spare[0];
      memcpy(keep, raw, row_bytes);
      apply_filter(type, keep, prev, row_bytes, (size_t)bpp, raw);
      prev = keep;
    }
    out += stride_bytes;
  }
  pass->prev = prev;
  return 1;
}

/// The adler32 of filtered bytes [start, end), from 1: each block's own, which `adler32_combine` joins.
static uint32_t block_adler32(int level, const uint8_t *filtered, size_t start, size_t end) {
  uint32_t a = 1;
  size_t checked = 0, length = end - start;
#if defined(__x86_64__) || defined(__i386__)
  if (level >= FASTPNG_AVX2) checked = fb_fastpng_adler32_avx2(&a, filtered + start, length);
#else
  (void)level;
#endif
  return adler32_update(a, filtered + start + checked, length - checked);
}

/// The adler32 of A followed by B, from A's, B's (from 1) and B's length. With s1 = 1 + the bytes and s2
/// = the sum of the s1 after each byte (RFC 1950 §8), B's bytes add their sum, s1(B) - 1, to s1; and
/// each of B's n running sums is A's s1 plus B's own running sum minus 1, so s2 gains s2(B) +
/// n * (s1(A) - 1). All mod 65521.
static uint32_t adler32_combine(uint32_t a, uint32_t b, size_t n) {
  uint64_t s1a = a & 0xFFFF, s2a = a >> 16, s1b = b & 0xFFFF, s2b = b >> 16;
  uint64_t s1 = (s1a + s1b + ADLER_MOD - 1) % ADLER_MOD;
  uint64_t s2 = (s2a + s2b + (n % ADLER_MOD) * ((s1a + ADLER_MOD - 1) % ADLER_MOD)) % ADLER_MOD;
  return (uint32_t)(s2 << 16 | s1);
}

// MARK: - Huffman codes

/// Sorts the `n` symbols in `order` (ascending) by their frequencies, keeping ties in symbol order: an
/// LSD radix sort on the frequency, 6 bits a pass, as many passes as the largest needs (at most 3 for
/// a block's 2^17 bytes). It has no data-dependent branches; qsort with a comparison callback took 7 %
/// of the encoder's time on the benchmark's reference scene (three codes a block, 15 blocks a frame),
/// and a merge sort still mispredicted every other comparison.
static void sort_by_frequency(int *order, int n, const uint32_t *freq) {
  int scratch[DEFLATE_LITLEN_SYMBOLS], *from = order, *to = scratch;
  uint32_t largest = 0;
  for (int i = 0; i < n; i++) largest |= freq[order[i]];
  for (int shift = 0; shift < 32 && (largest >> shift) != 0; shift += 6) {
    int start[64] = {0};
    for (int i = 0; i < n; i++) start[(freq[from[i]] >> shift) & 63]++;
    for (int b = 0, sum = 0; b < 64; b++) {
      int c = start[b];
      start[b] = sum;
      sum += c;
    }
    for (int i = 0; i < n; i++) to[start[(freq[from[i]] >> shift) & 63]++] = from[i];
    int *swap = from;
    from = to;
    to = swap;
  }
  if (from != order) memcpy(order, from, sizeof order[0] * (size_t)n);
}

/// Code lengths for `count` symbols with frequencies `freq`, at most `limit` bits, every used symbol
/// coded and the code complete (inflate refuses incomplete codes, except a one-symbol code, which is
/// avoided here by giving any code fewer than two symbols two). Lengths go into `lengths` (0 = unused).
static void huffman_lengths(const uint32_t *freq, int count, int limit, uint8_t *lengths) {
  int order[DEFLATE_LITLEN_SYMBOLS];
  uint32_t weight[2 * DEFLATE_LITLEN_SYMBOLS];
  int parent[2 * DEFLATE_LITLEN_SYMBOLS];
  uint8_t depth[2 * DEFLATE_LITLEN_SYMBOLS];
  int used = 0;
  memset(lengths, 0, (size_t)count);
  for (int s = 0; s < count; s++) {
    if (freq[s]) order[used++] = s;
  }
  if (used < 2) {  // zero or one symbol: a complete two-symbol code of 1-bit lengths
    int first = used ? order[0] : 0;
    lengths[first] = 1;
    lengths[first == 0 ? 1 : 0] = 1;
    return;
  }
  // Leaves by frequency, ascending, ties by symbol.
  sort_by_frequency(order, used, freq);
  for (int i = 0; i < used; i++) weight[i] = freq[order[i]];
  // Huffman's algorithm with two queues: the sorted leaves and the internal nodes, which are made in
  // ascending weight order, so the two smallest are always at the queues' fronts. Node ids: leaves
  // 0...used-1, internal nodes used... in order of creation; a parent's id is above its children's.
  int leaf = 0, node = used, next = used;
  for (int k = 0; k < used - 1; k++) {
    int pick[2];
    for (int t = 0; t < 2; t++) {
      if (leaf < used && (node >= next || weight[leaf] <= weight[node])) pick[t] = leaf++;
      else pick[t] = node++;
    }
    weight[next] = weight[pick[0]] + weight[pick[1]];
    parent[pick[0]] = parent[pick[1]] = next;
    next++;
  }
  int root = next - 1;
  depth[root] = 0;
  for (int id = root - 1; id >= 0; id--) {
    int d = depth[parent[id]] + 1;
    depth[id] = (uint8_t)(d > 255 ? 255 : d);
  }
  // Limit the lengths: clamp, then lengthen the rarest symbols that can still grow until the Kraft sum
  // (in units of 2^-limit) fits, then shorten the most frequent symbols that can shrink while it still
  // fits, until the code is complete. Leaves are in ascending frequency order.
  uint32_t kraft = 0, full = 1u << limit;
  int len[DEFLATE_LITLEN_SYMBOLS];
  for (int i = 0; i < used; i++) {
    len[i] = depth[i] > limit ? limit : depth[i];
    kraft += 1u << (limit - len[i]);
  }
  while (kraft > full) {
    // The rarest leaf among the longest ones still below the limit: lengthening it costs least.
    int pick = -1;
    for (int i = 0; i < used; i++) {
      if (len[i] < limit && (pick < 0 || len[i] > len[pick])) pick = i;
    }
    kraft -= 1u << (limit - len[pick] - 1);
    len[pick]++;
  }
  while (kraft < full) {
    // The most frequent leaf whose shortening still fits; one of the longest always does.
    for (int i = used - 1; i >= 0; i--) {
      if (len[i] > 1 && kraft + (1u << (limit - len[i])) <= full) {
        kraft += 1u << (limit - len[i]);
        len[i]--;
        break;
      }
    }
  }
  for (int i = 0; i < used; i++) lengths[order[i]] = (uint8_t)len[i];
}

/// Canonical codes for `lengths` (RFC 1951 §3.2.2), bit-reversed because deflate sends codes from their
/// most significant bit into a stream that is filled from the least significant bit.
static void huffman_codes(const uint8_t *lengths, int count, uint16_t *codes) {
  uint32_t bl_count[DEFLATE_MAX_BITS + 1] = {0}, next_code[DEFLATE_MAX_BITS + 2];
  for (int s = 0; s < count; s++) bl_count[lengths[s]]++;
  bl_count[0] = 0;
  uint32_t code = 0;
  for (int bits = 1; bits <= DEFLATE_MAX_BITS; bits++) {
    code = (code + bl_count[bits - 1]) << 1;
    next_code[bits] = code;
  }
  for (int s = 0; s < count; s++) {
    int n = lengths[s];
    if (!n) {
      codes[s] = 0;
      continue;
    }
    // Reverse all 16 bits (swap halves, then bytes, nibbles, pairs, bits), then drop the 16 - n zeros.
    uint32_t c = next_code[n]++;
    c = ((c >> 1) & 0x5555) | ((c & 0x5555) << 1);
    c = ((c >> 2) & 0x3333) | ((c & 0x3333) << 2);
    c = ((c >> 4) & 0x0F0F) | ((c & 0x0F0F) << 4);
    c = ((c >> 8) & 0x00FF) | ((c & 0x00FF) << 8);
    codes[s] = (uint16_t)(c >> (16 - n));
  }
}

// MARK: - Symbols

/// Length codes 257...285: base lengths and extra bits (RFC 1951 §3.2.5).
static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
/// Distance codes 0...29: base distances and extra bits (RFC 1951 §3.2.5).
static const uint16_t dist_base[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
                                       193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

static inline int floor_log2(uint32_t v) { return 31 - __builtin_clz(v); }

/// The length code index (0...28, for symbols 257...285) of a match length 3...258. Lengths 11 and up
/// come four codes to each power of two, 258 has a code of its own.
static inline int length_code(uint32_t length) {
  uint32_t v = length - 3;
  if (v < 8) return (int)v;
  if (length == DEFLATE_MAX_MATCH) return 28;
  int b = floor_log2(v);
  return 4 * (b - 1) + (int)((v >> (b - 2)) & 3);
}

/// The distance code (0...29) of a distance 1...32768: two codes to each power of two past 4.
static inline int dist_code(uint32_t distance) {
  uint32_t v = distance - 1;
  if (v < 4) return (int)v;
  int b = floor_log2(v);
  return 2 * b + (int)((v >> (b - 1)) & 1);
}

/// A token is a literal byte (bit 31 clear) or a match: bit 31 set, the length code in bits 26...30, the
/// value of its extra bits in 21...25, the distance code in 16...20 and its extra bits' value in 0...12.
static inline uint32_t match_token(uint32_t length, uint32_t distance) {
  int lc = length_code(length), dc = dist_code(distance);
  return 0x80000000u | (uint32_t)lc << 26 | (length - length_base[lc]) << 21 | (uint32_t)dc << 16 |
         (distance - dist_base[dc]);
}

// MARK: - Bits

typedef struct {
  uint8_t *p;
  uint64_t bits;
  int count;
} bit_writer;

/// Appends `n` (at most 48) bits, least significant first, then writes out the whole bytes without a
/// branch: it stores all 8 bytes of the buffer (the output has room for that past its end), advances by
/// the whole ones and keeps the fewer than 8 bits left. The test `count >= 32` it replaces was taken
/// or not at random and was the encoder's most mispredicted branch.
static inline void put_bits(bit_writer *w, uint64_t value, int n) {
  w->bits |= value << w->count;  // fewer than 8 bits held before, at most 55 after
  w->count += n;
  memcpy(w->p, &w->bits, 8);
  int bytes = w->count >> 3;
  w->p += bytes;
  w->bits >>= 8 * bytes;  // at most 48
  w->count &= 7;
}

/// Writes out the whole bytes held, keeping fewer than 8 bits.
static inline void flush_whole_bytes(bit_writer *w) {
  while (w->count >= 8) {
    *w->p++ = (uint8_t)w->bits;
    w->bits >>= 8;
    w->count -= 8;
  }
}

/// Pads to a byte boundary with zero bits and writes everything out.
static inline void align_to_byte(bit_writer *w) {
  flush_whole_bytes(w);
  if (w->count > 0) {
    *w->p++ = (uint8_t)w->bits;
    w->bits = 0;
    w->count = 0;
  }
}

// MARK: - Matching

static inline uint32_t load32(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}

/// How many bytes from `a` equal those `distance` before, up to `max`.
static inline size_t match_length(const uint8_t *a, size_t distance, size_t max) {
  const uint8_t *b = a - distance;
  size_t n = 0;
#if defined(__SSE2__)
  while (n + 32 <= max) {  // 32 bytes a step: most matches are runs of the whole 258
    __m128i x0 = _mm_loadu_si128((const __m128i *)(a + n)), y0 = _mm_loadu_si128((const __m128i *)(b + n));
    __m128i x1 = _mm_loadu_si128((const __m128i *)(a + n + 16)), y1 = _mm_loadu_si128((const __m128i *)(b + n + 16));
    unsigned same = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x0, y0)) |
                    (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x1, y1)) << 16;
    if (same != 0xFFFFFFFFu) return n + (size_t)__builtin_ctz(~same);
    n += 32;
  }
  if (n + 16 <= max) {
    __m128i x = _mm_loadu_si128((const __m128i *)(a + n)), y = _mm_loadu_si128((const __m128i *)(b + n));
    unsigned same = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, y));
    if (same != 0xFFFF) return n + (size_t)__builtin_ctz(~same);
    n += 16;
  }
#endif
  while (n + 8 <= max) {
    uint64_t x, y;
    memcpy(&x, a + n, 8);
    memcpy(&y, b + n, 8);
    if (x != y) return n + (size_t)(__builtin_ctzll(x ^ y) >> 3);
    n += 8;
  }
  while (n < max && a[n] == b[n]) n++;
  return n;
}

/// How many bytes from `p` equal `b`, up to `max`: the length of a run at distance 1, not capped at
/// deflate's longest match, so a flat area is measured once rather than 258 bytes at a time.
static inline size_t same_byte_run(const uint8_t *p, uint8_t b, size_t max) {
  size_t n = 0;
#if defined(__SSE2__)
  const __m128i v = _mm_set1_epi8((char)b);
  while (n + 64 <= max) {  // 64 bytes a step, one test: flat areas are most of a UI frame
    __m128i all = _mm_and_si128(_mm_and_si128(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + n)), v),
                                              _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + n + 16)), v)),
                                _mm_and_si128(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + n + 32)), v),
                                              _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + n + 48)), v)));
    if (_mm_movemask_epi8(all) != 0xFFFF) break;  // the step below finds where, within these 64
    n += 64;
  }
  while (n + 32 <= max) {
    __m128i x0 = _mm_loadu_si128((const __m128i *)(p + n)), x1 = _mm_loadu_si128((const __m128i *)(p + n + 16));
    unsigned same = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x0, v)) |
                    (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x1, v)) << 16;
    if (same != 0xFFFFFFFFu) return n + (size_t)__builtin_ctz(~same);
    n += 32;
  }
#endif
  const uint64_t all = 0x0101010101010101ull * b;
  while (n + 8 <= max) {
    uint64_t x;
    memcpy(&x, p + n, 8);
    if (x != all) return n + (size_t)(__builtin_ctzll(x ^ all) >> 3);
    n += 8;
  }
  while (n < max && p[n] == b) n++;
  return n;
}

static inline uint32_t hash4(uint32_t v) { return (v * 2654435761u) >> (32 - FASTPNG_HASH_BITS); }

/// Whether the match at `distance` from `p` could be longer than `best` bytes: it must at least agree
/// at byte `best`, which one load tells before the whole match is compared (best < the longest match
/// allowed, so that byte is in the data).
static inline int could_beat(const uint8_t *p, size_t distance, size_t best) {
  return best == 0 || p[best] == (p - distance)[best];
}

/// Turns filtered bytes [start, end) of `encoder->filtered` into tokens, counting symbol frequencies.
/// Matches stay inside the block: none reaches back before `start`, and the table holds this block's
/// positions alone (it is cleared for each), so a block's tokens depend on its own bytes and a block seen
/// before can be written again as it was (fastpng_memory.c). Returns the token count.
static size_t find_matches(fb_fastpng *encoder, size_t start, size_t end, size_t bpp, size_t stride,
                           uint32_t *litlen_freq, uint32_t *dist_freq) {
  const uint8_t *data = encoder->filtered;
  uint32_t *tokens = encoder->tokens, *hash = encoder->hash;
  size_t count = 0, i = start;
  // The runs to try first: the byte before (a filtered flat area is a run of zeros), the pixel before
  // (an unfiltered flat colour), the row above (an unfiltered repeated row). From a row into the block
  // on, all three reach back into it, and they lie in the window unless a row is wider than it.
  const size_t runs[3] = {1, bpp, stride};
  const size_t all_runs_from = stride <= DEFLATE_WINDOW ? start + stride : SIZE_MAX;
  while (i < end) {
    size_t max = end - i;
    if (max > DEFLATE_MAX_MATCH) max = DEFLATE_MAX_MATCH;
    size_t best = 0, best_distance = 0;
    if (max >= FASTPNG_MIN_MATCH) {
      const uint8_t *p = data + i;
      uint32_t head = load32(p);
      // The table is read first, before any branch: the read misses the L1 cache more often than not
      // (64 KiB, read at random), and the run checks below hide its latency.
      uint32_t h = hash4(head), candidate = hash[h];
      if (i > start && load32(p - 1) == head) {
        // A run of one byte: measured whole, and taken 258 bytes a token for as long as it lasts (each
        // token's table updates would only rewrite the same two entries, so the file is the same).
        size_t run = same_byte_run(p, p[-1], end - i);
        if (run >= DEFLATE_MAX_MATCH) {
          size_t k = run / DEFLATE_MAX_MATCH, last = i + (k - 1) * DEFLATE_MAX_MATCH;
          const uint32_t token = match_token(DEFLATE_MAX_MATCH, 1);
          for (size_t t = 0; t < k; t++) tokens[count + t] = token;
          count += k;
          litlen_freq[257 + ((token >> 26) & 31)] += (uint32_t)k;
          dist_freq[(token >> 16) & 31] += (uint32_t)k;
          hash[h] = (uint32_t)last + 1;
          i = last + DEFLATE_MAX_MATCH;
          if (i + 4 <= end) hash[hash4(load32(data + i - 1))] = (uint32_t)i;
          continue;
        }
        best = run, best_distance = 1;
      }
      for (int r = 1; r < 3 && best < max; r++) {
        size_t d = runs[r];
        if (i < all_runs_from && (d > i - start || d > DEFLATE_WINDOW)) continue;
        if (load32(p - d) != head || !could_beat(p, d, best)) continue;
        size_t n = match_length(p, d, max);
        if (n > best) best = n, best_distance = d;
      }
      if (best < FASTPNG_GOOD_RUN) {  // a long run is taken as it is
        size_t d = i - (candidate - 1);
        if (candidate > start && d <= DEFLATE_WINDOW && load32(data + candidate - 1) == head &&
            could_beat(p, d, best)) {
          size_t n = match_length(p, d, max);
          if (n > best) best = n, best_distance = d;
        }
      }
      hash[h] = (uint32_t)i + 1;
    }
    if (best >= FASTPNG_MIN_MATCH) {
      uint32_t token = match_token((uint32_t)best, (uint32_t)best_distance);
      tokens[count++] = token;
      litlen_freq[257 + ((token >> 26) & 31)]++;
      dist_freq[(token >> 16) & 31]++;
      // Remember where the match ends, so text and icons repeated further on are found again.
      if (i + best + 4 <= end) hash[hash4(load32(data + i + best - 1))] = (uint32_t)(i + best);
      i += best;
    } else {
      tokens[count++] = data[i];
      litlen_freq[data[i]]++;
      i++;
    }
  }
  return count;
}

// MARK: - Blocks

/// The order code-length code lengths are sent in (RFC 1951 §3.2.7).
static const uint8_t code_length_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/// Run-length codes the literal/length and distance code lengths as code-length symbols (RFC 1951
/// §3.2.7: 16 repeats the previous length 3-6 times, 17 and 18 give 3-10 and 11-138 zeros). Each entry
/// is symbol | extra value << 8. Returns the count.
static int code_length_symbols(const uint8_t *lengths, int count, uint16_t *out) {
  int n = 0;
  for (int i = 0; i < count;) {
    uint8_t v = lengths[i];
    int run = 1;
    while (i + run < count && lengths[i + run] == v) run++;
    i += run;
    if (v == 0) {
      while (run >= 11) {
        int r = run > 138 ? 138 : run;
        out[n++] = (uint16_t)(18 | (r - 11) << 8);
        run -= r;
      }
      if (run >= 3) {
        out[n++] = (uint16_t)(17 | (run - 3) << 8);
        run = 0;
      }
      while (run-- > 0) out[n++] = 0;
    } else {
      out[n++] = v;
      run--;
      while (run >= 3) {
        int r = run > 6 ? 6 : run;
        out[n++] = (uint16_t)(16 | (r - 3) << 8);
        run -= r;
      }
      while (run-- > 0) out[n++] = v;
    }
  }
  return n;
}

static const uint8_t code_length_extra[19] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7};

/// Writes filtered bytes [start, end) as stored blocks.
static void write_stored(bit_writer *w, const uint8_t *data, size_t start, size_t end, int last) {
  do {
    size_t n = end - start > DEFLATE_MAX_STORED ? DEFLATE_MAX_STORED : end - start;
    int final = last && start + n == end;
    put_bits(w, (uint64_t)final, 3);  // BFINAL, BTYPE 00
    align_to_byte(w);
    w->p[0] = (uint8_t)n;
    w->p[1] = (uint8_t)(n >> 8);
    w->p[2] = (uint8_t)~n;
    w->p[3] = (uint8_t)(~n >> 8);
    memcpy(w->p + 4, data + start, n);
    w->p += 4 + n;
    start += n;
  } while (start < end);
}

/// Compresses filtered bytes [start, end) as one dynamic-Huffman block, or as stored blocks when
/// those are smaller. Returns 1 for a Huffman block, 0 for stored ones (whose padding to a byte depends
/// on where they start, so they are not remembered).
static int write_block(fb_fastpng *encoder, bit_writer *w, size_t start, size_t end, size_t bpp, size_t stride,
                        int last) {
  uint32_t litlen_freq[DEFLATE_LITLEN_SYMBOLS] = {0}, dist_freq[DEFLATE_DIST_SYMBOLS] = {0};
  size_t count = find_matches(encoder, start, end, bpp, stride, litlen_freq, dist_freq);
  litlen_freq[DEFLATE_END_OF_BLOCK] = 1;

  uint8_t litlen_lengths[DEFLATE_LITLEN_SYMBOLS], dist_lengths[DEFLATE_DIST_SYMBOLS];
  huffman_lengths(litlen_freq, DEFLATE_LITLEN_SYMBOLS, DEFLATE_MAX_BITS, litlen_lengths);
  huffman_lengths(dist_freq, DEFLATE_DIST_SYMBOLS, DEFLATE_MAX_BITS, dist_lengths);
  int hlit = DEFLATE_LITLEN_SYMBOLS, hdist = DEFLATE_DIST_SYMBOLS;
  while (hlit > 257 && litlen_lengths[hlit - 1] == 0) hlit--;
  while (hdist > 1 && dist_lengths[hdist - 1] == 0) hdist--;

  // Both code length lists are run-length coded as one sequence (RFC 1951 §3.2.7).
  uint8_t all_lengths[DEFLATE_LITLEN_SYMBOLS + DEFLATE_DIST_SYMBOLS];
  memcpy(all_lengths, litlen_lengths, (size_t)hlit);
  memcpy(all_lengths + hlit, dist_lengths, (size_t)hdist);
  uint16_t cl_symbols[DEFLATE_LITLEN_SYMBOLS + DEFLATE_DIST_SYMBOLS];
  int cl_count = code_length_symbols(all_lengths, hlit + hdist, cl_symbols);
  uint32_t cl_freq[19] = {0};
  for (int i = 0; i < cl_count; i++) cl_freq[cl_symbols[i] & 0xFF]++;
  uint8_t cl_lengths[19];
  huffman_lengths(cl_freq, 19, DEFLATE_MAX_CL_BITS, cl_lengths);
  int hclen = 19;
  while (hclen > 4 && cl_lengths[code_length_order[hclen - 1]] == 0) hclen--;

  // Size in bits: the header, the code lengths, the symbols and their extra bits.
  uint64_t bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)hclen;
  for (int s = 0; s < 19; s++) bits += (uint64_t)cl_freq[s] * (cl_lengths[s] + code_length_extra[s]);
  for (int s = 0; s < DEFLATE_LITLEN_SYMBOLS; s++) {
    bits += (uint64_t)litlen_freq[s] * (litlen_lengths[s] + (s > 256 ? length_extra[s - 257] : 0));
  }
  for (int s = 0; s < DEFLATE_DIST_SYMBOLS; s++) bits += (uint64_t)dist_freq[s] * (dist_lengths[s] + dist_extra[s]);
  size_t bytes = end - start;
  uint64_t stored_bits = 8 * ((uint64_t)bytes + 5 * ((bytes + DEFLATE_MAX_STORED - 1) / DEFLATE_MAX_STORED)) + 7;
  if (bits >= stored_bits) {
    write_stored(w, encoder->filtered, start, end, last);
    return 0;
  }

  uint16_t litlen_codes[DEFLATE_LITLEN_SYMBOLS], dist_codes[DEFLATE_DIST_SYMBOLS], cl_codes[19];
  huffman_codes(litlen_lengths, DEFLATE_LITLEN_SYMBOLS, litlen_codes);
  huffman_codes(dist_lengths, DEFLATE_DIST_SYMBOLS, dist_codes);
  huffman_codes(cl_lengths, 19, cl_codes);

  put_bits(w, (uint64_t)(last ? 1 : 0) | 2u << 1, 3);  // BFINAL, BTYPE 10 (dynamic Huffman)
  put_bits(w, (uint64_t)(hlit - 257) | (uint64_t)(hdist - 1) << 5 | (uint64_t)(hclen - 4) << 10, 14);
  for (int i = 0; i < hclen; i++) put_bits(w, cl_lengths[code_length_order[i]], 3);
  for (int i = 0; i < cl_count; i++) {
    int s = cl_symbols[i] & 0xFF;
    put_bits(w, cl_codes[s], cl_lengths[s]);
    if (code_length_extra[s]) put_bits(w, (uint64_t)(cl_symbols[i] >> 8), code_length_extra[s]);
  }

  const uint32_t *tokens = encoder->tokens;
  for (size_t i = 0; i < count; i++) {
    uint32_t t = tokens[i];
    if (!(t & 0x80000000u)) {
      put_bits(w, litlen_codes[t], litlen_lengths[t]);
      continue;
    }
    int lc = (t >> 26) & 31, dc = (t >> 16) & 31;
    int ln = litlen_lengths[257 + lc], dn = dist_lengths[dc];
    int length_bits = ln + length_extra[lc];
    uint64_t length = litlen_codes[257 + lc] | (uint64_t)((t >> 21) & 31) << ln;
    uint64_t distance = dist_codes[dc] | (uint64_t)(t & 0x1FFF) << dn;
    put_bits(w, length | distance << length_bits, length_bits + dn + dist_extra[dc]);  // at most 48 bits
  }
  put_bits(w, litlen_codes[DEFLATE_END_OF_BLOCK], litlen_lengths[DEFLATE_END_OF_BLOCK]);
  return 1;
}

// MARK: - Remembered blocks

/// The rows the filtered bytes [start, end) come from: the row above the first (its filter looks at it)
/// down to the last.
static void block_rows(size_t start, size_t end, size_t stride_bytes, int *first, int *last) {
  int top = (int)(start / stride_bytes);
  *first = top > 0 ? top - 1 : 0;
  *last = (int)((end - 1) / stride_bytes);
}

/// Writes a remembered block's bits into the stream, 32 at a time.
static void put_remembered(bit_writer *w, const fb_remembered_block *block) {
  size_t i = 0, n = block->bit_count;
  for (; i + 32 <= n; i += 32) put_bits(w, load32(block->bits + i / 8), 32);
  if (i < n) put_bits(w, load32(block->bits + i / 8) & ((1u << (n - i)) - 1), (int)(n - i));
}

// MARK: - Chunks

static inline void put_be32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

/// Fills in the length and CRC of the chunk whose length field is at `chunk` and whose data ends at
/// `end`; returns where the next chunk starts.
static uint8_t *close_chunk(uint8_t *chunk, uint8_t *end) {
  size_t length = (size_t)(end - chunk) - 8;
  put_be32(chunk, (uint32_t)length);
  put_be32(end, crc32_update(0, chunk + 4, length + 4));
  return end + 4;
}

static void set_message(char *error, size_t error_size, const char *message) {
  if (error && error_size > 0) snprintf(error, error_size, "%s", message);
}

/// Writes the signature, IHDR and the IDAT chunks into `encoder->out`, filtering rows block by block
/// just ahead of the compression; returns where the next chunk goes, or NULL when an RGB attempt (bpp 3)
/// met a pixel that is not opaque. The image must then be written again as RGBA: for a frame whose
/// first translucent pixel is low down that redoes the work above it, but rendered frames are opaque
/// or have a translucent background from their first row.
static uint8_t *write_image_data(fb_fastpng *encoder, const uint32_t *pixels, int width, int height, int stride,
                                 int bpp) {
  size_t stride_bytes = (size_t)width * (size_t)bpp + 1;
  size_t total = stride_bytes * (size_t)height;

  uint8_t *out = encoder->out;
  static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};  // PNG spec §5.2
  memcpy(out, signature, 8);
  uint8_t *chunk = out + 8;
  memcpy(chunk + 4, "IHDR", 4);
  put_be32(chunk + 8, (uint32_t)width);
  put_be32(chunk + 12, (uint32_t)height);
  chunk[16] = 8;                          // bit depth
  chunk[17] = bpp == 4 ? 6 : 2;           // colour type: RGBA or RGB
  chunk[18] = chunk[19] = chunk[20] = 0;  // deflate, adaptive filtering, no interlace
  chunk = close_chunk(chunk, chunk + 21);

  filter_pass pass;
  start_filter_pass(encoder, &pass, pixels, width, height, stride, bpp);
  uint8_t *idat = chunk;
  memcpy(idat + 4, "IDAT", 4);
  bit_writer w = {.p = idat + 8, .bits = 0, .count = 0};
  // zlib header (RFC 1950 §2.2): deflate with a 32 KiB window, the "fastest" level hint; 0x7801 is a
  // multiple of 31 as FCHECK requires.
  *w.p++ = 0x78;
  *w.p++ = 0x01;
  uint32_t adler = 1;
  encoder->reused = 0;
  fb_remembered_block *const *remembered = encoder->memory->blocks;
  for (size_t start = 0, index = 0; start < total; start += FASTPNG_BLOCK_BYTES, index++) {
    size_t end = total - start > FASTPNG_BLOCK_BYTES ? start + FASTPNG_BLOCK_BYTES : total;
    int last = end == total, first_row, last_row;
    block_rows(start, end, stride_bytes, &first_row, &last_row);
    fb_block_key key = {width, height, bpp, first_row, last_row - first_row + 1};
    fb_remembered_block *block = remembered[index];
    pthread_mutex_lock(&block->lock);
    int known = fb_remembered_block_matches(block, &key, pixels, stride);
    if (known) {
      adler = adler32_combine(adler, block->adler, end - start);
      put_remembered(&w, block);
      encoder->reused++;
    }
    pthread_mutex_unlock(&block->lock);
    if (!known) {
      if (!filter_rows(encoder, &pass, (int)(start / stride_bytes), last_row)) return NULL;
      size_t base = (size_t)pass.base_row * stride_bytes;  // where `filtered` starts in the stream
      uint32_t block_adler = block_adler32(encoder->level, encoder->filtered, start - base, end - base);
      adler = adler32_combine(adler, block_adler, end - start);
      const uint8_t *from = w.p;
      int from_bit = w.count;
      memset(encoder->hash, 0, sizeof encoder->hash);
      if (write_block(encoder, &w, start - base, end - base, (size_t)bpp, stride_bytes, last)) {
        size_t bit_count = (size_t)(w.p - from) * 8 + (size_t)w.count - (size_t)from_bit;
        pthread_mutex_lock(&block->lock);
        fb_remembered_block_store(block, &key, pixels, stride, block_adler, from, from_bit, bit_count);
        pthread_mutex_unlock(&block->lock);
      }  // stored blocks pad to a byte from wherever they start, so they are not remembered
    }
    if (last) {
      align_to_byte(&w);
      put_be32(w.p, adler);
      w.p += 4;
    } else {
      flush_whole_bytes(&w);  // the bits of a part byte carry over into the next chunk
    }
    if (last || (size_t)(w.p - idat) - 8 >= FASTPNG_IDAT_BYTES) {
      idat = close_chunk(idat, w.p);
      memcpy(idat + 4, "IDAT", 4);
      w.p = idat + 8;
    }
  }
  return idat;
}

int fb_fastpng_encode(fb_fastpng *encoder, const uint32_t *pixels, int width, int height, int stride, int keep_alpha,
                      const uint8_t **out_data, size_t *out_size, char *error, size_t error_size) {
  *out_data = NULL;
  *out_size = 0;
  if (!encoder || !pixels || width <= 0 || height <= 0 || stride < width * 4) {
    set_message(error, error_size, "invalid image size or stride");
    return 1;
  }
  // Room for the widest pixels; an image that turns out opaque uses less of it.
  size_t row_bytes = (size_t)width * 4, filtered_size = (size_t)height * (row_bytes + 1);
  size_t blocks = (filtered_size + FASTPNG_BLOCK_BYTES - 1) / FASTPNG_BLOCK_BYTES;
  // The file's worst case: every block stored (5 bytes per 65535 and a byte of padding), one IDAT per
  // block, the signature, IHDR, zlib's header and adler32, IEND, and 8 bytes the bit writer may run over.
  size_t capacity = filtered_size + 6 * (filtered_size / DEFLATE_MAX_STORED + blocks + 1) + 12 * blocks + 128;
  if (filtered_size / (row_bytes + 1) != (size_t)height || filtered_size > PNG_MAX_CHUNK ||
      !fb_ensure_capacity(&encoder->filtered, &encoder->filtered_capacity,
                          FASTPNG_BLOCK_BYTES + 2 * (row_bytes + 1) + 16) ||
      !fb_ensure_capacity(&encoder->rows, &encoder->row_capacity, 2 * (row_bytes + 16)) ||
      !fb_ensure_capacity(&encoder->out, &encoder->out_capacity, capacity) ||
      !fb_fastpng_memory_acquire(encoder->memory, blocks)) {
    set_message(error, error_size, "out of memory (or an image too large for one PNG)");
    return 1;
  }

  int bpp = keep_alpha ? 4 : 3;
  uint8_t *idat;
  while (!(idat = write_image_data(encoder, pixels, width, height, stride, bpp))) {
    bpp = 4;  // a pixel that is not opaque: start again as RGBA
  }
  fb_fastpng_memory_release(encoder->memory);
  uint8_t *iend = idat;
  memcpy(iend + 4, "IEND", 4);
  uint8_t *end = close_chunk(iend, iend + 8);
  *out_data = encoder->out;
  *out_size = (size_t)(end - encoder->out);
  return 0;
}

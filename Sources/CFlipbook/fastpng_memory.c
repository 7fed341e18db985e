// The deflate blocks fastpng remembers (`fb_fastpng_memory`): each with the rows it was compressed from,
// so that an image with exactly those rows there gets the block's bits again without filtering or
// compressing. UI frames mostly change in a band (a spinner turning above a list that stays put).
//
// A block's bits depend only on the rows it covers and the row above them (fastpng.c keeps matches inside
// a block, and its first row's filter reads the row above), so an image gets the same bytes whether a
// block was remembered or compressed again, whoever remembered it. That lets the encoders of a pool share
// one memory across threads: one copy of a frame's rows however many workers encode, where each encoder
// keeping its own held a frame's rows per worker (2.4 MB each at 640x960).
//
// Threads: each block has its own lock, held while it is compared and written out or replaced, so two
// encoders only wait for each other on the same block. The array of blocks only grows, under the write
// side of `growth`; an encode holds its read side throughout.
#include "cflipbook.h"
#include "fb_internal.h"

#include <stdlib.h>
#include <string.h>

fb_fastpng_memory *fb_fastpng_memory_create(void) {
  fb_fastpng_memory *memory = calloc(1, sizeof *memory);
  if (!memory) return NULL;
  if (pthread_rwlock_init(&memory->growth, NULL) != 0) {
    free(memory);
    return NULL;
  }
  return memory;
}

void fb_fastpng_memory_destroy(fb_fastpng_memory *memory) {
  if (!memory) return;
  for (size_t i = 0; i < memory->count; i++) {
    fb_remembered_block *block = memory->blocks[i];
    pthread_mutex_destroy(&block->lock);
    free(block->rows);
    free(block->bits);
    free(block);
  }
  free(memory->blocks);
  pthread_rwlock_destroy(&memory->growth);
  free(memory);
}

/// Adds blocks until there are `count`; the caller holds `growth` for writing. Returns 0 when out of
/// memory (the blocks added so far stay).
static int grow(fb_fastpng_memory *memory, size_t count) {
  if (memory->count >= count) return 1;
  fb_remembered_block **blocks = realloc(memory->blocks, count * sizeof *blocks);
  if (!blocks) return 0;
  memory->blocks = blocks;
  while (memory->count < count) {
    fb_remembered_block *block = calloc(1, sizeof *block);
    if (!block || pthread_mutex_init(&block->lock, NULL) != 0) {
      free(block);
      return 0;
    }
    blocks[memory->count++] = block;
  }
  return 1;
}

int fb_fastpng_memory_acquire(fb_fastpng_memory *memory, size_t count) {
  pthread_rwlock_rdlock(&memory->growth);
  if (memory->count >= count) return 1;
  pthread_rwlock_unlock(&memory->growth);
  pthread_rwlock_wrlock(&memory->growth);
  int grown = grow(memory, count);
  pthread_rwlock_unlock(&memory->growth);
  if (!grown) return 0;
  pthread_rwlock_rdlock(&memory->growth);
  return 1;
}

void fb_fastpng_memory_release(fb_fastpng_memory *memory) { pthread_rwlock_unlock(&memory->growth); }

static int same_key(const fb_block_key *a, const fb_block_key *b) {
  return a->width == b->width && a->height == b->height && a->bpp == b->bpp && a->first_row == b->first_row &&
         a->row_count == b->row_count;
}

int fb_remembered_block_matches(const fb_remembered_block *block, const fb_block_key *key, const uint32_t *pixels,
                                int stride) {
  if (!block->valid || !same_key(&block->key, key)) return 0;
  size_t row_bytes = (size_t)key->width * 4;
  for (int i = 0; i < key->row_count; i++) {
    const uint8_t *row = (const uint8_t *)pixels + (size_t)(key->first_row + i) * (size_t)stride;
    if (memcmp(row, block->rows + (size_t)i * row_bytes, row_bytes) != 0) return 0;
  }
  return 1;
}

void fb_remembered_block_store(fb_remembered_block *block, const fb_block_key *key, const uint32_t *pixels,
                               int stride, uint32_t adler, const uint8_t *from, int from_bit, size_t bit_count) {
  block->valid = 0;
  size_t row_bytes = (size_t)key->width * 4, whole = (bit_count + 7) / 8;
  if (!fb_ensure_capacity(&block->rows, &block->rows_capacity, (size_t)key->row_count * row_bytes) ||
      !fb_ensure_capacity(&block->bits, &block->bits_capacity, whole + 8)) {
    return;  // short of memory, the block is simply not remembered
  }
  for (int i = 0; i < key->row_count; i++) {
    memcpy(block->rows + (size_t)i * row_bytes, (const uint8_t *)pixels + (size_t)(key->first_row + i) * (size_t)stride,
           row_bytes);
  }
  // Shifted down by `from_bit`, so that the copy starts at bit 0. The last byte read may lie past the
  // block's bits (the output has slack there); the bits it brings in are beyond `bit_count`.
  for (size_t k = 0; k < whole; k++) {
    unsigned v = (unsigned)from[k] >> from_bit;
    if (from_bit) v |= (unsigned)from[k + 1] << (8 - from_bit);
    block->bits[k] = (uint8_t)v;
  }
  block->key = *key;
  block->adler = adler;
  block->bit_count = bit_count;
  block->valid = 1;
}

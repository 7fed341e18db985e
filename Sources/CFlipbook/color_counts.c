// Exact colour counts of 32-bit pixels: how often each distinct value occurs, in the order the
// values were first seen. GIF's first pass counts each frame on its worker thread and merges the
// frames' counts in frame order on one thread, so the merged table (values, counts and their order)
// is the same for any number of threads; libimagequant then gets the whole histogram at once
// (liq_histogram_add_colors) instead of one liq_histogram_add_image per frame on one thread.
//
// An open-addressing table of indices into two arrays (values, counts), doubled at half full.
#include "cflipbook.h"

#include <stdlib.h>
#include <string.h>

#define EMPTY_SLOT UINT32_MAX

struct fb_color_counts {
  uint32_t *values;  // in first-seen order
  uint64_t *counts;
  size_t size, capacity;
  uint32_t *slots;  // indices into values, EMPTY_SLOT when free
  size_t slot_mask;  // slot count - 1 (a power of two)
  int failed;  // an allocation failed: the table is incomplete
};

static size_t slot_of(uint32_t value, size_t mask) {
  // Fibonacci hashing: the multiplier's high bits spread values that differ in any byte.
  return ((uint64_t)value * 0x9E3779B97F4A7C15ull >> 32) & mask;
}

fb_color_counts *fb_color_counts_create(void) {
  fb_color_counts *table = calloc(1, sizeof *table);
  if (!table) return NULL;
  table->capacity = 256;
  table->slot_mask = 1023;
  table->values = malloc(table->capacity * sizeof *table->values);
  table->counts = malloc(table->capacity * sizeof *table->counts);
  table->slots = malloc((table->slot_mask + 1) * sizeof *table->slots);
  if (!table->values || !table->counts || !table->slots) {
    fb_color_counts_destroy(table);
    return NULL;
  }
  memset(table->slots, 0xFF, (table->slot_mask + 1) * sizeof *table->slots);
  return table;
}

void fb_color_counts_destroy(fb_color_counts *table) {
  if (!table) return;
  free(table->values);
  free(table->counts);
  free(table->slots);
  free(table);
}

static int grow_slots(fb_color_counts *table) {
  size_t mask = table->slot_mask * 2 + 1;
  uint32_t *slots = malloc((mask + 1) * sizeof *slots);
  if (!slots) return 1;
  memset(slots, 0xFF, (mask + 1) * sizeof *slots);
  for (size_t i = 0; i < table->size; i++) {
    size_t slot = slot_of(table->values[i], mask);
    while (slots[slot] != EMPTY_SLOT) slot = (slot + 1) & mask;
    slots[slot] = (uint32_t)i;
  }
  free(table->slots);
  table->slots = slots;
  table->slot_mask = mask;
  return 0;
}

static void add_count(fb_color_counts *table, uint32_t value, uint64_t count) {
  size_t slot = slot_of(value, table->slot_mask);
  for (;;) {
    uint32_t index = table->slots[slot];
    if (index == EMPTY_SLOT) break;
    if (table->values[index] == value) {
      table->counts[index] += count;
      return;
    }
    slot = (slot + 1) & table->slot_mask;
  }
  if (table->size == table->capacity) {
    size_t capacity = table->capacity * 2;
    uint32_t *values = realloc(table->values, capacity * sizeof *values);
    if (values) table->values = values;
    uint64_t *counts = values ? realloc(table->counts, capacity * sizeof *counts) : NULL;
    if (counts) table->counts = counts;
    if (!values || !counts) {
      table->failed = 1;
      return;
    }
    table->capacity = capacity;
  }
  table->values[table->size] = value;
  table->counts[table->size] = count;
  table->slots[slot] = (uint32_t)table->size;
  table->size++;
  if (table->size * 2 > table->slot_mask && grow_slots(table) != 0) table->failed = 1;
}

int fb_color_counts_add(fb_color_counts *table, const uint32_t *pixels, size_t count) {
  if (!table || (!pixels && count > 0)) return 1;
  // Runs of one value are counted once: flat UI frames are mostly runs.
  size_t i = 0;
  while (i < count && !table->failed) {
    uint32_t value = pixels[i];
    size_t end = i + 1;
    while (end < count && pixels[end] == value) end++;
    add_count(table, value, end - i);
    i = end;
  }
  return table->failed ? 2 : 0;
}

int fb_color_counts_add_count(fb_color_counts *table, uint32_t value, uint64_t count) {
  if (!table) return 1;
  if (!table->failed) add_count(table, value, count);
  return table->failed ? 2 : 0;
}

int fb_color_counts_merge(fb_color_counts *into, const fb_color_counts *from) {
  if (!into || !from) return 1;
  if (from->failed) into->failed = 1;
  for (size_t i = 0; i < from->size && !into->failed; i++) add_count(into, from->values[i], from->counts[i]);
  return into->failed ? 2 : 0;
}

size_t fb_color_counts_size(const fb_color_counts *table) { return table ? table->size : 0; }

void fb_color_counts_entry(const fb_color_counts *table, size_t index, uint32_t *value, uint64_t *count) {
  *value = table->values[index];
  *count = table->counts[index];
}

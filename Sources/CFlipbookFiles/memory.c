#include "fb_memory.h"

#include <malloc.h>

int fb_keep_freed_memory(int largest_heap_block, int kept_at_top) {
  int heap = mallopt(M_MMAP_THRESHOLD, largest_heap_block);
  int top = mallopt(M_TRIM_THRESHOLD, kept_at_top);
  return heap == 1 && top == 1;
}

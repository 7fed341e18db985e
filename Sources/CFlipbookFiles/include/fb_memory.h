// glibc's mallopt(3), which Swift's Glibc module does not declare (it lives in <malloc.h>).
#ifndef FB_MEMORY_H
#define FB_MEMORY_H

#ifdef __cplusplus
extern "C" {
#endif

/// Serves blocks up to `largest_heap_block` bytes from the allocator's heaps (M_MMAP_THRESHOLD) and keeps
/// up to `kept_at_top` freed bytes at a heap's top (M_TRIM_THRESHOLD). Returns 1 when glibc took both.
int fb_keep_freed_memory(int largest_heap_block, int kept_at_top);

#ifdef __cplusplus
}
#endif

#endif

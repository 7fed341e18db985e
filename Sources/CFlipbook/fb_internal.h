// Private helpers shared by the C files of CFlipbook (not part of the public header).
#ifndef FB_INTERNAL_H
#define FB_INTERNAL_H

#include <stdint.h>

/// A 256x256 table: `table[a * 256 + c]` is premultiplied channel `c` un-premultiplied by alpha `a`,
/// (c*255 + a/2) / a clamped to 255, and 0 for a == 0. Built once, thread-safely, on first use.
const uint8_t *fb_unpremultiply_table(void);

/// Premultiplies one 8-bit channel: (c*a + 127) / 255.
static inline uint32_t fb_premultiply(uint32_t c, uint32_t a) { return (c * a + 127) / 255; }

#endif

// The parts of libwebp that Swift calls: WebPDecodeRGBAInto (libwebp), WebPConfig and WebPPicture (libwebp) and WebPAnimEncoder
// (libwebpmux). Its errors are return codes, so Swift calls it directly, as it does Cairo.
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/mux.h>

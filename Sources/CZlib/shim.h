#include <zlib.h>
// deflateInit2 and inflateInit2 are macros (they pass zlib's version and z_stream's size), which
// Swift cannot import; these forward every argument unchanged.
static inline int roam_deflate_init2(z_streamp stream, int level, int window_bits, int mem_level, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, mem_level, strategy);
}
static inline int roam_inflate_init2(z_streamp stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

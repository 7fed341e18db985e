// The parts of Cairo that Swift calls directly. Pango and libpng stay behind CFlipbook's C API.
#include <cairo.h>

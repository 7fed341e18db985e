// The parts of Cairo that Swift calls directly. Pango and libpng stay behind CFlipbook's C API.
#include <cairo.h>
// The SVG surface, for vector output (`flipbook plot -o PLOT.svg`).
#include <cairo-svg.h>

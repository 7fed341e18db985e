// Text through Pango, with a private fontconfig configuration.
//
// Determinism is the point: the font map sees only the files passed to fb_fonts_configure, hinting is
// off and metrics are not rounded, so a layout has the same size and glyph positions at every scale and
// on every machine. Pango's font map and contexts are not safe to share across threads, so every entry
// point takes one process-wide lock; layout is cheap next to rasterization.
#include "cflipbook.h"

#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_mutex_t text_lock = PTHREAD_MUTEX_INITIALIZER;
static PangoFontMap *font_map = NULL;
static PangoContext *context = NULL;

struct fb_text_layout {
  PangoLayout *layout;
};

int fb_fonts_configure(const char *const *files, int count, char *error, size_t error_size) {
  FcConfig *config = FcConfigCreate();
  if (!config) {
    snprintf(error, error_size, "fontconfig could not create a configuration");
    return 1;
  }
  for (int i = 0; i < count; i++) {
    if (!FcConfigAppFontAddFile(config, (const FcChar8 *)files[i])) {
      snprintf(error, error_size, "%s: not a readable font file", files[i]);
      FcConfigDestroy(config);
      return 1;
    }
  }
  pthread_mutex_lock(&text_lock);
  if (context) g_object_unref(context);
  if (font_map) g_object_unref(font_map);
  font_map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
  pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(font_map), config);
  FcConfigDestroy(config);  // the font map holds its own reference
  context = pango_font_map_create_context(font_map);

  // Unhinted outlines and unrounded metrics: identical layout at 1x, 2x and 3x.
  cairo_font_options_t *options = cairo_font_options_create();
  cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT);
  pango_cairo_context_set_font_options(context, options);
  cairo_font_options_destroy(options);
  pango_context_set_round_glyph_positions(context, FALSE);
  pthread_mutex_unlock(&text_lock);
  return 0;
}

static PangoAlignment pango_alignment(int alignment) {
  switch (alignment) {
    case FB_ALIGN_CENTER: return PANGO_ALIGN_CENTER;
    case FB_ALIGN_RIGHT: return PANGO_ALIGN_RIGHT;
    default: return PANGO_ALIGN_LEFT;
  }
}

static PangoEllipsizeMode pango_ellipsize(int truncation) {
  switch (truncation) {
    case FB_TRUNCATE_START: return PANGO_ELLIPSIZE_START;
    case FB_TRUNCATE_MIDDLE: return PANGO_ELLIPSIZE_MIDDLE;
    case FB_TRUNCATE_END: return PANGO_ELLIPSIZE_END;
    default: return PANGO_ELLIPSIZE_NONE;
  }
}

fb_text_layout *fb_text_layout_create(const char *utf8, const fb_text_style *style) {
  pthread_mutex_lock(&text_lock);
  if (!context) {
    pthread_mutex_unlock(&text_lock);
    return NULL;
  }
  fb_text_layout *result = calloc(1, sizeof *result);
  if (!result) {
    pthread_mutex_unlock(&text_lock);
    return NULL;
  }
  PangoLayout *layout = pango_layout_new(context);
  PangoFontDescription *font = pango_font_description_new();
  pango_font_description_set_family(font, style->family ? style->family : "Inter");
  pango_font_description_set_weight(font, (PangoWeight)style->weight);
  pango_font_description_set_style(font, style->italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
  // Absolute size: one point is one user unit, whatever the resolution.
  pango_font_description_set_absolute_size(font, style->size * PANGO_SCALE);
  pango_layout_set_font_description(layout, font);
  pango_font_description_free(font);

  pango_layout_set_alignment(layout, pango_alignment(style->alignment));
  pango_layout_set_justify(layout, style->alignment == FB_ALIGN_JUSTIFIED);
  if (style->width > 0) {
    pango_layout_set_width(layout, (int)(style->width * PANGO_SCALE + 0.5));
    if (style->wrap) {
      pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    } else {
      // One line: long text is truncated (or, with no truncation, overflows like a clipped label).
      pango_layout_set_height(layout, 0);
    }
    pango_layout_set_ellipsize(layout, pango_ellipsize(style->truncation));
  }
  pango_layout_set_text(layout, utf8, -1);
  result->layout = layout;
  pthread_mutex_unlock(&text_lock);
  return result;
}

void fb_text_layout_extents(const fb_text_layout *layout, double *width, double *height, double *baseline) {
  pthread_mutex_lock(&text_lock);
  PangoRectangle logical;
  pango_layout_get_extents(layout->layout, NULL, &logical);
  *width = (double)logical.width / PANGO_SCALE;
  *height = (double)logical.height / PANGO_SCALE;
  *baseline = (double)pango_layout_get_baseline(layout->layout) / PANGO_SCALE;
  pthread_mutex_unlock(&text_lock);
}

void fb_text_layout_draw(const fb_text_layout *layout, cairo_t *cr, double x, double y) {
  pthread_mutex_lock(&text_lock);
  cairo_save(cr);
  cairo_move_to(cr, x, y);
  pango_cairo_show_layout(cr, layout->layout);
  cairo_restore(cr);
  pthread_mutex_unlock(&text_lock);
}

void fb_text_layout_destroy(fb_text_layout *layout) {
  if (!layout) return;
  pthread_mutex_lock(&text_lock);
  g_object_unref(layout->layout);
  pthread_mutex_unlock(&text_lock);
  free(layout);
}

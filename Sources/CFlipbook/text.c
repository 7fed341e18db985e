// Text through Pango, with a private fontconfig configuration.
//
// Determinism is the point: the font map sees only the files passed to fb_fonts_configure, hinting is
// off and metrics are not rounded, so a layout has the same size and glyph positions at every scale and
// on every machine. For the same reason the language is never the machine's locale: text without one is
// laid out as English, text with one (a BCP 47 tag) gets that language's glyph forms through HarfBuzz's
// OpenType `locl` lookups (Noto Sans CJK draws 骨 or 入 differently for zh-Hant and zh-Hans).
//
// Threads: Pango's font map, contexts and layouts are not safe to share, so creating a layout takes one
// process-wide lock. Drawing does not touch Pango: when a layout is made, its glyph runs are copied out
// (font face, font matrix, glyph indices and positions) and drawing hands those to Cairo. Cairo 1.16's
// scaled fonts are shared between threads through one font map, and it is not safe to create and
// destroy them concurrently: under load, a render of many frames with text aborted in
// cairo_scaled_font_destroy ("Assertion `! scaled_font->cache_frozen' failed", the crash reported for
// multithreaded Cairo text in timbod7/haskell-chart#180). So drawing a layout and releasing its fonts
// take the same lock: everything that makes, uses or frees a Cairo scaled font happens on one thread at
// a time, while frames still rasterize everything else in parallel.
#include "cflipbook.h"

#include <fontconfig/fontconfig.h>
#include <limits.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_mutex_t text_lock = PTHREAD_MUTEX_INITIALIZER;
static PangoFontMap *font_map = NULL;
static PangoContext *context = NULL;

/// One run of glyphs in one font, positioned in layout coordinates (points from the top-left).
typedef struct {
  cairo_font_face_t *face;
  cairo_matrix_t font_matrix;
  cairo_font_options_t *options;
  cairo_glyph_t *glyphs;
  int count;
} fb_glyph_run;

struct fb_text_layout {
  double left, width, height, baseline;
  fb_glyph_run *runs;
  int run_count;
};

/// The configuration Pango's font map uses, the characters its first files cover, and the fallback
/// files (CJK) not yet added to it. Registering a font makes fontconfig compute its character set, which
/// for Noto Sans CJK's two collections costs most of a short render's start-up; so fallback files are
/// added only when a text first needs a character the first files lack. Which text triggers it depends
/// only on that text, and text the first files cover lays out identically before and after (Pango
/// takes each character from the first family in the list that has it), so renders stay the same
/// whatever was drawn before.
static FcConfig *config = NULL;
static FcCharSet *primary_coverage = NULL;
static char **fallback_files = NULL;
static int fallback_count = 0;
static char load_error[512];

/// The main family's files, each with the weight and slant its name declares (paths owned here), and the
/// characters of each once registered (NULL until then). Registering one costs about 0.4 ms (fontconfig
/// reads its character map), so a file is registered only when a text is first laid out at its weight: a
/// one-frame render with bold and regular text registers four of Inter's eighteen.
static fb_font_face *faces = NULL;
static FcCharSet **face_coverage = NULL;
static int face_count = 0;

static void forget_faces(void) {
  for (int i = 0; i < face_count; i++) {
    free((char *)faces[i].path);
    if (face_coverage[i]) FcCharSetDestroy(face_coverage[i]);
  }
  free(faces);
  free(face_coverage);
  faces = NULL;
  face_coverage = NULL;
  face_count = 0;
}

static void forget_fallback(void) {
  for (int i = 0; i < fallback_count; i++) free(fallback_files[i]);
  free(fallback_files);
  fallback_files = NULL;
  fallback_count = 0;
}

/// The union of the character sets of every font in `config`.
static FcCharSet *coverage_of(FcConfig *fonts) {
  FcCharSet *all = FcCharSetCreate();
  FcFontSet *set = FcConfigGetFonts(fonts, FcSetApplication);
  for (int i = 0; set && all && i < set->nfont; i++) {
    FcCharSet *chars = NULL;
    if (FcPatternGetCharSet(set->fonts[i], FC_CHARSET, 0, &chars) == FcResultMatch) FcCharSetMerge(all, chars, NULL);
  }
  return all;
}

/// True when a face chosen for `weight` covers `c` (see `select_faces`).
static int faces_cover(FcChar32 c, const int *chosen, int chosen_count) {
  for (int i = 0; i < chosen_count; i++)
    if (face_coverage[chosen[i]] && FcCharSetHasChar(face_coverage[chosen[i]], c)) return 1;
  return 0;
}

/// True when `utf8` has a character that neither the first files nor the faces `chosen` for its style
/// have (line breaks and other controls need no font).
static int needs_fallback(const char *utf8, const int *chosen, int chosen_count) {
  const FcChar8 *p = (const FcChar8 *)utf8;
  int left = (int)strlen(utf8);
  while (left > 0) {
    FcChar32 c;
    int used = FcUtf8ToUcs4(p, &c, left);
    if (used <= 0) return 0;
    if (c >= 0x20 && c != 0x7F && c != 0x2028 && c != 0x2029 && !FcCharSetHasChar(primary_coverage, c) &&
        !faces_cover(c, chosen, chosen_count))
      return 1;
    p += used;
    left -= used;
  }
  return 0;
}

/// Adds the fallback files to the font map's configuration (called with the lock held). Returns 0, or
/// non-zero with `load_error` naming the file that failed.
static int load_fallback(void) {
  for (int i = 0; i < fallback_count; i++) {
    if (!FcConfigAppFontAddFile(config, (const FcChar8 *)fallback_files[i])) {
      snprintf(load_error, sizeof load_error, "%s: not a readable font file", fallback_files[i]);
      return 1;
    }
  }
  forget_fallback();
  pango_fc_font_map_config_changed(PANGO_FC_FONT_MAP(font_map));
  pango_context_changed(context);
  return 0;
}

/// The face of `faces` (those of one slant, or all) that fontconfig would match for CSS `weight`: the nearest
/// on its own weight scale, the earliest in the list on a tie (fontconfig keeps the first of equal scores).
/// Returns its index, or -1 when no face has that slant.
static int nearest_face(const fb_font_face *faces_given, int count, int weight, int italic) {
  double wanted = FcWeightFromOpenTypeDouble(weight < 1 ? 1 : weight > 1000 ? 1000 : weight);
  int best = -1;
  double best_distance = 0;
  for (int i = 0; i < count; i++) {
    if (italic >= 0 && (faces_given[i].italic != 0) != italic) continue;
    double distance = fabs(FcWeightFromOpenTypeDouble(faces_given[i].weight) - wanted);
    if (best < 0 || distance < best_distance) {
      best = i;
      best_distance = distance;
    }
  }
  return best;
}

int fb_font_faces_select(const fb_font_face *candidates, int count, int weight, int italic, int *chosen,
                         int *matched_weight) {
  // The face fontconfig would pick from all of them: in the slant asked for (fontconfig ranks slant above
  // weight), the nearest weight. Texts are laid out at exactly that weight, so whichever faces are
  // registered, and in whatever order, nothing is left to a tie between two of them.
  int picked = nearest_face(candidates, count, weight, italic ? 1 : 0);
  if (picked < 0) picked = nearest_face(candidates, count, weight, -1);
  if (picked < 0) return 0;
  *matched_weight = candidates[picked].weight;
  // With it, that weight's faces in the other slant (or the other slant's nearest to it), which Pango
  // falls back to within the family.
  int other = nearest_face(candidates, count, *matched_weight, candidates[picked].italic ? 0 : 1);
  int chosen_count = 0;
  for (int i = 0; i < count; i++) {
    int same = (candidates[i].italic != 0) == (candidates[picked].italic != 0);
    int wanted = same ? candidates[picked].weight : (other >= 0 ? candidates[other].weight : INT_MIN);
    if (candidates[i].weight == wanted) chosen[chosen_count++] = i;
  }
  return chosen_count;
}

/// The union of the character sets fontconfig read from `path` (every face of a collection).
static FcCharSet *coverage_of_file(FcConfig *fonts, const char *path) {
  FcCharSet *all = FcCharSetCreate();
  FcFontSet *set = FcConfigGetFonts(fonts, FcSetApplication);
  for (int i = 0; set && all && i < set->nfont; i++) {
    FcChar8 *file = NULL;
    FcCharSet *chars = NULL;
    if (FcPatternGetString(set->fonts[i], FC_FILE, 0, &file) == FcResultMatch && strcmp((char *)file, path) == 0 &&
        FcPatternGetCharSet(set->fonts[i], FC_CHARSET, 0, &chars) == FcResultMatch)
      FcCharSetMerge(all, chars, NULL);
  }
  return all;
}

/// Registers the faces a text of `weight` and slant needs (called with the lock held), lists them in
/// `chosen` (room for `face_count`) and sets `matched_weight` to the weight to lay it out at. Returns how
/// many were chosen, or -1 with `load_error` naming a file that failed.
static int ensure_faces(int weight, int italic, int *chosen, int *matched_weight) {
  int chosen_count = fb_font_faces_select(faces, face_count, weight, italic, chosen, matched_weight);
  int added = 0;
  for (int i = 0; i < chosen_count; i++) {
    int face = chosen[i];
    if (face_coverage[face]) continue;
    if (!FcConfigAppFontAddFile(config, (const FcChar8 *)faces[face].path)) {
      snprintf(load_error, sizeof load_error, "%s: not a readable font file", faces[face].path);
      return -1;
    }
    face_coverage[face] = coverage_of_file(config, faces[face].path);
    added = 1;
  }
  if (added) {
    pango_fc_font_map_config_changed(PANGO_FC_FONT_MAP(font_map));
    pango_context_changed(context);
  }
  return chosen_count;
}

/// 0 when `path` can be opened for reading now; otherwise non-zero with a message naming it.
static int check_readable(const char *path, char *error, size_t error_size) {
  FILE *probe = fopen(path, "rb");
  if (!probe) {
    snprintf(error, error_size, "%s: not a readable font file", path);
    return 1;
  }
  fclose(probe);
  return 0;
}

int fb_fonts_configure(const char *const *files, int count, const fb_font_face *main_faces, int main_face_count,
                       const char *const *fallback, int fallback_files_count, char *error, size_t error_size) {
  FcConfig *fresh = FcConfigCreate();
  if (!fresh) {
    snprintf(error, error_size, "fontconfig could not create a configuration");
    return 1;
  }
  for (int i = 0; i < count; i++) {
    if (!FcConfigAppFontAddFile(fresh, (const FcChar8 *)files[i])) {
      snprintf(error, error_size, "%s: not a readable font file", files[i]);
      FcConfigDestroy(fresh);
      return 1;
    }
  }
  for (int i = 0; i < fallback_files_count; i++) {
    if (check_readable(fallback[i], error, error_size)) {
      FcConfigDestroy(fresh);
      return 1;
    }
  }
  for (int i = 0; i < main_face_count; i++) {
    if (check_readable(main_faces[i].path, error, error_size)) {
      FcConfigDestroy(fresh);
      return 1;
    }
  }
  FcCharSet *coverage = coverage_of(fresh);
  fb_font_face *copied_faces = main_face_count > 0 ? calloc((size_t)main_face_count, sizeof *copied_faces) : NULL;
  FcCharSet **copied_coverage = copied_faces ? calloc((size_t)main_face_count, sizeof *copied_coverage) : NULL;
  for (int i = 0; copied_coverage && i < main_face_count; i++)
    copied_faces[i] = (fb_font_face){strdup(main_faces[i].path), main_faces[i].weight, main_faces[i].italic};
  char **copies = fallback_files_count > 0 ? calloc((size_t)fallback_files_count, sizeof(char *)) : NULL;
  for (int i = 0; copies && i < fallback_files_count; i++) copies[i] = strdup(fallback[i]);
  pthread_mutex_lock(&text_lock);
  if (context) g_object_unref(context);
  if (font_map) g_object_unref(font_map);
  // Made fontconfig's current configuration before Pango's first font map exists: Pango then starts
  // fontconfig (FcInit, on a thread of its own) with this configuration instead of loading the
  // machine's, which scans every system font directory (13 ms of a one-frame render's CPU time) for
  // fonts that are never used.
  FcConfigSetCurrent(fresh);
  font_map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
  pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(font_map), fresh);
  if (config) FcConfigDestroy(config);
  config = fresh;  // kept (the font map holds its own reference too) to add the fallback files to
  if (primary_coverage) FcCharSetDestroy(primary_coverage);
  primary_coverage = coverage;
  forget_fallback();
  fallback_files = copies;
  fallback_count = copies ? fallback_files_count : 0;
  forget_faces();
  if (!copied_coverage) free(copied_faces);
  faces = copied_coverage ? copied_faces : NULL;
  face_coverage = copied_coverage;
  face_count = copied_coverage ? main_face_count : 0;
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
  // Pango's default is the process locale's language, which differs between machines.
  pango_context_set_language(context, pango_language_from_string("en"));
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

/// The lines a label keeps: those whose bottom fits `max_height` (at least the first), at most
/// `max_lines`. Sets `bottom` and `width` to the kept lines' logical bottom and widest line, in Pango units.
static int kept_lines(PangoLayout *layout, const fb_text_style *style, int *bottom, int *width) {
  int kept = 0;
  *bottom = 0;
  *width = 0;
  // A line counts as fitting when its bottom is within a hundredth of a point of the limit.
  int limit = style->max_height > 0 ? (int)(style->max_height * PANGO_SCALE + PANGO_SCALE / 100) : INT_MAX;
  PangoLayoutIter *iter = pango_layout_get_iter(layout);
  do {
    PangoRectangle line;
    pango_layout_iter_get_line_extents(iter, NULL, &line);
    if (kept > 0 && line.y + line.height > limit) break;
    if (style->max_lines > 0 && kept == style->max_lines) break;
    kept++;
    *bottom = line.y + line.height;
    if (line.width > *width) *width = line.width;
  } while (pango_layout_iter_next_line(iter));
  pango_layout_iter_free(iter);
  return kept;
}

/// Copies a laid-out layout's size and glyph runs into `out` (called with the lock held). With a
/// `cutoff` (Pango units, >= 0), only the lines above it are kept, and the size is theirs.
static void extract(PangoLayout *layout, fb_text_layout *out, int cutoff, int cutoff_width, int shift) {
  PangoRectangle logical;
  pango_layout_get_extents(layout, NULL, &logical);
  out->left = (double)shift / PANGO_SCALE;
  out->width = (double)(cutoff >= 0 ? cutoff_width : logical.width) / PANGO_SCALE;
  out->height = (double)(cutoff >= 0 ? cutoff : logical.height) / PANGO_SCALE;
  out->baseline = (double)pango_layout_get_baseline(layout) / PANGO_SCALE;

  int capacity = 8;
  out->runs = calloc((size_t)capacity, sizeof(fb_glyph_run));
  PangoLayoutIter *iter = pango_layout_get_iter(layout);
  do {
    PangoLayoutRun *run = pango_layout_iter_get_run_readonly(iter);
    if (!run || !out->runs) continue;
    PangoGlyphString *glyphs = run->glyphs;
    cairo_scaled_font_t *font = pango_cairo_font_get_scaled_font(PANGO_CAIRO_FONT(run->item->analysis.font));
    if (!font || glyphs->num_glyphs == 0) continue;
    if (out->run_count == capacity) {
      capacity *= 2;
      fb_glyph_run *grown = realloc(out->runs, (size_t)capacity * sizeof(fb_glyph_run));
      if (!grown) break;
      out->runs = grown;
    }
    if (cutoff >= 0 && pango_layout_iter_get_baseline(iter) > cutoff) break;
    PangoRectangle run_logical;
    pango_layout_iter_get_run_extents(iter, NULL, &run_logical);
    double baseline = (double)pango_layout_iter_get_baseline(iter) / PANGO_SCALE;
    fb_glyph_run *target = &out->runs[out->run_count];
    target->glyphs = malloc((size_t)glyphs->num_glyphs * sizeof(cairo_glyph_t));
    if (!target->glyphs) continue;
    int x = run_logical.x + shift;
    int count = 0;
    for (int i = 0; i < glyphs->num_glyphs; i++) {
      PangoGlyphInfo *info = &glyphs->glyphs[i];
      if (info->glyph != PANGO_GLYPH_EMPTY && !(info->glyph & PANGO_GLYPH_UNKNOWN_FLAG)) {
        target->glyphs[count].index = info->glyph;
        target->glyphs[count].x = (double)(x + info->geometry.x_offset) / PANGO_SCALE;
        target->glyphs[count].y = baseline + (double)info->geometry.y_offset / PANGO_SCALE;
        count++;
      }
      x += info->geometry.width;
    }
    target->count = count;
    target->face = cairo_font_face_reference(cairo_scaled_font_get_font_face(font));
    cairo_scaled_font_get_font_matrix(font, &target->font_matrix);
    target->options = cairo_font_options_create();
    cairo_scaled_font_get_font_options(font, target->options);
    out->run_count++;
  } while (pango_layout_iter_next_run(iter));
  pango_layout_iter_free(iter);
}

/// Registers the faces `style` needs (called with the lock held) and sets `weight` to the weight to lay
/// the text out at. Returns whether `utf8` in `style` needs the fallback files, or -1 with `load_error`
/// set when a face could not be registered.
static int fonts_for(const char *utf8, const fb_text_style *style, int *weight) {
  int *chosen = face_count > 0 ? calloc((size_t)face_count, sizeof(int)) : NULL;
  int chosen_count = chosen ? ensure_faces(style->weight, style->italic, chosen, weight) : 0;
  int needed = chosen_count < 0 ? -1 : style->needs_fallback || needs_fallback(utf8, chosen, chosen_count);
  free(chosen);
  return needed;
}

int fb_text_needs_fallback(const char *utf8, const fb_text_style *style) {
  pthread_mutex_lock(&text_lock);
  int weight = style->weight;
  int needed = context ? fonts_for(utf8, style, &weight) : -1;
  pthread_mutex_unlock(&text_lock);
  return needed;
}

fb_text_layout *fb_text_layout_create(const char *utf8, const fb_text_style *style) {
  pthread_mutex_lock(&text_lock);
  if (!context) {
    pthread_mutex_unlock(&text_lock);
    return NULL;
  }
  int weight = style->weight;
  int fallback_needed = fonts_for(utf8, style, &weight);
  if (fallback_needed < 0 || (fallback_count > 0 && fallback_needed && load_fallback() != 0)) {
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
  pango_font_description_set_weight(font, (PangoWeight)weight);
  pango_font_description_set_style(font, style->italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
  // Absolute size: one point is one user unit, whatever the resolution.
  pango_font_description_set_absolute_size(font, style->size * PANGO_SCALE);
  pango_layout_set_font_description(layout, font);
  pango_font_description_free(font);

  if (style->language || style->no_kerning || style->no_ligatures) {
    PangoAttrList *attributes = pango_attr_list_new();
    if (style->language)
      pango_attr_list_insert(attributes, pango_attr_language_new(pango_language_from_string(style->language)));
    char features[64] = "";
    if (style->no_kerning) strcat(features, "kern 0");
    if (style->no_ligatures) strcat(features, features[0] ? ", liga 0, clig 0" : "liga 0, clig 0");
    if (features[0]) pango_attr_list_insert(attributes, pango_attr_font_features_new(features));
    pango_layout_set_attributes(layout, attributes);
    pango_attr_list_unref(attributes);
  }

  pango_layout_set_alignment(layout, pango_alignment(style->alignment));
  pango_layout_set_justify(layout, style->alignment == FB_ALIGN_JUSTIFIED);
  // One line that is neither wrapped nor truncated overflows its width, aligned in it (CATextLayer with
  // `wrapped` off, a UILabel that clips): Pango, given a width, would wrap it, so it gets none, and the
  // alignment becomes a shift of the line.
  int overflows = style->width > 0 && !style->wrap && style->truncation == FB_TRUNCATE_NONE;
  if (style->width > 0 && !overflows) {
    pango_layout_set_width(layout, (int)(style->width * PANGO_SCALE + 0.5));
    if (style->wrap) {
      pango_layout_set_wrap(layout, style->wrap == FB_WRAP_CHARACTERS ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR);
      // Pango's default height (−1) would ellipsize each paragraph to one line; the limits come below.
      pango_layout_set_height(layout, INT_MAX);
    } else {
      // One line: long text is truncated.
      pango_layout_set_height(layout, 0);
    }
    pango_layout_set_ellipsize(layout, pango_ellipsize(style->truncation));
  }
  pango_layout_set_text(layout, utf8, -1);
  int shift = 0;
  if (overflows) {
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    int room = (int)(style->width * PANGO_SCALE + 0.5) - logical.width;
    if (style->alignment == FB_ALIGN_CENTER) shift = room / 2;
    if (style->alignment == FB_ALIGN_RIGHT) shift = room;
  }
  // A label's line limits: with an ellipsis, Pango drops the lines below the kept ones and truncates the
  // last kept line; without one, the lines below are simply not drawn (UILabel clips them).
  int cutoff = -1, cutoff_width = 0;
  if (style->wrap && (style->max_lines > 0 || style->max_height > 0)) {
    int bottom, width;
    int kept = kept_lines(layout, style, &bottom, &width);
    if (kept < pango_layout_get_line_count(layout)) {
      if (style->width > 0 && style->truncation != FB_TRUNCATE_NONE) {
        pango_layout_set_height(layout, bottom);
      }
      if (pango_layout_get_line_count(layout) > kept) {
        cutoff = bottom;
        cutoff_width = width;
      }
    }
  }
  extract(layout, result, cutoff, cutoff_width, shift);
  g_object_unref(layout);
  pthread_mutex_unlock(&text_lock);
  return result;
}

int fb_fonts_fallback_pending(void) {
  pthread_mutex_lock(&text_lock);
  int pending = fallback_count;
  pthread_mutex_unlock(&text_lock);
  return pending;
}

int fb_font_file_style(const char *path, int *weight, int *italic) {
  return fb_font_file_describe(path, NULL, 0, NULL, 0, NULL, 0, weight, italic);
}

/// Copies the string fontconfig holds for `object` in `pattern` into `buffer` (empty when it has none); nothing
/// when `buffer` is NULL.
static void copy_name(FcPattern *pattern, const char *object, char *buffer, size_t size) {
  if (!buffer) return;
  FcChar8 *value = NULL;
  snprintf(buffer, size, "%s",
           FcPatternGetString(pattern, object, 0, &value) == FcResultMatch ? (const char *)value : "");
}

int fb_font_file_describe(const char *path, char *family, size_t family_size, char *postscript,
                          size_t postscript_size, char *full_name, size_t full_name_size, int *weight, int *italic) {
  int faces_in_file = 0;
  FcPattern *pattern = FcFreeTypeQuery((const FcChar8 *)path, 0, NULL, &faces_in_file);
  if (!pattern) return 1;
  FcChar8 *value = NULL;
  double fc_weight = 0;
  int slant = 0;
  // The first family name fontconfig lists is the file's own (name ID 16 or 1); later ones are variants.
  int found = FcPatternGetString(pattern, FC_FAMILY, 0, &value) == FcResultMatch &&
              FcPatternGetDouble(pattern, FC_WEIGHT, 0, &fc_weight) == FcResultMatch &&
              FcPatternGetInteger(pattern, FC_SLANT, 0, &slant) == FcResultMatch;
  if (found) {
    copy_name(pattern, FC_FAMILY, family, family_size);
    copy_name(pattern, FC_POSTSCRIPT_NAME, postscript, postscript_size);
    copy_name(pattern, FC_FULLNAME, full_name, full_name_size);
    *weight = (int)(FcWeightToOpenTypeDouble(fc_weight) + 0.5);
    *italic = slant != FC_SLANT_ROMAN;
  }
  FcPatternDestroy(pattern);
  return found ? 0 : 1;
}

int fb_fonts_add_files(const char *const *files, int count, char *error, size_t error_size) {
  pthread_mutex_lock(&text_lock);
  if (!config) {
    pthread_mutex_unlock(&text_lock);
    snprintf(error, error_size, "fonts are not configured");
    return 1;
  }
  int failed = -1;
  for (int i = 0; i < count && failed < 0; i++)
    if (!FcConfigAppFontAddFile(config, (const FcChar8 *)files[i])) failed = i;
  // Files added before a failed one stay: each is a whole font, and the caller names the one that failed.
  pango_fc_font_map_config_changed(PANGO_FC_FONT_MAP(font_map));
  pango_context_changed(context);
  pthread_mutex_unlock(&text_lock);
  if (failed < 0) return 0;
  snprintf(error, error_size, "%s: not a readable font file", files[failed]);
  return 1;
}

void fb_text_error(char *error, size_t error_size) {
  pthread_mutex_lock(&text_lock);
  snprintf(error, error_size, "%s", load_error[0] ? load_error : "Pango could not lay out text");
  pthread_mutex_unlock(&text_lock);
}

void fb_text_layout_extents(const fb_text_layout *layout, double *left, double *width, double *height,
                            double *baseline) {
  *left = layout->left;
  *width = layout->width;
  *height = layout->height;
  *baseline = layout->baseline;
}

void fb_text_layout_draw(const fb_text_layout *layout, cairo_t *cr, double x, double y) {
  // The scaled fonts this makes live in `cr`'s saved state, so restoring it, still under the lock, frees them.
  pthread_mutex_lock(&text_lock);
  cairo_save(cr);
  cairo_translate(cr, x, y);
  for (int i = 0; i < layout->run_count; i++) {
    const fb_glyph_run *run = &layout->runs[i];
    cairo_set_font_face(cr, run->face);
    cairo_set_font_matrix(cr, &run->font_matrix);
    cairo_set_font_options(cr, run->options);
    cairo_show_glyphs(cr, run->glyphs, run->count);
  }
  cairo_restore(cr);
  pthread_mutex_unlock(&text_lock);
}

void fb_text_layout_destroy(fb_text_layout *layout) {
  if (!layout) return;
  pthread_mutex_lock(&text_lock);
  for (int i = 0; i < layout->run_count; i++) {
    cairo_font_face_destroy(layout->runs[i].face);
    cairo_font_options_destroy(layout->runs[i].options);
    free(layout->runs[i].glyphs);
  }
  pthread_mutex_unlock(&text_lock);
  free(layout->runs);
  free(layout);
}

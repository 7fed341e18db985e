import CCairo
import Foundation

// MARK: - BlendMode

/// How a group is composited onto what is already drawn beneath it: over it (normal), through one of the PDF
/// blend modes (ISO 32000-1 §11.3.5, the formulas Core Image's blend filters cite, e.g. Apple's
/// `CISoftLightBlendMode` page: "The formula used to create this filter is described in the PDF specification"), or
/// Porter–Duff's xor ("Compositing Digital Images", 1984: each shows only where the other is absent).
///
/// Blending works on premultiplied colour with the usual alpha terms, so a transparent source leaves the
/// destination as it was.
public enum BlendMode: String, CaseIterable, Sendable {
  /// Source over destination.
  case normal
  /// The product of the colours: never lighter.
  case multiply
  /// The complement of the product of the complements: never darker.
  case screen
  /// Multiply or screen, by the destination's colour.
  case overlay
  /// The darker of the two, channel by channel.
  case darken
  /// The lighter of the two, channel by channel.
  case lighten
  /// Brightens the destination to reflect the source.
  case colorDodge
  /// Darkens the destination to reflect the source.
  case colorBurn
  /// Multiply or screen, by the source's colour.
  case hardLight
  /// A softer hard light.
  case softLight
  /// The absolute difference, channel by channel.
  case difference
  /// Like difference, with less contrast.
  case exclusion
  /// The source's hue with the destination's saturation and luminosity.
  case hue
  /// The source's saturation with the destination's hue and luminosity.
  case saturation
  /// The source's hue and saturation with the destination's luminosity.
  case color
  /// The source's luminosity with the destination's hue and saturation.
  case luminosity
  /// Porter–Duff xor: source where the destination is absent and destination where the source is absent, so an
  /// opaque source over an opaque destination leaves nothing.
  case xor

  var cairoOperator: cairo_operator_t {
    switch self {
    case .normal: CAIRO_OPERATOR_OVER
    case .multiply: CAIRO_OPERATOR_MULTIPLY
    case .screen: CAIRO_OPERATOR_SCREEN
    case .overlay: CAIRO_OPERATOR_OVERLAY
    case .darken: CAIRO_OPERATOR_DARKEN
    case .lighten: CAIRO_OPERATOR_LIGHTEN
    case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
    case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
    case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
    case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
    case .difference: CAIRO_OPERATOR_DIFFERENCE
    case .exclusion: CAIRO_OPERATOR_EXCLUSION
    case .hue: CAIRO_OPERATOR_HSL_HUE
    case .saturation: CAIRO_OPERATOR_HSL_SATURATION
    case .color: CAIRO_OPERATOR_HSL_COLOR
    case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
    case .xor: CAIRO_OPERATOR_XOR
    }
  }
}

extension Canvas {
  /// Composites the group started by `beginGroup()` onto what lies beneath it with `mode`.
  public func endGroup(blending mode: BlendMode) {
    cairo_pop_group_to_source(cr)
    cairo_save(cr)
    cairo_set_operator(cr, mode.cairoOperator)
    cairo_paint(cr)
    cairo_restore(cr)
    cairo_set_source_rgb(cr, 0, 0, 0)
  }
}

import FlipbookGraphics
import Foundation

// MARK: - CompositingFilter

/// A filter that composites a layer (with its sublayers, as one group) onto what is drawn beneath it
/// (`CALayer.compositingFilter`). The raw values are the strings Core Animation accepts on iOS and lottie-ios sets:
/// the Core Image blend filters without their `CI` prefix for Lottie's blend modes (lottie-ios
/// `Sources/Private/Utility/Extensions/BlendMode+Filter.swift`, 4.6.1), and `"xor"`, with which lottie-ios cuts an
/// inverted alpha matte out of an opaque layer
/// (`Sources/Private/CoreAnimation/Layers/CALayer+setupLayerHierarchy.swift`, 4.6.1, citing Core Graphics'
/// `CGBlendMode.xor`: "R = S*(1 - Da) + D*(1 - Sa)").
public enum CompositingFilter: String, CaseIterable, Sendable {
  /// `multiplyBlendMode` (Core Image's `CIMultiplyBlendMode`).
  case multiply = "multiplyBlendMode"
  /// `screenBlendMode`.
  case screen = "screenBlendMode"
  /// `overlayBlendMode`.
  case overlay = "overlayBlendMode"
  /// `darkenBlendMode`.
  case darken = "darkenBlendMode"
  /// `lightenBlendMode`.
  case lighten = "lightenBlendMode"
  /// `colorDodgeBlendMode`.
  case colorDodge = "colorDodgeBlendMode"
  /// `colorBurnBlendMode`.
  case colorBurn = "colorBurnBlendMode"
  /// `hardLightBlendMode`.
  case hardLight = "hardLightBlendMode"
  /// `softLightBlendMode`.
  case softLight = "softLightBlendMode"
  /// `differenceBlendMode`.
  case difference = "differenceBlendMode"
  /// `exclusionBlendMode`.
  case exclusion = "exclusionBlendMode"
  /// `hueBlendMode`.
  case hue = "hueBlendMode"
  /// `saturationBlendMode`.
  case saturation = "saturationBlendMode"
  /// `colorBlendMode`.
  case color = "colorBlendMode"
  /// `luminosityBlendMode`.
  case luminosity = "luminosityBlendMode"
  /// `xor`: Porter–Duff xor, so the layer shows only where nothing is beneath it and clears what it covers.
  case xor = "xor"

  /// The drawing blend mode that composites with this filter.
  public var blendMode: BlendMode {
    switch self {
    case .multiply: .multiply
    case .screen: .screen
    case .overlay: .overlay
    case .darken: .darken
    case .lighten: .lighten
    case .colorDodge: .colorDodge
    case .colorBurn: .colorBurn
    case .hardLight: .hardLight
    case .softLight: .softLight
    case .difference: .difference
    case .exclusion: .exclusion
    case .hue: .hue
    case .saturation: .saturation
    case .color: .color
    case .luminosity: .luminosity
    case .xor: .xor
    }
  }
}

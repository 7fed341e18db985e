import FlipbookJSON
import Foundation

// MARK: - LottieAnimation

/// A decoded Lottie animation: its timeline, size, layers, assets, markers and fonts (lottie-ios's
/// `LottieAnimation`). Decoding checks everything that could make drawing fail or run away (``LottieLimits``), so a
/// decoded animation always builds.
public struct LottieAnimation {
  /// The bodymovin version that wrote it (`v`).
  public var version: String
  /// Frames per second (`fr`).
  public var framerate: Double
  /// The first frame (`ip`).
  public var startFrame: Double
  /// The out point (`op`): progress 1 shows this frame.
  public var endFrame: Double
  /// The composition's width in points (`w`).
  public var width: Double
  /// The composition's height in points (`h`).
  public var height: Double
  /// The root composition's layers, front to back as in the file.
  public var layers: [LottieLayer]
  /// Precomposition assets by id.
  public var precompositions: [String: LottiePrecomposition]
  /// Image assets by id.
  public var images: [String: LottieImageAsset]
  /// The markers, in file order.
  public var markers: [LottieMarker]
  /// Fonts by name (`fName`).
  public var fonts: [String: LottieFont]
  /// How many glyph outlines (`chars`) the file carries; lottie-ios's Core Animation engine draws text with fonts
  /// and never uses them.
  public var glyphCount: Int

  /// Decodes a Lottie JSON document; a malformed one throws one `DocumentError` naming the JSON path (or line and
  /// column for a syntax error).
  public init(data: Data) throws(DocumentError) {
    self = try LottieReader.read(data)
  }

  /// Decodes an already parsed document.
  public init(json: JSONValue) throws(DocumentError) {
    self = try LottieReader.read(JSONCursor(json))
  }

  init(
    version: String, framerate: Double, startFrame: Double, endFrame: Double, width: Double, height: Double,
    layers: [LottieLayer], precompositions: [String: LottiePrecomposition], images: [String: LottieImageAsset],
    markers: [LottieMarker], fonts: [String: LottieFont], glyphCount: Int
  ) {
    self.version = version
    self.framerate = framerate
    self.startFrame = startFrame
    self.endFrame = endFrame
    self.width = width
    self.height = height
    self.layers = layers
    self.precompositions = precompositions
    self.images = images
    self.markers = markers
    self.fonts = fonts
    self.glyphCount = glyphCount
  }

  // MARK: Time (lottie-ios `Sources/Public/Animation/LottieAnimationHelpers.swift`, 4.6.1)

  /// The length in seconds from `ip` to `op`.
  public var duration: Double { (endFrame - startFrame) / framerate }

  /// The composition's size in points.
  public var size: CGSize { CGSize(width: width, height: height) }

  /// The composition's bounds: origin zero, ``size``.
  public var bounds: CGRect { CGRect(origin: .zero, size: size) }

  /// The frame shown at progress `progress` (0 → `ip`, 1 → `op`).
  public func frameTime(forProgress progress: Double) -> Double {
    (endFrame - startFrame) * progress + startFrame
  }

  /// The progress of frame `frame`, clamped to 0…1 unless `clamped` is false.
  public func progressTime(forFrame frame: Double, clamped: Bool = true) -> Double {
    let progress = (frame - startFrame) / (endFrame - startFrame)
    return clamped ? min(max(progress, 0), 1) : progress
  }

  /// The time in seconds from `ip` at which frame `frame` shows.
  public func time(forFrame frame: Double) -> Double { (frame - startFrame) / framerate }

  /// The frame shown `time` seconds after `ip`.
  public func frameTime(forTime time: Double) -> Double { time * framerate + startFrame }

  // MARK: Markers

  /// The marker names, in file order.
  public var markerNames: [String] { markers.map(\.name) }

  /// The first marker named `name`.
  public func marker(named name: String) -> LottieMarker? { markers.first { $0.name == name } }

  /// The frame of marker `name`, or nil.
  public func frameTime(forMarker name: String) -> Double? { marker(named: name)?.frame }

  /// The progress of marker `name`, or nil.
  public func progressTime(forMarker name: String) -> Double? {
    frameTime(forMarker: name).map { progressTime(forFrame: $0) }
  }

  /// The length in frames of marker `name`, or nil.
  public func durationFrameTime(forMarker name: String) -> Double? { marker(named: name)?.duration }
}

import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookLottie

/// A 100 × 100 point, 10 fps composition of frames 0…10 holding `layers` (JSON text) and `assets`.
func composition(_ layers: String, assets: String = "[]") throws -> LottieAnimation {
  let text = """
    {"v": "5.7.4", "fr": 10, "ip": 0, "op": 10, "w": 100, "h": 100, "assets": \(assets), "layers": [\(layers)]}
    """
  return try LottieAnimation(data: Data(text.utf8))
}

/// A 20 × 20 red solid layer with transform `ks`, shown from frame `ip` to `op`.
func solid(_ ks: String, ip: Double = 0, op: Double = 10, extra: String = "") -> String {
  """
  {"ty": 1, "nm": "Red", "sc": "#ff0000", "sw": 20, "sh": 20, "ip": \(ip), "op": \(op), "st": 0, "ks": \(ks)\(extra)}
  """
}

/// Renders `animation` at `frame` on white, at one pixel a point.
func render(_ animation: LottieAnimation, atFrame frame: Double) throws -> Image {
  let screen = Layer()
  screen.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
  screen.backgroundColor = .white
  let lottie = LottieAnimationLayer(animation: animation)
  lottie.anchorPoint = .zero
  lottie.position = .zero
  lottie.currentFrame = frame
  screen.addSublayer(lottie)
  return try LayerRenderer(scale: 1).render(screen)
}

/// Whether the pixel at (x, y) is the solids' red.
func isRed(_ image: Image, _ x: Int, _ y: Int) -> Bool { image.pixel(x: x, y: y) == RGBA8(255, 0, 0) }

@Suite("Lottie engine: layers, transforms and time, probed pixel by pixel")
struct EngineTests {
  @Test("A linear position at the midpoint, and progress 0, 0.5 and 1 show frames ip, the middle and op")
  func linearPosition() throws {
    let animation = try composition(
      solid(#"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 10, "s": [80, 0]}]}}"#))
    let middle = try render(animation, atFrame: animation.frameTime(forProgress: 0.5))
    #expect(animation.frameTime(forProgress: 0.5) == 5)
    #expect(isRed(middle, 41, 10) && isRed(middle, 58, 10))
    #expect(!isRed(middle, 39, 10) && !isRed(middle, 61, 10))
    let end = try render(animation, atFrame: animation.frameTime(forProgress: 1))
    #expect(isRed(end, 81, 5) && isRed(end, 99, 5), "progress 1 shows frame op, where the layer is still visible")
    let start = try render(animation, atFrame: animation.frameTime(forProgress: 0))
    #expect(isRed(start, 0, 0) && !isRed(start, 21, 0))
  }

  @Test("An eased position at its midpoint lands where an independent Bézier solve puts it")
  func easedPosition() throws {
    let animation = try composition(
      solid(
        #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": 0.8, "y": 0}, "i": {"x": 0.3, "y": 1}}, {"t": 10, "s": [80, 0]}]}}"#
      ))
    let x = 80 * bezierEase(0.5, (0.8, 0), (0.3, 1))
    let image = try render(animation, atFrame: 5)
    #expect(isRed(image, Int(x.rounded(.up)), 5) && !isRed(image, Int(x.rounded(.down)) - 1, 5), "left edge at \(x)")
    #expect(abs(x - 40) > 3, "the easing moves the edge away from linear's 40")
  }

  @Test("A hold keyframe jumps at its next keyframe")
  func holdPosition() throws {
    let animation = try composition(
      solid(#"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "h": 1}, {"t": 6, "s": [50, 0]}]}}"#))
    #expect(isRed(try render(animation, atFrame: 5.9), 5, 5))
    let jumped = try render(animation, atFrame: 6)
    #expect(!isRed(jumped, 5, 5) && isRed(jumped, 55, 5))
  }

  @Test(
    "A run of one hold keyframe does not show: the layer keeps its own value there, as iOS draws lottie-ios's pr_1632")
  func singleHoldRun() throws {
    // Opacity 0 held to frame 5, then 100 → 0 by frame 10: the hold run is a discrete animation of one value, which
    // iOS does not apply (its references of pr_1632_1 show the fill opaque at frames 0 and 25 of 100).
    let animation = try composition(
      solid(#"{"o": {"a": 1, "k": [{"t": 0, "s": [0], "h": 1}, {"t": 5, "s": [100]}, {"t": 10, "s": [0]}]}}"#))
    #expect(isRed(try render(animation, atFrame: 2), 5, 5), "the layer's own opacity, 1, shows before frame 5")
    let fading = try render(animation, atFrame: 7.5).pixel(x: 5, y: 5)
    #expect(fading.g > 120 && fading.g < 136, "half way down the linear run: \(fading)")
  }

  @Test(
    "A single run's key times are Float, as lottie-ios stores them: a hold keyframe at its exact frame shows the value before where the Float lies past it"
  )
  func floatKeyTimes() throws {
    // One all-hold run over the paused 11 frames: key times 6/11 (as a Float 1.6e-8 past it) and 7/11 (1.1e-8 short).
    let animation = try composition(
      solid(
        #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "h": 1}, {"t": 6, "s": [50, 0], "h": 1}, {"t": 7, "s": [20, 0], "h": 1}]}}"#
      ))
    #expect(isRed(try render(animation, atFrame: 6), 5, 5), "frame 6 still shows the value before")
    #expect(isRed(try render(animation, atFrame: 6.5), 55, 5), "then the keyframe's")
    #expect(isRed(try render(animation, atFrame: 7), 25, 5), "frame 7 shows its own value")
  }

  @Test("Anchor, scale and rotation compose about the anchor")
  func transform() throws {
    // Anchor at the solid's centre placed at (50, 50), scaled 200 %: covers 30…70.
    let animation = try composition(solid(#"{"a": {"k": [10, 10]}, "p": {"k": [50, 50]}, "s": {"k": [200, 200]}}"#))
    let image = try render(animation, atFrame: 0)
    #expect(isRed(image, 31, 31) && isRed(image, 68, 68) && !isRed(image, 28, 50) && !isRed(image, 72, 50))
    // Rotated 45° about the same centre: the corners move onto the axes.
    let rotated = try render(
      try composition(solid(#"{"a": {"k": [10, 10]}, "p": {"k": [50, 50]}, "r": {"k": 45}}"#)), atFrame: 0)
    #expect(isRed(rotated, 50, 37) && !isRed(rotated, 41, 41), "a diamond: the top tip is in, the old corner out")
  }

  @Test("Opacity in percent")
  func opacity() throws {
    let image = try render(try composition(solid(#"{"o": {"k": 50}}"#)), atFrame: 0)
    let pixel = image.pixel(x: 5, y: 5)
    #expect(abs(Int(pixel.g) - 128) <= 1 && pixel.r == 255)
  }

  @Test("A blend mode composites the layer onto what lies beneath (multiply: red over green is black)")
  func blendMode() throws {
    let green = ##"{"ty": 1, "nm": "Green", "sc": "#00ff00", "sw": 100, "sh": 100, "ip": 0, "op": 10, "ks": {}}"##
    let layers = [solid("{}", extra: #", "bm": 1"#), green].joined(separator: ",")
    let image = try render(try composition(layers), atFrame: 0)
    #expect(image.pixel(x: 5, y: 5) == RGBA8(0, 0, 0))
    #expect(image.pixel(x: 50, y: 50) == RGBA8(0, 255, 0))
  }

  @Test("In and out points hide the layer outside ip…op")
  func inOutPoints() throws {
    let animation = try composition(solid("{}", ip: 3, op: 6))
    #expect(!isRed(try render(animation, atFrame: 2), 5, 5))
    #expect(isRed(try render(animation, atFrame: 3), 5, 5))
    #expect(isRed(try render(animation, atFrame: 5.5), 5, 5))
    #expect(!isRed(try render(animation, atFrame: 6), 5, 5))
  }

  @Test("A child follows its parent's transform, and a parent null draws nothing itself")
  func parenting() throws {
    let null =
      #"{"ty": 3, "nm": "Mover", "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 10, "s": [50, 0]}]}}}"#
    let child = solid(#"{"p": {"k": [10, 10]}}"#, extra: #", "ind": 2, "parent": 1"#)
    let animation = try composition([child, null].joined(separator: ","))
    let image = try render(animation, atFrame: 10)
    #expect(isRed(image, 61, 11) && isRed(image, 79, 29) && !isRed(image, 59, 11))
  }

  /// A precomposition whose solid moves from x 0 to 90 over its frames 0…10.
  let moving = """
    [{"id": "moving", "layers": [\(solid(#"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 10, "s": [90, 0]}]}}"#, op: 100))]}]
    """

  @Test("A precomposition's start time and stretch map its frames: local = (frame − st) / sr")
  func timeStretch() throws {
    let layer =
      #"{"ty": 0, "nm": "Pre", "refId": "moving", "w": 100, "h": 100, "ip": 0, "op": 10, "st": 5, "sr": 2, "ks": {}}"#
    let animation = try composition(layer, assets: moving)
    // Frame 9: local (9 − 5) / 2 = 2 → x = 18.
    let image = try render(animation, atFrame: 9)
    #expect(isRed(image, 19, 5) && !isRed(image, 17, 5) && isRed(image, 37, 5) && !isRed(image, 39, 5))
  }

  @Test("Time remapping shows the precomposition's frame at the remapped time")
  func timeRemapping() throws {
    // tm runs 0 → 0.2 s over frames 0…10: frame 5 shows 0.1 s = local frame 1 → x = 9.
    let layer =
      #"{"ty": 0, "nm": "Pre", "refId": "moving", "w": 100, "h": 100, "ip": 0, "op": 10, "st": 0, "ks": {}, "tm": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [0.2]}]}}"#
    let animation = try composition(layer, assets: moving)
    let image = try render(animation, atFrame: 5)
    #expect(isRed(image, 10, 5) && !isRed(image, 8, 5) && isRed(image, 28, 5) && !isRed(image, 30, 5))
  }

  @Test("A precomposition clips to its own size")
  func precompClips() throws {
    let layer = #"{"ty": 0, "nm": "Pre", "refId": "moving", "w": 10, "h": 100, "ip": 0, "op": 10, "st": 0, "ks": {}}"#
    let image = try render(try composition(layer, assets: moving), atFrame: 0)
    #expect(isRed(image, 9, 5) && !isRed(image, 11, 5))
  }

  @Test("Playing on the virtual clock: frames follow time, the end holds, completion says it finished")
  func play() throws {
    let animation = try composition(solid("{}"))
    let context = AnimationContext()
    let screen = Layer()
    screen.animationContext = context
    let lottie = LottieAnimationLayer(animation: animation)
    screen.addSublayer(lottie)
    context.advance(to: 1)
    var finished: Bool?
    lottie.play(fromProgress: 0, toProgress: 1, loopMode: .playOnce) { finished = $0 }
    #expect(lottie.isAnimationPlaying)
    context.advance(to: 1.5)
    #expect(abs(lottie.currentFrame - 5) < 1e-9)
    context.advance(to: 3)
    #expect(abs(lottie.currentFrame - 10) < 1e-9)
    #expect(finished == true)
    #expect(!lottie.isAnimationPlaying)
    lottie.animationSpeed = 2
    lottie.play(fromProgress: 0, toProgress: 1, loopMode: .loop)
    context.advance(to: 3.75)
    #expect(abs(lottie.currentFrame - 5) < 1e-9, "0.75 s at double speed is 1.5 s: half way into the second loop")
  }

  @Test("Loop modes and a negative speed follow lottie-ios's clip: autoreverse, a repeat count, backwards")
  func loopModes() throws {
    let animation = try composition(solid("{}"))
    let context = AnimationContext()
    let screen = Layer()
    screen.animationContext = context
    let lottie = LottieAnimationLayer(animation: animation)
    screen.addSublayer(lottie)
    lottie.play(fromProgress: 0, toProgress: 1, loopMode: .autoReverse)
    context.advance(to: 1.25)
    #expect(abs(lottie.currentFrame - 7.5) < 1e-9, "a quarter second into the way back")
    var finished: Bool?
    lottie.play(fromProgress: 0, toProgress: 1, loopMode: .repeat(2)) { finished = $0 }
    context.advance(to: 2.75)
    #expect(abs(lottie.currentFrame - 5) < 1e-9 && finished == nil, "half way through the second of two")
    context.advance(to: 3.5)
    #expect(finished == true && lottie.currentFrame == 10)
    lottie.animationSpeed = -1
    lottie.play(fromProgress: 0, toProgress: 1, loopMode: .playOnce)
    context.advance(to: 3.75)
    #expect(abs(lottie.currentFrame - 7.5) < 1e-9, "a negative speed plays from the end back")
  }

  @Test("Markers and time conversions use lottie-ios's names")
  func markers() throws {
    let text = """
      {"fr": 30, "ip": 10, "op": 70, "w": 10, "h": 10, "layers": [], "markers": [{"tm": 25, "cm": "pull", "dr": 15}]}
      """
    let animation = try LottieAnimation(data: Data(text.utf8))
    #expect(animation.duration == 2)
    #expect(animation.frameTime(forProgress: 0.5) == 40)
    #expect(animation.progressTime(forFrame: 25) == 0.25)
    #expect(animation.time(forFrame: 40) == 1)
    #expect(animation.frameTime(forTime: 1) == 40)
    #expect(animation.progressTime(forMarker: "pull") == 0.25)
    #expect(animation.durationFrameTime(forMarker: "pull") == 15)
  }
}

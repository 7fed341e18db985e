// The manual's "Using Flipbook from Swift" example, verbatim: built and run by examples/consumer/verify.sh.
// One import: the `Flipbook` library re-exports the engine, the documents and the pipeline.

import Flipbook

let screen = Layer()
screen.bounds = CGRect(x: 0, y: 0, width: 320, height: 65)
screen.backgroundColor = Color(hex: "#E2E7ED")

let oval = ShapeLayer()
oval.frame = CGRect(x: 138, y: 10, width: 44, height: 44)
oval.path = Path(ellipseIn: oval.bounds)
oval.fillColor = nil
oval.strokeColor = .white
oval.lineWidth = 4
oval.lineDashPattern = [2, 3]
oval.strokeEnd = 0.6
screen.addSublayer(oval)

let image = try LayerRenderer(scale: 2).render(screen)
try image.writePNG(toFile: "oval.png")

// Animate it: a clock for the tree, an explicit animation, an implicit one, frames at any time.
let context = AnimationContext()
screen.animationContext = context
var draw = BasicAnimation(keyPath: .strokeEnd, from: 0, to: 1, duration: 1.5)
draw.timing.repeatCount = .infinity
try oval.add(draw, forKey: "draw")
context.advance(to: 0.5)
context.transaction(duration: 0.18) { oval.strokeColor = Color(hex: "#576C89") }  // implicit, from the screen
let frame = try LayerRenderer(scale: 2).render(screen, at: 0.6)

// Render a gesture script to a folder of frames and its manifest.json: the call `flipbook render` makes,
// with its options (fps, from, to, jobs, scale, png), and the same frames byte for byte.
var options = DocumentRender.Options()
options.fps = 30
let summary = try DocumentRender.render(documentAt: "Scripts/pull.json", to: "pull-frames", options: options)
print("Rendered \(summary.frames) frames to pull-frames")

// A Lottie animation from its bytes, paused at a progress and drawn like any layer tree.
let fade = try LottieAnimation(data: Data(contentsOf: URL(fileURLWithPath: "Animations/fade.json")))
let lottie = LottieAnimationLayer(animation: fade)
lottie.setValueProvider(.color(.constant(Color(red: 0.04, green: 0.52, blue: 1))), keypath: "**.Color")
lottie.currentProgress = 0.5
let half = try LayerRenderer(scale: 2).render(lottie)
print("Drew \(half.width)x\(half.height) px at frame \(lottie.currentFrame)")

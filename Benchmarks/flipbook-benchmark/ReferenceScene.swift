import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation

/// The benchmark's reference scene, a typical pull-to-refresh screen, as a layer tree: the same drawing the C baseline
/// makes with bare Cairo calls (Benchmarks/BenchmarkBaseline/baseline.c), so that the two can be divided.
enum ReferenceScene {
  static let size = CGSize(width: 320, height: 480)
  static let header = 60.0
  static let rowHeight = 44.0

  static func make(progress: Double, image: Image) -> (root: Layer, circle: ShapeLayer) {
    let root = Layer()
    root.bounds = CGRect(origin: .zero, size: size)
    root.backgroundColor = .white

    let band = Layer()
    band.frame = CGRect(x: 0, y: 0, width: size.width, height: header)
    band.backgroundColor = Color(hex: "#E2E7ED")
    root.addSublayer(band)

    let circle = ShapeLayer()
    circle.frame = CGRect(x: 138, y: 8, width: 44, height: 44)
    var ring = Path()
    ring.addArc(center: CGPoint(x: 22, y: 22), radius: 22, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
    circle.path = ring
    circle.fillColor = nil
    circle.strokeColor = .white
    circle.lineWidth = 4
    circle.lineDashPattern = [2, 3]
    circle.strokeEnd = progress
    band.addSublayer(circle)

    let picture = Layer()
    picture.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
    picture.position = CGPoint(x: 60, y: 30)
    picture.transform = Transform3D(rotationAngle: .pi / 6, x: 0, y: 0, z: 1)
    picture.contents = image
    band.addSublayer(picture)

    let spinner = Layer()
    spinner.frame = CGRect(x: 250, y: 20, width: 20, height: 20)
    for i in 0..<12 {
      let spoke = ShapeLayer()
      spoke.frame = spinner.bounds
      let angle = Double(i) * .pi / 6
      var line = Path()
      line.move(to: CGPoint(x: 10 + 5 * cos(angle), y: 10 + 5 * sin(angle)))
      line.addLine(to: CGPoint(x: 10 + 9 * cos(angle), y: 10 + 9 * sin(angle)))
      spoke.path = line
      spoke.fillColor = nil
      spoke.strokeColor = Color(white: 0.5, alpha: 1 - Double(i) / 12)
      spoke.lineWidth = 2
      spoke.lineCap = .round
      spinner.addSublayer(spoke)
    }
    band.addSublayer(spinner)

    for i in 0..<10 {
      let top = header + Double(i) * rowHeight
      let row = Layer()
      row.frame = CGRect(x: 0, y: top, width: size.width, height: rowHeight)
      let title = TextLayer()
      title.frame = CGRect(x: 16, y: 12, width: size.width - 32, height: 22)
      title.string = "Row \(i + 1)"
      title.fontSize = 17
      title.foregroundColor = .black
      row.addSublayer(title)
      let separator = Layer()
      separator.frame = CGRect(x: 16, y: rowHeight - 0.5, width: size.width - 16, height: 0.5)
      separator.backgroundColor = Color(hex: "#C8C7CC")
      row.addSublayer(separator)
      root.addSublayer(row)
    }
    return (root, circle)
  }

  /// A 120x80 px test image: a diagonal gradient of opaque colour with a hard-edged disc.
  static func makeImage() throws -> Image {
    let canvas = try Canvas(pixelWidth: 120, pixelHeight: 80)
    canvas.fillLinearGradient(
      in: CGRect(x: 0, y: 0, width: 120, height: 80), from: .zero, to: CGPoint(x: 120, y: 80),
      stops: [(0, Color(hex: "#4A90E2")!), (1, Color(hex: "#F5A623")!)])
    canvas.fill(Path(ellipseIn: CGRect(x: 40, y: 20, width: 40, height: 40)), color: .white)
    return canvas.makeImage()
  }
}

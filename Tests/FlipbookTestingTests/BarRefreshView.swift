import FlipbookTesting

// MARK: - BarRefreshView

/// A refresh view written in Swift, as a test author writes one against `PullRefreshView`: a bar along the
/// bottom whose width follows the pull's progress, grey while pulling and green once letting go would
/// refresh, and a square in the middle that turns while a refresh runs. Its parts are views, so a change
/// shows at once (a view's layer animates only inside an animation block, as in UIKit) and a frame shows
/// exactly what the last update said.
final class BarRefreshView: View, PullRefreshView {
  // The design's own numbers (no UIKit constant among them).
  static let viewHeight = 40.0
  static let barHeight = 4.0
  static let squareSide = 16.0
  /// Seconds per turn of the square while refreshing.
  static let turnDuration = 1.0
  /// The key of the square's turning animation.
  static let turnKey = "turn"
  static let pullingColor = Color(red: 0.4, green: 0.4, blue: 0.4)
  static let armedColor = Color(red: 0.2, green: 0.6, blue: 0.2)
  static let squareColor = Color(red: 1, green: 0.6, blue: 0)

  let bar = View()
  let square = View()
  /// The bar's colour once armed; a test changes it to see a snapshot fail.
  let armedColor: Color
  /// What the host said last.
  private(set) var inputs = RefreshInputs()
  /// The host's calls in order, the phase of each update with it: `update pulling`, `startAnimating`…
  private(set) var calls: [String] = []

  init(width: Double, armedColor: Color = BarRefreshView.armedColor) {
    self.armedColor = armedColor
    super.init(frame: CGRect(x: 0, y: -Self.viewHeight, width: width, height: Self.viewHeight))
    layer.name = "barRefreshView"
    bar.layer.name = "bar"
    bar.backgroundColor = Self.pullingColor
    square.layer.name = "square"
    square.backgroundColor = Self.squareColor
    addSubview(bar)
    addSubview(square)
    layoutIfNeeded()
  }

  var view: View { self }
  var height: Double { Self.viewHeight }

  /// The square centred above the bar; the bar from the left edge, as wide as the progress says.
  override func layoutSubviews() {
    let side = Self.squareSide
    square.frame = CGRect(
      x: (bounds.width - side) / 2, y: (bounds.height - Self.barHeight - side) / 2, width: side, height: side)
    bar.frame = CGRect(
      x: 0, y: bounds.height - Self.barHeight, width: bounds.width * inputs.progress, height: Self.barHeight)
  }

  func update(_ inputs: RefreshInputs) {
    calls.append("update \(inputs.phase.rawValue)")
    self.inputs = inputs
    bar.backgroundColor = inputs.isBeyondThreshold ? armedColor : Self.pullingColor
    setNeedsLayout()
    layoutIfNeeded()
  }

  func startAnimating() {
    calls.append("startAnimating")
    var turn = BasicAnimation(keyPath: .rotation, from: 0, to: 2 * Double.pi, duration: Self.turnDuration)
    turn.timing.repeatCount = .infinity
    try? square.layer.add(turn, forKey: Self.turnKey)
  }

  func stopAnimating() {
    calls.append("stopAnimating")
    square.layer.removeAnimation(forKey: Self.turnKey)
  }

  func didBecomeIdle() { calls.append("didBecomeIdle") }
}

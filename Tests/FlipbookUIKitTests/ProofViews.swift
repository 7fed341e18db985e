// Refresh views written as for iOS, against UIKit and QuartzCore: this text compiles there as it is, the imports
// choosing UIKit, but for SpinnerView's display link (Swift on Linux has no `#selector`; see SpinnerView).
#if canImport(UIKit)
  import UIKit
#else
  import FlipbookUIKit
#endif

/// A wave that bulges under the list as it is pulled, driven by key-value observation of `contentOffset`.
final class ElasticWaveView: UIView {
  private let wave = CAShapeLayer()
  private var observation: NSKeyValueObservation?
  private(set) var pull: CGFloat = 0

  override init(frame: CGRect) {
    super.init(frame: frame)
    wave.fillColor = UIColor(red: 0.2, green: 0.6, blue: 1.0, alpha: 1.0).cgColor
    layer.addSublayer(wave)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  func attach(to scrollView: UIScrollView) {
    frame = CGRect(x: 0, y: -bounds.height, width: scrollView.bounds.width, height: bounds.height)
    scrollView.insertSubview(self, at: 0)
    observation = scrollView.observe(\.contentOffset, options: [.new]) { [weak self] scrollView, change in
      guard let self = self, let offset = change.newValue else { return }
      self.pull = max(-(offset.y + scrollView.contentInset.top), 0)
      self.setNeedsLayout()
      self.layoutIfNeeded()
    }
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let w = bounds.width
    let h = bounds.height
    let path = UIBezierPath()
    path.move(to: CGPoint(x: 0, y: h - pull))
    path.addLine(to: CGPoint(x: w, y: h - pull))
    path.addLine(to: CGPoint(x: w, y: h))
    path.addQuadCurve(to: CGPoint(x: 0, y: h), controlPoint: CGPoint(x: w / 2, y: h + pull * 0.5))
    path.close()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    wave.path = path.cgPath
    CATransaction.commit()
  }
}

/// A spinner stepped by a display link: one turn a second, its angle the link's timestamp. On iOS the link is
/// made with `CADisplayLink(target: self, selector: #selector(step))` and added with `add(to: .main, forMode:
/// .common)`; without an Objective-C runtime that line is the closure form and `add(to: self)`.
final class SpinnerView: UIView {
  let arc = CAShapeLayer()
  private var link: CADisplayLink?

  override init(frame: CGRect) {
    super.init(frame: frame)
    arc.frame = bounds
    arc.path =
      UIBezierPath(
        arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: bounds.width / 2 - 2, startAngle: 0,
        endAngle: .pi * 1.5, clockwise: true
      ).cgPath
    arc.strokeColor = UIColor.darkGray.cgColor
    arc.fillColor = nil
    arc.lineWidth = 3
    arc.lineCap = .round
    layer.addSublayer(arc)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  func startAnimating() {
    link = CADisplayLink { [weak self] link in self?.step(link) }
    link?.add(to: self)
  }

  func step(_ link: CADisplayLink) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    arc.transform = CATransform3DMakeRotation(CGFloat(link.timestamp) * 2 * .pi, 0, 0, 1)
    CATransaction.commit()
  }

  func stopAnimating() { link?.invalidate() }
}

/// A badge that springs in with `UIView.animate`'s spring form, its dot moving without animation because its
/// layer's `position` action is `NSNull`.
final class BadgeView: UIView {
  let dot = CALayer()

  override init(frame: CGRect) {
    super.init(frame: frame)
    dot.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
    dot.cornerRadius = 4
    dot.backgroundColor = UIColor.red.cgColor
    dot.actions = ["position": NSNull()]
    layer.addSublayer(dot)
    alpha = 0
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  func show(at point: CGPoint) {
    dot.position = point
    UIView.animate(
      withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0, options: [],
      animations: {
        self.alpha = 1
        self.center = CGPoint(x: self.center.x, y: self.center.y + 20)
      }, completion: nil)
  }
}

/// A refresh control of one's own look, as apps subclass it: the spinner hidden by a clear tint and a red bar at
/// its foot, which its owner's `.valueChanged` action may recolour.
final class BarRefreshControl: UIRefreshControl {
  let bar = UIView(frame: .zero)
  var didBegin = 0

  override init() {
    super.init()
    tintColor = .clear
    bar.backgroundColor = .red
    addSubview(bar)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  override func layoutSubviews() {
    super.layoutSubviews()
    bar.frame = CGRect(x: 0, y: bounds.height - 4, width: bounds.width, height: 4)
  }

  override func beginRefreshing() {
    didBegin += 1
    super.beginRefreshing()
  }
}

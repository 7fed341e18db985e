#if canImport(UIKit)
  import UIKit
#else
  import FlipbookUIKit
#endif

/// A refresh control of its own look, written as for iOS: an arc that fills as the list is pulled and spins
/// while the refresh runs. Only the import above differs between the app and Linux.
public final class ArcRefreshControl: UIRefreshControl {
  private let arc = CAShapeLayer()
  private var observation: NSKeyValueObservation?

  public override init() {
    super.init()
    tintColor = .clear  // hides the system spinner
    arc.strokeColor = UIColor(red: 0.35, green: 0.34, blue: 0.84, alpha: 1).cgColor
    arc.fillColor = nil
    arc.lineWidth = 3
    arc.lineCap = .round
    arc.strokeEnd = 0
    layer.addSublayer(arc)
    addAction(UIAction { [weak self] _ in self?.spin() }, for: .valueChanged)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  public override func didMoveToSuperview() {
    super.didMoveToSuperview()
    guard let scrollView = superview as? UIScrollView else { return }
    observation = scrollView.observe(\.contentOffset, options: [.new]) { [weak self] scrollView, _ in
      self?.follow(scrollView)
    }
  }

  public override func layoutSubviews() {
    super.layoutSubviews()
    arc.frame = CGRect(x: bounds.midX - 15, y: bounds.midY - 15, width: 30, height: 30)
    arc.path =
      UIBezierPath(
        arcCenter: CGPoint(x: 15, y: 15), radius: 12, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true
      ).cgPath
  }

  public override func endRefreshing() {
    super.endRefreshing()
    arc.removeAnimation(forKey: "spin")
  }

  /// The arc is the pull over 120 pt, until the refresh starts.
  private func follow(_ scrollView: UIScrollView) {
    guard !isRefreshing else { return }
    let pull = -(scrollView.contentOffset.y + scrollView.adjustedContentInset.top)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    arc.strokeEnd = min(max(pull / 120, 0), 1)
    CATransaction.commit()
  }

  private func spin() {
    let turn = CABasicAnimation(keyPath: "transform.rotation.z")
    turn.fromValue = 0
    turn.toValue = 2 * CGFloat.pi
    turn.duration = 0.8
    turn.repeatCount = .infinity
    arc.add(turn, forKey: "spin")
  }
}

import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import Foundation

// MARK: - StretchingDropView

/// iOS 6's refresh control look: a grey drop that stretches as the list is pulled, its top pinned to the top of
/// the visible area and its bottom to the content, with a circular arrow in its head; stretched 53 pt, it snaps
/// into a spinner. Drawn from ODRefreshControl, the published re-creation of it
/// (https://github.com/Sephiroth87/ODRefreshControl at 27b4e2f, `ODRefreshControl.m`), whose constants are
/// named below; its `CGPathAddArc` calls are UIKit-flipped, so their `clockwise: YES` sweeps towards decreasing
/// angles here.
public final class StretchingDropView: View {
  /// `kTotalViewHeight`: the view above the content the drop is drawn in.
  public static let totalHeight = 400.0
  /// `kOpenedViewHeight`: the inset while refreshing.
  public static let openedHeight = 44.0
  /// `kMaxDistance`: how far the drop stretches before it snaps.
  public static let maxDistance = 53.0
  /// `kMinTopPadding`…`kMaxTopPadding`: the gap above the head, from stretched (min) to round (max).
  static let topPadding = (min: 9.0, max: 5.0)
  /// `kMinTopRadius`, `kMaxTopRadius`: the head's radius.
  static let topRadius = (min: 12.5, max: 16.0)
  /// `kMinBottomRadius`, `kMaxBottomRadius`: the tail's radius.
  static let bottomRadius = (min: 3.0, max: 16.0)
  /// `kMinBottomPadding`, `kMaxBottomPadding`: the gap under the tail.
  static let bottomPadding = (min: 4.0, max: 6.0)
  /// `kMinArrowSize`, `kMaxArrowSize`: the arrow's thickness.
  static let arrowSize = (min: 2.0, max: 3.0)
  /// `kMinArrowRadius`, `kMaxArrowRadius`: the arrow's radius.
  static let arrowRadius = (min: 5.0, max: 7.0)
  /// The pull at which the drop starts to stretch: the round drop's height, 16 + 16 + 5 + 6.
  public static let stretchStart = topRadius.max + bottomRadius.max + topPadding.max + bottomPadding.max
  /// The pull at which it snaps and the control refreshes: 43 + 53 = 96 pt.
  public static let triggerPull = stretchStart + maxDistance
  /// ODRefreshControl's default tint, RGB 155, 162, 172 (UIKit's iOS 6 default was RGB 149, 156, 166).
  public static let tintColor = Color(red: 155.0 / 255, green: 162.0 / 255, blue: 172.0 / 255)
  /// The snap: the drop morphs into a 5.6 pt circle in 0.15 s and fades over 0.1 s after 0.1 s; the arrow and
  /// highlight fade in 0.1 s; the spinner grows from 0.1 and fades in over 0.2 s after 0.15 s (linear).
  static let morphDuration = 0.15
  /// See `morphDuration`.
  static let fadeDuration = 0.1
  /// See `morphDuration`.
  static let spinnerInDelay = 0.15
  /// See `morphDuration`.
  static let spinnerInDuration = 0.2
  /// The end: the spinner shrinks to 0.1 and fades while the inset returns, in 0.4 s.
  public static let endDuration = 0.4

  let shape = ShapeLayer()
  let arrow = ShapeLayer()
  let highlight = ShapeLayer()
  let activity = ActivityIndicatorView(style: .gray)
  /// The drop's fill.
  public var tintColor = StretchingDropView.tintColor {
    didSet { layer.withActionsDisabled { shape.fillColor = tintColor } }
  }

  /// A drop view `width` points wide; the control places it just above the content.
  public init(width: Double) {
    super.init(frame: CGRect(x: 0, y: -Self.totalHeight, width: width, height: Self.totalHeight))
    layer.name = "dropView"
    let outline = Color(white: 1.0 / 3, alpha: 0.5)  // `[[UIColor darkGrayColor] colorWithAlphaComponent:0.5]`
    shape.name = "drop"
    shape.fillColor = tintColor
    shape.strokeColor = outline
    shape.lineWidth = 0.5
    shape.shadowColor = .black
    shape.shadowOffset = CGSize(width: 0, height: 1)
    shape.shadowOpacity = 0.4
    shape.shadowRadius = 0.5
    shape.anchorPoint = .zero
    layer.addSublayer(shape)
    arrow.name = "arrow"
    arrow.strokeColor = outline
    arrow.lineWidth = 0.5
    arrow.fillColor = .white
    arrow.fillRule = .evenOdd
    arrow.anchorPoint = .zero
    shape.addSublayer(arrow)
    highlight.name = "highlight"
    highlight.fillColor = Color(white: 1, alpha: 0.2)
    highlight.anchorPoint = .zero
    shape.addSublayer(highlight)
    activity.layer.name = "activityView"
    activity.hidesWhenStopped = false
    activity.center = CGPoint(x: (width / 2).rounded(.down), y: (Self.totalHeight / 2).rounded(.down))
    activity.alpha = 0
    activity.startAnimating()
    addSubview(activity)
  }

  private static func lerp(_ range: (min: Double, max: Double), _ p: Double) -> Double {
    range.min + (range.max - range.min) * p
  }

  /// Draws the drop for the list pulled `pull` points (ODRefreshControl's `offset` is −pull), and says
  /// whether it has stretched its full 53 pt (the moment it snaps). Nothing is drawn at no pull.
  @discardableResult
  func draw(pull: Double) -> Bool {
    let offset = -pull
    guard offset < 0 else {
      clear()
      return false
    }
    let verticalShift = max(0, -(Self.stretchStart + offset))
    let distance = min(Self.maxDistance, abs(verticalShift))
    let percentage = 1 - distance / Self.maxDistance
    let topPadding = Self.lerp(Self.topPadding, percentage)
    let topRadius = Self.lerp(Self.topRadius, percentage)
    let bottomRadius = Self.lerp(Self.bottomRadius, percentage)
    let bottomPadding = Self.lerp(Self.bottomPadding, percentage)
    let h = bounds.height
    let x = (bounds.width / 2).rounded(.down)
    var bottom = CGPoint(x: x, y: h - bottomPadding - bottomRadius)
    var top = CGPoint(x: x, y: bottom.y)
    var triggered = false
    if distance != 0 {
      top.y = h + offset + topPadding + topRadius
      if percentage == 0 {
        bottom.y -= abs(verticalShift) - Self.maxDistance
        triggered = true
      }
    }
    func lerp(_ a: Double, _ b: Double, _ p: Double) -> Double { a + (b - a) * p }
    var path = Path()
    path.addArc(center: top, radius: topRadius, startAngle: 0, endAngle: .pi, clockwise: false)
    path.addCurve(
      to: CGPoint(x: bottom.x - bottomRadius, y: bottom.y),
      control1: CGPoint(x: lerp(top.x - topRadius, bottom.x - bottomRadius, 0.1), y: lerp(top.y, bottom.y, 0.2)),
      control2: CGPoint(x: lerp(top.x - topRadius, bottom.x - bottomRadius, 0.9), y: lerp(top.y, bottom.y, 0.2)))
    path.addArc(center: bottom, radius: bottomRadius, startAngle: .pi, endAngle: 0, clockwise: false)
    path.addCurve(
      to: CGPoint(x: top.x + topRadius, y: top.y),
      control1: CGPoint(x: lerp(top.x + topRadius, bottom.x + bottomRadius, 0.9), y: lerp(top.y, bottom.y, 0.2)),
      control2: CGPoint(x: lerp(top.x + topRadius, bottom.x + bottomRadius, 0.1), y: lerp(top.y, bottom.y, 0.2)))
    path.closeSubpath()
    guard !triggered else {
      snap(head: top)
      return true
    }
    layer.withActionsDisabled {
      shape.path = path
      arrow.path = Self.arrowPath(center: top, percentage: percentage)
      var shine = Path()
      shine.addArc(center: top, radius: topRadius, startAngle: 0, endAngle: .pi, clockwise: false)
      shine.addArc(
        center: CGPoint(x: top.x, y: top.y + 1.25), radius: topRadius, startAngle: .pi, endAngle: 0, clockwise: true)
      highlight.path = shine
    }
    return false
  }

  /// The circular arrow in the head: an arc of three quarters ending in a head at 12 o'clock.
  private static func arrowPath(center c: CGPoint, percentage: Double) -> Path {
    let size = lerp(arrowSize, percentage)
    let radius = lerp(arrowRadius, percentage)
    let big = radius + size / 2
    let small = radius - size / 2
    var path = Path()
    path.addArc(center: c, radius: big, startAngle: 0, endAngle: 3 * .pi / 2, clockwise: true)
    path.addLine(to: CGPoint(x: c.x, y: c.y - big - size))
    path.addLine(to: CGPoint(x: c.x + 2 * size, y: c.y - big + size / 2))
    path.addLine(to: CGPoint(x: c.x, y: c.y - big + 2 * size))
    path.addLine(to: CGPoint(x: c.x, y: c.y - big + size))
    path.addArc(center: c, radius: small, startAngle: 3 * .pi / 2, endAngle: 0, clockwise: false)
    path.closeSubpath()
    return path
  }

  /// The snap: the drop morphs into a small circle at its head and fades, the arrow and highlight fade, the
  /// spinner grows in.
  private func snap(head: CGPoint) {
    let radius = Self.lerp(Self.bottomRadius, 0.2)
    var circle = Path()
    circle.addArc(center: head, radius: radius, startAngle: 0, endAngle: .pi, clockwise: false)
    circle.addCurve(
      to: CGPoint(x: head.x - radius, y: head.y), control1: CGPoint(x: head.x - radius, y: head.y),
      control2: CGPoint(x: head.x - radius, y: head.y))
    circle.addArc(center: head, radius: radius, startAngle: .pi, endAngle: 0, clockwise: false)
    circle.addCurve(
      to: CGPoint(x: head.x + radius, y: head.y), control1: CGPoint(x: head.x + radius, y: head.y),
      control2: CGPoint(x: head.x + radius, y: head.y))
    circle.closeSubpath()
    // ODRefreshControl morphs `shadowPath` alongside; here the shadow is cast by the path itself, the same shape.
    var morph = BasicAnimation(keyPath: .path, to: circle, duration: Self.morphDuration)
    morph.timing.fillMode = .forwards
    morph.isRemovedOnCompletion = false
    try? shape.add(morph, forKey: "snap")
    var fade = BasicAnimation<Double>(keyPath: .opacity, to: 0, duration: Self.fadeDuration)
    fade.timing.fillMode = .forwards
    fade.isRemovedOnCompletion = false
    var later = fade
    later.timing.beginTime = shape.localTime + Self.fadeDuration
    later.timing.fillMode = .forwards
    try? shape.add(later, forKey: "snap fade")
    try? arrow.add(fade, forKey: "snap fade")
    try? highlight.add(fade, forKey: "snap fade")
    layer.withActionsDisabled { activity.layer.transform = Transform3D(scaleX: 0.1, y: 0.1) }
    layer.animateInTree(
      withDuration: Self.spinnerInDuration, delay: Self.spinnerInDelay, options: .curveLinear,
      animations: {
        self.activity.alpha = 1
        self.activity.layer.transform = .identity
      })
  }

  /// While refreshing: the drop's remains stay pinned at the top, and the spinner in the middle of the
  /// opened 44 pt, following the visible top while more is pulled.
  func pin(pull: Double) {
    let offset = -pull
    layer.withActionsDisabled {
      shape.position = CGPoint(x: 0, y: Self.maxDistance + offset + Self.openedHeight)
      activity.center = CGPoint(
        x: (bounds.width / 2).rounded(.down),
        y: min(offset + bounds.height + (Self.openedHeight / 2).rounded(.down), bounds.height - Self.openedHeight / 2))
    }
  }

  /// `beginRefreshing()`: the drop hidden at once, the spinner shown full size.
  func showSpinner() {
    for target in [shape, arrow, highlight] {
      var hide = BasicAnimation<Double>(keyPath: .opacity, to: 0, duration: 0.0001)
      hide.timing.fillMode = .forwards
      hide.isRemovedOnCompletion = false
      try? target.add(hide, forKey: "hide")
    }
    layer.withActionsDisabled {
      activity.alpha = 1
      activity.layer.transform = .identity
    }
  }

  /// The end: inside the control's 0.4 s animation, the spinner shrinks to 0.1 and fades.
  func hideSpinner() {
    activity.alpha = 0
    activity.layer.transform = Transform3D(scaleX: 0.1, y: 0.1)
  }

  /// After the end: every path and animation cleared, the drop ready for the next pull.
  func clear() {
    layer.withActionsDisabled {
      for target in [shape, arrow, highlight] {
        target.removeAllAnimations()
        target.path = nil
      }
      shape.position = .zero
    }
  }
}

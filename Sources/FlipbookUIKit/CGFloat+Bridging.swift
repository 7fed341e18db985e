import Foundation

// MARK: - CGFloat from NSNumber

/// Lets `NSNumber` cast to `CGFloat` (`value as? CGFloat`, `as! CGFloat`), as it does on Apple's platforms,
/// where Core Animation's `value(forKeyPath:)` hands numbers out as `NSNumber` and code reads them back as
/// `CGFloat`. Swift's Foundation on Linux bridges `NSNumber` to `Double` and `Float` but not to `CGFloat`; this is
/// the same bridge, through `Double`.
extension CGFloat: @retroactive _ObjectiveCBridgeable {
  public func _bridgeToObjectiveC() -> NSNumber { NSNumber(value: Double(self)) }

  public static func _forceBridgeFromObjectiveC(_ number: NSNumber, result: inout CGFloat?) {
    result = CGFloat(number.doubleValue)
  }

  public static func _conditionallyBridgeFromObjectiveC(_ number: NSNumber, result: inout CGFloat?) -> Bool {
    result = CGFloat(number.doubleValue)
    return true
  }

  public static func _unconditionallyBridgeFromObjectiveC(_ number: NSNumber?) -> CGFloat {
    CGFloat(number?.doubleValue ?? 0)
  }
}

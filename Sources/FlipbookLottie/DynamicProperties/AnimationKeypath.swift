// MARK: - AnimationKeypath

/// A search for properties in a Lottie animation by name: layer, group, item and property names joined by dots
/// (`"Layer.Shape Group.Stroke 1.Color"`), with `*` standing for one name and `**` for any number of names
/// (`"**.Stroke 1.Color"` is the colour of every stroke called "Stroke 1").
///
/// This is lottie-ios's `AnimationKeypath` (Sources/Public/DynamicProperties/AnimationKeypath.swift, 4.6.1), the
/// vocabulary apps already use to theme animations; matching follows its Core Animation engine exactly
/// (`AnimationKeypath.matches` in Sources/Private/CoreAnimation/ValueProviderStore.swift): the pattern is compared
/// with the whole dotted path as text, `**.` and `**` match any run of characters (dots included, so `**.Color`
/// matches `Color` itself), and `*` matches one or more characters other than a dot.
public struct AnimationKeypath: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The names, in order from the root; `*` and `**` are wildcards.
  public var keys: [String]

  /// A keypath from its dotted form, split at every dot as lottie-ios splits it.
  public init(keypath: String) {
    keys = keypath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  }

  /// A keypath from a string literal: `"**.Fill 1.Color"`.
  public init(stringLiteral value: String) { self.init(keypath: value) }

  /// A keypath from its names.
  public init(keys: [String]) { self.keys = keys }

  /// The dotted form.
  public var string: String { keys.joined(separator: ".") }

  public var description: String { string }

  /// Whether this pattern (which may hold wildcards) matches `path`, the concrete names of one property or layer
  /// from the root of the animation.
  public func matches(_ path: [String]) -> Bool {
    KeypathPattern(keys).matches(path.joined(separator: "."))
  }
}

// MARK: - KeypathPattern

/// lottie-ios's keypath regular expression as tokens: literal characters, "any run" (from `**`) and "one or more
/// non-dot characters" (from `*`). Matched by dynamic programming in time proportional to pattern × path, with
/// no regular-expression engine, so names holding `(`, `+` or `[` mean themselves.
struct KeypathPattern {
  enum Token: Equatable {
    case character(Character)
    case anyRun
    case nameRun
  }

  let tokens: [Token]

  /// The pattern of `keys`: joined by dots, then `**.` and `**` become "any run" and `*` "one or more
  /// non-dot characters", in that order, as lottie-ios rewrites its regular expression.
  init(_ keys: [String]) {
    let text = Array(keys.joined(separator: "."))
    var tokens: [Token] = []
    var index = 0
    while index < text.count {
      if text[index] == "*", index + 1 < text.count, text[index + 1] == "*" {
        tokens.append(.anyRun)
        index += 2
        if index < text.count, text[index] == "." { index += 1 }
      } else if text[index] == "*" {
        tokens.append(.nameRun)
        index += 1
      } else {
        tokens.append(.character(text[index]))
        index += 1
      }
    }
    self.tokens = tokens
  }

  /// Whether the whole of `path` matches (lottie-ios anchors its expression with `^` and `$`).
  func matches(_ path: String) -> Bool {
    let text = Array(path)
    // reachable[j]: the tokens so far can consume exactly text[0..<j].
    var reachable = [Bool](repeating: false, count: text.count + 1)
    reachable[0] = true
    for token in tokens {
      var next = [Bool](repeating: false, count: text.count + 1)
      switch token {
      case .character(let c):
        for j in 0..<text.count where reachable[j] && text[j] == c { next[j + 1] = true }
      case .anyRun:
        var open = false
        for j in 0...text.count {
          open = open || reachable[j]
          next[j] = open
        }
      case .nameRun:
        // One or more non-dot characters after a reachable position.
        var open = false
        for j in 0..<text.count {
          if text[j] == "." {
            open = false
          } else {
            open = open || reachable[j]
          }
          if open { next[j + 1] = true }
        }
      }
      reachable = next
    }
    return reachable[text.count]
  }
}

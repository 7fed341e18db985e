import Foundation

// MARK: - RepetitionExpression

/// The small arithmetic a repeated item's `{…}` placeholders are written in: numbers, the names in scope
/// (each repetition's index, `n` its count, the `values` it lists), `pi`, `+ - * / %` with the usual
/// precedence, unary minus, parentheses, and `sin`, `cos` (radians), `floor`, `abs`, `min`, `max`. It is
/// evaluated left to right as Swift's `Double` arithmetic is, so `{pi + (i - 11) * 2 * pi / 12}` gives
/// the same bits as the same Swift expression.
enum RepetitionExpression {
  /// What a placeholder evaluates to: a number, or a listed value of any kind, used whole.
  typealias Names = [String: JSONValue]

  /// The functions the arithmetic offers, with how many arguments each takes.
  static let functions: [String: (arity: Int, apply: @Sendable ([Double]) -> Double)] = [
    "sin": (1, { sin($0[0]) }), "cos": (1, { cos($0[0]) }), "floor": (1, { floor($0[0]) }),
    "abs": (1, { abs($0[0]) }), "min": (2, { min($0[0], $0[1]) }), "max": (2, { max($0[0], $0[1]) }),
  ]
  /// Names every expression knows.
  static let constants: [String: Double] = ["pi": .pi]

  /// The value of `text`; a message saying what is wrong (and what was valid there) if it cannot be evaluated.
  static func evaluate(_ text: String, names: Names) -> Result<JSONValue, Failure> {
    var parser = Parser(tokens: [], names: names)
    do {
      parser.tokens = try tokens(of: text)
      guard !parser.tokens.isEmpty else { throw Failure("an empty placeholder") }
      let value = try parser.expression()
      guard parser.position == parser.tokens.count else {
        throw Failure("unexpected \(parser.tokens[parser.position].description)")
      }
      if case .number(let n) = value, !n.isFinite { throw Failure("the result is not a finite number") }
      return .success(value)
    } catch let failure as Failure {
      return .failure(failure)
    } catch {
      return .failure(Failure("\(error)"))
    }
  }

  /// Why an expression could not be evaluated.
  struct Failure: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }

  enum Token: Equatable {
    case number(Double)
    case name(String)
    case symbol(Character)

    var description: String {
      switch self {
      case .number(let n): "\(n)"
      case .name(let s): "\"\(s)\""
      case .symbol(let c): "\"\(c)\""
      }
    }
  }

  static func tokens(of text: String) throws -> [Token] {
    var result: [Token] = []
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let c = characters[index]
      if c == " " {
        index += 1
      } else if c.isNumber || c == "." {
        var end = index
        while end < characters.count, characters[end].isNumber || characters[end] == "." { end += 1 }
        let literal = String(characters[index..<end])
        guard let n = Double(literal) else { throw Failure("\"\(literal)\" is not a number") }
        result.append(.number(n))
        index = end
      } else if c.isLetter || c == "_" {
        var end = index
        while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" {
          end += 1
        }
        result.append(.name(String(characters[index..<end])))
        index = end
      } else if "+-*/%(),".contains(c) {
        result.append(.symbol(c))
        index += 1
      } else {
        throw Failure("\"\(c)\" is not part of the arithmetic (numbers, names, + - * / %, parentheses)")
      }
    }
    return result
  }

  /// A recursive-descent parser that evaluates as it parses.
  struct Parser {
    var tokens: [Token]
    let names: Names
    var position = 0

    mutating func expression() throws -> JSONValue {
      var value = try term()
      while let op = peekSymbol(in: "+-") {
        position += 1
        let left = try number(value)
        let right = try number(try term())
        value = .number(op == "+" ? left + right : left - right)
      }
      return value
    }

    mutating func term() throws -> JSONValue {
      var value = try factor()
      while let op = peekSymbol(in: "*/%") {
        position += 1
        let left = try number(value)
        let right = try number(try factor())
        switch op {
        case "*": value = .number(left * right)
        default:
          guard right != 0 else { throw Failure("division by zero") }
          value = .number(op == "/" ? left / right : left.truncatingRemainder(dividingBy: right))
        }
      }
      return value
    }

    mutating func factor() throws -> JSONValue {
      guard position < tokens.count else { throw Failure("the expression ends too soon") }
      let token = tokens[position]
      position += 1
      switch token {
      case .number(let n): return .number(n)
      case .symbol("-"): return .number(-(try number(try factor())))
      case .symbol("("):
        let value = try expression()
        try expect(")")
        return value
      case .name(let name):
        if let function = RepetitionExpression.functions[name] { return try call(name, function) }
        if let value = names[name] { return value }
        if let constant = RepetitionExpression.constants[name] { return .number(constant) }
        let valid = (names.keys.sorted() + RepetitionExpression.constants.keys.sorted())
        throw Failure("unknown name \"\(name)\"" + JSONCursor.choices(for: name, among: valid))
      case .symbol(let c): throw Failure("unexpected \"\(c)\"")
      }
    }

    mutating func call(_ name: String, _ function: (arity: Int, apply: @Sendable ([Double]) -> Double)) throws
      -> JSONValue
    {
      try expect("(")
      var arguments: [Double] = [try number(try expression())]
      while peekSymbol(in: ",") != nil {
        position += 1
        arguments.append(try number(try expression()))
      }
      try expect(")")
      guard arguments.count == function.arity else {
        throw Failure(
          "\(name) takes \(function.arity) argument\(function.arity == 1 ? "" : "s"), not \(arguments.count)")
      }
      return .number(function.apply(arguments))
    }

    func peekSymbol(in symbols: String) -> Character? {
      guard position < tokens.count, case .symbol(let c) = tokens[position], symbols.contains(c) else { return nil }
      return c
    }

    mutating func expect(_ symbol: Character) throws {
      guard peekSymbol(in: String(symbol)) != nil else { throw Failure("expected \"\(symbol)\"") }
      position += 1
    }

    func number(_ value: JSONValue) throws -> Double {
      guard case .number(let n) = value else { throw Failure("\(value.kindDescription) in arithmetic") }
      return n
    }
  }
}

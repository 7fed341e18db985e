/// A declarative description of one command: what the parser accepts and what the help shows.
///
/// The conventions follow swift-argument-parser: options are kebab-case, short names are one
/// letter, `-h, --help` is added to every command and `--version` when the root has a version.
struct CommandSpec: Sendable {
  /// The name typed on the command line (`render`); the root's is the tool name.
  var name: String
  /// One sentence: the `OVERVIEW:` line and the entry in the parent's `SUBCOMMANDS:` list.
  var abstract: String
  /// Paragraphs shown after the abstract in the help.
  var discussion: String?
  /// Positional arguments, in order.
  var arguments: [ArgumentSpec]
  /// Named options and flags, in the order the help lists them.
  var options: [OptionSpec]

  init(
    name: String,
    abstract: String,
    discussion: String? = nil,
    arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
  }

  func option(long name: String) -> OptionSpec? {
    options.first { $0.long == name }
  }

  func option(short name: Character) -> OptionSpec? {
    options.first { $0.short == name }
  }
}

/// What text a value must have; checked while parsing so errors name the option as typed.
enum ValueType: Sendable, Equatable {
  /// Any text.
  case string
  /// A whole number (`Int`).
  case integer
  /// A finite decimal number (`Double`): `inf` and `nan` convert but are no time, rate or size.
  case number
  /// One of a fixed list; the help shows `(values: a, b)`.
  case choice([String])
  /// A file or folder: any text but the empty one, which names nothing (`render ""` is a slip of the
  /// shell, not a file that cannot be read).
  case path

  /// Whether `text` converts to this type.
  func accepts(_ text: String) -> Bool {
    switch self {
    case .string: true
    case .integer: Int(text) != nil
    case .number: Double(text)?.isFinite ?? false
    case .choice(let values): values.contains(text)
    case .path: !text.isEmpty
    }
  }

  /// The values a `.choice` allows; empty otherwise.
  var allowedValues: [String] {
    if case .choice(let values) = self { values } else { [] }
  }

  /// A `.choice` of every raw value of a string enum, in declaration order.
  static func choice<T: CaseIterable & RawRepresentable>(of type: T.Type) -> ValueType
  where T.RawValue == String {
    .choice(type.allCases.map(\.rawValue))
  }
}

/// A positional argument such as `<scene>`.
struct ArgumentSpec: Sendable {
  /// The value name shown in angle brackets and used as the key in `ParsedArguments`.
  var name: String
  var abstract: String
  var type: ValueType
  var isOptional: Bool
  /// The last argument only: it takes every remaining positional word (`render A.json B.json …`), read
  /// with `ParsedArguments.list`; at least one unless optional.
  var isVariadic: Bool

  init(_ name: String, abstract: String, type: ValueType = .string, isOptional: Bool = false, isVariadic: Bool = false)
  {
    self.name = name
    self.abstract = abstract
    self.type = type
    self.isOptional = isOptional
    self.isVariadic = isVariadic
  }

  /// `<scene>`, or `<scene> ...` for a variadic one: the label in help, usage and error messages.
  var synopsis: String { isVariadic ? "<\(name)> ..." : "<\(name)>" }
}

/// A named option (`-o, --output <output>`) or flag (`--verbose`).
struct OptionSpec: Sendable {
  enum Kind: Sendable, Equatable {
    /// Takes a value: `--output <output>`, `--output=<output>` or `-o <output>`.
    case value(ValueType)
    /// Takes no value: present or absent.
    case flag
  }

  /// The long name without dashes, kebab-case; also the key in `ParsedArguments`.
  var long: String
  var short: Character?
  var abstract: String
  var kind: Kind
  /// Shown in `<...>`; defaults to the long name.
  var valueName: String
  /// The value used when the option is absent; shown as `(default: ...)`. Implies optional.
  var defaultValue: String?
  /// Text shown as `(default: ...)` instead of `defaultValue`, for defaults decided later.
  var defaultDescription: String?
  /// An option without a default that must be given.
  var isRequired: Bool

  /// An option that takes a value.
  static func value(
    _ long: String,
    short: Character? = nil,
    abstract: String,
    type: ValueType = .string,
    valueName: String? = nil,
    isRequired: Bool = false,
    defaultValue: String? = nil,
    defaultDescription: String? = nil
  ) -> OptionSpec {
    OptionSpec(
      long: long,
      short: short,
      abstract: abstract,
      kind: .value(type),
      valueName: valueName ?? long,
      defaultValue: defaultValue,
      defaultDescription: defaultDescription,
      isRequired: isRequired && defaultValue == nil
    )
  }

  /// An option that takes no value.
  static func flag(_ long: String, short: Character? = nil, abstract: String) -> OptionSpec {
    OptionSpec(
      long: long,
      short: short,
      abstract: abstract,
      kind: .flag,
      valueName: long,
      defaultValue: nil,
      defaultDescription: nil,
      isRequired: false
    )
  }

  var isFlag: Bool { kind == .flag }

  var valueType: ValueType? {
    if case .value(let type) = kind { type } else { nil }
  }

  /// `--output <output>` (or `--verbose`): the preferred spelling, used in usage lines.
  var synopsis: String {
    isFlag ? "--\(long)" : "--\(long) <\(valueName)>"
  }

  /// `-o, --output <output>`: the label in the `OPTIONS:` list.
  var helpLabel: String {
    let names = (short.map { ["-\($0)"] } ?? []) + ["--\(long)"]
    let joined = names.joined(separator: ", ")
    return isFlag ? joined : "\(joined) <\(valueName)>"
  }

  /// The option as typed (`-o` or `--output`) followed by its value name, for error messages.
  func synopsis(typed name: String) -> String {
    isFlag ? name : "\(name) <\(valueName)>"
  }
}

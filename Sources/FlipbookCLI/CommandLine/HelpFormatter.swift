/// Renders help and usage text in swift-argument-parser's layout.
///
/// ```
/// OVERVIEW: <abstract, wrapped>
///
/// USAGE: <tool> <subcommand> ...
///
/// ARGUMENTS:
///   <label>                 <help, wrapped at the screen width, continued at column 26>
/// ```
struct HelpFormatter {
  /// Two spaces before each entry.
  static let indent = 2
  /// The column where entries' help text starts.
  static let labelColumnWidth = 26

  /// The command names from the root: `["flipbook", "render"]`.
  var commandPath: [String]
  var spec: CommandSpec
  /// `--version` and `-h, --help`, listed after the command's own options.
  var builtIns: [OptionSpec] = []
  var subcommands: [CommandSpec] = []
  var screenWidth: Int = 80

  /// `flipbook render <scene> --output <output> [--scale <scale>] [--png <png>]`
  var usage: String {
    let tool = commandPath.joined(separator: " ")
    let arguments = spec.arguments.map { $0.isOptional ? "[\($0.synopsis)]" : $0.synopsis }
    let required = arguments + spec.options.filter(\.isRequired).map(\.synopsis)
    let all = arguments + spec.options.map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" }
    var words: [String]
    if all.count <= 12 {
      words = [tool] + all
    } else if !required.isEmpty && required.count <= 12 {
      words = [tool, "[<options>]"] + required
    } else {
      words = [tool, "<options>"]
    }
    if !subcommands.isEmpty { words.append("<subcommand>") }
    return words.joined(separator: " ")
  }

  var help: String {
    var abstract = spec.abstract
    if let discussion = spec.discussion, !discussion.isEmpty {
      if !abstract.isEmpty { abstract += "\n" }
      abstract += "\n\(discussion)"
    }
    let overview =
      abstract.isEmpty ? "" : Self.wrap("OVERVIEW: \(abstract)", width: screenWidth) + "\n\n"

    let sections = [
      section("ARGUMENTS", spec.arguments.map { ($0.synopsis, description(of: $0)) }),
      section("OPTIONS", (spec.options + builtIns).map { ($0.helpLabel, description(of: $0)) }),
      section("SUBCOMMANDS", subcommands.map { ($0.name, $0.abstract) }),
    ].filter { !$0.isEmpty }

    var seeHelp = ""
    if !subcommands.isEmpty {
      let names = [commandPath[0], "help"] + commandPath.dropFirst()
      seeHelp = "\n  See '\(names.joined(separator: " ")) <subcommand>' for detailed help."
    }
    return overview + "USAGE: \(usage)\n\n" + sections.joined(separator: "\n") + seeHelp
  }

  private func description(of argument: ArgumentSpec) -> String {
    Self.description(argument.abstract, values: argument.type.allowedValues, default: nil)
  }

  private func description(of option: OptionSpec) -> String {
    Self.description(
      option.abstract,
      values: option.valueType?.allowedValues ?? [],
      default: option.defaultDescription ?? option.defaultValue
    )
  }

  /// `abstract (values: a, b; default: a)`
  static func description(_ abstract: String, values: [String], default value: String?) -> String {
    let value = value ?? ""
    let suffix: String
    switch (values.isEmpty, value.isEmpty) {
    case (true, true): suffix = ""
    case (false, true): suffix = "(values: \(values.joined(separator: ", ")))"
    case (true, false): suffix = "(default: \(value))"
    case (false, false):
      suffix = "(values: \(values.joined(separator: ", ")); default: \(value))"
    }
    return [abstract, suffix].filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// A titled list of entries, each ending in a newline; empty when there are no entries.
  private func section(_ title: String, _ entries: [(label: String, text: String)]) -> String {
    guard !entries.isEmpty else { return "" }
    return "\(title):\n" + entries.map { entry($0.label, $0.text) }.joined()
  }

  private func entry(_ label: String, _ text: String) -> String {
    let paddedLabel = String(repeating: " ", count: Self.indent) + label
    guard !text.isEmpty else { return paddedLabel + "\n" }
    let wrapped = Self.wrap(text, width: screenWidth, indent: Self.labelColumnWidth)
    if paddedLabel.count < Self.labelColumnWidth {
      return paddedLabel + wrapped.dropFirst(paddedLabel.count) + "\n"
    }
    return paddedLabel + "\n" + wrapped + "\n"
  }

  /// Wraps at spaces so lines fit in `width` columns, every line indented by `indent`, keeping
  /// explicit line breaks; a word longer than a line stands alone. (swift-argument-parser's
  /// algorithm, so lines break at the same places.)
  static func wrap(_ text: String, width: Int, indent: Int = 0) -> String {
    let columns = max(width - indent, 1)
    var lines: [Substring] = []
    var start = text.startIndex
    while true {
      let chunk = text[start...].prefix(columns)
      if let lineBreak = chunk.lastIndex(of: "\n") {
        lines += text[start..<lineBreak].split(separator: "\n", omittingEmptySubsequences: false)
        start = text.index(after: lineBreak)
      } else if chunk.endIndex == text.endIndex {
        lines.append(text[start...])
        break
      } else if let space = chunk.lastIndex(of: " ") {
        lines.append(text[start..<space])
        start = text.index(after: space)
      } else if let space = text[start...].firstIndex(of: " ") {
        lines.append(text[start..<space])
        start = text.index(after: space)
      } else {
        lines.append(text[start...])
        break
      }
    }
    let padding = String(repeating: " ", count: indent)
    return lines.map { $0.isEmpty ? "" : padding + $0 }.joined(separator: "\n")
  }
}

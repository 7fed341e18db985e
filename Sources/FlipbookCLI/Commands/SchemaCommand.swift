import FlipbookRender
import FlipbookScene

/// `flipbook schema <kind>`
enum SchemaCommand: FlipbookCommand {
  /// The kinds of file with a schema, in the order the help lists them.
  static let kinds = DocumentSchema.allCases.map(\.rawValue) + ["manifest"]

  static let spec = CommandSpec(
    name: "schema",
    abstract: "Prints the JSON Schema of a kind of file Flipbook reads or writes.",
    discussion: """
      The schemas (JSON Schema draft 2020-12) describe scene documents, gesture scripts, documents with a \
      variants matrix, and the manifest.json of a rendered folder, with a description for every key, so an \
      editor completes and checks a document as it is written: save one beside your documents and name it \
      in a document's "$schema" key, which Flipbook ignores, or in your editor's settings. The scene and \
      script schemas refer to each other and to variants.schema.json by file name: keep the three together.
      """,
    arguments: [
      ArgumentSpec("kind", abstract: "The kind of file.", type: .choice(kinds))
    ]
  )

  static func run(_ arguments: ParsedArguments) throws(ActionFailure) -> String {
    let kind = arguments.required("kind")
    let text = kind == "manifest" ? ManifestSchema.text : DocumentSchema(rawValue: kind)?.text
    guard let text else {
      throw ActionFailure(message: "the \(kind) schema is missing from this installation (its resource bundle)")
    }
    return text
  }
}

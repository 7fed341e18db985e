import FlipbookJSON
import FlipbookLottie
import Foundation

// MARK: - DocumentVariants

/// A document file read for a batch render: its variants as JSON, each decoded on demand. A document
/// without `variants` is one variant with an empty name and no values.
public struct DocumentVariants {
  /// The file, as given.
  public let path: String
  /// Whether the document has a `variants` matrix.
  public let hasMatrix: Bool
  /// The variants in the matrix's order, each still JSON until it is rendered.
  public let variants: [VariantMatrix.Variant]
  /// The folder its relative file names resolve against.
  let folder: URL

  /// Reads and parses `path` and expands its matrix; fails like `Document.load` (the file's path first).
  public init(path: String) throws(DocumentError) {
    self.path = path
    folder = DocumentFile.directory(of: path)
    let (matrix, variants) = try DocumentFile.decode(path) { data throws(DocumentError) in
      if DotLottieFile.isArchive(data) {
        throw DocumentError(
          location: "dotLottie archive",
          message: "renders on its own, not in a batch of several documents: render it alone")
      }
      let (base, matrix) = try VariantMatrix.split(try DocumentFile.parse(data))
      guard let matrix else { return (false, [VariantMatrix.Variant(name: "", values: [], document: base)]) }
      return (true, try matrix.variants(of: base))
    }
    hasMatrix = matrix
    self.variants = variants
  }

  /// Decodes one variant; an error names the file, the variant (when the document has a matrix) and the
  /// JSON path: `ego.json: variant language=xx: $.refresh.language: "xx" is not one of …`.
  public func decode(_ variant: VariantMatrix.Variant, scale: Double? = nil, allowFilesOutside: Bool = false)
    throws(DocumentError) -> Document
  {
    do {
      return try Document.decode(
        json: variant.document, folder: folder, scale: scale, allowFilesOutside: allowFilesOutside)
    } catch {
      let variantPart = hasMatrix ? "variant \(variant.name): " : ""
      throw DocumentError(location: "\(path): \(variantPart)\(error.location)", message: error.message)
    }
  }
}

import FlipbookJSON

// MARK: - VariantMatrix

/// A document's `variants`: for each key path of the document, the values it takes, expanded to their
/// cross product, one variant for each combination.
///
/// ```json
/// "variants": {
///   "refresh.language": ["en", "zh-Hant", "zh-Hans"],
///   "viewport": [{"width": 320, "height": 480, "scale": 2}, {"width": 375, "height": 667, "scale": 3}],
///   "refresh.arrowColor": ["blue", "gray"]
/// }
/// ```
///
/// is twelve variants, each the document with those three values set (`JSONKeyPath`) before it is
/// decoded, so any key path works the same way, and a key path the document's schema does not have, or
/// a value it refuses, is the decoder's own error naming the JSON path. Variants are listed with the
/// first key varying slowest, and named by `VariantName`.
public struct VariantMatrix {
  /// Most variants one document may expand to: a thousand renders is past any design system's matrix
  /// (the largest, 3 x 2 x 2, is 12), and a typo such as a hundred-value list times another is
  /// refused before any of them is decoded.
  public static let maxVariants = 1000

  /// One key of the matrix and the values it takes.
  public struct Axis {
    /// The key path the values are set at.
    public let path: JSONKeyPath
    /// The values, in the document's order.
    public let values: [JSONValue]
  }

  /// One combination: its name, each key path's value, and the document with them set.
  public struct Variant {
    /// The variant's folder name, made from its values by `VariantName`.
    public let name: String
    /// Each key path and the value this variant sets there, in the matrix's key order.
    public let values: [(path: JSONKeyPath, value: JSONValue)]
    /// The document with those values set, ready for the document's decoder.
    public let document: JSONValue
  }

  /// The matrix's keys, in the document's order; the first varies slowest.
  public let axes: [Axis]

  /// The document without its `variants` key, and the matrix that key holds (nil when there is none).
  public static func split(_ document: JSONValue) throws(DocumentError) -> (base: JSONValue, matrix: VariantMatrix?) {
    guard case .object(let members) = document, let given = document["variants"] else { return (document, nil) }
    let base = JSONValue.object(members.filter { $0.key != "variants" })
    let cursor = JSONCursor(given, path: "$.variants")
    guard case .object(let keys) = given, !keys.isEmpty else {
      throw cursor.error("expected an object of key paths, each with a list of values, found \(given.kindDescription)")
    }
    var axes: [Axis] = []
    var count = 1
    for (key, list) in keys {
      let location = cursor.child(key)
      let path = try JSONKeyPath(key, location: location)
      if path.steps.first == .key("variants") {
        throw DocumentError(location: location, message: "variants cannot vary the variants")
      }
      guard case .array(let values) = list else {
        throw DocumentError(location: location, message: "expected a list of values, found \(list.kindDescription)")
      }
      guard !values.isEmpty else { throw DocumentError(location: location, message: "the list of values is empty") }
      count *= values.count
      guard count <= maxVariants else {
        throw cursor.error("the lists make more than \(maxVariants) variants, the most one document may have")
      }
      axes.append(Axis(path: path, values: values))
    }
    return (base, VariantMatrix(axes: axes))
  }

  /// Every combination, first key slowest, each named and set in `base`. Fails naming the variant and
  /// the JSON path when a value cannot be set there (through a number, past an array's end), or when
  /// two variants would have the same name.
  public func variants(of base: JSONValue) throws(DocumentError) -> [Variant] {
    let labels = VariantName.labels(of: axes.map(\.path))
    var combinations: [[Int]] = [[]]
    for axis in axes {
      combinations = combinations.flatMap { prefix in axis.values.indices.map { prefix + [$0] } }
    }
    var variants: [Variant] = []
    var seen: [String: [Int]] = [:]
    for combination in combinations {
      let values = zip(axes, combination).map { axis, index in (path: axis.path, value: axis.values[index]) }
      let name = zip(labels, values).map { "\($0)=\(VariantName.name(of: $1.value))" }.joined(separator: ",")
      if let other = seen[name] {
        let axis = other.indices.first { other[$0] != combination[$0] } ?? 0
        throw DocumentError(
          location: JSONCursor(.null, path: "$.variants").child(axes[axis].path.description),
          message: "items \(other[axis]) and \(combination[axis]) give the same variant name \(name)")
      }
      guard name.utf8.count <= VariantName.maxBytes else {
        throw DocumentError(
          location: "variant \(name)",
          message: "the name is longer than \(VariantName.maxBytes) bytes, the most a folder name may be")
      }
      seen[name] = combination
      var document = base
      for (path, value) in values {
        do {
          document = try path.setting(value, in: document)
        } catch {
          throw DocumentError(location: "variant \(name): \(error.location)", message: error.message)
        }
      }
      variants.append(Variant(name: name, values: values, document: document))
    }
    return variants
  }
}

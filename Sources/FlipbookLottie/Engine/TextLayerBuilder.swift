import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - Text layers

/// The content of a text layer (`ty: 5`), to add to its contents layer: static text as lottie-ios's Core Animation
/// engine draws it (`TextLayer`, Sources/Private/CoreAnimation/Layers/TextLayer.swift, and its `CoreTextRenderLayer`,
/// Sources/Private/MainThread/LayerContainers/Utility/CoreTextRenderLayer.swift, 4.6.1).
///
/// `context.keypath` ends with the text layer's name: the text provider and the `Color` / `Stroke Color` value
/// providers are looked up there, as lottie-ios does.
///
/// Placement, as CoreTextRenderLayer places it:
/// - without a box, the first line's baseline is at the layer's origin (or `ps`), the line starting there (left),
///   centred on it (centre) or ending there (right); each further line is `lh` lower (its paragraph style makes the
///   baseline-to-baseline distance exactly `lh`);
/// - with a box (`sz`, at `ps`), the text wraps to the box's width and aligns in it, its first line's cap height
///   touching the box's top (CoreTextRenderLayer anchors the box `ascent − capHeight` above its drawing rect).
///
/// Reported: several text documents and text animators (lottie-ios's compatibility issues, drawn with the first
/// document and no animators, as iOS falls back), animated colour overrides (the first value is used), and what
/// Flipbook's text drawing lacks: tracking, strokes and box line heights.
func makeTextContent(_ text: LottieTextDocument, context: LottieBuildContext) -> Layer {
  let content = Layer()
  content.name = "text"
  content.anchorPoint = .zero
  if text.keyframes.count > 1 { context.report("several keyframes of text layer text") }
  if text.animatorCount > 0 { context.report("text animators") }
  if text.hasTextPath { context.report("text on a path", kind: .ignored) }
  var document = text.keyframes[0].value
  let overrides = context.valueProviders as? LottieOverrides
  if let replaced = overrides?.text(forLayerAt: context.keypath) { document.text = replaced }
  if let fill = context.register(property: "Color", as: Color.self), let first = fill.initialValue {
    if fill.isAnimated { context.report("animated text color overrides") }
    document.fillColor = first
  }
  if let stroke = context.register(property: "Stroke Color", as: Color.self), let first = stroke.initialValue {
    document.strokeColor = first
  }
  if document.strokeColor != nil, (document.strokeWidth ?? 0) > 0 {
    context.report("text stroke, which Flipbook does not draw yet", kind: .ignored)
  }
  if document.tracking != 0 { context.report("text tracking, which Flipbook does not draw yet", kind: .ignored) }
  guard let fillColor = document.fillColor else { return content }
  let font = resolvedFont(for: document, context: context, overrides: overrides)
  var style = TextStyle(family: font.family, weight: font.weight, size: font.size, color: fillColor)
  // lottie-ios draws text through `CoreTextRenderLayer` with `.kern: tracking` and `.ligature: 0`
  // (`Sources/Private/MainThread/LayerContainers/Utility/CoreTextRenderLayer.swift`, 4.6.1): an explicit kern
  // replaces the font's kerning, so iOS draws Lottie text without the font's kerning pairs or standard ligatures.
  style.kerning = false
  style.ligatures = false
  if let boxSize = document.boxSize {
    addBoxedText(
      document, box: CGRect(origin: document.boxPosition ?? .zero, size: boxSize), style: style, to: content,
      context: context)
  } else {
    addLines(document, origin: document.boxPosition ?? .zero, style: style, to: content, context: context)
  }
  return content
}

/// A font resolved for drawing: family (an override's, else the font provider's, else the registered font the
/// document's font name stands for, else the file's `fFamily`, else the document's font name), CSS weight (the
/// registered font's, else from `fStyle`), and size (an override's, else the document's). A font missing from
/// `fonts.list` is handed to the provider under its document name.
///
/// The document's font name is the font's PostScript name (`fName`), which lottie-ios hands to
/// `CTFontCreateWithName` (`DefaultFontProvider`, `Sources/Public/FontProvider/AnimationFontProvider.swift`,
/// 4.6.1): a registered font answers to it by PostScript or full name, as Core Text matches them
/// (``FontLibrary/registeredFont(named:)``); another name falls back to the family, as iOS falls back to its system font.
func resolvedFont(
  for document: LottieTextValue, context: LottieBuildContext, overrides: LottieOverrides?
) -> (family: String, weight: Int, size: Double) {
  let fileFont =
    context.fonts[document.fontName]
    ?? LottieFont(name: document.fontName, family: document.fontName, style: document.fontName, ascent: 0)
  let override = overrides?.font(forName: document.fontName)
  let registered = FontLibrary.registeredFont(named: document.fontName)
  let chosen = override?.family ?? context.fontProvider?(fileFont)
  let family = chosen ?? registered?.family ?? fileFont.family
  let weight = (chosen == nil ? registered?.weight : nil) ?? cssWeight(ofStyle: fileFont.style)
  return (family, weight, override?.size ?? document.fontSize)
}

/// The CSS weight a font style name (`fStyle`, or a PostScript name's suffix) stands for: the OpenType
/// `usWeightClass` names (OpenType specification, OS/2 table).
func cssWeight(ofStyle style: String) -> Int {
  let lower = style.lowercased()
  let names: [(String, Int)] = [
    ("thin", 100), ("extralight", 200), ("ultralight", 200), ("light", 300), ("medium", 500),
    ("semibold", 600), ("demibold", 600), ("extrabold", 800), ("ultrabold", 800), ("black", 900), ("heavy", 900),
    ("bold", 700),
  ]
  return names.first { lower.contains($0.0) }?.1 ?? 400
}

/// Unboxed text: one text layer per line, measured, placed on its baseline.
func addLines(
  _ document: LottieTextValue, origin: CGPoint, style: TextStyle, to content: Layer, context: LottieBuildContext
) {
  for (index, line) in document.lines.enumerated() where !line.isEmpty {
    let layout: TextLayout
    do {
      layout = try TextLayout(line, style: style)
    } catch {
      context.report("text in font \"\(style.family)\" that cannot be laid out (\(error))", kind: .ignored)
      return
    }
    let width = layout.size.width
    let startX: Double =
      switch document.justification {
      case .right: origin.x - width
      case .center: origin.x - width / 2
      default: origin.x
      }
    let baselineY = origin.y + Double(index) * document.lineHeight
    let layer = textLayer(line, style: style)
    layer.bounds = CGRect(origin: .zero, size: layout.size)
    layer.position = CGPoint(x: startX, y: baselineY - layout.baseline)
    content.addSublayer(layer)
  }
}

/// Cap height as a fraction of the font size, used to put a boxed text's first cap height at the box's top.
/// Chosen: 0.7, between Inter's 0.727 (its OS/2 `sCapHeight` 1490 / 2048 units) and Helvetica's 0.717 — Flipbook's
/// text layout does not expose a font's cap height.
let assumedCapHeightPerSize = 0.7

/// Boxed text: one wrapped text layer the box's width, aligned in it, its first cap height at the box's top.
func addBoxedText(
  _ document: LottieTextValue, box: CGRect, style: TextStyle, to content: Layer, context: LottieBuildContext
) {
  var style = style
  style.wraps = true
  style.alignment =
    switch document.justification {
    case .right: .right
    case .center: .center
    default: .left
    }
  let text = document.lines.joined(separator: "\n")
  guard !text.isEmpty, box.width > 0 else { return }
  let layout: TextLayout
  do {
    layout = try TextLayout(text, style: style, width: box.width)
  } catch {
    context.report("text in font \"\(style.family)\" that cannot be laid out (\(error))", kind: .ignored)
    return
  }
  if document.lines.count > 1, document.lineHeight > 0 {
    context.report("line height of boxed text, which Flipbook lays out with the font's own", kind: .ignored)
  }
  let layer = textLayer(text, style: style)
  layer.isWrapped = true
  layer.alignmentMode = style.alignment
  layer.bounds = CGRect(x: 0, y: 0, width: box.width, height: layout.size.height)
  layer.position = CGPoint(x: box.minX, y: box.minY + assumedCapHeightPerSize * style.size - layout.baseline)
  content.addSublayer(layer)
}

/// A text layer drawing `string` in `style`, anchored at its top-left.
func textLayer(_ string: String, style: TextStyle) -> TextLayer {
  let layer = TextLayer()
  layer.string = string
  layer.fontFamily = style.family
  layer.fontWeight = style.weight
  layer.fontSize = style.size
  layer.foregroundColor = style.color
  layer.alignmentMode = style.alignment
  layer.kerning = style.kerning
  layer.ligatures = style.ligatures
  layer.anchorPoint = .zero
  return layer
}

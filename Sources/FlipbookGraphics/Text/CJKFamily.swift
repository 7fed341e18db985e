import Foundation

// MARK: - CJKFamily

/// The regional families of Noto Sans CJK, the face Chinese, Japanese and Korean characters fall back
/// to, and which one a language picks.
///
/// One Han character has regional forms (骨, 角 and 入 are drawn differently in Taipei and in Beijing).
/// iOS keeps one family per region (PingFang SC, TC and HK; Hiragino for Japanese; Apple SD Gothic Neo
/// for Korean) and picks the one for the text's language; Noto Sans CJK's collections hold the same
/// regions as families, so a language picks its family here the same way.
public enum CJKFamily: String, CaseIterable, Sendable {
  /// Mainland forms (zh-Hans, zh-CN, zh-SG), PingFang SC's region.
  case simplifiedChinese = "Noto Sans CJK SC"
  /// Taiwan forms (zh-Hant, zh-TW), PingFang TC's region.
  case traditionalChinese = "Noto Sans CJK TC"
  /// Hong Kong forms (zh-HK, zh-MO, zh-Hant-HK), PingFang HK's region.
  case hongKongChinese = "Noto Sans CJK HK"
  /// Japanese forms (ja), the region of Hiragino, which iOS uses for Japanese.
  case japanese = "Noto Sans CJK JP"
  /// Korean forms (ko), the region of Apple SD Gothic Neo, which iOS uses for Korean.
  case korean = "Noto Sans CJK KR"

  /// The family for a BCP 47 tag (`zh-Hant`, `zh-Hant-TW`, `zh_TW`, `ja`...), matched on its language,
  /// script and region subtags. Text with no language, or one without CJK forms of its own, keeps the
  /// Simplified forms Flipbook drew before it knew languages (WenQuanYi Micro Hei had only those).
  public init(language: String?) {
    let subtags = (language ?? "").lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
    let script = subtags.dropFirst().first { $0.count == 4 }
    let region = subtags.dropFirst().first { $0.count == 2 }
    switch subtags.first {
    case "ja": self = .japanese
    case "ko": self = .korean
    case "zh":
      switch (script, region) {
      case ("hans", _): self = .simplifiedChinese
      case (_, "hk"), (_, "mo"): self = .hongKongChinese
      case ("hant", _), (_, "tw"): self = .traditionalChinese
      default: self = .simplifiedChinese
      }
    default: self = .simplifiedChinese
    }
  }
}

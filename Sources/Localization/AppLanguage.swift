/// The three display languages, in picker order. Raw values are the codes used in files,
/// on the command line (`--lang`) and in JSON.
public enum AppLanguage: String, CaseIterable, Sendable, Hashable {
    case ja
    case en
    case zhHant = "zh-Hant"

    /// The language's own name, as the picker shows it in every UI language.
    public var nativeName: String {
        switch self {
        case .ja: "日本語"
        case .en: "English"
        case .zhHant: "繁體中文"
        }
    }

    /// `l` cycles ja → en → zh-Hant → ja.
    public var next: AppLanguage {
        switch self {
        case .ja: .en
        case .en: .zhHant
        case .zhHant: .ja
        }
    }

    /// The one parser of a language code given by a person or stored in app-state.json
    /// (`--lang`, `lang`, the file's `currentLanguage`). Accepts the
    /// three codes in any letter case and with `_` for `-` (`ZH_hant`), and the Traditional
    /// Chinese region tags `zh-TW`, `zh-HK`, `zh-MO` people often type for 繁體中文. Plain
    /// `zh` and `zh-CN`/`zh-Hans` are refused: they mean Simplified Chinese, which the
    /// product does not have, and silently showing Traditional would surprise the user.
    /// Locale names (`LANG=zh_CN.UTF-8`) are another input with SPEC §11's own rules:
    /// `LanguageDetector.language(forLocale:)`.
    public init?(code: String) {
        let words = code.split(whereSeparator: \.isWhitespace)
        guard words.count == 1 else { return nil }
        switch String(words[0].lowercased().map { $0 == "_" ? "-" : $0 }) {
        case "ja": self = .ja
        case "en": self = .en
        case "zh-hant", "zh-tw", "zh-hk", "zh-mo", "zh-hant-tw", "zh-hant-hk", "zh-hant-mo": self = .zhHant
        default: return nil
        }
    }
}

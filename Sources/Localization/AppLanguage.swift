/// The three display languages, in picker order. Raw values are the codes used in files,
/// on the command line (`--lang`) and in JSON.
public enum AppLanguage: String, CaseIterable, Codable, Sendable, Hashable {
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
}

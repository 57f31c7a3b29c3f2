/// First-start language from LANGUAGE, LC_ALL, LC_MESSAGES, LANG (ja* → ja, en* → en,
/// zh* → zh-Hant; another language such as de_DE or fr_FR → en, SPEC §11: a person who reads
/// neither Japanese nor Chinese more likely reads English; a locale that names no language,
/// `C`, `POSIX` or none at all → ja, the product's home language).
///
/// The variables are read in gettext's order of precedence: LANGUAGE, LC_ALL, LC_MESSAGES,
/// LANG. Unset or blank variables are skipped. LANGUAGE is a colon-separated list of
/// preferences, so its first entry that names one of our languages wins; when none does,
/// it does not decide and the next variable is read (gettext likewise skips languages it
/// has no catalog for). The first non-blank of LC_ALL, LC_MESSAGES, LANG then decides on its
/// own (`fr_FR.UTF-8` means English, `C` or `POSIX` Japanese) rather than falling through to a lower-precedence variable, because the user
/// set it deliberately and it overrides the ones below it.
/// (Unlike gettext, LANGUAGE is honoured even when the locale is `C`: this app does not use
/// the C library's message catalogs, and a user who sets LANGUAGE means it.)
public enum LanguageDetector {
    /// The variables consulted, highest precedence first.
    public static let variables = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]

    public static func detect(environment: [String: String]) -> AppLanguage {
        if let list = environment["LANGUAGE"] {
            for entry in list.split(separator: ":") {
                if let language = language(forLocale: String(entry)) { return language }
            }
        }
        for name in variables.dropFirst() {
            guard let value = environment[name], !isBlank(value) else { continue }
            return language(forLocale: value) ?? (namesALanguage(value) ? .en : .ja)
        }
        return .ja
    }

    /// Whether a locale value names some language (`de_DE.UTF-8`, `fr`, `ko-KR`): two or three
    /// letters, then the end or a separator. `C`, `C.UTF-8` and `POSIX` name none.
    public static func namesALanguage(_ value: String) -> Bool {
        let trimmed = value.drop { $0 == " " || $0 == "\t" }
        let letters = trimmed.prefix { $0.isASCII && $0.isLetter }
        guard (2...3).contains(letters.count) else { return false }
        let next = trimmed.dropFirst(letters.count).first
        return next == nil || next.map { "_-.@".contains($0) } == true
    }

    /// The language a locale name or language tag stands for (`ja_JP.UTF-8` → ja,
    /// `en-GB` → en, `zh_TW.Big5` or `zh-Hans` → zh-Hant), matched case-insensitively on
    /// its first two letters; nil when it names none of them (`C`, `POSIX`, `fr_FR`).
    public static func language(forLocale value: String) -> AppLanguage? {
        let trimmed = value.drop { $0 == " " || $0 == "\t" }
        switch trimmed.prefix(2).lowercased() {
        case "ja": return .ja
        case "en": return .en
        case "zh": return .zhHant
        default: return nil
        }
    }

    /// The language of one run: `--lang` beats the saved choice, which beats the environment.
    public static func resolve(runOverride: AppLanguage?, saved: AppLanguage?,
                               environment: [String: String]) -> AppLanguage {
        runOverride ?? saved ?? detect(environment: environment)
    }

    private static func isBlank(_ value: String) -> Bool {
        value.allSatisfy { $0 == " " || $0 == "\t" }
    }
}

// PLACEHOLDER (helper A replaces this file): signatures are the contract.
/// First-start language from LANGUAGE, LC_ALL, LC_MESSAGES, LANG (ja* → ja, en* → en,
/// zh* → zh-Hant, anything else → ja).
public enum LanguageDetector {
    public static func detect(environment: [String: String]) -> AppLanguage { .ja }
}

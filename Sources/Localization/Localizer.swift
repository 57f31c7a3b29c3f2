// PLACEHOLDER (helper A replaces this file): signatures are the contract.
/// Looks up catalog strings for one language, substituting `{name}` parameters.
public struct Localizer: Sendable {
    public let language: AppLanguage
    public init(language: AppLanguage) { self.language = language }

    /// The string for `key` with `{param}` placeholders filled in. A missing key returns the key.
    public func text(_ key: String, _ parameters: [String: String] = [:]) -> String { key }
}

/// `lastError`: a stable catalog key plus parameters; localized only when drawn, so a
/// language switch re-words it at once.
public struct AppError: Codable, Equatable, Hashable, Sendable {
    /// A catalog key, e.g. `error.timeout.message` or `notice.fallback`.
    public var key: String
    public var parameters: [String: String]
    /// The connectivity code behind it, when there is one (its action is `error.<code>.action`).
    public var code: ConnectivityErrorCode?

    public init(key: String, parameters: [String: String] = [:], code: ConnectivityErrorCode? = nil) {
        self.key = key
        self.parameters = parameters
        self.code = code
    }
}

/// A message for a person: a stable catalog key plus parameters, localized only when drawn,
/// so a language switch re-words it at once. It is the text of a notice and of `lastError`.
public struct AppError: Equatable, Hashable, Sendable {
    /// A catalog key, e.g. `error.timeout.message` or `notice.fallback`.
    public var key: String
    public var parameters: [String: String]
    /// The connectivity code behind it, when there is one (its action is `error.<code>.action`).
    public var code: ConnectivityErrorCode?
    /// Fills the `{reason}` parameter with the reason's own catalog text (`error.<code>.short`),
    /// so no raw code ever reaches a person.
    public var reason: ConnectivityError?

    public init(key: String, parameters: [String: String] = [:], code: ConnectivityErrorCode? = nil,
                reason: ConnectivityError? = nil) {
        self.key = key
        self.parameters = parameters
        self.code = code
        self.reason = reason
    }
}

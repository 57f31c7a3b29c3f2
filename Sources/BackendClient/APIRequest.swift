import FoundationEssentials

/// A call of the API client: a path below the base URL, plus what goes with it.
public struct APIRequest: Equatable, Sendable {
    public enum Authorization: Equatable, Sendable {
        /// `Authorization: Bearer <token>` when the token store has one.
        case automatic
        /// Never add the header (login, refresh).
        case none
    }

    public var method: HTTPMethod
    public var path: String
    public var headers: [HTTPHeader]
    public var body: Data?
    public var authorization: Authorization

    public init(method: HTTPMethod, path: String, headers: [HTTPHeader] = [], body: Data? = nil,
                authorization: Authorization = .automatic) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
        self.authorization = authorization
    }

    /// The headers actually sent: the caller's, then `Authorization` (unless the caller set
    /// one itself, which then wins), `Accept` and, with a body, `Content-Type`.
    public func outgoingHeaders(accessToken: String?) -> [HTTPHeader] {
        var result = headers
        if authorization == .automatic, let accessToken, !result.contains(where: { $0.hasName("Authorization") }) {
            result.append(HTTPHeader(name: "Authorization", value: "Bearer \(accessToken)"))
        }
        if !result.contains(where: { $0.hasName("Accept") }) {
            result.append(HTTPHeader(name: "Accept", value: "application/json"))
        }
        if body != nil, !result.contains(where: { $0.hasName("Content-Type") }) {
            result.append(HTTPHeader(name: "Content-Type", value: "application/json"))
        }
        return result
    }
}

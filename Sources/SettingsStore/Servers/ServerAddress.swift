// PLACEHOLDER (helper B replaces this file): signatures are the contract.
/// A parsed base URL `https://HOST[:PORT]/PREFIX/api`, from which every other address is
/// derived structurally (SPEC §3.2), never by string surgery.
public struct ServerAddress: Equatable, Hashable, Sendable {
    public var scheme: String
    /// Lower-cased; IPv6 without brackets.
    public var host: String
    /// nil when default (443 for https).
    public var port: Int?
    /// Path segments before the final `api` segment.
    public var prefixSegments: [String]

    /// Parses a base URL that ends in `/api` (case-insensitive); nil otherwise.
    public init?(baseURL: String) { return nil }

    public var baseURL: String { "" }
    /// Base URL without its final `/api` segment.
    public var rootURL: String { "" }
    public var healthURL: String { "" }
    public var socketURL: String { "" }
    public var wsURL: String { "" }
    /// `root + /api + path`, joined exactly once.
    public func apiURL(path: String) -> String { "" }
}

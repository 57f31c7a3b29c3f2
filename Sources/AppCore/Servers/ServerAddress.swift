/// A parsed base URL `https://HOST[:PORT]/PREFIX/api`, from which every other address is
/// derived structurally (docs/PRODUCT.md: Derived addresses and custom server ids), never by string surgery.
///
/// Parsing is structural only: it uses the validator's parser and normalization, and needs a
/// well-formed host and port, no user name, query or fragment, an `http` or `https` scheme
/// and a final `api` segment. Policy (https only, no loopback) is `AddressValidator`'s job,
/// because it depends on the environment.
public struct ServerAddress: Equatable, Hashable, Sendable {
    public var scheme: String
    /// Lower-cased; IPv6 without brackets.
    public var host: String
    /// nil when default (443 for https).
    public var port: Int?
    /// Path segments before the final `api` segment.
    public var prefixSegments: [String]

    /// Parses a base URL that ends in `/api` (case-insensitive); nil otherwise.
    /// The result is normalized as `AddressValidator` normalizes.
    public init?(baseURL: String) {
        guard let parts = URLParts(parsing: URLParts.trimmingWhitespace(baseURL)),
              parts.scheme == "https" || parts.scheme == "http",
              parts.userinfo == nil, parts.query == nil, parts.fragment == nil,
              let host = parts.parsedHost, parts.endsWithAPISegment
        else { return nil }
        if case .invalid = parts.port { return nil }
        scheme = parts.scheme
        self.host = host.text
        port = parts.portNumber
        prefixSegments = Array(parts.segments.dropLast())
    }

    /// Host and port as written in a URL: IPv6 in brackets, the port only when not default.
    public var authority: String {
        let hostPart = host.contains(":" as Character) ? "[" + host + "]" : host
        guard let port, port != URLParts.defaultPort(forScheme: scheme) else { return hostPart }
        return hostPart + ":" + String(port)
    }

    /// `/PREFIX`, or empty when the API sits at the root.
    private var prefixPath: String { prefixSegments.map { "/" + $0 }.joined() }

    public var baseURL: String { rootURL + "/api" }
    /// Base URL without its final `/api` segment.
    public var rootURL: String { scheme + "://" + authority + prefixPath }
    /// `root/health`: the backend has no `/api/health` (docs/PRODUCT.md: The backend's API contract).
    public var healthURL: String { rootURL + "/health" }
    /// `root/socket.io/`, the Engine.IO endpoint; the trailing slash is part of the path the
    /// server answers on.
    public var socketURL: String { rootURL + "/socket.io/" }
    /// The root with `wss` (`ws` for an `http` development server) and no further path,
    /// as the original app handed it to the Socket.IO client, which adds `/socket.io/` itself.
    public var wsURL: String { (scheme == "http" ? "ws" : "wss") + "://" + authority + prefixPath }

    /// `root + /api + path`, joined exactly once: `path` may start with any number of slashes
    /// (`config`, `/config`, `//config` give the same URL), and runs of slashes inside its path
    /// part are collapsed. A query (`?…`) in `path` is kept as given. `path` is relative to
    /// `/api`: pass `/config`, not `/api/config`.
    public func apiURL(path: String) -> String {
        let queryStart = path.firstIndex { $0 == "?" || $0 == "#" } ?? path.endIndex
        let segments = path[..<queryStart].split(separator: "/", omittingEmptySubsequences: true)
        let trailingSlash = path[..<queryStart].hasSuffix("/") && !segments.isEmpty
        var url = baseURL + segments.map { "/" + $0 }.joined()
        if trailingSlash { url += "/" }
        return url + path[queryStart...]
    }

    /// How the host is named (docs/PRODUCT.md: Address validation).
    public var hostKind: HostKind {
        // A parsed address always has a valid host; the fallback only covers a `host` that
        // was assigned by hand.
        ParsedHost(text: host, bracketed: host.contains(":" as Character))?.kind ?? .singleLabel
    }
}

import AppCore
import BackendClient
import SettingsStore

/// Where the fleet's figures come from: the central Prometheus's (or VictoriaMetrics's) base
/// URL, the bearer token read from `--token-file` (kept in one owned buffer, never printed),
/// and the transport of the app's checks (`--cacert`, `--connect-to`).
public struct FleetSource: Sendable {
    /// Why a source cannot be used; each is told once, in the run's language.
    public enum Problem: Error, Equatable, Sendable {
        case invalidURL
        /// A user name or password in the URL (`https://user:pass@…`): refused, never printed.
        case credentialsInURL
        /// A token over plain http would travel readable.
        case tokenOverPlainHTTP
        /// The token file is refused by `TokenFile` (the one reader of token files), with why.
        case token(TokenFile.Problem, path: String)
    }

    /// The base URL without a trailing slash, as shown (never holds credentials).
    public let baseURL: String
    let token: FleetToken?
    public let settings: TransportSettings

    public init(url: String, tokenFile: String?, settings: TransportSettings) throws(Problem) {
        var trimmed = url
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        let lower = trimmed.lowercased()
        let isHTTPS = lower.hasPrefix("https://")
        guard isHTTPS || lower.hasPrefix("http://"), URLHost.of(trimmed) != nil,
              !trimmed.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true })
        else { throw .invalidURL }
        let authority = trimmed.dropFirst(isHTTPS ? 8 : 7).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else { throw .credentialsInURL }
        if let tokenFile {
            guard isHTTPS || Self.isLoopback(trimmed) else { throw .tokenOverPlainHTTP }
            token = try FleetToken(file: tokenFile)
        } else {
            token = nil
        }
        baseURL = trimmed
        var settings = settings
        // Prometheus on the monitoring host's own network often speaks plain http.
        settings.allowPlainHTTP = true
        self.settings = settings
    }

    static func isLoopback(_ url: String) -> Bool {
        guard let host = URLHost.of(url)?.lowercased() else { return false }
        return host == "localhost" || host == "127.0.0.1" || host == "::1" || host == "[::1]"
    }

    /// The instant query's request (GET, so a read-only proxy passes it).
    func request(_ query: String) -> TransportRequest {
        var headers = [HTTPHeader(name: "Accept", value: "application/json")]
        if let token { headers.append(HTTPHeader(name: "Authorization", value: "Bearer " + token.text)) }
        return TransportRequest(method: .get, url: baseURL + "/api/v1/query?query=" + Self.percentEncoded(query),
                                headers: headers, settings: settings)
    }

    /// RFC 3986 unreserved characters stay, every other byte is %XX.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var result = ""
        for byte in text.utf8 {
            let unreserved = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            if unreserved {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }
}

/// The bearer token: read once through `TokenFile` (a regular file of this user's that only
/// they can read, one line), never described (`description` says nothing of it).
final class FleetToken: Sendable, CustomStringConvertible {
    let text: String

    init(file path: String) throws(FleetSource.Problem) {
        switch TokenFile.read(path: path) {
        case .success(let bytes): text = String(decoding: bytes, as: UTF8.self)
        case .failure(let problem): throw .token(problem, path: path)
        }
    }

    var description: String { "FleetToken(…)" }
}

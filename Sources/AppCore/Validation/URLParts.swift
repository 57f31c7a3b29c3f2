/// A URL split by hand, normalized as docs/PRODUCT.md: Address validation says.
///
/// Foundation's `URL`/`URLComponents` are deliberately not used: swift-corelibs-foundation on
/// Linux and Foundation on macOS disagree on edge cases, and both accept inputs the product rules (docs/PRODUCT.md)
/// rejects or reads them differently from libcurl (spaces, non-ASCII paths, `0x7f000001`,
/// unbracketed IPv6). This is a small, strict subset of RFC 3986:
///
///     scheme "://" [ userinfo "@" ] host [ ":" port ] path [ "?" query ] [ "#" fragment ]
///
/// Parsing fails (the caller reports `invalid_url`) when there is no `scheme://`, no host,
/// white space or control characters anywhere, or a path character outside RFC 3986 `pchar`.
/// A host or port that is present but wrong still parses, so that its own code
/// (`invalid_host`, `invalid_port`) can be reported and the rest of the address normalized.
package struct URLParts: Equatable, Sendable {
    enum Port: Equatable, Sendable {
        case number(Int)
        /// Empty, not a number, 0 or above 65535; kept as written.
        case invalid(String)
    }

    /// Lower-cased.
    var scheme: String
    var userinfo: String?
    /// Canonical text when `parsedHost` is set, otherwise the text as written with ASCII
    /// letters lower-cased. Without brackets.
    var hostText: String
    var bracketed: Bool
    /// The host as typed when it was an internationalized name (`hostText` holds its A-labels).
    var unicodeHost: String?
    /// nil when the host breaks the host rule.
    var parsedHost: ParsedHost?
    /// nil when absent or equal to the scheme's default.
    var port: Port?
    /// Normalized path segments: no empty, `.` or `..` segments; `api` in lower case and
    /// never twice in a row.
    var segments: [String]
    var query: String?
    var fragment: String?

    static let maxPort = 65535

    static func defaultPort(forScheme scheme: String) -> Int? {
        switch scheme {
        case "https": 443
        case "http": 80
        default: nil
        }
    }

    /// Removes leading and trailing white space (Unicode, including line breaks).
    package static func trimmingWhitespace(_ text: String) -> String {
        text.trimmingWhitespace
    }

    // MARK: Parsing

    init?(parsing text: String) {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.contains(where: Self.isForbiddenAnywhere) else { return nil }

        // scheme ":" "//"
        guard let colon = scalars.firstIndex(of: ":"), colon > 0,
              Self.isSchemeStart(scalars[0]), scalars[1..<colon].allSatisfy(Self.isSchemeCharacter),
              scalars.count > colon + 2,
              scalars[colon + 1] == "/", scalars[colon + 2] == "/"
        else { return nil }
        scheme = ASCII.lowercased(String(String.UnicodeScalarView(scalars[..<colon])))

        // authority: up to the first "/", "?" or "#"
        let authorityStart = colon + 3
        let authorityEnd = scalars[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? scalars.count
        var hostPort = scalars[authorityStart..<authorityEnd]
        if let at = hostPort.lastIndex(of: "@") {
            userinfo = String(String.UnicodeScalarView(hostPort[..<at]))
            hostPort = hostPort[(at + 1)...]
        }
        let rawHost: ArraySlice<Unicode.Scalar>
        var rawPort: ArraySlice<Unicode.Scalar>?
        if hostPort.first == "[" {
            guard let close = hostPort.firstIndex(of: "]") else { return nil }
            rawHost = hostPort[(hostPort.startIndex + 1)..<close]
            let rest = hostPort[(close + 1)...]
            if let first = rest.first {
                guard first == ":" else { return nil }
                rawPort = rest.dropFirst()
            }
            bracketed = true
        } else {
            guard !hostPort.contains("["), !hostPort.contains("]") else { return nil }
            let colons = hostPort.filter { $0 == ":" }.count
            if colons == 1, let portColon = hostPort.firstIndex(of: ":") {
                rawHost = hostPort[..<portColon]
                rawPort = hostPort[(portColon + 1)...]
            } else {
                // Several colons: an IPv6 address without brackets; reported as a bad host
                // rather than as a port of "fe80" followed by garbage.
                rawHost = hostPort
            }
            bracketed = false
        }
        guard !rawHost.isEmpty else { return nil }
        var hostString = String(String.UnicodeScalarView(rawHost))
        if !bracketed, hostString.unicodeScalars.contains(where: { !$0.isASCII }),
           let aLabels = IDNA.toASCII(hostString) {
            // An internationalized name: the address holds its A-labels; the Unicode form is kept
            // so the screen can show both (SPEC §4).
            unicodeHost = hostString
            hostString = aLabels
        }
        parsedHost = ParsedHost(text: hostString, bracketed: bracketed)
        hostText = parsedHost?.text ?? ASCII.lowercased(hostString)
        port = rawPort.map { Self.parsePort(String(String.UnicodeScalarView($0))) }

        // path, query, fragment
        let pathEnd = scalars[authorityEnd...].firstIndex { $0 == "?" || $0 == "#" } ?? scalars.count
        guard let path = Self.normalizedSegments(scalars[authorityEnd..<pathEnd]) else { return nil }
        segments = path
        if pathEnd < scalars.count {
            let hash = scalars[pathEnd...].firstIndex(of: "#")
            if scalars[pathEnd] == "?" {
                query = String(String.UnicodeScalarView(scalars[(pathEnd + 1)..<(hash ?? scalars.count)]))
            }
            if let hash {
                fragment = String(String.UnicodeScalarView(scalars[(hash + 1)...]))
            }
        }
        dropDefaultPort()
    }

    private static func isForbiddenAnywhere(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x21 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.isWhitespace
    }

    private static func isSchemeStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && ASCII.isLetter(UInt8(scalar.value))
    }

    private static func isSchemeCharacter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        let byte = UInt8(scalar.value)
        return ASCII.isLetter(byte) || ASCII.isDigit(byte) || "+-.".utf8.contains(byte)
    }

    private static func parsePort(_ text: String) -> Port {
        guard !text.isEmpty, text.utf8.allSatisfy(ASCII.isDigit) else { return .invalid(text) }
        // Saturates instead of overflowing on a long run of digits.
        let value = text.utf8.reduce(0) { min($0 * 10 + Int($1 - UInt8(ascii: "0")), maxPort + 1) }
        return (1...maxPort).contains(value) ? .number(value) : .invalid(text)
    }

    /// RFC 3986 `pchar` (unreserved, sub-delims, ":" and "@") plus "/" and "%HH".
    private static func normalizedSegments(_ path: ArraySlice<Unicode.Scalar>) -> [String]? {
        var index = path.startIndex
        while index < path.endIndex {
            let scalar = path[index]
            guard scalar.isASCII else { return nil }
            let byte = UInt8(scalar.value)
            if byte == UInt8(ascii: "%") {
                guard index + 2 < path.endIndex,
                      path[index + 1].isASCII, ASCII.isHexDigit(UInt8(path[index + 1].value)),
                      path[index + 2].isASCII, ASCII.isHexDigit(UInt8(path[index + 2].value))
                else { return nil }
                index += 3
                continue
            }
            guard ASCII.isLetter(byte) || ASCII.isDigit(byte) || "-._~!$&'()*+,;=:@/".utf8.contains(byte)
            else { return nil }
            index += 1
        }
        let raw = String(String.UnicodeScalarView(path))
        return normalize(segments: raw.split(separator: "/").map(String.init))
    }

    /// Resolves dot segments (as libcurl does before sending), writes `api` in lower case
    /// wherever it stands, and collapses `api/api` runs so that no normalized address
    /// contains `/api/api` and a server root never ends in `/api`.
    static func normalize(segments: [String]) -> [String] {
        var out: [String] = []
        for segment in segments where !segment.isEmpty {
            switch segment {
            case ".": continue
            case "..": _ = out.popLast()
            default:
                if ASCII.equalsIgnoringCase(segment, "api") {
                    if out.last != "api" { out.append("api") }
                } else {
                    out.append(segment)
                }
            }
        }
        return out
    }

    // MARK: Normalized form

    var endsWithAPISegment: Bool { segments.last == "api" }

    var portNumber: Int? {
        if case .number(let value) = port { return value }
        return nil
    }

    mutating func dropDefaultPort() {
        if let number = portNumber, number == Self.defaultPort(forScheme: scheme) { port = nil }
    }

    /// Host as written in a URL (IPv6 in brackets).
    var hostForURL: String { bracketed ? "[" + hostText + "]" : hostText }

    var authority: String {
        var text = userinfo.map { $0 + "@" } ?? ""
        text += hostForURL
        switch port {
        case .number(let value): text += ":" + String(value)
        case .invalid(let raw): text += ":" + raw
        case nil: break
        }
        return text
    }

    var path: String { segments.map { "/" + $0 }.joined() }

    var string: String {
        var text = scheme + "://" + authority + path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }
}

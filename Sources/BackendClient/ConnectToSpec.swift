import SettingsStore
/// One `--connect-to HOST:PORT:CONNECT-HOST:CONNECT-PORT` rule in curl's syntax: requests for
/// HOST:PORT go to CONNECT-HOST:CONNECT-PORT while the URL, the certificate check and the
/// validation keep the original name (docs/PRODUCT.md: Transport rules). An empty field matches any host or port
/// (or, on the connect side, keeps the original one). IPv6 addresses are written in brackets.
public struct ConnectToSpec: Equatable, Hashable, Sendable {
    public var host: String
    public var port: Int?
    public var connectHost: String
    public var connectPort: Int?

    public init(host: String, port: Int?, connectHost: String, connectPort: Int?) {
        self.host = host
        self.port = port
        self.connectHost = connectHost
        self.connectPort = connectPort
    }

    public struct ParseError: Error, Equatable, Sendable {
        public var spec: String
        public var reason: String
    }

    public init(parsing text: String) throws(ParseError) {
        let fields = try Self.splitFields(text)
        guard fields.count == 4 else {
            throw ParseError(spec: text, reason: "expected HOST:PORT:CONNECT-HOST:CONNECT-PORT")
        }
        host = try Self.host(fields[0], in: text)
        port = try Self.port(fields[1], in: text)
        connectHost = try Self.host(fields[2], in: text)
        connectPort = try Self.port(fields[3], in: text)
    }

    /// The string handed to `CURLOPT_CONNECT_TO`.
    public var curlSyntax: String {
        "\(Self.bracketed(host)):\(port.map(String.init) ?? ""):\(Self.bracketed(connectHost)):\(connectPort.map(String.init) ?? "")"
    }

    /// The environment variable that adds rules, comma-separated.
    public static let environmentVariable = "VERBUMCARE_CONNECT_TO"

    /// Rules from `--connect-to` arguments first (the first match wins in libcurl, so an
    /// explicit argument beats the environment), then from `VERBUMCARE_CONNECT_TO`.
    public static func combined(arguments: [String], environment: [String: String]) throws(ParseError) -> [ConnectToSpec] {
        var specs: [ConnectToSpec] = []
        for argument in arguments {
            specs.append(try ConnectToSpec(parsing: argument))
        }
        if let list = environment[environmentVariable] {
            for item in list.split(separator: ",") {
                let trimmed = item.trimmingWhitespace
                if trimmed.isEmpty { continue }
                specs.append(try ConnectToSpec(parsing: trimmed))
            }
        }
        return specs
    }

    /// Splits on colons outside brackets, so `[::1]` stays one field.
    private static func splitFields(_ text: String) throws(ParseError) -> [Substring] {
        var fields: [Substring] = []
        var start = text.startIndex
        var inBrackets = false
        var index = text.startIndex
        while index < text.endIndex {
            switch text[index] {
            case "[":
                if inBrackets { throw ParseError(spec: text, reason: "nested bracket") }
                inBrackets = true
            case "]":
                if !inBrackets { throw ParseError(spec: text, reason: "unbalanced bracket") }
                inBrackets = false
            case ":" where !inBrackets:
                fields.append(text[start..<index])
                start = text.index(after: index)
            default:
                break
            }
            index = text.index(after: index)
        }
        if inBrackets { throw ParseError(spec: text, reason: "unbalanced bracket") }
        fields.append(text[start..<text.endIndex])
        return fields
    }

    private static func host(_ field: Substring, in text: String) throws(ParseError) -> String {
        var value = field
        if value.hasPrefix("[") {
            guard value.hasSuffix("]"), value.count > 2 else {
                throw ParseError(spec: text, reason: "bad bracketed address")
            }
            value = value.dropFirst().dropLast()
            guard value.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                throw ParseError(spec: text, reason: "bad IPv6 address")
            }
            return String(value).lowercased()
        }
        let allowed = value.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "." || $0 == "_" }
        guard allowed else { throw ParseError(spec: text, reason: "bad host name") }
        return String(value).lowercased()
    }

    private static func port(_ field: Substring, in text: String) throws(ParseError) -> Int? {
        if field.isEmpty { return nil }
        guard field.allSatisfy({ $0.isASCII && $0.isNumber }), field.count <= 5,
              let value = Int(field), (1...65535).contains(value) else {
            throw ParseError(spec: text, reason: "bad port")
        }
        return value
    }

    private static func bracketed(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }
}

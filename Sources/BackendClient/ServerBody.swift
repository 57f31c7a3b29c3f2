import FoundationEssentials
import SettingsStore

extension JSON {
    /// A server's body read by the one reader and cleaned (every string, keys too, through
    /// `TextSanitizer`), so nothing a server sends reaches a terminal, a log or our output raw.
    /// nil when the body is not exactly one JSON value.
    public init?(serverBody body: Data) {
        guard let value = JSON.parse(Array(body)) else { return nil }
        self = value.cleaned()
    }

    /// The cleaned body written again on one line with sorted keys (stable bytes for the cache
    /// file); nil when the body is not a JSON object or array.
    public static func canonicalData(serverBody body: Data) -> Data? {
        guard let value = JSON(serverBody: body) else { return nil }
        switch value {
        case .object, .array: return Data(value.written(.canonical).utf8)
        case .null, .bool, .number, .string: return nil
        }
    }

    /// A request body: compact, not cleaned (what the person typed is what is sent).
    public var requestBody: Data { Data(written(.compact).utf8) }
}

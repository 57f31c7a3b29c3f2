import FoundationEssentials
import SettingsStore

/// JSON from a server with every string (keys and values) passed through
/// `TextSanitizer.clean`, so nothing a server sends can reach a terminal or a log raw.
public enum SanitizedJSON {
    /// The parsed, cleaned value (dictionary, array, string, number, bool or nil for null);
    /// nil when the data is not JSON.
    public static func value(from data: Data) -> Any? {
        parse(data)?.anyValue
    }

    /// The top-level object, when the data is a JSON object.
    public static func object(from data: Data) -> [String: Any]? {
        value(from: data) as? [String: Any]
    }

    /// Decodes a type from the cleaned JSON.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(ClientError) -> T {
        guard let value = parse(data), let cleaned = try? JSONEncoder().encode(value) else {
            throw ClientError.badResponse("body is not JSON")
        }
        do {
            return try JSONDecoder().decode(type, from: cleaned)
        } catch {
            throw ClientError.badResponse("unexpected JSON: \(error)")
        }
    }

    /// The cleaned JSON written again with sorted keys (stable bytes for a cache file); nil when
    /// the data is not a JSON object or array.
    public static func canonicalData(from data: Data) -> Data? {
        guard let value = parse(data) else { return nil }
        switch value {
        case .object, .array:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try? encoder.encode(value)
        case .null, .bool, .integer, .number, .string:
            return nil
        }
    }

    static func parse(_ data: Data) -> JSONValue? {
        (try? JSONDecoder().decode(JSONValue.self, from: data))?.cleaned()
    }
}

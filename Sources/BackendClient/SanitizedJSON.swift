import Foundation
import SettingsStore

/// JSON from a server with every string (keys and values) passed through
/// `TextSanitizer.clean`, so nothing a server sends can reach a terminal or a log raw.
public enum SanitizedJSON {
    /// The parsed, cleaned value (dictionary, array, string, number, bool or NSNull);
    /// nil when the data is not JSON.
    public static func value(from data: Data) -> Any? {
        guard let parsed = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return nil
        }
        return clean(parsed)
    }

    /// The top-level object, when the data is a JSON object.
    public static func object(from data: Data) -> [String: Any]? {
        value(from: data) as? [String: Any]
    }

    /// Decodes a type from the cleaned JSON.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(ClientError) -> T {
        guard let value = value(from: data),
              let cleaned = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) else {
            throw ClientError.badResponse("body is not JSON")
        }
        do {
            return try JSONDecoder().decode(type, from: cleaned)
        } catch {
            throw ClientError.badResponse("unexpected JSON: \(error)")
        }
    }

    private static func clean(_ value: Any) -> Any {
        switch value {
        case let string as String:
            return TextSanitizer.clean(string)
        case let array as [Any]:
            return array.map(clean)
        case let dictionary as [String: Any]:
            var result: [String: Any] = [:]
            for (key, item) in dictionary {
                result[TextSanitizer.clean(key)] = clean(item)
            }
            return result
        default:
            return value
        }
    }
}

import FoundationEssentials
import SettingsStore

/// A JSON document as a value, read and written with FoundationEssentials' JSON coders (which
/// do not need Foundation's `JSONSerialization`, nor the ICU data Foundation maps).
public enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Every string, keys included, through `TextSanitizer.clean`.
    func cleaned() -> JSONValue {
        switch self {
        case .string(let value):
            return .string(TextSanitizer.clean(value))
        case .array(let items):
            return .array(items.map { $0.cleaned() })
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (key, item) in members { result[TextSanitizer.clean(key)] = item.cleaned() }
            return .object(result)
        case .null, .bool, .integer, .number:
            return self
        }
    }

    /// The value in the shape `JSONSerialization` gives: dictionaries, arrays, strings,
    /// numbers, booleans, and nil (an empty `Optional<Any>`) for null, which Foundation's
    /// `JSONSerialization` still accepts when it writes the value back.
    var anyValue: Any {
        switch self {
        case .null: return Optional<Any>.none as Any
        case .bool(let value): return value
        case .integer(let value): return value
        case .number(let value): return value
        case .string(let value): return value
        case .array(let items): return items.map(\.anyValue)
        case .object(let members): return members.mapValues(\.anyValue)
        }
    }
}

/// The one JSON value of the project: the files we own (settings.json, app-state.json,
/// mutes.json, the server cache), server bodies, and what the command line, hooks and webhooks
/// print. Read by one hand-written reader (`JSON+Reading.swift`) and written by one writer
/// (`JSON+Writing.swift`), never by `JSONDecoder`/`JSONSerialization`, because the files need
/// what those do not give:
/// - numbers kept as their text: a hand-written `12345678901234567890` or `1.50` survives a
///   rewrite, and `true` is never confused with `1`;
/// - object keys kept in the order read or built (`JSONObject`): the command line's field order
///   is a contract, and a server's order is kept;
/// - a nesting limit, so hostile input cannot exhaust the stack;
/// - URLs written without `\/`, and byte-stable pretty output for files (sorted keys).
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The number's text exactly as written (always JSON number syntax: the reader checks
    /// what it reads, and `int`/`double` build only valid text).
    case number(String)
    case string(String)
    case array([JSON])
    case object(JSONObject)

    /// Deeper nesting than this is refused by the reader (`JSONReadError.Reason.tooDeep`).
    public static let maximumDepth = 256

    // MARK: building

    public static func int(_ value: Int) -> JSON { .number(String(value)) }

    /// Whole numbers below 10^15 print without a fraction (`12`, not `12.0`); other finite
    /// values as Swift's shortest round-tripping form; JSON has no NaN or infinity, so those
    /// are `null`. The command line's goldens hold this form.
    public static func double(_ value: Double) -> JSON {
        guard value.isFinite else { return .null }
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int(value))) }
        return .number(String(value))
    }

    /// `nil` becomes `null`, so optional fields keep their key (scripts can rely on it).
    public static func optional(_ value: String?) -> JSON {
        value.map(JSON.string) ?? .null
    }

    // MARK: reading typed values

    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var arrayValue: [JSON]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// A finite number; nil for other values and for numbers beyond Double's range (`1e400`).
    public var doubleValue: Double? {
        guard case .number(let text) = self, let d = Double(text), d.isFinite else { return nil }
        return d
    }

    /// An integer, also when written as `10.0` or `1e1`; nil for fractions and huge values.
    public var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let i = Int(text) { return i }
        guard let d = Double(text), d.isFinite, d == d.rounded(),
              d >= -9.0e15, d <= 9.0e15 else { return nil }
        return Int(d)
    }

    /// The member of an object; nil for other values and missing keys.
    public subscript(key: String) -> JSON? {
        objectValue?[key]
    }

    // MARK: sanitizing

    /// Every string, keys included, through the one `TextSanitizer`: what a server sends, or a
    /// file holds, must not reach a terminal, a log or a script's output raw. Keys that become
    /// equal once cleaned are merged as the reader merges duplicates (the last value wins, in
    /// the first one's place).
    public func cleaned() -> JSON {
        switch self {
        case .string(let value):
            return .string(TextSanitizer.clean(value))
        case .array(let items):
            return .array(items.map { $0.cleaned() })
        case .object(let members):
            var result = JSONObject()
            for (key, value) in members { result[TextSanitizer.clean(key)] = value.cleaned() }
            return .object(result)
        case .null, .bool, .number:
            return self
        }
    }
}

extension JSON: ExpressibleByDictionaryLiteral {
    /// `["a": .int(1)]` is an object with its members in the written order.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(JSONObject(elements))
    }
}

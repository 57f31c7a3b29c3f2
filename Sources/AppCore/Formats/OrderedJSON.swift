/// A JSON document with keys kept in the order they were written: what the command line,
/// hooks and webhooks print (`OrderedJSON` in the executable).
///
/// The command line's JSON is a contract read by scripts and compared by golden tests, so
/// field order, number formatting and escaping must not depend on Foundation's encoder
/// (which reorders keys and escapes `/` on some platforms).
public enum OrderedJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    public static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.double(a), .double(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }

    /// `nil` becomes `null`, so optional fields keep their key (scripts can rely on it).
    public static func optional(_ value: String?) -> OrderedJSON {
        value.map(OrderedJSON.string) ?? .null
    }

    /// Pretty-printed with two-space indentation and a final newline.
    public var rendered: String {
        var out = ""
        write(into: &out, indent: 0)
        out += "\n"
        return out
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += Self.format(d)
        case .string(let s): Self.writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                item.write(into: &out, indent: indent + 1)
                out += index < items.count - 1 ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let fields):
            if fields.isEmpty { out += "{}"; return }
            out += "{\n"
            for (index, (key, value)) in fields.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                Self.writeString(key, into: &out)
                out += ": "
                value.write(into: &out, indent: indent + 1)
                out += index < fields.count - 1 ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// Whole numbers print without a fraction; JSON has no NaN or infinity, so those are null.
    private static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return String(d)
    }

    /// Every string, keys too, passes the one sanitizer: the JSON is read by people as well
    /// as scripts, and a script that prints a field must not print an escape sequence.
    private static func writeString(_ s: String, into out: inout String) {
        JSONStringEscaper.append(TextSanitizer.clean(s), to: &out)
    }
}

extension OrderedJSON {
    /// On one line, as a webhook body or a hook's stdin carries it.
    public var compact: String {
        var out = ""
        writeCompact(into: &out)
        return out
    }

    private func writeCompact(into out: inout String) {
        switch self {
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.writeCompact(into: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (index, (key, value)) in fields.enumerated() {
                if index > 0 { out += "," }
                JSONStringEscaper.append(TextSanitizer.clean(key), to: &out)
                out += ":"
                value.writeCompact(into: &out)
            }
            out += "}"
        default:
            // Scalars print the same either way.
            out += String(rendered.dropLast())
        }
    }
}

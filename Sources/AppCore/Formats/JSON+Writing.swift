/// How `JSON.written(_:)` lays a value out.
public struct JSONStyle: Equatable, Sendable {
    public enum KeyOrder: Sendable { case asBuilt, sorted }

    /// Two-space indentation and a final newline; nil for one line without a newline.
    public var pretty: Bool
    public var keyOrder: KeyOrder

    /// The command line's output: keys in the order built (a contract scripts read).
    public static let pretty = JSONStyle(pretty: true, keyOrder: .asBuilt)
    /// Files we own: keys sorted, so the bytes are stable for hand edits and diffs.
    public static let file = JSONStyle(pretty: true, keyOrder: .sorted)
    /// One line: a webhook body, a hook's stdin, a value in a message.
    public static let compact = JSONStyle(pretty: false, keyOrder: .asBuilt)
    /// One line with sorted keys: stable bytes for a cache, and a value quoted in a message
    /// about a file (the same before and after the file is rewritten with sorted keys).
    public static let canonical = JSONStyle(pretty: false, keyOrder: .sorted)
}

extension JSON {
    /// The one JSON writer. Strings are escaped by `JSONStringEscaper` (no `\/`); numbers are
    /// their text. Nothing is sanitized here: files keep what a person wrote, and output for
    /// people goes through `cleaned()` first (`rendered`, `compact`).
    public func written(_ style: JSONStyle) -> String {
        var out = ""
        write(to: &out, style: style, level: 0)
        if style.pretty { out += "\n" }
        return out
    }

    /// A file we own, as bytes.
    public func fileBytes() -> [UInt8] {
        Array(written(.file).utf8)
    }

    /// The command line's output: cleaned, pretty, keys in the order built, final newline.
    public var rendered: String { cleaned().written(.pretty) }

    /// Cleaned and on one line, as a webhook body or a hook's stdin carries it.
    public var compact: String { cleaned().written(.compact) }

    private func write(to out: inout String, style: JSONStyle, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): JSONStringEscaper.append(s, to: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                Self.newline(&out, style, level + 1)
                item.write(to: &out, style: style, level: level + 1)
            }
            Self.newline(&out, style, level)
            out += "]"
        case .object(let object):
            if object.isEmpty { out += "{}"; return }
            out += "{"
            let members = style.keyOrder == .sorted ? object.members.sorted { $0.key < $1.key } : object.members
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                Self.newline(&out, style, level + 1)
                JSONStringEscaper.append(member.key, to: &out)
                out += style.pretty ? ": " : ":"
                member.value.write(to: &out, style: style, level: level + 1)
            }
            Self.newline(&out, style, level)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ style: JSONStyle, _ level: Int) {
        guard style.pretty else { return }
        out += "\n"
        for _ in 0..<level { out += "  " }
    }
}

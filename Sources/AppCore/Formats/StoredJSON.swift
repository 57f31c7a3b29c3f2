/// A JSON value as it appears in a file we own, parsed and written by hand rather than with
/// `JSONDecoder`/`JSONSerialization` because the files need things those do not give:
/// numbers kept as written (a hand-written `12345678901234567890` survives a rewrite),
/// `true` never confused with `1`, a nesting limit so hostile input cannot exhaust the
/// stack, URLs written without `\/`, and byte-stable pretty output with sorted keys.
package enum StoredJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The number's text exactly as written (already checked to be JSON number syntax).
    case number(String)
    case string(String)
    case array([StoredJSON])
    case object([String: StoredJSON])

    static let maximumDepth = 256

    // MARK: reading typed values

    package var objectValue: [String: StoredJSON]? {
        if case .object(let o) = self { return o }
        return nil
    }

    package var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    package var doubleValue: Double? {
        guard case .number(let text) = self, let d = Double(text), d.isFinite else { return nil }
        return d
    }

    /// An integer, also when written as `10.0` or `1e1`; nil for fractions and huge values.
    package var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let i = Int(text) { return i }
        guard let d = Double(text), d.isFinite, d == d.rounded(),
              d >= -9.0e15, d <= 9.0e15 else { return nil }
        return Int(d)
    }

    static func integer(_ value: Int) -> StoredJSON { .number(String(value)) }

    /// Non-finite numbers have no JSON form; they become `null`.
    static func double(_ value: Double) -> StoredJSON {
        value.isFinite ? .number("\(value)") : .null
    }

    /// Short text for messages (`fallback` parameters): the compact JSON form.
    package var compactText: String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    // MARK: parsing

    /// nil when the bytes are not exactly one JSON value (UTF-8, optional BOM, white space around).
    static func parse(_ bytes: [UInt8]) -> StoredJSON? {
        parseReportingDuplicates(bytes)?.value
    }

    /// Also names every key that appears more than once in one object (`a.b` for nested
    /// objects), in the order found. The last occurrence is the value used, as in most readers;
    /// the caller reports the others so nothing is dropped silently.
    package static func parseReportingDuplicates(_ bytes: [UInt8]) -> (value: StoredJSON, duplicates: [String])? {
        var parser = Parser(bytes: bytes)
        guard let value = parser.parseDocument() else { return nil }
        return (value, parser.duplicates)
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        var duplicates: [String] = []

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func parseDocument() -> StoredJSON? {
            skipWhitespace()
            guard let value = parseValue(depth: 0, path: "") else { return nil }
            skipWhitespace()
            return index == bytes.count ? value : nil
        }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// `path` names where the value sits, for reports of duplicate keys.
        mutating func parseValue(depth: Int, path: String) -> StoredJSON? {
            guard depth < StoredJSON.maximumDepth, index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return parseObject(depth: depth, path: path)
            case UInt8(ascii: "["): return parseArray(depth: depth, path: path)
            case UInt8(ascii: "\""): return parseString().map(StoredJSON.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return parseNumber()
            }
        }

        mutating func literal(_ word: String, _ value: StoredJSON) -> StoredJSON? {
            let w = Array(word.utf8)
            guard bytes.count - index >= w.count, Array(bytes[index..<index + w.count]) == w else { return nil }
            index += w.count
            return value
        }

        mutating func parseObject(depth: Int, path: String) -> StoredJSON? {
            index += 1
            var result: [String: StoredJSON] = [:]
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(result) }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = parseString() else { return nil }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                skipWhitespace()
                let keyPath = path.isEmpty ? key : path + "." + key
                guard let value = parseValue(depth: depth + 1, path: keyPath) else { return nil }
                if result.updateValue(value, forKey: key) != nil { duplicates.append(keyPath) }
                skipWhitespace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(result) }
                return nil
            }
        }

        mutating func parseArray(depth: Int, path: String) -> StoredJSON? {
            index += 1
            var result: [StoredJSON] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(result) }
            while true {
                skipWhitespace()
                guard let value = parseValue(depth: depth + 1, path: path) else { return nil }
                result.append(value)
                skipWhitespace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(result) }
                return nil
            }
        }

        mutating func parseNumber() -> StoredJSON? {
            let start = index
            func digits(_ p: inout Parser) -> Int {
                let s = p.index
                while p.index < p.bytes.count, (0x30...0x39).contains(p.bytes[p.index]) { p.index += 1 }
                return p.index - s
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else if digits(&self) == 0 {
                return nil
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits(&self) > 0 else { return nil }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits(&self) > 0 else { return nil }
            }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        }

        /// Strings must be valid UTF-8; lone surrogate escapes become U+FFFD.
        mutating func parseString() -> String? {
            index += 1
            var scalars = String.UnicodeScalarView()
            var runStart = index
            func flushRun(_ p: Parser, _ end: Int, into s: inout String.UnicodeScalarView) -> Bool {
                guard runStart < end else { return true }
                var decoder = UTF8()
                var it = p.bytes[runStart..<end].makeIterator()
                while true {
                    switch decoder.decode(&it) {
                    case .scalarValue(let v): s.append(v)
                    case .emptyInput: return true
                    case .error: return false
                    }
                }
            }
            while index < bytes.count {
                let b = bytes[index]
                if b == UInt8(ascii: "\"") {
                    guard flushRun(self, index, into: &scalars) else { return nil }
                    index += 1
                    return String(scalars)
                }
                if b < 0x20 { return nil }
                if b != UInt8(ascii: "\\") { index += 1; continue }
                guard flushRun(self, index, into: &scalars) else { return nil }
                index += 1
                guard index < bytes.count else { return nil }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard let unit = hex4() else { return nil }
                    if (0xD800...0xDBFF).contains(unit), bytes.count - index >= 6,
                       bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        let save = index
                        index += 2
                        if let low = hex4(), (0xDC00...0xDFFF).contains(low),
                           let s = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) {
                            scalars.append(s)
                        } else {
                            index = save
                            scalars.append("\u{FFFD}")
                        }
                    } else {
                        scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                    }
                default:
                    return nil
                }
                runStart = index
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard bytes.count - index >= 4 else { return nil }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[index]
                let d: UInt32
                switch c {
                case 0x30...0x39: d = UInt32(c - 0x30)
                case 0x41...0x46: d = UInt32(c - 0x41 + 10)
                case 0x61...0x66: d = UInt32(c - 0x61 + 10)
                default: return nil
                }
                v = v * 16 + d
                index += 1
            }
            return v
        }
    }

    // MARK: writing

    /// Pretty-printed (two spaces), keys sorted, trailing newline: stable for hand edits and diffs.
    package func prettyBytes() -> [UInt8] {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        out += "\n"
        return Array(out.utf8)
    }

    private func write(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                Self.newline(&out, indent, level + 1)
                item.write(to: &out, indent: indent, level: level + 1)
            }
            Self.newline(&out, indent, level)
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                Self.newline(&out, indent, level + 1)
                Self.writeString(key, to: &out)
                out += indent == nil ? ":" : ": "
                members[key]?.write(to: &out, indent: indent, level: level + 1)
            }
            Self.newline(&out, indent, level)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        out += "\n"
        for _ in 0..<level { out += indent }
    }

    private static func writeString(_ s: String, to out: inout String) {
        JSONStringEscaper.append(s, to: &out)
    }
}

/// Where and why bytes are not one JSON value.
public struct JSONReadError: Error, Equatable, Sendable {
    public enum Reason: String, Sendable {
        /// The bytes ended inside a value.
        case unexpectedEnd
        /// A byte that cannot start or continue a value here.
        case unexpectedByte
        case badNumber
        /// A raw control character, a bad escape, or bytes that are not UTF-8 in a string.
        case badString
        /// Nesting deeper than `JSON.maximumDepth`.
        case tooDeep
        /// More after the value than white space.
        case trailingContent
    }

    public var reason: Reason
    /// Byte offset from the start of the input (a BOM counts).
    public var offset: Int

    public init(reason: Reason, offset: Int) {
        self.reason = reason
        self.offset = offset
    }
}

extension JSON {
    /// A document as read: the value, and every key that appeared more than once in one object
    /// (`a.b` for nested objects), in the order found (see `JSONObject` for which value is kept).
    public struct Reading: Sendable {
        public var value: JSON
        public var duplicates: [String]
    }

    /// The one JSON reader (RFC 8259, strict: no comments, trailing commas, single quotes,
    /// leading zeros or bare `NaN`; an optional UTF-8 BOM and white space around the value).
    /// Strings must be valid UTF-8; a lone surrogate escape becomes U+FFFD.
    public static func read(_ bytes: [UInt8]) -> Result<Reading, JSONReadError> {
        var parser = JSONParser(bytes: bytes)
        do {
            let value = try parser.parseDocument()
            return .success(Reading(value: value, duplicates: parser.duplicates))
        } catch {
            return .failure(error)
        }
    }

    /// nil when the bytes are not exactly one JSON value.
    public static func parse(_ bytes: [UInt8]) -> JSON? {
        try? read(bytes).get().value
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    var duplicates: [String] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    func fail(_ reason: JSONReadError.Reason) -> JSONReadError {
        JSONReadError(reason: reason, offset: index)
    }

    /// The next byte, or `unexpectedEnd`.
    func peek() throws(JSONReadError) -> UInt8 {
        guard index < bytes.count else { throw fail(.unexpectedEnd) }
        return bytes[index]
    }

    mutating func parseDocument() throws(JSONReadError) -> JSON {
        skipWhitespace()
        let value = try parseValue(depth: 0, path: "")
        skipWhitespace()
        guard index == bytes.count else { throw fail(.trailingContent) }
        return value
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// `path` names where the value sits, for reports of duplicate keys.
    mutating func parseValue(depth: Int, path: String) throws(JSONReadError) -> JSON {
        guard depth < JSON.maximumDepth else { throw fail(.tooDeep) }
        switch try peek() {
        case UInt8(ascii: "{"): return try parseObject(depth: depth, path: path)
        case UInt8(ascii: "["): return try parseArray(depth: depth, path: path)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try literal(Array("true".utf8), .bool(true))
        case UInt8(ascii: "f"): return try literal(Array("false".utf8), .bool(false))
        case UInt8(ascii: "n"): return try literal(Array("null".utf8), .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail(.unexpectedByte)
        }
    }

    mutating func literal(_ word: [UInt8], _ value: JSON) throws(JSONReadError) -> JSON {
        for byte in word {
            guard try peek() == byte else { throw fail(.unexpectedByte) }
            index += 1
        }
        return value
    }

    mutating func expect(_ byte: UInt8) throws(JSONReadError) {
        guard try peek() == byte else { throw fail(.unexpectedByte) }
        index += 1
    }

    mutating func parseObject(depth: Int, path: String) throws(JSONReadError) -> JSON {
        index += 1
        var result = JSONObject()
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") { index += 1; return .object(result) }
        while true {
            skipWhitespace()
            guard try peek() == UInt8(ascii: "\"") else { throw fail(.unexpectedByte) }
            let key = try parseString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            let keyPath = path.isEmpty ? key : path + "." + key
            let value = try parseValue(depth: depth + 1, path: keyPath)
            if result[key] != nil { duplicates.append(keyPath) }
            result[key] = value
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(result)
            default: throw fail(.unexpectedByte)
            }
        }
    }

    mutating func parseArray(depth: Int, path: String) throws(JSONReadError) -> JSON {
        index += 1
        var result: [JSON] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") { index += 1; return .array(result) }
        while true {
            skipWhitespace()
            result.append(try parseValue(depth: depth + 1, path: path))
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(result)
            default: throw fail(.unexpectedByte)
            }
        }
    }

    /// At least one digit here; the count read.
    mutating func digits() throws(JSONReadError) -> Int {
        let start = index
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        guard index > start else { throw fail(index < bytes.count ? .badNumber : .unexpectedEnd) }
        return index - start
    }

    mutating func parseNumber() throws(JSONReadError) -> JSON {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        if try peek() == UInt8(ascii: "0") {
            index += 1
        } else {
            _ = try digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            _ = try digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            _ = try digits()
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// Appends the UTF-8 bytes `runStart..<end` as scalars; false when they are not UTF-8.
    func appendRun(from runStart: Int, to end: Int, into scalars: inout String.UnicodeScalarView) -> Bool {
        guard runStart < end else { return true }
        var decoder = UTF8()
        var iterator = bytes[runStart..<end].makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let v): scalars.append(v)
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    mutating func parseString() throws(JSONReadError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                guard appendRun(from: runStart, to: index, into: &scalars) else { throw fail(.badString) }
                index += 1
                return String(scalars)
            }
            if b < 0x20 { throw fail(.badString) }
            if b != UInt8(ascii: "\\") { index += 1; continue }
            guard appendRun(from: runStart, to: index, into: &scalars) else { throw fail(.badString) }
            index += 1
            let e = try peek()
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
                let unit = try hex4()
                if (0xD800...0xDBFF).contains(unit), bytes.count - index >= 6,
                   bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let save = index
                    index += 2
                    if let low = try? hex4(), (0xDC00...0xDFFF).contains(low),
                       let s = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) {
                        scalars.append(s)
                    } else {
                        // Not a pair: the high half alone becomes U+FFFD and the next escape
                        // is read on its own.
                        index = save
                        scalars.append("\u{FFFD}")
                    }
                } else {
                    scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                }
            default:
                index -= 1
                throw fail(.badString)
            }
            runStart = index
        }
        throw fail(.unexpectedEnd)
    }

    mutating func hex4() throws(JSONReadError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = try peek()
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw fail(.badString)
            }
            v = v * 16 + d
            index += 1
        }
        return v
    }
}

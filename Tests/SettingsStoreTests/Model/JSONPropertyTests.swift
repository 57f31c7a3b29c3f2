import PropertyBased
import SettingsStore
import Testing

/// The one JSON reader against the one writer, over random values (odd numbers, escapes,
/// surrogate pairs, unicode, nesting), with a shrinker so that a failure is reported as a
/// small value.
@Suite("JSON reader and writer", .shrinking)
struct JSONPropertyTests {
    /// Number texts the reader must keep exactly: signed zero, beyond Double's range, long
    /// integers, fractions that are not exact in binary, exponents in every spelling.
    static let oddNumbers = ["0", "-0", "1e400", "-1e400", "0.1", "12345678901234567890", "-98765432109876543210123",
                             "1.50", "1E+2", "2e-7", "-0.0", "0e0", "3.14159265358979323846264338327950288", "1e-400"]

    /// String pieces: escapes the writer must write, the characters the escaper handles
    /// specially, and text from several scripts (a non-BMP scalar is a surrogate pair once
    /// escaped).
    static let pieces = ["a", "Z", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{1B}[2J", "\u{7F}",
                         "\u{85}", "\u{9B}", "\u{2028}", "\u{2029}", "é", "日本語", "設定", "😀", "👍🏽", "e\u{301}", "\u{FFFD}",
                         "\u{10FFFF}", "</script>", "https://a/b"]

    static func string(_ rng: inout any SeededRandomNumberGenerator) -> String {
        (0..<Int.random(in: 0...5, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "a" }.joined()
    }

    static func number(_ rng: inout any SeededRandomNumberGenerator) -> JSON {
        switch Int.random(in: 0...3, using: &rng) {
        case 0: .number(oddNumbers.randomElement(using: &rng) ?? "0")
        case 1: .int(Int.random(in: Int.min...Int.max, using: &rng))
        case 2: .double(Double.random(in: -1e6...1e6, using: &rng))
        default: .double(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng)))
        }
    }

    static func value(_ rng: inout any SeededRandomNumberGenerator, depth: Int) -> JSON {
        let kind = Int.random(in: 0...(depth > 0 ? 6 : 4), using: &rng)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return number(&rng)
        case 3, 4: return .string(string(&rng))
        case 5: return .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in value(&rng, depth: depth - 1) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...4, using: &rng) { object[string(&rng)] = value(&rng, depth: depth - 1) }
            return .object(object)
        }
    }

    /// Smaller values first: a child in place of its parent, one member fewer, one child
    /// shrunk, a shorter string, `0` for a number.
    static func shrink(_ json: JSON) -> [JSON] {
        switch json {
        case .null: return []
        case .bool: return [.null]
        case .number(let text): return text == "0" ? [.null] : [.null, .number("0")]
        case .string(let s):
            return s.isEmpty ? [.null] : [.string(""), .string(String(s.unicodeScalars.prefix(s.unicodeScalars.count / 2))),
                                         .string(String(String.UnicodeScalarView(s.unicodeScalars.dropFirst())))]
        case .array(let items):
            var smaller: [JSON] = items
            smaller += items.indices.map { i in .array(Array(items[..<i] + items[(i + 1)...])) }
            for i in items.indices { smaller += shrink(items[i]).map { .array(Array(items[..<i]) + [$0] + Array(items[(i + 1)...])) } }
            return [.null] + smaller
        case .object(let object):
            let members = object.members
            var smaller: [JSON] = members.map(\.value)
            smaller += members.indices.map { i in .object(JSONObject(members.enumerated().filter { $0.offset != i }.map { ($0.element.key, $0.element.value) })) }
            for (i, member) in members.enumerated() {
                for shrunk in shrink(member.value) {
                    var copy = object
                    copy[member.key] = shrunk
                    smaller.append(.object(copy))
                }
                let lesser = shrink(.string(member.key)).compactMap(\.stringValue).filter { object[$0] == nil }
                for key in lesser {
                    var pairs = members.map { ($0.key, $0.value) }
                    pairs[i].0 = key
                    smaller.append(.object(JSONObject(pairs)))
                }
            }
            return [.null] + smaller
        }
    }

    static let values = Generator<JSON, [JSON]>(run: { rng in value(&rng, depth: 4) }, shrink: { shrink($0) })

    /// The value with every object's keys sorted, as files are written.
    static func sortedKeys(_ json: JSON) -> JSON {
        switch json {
        case .array(let items): .array(items.map(sortedKeys))
        case .object(let o): .object(JSONObject(o.members.sorted { $0.key < $1.key }.map { ($0.key, sortedKeys($0.value)) }))
        default: json
        }
    }

    @Test func readingWhatWasWrittenGivesTheSameValue() async {
        await propertyCheck(count: 300, input: Self.values) { value in
            for style in [JSONStyle.compact, .pretty] {
                let text = value.written(style)
                #expect(JSON.parse(Array(text.utf8)) == value, "\(style): \(text)")
            }
            for style in [JSONStyle.file, .canonical] {
                #expect(JSON.parse(Array(value.written(style).utf8)) == Self.sortedKeys(value))
            }
        }
    }

    /// Text as people and servers write it: random white space, every string character
    /// possibly escaped as `\uXXXX` (surrogate pairs beyond the BMP), `\/` for slashes.
    static func handWritten(_ json: JSON, _ rng: inout any SeededRandomNumberGenerator) -> String {
        func space() -> String {
            ["", "", " ", "\n  ", "\t", "\r\n"].randomElement(using: &rng) ?? ""
        }
        func quoted(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                let v = scalar.value
                let mustEscape = v < 0x20 || scalar == "\"" || scalar == "\\"
                if mustEscape || Bool.random(using: &rng) && Bool.random(using: &rng) {
                    if scalar == "\"" { out += "\\\"" } else if scalar == "\\" { out += "\\\\" } else if v > 0xFFFF {
                        let u = v - 0x10000
                        out += hex(0xD800 + (u >> 10)) + hex(0xDC00 + (u & 0x3FF))
                    } else {
                        out += hex(v)
                    }
                } else if scalar == "/" && Bool.random(using: &rng) {
                    out += "\\/"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        func hex(_ v: UInt32) -> String {
            let digits = String(v, radix: 16, uppercase: Bool.random(using: &rng))
            return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }
        switch json {
        case .null, .bool, .number: return json.written(.compact)
        case .string(let s): return quoted(s)
        case .array(let items):
            return "[" + space() + items.map { handWritten($0, &rng) + space() }.joined(separator: "," + space()) + "]"
        case .object(let o):
            return "{" + space() + o.members.map { quoted($0.key) + space() + ":" + space() + handWritten($0.value, &rng) + space() }
                .joined(separator: "," + space()) + "}"
        }
    }

    static let documents = Generator<(JSON, String), [(JSON, String)]>(run: { rng in
        let v = value(&rng, depth: 4)
        return (v, " " + handWritten(v, &rng) + "\n")
    }, shrink: { pair in shrink(pair.0).map { ($0, $0.written(.compact)) } })

    /// Written by hand, read and written again: every number's text and every object's key
    /// order come back exactly, escapes are decoded to the scalars they stand for.
    @Test func rewritingKeepsNumberTextAndKeyOrder() async {
        await propertyCheck(count: 300, input: Self.documents) { pair in
            let (value, text) = pair
            let read = try #require(JSON.parse(Array(text.utf8)), "\(text)")
            #expect(read == value, "\(text)")
            #expect(read.written(.compact) == value.written(.compact))
        }
    }

    /// Nested arrays and objects up to the limit read; one level more is refused, where it starts.
    @Test func theDepthLimitHolds() async {
        let depths = Gen.int(in: JSON.maximumDepth - 8...JSON.maximumDepth + 8)
        await propertyCheck(count: 100, input: depths, Gen.bool()) { depth, objects in
            let open = objects ? #"{"k":"# : "["
            let close = objects ? "}" : "]"
            let text = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
            let result = JSON.read(Array(text.utf8))
            if depth < JSON.maximumDepth {
                var value = JSON.int(1)
                for _ in 0..<depth { value = objects ? ["k": value] : .array([value]) }
                #expect((try? result.get().value) == value)
            } else {
                let offset = open.utf8.count * JSON.maximumDepth
                #expect(result.failure == JSONReadError(reason: .tooDeep, offset: offset))
            }
        }
    }

    @Test func failuresSayWhereAndWhy() {
        let cases: [(String, JSONReadError.Reason, Int)] = [
            (#"{"a":1,}"#, .unexpectedByte, 7), ("[1 2]", .unexpectedByte, 3), (#""abc"#, .unexpectedEnd, 4),
            ("01", .trailingContent, 1), (#"{"a":tru}"#, .unexpectedByte, 8), ("", .unexpectedEnd, 0),
            ("[1,]", .unexpectedByte, 3), ("-", .unexpectedEnd, 1), ("1.", .unexpectedEnd, 2), ("1.e5", .badNumber, 2),
            ("+1", .unexpectedByte, 0), ("NaN", .unexpectedByte, 0), ("'a'", .unexpectedByte, 0),
            ("\"a\u{01}\"", .badString, 2), (#""\x""#, .badString, 2), (#""\u12G4""#, .badString, 5),
            ("{} {}", .trailingContent, 3), ("[1] // c", .trailingContent, 4), ("{\"a\" 1}", .unexpectedByte, 5),
        ]
        for (text, reason, offset) in cases {
            #expect(JSON.read(Array(text.utf8)).failure == JSONReadError(reason: reason, offset: offset), "\(text)")
        }
        #expect(JSON.read([0x22, 0xFF, 0x22]).failure?.reason == .badString)
    }

    /// A key given twice: the last value in the first one's place, and the key named.
    @Test func duplicateKeysAreMergedAndNamed() throws {
        let reading = try JSON.read(Array(#"{"a":1,"b":{"c":1,"c":2},"a":3}"#.utf8)).get()
        #expect(reading.value.written(.compact) == #"{"a":3,"b":{"c":2}}"#)
        #expect(reading.duplicates == ["b.c", "a"])
    }

    /// A lone surrogate escape becomes U+FFFD; a pair becomes its scalar.
    @Test func surrogates() {
        #expect(JSON.parse(Array(#""\ud83d\ude00""#.utf8)) == .string("😀"))
        #expect(JSON.parse(Array(#""\ud83dx""#.utf8)) == .string("\u{FFFD}x"))
        #expect(JSON.parse(Array(#""\ude00\ud83d\u0041""#.utf8)) == .string("\u{FFFD}\u{FFFD}A"))
    }

    /// The command line's number forms (its goldens hold them).
    @Test func numbersBuiltFromSwiftValues() {
        #expect(JSON.double(12).written(.compact) == "12")
        #expect(JSON.double(-0.0).written(.compact) == "0")
        #expect(JSON.double(0.1).written(.compact) == "0.1")
        #expect(JSON.double(1e15).written(.compact) == "1000000000000000.0")
        #expect(JSON.double(.nan) == .null && JSON.double(.infinity) == .null)
        #expect(JSON.int(Int.min).written(.compact) == "-9223372036854775808")
        #expect(JSON.number("1e400").doubleValue == nil && JSON.number("12345678901234567890").intValue == nil)
        #expect(JSON.number("1e1").intValue == 10)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

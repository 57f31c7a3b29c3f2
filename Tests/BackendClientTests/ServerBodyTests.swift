import Foundation
import PropertyBased
import SettingsStore
import Testing
@testable import BackendClient

/// A server's body read by the one reader and cleaned (`JSON(serverBody:)`). Foundation's
/// `JSONSerialization` is the independent oracle here: it checks what our writer wrote.
@Suite struct ServerBodyTests {
    static let hostile = ["\u{1B}[2J", "\u{1B}]0;title\u{07}", "\u{9B}31m", "\u{202E}", "\u{1B}P+q\u{1B}\\", "\r\n", "\u{7F}"]
    static let piece = Gen.int(in: 0...(hostile.count - 1)).map { hostile[$0] }
    static let text = zip(Gen.letterOrNumber.string(of: 0...6), piece, Gen.letterOrNumber.string(of: 0...6))
        .map { $0 + $1 + $2 }

    @Test func noControlCharacterSurvivesInKeysOrValues() async {
        await propertyCheck(count: 150, input: Self.text, Self.text, Self.text) { key, value, nested in
            let object: [String: Any] = [key: value, "list": [nested, ["inner": value]]]
            let data = try JSONSerialization.data(withJSONObject: object)
            let cleaned = try #require(JSON(serverBody: data))
            let flat = cleaned.written(.compact)
            let decoded = try #require(try JSONSerialization.jsonObject(with: Data(flat.utf8)) as? [String: Any])
            func strings(_ value: Any) -> [String] {
                switch value {
                case let s as String: [s]
                case let a as [Any]: a.flatMap(strings)
                case let d as [String: Any]: d.keys.map { $0 } + d.values.flatMap(strings)
                default: []
                }
            }
            for string in strings(decoded) {
                #expect(!string.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E },
                        "\(string.debugDescription)")
            }
            #expect(strings(decoded).contains(TextSanitizer.clean(value)))
        }
    }

    /// Every JSON kind comes out as the same document in the cache's canonical form.
    @Test func everyJSONKindSurvivesTheRoundTrip() async {
        let scalar = Gen.int(in: 0...5).map { kind -> String in
            ["null", "true", "false", "-42", "2.5", "\"x\""][kind]
        }
        await propertyCheck(count: 100, input: scalar, scalar, scalar) { a, b, c in
            let document = "{\"a\":\(a),\"list\":[\(b),{\"c\":\(c)}]}"
            let written = try #require(JSON.canonicalData(serverBody: Data(document.utf8)))
            let original = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? NSDictionary
            let again = try JSONSerialization.jsonObject(with: written) as? NSDictionary
            #expect(original != nil && original == again, "\(document) → \(String(decoding: written, as: UTF8.self))")
            #expect(String(decoding: written, as: UTF8.self) == document, "already canonical: the same bytes")
        }
    }

    /// The tokens of a login or refresh answer are read from the cleaned value.
    @Test func tokensAreReadFromTheCleanedValue() throws {
        let tokens = try APIClient.tokens(in: Data(#"{"data":{"accessToken":"a\u001b[2Jb","refreshToken":null},"x":1}"#.utf8))
        #expect(tokens.accessToken == TextSanitizer.clean("a\u{1B}[2Jb"))
        #expect(tokens.refreshToken == nil)
        #expect(try APIClient.tokens(in: Data(#"{"data":{"accessToken":"a","refreshToken":"r"}}"#.utf8)).refreshToken == "r")
        for bad in ["not json", #"{"data":{}}"#, #"{"data":{"accessToken":3}}"#, #"{"data":{"accessToken":"a","refreshToken":2}}"#] {
            #expect(throws: ClientError.self, "\(bad)") { try APIClient.tokens(in: Data(bad.utf8)) }
        }
    }

    @Test func scalarsAndBadBodiesHaveNoCanonicalForm() {
        for body in ["3", "\"x\"", "null", "{", "{} {}", ""] {
            #expect(JSON.canonicalData(serverBody: Data(body.utf8)) == nil, "\(body)")
        }
    }
}

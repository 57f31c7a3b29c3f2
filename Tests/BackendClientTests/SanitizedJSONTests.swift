import Foundation
import PropertyBased
import SettingsStore
import Testing
@testable import BackendClient

@Suite struct SanitizedJSONTests {
    static let hostile = ["\u{1B}[2J", "\u{1B}]0;title\u{07}", "\u{9B}31m", "\u{202E}", "\u{1B}P+q\u{1B}\\", "\r\n", "\u{7F}"]
    static let piece = Gen.int(in: 0...(hostile.count - 1)).map { hostile[$0] }
    static let text = zip(Gen.letterOrNumber.string(of: 0...6), piece, Gen.letterOrNumber.string(of: 0...6))
        .map { $0 + $1 + $2 }

    @Test func noControlCharacterSurvivesInKeysOrValues() async {
        await propertyCheck(count: 150, input: Self.text, Self.text, Self.text) { key, value, nested in
            let object: [String: Any] = [key: value, "list": [nested, ["inner": value]]]
            let data = try JSONSerialization.data(withJSONObject: object)
            let cleaned = try #require(SanitizedJSON.object(from: data))
            let flat = try #require(String(data: JSONSerialization.data(withJSONObject: cleaned), encoding: .utf8))
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

    /// Without `JSONSerialization` on the reading side, every JSON kind must still come out
    /// as the same document when Foundation writes the value back (as the prober does).
    @Test func everyJSONKindSurvivesTheRoundTrip() async {
        let scalar = Gen.int(in: 0...5).map { kind -> String in
            ["null", "true", "false", "-42", "2.5", "\"x\""][kind]
        }
        await propertyCheck(count: 100, input: scalar, scalar, scalar) { a, b, c in
            let document = "{\"a\":\(a),\"list\":[\(b),{\"c\":\(c)}]}"
            let value = try #require(SanitizedJSON.value(from: Data(document.utf8)))
            #expect(JSONSerialization.isValidJSONObject(value))
            let written = try JSONSerialization.data(withJSONObject: value)
            let original = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? NSDictionary
            let again = try JSONSerialization.jsonObject(with: written) as? NSDictionary
            #expect(original != nil && original == again, "\(document) → \(String(decoding: written, as: UTF8.self))")
        }
    }

    @Test func decodingGoesThroughTheCleanedValue() throws {
        struct Answer: Decodable { var name: String; var count: Int; var ratio: Double; var missing: String? }
        let answer = try SanitizedJSON.decode(Answer.self,
                                              from: Data(#"{"name":"a\u001b[2Jb","count":3,"ratio":0.5,"missing":null}"#.utf8))
        #expect(answer.name == TextSanitizer.clean("a\u{1B}[2Jb"))
        #expect(answer.count == 3 && answer.ratio == 0.5 && answer.missing == nil)
        #expect(throws: ClientError.self) { try SanitizedJSON.decode(Answer.self, from: Data("not json".utf8)) }
    }
}

import PropertyBased
import SettingsStore
import Testing

/// SPEC §4: what an input method types is read as it is meant (full-width ASCII, `。．｡` →
/// ASCII, `fullwidth_converted`), and an internationalized host becomes its A-labels
/// (`idn_host`, both forms in the message's parameters), in the one validator every entry point uses.
@Suite("Address validation: input methods and IDN")
struct InputMethodAndIDNTests {
    @Test("full-width ASCII and ideographic full stops read as ASCII, with fullwidth_converted", arguments: [
        ("ｈｔｔｐｓ：／／ｖｃ．ｅｘａｍｐｌｅ／ａｐｉ", "https://vc.example/api"),
        ("https://ward4。example。org/api", "https://ward4.example.org/api"),
        ("https://ward4｡example．org/api", "https://ward4.example.org/api"),
        ("　ｈｔｔｐｓ：／／ｗａｒｄ４．ｅｘａｍｐｌｅ．ｏｒｇ：８４４３／ａｐｉ　", "https://ward4.example.org:8443/api"),
    ])
    func fullWidth(input: String, normalized: String) {
        let result = AddressValidator.validate(input)
        #expect(result.isValid, "\(result.errors)")
        #expect(result.normalizedAddress == normalized)
        #expect(result.warnings.first?.code == .fullwidthConverted)
    }

    @Test("half-width input gets no fullwidth_converted")
    func halfWidthUntouched() {
        #expect(!AddressValidator.validate("https://ward4.example.org/api").warnings.contains { $0.code == .fullwidthConverted })
    }

    @Test("a Unicode host becomes its A-labels, with idn_host naming both forms", arguments: [
        ("https://病院.example.jp/api", "https://xn--0rys90e.example.jp/api", "病院.example.jp"),
        ("https://Bücher.example/api", "https://xn--bcher-kva.example/api", "Bücher.example"),
        ("ｈｔｔｐｓ：／／病院。example。jp/api", "https://xn--0rys90e.example.jp/api", "病院.example.jp"),
    ])
    func idn(input: String, normalized: String, unicode: String) {
        let result = AddressValidator.validate(input)
        #expect(result.isValid, "\(result.errors)")
        #expect(result.normalizedAddress == normalized)
        let idn = result.warnings.first { $0.code == .idnHost }
        #expect(idn?.parameters["host"] == unicode)
        #expect(idn.flatMap { $0.parameters["ascii"] }.map { normalized.contains($0) } == true)
    }

    @Test("a host that is no name in any script stays invalid_host")
    func badUnicodeHost() {
        let result = AddressValidator.validate("https://♥☺.example/api")
        #expect(!result.isValid)
        #expect(result.errors.map(\.code) == [.invalidHost])
    }

    @Test("libidn2 is found here, and the built-in conversion agrees with it on known names")
    func vectors() {
        #expect(IDNA.hasLibidn2)
        for (host, aLabel) in [("病院.example.jp", "xn--0rys90e.example.jp"), ("bücher.example", "xn--bcher-kva.example"),
                               ("пример.рф", "xn--e1afmkfd.xn--p1ai"), ("例え.テスト", "xn--r8jz45g.xn--zckzah")] {
            #expect(IDNA.toASCII(host, engine: .libidn2) == aLabel, "\(host)")
            #expect(IDNA.toASCII(host, engine: .builtIn) == aLabel, "\(host)")
        }
    }

    @Test("the built-in conversion gives libidn2's A-labels for names in Japanese, Chinese, Latin and Cyrillic letters")
    func builtInMatchesLibidn2() async {
        let letters: [Character] = ["病", "院", "棟", "医", "療", "あ", "ア", "カ", "ー", "é", "ü", "ñ", "ß", "д", "ж", "a", "z", "0", "9", "한"]
        let labels = Gen<Int>.int(in: 0...(letters.count - 1)).array(of: 1...12)
            .map { String($0.map { letters[$0] }) }
        await propertyCheck(count: 200, input: zip(labels, labels)) { first, second in
            let host = "\(first).\(second).example"
            let reference = IDNA.toASCII(host, engine: .libidn2)
            guard let reference else { return } // a name libidn2 refuses (e.g. ー first) is no test of the mapping
            #expect(IDNA.toASCII(host, engine: .builtIn) == reference, "\(host)")
        }
    }
}

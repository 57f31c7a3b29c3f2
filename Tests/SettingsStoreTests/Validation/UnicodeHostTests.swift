@testable import AppCore
import Localization
import PropertyBased
import Testing
import TestSupport

/// SPEC §4 and issue 27 item 3: an A-label is shown to people in its Unicode form, by one pure
/// function (`UnicodeHost`), unless that form could pass for another name; a custom server is
/// named in both forms, and JSON carries both.
@Suite("Internationalized names in both forms")
struct UnicodeHostTests {
    enum Gen: RandomChoices {
        /// Letters of scripts people use in host names, Latin among them (mixed only with CJK).
        static let letters: [String] = ["病", "院", "東", "京", "あ", "カ", "ナ", "ー", "한", "글", "ü", "é", "a", "z", "7", "-"]

        static let labels: Shrinking<String> = shrinking { rng in
            // A label starts and ends with a letter (as a host name's does), and holds a non-ASCII one.
            "病" + (0..<int(1...12, &rng)).map { _ in pick(letters, &rng) }.joined() + "院"
        }
    }

    @Test("known A-labels read back as their Unicode form, port and prefix kept", arguments: [
        ("xn--0rys90e.example.jp", "病院.example.jp"),
        ("xn--bcher-kva.example", "bücher.example"),
        ("xn--0rys90e.example.jp:8443/ward", "病院.example.jp:8443/ward"),
        ("XN--0RYS90E.example.jp", "病院.example.jp"),
    ])
    func known(aLabel: String, unicode: String) {
        #expect(UnicodeHost.unicode(aLabel) == unicode)
        #expect(UnicodeHost.readableURL("https://" + aLabel + "/api") == "https://" + unicode + "/api")
    }

    @Test("ASCII names and IP literals have no Unicode form", arguments: ["ward3.example.org", "pn51", "[::1]:8443", "10.0.0.1"])
    func ascii(name: String) {
        #expect(UnicodeHost.unicode(name) == nil)
        #expect(UnicodeHost.readable(name) == name)
    }

    @Test("a Unicode label turned into its A-label and back is itself")
    func roundTrip() async {
        await propertyCheck(count: 200, input: Gen.labels) { label in
            let aLabel = IDNA.toASCII(label + ".example.jp", engine: .builtIn)
            #expect(aLabel?.hasPrefix("xn--") == true, "\(label)")
            #expect(aLabel.flatMap(UnicodeHost.unicode) == label.lowercased() + ".example.jp", "\(label) → \(aLabel ?? "nil")")
        }
    }

    @Test("a Unicode form that could pass for another name, or hides a character, is refused", arguments: [
        "a\u{202E}lpt", // a right-to-left override: the name would be drawn in another order
        "ward\u{200B}3", // a zero-width space: reads as ward3
        "p\u{0430}ypal", // a Cyrillic а among Latin letters
        "abc\u{05D0}", // Hebrew beside Latin: its order on the screen is not its order
        "a b", // a space
    ])
    func refused(label: String) throws {
        let encoded = try #require(Punycode.encode(label))
        let aLabel = "xn--" + encoded + ".example"
        #expect(UnicodeHost.unicode(aLabel) == nil, "\(aLabel)")
        #expect(UnicodeHost.readable(aLabel) == aLabel, "the A-label stays alone")
    }

    @Test("malformed Punycode has no Unicode form", arguments: ["xn--", "xn--a-", "xn--99999999999999", "xn--ü"])
    func malformed(name: String) {
        #expect(UnicodeHost.unicode(name) == nil)
    }

    @Test("a custom internationalized server is named in Unicode, with its A-label beside it, in three languages",
          arguments: AppLanguage.allCases)
    func serverNames(language: AppLanguage) throws {
        let localizer = Localizer(language: language)
        let server = try #require(ServerCatalog.customServer(address: "https://xn--0rys90e.example.jp:8443/api",
                                                             connectionTimeoutSeconds: 10))
        #expect(ServerNames.name(server, localizer: localizer) == "病院.example.jp:8443")
        let both = ServerNames.withALabel(server, localizer: localizer)
        #expect(both.hasPrefix("病院.example.jp:8443") && both.contains("xn--0rys90e.example.jp:8443"), "\(both)")
        // A removed server is named from what was kept of it.
        let former = ServerNames.withALabel(id: server.id, servers: [], formerNames: [server.id: ServerNames.stored(server)],
                                            localizer: localizer)
        #expect(former == both)
        let fields = JSONObject(ServerNames.hostFields(server))
        #expect(fields["host"] == .string("xn--0rys90e.example.jp"))
        #expect(fields["hostUnicode"] == .string("病院.example.jp"))
        #expect(fields["displayNameUnicode"] == .string("病院.example.jp:8443"))
        // An ASCII server is named once.
        let ascii = try #require(ServerCatalog.customServer(address: "https://ward3.example.org/api", connectionTimeoutSeconds: 10))
        #expect(ServerNames.withALabel(ascii, localizer: localizer) == "ward3.example.org")
        #expect(JSONObject(ServerNames.hostFields(ascii))["hostUnicode"] == .string("ward3.example.org"))
    }
}

import Localization
import PropertyBased
import SettingsStore
import Testing

/// Issue 27 item 6: every refusal says why. A host that breaks the host rule (SPEC §4) is
/// refused with the rule it breaks, in the three languages: a 160-character label because a
/// DNS label is at most 63 bytes, not as "not a valid host name or IP address" alone.
@Suite("address validation: an invalid host says why")
struct InvalidHostReasonTests {
    static func messages(_ input: String) -> [String] {
        let result = AddressValidator.validate(input)
        guard let issue = result.errors.first(where: { $0.code == .invalidHost }) else { return [] }
        return AppLanguage.allCases.map { Localizer(language: $0).text(issue.messageKey, issue.parameters) }
    }

    @Test func aLongLabelIsRefusedBecauseALabelIsAtMost63() {
        let label = String(repeating: "a", count: 160)
        let messages = Self.messages("https://\(label).example.jp/api")
        #expect(messages.count == 3)
        for message in messages {
            #expect(message.contains("160") && message.contains("63"), "\(message)")
        }
        let issue = AddressValidator.validate("https://\(label).example.jp/api").errors.first { $0.code == .invalidHost }
        let generic = AppLanguage.allCases.map { Localizer(language: $0).text("validation.invalid_host", issue?.parameters ?? [:]) }
        for (message, plain) in zip(messages, generic) {
            #expect(message != plain, "a reason, not only the generic words: \(message)")
        }
    }

    @Test func eachRuleHasItsOwnReason() {
        let cases: [(String, String)] = [
            ("https://ward_3.example.jp/api", "character"),
            ("https://ward3..example.jp/api", "empty_label"),
            ("https://-ward3.example.jp/api", "hyphen"),
            ("https://192.168.1.300/api", "numeric"),
            ("https://127.1/api", "numeric"),
            ("https://[12345::1]/api", "ipv6"),
        ]
        for (input, reason) in cases {
            let issue = AddressValidator.validate(input).errors.first { $0.code == .invalidHost }
            #expect(issue?.parameters[ValidationIssue.reasonParameter] == reason, "\(input): \(String(describing: issue))")
        }
    }

    /// Any host that breaks the rule is refused with a reason that every catalog words, with
    /// every parameter filled.
    @Test func everyInvalidHostHasAWordedReason() async {
        let piece = Gen.element(of: ["a", "b", "7", "-", ".", "_", "é", String(repeating: "x", count: 64), "0x1f", "999"])
            .map { $0 ?? "a" }
        await propertyCheck(count: 300, input: piece.array(of: 1...8)) { pieces in
            let host = pieces.joined()
            let result = AddressValidator.validate("https://\(host)/api")
            guard let issue = result.errors.first(where: { $0.code == .invalidHost }) else { return }
            #expect(issue.parameters[ValidationIssue.reasonParameter] != nil, "\(host): \(issue)")
            for language in AppLanguage.allCases {
                let localizer = Localizer(language: language)
                #expect(localizer.hasText(issue.messageKey), "\(issue.messageKey) in \(language)")
                let text = localizer.text(issue.messageKey, issue.parameters)
                #expect(text.firstMatch(of: /\{[A-Za-z_]+\}/) == nil, "\(text)")
            }
        }
    }
}

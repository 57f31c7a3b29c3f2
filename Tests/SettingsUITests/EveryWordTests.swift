import Localization
import AppCore
import SettingsUI
import TerminalRendering
import Testing

/// SPEC §10.4/§11: no placeholder ever reaches a person. Every error code, with the parameters
/// its producer really sets (and with each known cause), is posted as each kind of notice the
/// reducer posts, and rendered in every language: no `{name}` may be left in the frame (the
/// redirect advice once printed a literal `{host}`). Validation messages likewise, for every code.
@Suite("Every word is filled")
struct EveryWordTests {
    /// What the producers set: ClientError (host of a cross-host redirect, HTTP status, cause),
    /// CertificateInfo (days, date). The rest comes from the server and the settings.
    static func producerParameters(_ code: ConnectivityErrorCode) -> [String: String] {
        switch code {
        case .redirectCrossHost: ["host": "other.example", "status": "302"]
        case .redirectRefused: ["status": "301"]
        case .httpStatus: ["status": "502"]
        case .certExpiring: ["days": "3", "date": "2026-12-01T00:00:00Z"]
        case .slowResponse: ["ms": "3000", "threshold": "1500"]
        default: [:]
        }
    }

    /// What the producer sets together with a cause: ConnectivityChecker dates a certificate
    /// not yet valid (`clock_behind`), CurlTransfer names an unreadable CA bundle and the
    /// header limit.
    static func causeParameters(_ cause: ConnectivityCause) -> [String: String] {
        switch cause {
        case .clockBehind: ["not_before": "2027-01-01T00:00:00Z", "now": "2026-11-26T17:00:00Z"]
        case .caBundleUnreadable: ["path": "/etc/verbumcare/ca.pem", "reason": "No such file or directory"]
        case .headers: ["bytes": "65536"]
        case .libcurlMissing, .resolverTimeout, .htmlPage, .authShape: [:]
        }
    }

    static func allErrors() -> [ConnectivityError] {
        var result: [ConnectivityError] = []
        for code in ConnectivityErrorCode.allCases {
            result.append(ConnectivityError(code: code, message: "x", parameters: producerParameters(code)))
            for cause in ConnectivityCause.allCases {
                var parameters = producerParameters(code).merging(causeParameters(cause)) { own, _ in own }
                parameters[ConnectivityCause.parameter] = cause.rawValue
                result.append(ConnectivityError(code: code, message: "x", parameters: parameters))
            }
        }
        return result
    }

    /// Whether a `{name}` is left in `text`.
    static func hasPlaceholder(_ text: String) -> Bool {
        text.firstMatch(of: /\{[A-Za-z_]+\}/) != nil
    }

    @Test("every error, as every kind of notice, renders without a left {…}", arguments: AppLanguage.allCases)
    func notices(language: AppLanguage) {
        let failed = Fixtures.server("mac-mini")
        let fallback = Fixtures.server("pn51")
        for reason in Self.allErrors() {
            let messages = [ConnectivityMessages.unreachable(failed, reason: reason),
                            ConnectivityMessages.fallbackNotice(failed: failed, reason: reason, using: fallback),
                            ConnectivityMessages.allUnreachable(configured: failed, fallback: fallback, reason: reason),
                            ConnectivityMessages.switchFailed(target: failed, previous: fallback, reason: reason)]
            for message in messages {
                var settings = Fixtures.error(language)
                settings.notices = [Notice(subject: .server(failed.id), kind: .error, message: message,
                                           condition: .untilDismissed, postedAt: Fixtures.now)]
                let model = ScreenModel(state: AppState(settings: settings), now: Fixtures.now, clock: Fixtures.clock)
                let text = ScreenRenderer.render(model, width: 200, height: 50).buffer.textDump()
                #expect(!Self.hasPlaceholder(text),
                        "\(message.key) for \(reason.code) \(reason.parameters) in \(language):\n\(text)")
            }
        }
    }

    @Test("every validation message, as validate produces it, has its parameters", arguments: AppLanguage.allCases)
    func validation(language: AppLanguage) {
        let localizer = Localizer(language: language)
        let inputs = ["", String(repeating: "a", count: 300), "ward4", "http://ward4.example/api", "https://u:p@h.example/api",
                      "https://h.example/api?x", "https://h.example:0/api", "https://h..example/api", "https://localhost/api",
                      "https://h.example/", "https://h.local/api", "https://10.0.0.1/api", "https://ward/api",
                      "https://h.example:9999/api", "ｈｔｔｐｓ：／／ｈ．ｅｘａｍｐｌｅ／ａｐｉ", "https://病院.example.jp/api",
                      "https://ward\u{200B}3.example.org/api"]
        var seen = Set<ValidationCode>()
        for environment in [AppEnvironment.production, .development] {
            for input in inputs + ["http://localhost/api"] {
                let result = AddressValidator.validate(input, environment: environment)
                for issue in result.errors + result.warnings {
                    seen.insert(issue.code)
                    let text = localizer.text("validation.\(issue.code.rawValue)", issue.parameters)
                    #expect(!Self.hasPlaceholder(text), "\(input): \(text)")
                }
            }
        }
        #expect(seen == Set(ValidationCode.allCases), "codes never produced: \(Set(ValidationCode.allCases).subtracting(seen))")
    }
}

import Localization
import PropertyBased
import SettingsStore
import Testing
@testable import BackendClient

/// Issue 27 item 6, the class: whatever libcurl said and wherever `--connect-to` sent the
/// request, every error a check can carry (each code, each cause, each kind) is worded in the
/// run's language from the catalogs, with the host of the URL: never libcurl's English, never
/// the loopback address or port the request was routed to.
@Suite struct ErrorWordsPropertyTests {
    /// Each code without a cause, and each cause with the code its producer gives it.
    static let causeCodes: [ConnectivityCause: ConnectivityErrorCode] = [
        .libcurlMissing: .connect, .resolverTimeout: .dns, .clockBehind: .tlsNotYetValid, .caBundleUnreadable: .tlsOther,
        .headers: .tooLarge, .htmlPage: .badResponse, .authShape: .badResponse,
    ]
    static let errors = Gen.element(of: ConnectivityErrorCode.allCases.map { ($0, ConnectivityCause?.none) }
        + ConnectivityCause.allCases.map { (causeCodes[$0] ?? .connect, Optional($0)) }).map { $0 ?? (.connect, nil) }
    static let languages = Gen.element(of: AppLanguage.allCases).map { $0 ?? .ja }
    static let ports = Gen.int(in: 1024...65535)
    static let hosts = Gen.element(of: ["verbumcare-lab.local", "verbumcaremac-mini", "ward3.example.jp"]).map { $0 ?? "x.example" }

    @Test func everyErrorInEveryLanguageNamesTheHostNotTheLoopback() async {
        await propertyCheck(count: 400, input: Self.errors, Self.languages, Self.ports, Self.hosts) {
            pair, language, port, host in
            let (code, cause) = pair
            let url = "https://\(host)/health"
            let raw = "Failed to connect to 127.0.0.1 port \(port) after 0 ms: Couldn't connect to server"
            let rules = [ConnectToSpec(host: host, port: 443, connectHost: "127.0.0.1", connectPort: port)]
            var error = ClientError.transport(code, message: ConnectToSpec.asRequested(raw, url: url, rules: rules),
                                              cause: cause)
            if code == .httpStatus { error.httpStatus = 503 }
            let stored = error.connectivityError
            #expect(!stored.message.contains("127.0.0.1") && !stored.message.contains(String(port)), "\(stored.message)")
            let localizer = Localizer(language: language)
            var parameters = ConnectivityMessages.parameters(stored, url: url, timeoutMs: 10_000)
            // What the producers add beside (EveryWordTests has the full list): a date, a path.
            parameters.merge(["days": "3", "date": "2026-12-01", "ms": "2000", "threshold": "1500", "not_before": "2027-01-01",
                              "now": "2026-11-29", "path": "/etc/ca.pem", "reason": "ENOENT", "bytes": "65536"]) { own, _ in own }
            for key in [ConnectivityMessages.messageKey(stored), ConnectivityMessages.shortKey(stored)] {
                let text = localizer.text(key, parameters)
                #expect(!text.contains("127.0.0.1") && !text.contains("Failed to connect") && !text.contains(String(port)),
                        "\(key) in \(language): \(text)")
                #expect(text.firstMatch(of: /\{[A-Za-z_]+\}/) == nil, "\(key) in \(language): \(text)")
                #expect(text != key, "\(key) has no text in \(language)")
            }
            #expect(ClientErrorKind.allCases.contains(error.kind))
        }
    }

    @Test func everyCauseHasItsCode() {
        #expect(Set(Self.causeCodes.keys) == Set(ConnectivityCause.allCases), "a new cause needs its code here")
    }
}

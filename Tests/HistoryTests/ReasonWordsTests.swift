import AppCore
import Localization
import Testing

/// An incident's reason reaches a person with its numbers and never with a placeholder, in
/// every language (SPEC §15.2).
@Suite("Reasons in words")
struct ReasonWordsTests {
    /// A value for every parameter any reason text names.
    static let values = [
        "status": "502", "seconds": "7", "days": "12", "host": "mac-mini.tail0001.ts.net", "date": "2026-12-10",
        "ms": "2100", "threshold": "1500", "not_before": "2027-01-01 00:00", "now": "2026-11-28 22:40",
        "path": "/etc/ssl/bundle.pem", "reason": "permission denied", "bytes": "65536",
    ]

    static let server = ServerCatalog.prefilledServers(connectionTimeoutSeconds: 7)[0]

    /// Every code, and every cause the catalogs word for it, as history keeps it (the server's
    /// host and timeout filled in, only the parameters its texts use kept), and as an incident
    /// recorded before params were kept: short words and message in ja, en and zh-Hant carry
    /// no `{…}` and no `?`; where a number was kept, it is in the words.
    @Test func everyReasonIsWordedWithItsNumbersInEveryLanguage() {
        var checked = 0
        for code in ConnectivityErrorCode.allCases {
            let causes: [String?] = [nil] + ConnectivityCause.allCases.map(\.rawValue).filter { cause in
                Localizer.catalog(for: .en)["error.\(code.rawValue).\(cause).message"] != nil
            }
            for cause in causes {
                var parameters = Self.values.filter { ReasonWords.parameterNames(of: code).contains($0.key) }
                parameters[ConnectivityCause.parameter] = cause
                let kept = IncidentReason(ConnectivityError(code: code, message: "detail", parameters: parameters),
                                          server: Self.server)
                let bare = IncidentReason(code: code.rawValue)
                for language in AppLanguage.allCases {
                    let localizer = Localizer(language: language)
                    for reason in [kept, bare] {
                        for words in [ReasonWords.short(reason, localizer: localizer),
                                      ReasonWords.message(reason, localizer: localizer)] {
                            let story = "\(code.rawValue) \(cause ?? "-") \(language.rawValue) params \(reason.params): \(words)"
                            #expect(!words.contains("{") && !words.contains("}"), "\(story)")
                            #expect(!words.contains("?") && !words.contains("？"), "\(story)")
                            #expect(!words.isEmpty, "\(story)")
                            checked += 1
                        }
                    }
                    // The numbers a reason kept and its message names are in its words.
                    let message = ReasonWords.message(kept, localizer: localizer)
                    let template = localizer.text(ConnectivityMessages.messageKey(kept.error ?? ConnectivityError(code: code, message: "")))
                    for name in ["status", "seconds", "days", "ms"] where Localizer.parameterNames(in: template).contains(name) {
                        if let value = kept.params[name] { #expect(message.contains(value), "\(code) \(language): \(message)") }
                    }
                }
            }
        }
        #expect(checked >= ConnectivityErrorCode.allCases.count * 3 * 4)
    }

    /// The concrete story of issue 24: "HTTP ?", "timeout after ? s", "certificate ends in ? days".
    @Test func theNumbersOfTheStory() {
        let english = Localizer(language: .en)
        let http = IncidentReason(ConnectivityError(code: .httpStatus, message: "HTTP 502", parameters: ["status": "502"]),
                                  server: Self.server)
        #expect(http.params == ["status": "502"])
        // A 5xx says what it is (issue 27), with its number.
        #expect(ReasonWords.short(http, localizer: english) == "server error 502")
        #expect(ReasonWords.message(http, localizer: english) == "Server error (HTTP 502)")
        let timeout = IncidentReason(ConnectivityError(code: .timeout, message: "timed out"), server: Self.server)
        #expect(timeout.params == ["seconds": "7"])
        #expect(ReasonWords.short(timeout, localizer: english) == "timeout after 7 s")
        #expect(ReasonWords.message(timeout, localizer: Localizer(language: .ja)) == "7秒以内に応答がありません")
        let certificate = IncidentReason(ConnectivityError(code: .certExpiring, message: "", parameters: ["days": "12"]),
                                         server: Self.server)
        #expect(ReasonWords.short(certificate, localizer: english) == "certificate ends in 12 days")
        #expect(ReasonWords.message(certificate, localizer: Localizer(language: .zhHant)) == "憑證 12 天後到期")
        // Recorded before params were kept: words without numbers, not "HTTP ?".
        #expect(ReasonWords.short(IncidentReason(code: "http_status"), localizer: english) == "HTTP error")
    }
}

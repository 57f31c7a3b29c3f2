import Testing
import Localization
import SettingsStore
@testable import Connectivity

@Suite("Connectivity messages")
struct ConnectivityMessagesTests {
    private let macMini = ServerCatalog.prefilled[1]
    private let pn51 = ServerCatalog.prefilled[0]

    @Test func fallbackNoticeIsWordedInEveryLanguageWithItsReason() {
        let reason = ConnectivityError(code: .timeout, message: "Operation timed out")
        let notice = ConnectivityMessages.fallbackNotice(failed: macMini, reason: reason, using: pn51)
        #expect(notice.key == "notice.fallback")
        #expect(notice.code == .timeout)
        for language in AppLanguage.allCases {
            let localizer = Localizer(language: language)
            let name: (String) -> String = { id in localizer.text("server.\(id).name") }
            let text = ConnectivityMessages.render(notice, serverName: name) { localizer.text($0, $1) }
            #expect(text.contains("Mac Mini") && text.contains("pn51"), "\(language): \(text)")
            #expect(text.contains("10"), "\(language): \(text)") // the timeout in seconds
            #expect(!text.contains("{"), "\(language): \(text)")
        }
    }

    @Test func httpStatusMessagesTellServerAndClientErrorsApart() {
        let server = ConnectivityError(code: .httpStatus, message: "HTTP 502", parameters: ["status": "502"])
        let client = ConnectivityError(code: .httpStatus, message: "HTTP 404", parameters: ["status": "404"])
        #expect(ConnectivityMessages.messageKey(server) == "error.http_status.server_message")
        #expect(ConnectivityMessages.messageKey(client) == "error.http_status.client_message")
        #expect(ConnectivityMessages.messageKey(ConnectivityError(code: .dns, message: "")) == "error.dns.message")
    }

    @Test func everyCodeHasItsTextsInEveryLanguage() {
        for language in AppLanguage.allCases {
            let localizer = Localizer(language: language)
            for code in ConnectivityErrorCode.allCases {
                let error = ConnectivityError(code: code, message: "", parameters: ["status": "500"])
                for key in [ConnectivityMessages.messageKey(error), ConnectivityMessages.shortKey(error),
                            ConnectivityMessages.actionKey(error)] {
                    #expect(localizer.hasText(key), "\(language) \(key)")
                }
            }
        }
    }
}

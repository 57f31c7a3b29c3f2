import AppCore
import Localization
@testable import SettingsUI
import TerminalRendering
import Testing

/// Issue 27 item 6 on the screen: a message's `{host}` ("Could not connect to {host}", a DNS or
/// certificate-name error) names an internationalized server's host in its Unicode form, while
/// the notice's parameters keep the A-label the address holds.
@Suite("Notices name an internationalized host in its Unicode form")
struct ReadableHostNoticeTests {
    typealias F = Fixtures

    @Test("connect, DNS and certificate-name messages say 病院.example.jp", arguments: AppLanguage.allCases,
          [ConnectivityErrorCode.connect, .dns, .tlsHostname])
    func readableHost(language: AppLanguage, code: ConnectivityErrorCode) throws {
        var settings = F.connected(language)
        settings.availableServers = ServerCatalog.availableServers(
            customAddresses: ["https://病院.example.jp/api"], connectionTimeoutSeconds: 10)
        let server = try #require(settings.availableServers.first { $0.baseUrl.contains("xn--0rys90e") })
        settings.currentServer = server
        settings.timeline = []
        let message = ConnectivityMessages.unreachable(server, reason: ConnectivityError(code: code, message: "detail"))
        #expect(message.parameters["host"] == "xn--0rys90e.example.jp", "the parameter keeps the A-label")
        settings.notices = [Notice(subject: .server(server.id), kind: .error, message: message,
                                   condition: .untilDismissed, postedAt: F.now - 5)]
        let expected = Localizer(language: language).text(ConnectivityMessages.messageKey(message.reason ?? F.refused),
                                                           ["host": "病院.example.jp"])
        let model = ScreenModel(state: AppState(settings: settings, screen: ScreenState(settings: settings)), now: F.now)
        let screen = ScreenRenderer.render(model, width: 250, height: 40).buffer.textDump()
        let squeezed = { (text: String) in String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init)) }
        #expect(squeezed(screen).contains(squeezed(expected)), "\(expected) not in \(screen)")
        #expect(UIText(settings: settings).message(message) == expected)
    }
}

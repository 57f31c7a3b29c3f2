import Localization
import AppCore
import SettingsUI
import TerminalRendering
import Testing

/// Texts that are cut say so in words: notices that do not fit end with "and N more" (N the
/// notices not shown at all), and the too-small message fits its own width instead of cutting
/// off the size it needs.
@Suite("Cut texts say what is cut")
struct CutTextTests {
    @Test("more notices than rows: the last row says how many are hidden", arguments: AppLanguage.allCases)
    func noticesMore(language: AppLanguage) {
        var settings = Fixtures.connected(language)
        let total = 9
        settings.notices = (1...total).map { index in
            Notice(subject: .server("ward\(index)"), kind: .warning,
                   message: AppError(key: "notice.switch_back_offer", parameters: ["server": "ward\(index)"]),
                   condition: .untilDismissed, postedAt: Fixtures.now - Double(index))
        }
        let localizer = Localizer(language: language)
        for (width, height) in [(60, 16), (80, 24), (100, 30)] {
            let model = ScreenModel(state: AppState(settings: settings), now: Fixtures.now, clock: Fixtures.clock)
            let text = ScreenRenderer.render(model, width: width, height: height).buffer.textDump()
            let visible = (1...total).filter { text.contains("ward\($0)") }.count
            let hidden = total - visible
            #expect(hidden > 0, "the screen should not hold \(total) notices at \(width)×\(height)")
            let more = localizer.text("ui.notices_more", ["count": String(hidden)])
            #expect(text.contains(more), "\(width)×\(height): expected \(more)\n\(text)")
        }
    }

    @Test("the too-small message is never cut: the whole sentence or the size needed", arguments: AppLanguage.allCases)
    func tooSmallFits(language: AppLanguage) {
        let localizer = Localizer(language: language)
        for width in 20...59 {
            for height in [1, 8, 15] {
                let model = ScreenModel(state: AppState(settings: Fixtures.connected(language)), now: Fixtures.now)
                let buffer = ScreenRenderer.render(model, width: width, height: height).buffer
                let row = buffer.row(height / 2).map(\.content).joined().trimmingCharacters(in: .whitespaces)
                let parameters = ["cols": String(width), "rows": String(height), "minCols": "60", "minRows": "16"]
                let full = localizer.text("ui.too_small", parameters)
                let short = localizer.text("ui.too_small_short", parameters)
                #expect(row == full || row == short, "\(width)×\(height): \(row)")
                #expect(!row.contains("…"), "\(width)×\(height): \(row)")
            }
        }
    }

    /// docs/PRODUCT.md: Settings pane: a message too long for its row is cut in the middle of
    /// the server's name, never before its reason, in every language at 80 columns.
    @Test("pane messages keep their reason: a long name is cut in its middle", arguments: AppLanguage.allCases)
    func paneMessageKeepsItsReason(language: AppLanguage) throws {
        var settings = Fixtures.connected(language)
        let host = "ward3-nurse-station-east-building-second-floor.hospital-network.example.org"
        let server = try #require(ServerCatalog.customServer(address: "https://\(host)/api", connectionTimeoutSeconds: 10))
        settings.availableServers.append(server)
        var ui = UIState(settings: settings)
        Fixtures.press([.character("o")], &ui, &settings)
        let messages = [
            AppError(key: "switch.failed", parameters: ["server": server.id, "previous": "pn51"],
                     reason: ConnectivityError(code: .connect, message: "refused")),
            AppError(key: "notice.fallback", parameters: ["failed": server.id, "server": "pn51"],
                     reason: ConnectivityError(code: .timeout, message: "timed out")),
        ]
        let localizer = Localizer(language: language)
        for (message, reasonKey) in zip(messages, ["error.connect.short", "error.timeout.short"]) {
            settings.notices = [Notice(subject: .pane, kind: .error, message: message, condition: .paneNote, postedAt: Fixtures.now)]
            let model = ScreenModel(state: AppState(settings: settings, screen: ui), now: Fixtures.now, clock: Fixtures.clock)
            let rows = ScreenRenderer.render(model, width: 80, height: 24).buffer.textDump().split(separator: "\n")
            let reason = localizer.text(reasonKey, ["seconds": "10", "host": host])
            let row = rows.first { $0.contains("✗ ") }
            #expect(row?.contains(reason) == true, "\(message.key): \(reason) not on the row: \(row ?? "")")
            #expect(row?.contains("ward3-nur") == true && row?.contains("…") == true, "the name is cut in its middle: \(row ?? "")")
        }
    }
}

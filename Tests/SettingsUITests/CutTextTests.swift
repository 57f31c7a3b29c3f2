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

    /// docs/PRODUCT.md: Settings pane: a message too long for its row wraps, whole, with its
    /// reason (issue 27: "…and setting…" was cut), in every language at 80 columns.
    @Test("pane messages wrap whole with their reason", arguments: AppLanguage.allCases)
    func paneMessageKeepsItsReason(language: AppLanguage) throws {
        var settings = Fixtures.connected(language)
        let host = "ward3-nurse-station-east-building-second-floor.hospital-network.example.org"
        let server = try #require(ServerCatalog.customServer(address: "https://\(host)/api", connectionTimeoutSeconds: 10))
        settings.availableServers.append(server)
        var ui = ScreenState(settings: settings)
        Fixtures.press([.character("o")], &ui, &settings)
        let messages = [
            AppError(key: "switch.failed", parameters: ["server": server.id, "previous": "pn51"],
                     reason: ConnectivityError(code: .connect, message: "refused")),
            AppError(key: "notice.fallback", parameters: ["failed": server.id, "server": "pn51"],
                     reason: ConnectivityError(code: .timeout, message: "timed out")),
        ]
        let localizer = Localizer(language: language)
        // The messages as people read them: the server's name, pn51's, the reason.
        let names = [["server": host, "previous": "pn51"], ["failed": host, "server": "pn51"]]
        for ((message, reasonKey), named) in zip(zip(messages, ["error.connect.short", "error.timeout.short"]), names) {
            settings.notices = [Notice(subject: .pane, kind: .error, message: message, condition: .paneNote, postedAt: Fixtures.now)]
            let model = ScreenModel(state: AppState(settings: settings, screen: ui), now: Fixtures.now, clock: Fixtures.clock)
            let frame = ScreenRenderer.render(model, width: 80, height: 24).buffer.textDump()
            let reason = localizer.text(reasonKey, ["seconds": "10", "host": host])
            let whole = localizer.text(message.key, named.merging(["reason": reason]) { $1 })
            let squashed = frame.filter { !$0.isWhitespace && !"│┌┐└┘─".contains($0) }
            #expect(squashed.contains(whole.filter { !$0.isWhitespace }), "\(message.key) is not whole on screen:\n\(frame)")
            let start = frame.split(separator: "\n").firstIndex { $0.contains("✗ ") }
            #expect(start != nil, "\(frame)")
        }
    }
}

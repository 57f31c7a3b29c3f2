import AppCore
import Localization
@testable import SettingsUI
import TerminalRendering
import Testing

/// Issue 27 item 5: the timeline says what the status was before in words, the timeout notice
/// names its server, and a quoted clock reads as of the frame shown.
@Suite("Timeline and notice words")
struct TimelineWordsTests {
    typealias F = Fixtures

    static func rows(_ settings: SettingsState, now: Double = F.now, width: Int = 160) -> [String] {
        let model = ScreenModel(state: AppState(settings: settings, screen: ScreenState(settings: settings)), now: now)
        return ScreenRenderer.render(model, width: width, height: 40).buffer.textDump().split(separator: "\n").map(String.init)
    }

    @Test("a status change says what the status was before, in words", arguments: [
        (AppLanguage.en, "pn51 is now Connected (down 93 s before)"),
        (AppLanguage.ja, "停止していました"),
        (AppLanguage.zhHant, "先前中斷"),
    ])
    func before(language: AppLanguage, expected: String) {
        var settings = F.connected(language)
        settings.timeline = [
            TimelineEntry(at: F.now - 3, kind: .statusChanged, serverId: "pn51", status: .connected, previousDuration: 93),
            TimelineEntry(at: F.now - 96, kind: .statusChanged, serverId: "pn51", status: .disconnected, previousDuration: 600),
        ]
        let screen = Self.rows(settings).joined(separator: "\n")
        #expect(screen.contains(expected), "\(screen)")
        #expect(!screen.contains("(before:") && !screen.contains("（それまで"), "\(screen)")
    }

    @Test("the timeout notice names its server", arguments: AppLanguage.allCases)
    func timeoutNamesTheServer(language: AppLanguage) {
        var settings = F.connected(language)
        // Nothing else names Mac Mini on the screen.
        settings.timeline = []
        settings.serverHistory = []
        settings.notices = [Notice(subject: .server("mac-mini"), kind: .error,
                                   message: ConnectivityMessages.unreachable(F.server("mac-mini"), reason: F.timeout),
                                   condition: .untilDismissed, postedAt: F.now - 5)]
        let name = Localizer(language: language).text("server.mac-mini.name")
        let notice = Self.rows(settings).first { $0.contains("10") && $0.contains(name) }
        #expect(notice != nil, "\(Self.rows(settings).joined(separator: "\n"))")
    }

    @Test("the not-yet-valid notice quotes this machine's clock as of the frame, not of the test")
    func clockAsOfNow() {
        var settings = F.connected(.en)
        let tested = F.now - 30
        let reason = ConnectivityError(code: .tlsNotYetValid, message: "certificate is not yet valid",
                                       parameters: [ConnectivityCause.parameter: ConnectivityCause.clockBehind.rawValue,
                                                    "not_before": CertificateInfo.iso(F.now + 86_400),
                                                    "now": CertificateInfo.iso(tested)])
        settings.notices = [Notice(subject: .server("mac-mini"), kind: .error,
                                   message: ConnectivityMessages.unreachable(F.server("mac-mini"), reason: reason),
                                   condition: .untilDismissed, postedAt: tested)]
        let screen = Self.rows(settings).joined(separator: "\n")
        #expect(screen.contains(CertificateInfo.iso(F.now)), "\(screen)")
        #expect(!screen.contains(CertificateInfo.iso(tested)), "\(screen)")
        #expect(ScreenTime.secondsUntilChange(AppState(settings: settings), now: F.now + 0.25) == 0.75, "the quote is redrawn as the clock turns")
    }
}

/// Issue 27 item 5: the panel's uptime row carries its parts onto a second row rather than
/// cutting the last one ("p95 25 …").
@Suite("The panel's uptime row")
struct UptimeRowTests {
    typealias F = Fixtures

    @Test("the p95 of the uptime row is shown whole at every width, in three languages",
          arguments: AppLanguage.allCases, [100, 120, 160, 250])
    func p95Whole(language: AppLanguage, width: Int) {
        let settings = F.connected(language)
        let figures = WindowFigures(uptimeRatio: 0.9993, coverage: 0.125, probes: 120, p50Ms: 10, p95Ms: 25, p99Ms: 50)
        var watch = WatchState()
        watch.history = HistorySummary(figures: ["pn51": [.day: figures, .month: figures]], incidents: [], at: F.now)
        let model = ScreenModel(state: AppState(settings: settings, screen: ScreenState(settings: settings), watch: watch), now: F.now)
        let rows = ScreenRenderer.render(model, width: width, height: 40).buffer.textDump().split(separator: "\n")
        let p95 = "p95 " + HistoryText(language: language).milliseconds(25)
        #expect(rows.contains { $0.contains(p95) }, "\(language) \(width): \(rows.joined(separator: "\n"))")
        #expect(!rows.contains { $0.contains("p95") && $0.contains("…") })
    }
}

/// Issue 27 item 5 in `h`: an incident's line wraps under itself rather than being cut
/// ("…; usi…").
@Suite("History overlay lines")
struct HistoryOverlayLineTests {
    typealias F = Fixtures

    @Test("an incident's reason is read whole in a narrow overlay, in three languages", arguments: AppLanguage.allCases)
    func incidentWraps(language: AppLanguage) {
        let settings = F.connected(language)
        let start = Int64(F.now - 7_200) * 1000
        let incident = Incident(id: 1, serverId: "mac-mini", start: start, end: start + 93_000,
                                reason: IncidentReason(code: "fallback", params: ["reason": "timeout"], message: ""))
        var watch = WatchState()
        watch.history = HistorySummary(figures: [:], incidents: [incident], at: F.now)
        let model = ScreenModel(state: AppState(settings: settings, screen: ScreenState(settings: settings), watch: watch), now: F.now)
        let canvas = Canvas(model: model, width: 44, height: 1, memo: FrameMemo())
        let lines = HistoryOverlayView.lines(canvas, width: 40).map(\.text)
        let whole = HistoryText(language: language, clock: model.clock).incidentLine(incident, now: F.now)
        let squeezed = { (text: String) in String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init)) }
        #expect(lines.allSatisfy { canvas.metrics.width(of: $0) <= 40 }, "\(lines)")
        #expect(squeezed(lines.joined()).contains(squeezed(whole)), "\(whole) not whole in \(lines.joined(separator: "\n"))")
        #expect(!lines.contains { $0.contains("…") }, "\(lines.joined(separator: "\n"))")
    }
}

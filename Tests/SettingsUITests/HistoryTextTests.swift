import AppCore
import Localization
@testable import SettingsUI
import Testing

/// What `h`, `history`, the panel and the pane say of figures and incidents (`HistoryText`).
@Suite("History in words")
struct HistoryTextTests {
    static let start = 1_764_370_800.0  // 2025-11-28T23:00:00Z

    /// An incident's reason keeps its numbers in every language: "HTTP 502", not "HTTP ?".
    @Test(arguments: AppLanguage.allCases)
    func incidentsNameTheirNumbers(language: AppLanguage) {
        let text = HistoryText(language: language, clock: .fixed(utcOffsetSeconds: 9 * 3600))
        let http = Incident(id: 1, serverId: "mac-mini", start: Int64(Self.start * 1000), end: Int64(Self.start * 1000) + 600_000,
                            reason: IncidentReason(code: "http_status", params: ["status": "502"]))
        let timeout = Incident(id: 2, serverId: "mac-mini", start: Int64(Self.start * 1000), end: nil,
                               reason: IncidentReason(code: "timeout", params: ["seconds": "10"]))
        let closed = text.incidentLine(http, now: Self.start + 900)
        let open = text.incidentLine(timeout, now: Self.start + 900)
        // A 5xx says what it is ("server error 502"), with its number.
        let serverError = Localizer(language: language).text("error.http_status.server_short", ["status": "502"])
        #expect(closed.contains(serverError) && !closed.contains("?"), "\(closed)")
        #expect(open.contains("10") && !open.contains("?") && !open.contains("{"), "\(open)")
    }

    /// Coverage is said beside an uptime exactly when it reads under 100 %.
    @Test func coverageBesideUptimeWhenUnderAWhole() {
        let text = HistoryText(language: .en)
        func figures(_ coverage: Double) -> WindowFigures {
            WindowFigures(uptimeRatio: 0.995, coverage: coverage, probes: 10, p50Ms: nil, p95Ms: nil, p99Ms: nil)
        }
        #expect(text.uptimeWithCoverage(figures(1)) == "99.50 %")
        #expect(text.uptimeWithCoverage(figures(0.99996)) == "99.50 %")
        #expect(text.uptimeWithCoverage(figures(0.125)) == "99.50 % (coverage 12.50 %)")
        #expect(text.uptimeWithCoverage(nil) == "–")
    }
}

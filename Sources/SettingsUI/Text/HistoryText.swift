import AppCore
import Localization
import TerminalRendering

/// History in words (SPEC §15.2), one home for the `h` view, the panel, the pane and the
/// `history` command: a window's figures, an incident, an uptime.
public struct HistoryText: Sendable {
    let localizer: Localizer
    let clock: LocalClock

    public init(language: AppLanguage, clock: LocalClock = .system) {
        localizer = Localizer(language: language)
        self.clock = clock
    }

    /// A server's heading in the history (`ServerNames`, with its A-label beside an
    /// internationalized name), sanitized.
    public func serverName(_ server: ServerConfig) -> String {
        UIText.clean(ServerNames.withALabel(server, localizer: localizer))
    }

    /// "99.93 %"; "–" with no probes. Two decimals: an outage of a minute a day is 99.93 %.
    public func uptime(_ ratio: Double?) -> String {
        guard let ratio, ratio.isFinite else { return "–" }
        return localizer.text("ui.history.percent", ["value": FixedDecimal.text(ratio * 100, digits: 2)])
    }

    /// "99.93 %", with "(coverage 80.00 %)" while the window's coverage is under 100 %: an
    /// uptime over part of a window says so wherever it is shown.
    public func uptimeWithCoverage(_ figures: WindowFigures?) -> String {
        let ratio = uptime(figures?.uptimeRatio)
        guard let figures, Self.showsCoverage(figures) else { return ratio }
        return localizer.text("ui.history.uptime_coverage", ["uptime": ratio, "coverage": uptime(figures.coverage)])
    }

    /// Whether a window's coverage reads under 100 % (at the two decimals it is shown with).
    public static func showsCoverage(_ figures: WindowFigures) -> Bool {
        (figures.coverage * 10_000).rounded() < 10_000
    }

    /// "12 ms"; "<1 ms"; "–" without a figure.
    public func milliseconds(_ value: Double?) -> String {
        guard let value, value.isFinite, value >= 0 else { return "–" }
        return localizer.text("ui.response_ms", ["ms": MillisecondsText.figure(value)])
    }

    /// "24 h  99.93 %  coverage 100.00 %  8640 probes  p50 38 ms  p95 52 ms  p99 120 ms".
    public func windowLine(_ window: HistoryWindow, _ figures: WindowFigures?) -> String {
        // The labels padded to the widest, so the figures of the four windows line up.
        let metrics = DisplayWidth()
        let labels = HistoryWindow.allCases.map { localizer.text("ui.history.window.\($0.rawValue)") }
        let widest = labels.map { metrics.width(of: $0) }.max() ?? 0
        var label = localizer.text("ui.history.window.\(window.rawValue)")
        label += String(repeating: " ", count: max(0, widest - metrics.width(of: label)))
        guard let figures, figures.probes > 0 else {
            return label + "  " + localizer.text("ui.history.no_probes")
        }
        return localizer.text("ui.history.window_line", [
            "window": label, "uptime": uptime(figures.uptimeRatio), "coverage": uptime(figures.coverage),
            "probes": String(figures.probes), "p50": milliseconds(figures.p50Ms), "p95": milliseconds(figures.p95Ms),
            "p99": milliseconds(figures.p99Ms),
        ])
    }

    /// "11-25 02:10 → 02:40 (30 min)  no connection"; an open one "since 11-25 02:10 (12 min, ongoing)".
    public func incidentLine(_ incident: Incident, now: Double) -> String {
        let start = Double(incident.start) / 1000
        let reason = reasonText(incident.reason)
        if let end = incident.end {
            let endSeconds = Double(end) / 1000
            return localizer.text("ui.history.incident", [
                "start": clock.dateAndTime(start), "end": clock.dateAndTime(endSeconds),
                "duration": duration(endSeconds - start), "reason": reason,
            ])
        }
        return localizer.text("ui.history.incident_open", [
            "start": clock.dateAndTime(start), "duration": duration(now - start), "reason": reason,
        ])
    }

    /// The reason of an incident in short words with its numbers ("HTTP 502").
    public func reasonText(_ reason: IncidentReason) -> String {
        ReasonWords.short(reason, localizer: localizer)
    }

    /// The reason's one-line message with its numbers ("Server error (HTTP 502)").
    public func reasonMessage(_ reason: IncidentReason) -> String {
        ReasonWords.message(reason, localizer: localizer)
    }

    public func duration(_ seconds: Double) -> String {
        DurationText.text(seconds: seconds) { localizer.text($0, $1) }
    }

    /// "Recorded by this app", "Recorded by the monitor (pid 4242)", "Not recorded".
    public func recorder(_ watch: WatchState) -> String {
        if watch.isRecording { return localizer.text("ui.history.recorded_here") }
        if let recorder = watch.recorder {
            return localizer.text("ui.history.recorded_by", ["role": localizer.text("ui.history.role.\(recorder.role)"),
                                                              "pid": String(recorder.pid)])
        }
        return localizer.text("ui.history.not_recorded")
    }
}

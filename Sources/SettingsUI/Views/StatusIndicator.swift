import AppCore
import TerminalRendering

/// The status indicator on every screen: symbol + status word + server + response time (or the
/// reason it failed). Status is never shown by colour alone: the word is always there.
enum StatusIndicator {
    static func symbol(_ status: ConnectionStatus) -> String {
        switch status {
        case .connected: "●"
        case .testing, .switching: "◐"
        case .disconnected: "○"
        case .error: "✗"
        }
    }

    static func color(_ status: ConnectionStatus) -> SemanticColor {
        switch status {
        case .connected: .ok
        case .testing, .switching: .accent
        case .disconnected: .muted
        case .error: .error
        }
    }

    /// "● Connected", or just the word in `--plain`. Before the server's first result the word
    /// is "Not checked yet": nothing is known, so nothing says it is disconnected.
    static func word(_ status: ConnectionStatus, canvas: Canvas, unchecked: Bool = false) -> Line {
        let style = Style.colored(color(status), .bold)
        let word = unchecked ? canvas.text("status.not_checked") : canvas.text.statusWord(status)
        if canvas.plain {
            return Line(word, style: style)
        }
        return Line([Span(symbol(status) + " ", style: .colored(color(status))), Span(word, style: style)])
    }

    static func line(_ canvas: Canvas) -> Line {
        let settings = canvas.settings
        let text = canvas.text
        var line = word(settings.connectionStatus, canvas: canvas, unchecked: settings.isUnchecked)
        let separator = Span(" · ", style: .colored(.muted))
        for warning in currentWarnings(settings) {
            line.spans.append(separator)
            line.spans.append(warningSpan(warning, canvas: canvas))
        }
        line.spans.append(separator)
        line.spans.append(Span(text.shortServerName(settings.currentServer)))
        if let detail = detail(canvas) {
            line.spans.append(separator)
            line.spans.append(detail)
        }
        return line
    }

    /// The warnings of the current server's last test while it is connected (`slow_response`,
    /// `cert_expiring`).
    static func currentWarnings(_ settings: SettingsState) -> [ConnectivityError] {
        guard settings.connectionStatus == .connected, let status = settings.detailedStatus,
              status.serverId == settings.currentServer.id else { return [] }
        return HealthWarnings.of(status, slowThresholdMs: Double(settings.watchSettings.slowThresholdMs))
    }

    /// "⚠ slow": a warning's mark and word (the word alone, after "Warning:", in `--plain`), so
    /// it never rests on colour.
    static func warningSpan(_ warning: ConnectivityError, canvas: Canvas) -> Span {
        let word = canvas.text("status.warning.\(warning.code.rawValue)")
        let lead = canvas.plain ? canvas.text("ui.warning_label") + ": " : "⚠ "
        return Span(lead + word, style: .colored(.warning, .bold))
    }

    /// A probe has not answered for `waitingThreshold` seconds: "no answer for N s".
    static func waitingText(_ canvas: Canvas) -> String? {
        canvas.model.time.waitingSeconds.map { canvas.text("ui.no_answer", ["seconds": String($0)]) }
    }

    /// The N of "no answer for N s", or nil while it is not shown.
    static func waitingSeconds(_ settings: SettingsState, now: Double) -> Int? {
        guard let waited = settings.secondsWithoutAnswer(now: now), waited >= waitingThreshold else { return nil }
        return Int(waited)
    }

    /// Seconds a probe may take before the screen says it is waiting.
    static let waitingThreshold = 2.0

    /// Response time of the current server's last test, or why it failed.
    private static func detail(_ canvas: Canvas) -> Span? {
        if let waiting = waitingText(canvas) {
            return Span(waiting, style: .colored(.warning))
        }
        let settings = canvas.settings
        guard let status = settings.detailedStatus, status.serverId == settings.currentServer.id else { return nil }
        switch settings.connectionStatus {
        case .connected, .testing:
            return status.responseTime.map { Span(canvas.text.milliseconds($0)) }
        case .error, .disconnected:
            let health = status.checks.first { $0.endpoint == .health }
            return health?.error.map { Span(canvas.text.shortError($0, httpStatus: health?.httpStatus), style: .colored(.error)) }
        case .switching:
            return nil
        }
    }
}

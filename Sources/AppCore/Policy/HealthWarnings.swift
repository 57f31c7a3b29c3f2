/// The warnings a connected server's test carries (SPEC §6.1): the checker's own (a certificate
/// within `cert_warning_days`: `cert_expiring`) and `slow_response` when `health` answered
/// slower than the threshold (Nagios WARNING). A warning never makes a server disconnected;
/// every surface shows it with a mark and a word, never by colour alone. One rule for the
/// screen, the pane and the command line (`status`, `check`, Nagios, OpenMetrics, which take
/// a test through `applied(to:slowThresholdMs:)`).
public enum HealthWarnings {
    /// `slow_threshold_ms`' default (SPEC §15.3 makes it a setting).
    public static let defaultSlowThresholdMs = 1500.0

    /// The warnings of `status`. A test that already carries `slow_response` (one given
    /// through `applied`) gets no second one.
    public static func of(_ status: DetailedStatus, slowThresholdMs: Double = defaultSlowThresholdMs) -> [ConnectivityError] {
        guard status.isHealthy else { return status.warnings }
        let health = status.checks.first { $0.endpoint == .health }
        return adding(slowness(health?.timings.totalMs, slowThresholdMs: slowThresholdMs), to: status.warnings)
    }

    /// The same for a pane row's summary (its response time is the health check's).
    public static func of(_ summary: ServerProbeSummary, slowThresholdMs: Double = defaultSlowThresholdMs) -> [ConnectivityError] {
        let warnings = summary.warning.map { [$0] } ?? []
        guard summary.status == .connected else { return warnings }
        return adding(slowness(summary.responseTime, slowThresholdMs: slowThresholdMs), to: warnings)
    }

    /// `status` with its warnings as this rule gives them: what the command line prints and
    /// what a monitoring system reads are the screen's.
    public static func applied(to status: DetailedStatus, slowThresholdMs: Double) -> DetailedStatus {
        var result = status
        result.warnings = of(status, slowThresholdMs: slowThresholdMs)
        return result
    }

    /// `slow_response` with the measured time and the threshold (`ms`, `threshold`, whole
    /// milliseconds, as the catalog texts and the JSON `params` give them), or nil.
    private static func slowness(_ milliseconds: Double?, slowThresholdMs: Double) -> ConnectivityError? {
        guard let milliseconds, milliseconds > slowThresholdMs else { return nil }
        let ms = Int(milliseconds.rounded())
        let threshold = Int(slowThresholdMs.rounded())
        return ConnectivityError(code: .slowResponse,
                                 message: "health answered in \(ms) ms, over the \(threshold) ms threshold",
                                 parameters: ["ms": String(ms), "threshold": String(threshold)])
    }

    private static func adding(_ warning: ConnectivityError?, to warnings: [ConnectivityError]) -> [ConnectivityError] {
        guard let warning, !warnings.contains(where: { $0.code == warning.code }) else { return warnings }
        return warnings + [warning]
    }
}

/// The warnings a connected server's test carries (SPEC §6.1): the checker's own (a certificate
/// within `cert_warning_days`: `cert_expiring`) and `slow_response` when `health` answered
/// slower than the threshold (Nagios WARNING). A warning never makes a server disconnected;
/// every surface shows it with a mark and a word, never by colour alone. One rule for the
/// screen, the pane and the command line.
public enum HealthWarnings {
    /// `slow_threshold_ms`' default (SPEC §15.3 makes it a setting).
    public static let defaultSlowThresholdMs = 1500.0

    public static func of(_ status: DetailedStatus, slowThresholdMs: Double = defaultSlowThresholdMs) -> [ConnectivityError] {
        guard status.isHealthy else { return status.warnings }
        var warnings = status.warnings
        let health = status.checks.first { $0.endpoint == .health }
        if let ms = health?.timings.totalMs, ms > slowThresholdMs {
            warnings.append(ConnectivityError(code: .slowResponse, message: "health answered in \(Int(ms)) ms",
                                              parameters: ["ms": String(Int(ms.rounded())),
                                                           "threshold": String(Int(slowThresholdMs))]))
        }
        return warnings
    }

    /// The same for a pane row's summary (its response time is the health check's).
    public static func of(_ summary: ServerProbeSummary, slowThresholdMs: Double = defaultSlowThresholdMs) -> [ConnectivityError] {
        var warnings = summary.warning.map { [$0] } ?? []
        guard summary.status == .connected, let ms = summary.responseTime, ms > slowThresholdMs else { return warnings }
        warnings.append(ConnectivityError(code: .slowResponse, message: "health answered in \(Int(ms)) ms",
                                          parameters: ["ms": String(Int(ms.rounded())), "threshold": String(Int(slowThresholdMs))]))
        return warnings
    }
}

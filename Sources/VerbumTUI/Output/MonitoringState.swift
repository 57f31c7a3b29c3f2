import SettingsStore

/// A tested server in the monitoring-plugins convention: OK, WARNING (a degraded check or
/// `cert_expiring`), CRITICAL (not connected), UNKNOWN (the check could not run). Raw values
/// are the plugin exit codes; the order is "worse is greater".
enum MonitoringState: Int32, Comparable, CaseIterable {
    case ok = 0
    case warning = 1
    case critical = 2
    case unknown = 3

    var word: String {
        switch self {
        case .ok: "OK"
        case .warning: "WARNING"
        case .critical: "CRITICAL"
        case .unknown: "UNKNOWN"
        }
    }

    /// Severity for `--all`'s worst state: UNKNOWN counts below CRITICAL, as the plugin
    /// guidelines rank them.
    private var severity: Int {
        switch self {
        case .ok: 0
        case .warning: 1
        case .unknown: 2
        case .critical: 3
        }
    }

    static func < (lhs: MonitoringState, rhs: MonitoringState) -> Bool { lhs.severity < rhs.severity }

    /// CRITICAL without `health`; WARNING when another check failed (a sign-in request is not
    /// a failure) or a warning such as `cert_expiring` came with the result.
    init(_ result: DetailedStatus) {
        if !result.isHealthy {
            self = .critical
        } else if !Self.degradedChecks(result).isEmpty || !result.warnings.isEmpty {
            self = .warning
        } else {
            self = .ok
        }
    }

    static func degradedChecks(_ result: DetailedStatus) -> [CheckEndpoint] {
        result.checks.filter { $0.status == .failure && $0.endpoint != .health }.map(\.endpoint)
    }

    /// Each degraded check with what it met ("auth: HTML page, not VerbumCare's answer"),
    /// never only "auth failed"; nil when none is degraded.
    static func degradedText(_ result: DetailedStatus, server: ServerConfig, console: Console) -> String? {
        let notes = result.checks.filter { $0.status == .failure && $0.endpoint != .health }.map { check in
            guard let error = check.error else { return check.endpoint.rawValue }
            let parameters = ConnectivityMessages.parameters(error, url: check.url, timeoutMs: server.connectionTimeout)
            return console.text("cli.check.degraded", ["check": check.endpoint.rawValue,
                                                       "reason": console.text(ConnectivityMessages.shortKey(error), parameters)])
        }
        return notes.isEmpty ? nil : notes.joined(separator: ", ")
    }
}

import Connectivity
import SettingsStore

/// `check --format nagios`: one line `VERBUMCARE <STATE> - <summary> | <perfdata>` and the
/// plugin exit code (docs/COMMAND-LINE.md). Pure: made from the results and the catalogs.
struct NagiosReport {
    var state: MonitoringState
    var summary: String
    var perfdata: [String]

    var line: String {
        let text = "VERBUMCARE \(state.word) - \(Self.clean(summary))"
        return perfdata.isEmpty ? text : text + " | " + perfdata.joined(separator: " ")
    }

    init(state: MonitoringState, summary: String, perfdata: [String] = []) {
        self.state = state
        self.summary = summary
        self.perfdata = perfdata
    }

    /// One or many servers; with many, the worst state and a count in front of the details.
    init(tested: [(server: ServerConfig, result: DetailedStatus)], warningDays: Int, console: Console) {
        let states = tested.map { MonitoringState($0.result) }
        state = states.max() ?? .unknown
        var parts = zip(tested, states).map { item, itemState in
            Self.summary(server: item.server, result: item.result, state: itemState, console: console)
        }
        if tested.count > 1 {
            let connected = tested.filter { $0.result.isHealthy }.count
            let count = console.text("cli.nagios.servers", ["connected": String(connected), "count": String(tested.count)])
            // The servers that are not OK first, so a truncated status line still names them.
            let ordered = zip(parts, states).sorted { $0.1 > $1.1 }.map(\.0)
            parts = [count] + ordered
        }
        summary = parts.joined(separator: "; ")
        perfdata = tested.flatMap { Self.perfdata(server: $0.server, result: $0.result, warningDays: warningDays) }
    }

    static func summary(server: ServerConfig, result: DetailedStatus, state: MonitoringState, console: Console) -> String {
        let name = server.id
        guard result.isHealthy else {
            let reason = ConnectivityMessages.failureReason(result)
            let parameters = ConnectivityMessages.parameters(reason, url: server.baseUrl, timeoutMs: server.connectionTimeout)
            return console.text("cli.nagios.not_connected",
                                ["server": name, "reason": console.text(ConnectivityMessages.shortKey(reason), parameters)])
        }
        var text = console.text("cli.nagios.connected",
                                ["server": name, "ms": MillisecondsText.figure(result.responseTime ?? 0)])
        if let degraded = MonitoringState.degradedText(result, server: server, console: console) {
            text += ", " + degraded
        }
        for warning in result.warnings {
            text += ", " + console.text(ConnectivityMessages.shortKey(warning), warning.parameters)
        }
        // `cert_expiring` says the days itself; beside another warning (`slow_response`) they are still told.
        if !result.warnings.contains(where: { $0.code == .certExpiring }), let days = result.certificateDaysLeft {
            text += ", " + console.text("cli.check.certificate_days", ["days": String(days)])
        }
        return text
    }

    /// `'<server>_<check>'=<ms>ms;;;0` per check and `'<server>_cert_days'=<days>;<warn>;0;0`.
    static func perfdata(server: ServerConfig, result: DetailedStatus, warningDays: Int) -> [String] {
        var items = result.checks.map { check in
            "'\(label(server.id))_\(check.endpoint.rawValue)'=\(format(check.timings.totalMs))ms;;;0"
        }
        if let days = result.certificateDaysLeft {
            items.append("'\(label(server.id))_cert_days'=\(days);\(warningDays);0;0")
        }
        return items
    }

    /// Perfdata labels are quoted; a quote inside one is doubled, as the plugin guidelines say.
    static func label(_ text: String) -> String {
        text.replacing("'", with: "''").replacing("=", with: "_")
    }

    static func format(_ milliseconds: Double) -> String {
        let rounded = (milliseconds * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// The summary is one line without `|`, which would start the performance data.
    static func clean(_ text: String) -> String {
        String(TextSanitizer.clean(text).map { $0 == "|" ? "/" : ($0.isNewline ? " " : $0) })
    }
}

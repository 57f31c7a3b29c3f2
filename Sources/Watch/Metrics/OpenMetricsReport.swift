import SettingsStore

/// `check --format openmetrics` and the monitor's `--textfile`: the OpenMetrics text format
/// with blackbox_exporter's metric names, one family at a time, ending `# EOF`, for
/// node_exporter's textfile collector. The monitor adds its own families (`MonitorMetrics`).
public struct OpenMetricsReport {
    public struct Family: Sendable {
        public var name: String
        public var help: String
        public var type = "gauge"
        public var samples: [(labels: [(String, String)], value: Double)] = []

        public init(name: String, help: String, type: String = "gauge") {
            self.name = name
            self.help = help
            self.type = type
        }
    }

    public let text: String

    public init(tested: [(server: ServerConfig, result: DetailedStatus)], extra: [Family] = []) {
        self.init(families: Self.families(tested: tested) + extra)
    }

    /// The checks' families (blackbox_exporter's names), also what the monitor's remote write
    /// sends: one list for the textfile and the push.
    public static func families(tested: [(server: ServerConfig, result: DetailedStatus)]) -> [Family] {
        var success = Family(name: "probe_success", help: "Whether the server's health check succeeded")
        var duration = Family(name: "probe_duration_seconds", help: "How long the server's checks took, all at once")
        var status = Family(name: "probe_http_status_code", help: "HTTP status of each check (0 when none came)")
        var phases = Family(name: "probe_http_duration_seconds", help: "Duration of each phase of each check")
        var expiry = Family(name: "probe_ssl_earliest_cert_expiry",
                            help: "When the server's certificate ends, in Unix seconds")
        var checks = Family(name: "verbumcare_check_success",
                            help: "Whether each check succeeded (a sign-in request counts as success)")
        // Read from the result's warnings, which `HealthWarnings` gave it: the rule is the screen's.
        var slow = Family(name: "verbumcare_slow_response",
                          help: "1 when the server is connected but its health check answered slower than slow_threshold_ms")
        for (server, result) in tested {
            let id = ("server", server.id)
            success.samples.append(([id], result.isHealthy ? 1 : 0))
            slow.samples.append(([id], result.warnings.contains { $0.code == .slowResponse } ? 1 : 0))
            let slowest = result.checks.map(\.timings.totalMs).max() ?? 0
            duration.samples.append(([id], slowest / 1000))
            for check in result.checks {
                let endpoint = ("endpoint", check.endpoint.rawValue)
                status.samples.append(([id, endpoint], Double(check.httpStatus ?? 0)))
                for (phase, milliseconds) in Self.phases(check.timings) {
                    phases.samples.append(([id, endpoint, ("phase", phase)], milliseconds / 1000))
                }
                checks.samples.append(([id, endpoint], check.status == .success ? 1 : 0))
            }
            if let certificate = result.certificate {
                expiry.samples.append(([id], certificate.notAfter))
            }
        }
        return [success, duration, status, phases, expiry, checks, slow]
    }

    public init(families: [Family]) {
        var lines: [String] = []
        for family in families where !family.samples.isEmpty {
            lines.append("# TYPE \(family.name) \(family.type)")
            lines.append("# HELP \(family.name) \(family.help)")
            for sample in family.samples {
                // A histogram's samples name their own suffix (`_bucket`, `_sum`, `_count`) in a label "__suffix".
                let suffix = sample.labels.first { $0.0 == "__suffix" }?.1 ?? ""
                let labels = sample.labels.filter { $0.0 != "__suffix" }
                    .map { "\($0.0)=\"\(Self.escape($0.1))\"" }.joined(separator: ",")
                let name = family.name + suffix
                lines.append(labels.isEmpty ? "\(name) \(Self.number(sample.value))"
                                            : "\(name){\(labels)} \(Self.number(sample.value))")
            }
        }
        lines.append("# EOF")
        text = lines.joined(separator: "\n") + "\n"
    }

    /// blackbox_exporter's phases from libcurl's cumulative times (milliseconds from the start):
    /// resolve, connect, tls, processing (request sent to first byte) and transfer.
    public static func phases(_ t: CheckTimings) -> [(String, Double)] {
        let connected = max(t.connectMs, t.dnsMs)
        let secured = t.tlsMs > 0 ? max(t.tlsMs, connected) : connected
        let firstByte = max(t.firstByteMs, secured)
        let total = max(t.totalMs, firstByte)
        return [
            ("resolve", t.dnsMs),
            ("connect", connected - t.dnsMs),
            ("tls", secured - connected),
            ("processing", t.firstByteMs > 0 ? firstByte - secured : 0),
            ("transfer", t.firstByteMs > 0 ? total - firstByte : 0),
        ]
    }

    /// Backslash, double quote and line feed escaped, per Unicode scalar (a backslash followed
    /// by a combining mark is still one backslash to a reader of the format).
    public static func escape(_ value: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in TextSanitizer.clean(value).unicodeScalars {
            switch scalar {
            case "\\": escaped.append(contentsOf: #"\\"#.unicodeScalars)
            case "\"": escaped.append(contentsOf: #"\""#.unicodeScalars)
            case "\n": escaped.append(contentsOf: #"\n"#.unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// Integers without a fraction; others with up to six decimals (microseconds).
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = FixedDecimal.text(value, digits: 6)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

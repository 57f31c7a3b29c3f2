/// The fleet view's rows from the query API's answers (SPEC §15.4), pure: which box uses which
/// server, its status, fallback, 24 h uptime, p95, certificate days and the age of its last
/// round; a box silent for `silentIntervals` probe intervals is flagged; worst first.
///
/// Series are grouped by the labels the scrape config (pull, docs/FLEET.md) or the monitor's
/// remote write (push) adds: `facility` and `box` (a series without `box` is named by its
/// `instance`), and `server` for the figures about one VerbumCare server.
public enum FleetRows {
    /// The metric names read, as the monitor's textfile and remote write export them
    /// (Sources/Watch/Metrics).
    public enum Metric {
        public static let lastRound = "verbumcare_monitor_last_round_timestamp_seconds"
        public static let probeInterval = "verbumcare_monitor_probe_interval_seconds"
        public static let inUse = "verbumcare_server_in_use"
        public static let fallback = "verbumcare_fallback_active"
        public static let success = "probe_success"
        public static let certificateExpiry = "probe_ssl_earliest_cert_expiry"
        public static let uptime = "verbumcare_uptime_ratio"
        public static let all = [lastRound, probeInterval, inUse, fallback, success, certificateExpiry, uptime]
    }

    /// The two instant queries the fleet sends: the exported series, and p95 from the stored
    /// health histogram (its name is dropped by `histogram_quantile`, so it is a query of its own).
    public static let seriesQuery = "{__name__=~\"" + Metric.all.joined(separator: "|") + "\"}"
    public static let p95Query = "histogram_quantile(0.95, verbumcare_health_duration_seconds_bucket)"

    /// A box whose last round is older than this many probe intervals is silent.
    public static let silentIntervals = 3.0
    /// The monitor's default interval, for a box that does not export its own.
    public static let defaultProbeInterval = 10.0
    /// A certificate ending within this many days makes the row a warning.
    public static let certificateWarningDays = 14.0

    public static func build(series: [FleetSample], p95: [FleetSample]) -> [FleetRow] {
        struct Box {
            var facility: String
            var box: String
            var lastRound: Double?
            var evaluatedAt = 0.0
            var interval: Double?
            var fallback = false
            var servers: [String: FleetRow.Server] = [:]
        }
        var boxes: [String: Box] = [:]
        func update(_ sample: FleetSample, _ change: (inout Box) -> Void) {
            let facility = sample.labels["facility"] ?? ""
            let name = sample.labels["box"] ?? sample.labels["instance"] ?? ""
            let key = facility + "\u{1F}" + name
            var box = boxes[key] ?? Box(facility: facility, box: name)
            box.evaluatedAt = max(box.evaluatedAt, sample.at)
            change(&box)
            boxes[key] = box
        }
        func updateServer(_ sample: FleetSample, _ change: @escaping (inout FleetRow.Server) -> Void) {
            guard let id = sample.labels["server"], !id.isEmpty else { return }
            update(sample) { box in
                var server = box.servers[id] ?? FleetRow.Server(id: id)
                change(&server)
                box.servers[id] = server
            }
        }
        for sample in series where sample.value.isFinite || sample.name == Metric.certificateExpiry {
            switch sample.name {
            case Metric.lastRound: update(sample) { $0.lastRound = max($0.lastRound ?? sample.value, sample.value) }
            case Metric.probeInterval where sample.value > 0: update(sample) { $0.interval = sample.value }
            case Metric.fallback: update(sample) { $0.fallback = $0.fallback || sample.value == 1 }
            case Metric.inUse: updateServer(sample) { $0.inUse = $0.inUse || sample.value == 1 }
            case Metric.success: updateServer(sample) { $0.up = sample.value == 1 }
            case Metric.uptime where sample.labels["window"] == "24h": updateServer(sample) { $0.uptime24h = sample.value }
            case Metric.certificateExpiry where sample.value.isFinite && sample.value > 0:
                updateServer(sample) { $0.certificateDaysLeft = (sample.value - sample.at) / 86_400 }
            default: break
            }
        }
        for sample in p95 where sample.value.isFinite {
            updateServer(sample) { $0.p95Ms = sample.value * 1000 }
        }
        let rows = boxes.values.map { box in
            let interval = box.interval ?? defaultProbeInterval
            let age = box.lastRound.map { max(0, box.evaluatedAt - $0) }
            let servers = box.servers.values.sorted { ($0.inUse ? 0 : 1, $0.id) < ($1.inUse ? 0 : 1, $1.id) }
            let inUse = servers.first { $0.inUse }
            return FleetRow(facility: box.facility, box: box.box,
                            status: status(age: age, interval: interval, fallback: box.fallback, inUse: inUse),
                            serverInUse: inUse?.id, fallback: box.fallback, lastRoundAgeSeconds: age,
                            probeIntervalSeconds: interval, servers: servers)
        }
        return sorted(rows)
    }

    /// The status word of a box: silent first (its other figures are old), then what the
    /// server in use says.
    public static func status(age: Double?, interval: Double, fallback: Bool, inUse: FleetRow.Server?) -> FleetRow.Status {
        if isSilent(age: age, interval: interval) { return .silent }
        guard let inUse, let up = inUse.up else { return .unknown }
        if !up { return .down }
        if fallback { return .fallback }
        if let days = inUse.certificateDaysLeft, days < certificateWarningDays { return .warning }
        if let uptime = inUse.uptime24h, uptime < 1 { return .warning }
        return .ok
    }

    /// Silent: no round for `silentIntervals` probe intervals, or never a round at all.
    public static func isSilent(age: Double?, interval: Double) -> Bool {
        guard let age else { return true }
        return age > silentIntervals * interval
    }

    /// Worst first; among equals the lower 24 h uptime, then the older last round, then by
    /// facility and box, so the order is total and stable from one answer to the next.
    public static func sorted(_ rows: [FleetRow]) -> [FleetRow] {
        rows.sorted { a, b in
            if a.status != b.status { return a.status < b.status }
            let ua = a.inUse?.uptime24h ?? 2, ub = b.inUse?.uptime24h ?? 2
            if ua != ub { return ua < ub }
            let aa = a.lastRoundAgeSeconds ?? .infinity, ab = b.lastRoundAgeSeconds ?? .infinity
            if aa != ab { return aa > ab }
            return (a.facility, a.box) < (b.facility, b.box)
        }
    }

    /// The rows whose facility, box or server in use contains `filter` (case-insensitive).
    public static func filtered(_ rows: [FleetRow], by filter: String) -> [FleetRow] {
        let needle = filter.lowercased()
        guard !needle.isEmpty else { return rows }
        return rows.filter { row in
            [row.facility, row.box, row.serverInUse ?? ""].contains { $0.lowercased().contains(needle) }
        }
    }
}

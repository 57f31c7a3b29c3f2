/// The facility's BCP report (SPEC §16), every field it lists, as plain values: the renderers
/// (`md`, `csv`, `html`, `json`) only word and lay out what is here, so the four formats and
/// three languages cannot disagree on a fact. Times are Unix milliseconds; durations seconds.
public struct BCPReport: Sendable, Equatable {
    public var facilityName: String?
    public var facilityNumber: String?
    public var box: String
    public var from: Int64
    public var to: Int64
    public var madeAt: Int64
    public var bcpTriggerMinutes: Int
    public var systems: [SystemRow]
    public var incidents: [IncidentEntry]
    public var drills: [DrillEntry]

    /// 様式1: one known server.
    public struct SystemRow: Sendable, Equatable {
        public var id: String
        public var displayName: String
        public var baseUrl: String
        public var role: Role
        public var uptimeRatio: Double?
        public var coverage: Double?
        /// The report's incidents of this server (outages and certificate incidents).
        public var incidentCount: Int
        /// The longest outage among them (nil: none).
        public var longestOutageSeconds: Int64?
        /// The sum of its outages' durations (an open one up to the report's end).
        public var downtimeSeconds: Int64
    }

    public enum Role: String, Sendable, Equatable {
        /// The server the iPads are set to (settings.json's, or the default when none is set).
        case configured
        /// The server the fallback goes to.
        case fallback
        /// A prefilled server that is neither.
        case prefilled = "default"
        case custom
    }

    /// One incident (発生から復旧まで).
    public struct IncidentEntry: Sendable, Equatable {
        public var id: Int64
        public var serverId: String
        public var serverName: String
        /// Whether the server was the one in use when the incident was confirmed.
        public var wasInUse: Bool
        /// 発生日時: the first failed probe (nil when history no longer has it).
        public var occurredAt: Int64?
        /// 検知日時: the failed confirming re-test.
        public var confirmedAt: Int64
        /// confirmedAt − occurredAt.
        public var detectionSeconds: Int64?
        public var reason: IncidentReason
        /// Time without a working server in use (the effect), seconds.
        public var withoutServerSeconds: Int64
        public var fallbackAt: Int64?
        public var fallbackServerId: String?
        public var alerts: [BCPReportInput.Alert]
        /// 復旧日時 (nil: still open at the report's end).
        public var end: Int64?
        /// 停止時間, to the report's end while open.
        public var durationSeconds: Int64
        public var bcpTriggerPassed: Bool
        public var notes: [IncidentNote]
        public var drill: Bool
        /// An outage (not a certificate warning).
        public var isOutage: Bool
    }

    /// A drill of the period (訓練記録): its record as the drill file keeps it, and the alerts
    /// it caused with each target's outcome.
    public struct DrillEntry: Sendable, Equatable {
        public var record: DrillRecord
        public var alerts: [BCPReportInput.Alert]
    }

    /// The report of `input`: every incident of history that overlaps the period, but for the
    /// records of fallback spells (they are each outage's fallback, not incidents of their
    /// own), oldest first, each once.
    public static func make(_ input: BCPReportInput) -> BCPReport {
        let trigger = input.facility.bcpTrigger
        let spells = input.incidents.filter { WatchState.FallbackSpell.fallenFrom(incidentId: $0.serverId) != nil }
        let names = Dictionary(input.servers.map { ($0.id, $0.displayName) }, uniquingKeysWith: { first, _ in first })
        let listed = input.incidents
            .filter { WatchState.FallbackSpell.fallenFrom(incidentId: $0.serverId) == nil }
            .filter { $0.start <= input.to && ($0.end ?? Int64.max) >= input.from }
            .sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        let entries = listed.map { incident in
            entry(incident, input: input, spells: spells, trigger: trigger, name: names[incident.serverId] ?? incident.serverId)
        }
        let systems = input.servers.map { server in
            let own = entries.filter { $0.serverId == server.id }
            let outages = own.filter(\.isOutage)
            return SystemRow(id: server.id, displayName: server.displayName, baseUrl: server.baseUrl,
                             role: role(server, input), uptimeRatio: server.uptimeRatio, coverage: server.coverage,
                             incidentCount: own.count, longestOutageSeconds: outages.map(\.durationSeconds).max(),
                             downtimeSeconds: outages.reduce(0) { $0 + $1.durationSeconds })
        }
        let drills = DrillLog(drills: input.drills).drills(from: Double(input.from) / 1000, to: Double(input.to) / 1000)
            .sorted { $0.start < $1.start }
            .map { DrillEntry(record: $0, alerts: drillAlerts($0, input.alerts)) }
        return BCPReport(facilityName: input.facility.name, facilityNumber: input.facility.number, box: input.box,
                         from: input.from, to: input.to, madeAt: input.madeAt,
                         bcpTriggerMinutes: trigger.minutes, systems: systems, incidents: entries, drills: drills)
    }

    private static func role(_ server: BCPReportInput.Server, _ input: BCPReportInput) -> Role {
        if server.id == input.configuredServerId { return .configured }
        if server.id == input.fallbackServerId { return .fallback }
        return ServerCatalog.prefilled.contains { $0.id == server.id } ? .prefilled : .custom
    }

    private static func entry(_ incident: Incident, input: BCPReportInput, spells: [Incident], trigger: BCPTrigger,
                              name: String) -> IncidentEntry {
        let end = incident.end
        let until = end ?? max(incident.start, input.to)
        let outage = BCPTrigger.isOutage(incident)
        // A fallback spell from this server that began during the incident.
        let spell = spells.first {
            WatchState.FallbackSpell.fallenFrom(incidentId: $0.serverId) == incident.serverId
                && $0.start >= incident.start && $0.start <= until
        }
        // Whether the fallback server was in use when this incident was confirmed.
        let onFallback = spells.contains { $0.start <= incident.start && ($0.end ?? Int64.max) > incident.start }
        let inUse = incident.serverId == input.configuredServerId ? !onFallback
            : (incident.serverId == input.fallbackServerId && onFallback)
        let occurred = input.firstFailures[incident.id].map { min($0, incident.start) }
        // The effect: from the first failure (or the confirmation) until the fallback took
        // over or the server came back; none for a server not in use or a certificate warning.
        var without: Int64 = 0
        if outage && inUse {
            let from = occurred ?? incident.start
            without = max(0, (spell.map { $0.start } ?? until) - from) / 1000
        }
        let alertsUntil = until + 60_000
        let alerts = input.alerts.filter {
            !$0.drill && $0.serverId == incident.serverId && $0.created >= incident.start && $0.created <= alertsUntil
                && (outage ? !$0.kind.hasPrefix("cert_") : $0.kind.hasPrefix("cert_"))
        }.sorted { $0.created < $1.created }
        return IncidentEntry(
            id: incident.id, serverId: incident.serverId, serverName: name, wasInUse: inUse, occurredAt: occurred,
            confirmedAt: incident.start, detectionSeconds: occurred.map { (incident.start - $0) / 1000 },
            reason: incident.reason, withoutServerSeconds: without,
            fallbackAt: spell?.start, fallbackServerId: spell == nil ? nil : input.fallbackServerId,
            alerts: alerts, end: end, durationSeconds: max(0, until - incident.start) / 1000,
            bcpTriggerPassed: trigger.isPassed(by: incident, configuredServerId: input.configuredServerId, now: until),
            notes: input.notes[incident.id] ?? [],
            // A drill's outage is never written to history (the drill record keeps it), so
            // every incident of history is real; drills are listed apart.
            drill: false,
            isOutage: outage)
    }

    /// The drill's own alerts (`drill:` keys): about its server, from its start until its end
    /// and the round after (the drill's `server_up` and `fallback_ended` follow its end).
    private static func drillAlerts(_ drill: DrillRecord, _ alerts: [BCPReportInput.Alert]) -> [BCPReportInput.Alert] {
        alerts.filter { alert in
            let at = Double(alert.created) / 1000
            return alert.drill && alert.serverId == drill.serverId && at >= drill.start && at <= (drill.end ?? drill.until) + 60
        }.sorted { $0.created < $1.created }
    }
}

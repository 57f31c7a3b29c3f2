/// A drill (訓練, SPEC §16): for a while the recorder treats one server as failing in the
/// scenario's way, without touching it, so the facility practises its BCP with real alerts and
/// a real fallback. The record (訓練記録) is what the binder keeps: when it began, how long the
/// first alert and the fallback took, when a person took notice, when it ended, who took part.
///
/// Kept in `drills.json` in the state directory (`DrillFile`), written under its lock by the
/// `drill` command and by the recorder; read by every process (`drillsRead`), by `report` and by
/// the status page. Times are seconds since 1970.
public struct DrillRecord: Equatable, Sendable {
    /// How the drilled server fails.
    public enum Scenario: String, Sendable, CaseIterable {
        /// No connection (`connect`).
        case down
        /// Too slow to answer: the health check times out (`timeout`).
        case slow
        /// Its certificate has expired (`tls_expired`).
        case certificate
    }

    /// Who ended it.
    public enum Ending: String, Sendable, CaseIterable {
        /// `drill end`.
        case command
        /// Its duration ran out (the recorder ended it).
        case duration
        /// Left open by a recorder that stopped; closed at the next recorder's start.
        case restart
    }

    public struct FirstAlert: Equatable, Sendable {
        public var at: Double
        /// The alert's event (`server_down`, `fallback_started`).
        public var event: String

        public init(at: Double, event: String) {
            self.at = at
            self.event = event
        }
    }

    public struct Fallback: Equatable, Sendable {
        public var at: Double
        /// The server the app moved to (pn51).
        public var toServerId: String

        public init(at: Double, toServerId: String) {
            self.at = at
            self.toServerId = toServerId
        }
    }

    public struct Acknowledgement: Equatable, Sendable {
        public var at: Double
        /// The host's user name (sanitized), or "app" for `a` on the screen.
        public var by: String

        public init(at: Double, by: String) {
            self.at = at
            self.by = by
        }
    }

    public struct Note: Equatable, Sendable {
        public var at: Double
        public var text: String

        public init(at: Double, text: String) {
            self.at = at
            self.text = text
        }
    }

    /// Stable: `drill-` and the start in whole seconds (one drill at a time).
    public var id: String
    public var scenario: Scenario
    public var serverId: String
    public var start: Double
    /// When it ends by itself (start + `--for`).
    public var until: Double
    public var participants: String?
    public var firstAlert: FirstAlert?
    public var fallback: Fallback?
    public var acknowledged: Acknowledgement?
    public var end: Double?
    public var endedBy: Ending?
    public var notes: [Note]
    /// The recorder that took the drill up ("monitor", "app"): a drill taken up and still open
    /// when a recorder starts was left open by one that stopped.
    public var takenUpBy: String?

    public init(scenario: Scenario, serverId: String, start: Double, until: Double, participants: String? = nil,
                firstAlert: FirstAlert? = nil, fallback: Fallback? = nil, acknowledged: Acknowledgement? = nil,
                end: Double? = nil, endedBy: Ending? = nil, notes: [Note] = [], takenUpBy: String? = nil) {
        id = Self.id(start: start)
        self.scenario = scenario
        self.serverId = serverId
        self.start = start
        self.until = until
        self.participants = participants
        self.firstAlert = firstAlert
        self.fallback = fallback
        self.acknowledged = acknowledged
        self.end = end
        self.endedBy = endedBy
        self.notes = notes
        self.takenUpBy = takenUpBy
    }

    public static func id(start: Double) -> String { "drill-\(Int(start))" }

    /// The default length of a drill, and the longest (SPEC §16).
    public static let defaultSeconds: Double = 15 * 60
    public static let longestSeconds: Double = 4 * 3600

    /// Not ended yet (it may still be past `until`: the recorder ends it then).
    public var isOpen: Bool { end == nil }

    /// The drill is in force at `now`: the drilled server is treated as failing.
    public func isActive(at now: Double) -> Bool { end == nil && now >= start && now < until }

    /// Closed at a recorder's start because the one that ran it had stopped.
    public var closedByRestart: Bool { endedBy == .restart }

    public var firstAlertDelaySeconds: Double? { firstAlert.map { $0.at - start } }
    public var fallbackDelaySeconds: Double? { fallback.map { $0.at - start } }
    public var acknowledgedDelaySeconds: Double? { acknowledged.map { $0.at - start } }

    /// Whether something that happened at `at` about `serverId` belongs to this drill.
    public func covers(serverId: String, at: Double) -> Bool {
        serverId == self.serverId && at >= start && at <= (end ?? until)
    }
}

/// Every drill kept, oldest first (drills.json). At most one is open.
public struct DrillLog: Equatable, Sendable {
    public var drills: [DrillRecord]

    public init(drills: [DrillRecord] = []) {
        self.drills = drills
    }

    /// The drill not ended yet, if any (it may be past its `until`).
    public var open: DrillRecord? { drills.last { $0.isOpen } }

    /// The drill in force at `now`.
    public func active(at now: Double) -> DrillRecord? { open.flatMap { $0.isActive(at: now) ? $0 : nil } }

    /// The drills that overlap `from ..< to` (for `report`).
    public func drills(from: Double, to: Double) -> [DrillRecord] {
        drills.filter { $0.start < to && ($0.end ?? $0.until) >= from }
    }
}

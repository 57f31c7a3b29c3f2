/// A confirmed failure of a server, from the failed confirming re-test until it is up again
/// (SPEC §15.2). Times are Unix milliseconds.
public struct Incident: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var serverId: String
    public var start: Int64
    /// nil while the incident is open.
    public var end: Int64?
    /// The connectivity error code that opened it (`timeout`, `cert_expiring`…).
    public var reasonCode: String

    public init(id: Int64, serverId: String, start: Int64, end: Int64?, reasonCode: String) {
        self.id = id
        self.serverId = serverId
        self.start = start
        self.end = end
        self.reasonCode = reasonCode
    }

    public var isOpen: Bool { end == nil }

    /// Whole seconds from start to end, or to `now` while open; never negative (a clock set
    /// back must not show a negative outage).
    public func durationSeconds(now: Int64) -> Int64 {
        max(0, HistoryTime.floorDivide((end ?? now) - start, 1000))
    }

    /// The duration of a closed incident; nil while open (JSON's `durationSeconds: null`).
    public var durationSeconds: Int64? {
        end.map { max(0, HistoryTime.floorDivide($0 - start, 1000)) }
    }
}

import Dispatch
import History
import Logging
import SettingsStore
import Timekeeping

/// The history database of this home, confined to one serial queue (a handle belongs to one
/// owner). Every call is asynchronous and never throws at its caller: history never stops the
/// app or the monitor (SPEC §15.2); a problem is logged once and the call answers as if nothing
/// was recorded. Who records is decided by the recorder lock (`RecorderLock`, held by the watch
/// runtime) and kept in the state (`watch.isRecording`), not here: this store writes when it is
/// asked to (the reducer asks only the recorder, while `history_enabled` is on), opening the
/// database for writing then, and is read-only until it is.
public final class HistoryStore: @unchecked Sendable {
    // @unchecked: `connection` is touched on `queue` only.
    public let path: String
    private let queue = DispatchQueue(label: "verbumcare.history")
    private let logger: Logger

    /// The database is open for writing (`becomeWriter`, or a write asked for): the handle's
    /// mode, not who records (the state says that).
    public var isRecording: Bool { queue.sync { connection.isWritable } }
    /// Why history cannot be used at the moment (a FIFO in place of the database, a lock held
    /// by another program…); nil while it works.
    public var problem: HistoryProblem? { queue.sync { connection.problem } }
    /// The database handle, opened again when its file is in trouble (`HistoryConnection`).
    private let connection: HistoryConnection

    /// Opens the database read-only (a reader; `becomeWriter` makes it the writer).
    /// `clock`: the one the callers' times come from (a database created again mid-run starts
    /// its retention from it).
    public init(paths: AppPaths, now: Double, clock: AppClock = .system, logger: Logger) {
        path = paths.stateDirectory + "/history.sqlite3"
        connection = HistoryConnection(path: path, clock: clock, logger: logger)
        self.logger = logger
        connection.reopen(writable: false, now: now)
    }

    /// This process holds the recorder lock and `history_enabled` is on: the database is
    /// opened for writing from now on (the takeover reads the incidents left open with it).
    public func becomeWriter(now: Double) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { [self] in
                openForWriting(now: now)
                continuation.resume()
            }
        }
    }

    /// On `queue`: the handle becomes a writer's, once.
    private func openForWriting(now: Double? = nil) {
        if !connection.isWritable { connection.reopen(writable: true, now: now) }
    }

    /// Runs `body` with the database on the history queue; nil (logged once) on a problem. A
    /// database in trouble is opened again first (`HistoryConnection`); `rows` are the probe
    /// rows the call records, counted in the log when they cannot be written.
    /// `writing`: the call writes, so the handle is a writer's first (the reducer asked: this
    /// process records).
    private func using<T: Sendable>(rows: Int = 0, writing: Bool = false,
                                    _ body: @escaping @Sendable (HistoryDatabase) throws(HistoryProblem) -> T) async -> T? {
        await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            queue.async { [self] in
                if writing { openForWriting() }
                continuation.resume(returning: connection.run(rows: rows, body))
            }
        }
    }

    public func record(_ samples: [ProbeSample]) async {
        guard !samples.isEmpty else { return }
        _ = await using(rows: samples.count, writing: true) { database throws(HistoryProblem) in try database.record(samples) }
    }

    public func openIncident(serverId: String, start: Double, reason: IncidentReason) async {
        _ = await using(writing: true) { database throws(HistoryProblem) in
            // One open incident per server and kind: a repeated open is the same incident.
            let open = try database.openIncidents()
            if open.contains(where: { $0.serverId == serverId && Self.isCertificate($0.reasonCode) == Self.isCertificate(reason.code) }) {
                return
            }
            _ = try database.openIncident(serverId: serverId, start: Int64(start * 1000), reason: reason)
        }
    }

    public func closeIncident(serverId: String, certificate: Bool, end: Double) async {
        _ = await using(writing: true) { database throws(HistoryProblem) in
            for incident in try database.openIncidents()
            where incident.serverId == serverId && Self.isCertificate(incident.reasonCode) == certificate {
                _ = try database.closeIncident(id: incident.id, end: Int64(end * 1000))
            }
        }
    }

    public func openIncidents() async -> [Incident] {
        await using { database throws(HistoryProblem) in try database.openIncidents() } ?? []
    }

    /// Whether `key` is in the ledger an earlier version kept in this database (the outbox is
    /// the ledger now; this keeps an upgrade from alerting an open incident twice).
    public func alertedBefore(_ key: String) async -> Bool {
        await using { database throws(HistoryProblem) in try database.alerted(key: key) } ?? false
    }

    /// The incidents left open, each with whether its `server_down` was alerted (`isAlerted`:
    /// the outbox's ledger).
    public func inheritedIncidents(isAlerted: @Sendable (String) async -> Bool) async -> [InheritedIncident] {
        var inherited: [InheritedIncident] = []
        for incident in await openIncidents() {
            var open = InheritedIncident(serverId: incident.serverId, start: Double(incident.start) / 1000,
                                         reasonCode: incident.reasonCode, parameters: incident.reason.params)
            let key = open.downLedgerKey
            let alerted = await isAlerted(key)
            open.downAlerted = alerted ? true : await alertedBefore(key)
            inherited.append(open)
        }
        return inherited
    }

    /// Every known server's figures for every window, and incidents of the last 400 days.
    public func summary(serverIds: [String], now: Double) async -> HistorySummary? {
        await using { database throws(HistoryProblem) in
            var summary = try database.summary(serverIds: serverIds, now: Int64(now * 1000))
            summary.at = now
            return summary
        }
    }

    /// The health-duration histogram of `serverId` over `window` (OpenMetrics).
    public func histogram(serverId: String, window: HistoryWindow, now: Double) async -> LatencyHistogram? {
        await using { database throws(HistoryProblem) in
            try database.histogram(serverId: serverId, window: window, now: Int64(now * 1000))
        }
    }

    public func prune(now: Double) async {
        _ = await using(writing: true) { database throws(HistoryProblem) in try database.prune(now: Int64(now * 1000)) }
    }

    static func isCertificate(_ reasonCode: String) -> Bool {
        reasonCode == ConnectivityErrorCode.certExpiring.rawValue
    }
}

import Dispatch
import History
import Logging
import SettingsStore

/// The history database of this home, confined to one serial queue (a handle belongs to one
/// owner), with the recorder lock when this process records. Every call is asynchronous and
/// never throws at its caller: history never stops the app or the monitor (SPEC §15.2); a
/// problem is logged once and the call answers as if nothing was recorded.
public final class HistoryStore: @unchecked Sendable {
    // @unchecked: `database`, `lock`, `recording`, `currentHolder`, `ledger` and `lastProblem`
    // are touched on `queue` only.
    public let path: String
    private let role: RecorderRole
    private let queue = DispatchQueue(label: "verbumcare.history")
    private let logger: Logger
    private var recording = false
    private var currentHolder: RecorderHolder?

    /// This process holds the recorder lock (it may take it later: `takeOverIfFree`).
    public var isRecording: Bool { queue.sync { recording } }
    /// Who records when this process does not, as the lock file says.
    public var holder: RecorderHolder? { queue.sync { currentHolder } }
    private var database: HistoryDatabase?
    private var lock: RecorderLock?
    /// The alert ledger when there is no database (history disabled or unusable): alerts still
    /// go out once per process.
    private var ledger: Set<String> = []
    private var lastProblem: HistoryProblem?

    /// Takes the recorder lock when `record` is asked for and free, and opens the database:
    /// for writing when this process records, read-only otherwise.
    public init(paths: AppPaths, role: RecorderRole, record: Bool, now: Double, logger: Logger) {
        path = paths.stateDirectory + "/history.sqlite3"
        self.role = role
        self.logger = logger
        let lockPath = HistoryDatabase.lockPath(forDatabase: path)
        var recording = false
        var holder: RecorderHolder?
        if record {
            switch RecorderLock.acquire(path: lockPath, role: role) {
            case .success(let lock):
                self.lock = lock
                recording = true
            case .failure(.held(let by)):
                holder = by
            case .failure(let problem):
                logger.warning("history: cannot take the recorder lock", metadata: ["problem": "\(problem)"])
            }
        } else {
            holder = RecorderLock.holder(path: lockPath)
        }
        self.recording = recording
        currentHolder = holder
        switch HistoryDatabase.open(path: path, readOnly: !recording, now: Int64(now * 1000)) {
        case .success(let database):
            self.database = database
            if let aside = database.movedAside {
                logger.warning("history: unreadable database kept aside, a new one started", metadata: ["copy": "\(aside)"])
            }
        case .failure(.missing):
            break // nothing recorded yet; a reader opens again later
        case .failure(let problem):
            logger.warning("history: cannot open", metadata: ["problem": "\(problem)"])
        }
    }

    /// Takes the recorder lock if the process that held it is gone (SPEC §15.2: the app records
    /// while no monitor does, also when the monitor stops after the app started), and opens the
    /// database for writing. True when this process records from now on.
    public func takeOverIfFree(now: Double) async -> Bool {
        await withCheckedContinuation { continuation in
            queue.async { [self] in
                guard !recording else { return continuation.resume(returning: false) }
                let lockPath = HistoryDatabase.lockPath(forDatabase: path)
                guard case .success(let taken) = RecorderLock.acquire(path: lockPath, role: role) else {
                    currentHolder = RecorderLock.holder(path: lockPath)
                    return continuation.resume(returning: false)
                }
                lock = taken
                recording = true
                currentHolder = nil
                database = nil
                if case .success(let opened) = HistoryDatabase.open(path: path, readOnly: false, now: Int64(now * 1000)) {
                    database = opened
                }
                logger.info("history: this process records now", metadata: ["role": "\(role.rawValue)"])
                continuation.resume(returning: true)
            }
        }
    }

    /// Runs `body` with the database on the history queue; nil (logged once) on a problem.
    private func using<T: Sendable>(_ body: @escaping @Sendable (HistoryDatabase) throws(HistoryProblem) -> T) async -> T? {
        await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            queue.async { [self] in
                if database == nil, !recording {
                    // A reader: the recorder may have created the file since.
                    if case .success(let opened) = HistoryDatabase.open(path: path, readOnly: true, now: 0) { database = opened }
                }
                guard let database else {
                    continuation.resume(returning: nil)
                    return
                }
                do throws(HistoryProblem) {
                    let value = try body(database)
                    lastProblem = nil
                    continuation.resume(returning: value)
                } catch {
                    if lastProblem != error {
                        logger.warning("history", metadata: ["problem": "\(error)"])
                    }
                    lastProblem = error
                    continuation.resume(returning: nil)
                }
            }
        }
    }

    public func record(_ samples: [ProbeSample]) async {
        guard isRecording, !samples.isEmpty else { return }
        _ = await using { database throws(HistoryProblem) in try database.record(samples) }
    }

    public func openIncident(serverId: String, start: Double, reason: IncidentReason) async {
        guard isRecording else { return }
        _ = await using { database throws(HistoryProblem) in
            // One open incident per server and kind: a repeated open is the same incident.
            let open = try database.openIncidents()
            if open.contains(where: { $0.serverId == serverId && Self.isCertificate($0.reasonCode) == Self.isCertificate(reason.code) }) {
                return
            }
            _ = try database.openIncident(serverId: serverId, start: Int64(start * 1000), reason: reason)
        }
    }

    public func closeIncident(serverId: String, certificate: Bool, end: Double) async {
        guard isRecording else { return }
        _ = await using { database throws(HistoryProblem) in
            for incident in try database.openIncidents()
            where incident.serverId == serverId && Self.isCertificate(incident.reasonCode) == certificate {
                _ = try database.closeIncident(id: incident.id, end: Int64(end * 1000))
            }
        }
    }

    public func openIncidents() async -> [Incident] {
        await using { database throws(HistoryProblem) in try database.openIncidents() } ?? []
    }

    /// Marks an alert as delivered; false when it was delivered before (by this process, an
    /// earlier one, or another copy).
    public func markAlerted(_ key: String, at: Double) async -> Bool {
        if isRecording, let marked = await using({ database throws(HistoryProblem) in
            try database.markAlerted(key: key, at: Int64(at * 1000))
        }) {
            return marked
        }
        return await withCheckedContinuation { continuation in
            queue.async { [self] in continuation.resume(returning: ledger.insert(key).inserted) }
        }
    }

    /// Whether `key` is in the alert ledger (false without a database).
    public func alerted(_ key: String) async -> Bool {
        await using { database throws(HistoryProblem) in try database.alerted(key: key) } ?? false
    }

    /// The incidents left open, each with whether its `server_down` was delivered.
    public func inheritedIncidents() async -> [InheritedIncident] {
        var inherited: [InheritedIncident] = []
        for incident in await openIncidents() {
            var open = InheritedIncident(serverId: incident.serverId, start: Double(incident.start) / 1000,
                                         reasonCode: incident.reasonCode, parameters: incident.reason.params)
            open.downAlerted = await alerted(open.downLedgerKey)
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
        guard isRecording else { return }
        _ = await using { database throws(HistoryProblem) in try database.prune(now: Int64(now * 1000)) }
    }

    static func isCertificate(_ reasonCode: String) -> Bool {
        reasonCode == ConnectivityErrorCode.certExpiring.rawValue
    }
}

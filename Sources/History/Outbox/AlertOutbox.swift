import AppCore
import CSQLite
import Glibc

/// `outbox.sqlite3` in the state directory: every alert the recorder decided, stored before it
/// is delivered, with one delivery per target and its last outcome (SPEC §15.3, "No alert is
/// lost"). It is also the ledger: an alert's key is stored once, so a change is never alerted
/// twice, across restarts and across processes on one home (the insert is atomic in SQLite).
///
/// Kept apart from `history.sqlite3` so that alerting does not depend on history: with
/// `history_enabled` false, or a history database in trouble, the outbox still works.
///
/// Threading: like `HistoryDatabase`, one owner (a serial queue) makes every call.
public final class AlertOutbox {
    /// How long a webhook that keeps failing is tried again, every round, before it is dropped.
    public static let retryWindowSeconds: Int64 = 24 * 3600
    /// Delivered alerts are kept this long as the ledger (an incident's `server_up` must find
    /// its `server_down`), then deleted.
    public static let keepSeconds: Int64 = 400 * 24 * 3600
    static let applicationID: Int64 = 0x5643_4f31  // "VCO1"
    static let version: Int64 = 1

    public let path: String
    /// Where an unreadable file found at `path` was moved before a new outbox was started.
    public let movedAside: String?
    let connection: SQLiteConnection

    private init(path: String, movedAside: String?, connection: SQLiteConnection) {
        self.path = path
        self.movedAside = movedAside
        self.connection = connection
    }

    /// The outbox beside the history database.
    public static func path(stateDirectory: String) -> String { stateDirectory + "/outbox.sqlite3" }

    /// Opens (creating when missing, 0600 in a 0700 folder) the outbox at `path`. A file that
    /// is not an outbox is moved aside (never deleted) and a new one started; a special file
    /// (FIFO, device, socket, folder) or a link in its place is refused at once, never opened.
    public static func open(path: String, now: Int64) -> Result<AlertOutbox, HistoryProblem> {
        if let problem = PrivateDirectory.create(PrivateDirectory.parent(of: path)) { return .failure(.io(problem)) }
        // A FIFO, folder, socket, device or link in place of the outbox or its WAL files is
        // refused at once (`HistoryFiles`); the files are private (0600), also when an older
        // umask made them wider.
        if let refused = HistoryFiles.refusal(path) { return .failure(refused) }
        if let problem = HistoryFiles.createPrivate(path) { return .failure(problem) }
        HistoryFiles.makePrivate(path)
        switch openChecked(path: path) {
        case .success(let connection):
            return .success(AlertOutbox(path: path, movedAside: nil, connection: connection))
        case .failure(.unreadable):
            let aside: String
            switch AsideMove.moveAside(path, now: now) {
            case .success(let name): aside = name
            case .failure(let problem): return .failure(problem)
            }
            if let problem = HistoryFiles.createPrivate(path) { return .failure(problem) }
            return openChecked(path: path).map { AlertOutbox(path: path, movedAside: aside, connection: $0) }
        case .failure(let problem):
            return .failure(problem)
        }
    }

    /// The outbox at `path` as it is, for looking at it (`doctor`): nil when there is none;
    /// nothing is created, moved or narrowed.
    public static func openExisting(path: String) -> Result<AlertOutbox, HistoryProblem>? {
        guard FileIdentity.of(path) != nil else { return nil }
        if let refused = HistoryFiles.refusal(path) { return .failure(refused) }
        return openChecked(path: path, create: false).map { AlertOutbox(path: path, movedAside: nil, connection: $0) }
    }

    /// The summary of the outbox in `stateDirectory` as it is, for `doctor` and `history`
    /// (nil and no problem: none yet; nothing is created).
    public static func lookAt(stateDirectory: String) -> (summary: OutboxSummary?, problem: String?) {
        switch openExisting(path: path(stateDirectory: stateDirectory)) {
        case nil:
            return (nil, nil)
        case .success(let outbox):
            do throws(HistoryProblem) {
                return (try outbox.summary(), nil)
            } catch {
                return (nil, "\(error)")
            }
        case .failure(let problem):
            return (nil, "\(problem)")
        }
    }

    private static func openChecked(path: String, create: Bool = true) -> Result<SQLiteConnection, HistoryProblem> {
        switch DatabaseHeader.verdict(path: path, applicationID: applicationID, versions: version...version) {
        case .notSQLite: return .failure(.unreadable(path: path, reason: "not an SQLite database"))
        case .notOurs: return .failure(.unreadable(path: path, reason: "not an alert outbox"))
        case .special(let kind): return .failure(.refused(path: path, reason: kind))
        case .absent, .sqliteDecides, .unknown: break
        }
        let connection: SQLiteConnection
        switch SQLiteConnection.open(path: path, flags: SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)) {
        case .success(let opened): connection = opened
        case .failure(let error):
            return .failure(error.isCorrupt ? .unreadable(path: path, reason: error.message) : HistoryProblem(error))
        }
        connection.setBusyTimeout(milliseconds: HistoryDatabase.busyTimeoutMs)
        do throws(SQLiteError) {
            let application = try connection.integer("PRAGMA application_id") ?? 0
            let tables = try connection.integer("SELECT count(*) FROM sqlite_schema") ?? 0
            if application == 0, tables == 0, create {
                try connection.exec("PRAGMA journal_mode = WAL")
                try connection.transaction { () throws(SQLiteError) in
                    try connection.exec(schema)
                    try connection.exec("PRAGMA application_id = \(applicationID)")
                    try connection.exec("PRAGMA user_version = \(version)")
                }
            } else if application != applicationID {
                return .failure(.unreadable(path: path, reason: "not an alert outbox"))
            }
            if create { try connection.exec(heldSchema) }
            // An alert is stored before delivery: a power cut must not lose it (FULL, not NORMAL).
            try connection.exec("PRAGMA synchronous = FULL")
            return .success(connection)
        } catch {
            return .failure(error.isCorrupt ? .unreadable(path: path, reason: error.message) : HistoryProblem(error))
        }
    }

    static let schema = """
        -- One decided alert. created: Unix ms; body: the JSON hooks get on stdin and webhooks by
        -- POST; environment: the hook's VERBUMCARE_* variables as a JSON object.
        CREATE TABLE alerts (
            key TEXT PRIMARY KEY,
            created INTEGER NOT NULL,
            kind TEXT NOT NULL,
            server TEXT NOT NULL,
            body TEXT NOT NULL,
            environment TEXT NOT NULL
        ) WITHOUT ROWID;
        -- One target of one alert. status: pending (not attempted to its end), delivered,
        -- failed, retry (a webhook tried again each round), dropped.
        CREATE TABLE deliveries (
            key TEXT NOT NULL,
            target TEXT NOT NULL,
            status TEXT NOT NULL,
            tries INTEGER NOT NULL DEFAULT 0,
            at INTEGER,
            detail TEXT,
            PRIMARY KEY (key, target)
        ) WITHOUT ROWID;
        CREATE INDEX deliveries_by_status ON deliveries (status);
        """

    // MARK: Writing

    /// Stores a decided alert with one pending delivery per target, in one transaction. false
    /// when its key was stored before (by this process, an earlier one, or another copy): the
    /// change was alerted already and is not alerted again.
    public func store(_ alert: OutboxAlert) throws(HistoryProblem) -> Bool {
        do {
            return try connection.transaction { () throws(SQLiteError) -> Bool in
                // Decided now: a mute no longer holds it (sent, or known already).
                try connection.prepare("DELETE FROM held WHERE key = ?").run([.text(alert.key)])
                let insert = try connection.prepare(
                    "INSERT OR IGNORE INTO alerts (key, created, kind, server, body, environment) VALUES (?, ?, ?, ?, ?, ?)")
                try insert.run([.text(alert.key), .int(alert.created), .text(alert.kind), .text(alert.serverId),
                                .text(alert.body), .text(JSON.object(JSONObject(alert.environment.sorted { $0.key < $1.key }
                                    .map { ($0.key, JSON.string($0.value)) })).compact)])
                guard connection.changes == 1 else { return false }
                let target = try connection.prepare("INSERT INTO deliveries (key, target, status) VALUES (?, ?, 'pending')")
                for each in Set(alert.targets).sorted() { try target.run([.text(alert.key), .text(each.storageKey)]) }
                return true
            }
        } catch {
            throw HistoryProblem(error)
        }
    }

    /// Records how one target's attempt ended.
    public func record(key: String, target: AlertTarget, outcome: AlertOutcome) throws(HistoryProblem) {
        do {
            let update = try connection.prepare(
                "UPDATE deliveries SET status = ?, tries = tries + 1, at = ?, detail = ? WHERE key = ? AND target = ?")
            try update.run([.text(outcome.status.rawValue), .int(Int64((outcome.at * 1000).rounded())),
                            .text(outcome.detail), .text(key), .text(target.storageKey)])
        } catch {
            throw HistoryProblem(error)
        }
    }

    /// Whether the alert `key` was decided before (it is, or was, in the outbox).
    public func contains(key: String) throws(HistoryProblem) -> Bool {
        do {
            let select = try connection.prepare("SELECT 1 FROM alerts WHERE key = ?")
            try select.bind([.text(key)])
            defer { select.reset() }
            return try select.step()
        } catch {
            throw HistoryProblem(error)
        }
    }

    /// The outages the alerts say are still open: a `server_down` without its `server_up`, a
    /// `fallback_started` without its `fallback_ended` (newest per server). With history off
    /// this is all a restarted recorder knows of them, and it keeps the restart from alerting
    /// the same outage twice.
    public func openOutages() throws(HistoryProblem) -> [InheritedIncident] {
        var open: [String: InheritedIncident] = [:]
        do {
            let select = try connection.prepare("SELECT key, environment FROM alerts ORDER BY created")
            try select.bind([])
            defer { select.reset() }
            while try select.step() {
                guard let key = select.text(at: 0), let parsed = LedgerKey(key) else { continue }
                let id = parsed.incidentId
                if parsed.opens {
                    let environment = JSON.parse(Array((select.text(at: 1) ?? "").utf8))
                    let reason = environment?["VERBUMCARE_REASON"]?.stringValue ?? ""
                    open[id] = InheritedIncident(serverId: id, start: Double(parsed.start),
                                                 reasonCode: reason.isEmpty ? "connect" : reason)
                } else if open[id]?.start == Double(parsed.start) {
                    open[id] = nil
                }
            }
        } catch {
            throw HistoryProblem(error)
        }
        // What a mute held: a beginning not alerted is open all the same (its alert is still
        // due); an end not alerted closed its outage.
        for held in try heldAlerts() {
            guard let parsed = LedgerKey(held.key) else { continue }
            let id = parsed.incidentId
            if parsed.opens, (open[id]?.start ?? -.infinity) < Double(parsed.start) {
                open[id] = InheritedIncident(serverId: id, start: Double(parsed.start), reasonCode: held.reasonCode ?? "connect",
                                             parameters: held.parameters, downAlerted: false)
            } else if !parsed.opens, open[id]?.start == Double(parsed.start) {
                open[id] = nil
            }
        }
        return open.values.sorted { $0.serverId < $1.serverId }
    }

    // MARK: What is due

    /// Every delivery still to make at `now`: the pending ones (never attempted to their end:
    /// the process stopped or was killed during delivery) and the webhooks to try again,
    /// oldest alert first.
    public func due() throws(HistoryProblem) -> [OutboxDelivery] {
        try deliveries(where: "d.status IN ('pending', 'retry')")
    }

    /// Marks the webhooks that have failed for longer than the retry window as dropped, and
    /// returns them (the caller logs each), and forgets delivered alerts older than `keepSeconds`.
    public func expire(now: Int64) throws(HistoryProblem) -> [OutboxDelivery] {
        let dropped = try deliveries(where: "d.status = 'retry' AND a.created < \(now - Self.retryWindowSeconds * 1000)")
        do {
            try connection.transaction { () throws(SQLiteError) in
                for delivery in dropped {
                    try connection.prepare("UPDATE deliveries SET status = 'dropped' WHERE key = ? AND target = ?")
                        .run([.text(delivery.alert.key), .text(delivery.target.storageKey)])
                }
                let old = now - Self.keepSeconds * 1000
                try connection.exec("""
                    DELETE FROM deliveries WHERE key IN (SELECT key FROM alerts WHERE created < \(old)) \
                    AND status NOT IN ('pending', 'retry');
                    DELETE FROM alerts WHERE created < \(old) AND key NOT IN (SELECT key FROM deliveries);
                    """)
            }
        } catch {
            throw HistoryProblem(error)
        }
        return dropped
    }

    /// Each target's last outcome (the newest attempt that ended), and how many deliveries
    /// wait: `doctor` and `history --json` show them.
    public func summary() throws(HistoryProblem) -> OutboxSummary {
        do {
            var last: [AlertTarget: AlertOutcome] = [:]
            let select = try connection.prepare("""
                SELECT target, status, at, detail FROM deliveries
                WHERE at IS NOT NULL ORDER BY at
                """)
            try select.bind([])
            while try select.step() {
                guard let text = select.text(at: 0), let target = AlertTarget(storageKey: text),
                      let status = AlertOutcome.Status(rawValue: select.text(at: 1) ?? "") else { continue }
                last[target] = AlertOutcome(status: status, detail: select.text(at: 3) ?? "",
                                            at: Double(select.int64(at: 2)) / 1000)
            }
            select.reset()
            let waiting = try connection.integer("SELECT count(*) FROM deliveries WHERE status IN ('pending', 'retry')") ?? 0
            return OutboxSummary(lastOutcomes: last, waiting: Int(clamping: waiting))
        } catch {
            throw HistoryProblem(error)
        }
    }

    private func deliveries(where condition: String) throws(HistoryProblem) -> [OutboxDelivery] {
        do {
            let select = try connection.prepare("""
                SELECT a.key, a.created, a.kind, a.server, a.body, a.environment, d.target, d.tries
                FROM deliveries d JOIN alerts a ON a.key = d.key
                WHERE \(condition) ORDER BY a.created, a.key, d.target
                """)
            try select.bind([])
            defer { select.reset() }
            var found: [OutboxDelivery] = []
            while try select.step() {
                guard let key = select.text(at: 0), let targetText = select.text(at: 6),
                      let target = AlertTarget(storageKey: targetText) else { continue }
                var environment: [String: String] = [:]
                if let object = JSON.parse(Array((select.text(at: 5) ?? "").utf8))?.objectValue {
                    for (name, value) in object { if let text = value.stringValue { environment[name] = text } }
                }
                let alert = OutboxAlert(key: key, created: select.int64(at: 1), kind: select.text(at: 2) ?? "",
                                        serverId: select.text(at: 3) ?? "", body: select.text(at: 4) ?? "",
                                        environment: environment, targets: [target])
                found.append(OutboxDelivery(alert: alert, target: target, tries: Int(clamping: select.int64(at: 7))))
            }
            return found
        } catch {
            throw HistoryProblem(error)
        }
    }
}

/// An alert as the outbox keeps it: already rendered (the body and the environment are fixed
/// when it is decided, in the language of that moment), so a delivery after a restart sends
/// exactly what would have been sent.
public struct OutboxAlert: Equatable, Sendable {
    public var key: String
    /// Unix ms.
    public var created: Int64
    public var kind: String
    public var serverId: String
    public var body: String
    public var environment: [String: String]
    public var targets: [AlertTarget]

    public init(key: String, created: Int64, kind: String, serverId: String, body: String,
                environment: [String: String], targets: [AlertTarget]) {
        self.key = key
        self.created = created
        self.kind = kind
        self.serverId = serverId
        self.body = body
        self.environment = environment
        self.targets = targets
    }
}

/// One delivery still to make.
public struct OutboxDelivery: Equatable, Sendable {
    public var alert: OutboxAlert
    public var target: AlertTarget
    /// Attempts that ended so far.
    public var tries: Int
}

/// What `doctor` and `history --json` say of the outbox.
public struct OutboxSummary: Equatable, Sendable {
    public var lastOutcomes: [AlertTarget: AlertOutcome]
    public var waiting: Int

    public init(lastOutcomes: [AlertTarget: AlertOutcome] = [:], waiting: Int = 0) {
        self.lastOutcomes = lastOutcomes
        self.waiting = waiting
    }
}
/// The parts of a ledger key that open or close an outage: `server_down:<id>:<start>`,
/// `server_up:<id>:<start>`, `fallback_started:<from>:<since>`, `fallback_ended:<from>:<since>`
/// (as `WatchReducer` builds them).
struct LedgerKey {
    var opens: Bool
    var isFallback: Bool
    var serverId: String
    var start: Int64

    init?(_ key: String) {
        let parts = key.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let start = Int64(parts[parts.count - 1]) else { return nil }
        switch parts[0] {
        case "server_down": (opens, isFallback) = (true, false)
        case "server_up": (opens, isFallback) = (false, false)
        case "fallback_started": (opens, isFallback) = (true, true)
        case "fallback_ended": (opens, isFallback) = (false, true)
        default: return nil
        }
        serverId = parts[1..<(parts.count - 1)].joined(separator: ":")
        self.start = start
    }

    /// The outage the key tells of: its server's, or the fallback's from that server.
    var incidentId: String {
        isFallback ? WatchState.FallbackSpell.incidentId(from: serverId) : serverId
    }
}

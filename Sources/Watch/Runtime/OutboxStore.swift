import Dispatch
import History
import Logging
import SettingsStore

/// The alert outbox of this home (`AlertOutbox`), confined to one serial queue. Opened when this
/// process becomes the recorder, whatever `history_enabled` says. Like `HistoryStore` it never
/// throws at its caller: a problem is logged once, and an outbox that cannot be opened is tried
/// again at the next call. Alerts never wait for it: an alert the outbox cannot store is still
/// delivered (`store` answers `.unstored`), with an in-memory ledger so this process sends it once.
public final class OutboxStore: @unchecked Sendable {
    // @unchecked: `outbox`, `memoryLedger`, `claimed` and `lastProblem` are touched on `queue` only.
    public let path: String
    private let queue = DispatchQueue(label: "verbumcare.outbox")
    private let logger: Logger
    private let clock: AppClock
    private var outbox: AlertOutbox?
    private var memoryLedger: Set<String> = []
    /// Deliveries handed out to this process and not yet recorded (alert key and target): a
    /// retry round never hands one out twice, whatever order a delivery's end, its record and
    /// the next `due` meet in. Decided here, on the queue the rows are read and written on.
    private var claimed: Set<String> = []
    private var lastProblem: HistoryProblem?

    public enum Stored: Equatable, Sendable {
        /// In the outbox: deliver it, and record each outcome.
        case stored
        /// Stored before (this change was alerted already): do not deliver it again.
        case known
        /// The outbox could not take it: deliver it anyway (an alert is never dropped because a
        /// disk is full), once per process.
        case unstored
    }

    public init(paths: AppPaths, clock: AppClock, logger: Logger) {
        path = AlertOutbox.path(stateDirectory: paths.stateDirectory)
        self.clock = clock
        self.logger = logger
    }

    /// Stores a decided alert; its targets are handed out to the caller at once (claimed).
    public func store(_ alert: OutboxAlert) async -> Stored {
        await onQueue { [self] in
            let result: Stored
            if let stored = using({ outbox throws(HistoryProblem) in try outbox.store(alert) }) {
                result = stored ? .stored : .known
            } else {
                result = memoryLedger.insert(alert.key).inserted ? .unstored : .known
            }
            if result != .known { for target in alert.targets { claimed.insert(Self.claim(alert.key, target)) } }
            return result
        }
    }

    /// Records how one delivery ended; the delivery may be handed out again (a webhook to retry).
    public func record(key: String, target: AlertTarget, outcome: AlertOutcome) async {
        await onQueue { [self] in
            _ = using { outbox throws(HistoryProblem) in try outbox.record(key: key, target: target, outcome: outcome) }
            claimed.remove(Self.claim(key, target))
        }
    }

    private static func claim(_ key: String, _ target: AlertTarget) -> String { key + "\u{0}" + target.storageKey }

    /// Whether the change `key` was alerted (stored) before.
    public func contains(_ key: String) async -> Bool {
        await onQueue { [self] in
            using { outbox throws(HistoryProblem) in try outbox.contains(key: key) } ?? memoryLedger.contains(key)
        }
    }

    /// Keeps an alert a mute holds (nothing when the outbox cannot be used: the state still
    /// holds it, for this process's life).
    public func hold(_ alert: HeldAlert) async {
        await onQueue { [self] in
            _ = using { outbox throws(HistoryProblem) in try outbox.hold(alert, now: Int64((clock.now() * 1000).rounded())) }
        }
    }

    /// Forgets a held alert that is no longer due.
    public func dropHeld(key: String) async {
        await onQueue { [self] in _ = using { outbox throws(HistoryProblem) in try outbox.dropHeld(key: key) } }
    }

    /// The alerts a mute held when the last recorder stopped.
    public func heldAlerts() async -> [HeldAlert] {
        await onQueue { [self] in using { outbox throws(HistoryProblem) in try outbox.heldAlerts() } ?? [] }
    }

    /// The outages the outbox's alerts say are open (a restart with history off).
    public func openOutages() async -> [InheritedIncident] {
        await onQueue { [self] in using { outbox throws(HistoryProblem) in try outbox.openOutages() } ?? [] }
    }

    /// What is still to deliver and not handed out already, after dropping (and logging) what
    /// failed for 24 h; what it returns is handed out (claimed) until its outcome is recorded.
    public func due(now: Double) async -> [OutboxDelivery] {
        await onQueue { [self] in
            let dropped = using { outbox throws(HistoryProblem) in try outbox.expire(now: Int64(now * 1000)) } ?? []
            for delivery in dropped {
                logger.warning("alert dropped after 24 h of failed deliveries",
                               metadata: ["key": "\(delivery.alert.key)", "target": "\(Self.logName(delivery.target))"])
            }
            let due = (using { outbox throws(HistoryProblem) in try outbox.due() } ?? [])
                .filter { claimed.insert(Self.claim($0.alert.key, $0.target)).inserted }
            return due
        }
    }

    public func summary() async -> OutboxSummary? {
        await onQueue { [self] in using { outbox throws(HistoryProblem) in try outbox.summary() } }
    }

    /// A target as the log names it: a webhook without its query string or credentials.
    public static func logName(_ target: AlertTarget) -> String {
        switch target {
        case .hook(let path): TextSanitizer.clean(path)
        case .webhook(let url): TextSanitizer.clean(WebhookAddress.redacted(url))
        }
    }

    // MARK: The queue

    private func onQueue<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: body()) }
        }
    }

    /// Runs `body` with the outbox (opening it when needed); nil, logged once, on a problem.
    /// Called on `queue` only.
    private func using<T>(_ body: (AlertOutbox) throws(HistoryProblem) -> T) -> T? {
        if outbox == nil {
            switch AlertOutbox.open(path: path, now: Int64(clock.now() * 1000)) {
            case .success(let opened):
                outbox = opened
                if let aside = opened.movedAside {
                    logger.warning("outbox: unreadable file kept aside, a new one started", metadata: ["copy": "\(aside)"])
                }
            case .failure(let problem):
                report(problem)
                return nil
            }
        }
        guard let outbox else { return nil }
        do throws(HistoryProblem) {
            let value = try body(outbox)
            if lastProblem != nil { logger.info("outbox works again") }
            lastProblem = nil
            return value
        } catch {
            report(error)
            // Reopened at the next call: the file may have been deleted, replaced or repaired.
            if case .busy = error {} else { self.outbox = nil }
            return nil
        }
    }

    private func report(_ problem: HistoryProblem) {
        if lastProblem != problem { logger.warning("outbox", metadata: ["problem": "\(problem)"]) }
        lastProblem = problem
    }
}

import AppCore
import BackendClient
import Dispatch
import History
import Logging
import SettingsStore
import Watch

/// The monitor's push by Prometheus remote write (issue 28, SPEC §15.4), run beside the rounds:
/// the monitor runs a round's push (`roundFinished`) as a child of the round's callback, a task
/// of the effect runner, beside the rest, so a slow, hanging or refusing receiver never delays
/// probing or alerting, and the runner's stop cancels it. Each push sends what history holds after
/// the cursor, oldest first, in bounded batches, then the round's own series; every decision
/// (what an answer means, where the cursor goes, whether to go on, what to tell) is
/// `RemoteWritePolicy`'s. One push at a time: a round that ends while one is in flight adds
/// nothing to do, since the next push starts from the cursor and finds that round in history.
public actor RemoteWritePusher {
    public struct Configuration: Sendable {
        public var url: String
        public var tokenFile: String
        public var origin: RemoteWriteBatch.Origin
        /// The checks' transport settings: their CA bundle (`--cacert`, `ca_bundle`) and
        /// `--connect-to` rules.
        public var transport: TransportSettings
        /// Whether history is kept (off: each round's series go alone, nothing is backfilled).
        public var historyEnabled: Bool
        /// Where a first push starts (Unix ms): the current round's earliest probe.
        public var since: Int64
        /// Raw rows per request (`RemoteWritePolicy.batchRows`; tests make it small).
        public var batchRows: Int
        /// One request's time limit (`RemoteWriteSender.timeoutMs`; tests make it short).
        public var timeoutMs: Int

        public init(url: String, tokenFile: String, origin: RemoteWriteBatch.Origin, transport: TransportSettings,
                    historyEnabled: Bool, since: Int64, batchRows: Int = RemoteWritePolicy.batchRows,
                    timeoutMs: Int = RemoteWriteSender.timeoutMs) {
            self.batchRows = max(1, batchRows)
            self.timeoutMs = timeoutMs
            self.url = url
            self.tokenFile = tokenFile
            self.origin = origin
            self.transport = transport
            self.historyEnabled = historyEnabled
            self.since = since
        }
    }

    public let stateFile: RemoteWriteStateFile
    private let historyPath: String
    private let httpTransport: any HTTPTransport
    private let logger: Logger
    private let now: @Sendable () -> Double
    private let queue = DispatchQueue(label: "verbumcare.remote-write.history")
    private var state: RemoteWritePolicy.State?
    private var inFlight = false
    private var stateFileFailing = false

    public init(paths: AppPaths, transport: any HTTPTransport = CurlEngine.shared, logger: Logger,
                clock: AppClock = .system) {
        stateFile = RemoteWriteStateFile(paths: paths)
        historyPath = paths.stateDirectory + "/history.sqlite3"
        httpTransport = transport
        self.logger = logger
        now = clock.now
    }

    /// A round finished: its push, unless a push is in flight (then this round adds nothing to
    /// do). Returns when the push ends, or at once when it is cancelled: the caller runs it
    /// beside its other work, in a task it owns.
    public func roundFinished(_ round: [OpenMetricsReport.Family], at roundAt: Double,
                              configuration: Configuration) async {
        guard !inFlight else { return }
        await push(round, roundAtMs: Int64((roundAt * 1000).rounded()), configuration: configuration)
    }

    /// One push to its end (tests and the benchmark await it): batches until the receiver has
    /// everything, refuses, or cannot be reached. The state after it.
    @discardableResult
    public func push(_ round: [OpenMetricsReport.Family], roundAtMs: Int64,
                     configuration: Configuration) async -> RemoteWritePolicy.State {
        inFlight = true
        defer { inFlight = false }
        var current = state ?? stateFile.read() ?? RemoteWritePolicy.State()
        let shown = WebhookAddress.redacted(configuration.url)
        let token: [UInt8]
        switch TokenFile.read(path: configuration.tokenFile) {
        case .success(let bytes):
            token = bytes
        case .failure(let problem):
            let step = RemoteWritePolicy.after(current, batchEnd: nil, full: false, answer: .failed(problem.code), at: now())
            tell(step, url: shown, path: configuration.tokenFile)
            return save(step.state)
        }
        if current.cursor == nil { current.cursor = RemoteWritePolicy.initialCursor(since: configuration.since) }
        let sender = RemoteWriteSender(transport: httpTransport, settings: configuration.transport,
                                       timeoutMs: configuration.timeoutMs)
        for _ in 0..<RemoteWritePolicy.maxBatchesPerPush {
            // The cursor is set above and only moves forward.
            let cursor = current.cursor ?? RemoteWritePolicy.initialCursor(since: configuration.since)
            let rows = configuration.historyEnabled ? await readRows(after: cursor, limit: configuration.batchRows) : []
            let full = rows.count >= configuration.batchRows
            let series = RemoteWriteBatch.series(rows: rows, round: full ? [] : round, roundAtMs: full ? nil : roundAtMs,
                                                 origin: configuration.origin,
                                                 roundIncludesHistoryFamily: !configuration.historyEnabled)
            guard !series.isEmpty else { break }
            let body = Snappy.compress(WriteRequestEncoder.encode(series))
            let answer = await sender.send(body, to: configuration.url, token: token)
            // Cancelled with its owner (the monitor stops): the answer says nothing of the
            // receiver, and the cursor stays where it was for the next start.
            guard !Task.isCancelled else { break }
            let end = rows.last.map { RemoteWriteCursor(at: $0.at, serverKey: $0.serverKey) }
            let step = RemoteWritePolicy.after(current, batchEnd: end, full: full, answer: answer, at: now())
            if RemoteWritePolicy.verdict(answer) == .skipBatch, let first = rows.first, let last = rows.last {
                logger.warning("remote write: batch refused for good, not sent again (the rows stay in history)",
                               metadata: ["url": "\(shown)", "answer": "\(answer.detail)", "rows": "\(rows.count)",
                                          "from_ms": "\(first.at)", "to_ms": "\(last.at)"])
            }
            tell(step, url: shown, path: configuration.tokenFile)
            current = save(step.state)
            guard step.goOn else { break }
        }
        return current
    }

    /// Forgets the state kept in memory (the next push reads the state file): a restart.
    public func forget() {
        state = nil
    }

    /// Tells a new problem once, and the receiver accepting again.
    private func tell(_ step: RemoteWritePolicy.Step, url: String, path: String) {
        if let problem = step.tell {
            logger.warning("remote write not accepted", metadata: ["url": "\(url)", "reason": "\(problem)",
                                                                   "token_file": "\(path)"])
        }
        if step.recovered {
            logger.info("remote write accepted again", metadata: ["url": "\(url)"])
        }
    }

    /// Keeps the state, and writes it for the next start and `doctor` (a failure told once).
    private func save(_ next: RemoteWritePolicy.State) -> RemoteWritePolicy.State {
        state = next
        do {
            try stateFile.write(next)
            stateFileFailing = false
        } catch {
            if !stateFileFailing {
                logger.warning("remote-write.json not written; the cursor is kept in memory",
                               metadata: ["path": "\(stateFile.path)", "reason": "\(ErrorReason.text(error))"])
            }
            stateFileFailing = true
        }
        return next
    }

    /// The next batch of raw rows, read on a queue of its own through a read-only handle (the
    /// recorder's writes go on meanwhile: WAL). A database that cannot be read gives no rows:
    /// the round's own series still go.
    private func readRows(after cursor: RemoteWriteCursor, limit: Int) async -> [HistoryDatabase.RawRow] {
        let path = historyPath
        let nowMs = Int64(now() * 1000)
        return await withCheckedContinuation { (continuation: CheckedContinuation<[HistoryDatabase.RawRow], Never>) in
            queue.async {
                guard case .success(let database) = HistoryDatabase.open(path: path, readOnly: true, now: nowMs),
                      let rows = try? database.rawRows(after: cursor.at, serverKey: cursor.serverKey,
                                                       limit: limit) else {
                    return continuation.resume(returning: [])
                }
                continuation.resume(returning: rows)
            }
        }
    }
}

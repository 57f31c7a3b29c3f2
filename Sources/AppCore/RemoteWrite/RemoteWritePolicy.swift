/// Where the remote write has got to (issue 28, "no gap"): the last raw history row the
/// receiver accepted, in the table's order (time, then server key). Everything after it is
/// still to be sent; the rows before it were accepted, or refused for good and told.
public struct RemoteWriteCursor: Equatable, Sendable, Comparable {
    /// Unix milliseconds of the last row accepted.
    public var at: Int64
    public var serverKey: Int64

    public init(at: Int64, serverKey: Int64) {
        self.at = at
        self.serverKey = serverKey
    }

    public static func < (a: Self, b: Self) -> Bool { (a.at, a.serverKey) < (b.at, b.serverKey) }
}

/// How one request of the remote write ended, as the sender saw it.
public enum RemoteWriteAnswer: Equatable, Sendable {
    /// The receiver answered with this status (a redirect is `redirect`).
    case status(Int)
    /// A 3xx: never followed (the token must not go where the setting did not say).
    case redirect(Int)
    /// No usable answer: the transport's error code (`timeout`, `tls`, `connection_refused`,
    /// `body_too_large`…).
    case failed(String)

    /// A short, stable text for the log, `doctor` and the state file (`HTTP 401`, `redirect 302`,
    /// `timeout`): never the URL, never the token.
    public var detail: String {
        switch self {
        case .status(let code): "HTTP \(code)"
        case .redirect(let code): "redirect \(code)"
        case .failed(let code): code
        }
    }
}

/// The remote write's decisions, pure (issue 28): what an answer means for the batch, where
/// the cursor goes, whether to go on now, and whether a problem is told (once, until the
/// receiver accepts again). The pusher runs the I/O and asks this for every step.
public enum RemoteWritePolicy {
    /// Raw rows per request: about 2 samples each, so a request stays well under a megabyte
    /// before compression (receivers commonly cap a request at a few MB).
    public static let batchRows = 5_000
    /// Requests one push makes at most before it yields to the next round (a week of backlog
    /// of 10 servers at 10 s is about 120 batches).
    public static let maxBatchesPerPush = 400

    /// What the answer means for the batch.
    public enum Verdict: Equatable, Sendable {
        /// Stored: the cursor moves to the batch's end and the next batch goes at once.
        case accepted
        /// Not stored, worth trying again (unreachable, 5xx, 429, 408, a redirect, TLS, a hang,
        /// an oversized answer): the cursor stays, the same rows go again next round. Sending
        /// them twice is harmless: a receiver keeps one sample per series and time.
        case retryLater
        /// Refused for good (another 4xx: 400, 401, 403, 413…): the batch is skipped (the cursor
        /// moves past it) and told; the rows stay in the box's history.
        case skipBatch
    }

    public static func verdict(_ answer: RemoteWriteAnswer) -> Verdict {
        switch answer {
        case .status(let code) where (200..<300).contains(code): .accepted
        case .status(let code) where (400..<500).contains(code) && code != 408 && code != 429: .skipBatch
        case .status, .redirect, .failed: .retryLater
        }
    }

    /// The state the pusher keeps between requests (and in its state file).
    public struct State: Equatable, Sendable {
        public var cursor: RemoteWriteCursor?
        /// The last request's answer and when (Unix seconds), for `doctor`.
        public var lastAnswer: RemoteWriteAnswer?
        public var lastAt: Double?
        /// The problem last told; nil once the receiver accepted again.
        public var toldProblem: String?

        public init(cursor: RemoteWriteCursor? = nil, lastAnswer: RemoteWriteAnswer? = nil, lastAt: Double? = nil,
                    toldProblem: String? = nil) {
            self.cursor = cursor
            self.lastAnswer = lastAnswer
            self.lastAt = lastAt
            self.toldProblem = toldProblem
        }
    }

    /// What to do after one request.
    public struct Step: Equatable, Sendable {
        public var state: State
        /// Send the next batch now (false: wait for the next round).
        public var goOn: Bool
        /// Tell this problem (log, once); nil: nothing new to tell.
        public var tell: String?
        /// Tell that the receiver accepts again after a problem.
        public var recovered: Bool
    }

    /// Where a first push starts when no cursor was kept: just before `since` (the current
    /// round), so turning the push on does not send a week of history at once.
    public static func initialCursor(since: Int64) -> RemoteWriteCursor {
        RemoteWriteCursor(at: since - 1, serverKey: .max)
    }

    /// The step after a request for rows up to `batchEnd` (nil: a request that carried no raw
    /// rows, only the round's gauges) answered `answer` at `at`. `full`: the batch had
    /// `batchRows` rows, so more may wait.
    public static func after(_ state: State, batchEnd: RemoteWriteCursor?, full: Bool, answer: RemoteWriteAnswer,
                             at: Double) -> Step {
        var next = state
        next.lastAnswer = answer
        next.lastAt = at
        switch verdict(answer) {
        case .accepted, .skipBatch:
            if let batchEnd, next.cursor.map({ batchEnd > $0 }) ?? true { next.cursor = batchEnd }
        case .retryLater:
            break
        }
        switch verdict(answer) {
        case .accepted:
            next.toldProblem = nil
            return Step(state: next, goOn: full, tell: nil, recovered: state.toldProblem != nil)
        case .skipBatch, .retryLater:
            let problem = answer.detail
            next.toldProblem = problem
            let tell = state.toldProblem == problem ? nil : problem
            // A skipped batch waits for the next round too: a refusal that holds for every batch
            // (a 401 from a wrong token) then skips one batch per round, not the whole backlog,
            // while a person reads the log line and fixes the token.
            return Step(state: next, goOn: false, tell: tell, recovered: false)
        }
    }

    /// How far behind the receiver is: from the last row accepted to `now`, in seconds (nil
    /// before anything was accepted).
    public static func lagSeconds(_ state: State, now: Double) -> Double? {
        state.cursor.map { max(0, now - Double($0.at) / 1000) }
    }
}

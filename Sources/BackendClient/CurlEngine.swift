import Synchronization
import CCurl
import Dispatch
import Glibc
import SettingsStore

/// The one libcurl multi handle of the process, driven by a dedicated thread (docs/ARCHITECTURE.md: no
/// network work on the UI thread). Requests arrive through a locked inbox and a
/// `curl_multi_wakeup`; results go back through continuations. Connections and DNS answers
/// live in the multi handle, so probes of the same server reuse their connection.
///
/// Nothing of libcurl exists until the first request: that request loads the library
/// (`CurlLibrary`), creates the multi handle and starts the thread. When libcurl cannot be
/// loaded, every request fails with that reason instead.
public final class CurlEngine: HTTPTransport, Sendable {
    /// The process-wide engine. Its thread, once started, lives until the process ends
    /// (`CurlLibrary.settle` stops it then).
    public static let shared = CurlEngine()

    private struct Inbox: Sendable {
        var additions: [(TransportRequest, RequestHandle)] = []
        var cancellations: [UInt64] = []
        var stopping = false
        var nextID: UInt64 = 0
    }

    private enum Phase: Sendable {
        case notStarted
        case running(MultiHandle)
        case unavailable(ClientError)
        case stopped
    }

    private let maxConnectionsPerHost: Int
    private let maxConnections: Int
    /// nil: derived from the descriptor limit when the engine starts.
    private let budget: TransferBudget?
    private let phase = Mutex(Phase.notStarted)
    private let inbox = Mutex(Inbox())
    private let stopped = DispatchSemaphore(value: 0)
    /// The engine thread's CPU-time clock, once the thread runs.
    private let threadClock = Mutex<clockid_t?>(nil)
    /// The engine thread's id in /proc/self/task, once the thread runs (tests look at its wait).
    private let threadTask = Mutex<String?>(nil)

    /// Idle wait of the engine thread: no deadline (libcurl refuses a negative one; this is
    /// 24 days). Every request and cancellation wakes the thread (`curl_multi_wakeup`, kept
    /// pending when the thread is not yet waiting), and with no transfer libcurl has no timer,
    /// so an idle process has nothing to look at (issue 26: it woke once a minute).
    static let idlePollMs: Int32 = .max
    /// Longest wait while transfers run. libcurl 7.88 sometimes leaves a transfer that
    /// waited for a connection without a timer or socket event until the next poll returns
    /// (measured: a 1 s stall with a 1 s cap); a short cap bounds such stalls at little cost
    /// (ten wakeups a second, only while requests are in flight).
    private static let activePollMs: Int32 = 100

    /// - Parameters:
    ///   - maxConnectionsPerHost: connections libcurl opens to one server at a time (0 = no
    ///     limit). With 1, the four checks of a server share one kept-alive connection (one
    ///     TLS handshake instead of four). The `health` check's new connection
    ///     (`TransportRequest.freshConnection`) needs a place of its own: with 1, libcurl closes
    ///     the idle kept-alive connection to make room, and the checks take turns.
    ///   - maxConnections: open connections in all (0 = no limit). Each TLS connection costs
    ///     about 200 KiB, so this bounds memory when hundreds of servers are tested at once.
    ///   Requests over a limit wait in libcurl's queue, where their timeouts keep running.
    ///   - budget: transfers in flight and idle connections kept (default: from `RLIMIT_NOFILE`).
    ///   Requests over the budget wait in the engine's own queue, where no timeout runs yet.
    public init(maxConnectionsPerHost: Int = 0, maxConnections: Int = 0, budget: TransferBudget? = nil) {
        self.maxConnectionsPerHost = maxConnectionsPerHost
        self.maxConnections = maxConnections
        self.budget = budget
    }

    /// The multi handle, loading libcurl and starting the thread on the first call.
    private func start() -> Result<MultiHandle, ClientError> {
        phase.withLock { phase in
            switch phase {
            case .running(let multi):
                return .success(multi)
            case .unavailable(let error):
                return .failure(error)
            case .stopped:
                return .failure(.transport(.connect, message: "transport stopped"))
            case .notStarted:
                if let error = CurlLibrary.load() {
                    phase = .unavailable(error)
                    return .failure(error)
                }
                // curl_multi_init fails only when out of memory, which Swift cannot recover from either.
                guard let pointer = vc_multi_init() else { fatalError("curl_multi_init failed") }
                let multi = MultiHandle(pointer: pointer)
                let budget = budget ?? TransferBudget.forThisProcess()
                // Transfers in flight never exceed the budget, so libcurl's own cap only makes it
                // close an idle connection before it opens one past the budget.
                let total = maxConnections > 0 ? min(maxConnections, budget.transfers) : budget.transfers
                vc_multi_setopt_long(pointer, CURLMOPT_MAX_HOST_CONNECTIONS, maxConnectionsPerHost)
                vc_multi_setopt_long(pointer, CURLMOPT_MAX_TOTAL_CONNECTIONS, total)
                vc_multi_setopt_long(pointer, CURLMOPT_MAXCONNECTS, budget.idleConnections)
                DetachedThread.start { [self] in run(multi, budget: budget) }
                phase = .running(multi)
                return .success(multi)
            }
        }
    }

    /// The multi handle when the thread runs (for wakeups), without starting anything.
    private var runningMulti: MultiHandle? {
        phase.withLock { phase in
            if case .running(let multi) = phase { return multi }
            return nil
        }
    }

    public func perform(_ request: TransportRequest) async -> Result<TransportResponse, ClientError> {
        await submit(request, batch: nil)
    }

    /// All requests reach the inbox before one wakeup: the engine thread adds them to the multi
    /// handle in one pass. Woken for each, it would start the first ones, and while their TLS
    /// set-up (the CA bundle, about 2 ms) ran inside `curl_multi_perform`, the others would wait.
    public func perform(together requests: [TransportRequest]) async -> [Result<TransportResponse, ClientError>] {
        let batch = Batch(count: requests.count)
        return await concurrentlyInOrder(requests.count) { index in await self.submit(requests[index], batch: batch) }
    }

    /// Counts the requests of one `perform(together:)` into the inbox; the last one wakes the engine.
    private final class Batch: Sendable {
        private let remaining: Mutex<Int>

        init(count: Int) {
            remaining = Mutex(count)
        }

        /// True for the last arrival.
        func arrive() -> Bool {
            remaining.withLock { remaining in
                remaining -= 1
                return remaining == 0
            }
        }
    }

    private func submit(_ request: TransportRequest, batch: Batch?) async -> Result<TransportResponse, ClientError> {
        let id = inbox.withLock { inbox -> UInt64 in
            inbox.nextID += 1
            return inbox.nextID
        }
        let handle = RequestHandle(id: id)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                var enqueued = false
                // Every request of a batch arrives, enqueued or not, so that the last one wakes the engine.
                defer {
                    if batch?.arrive() ?? enqueued, let multi = runningMulti { vc_multi_wakeup(multi.pointer) }
                }
                guard handle.install(continuation) else {
                    continuation.resume(returning: .failure(.cancelled))
                    return
                }
                if case .failure(let error) = start() {
                    handle.deliver(.failure(error))
                    return
                }
                enqueued = inbox.withLock { inbox -> Bool in
                    guard !inbox.stopping else { return false }
                    inbox.additions.append((request, handle))
                    return true
                }
                if !enqueued {
                    handle.deliver(.failure(.transport(.connect, message: "transport stopped")))
                }
            }
        } onCancel: {
            if handle.cancel() {
                inbox.withLock { $0.cancellations.append(handle.id) }
                if let multi = runningMulti { vc_multi_wakeup(multi.pointer) }
            }
        }
    }

    /// Stops the thread: transfers in flight end as `cancelled`, and requests made later fail
    /// as "transport stopped". For engines made by tests and benchmarks, and for the shared
    /// engine as the process ends (`CurlLibrary.settle`).
    public func shutdown() {
        let first = inbox.withLock { inbox -> Bool in
            defer { inbox.stopping = true }
            return !inbox.stopping
        }
        guard first else { return }
        let wasRunning = phase.withLock { phase -> MultiHandle? in
            defer { phase = .stopped }
            if case .running(let multi) = phase { return multi }
            return nil
        }
        guard let multi = wasRunning else { return }
        vc_multi_wakeup(multi.pointer)
        stopped.wait()
    }

    /// CPU time the engine thread has used, in seconds: libcurl's work for every request (TLS
    /// handshakes, CA store loading) and nothing of the callers'. For tests and benchmarks that
    /// compare what requests cost without the noise of other threads. nil before the first
    /// request and after `shutdown`.
    /// A measurement of work (the thread's CPU clock), not the time of day or an interval.
    public func threadCPUSeconds() -> Double? {
        guard let clock = threadClock.withLock({ $0 }) else { return nil }
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return nil }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The engine thread's id (its folder in /proc/self/task) while it runs; nil before the
    /// first request. For tests that look at what the idle thread waits for.
    var threadTaskID: String? { threadTask.withLock { $0 } }

    // MARK: engine thread

    private func run(_ handle: MultiHandle, budget: TransferBudget) {
        let multi = handle.pointer
        var clock = clockid_t()
        if pthread_getcpuclockid(pthread_self(), &clock) == 0 { threadClock.withLock { $0 = clock } }
        threadTask.withLock { $0 = ThreadFolder.current() }
        defer {
            threadClock.withLock { $0 = nil }
            threadTask.withLock { $0 = nil }
        }
        var active: [UInt64: CurlTransfer] = [:]
        var byEasy: [UnsafeMutableRawPointer: UInt64] = [:]
        var waiting = WaitingRequests()
        var inFlightLimit = budget.transfers

        func finish(_ id: UInt64, _ result: Result<TransportResponse, ClientError>?) {
            guard let transfer = active.removeValue(forKey: id) else { return }
            byEasy.removeValue(forKey: transfer.easy)
            vc_multi_remove_handle(multi, transfer.easy)
            if let result { transfer.handle.deliver(result) }
        }

        while true {
            let (additions, cancellations, stopping) = inbox.withLock { inbox in
                defer { inbox.additions = []; inbox.cancellations = [] }
                return (inbox.additions, inbox.cancellations, inbox.stopping)
            }
            if stopping {
                for id in Array(active.keys) { finish(id, .failure(.cancelled)) }
                for (_, handle) in additions + waiting.removeAll() { handle.deliver(.failure(.cancelled)) }
                break
            }
            waiting.append(additions)
            for id in cancellations {
                finish(id, nil) // the cancelling task has already been resumed
            }
            // A waiting request starts only now: its timeouts count from here.
            while active.count < inFlightLimit, let (request, handle) = waiting.next() {
                guard !handle.isCancelled else { continue }
                do {
                    let transfer = try CurlTransfer(request: request, handle: handle)
                    let code = vc_multi_add_handle(multi, transfer.easy)
                    guard code == CURLM_OK else {
                        let reason = String(cString: vc_multi_strerror(code))
                        handle.deliver(.failure(.transport(.connect, message: "libcurl: \(reason)")))
                        continue
                    }
                    active[handle.id] = transfer
                    byEasy[transfer.easy] = handle.id
                } catch {
                    handle.deliver(.failure(error))
                }
            }

            var running: Int32 = 0
            vc_multi_perform(multi, &running)
            var queued: Int32 = 0
            var finishedAny = false
            while let message = vc_multi_info_read(multi, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                      let id = byEasy[easy], let transfer = active[id] else { continue }
                finishedAny = true
                let outcome = transfer.outcome(message.pointee.data.result)
                if case .failure = outcome, transfer.ranOutOfDescriptors {
                    // Descriptors taken elsewhere in the process: the server was not tested, so
                    // its request waits again, behind fewer transfers (never reported as down).
                    finish(id, nil)
                    inFlightLimit = max(1, active.count)
                    if waiting.retry(transfer.request, transfer.handle, othersRunning: !active.isEmpty) { continue }
                    transfer.handle.deliver(outcome)
                    continue
                }
                finish(id, outcome)
            }
            // A finished transfer hands its connection (or its place in the budget) to one that
            // waited for it, whose answer may already sit in a buffer where no socket event will
            // announce it.
            if finishedAny && !(active.isEmpty && waiting.isEmpty) { continue }

            // Transfers past their own deadline (a `.local` name resolved faster than its
            // allowance) end here; the nearest deadline still ahead shortens the wait.
            var waitMs = active.isEmpty ? Self.idlePollMs : Self.activePollMs
            // The system's clock, as libcurl's (see `CurlTransfer.startedNs`): on the engine
            // thread, which no injected clock reaches, between two real waits in poll(2).
            let now = AppClock.monotonicNanoseconds()
            for (id, transfer) in active {
                guard let deadline = transfer.deadline() else { continue }
                if deadline <= now {
                    finish(id, transfer.timedOut())
                } else {
                    waitMs = min(waitMs, Int32(clamping: (deadline - now + 999_999) / 1_000_000))
                }
            }

            var ready: Int32 = 0
            vc_multi_poll(multi, nil, 0, waitMs, &ready)
        }
        vc_multi_cleanup(multi)
        stopped.signal()
    }
}

/// The multi handle's pointer, shared between the engine thread and the callers' wakeups.
private struct MultiHandle: @unchecked Sendable {
    // @unchecked: after creation only the engine thread uses it, except for
    // `curl_multi_wakeup`, which libcurl documents as callable from any thread.
    let pointer: UnsafeMutableRawPointer
}

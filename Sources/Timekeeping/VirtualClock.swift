import Synchronization

/// Time that a test moves: wall time, monotonic time, sleeps and timers all read one virtual
/// timeline that stands still until `advance(by:)` or `run()` moves it. Hand `clock` to the code
/// under test (a runtime, the store, the loop) in place of `AppClock.system`.
///
/// Written here rather than taken from swift-clocks' `TestClock` (1.1.1, mirrored locally),
/// because that one does not serve this program: its manifest asks for swift-tools 6.4 (this
/// toolchain is 6.3) and pulls in swift-issue-reporting, swift-docc-plugin and Foundation (the
/// app keeps Foundation off its start path); it models one `Duration` timeline, with no wall
/// clock beside it; and its `advance` resumes sleepers and then yields a few hundred times
/// (`megaYield`) hoping they have run, so which of two due sleepers acts first is up to the
/// executor. Here a due timer (`AppClock.schedule`, which `Timers` uses) is run by `advance`
/// itself, on the main actor and to its end, before the next one: equal deadlines in the order
/// they were scheduled. Bare sleepers (a retry's pause) are resumed in the same order, then
/// given a few turns of their executor (they run whenever it gets to them, as in
/// `TestClock`); timers are what tests should lean on.
public final class VirtualClock: Sendable {
    private enum Wake: Sendable {
        case timer(@MainActor @Sendable () -> Void)
        case sleeper(CheckedContinuation<Void, any Error>)
    }

    private struct Entry: Sendable {
        let deadline: Int64
        let sequence: Int
        let wake: Wake

        func isBefore(_ other: Entry) -> Bool {
            (deadline, sequence) < (other.deadline, other.sequence)
        }
    }

    private struct State: Sendable {
        /// Nanoseconds since the clock was made: the one virtual timeline.
        var elapsed: Int64 = 0
        var entries: [Int: Entry] = [:]
        var nextSequence = 0
        /// Sleepers cancelled before they were queued (the cancellation handler ran first).
        var cancelledEarly: Set<Int> = []
    }

    private let state = Mutex(State())
    /// The wall and monotonic readings at the start of the timeline.
    public let wallStart: Double
    public let monotonicStart: Double

    /// Starts at `wall` (seconds since 1970; by default a fixed moment in 2026, so runs repeat)
    /// and at `monotonic`.
    public init(wall: Double = 1_790_000_000, monotonic: Double = 1_000) {
        wallStart = wall
        monotonicStart = monotonic
    }

    /// The clock to inject: every reading, sleep and timer on this timeline.
    public var clock: AppClock {
        AppClock(now: { [self] in now },
                 monotonic: { [self] in monotonic },
                 sleep: { [self] seconds in try await sleep(seconds) },
                 schedule: { [self] seconds, fire in schedule(after: seconds, fire) })
    }

    public var now: Double { wallStart + elapsedSeconds }
    public var monotonic: Double { monotonicStart + elapsedSeconds }
    public var elapsedSeconds: Double { Double(state.withLock { $0.elapsed }) / 1e9 }
    /// Timers and sleepers waiting.
    public var pendingCount: Int { state.withLock { $0.entries.count } }
    /// Seconds until the next timer or sleeper is due (0: due now), nil when none waits.
    public var nextDue: Double? {
        state.withLock { state in
            state.entries.values.map(\.deadline).min().map { Double(max(0, $0 - state.elapsed)) / 1e9 }
        }
    }

    // MARK: Moving time

    /// Moves time forward by `seconds`, running every timer and waking every sleeper that falls
    /// due on the way, in due order, with time standing at each one's deadline while it runs.
    /// What they schedule within the span runs too. `advance(by: 0)` runs what is due now.
    public func advance(by seconds: Double) async {
        let target = state.withLock { $0.elapsed } + Self.nanoseconds(seconds)
        while let entry = takeNext(upTo: target) {
            await wake(entry)
        }
        await Self.settle()
    }

    /// Moves time to each next deadline until nothing waits. A timer that schedules itself
    /// again forever would never let it end: after `limit` wakes it stops and returns false.
    @discardableResult
    public func run(limit: Int = 10_000) async -> Bool {
        for _ in 0..<limit {
            guard let entry = takeNext(upTo: .max) else {
                await Self.settle()
                return true
            }
            await wake(entry)
        }
        await Self.settle()
        return pendingCount == 0
    }

    /// For tests whose effects are real work between timers (transfers, files): each time
    /// `idle` returns (nothing in flight) and `condition` does not hold yet, time moves to the
    /// next timer and runs it; while nothing waits on the clock it polls every 5 ms of real time
    /// for work still arriving. `timeout` (real seconds) only stops a broken test from hanging.
    /// Returns whether `condition` held.
    @MainActor
    public func advance(until condition: @MainActor () -> Bool, whenIdle idle: @MainActor () async -> Void,
                        timeout: Double = 180) async -> Bool {
        let deadline = AppClock.monotonicSeconds() + timeout
        while AppClock.monotonicSeconds() < deadline {
            await idle()
            if condition() { return true }
            if let due = nextDue {
                await advance(by: due)
            } else {
                try? await Task.sleep(nanoseconds: 5_000_000)
            }
        }
        return condition()
    }

    /// The earliest entry due at or before `target`, taken off the queue with time moved to its
    /// deadline; nil (time moved to `target`) when none is.
    private func takeNext(upTo target: Int64) -> Entry? {
        state.withLock { state in
            let next = state.entries.values.reduce(nil as Entry?) { best, entry in
                best.map { entry.isBefore($0) ? entry : $0 } ?? entry
            }
            guard let next, next.deadline <= target else {
                if target != .max { state.elapsed = max(state.elapsed, target) }
                return nil
            }
            state.entries[next.sequence] = nil
            state.elapsed = max(state.elapsed, next.deadline)
            return next
        }
    }

    private func wake(_ entry: Entry) async {
        switch entry.wake {
        case .timer(let fire):
            await MainActor.run { fire() }
        case .sleeper(let continuation):
            continuation.resume()
            await Self.settle()
        }
    }

    /// A few turns of the executors, for woken sleepers and the main-actor work they start.
    private static func settle() async {
        for _ in 0..<20 { await Task.yield() }
    }

    // MARK: The clock's entries

    private func schedule(after seconds: Double, _ fire: @escaping @MainActor @Sendable () -> Void) -> ScheduledTimer {
        let sequence = state.withLock { state in
            state.nextSequence += 1
            let sequence = state.nextSequence
            state.entries[sequence] = Entry(deadline: state.elapsed + Self.nanoseconds(seconds), sequence: sequence,
                                            wake: .timer(fire))
            return sequence
        }
        return ScheduledTimer { [weak self] in
            _ = self?.state.withLock { $0.entries.removeValue(forKey: sequence) }
        }
    }

    private func sleep(_ seconds: Double) async throws {
        try Task.checkCancellation()
        let sequence = state.withLock { state in
            state.nextSequence += 1
            return state.nextSequence
        }
        let delay = Self.nanoseconds(seconds)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { state in
                    if state.cancelledEarly.remove(sequence) != nil { return true }
                    state.entries[sequence] = Entry(deadline: state.elapsed + delay, sequence: sequence,
                                                    wake: .sleeper(continuation))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let queued = state.withLock { state in
                if let entry = state.entries.removeValue(forKey: sequence) { return Optional(entry) }
                // Not queued yet, or already woken: a woken one is never looked up again.
                state.cancelledEarly.insert(sequence)
                return nil
            }
            if case .sleeper(let continuation)? = queued?.wake { continuation.resume(throwing: CancellationError()) }
        }
    }

    /// Whole nanoseconds, so that deadlines compare exactly; negative waits are due now, and
    /// waits beyond AppClock.taskSleep's cap are capped as it caps them.
    static func nanoseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite else { return seconds > 0 ? 1_000_000_000 * 1_000_000_000 : 0 }
        return Int64((min(max(0, seconds), 1e9) * 1e9).rounded())
    }
}

import SettingsStore

/// The tasks an effect runner keeps in flight (the connectivity runtime's and the watch
/// runtime's): work off the main actor whose event is dispatched on it, work with no event of
/// its own, and timers kept by id on the runner's clock. Stopped runners drop what comes back;
/// `isIdle` lets tests and the monitor wait until nothing is in flight (armed timers are not
/// "in flight": with a `VirtualClock` they wait for the test to advance time).
@MainActor
public final class EffectTasks {
    private var inFlight: [Int: Task<Void, Never>] = [:]
    private var nextId = 0
    private var isStopped = false
    private let timers: Timers

    public init(clock: AppClock = .system) {
        timers = Timers(clock: clock)
    }

    public var isIdle: Bool { inFlight.isEmpty }

    /// Runs `work` off the main actor and hands its event to `deliver` on it (not after `stop`).
    public func perform(_ work: @escaping @Sendable () async -> AppEvent,
                        deliver: @escaping @MainActor (AppEvent) -> Void) {
        track { [weak self] in
            let event = await work()
            guard let self, !Task.isCancelled, !self.isStopped else { return }
            deliver(event)
        }
    }

    /// Work with no event of its own (records, alerts), tracked like the rest.
    public func background(_ work: @escaping @MainActor () async -> Void) {
        track(work)
    }

    /// After `seconds` (the runner's clock), hands `event()` to `deliver`. Scheduling `id` again
    /// replaces its timer; `cancelTimer(id)` drops it. A replaced or cancelled timer never fires.
    public func timer(_ id: TimerID, after seconds: Double, _ event: @escaping @Sendable () -> AppEvent,
                      deliver: @escaping @MainActor @Sendable (AppEvent) -> Void) {
        timers.schedule(id, after: seconds) { [weak self] in
            guard let self, !self.isStopped else { return }
            deliver(event())
        }
    }

    public func cancelTimer(_ id: TimerID) {
        timers.cancel(id)
    }

    /// The ids of the armed timers.
    public var scheduledTimers: Set<TimerID> { timers.scheduled }

    /// Cancels every timer and everything in flight; with `stop`, nothing is delivered from now on.
    public func cancelAll(stop: Bool = false) {
        if stop { isStopped = true }
        timers.cancelAll()
        inFlight.values.forEach { $0.cancel() }
        inFlight.removeAll()
    }

    private func track(_ work: @escaping @MainActor () async -> Void) {
        nextId += 1
        let id = nextId
        inFlight[id] = Task { [weak self] in
            await work()
            self?.inFlight[id] = nil
        }
    }
}

/// Every timer the effect runners keep, one id per kind: each `schedule…` effect replaces the
/// timer of its kind.
extension TimerID {
    /// `scheduleProbe` → `probeTimerFired`.
    public static let probe: TimerID = "probe"
    /// `scheduleRecoveryProbe` → `recoveryTimerFired`.
    public static let recoveryProbe: TimerID = "recoveryProbe"
    /// `schedulePaneRetest` → `paneRetestTimerFired` (only while the pane is open).
    public static let paneRetest: TimerID = "paneRetest"
    /// `scheduleRound` → `roundTimerFired`.
    public static let round: TimerID = "round"
    /// `scheduleMuteEnd` → `muteTimerFired`.
    public static let muteEnd: TimerID = "muteEnd"
    /// `scheduleDrillEnd` → `drillTimerFired`.
    public static let drillEnd: TimerID = "drillEnd"
}

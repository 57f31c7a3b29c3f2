import SettingsStore

/// The tasks the effect runner keeps in flight (`EffectRunner`: one set per group of engines):
/// work off the main actor whose event is dispatched on it, work with no event of its own, and
/// timers kept by id on the engines' clock. A cancelled task leaves the set at once (its work
/// stops at its next suspension). Stopped runners drop what comes back; `isIdle` says nothing
/// is in flight (armed timers are not "in flight": with a `VirtualClock` they wait for the test
/// to advance time), and `onSettled` tells the runner each time a task leaves the set, so
/// waiting for idle is a condition, not a poll.
@MainActor
public final class EffectTasks {
    private var inFlight: [Int: Task<Void, Never>] = [:]
    /// The task in flight under each key: a newer task of a key cancels the older one.
    private var keyed: [String: Int] = [:]
    private var nextId = 0
    private var isStopped = false
    private let timers: Timers
    /// Called on the main actor after a task leaves the set (finished or cancelled); the
    /// task's event, if any, was dispatched before.
    public var onSettled: (@MainActor () -> Void)?

    public init(clock: AppClock = .system) {
        timers = Timers(clock: clock)
    }

    public var isIdle: Bool { inFlight.isEmpty }

    /// The keys of the keyed tasks in flight (tests, the runner's account of its work).
    public var keysInFlight: Set<String> { Set(keyed.keys) }

    /// Runs `work` off the main actor and hands its event to `deliver` on it (not after `stop`).
    /// With a `key`, the task in flight under that key is cancelled first: its work is
    /// superseded, and its event is never delivered (the check below runs on the main actor,
    /// where the cancel runs too, so a cancelled task cannot deliver).
    public func perform(key: String? = nil, _ work: @escaping @Sendable () async -> AppEvent,
                        deliver: @escaping @MainActor (AppEvent) -> Void) {
        track(key: key) { [weak self] in
            let event = await work()
            guard let self, !Task.isCancelled, !self.isStopped else { return }
            deliver(event)
        }
    }

    /// Work with no event of its own (records, alerts), tracked like the rest.
    public func background(key: String? = nil, _ work: @escaping @MainActor () async -> Void) {
        track(key: key, work)
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

    /// After `seconds`, runs `fire` (not after `stop`): the runner's own repeats (the fleet's
    /// refresh), which end in work rather than in an event.
    public func timer(_ id: TimerID, after seconds: Double, fire: @escaping @MainActor @Sendable () -> Void) {
        timers.schedule(id, after: seconds) { [weak self] in
            guard let self, !self.isStopped else { return }
            fire()
        }
    }

    /// Cancels the task in flight under `key`, if any: its event is never delivered.
    public func cancel(key: String) {
        guard let id = keyed.removeValue(forKey: key) else { return }
        inFlight.removeValue(forKey: id)?.cancel()
        onSettled?()
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
        keyed.removeAll()
        onSettled?()
    }

    private func track(key: String? = nil, _ work: @escaping @MainActor () async -> Void) {
        nextId += 1
        let id = nextId
        if let key {
            if let older = keyed[key] { inFlight.removeValue(forKey: older)?.cancel() }
            keyed[key] = id
        }
        inFlight[id] = Task { [weak self] in
            await work()
            guard let self, self.inFlight.removeValue(forKey: id) != nil else { return }
            if let key, self.keyed[key] == id { self.keyed[key] = nil }
            self.onSettled?()
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
    /// The fleet view's refresh: `queryFleet`'s work again, every `refreshSeconds`.
    public static let fleetRefresh: TimerID = "fleetRefresh"
}

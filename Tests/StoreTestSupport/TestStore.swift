import AppCore
import Testing

/// The whole composed `AppReducer` under test, exhaustively and in virtual time, in the manner
/// of swift-composable-architecture's `TestStore` and `TestClock`:
/// - `send` applies an event; the state must change exactly as the test says (the whole
///   `AppState`, every slice; a failure prints the fields that differ);
/// - every effect the reducer asks for is accounted for: answered by a double the test gave
///   (`answer`), put on the virtual timeline (the timers, once `runTimers` or claimed), taken
///   by the test (`receive`), or declared ignored (`ignore`). An effect left unclaimed fails the
///   next step and `finish`;
/// - time is virtual: `advance(by:)` fires the timers that fall due, each event carrying the
///   time it fired at; a timer re-scheduled or cancelled never fires;
/// - `runToQuiescence` runs the answered effects and what is due until nothing is in flight
///   and nothing is due.
/// A class, as the harness of one test: doubles close over the test's world (a scripted
/// network, a settings file in a temporary folder).
public final class TestStore {
    /// How a kind of effect is accounted for.
    enum Disposition {
        /// The test must `receive` it (the default: nothing is accounted for silently).
        case claim
        /// A double answers it with events when it runs; `atOnce`: inside `send`, as the
        /// store runs its file effects inside `dispatch`.
        case answer(atOnce: Bool, Answer)
        /// A timer kept on the timeline without being claimed.
        case timeline
        /// Declared ignored by the test: dropped.
        case ignore
    }

    /// A test double: answers an effect, run at the virtual time given, with what it reports.
    public typealias Answer = (AppEffect, Double) -> [Completion]

    /// One event an effect reports, `after` seconds of virtual time from when it ran; made with
    /// the time it is reported at.
    public struct Completion {
        public var after: Double
        var make: (Double) -> AppEvent

        /// Reported at once.
        public init(_ event: AppEvent) {
            after = 0
            make = { _ in event }
        }

        public init(after: Double, _ make: @escaping (_ at: Double) -> AppEvent) {
            self.after = after
            self.make = make
        }
    }

    public private(set) var state: AppState
    public private(set) var now: Double
    /// Whether every step must say how the state changes (off for property tests, which check
    /// invariants instead; effects stay exhaustive either way).
    public var checksState = true
    /// Effects the reducer asked for that the test has not received yet, oldest first.
    public private(set) var unclaimed: [AppEffect] = []
    /// Answered effects not run yet, oldest first.
    public private(set) var inFlight: [AppEffect] = []
    /// The timers waiting, one per kind, and completions that take virtual time.
    var timers: [EffectKind: Pending] = [:]
    var completions: [Pending] = []
    private var sequence = 0
    /// Inside a `claim`: the steps it runs are checked together, at its end.
    private var batches = 0
    var dispositions: [EffectKind: Disposition] = [:]
    /// Every event applied, for failure messages.
    public private(set) var log: [String] = []
    /// The time of every event applied that carries one, in order.
    public private(set) var times: [Double] = []
    /// Every effect the reducer asked for, in order, however it was accounted for.
    public private(set) var produced: [AppEffect] = []

    struct Pending {
        var due: Double
        var order: Int
        var fire: (Double) -> AppEvent
        /// The timer's own effect (nil for a completion).
        var effect: AppEffect?
    }

    public init(_ state: AppState, at now: Double) {
        self.state = state
        self.now = now
    }

    // MARK: Declaring how effects are accounted for

    /// `double` answers every effect of `kind` when it runs (in `runToQuiescence`, `advance`,
    /// `runInFlight`), or at once inside `send` when `atOnce`.
    public func answer(_ kind: EffectKind, atOnce: Bool = false, with double: @escaping Answer) {
        precondition(!kind.isTimer, "timers are answered by the virtual clock: runTimers")
        dispositions[kind] = .answer(atOnce: atOnce, double)
    }

    public func answer(_ kinds: [EffectKind], atOnce: Bool = false, with double: @escaping Answer) {
        for kind in kinds { answer(kind, atOnce: atOnce, with: double) }
    }

    /// These timers go on the timeline without being claimed, and `stopConnectivity` cancels
    /// connectivity's, as the runner does (all of them when none is named).
    public func runTimers(_ kinds: Set<EffectKind> = EffectKind.timers.union([.stopConnectivity])) {
        for kind in kinds {
            precondition(kind.isTimer || kind == .stopConnectivity, "\(kind) is not a timer")
            dispositions[kind] = .timeline
        }
    }

    /// The test says it does not care about these effects: they are dropped.
    public func ignore(_ kinds: EffectKind...) {
        for kind in kinds { dispositions[kind] = .ignore }
    }

    // MARK: Events

    /// Applies `event`; `change` says what it does to the whole state (nothing, when omitted).
    public func send(_ event: AppEvent, sourceLocation: SourceLocation = #_sourceLocation,
                     _ change: ((inout AppState) -> Void)? = nil) {
        expectAllClaimed(before: event.name, sourceLocation)
        let before = state
        apply(event)
        expect(from: before, change, what: event.name, sourceLocation)
    }

    /// Takes the oldest unclaimed effect equal to `effect`; fails when there is none.
    public func receive(_ effect: AppEffect, sourceLocation: SourceLocation = #_sourceLocation) {
        receive(sourceLocation: sourceLocation) { $0 == effect }
    }

    /// Takes the oldest unclaimed effect that `matches`; fails when there is none. A timer
    /// taken goes on the timeline.
    @discardableResult
    public func receive(sourceLocation: SourceLocation = #_sourceLocation,
                        _ matches: (AppEffect) -> Bool) -> AppEffect? {
        guard let index = unclaimed.firstIndex(where: matches) else {
            Issue.record("no such effect among \(unclaimed)", sourceLocation: sourceLocation)
            return nil
        }
        let effect = unclaimed.remove(at: index)
        schedule(effect)
        return effect
    }

    /// Every effect was accounted for and nothing answered is left in flight (timers may wait:
    /// the probe's loop never ends).
    public func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        expectAllClaimed(before: "the end", sourceLocation)
        #expect(inFlight.isEmpty && completions.isEmpty,
                "effects still in flight at the end: \(inFlight), \(completions.count) completions due later",
                sourceLocation: sourceLocation)
    }

    // MARK: Running effects

    /// Runs the answered effects, and what falls due as they take virtual time, until nothing
    /// is in flight and nothing is due; `change` is the state's change over the whole run.
    public func runToQuiescence(maxSteps: Int = 10_000, sourceLocation: SourceLocation = #_sourceLocation,
                                _ change: ((inout AppState) -> Void)? = nil) {
        expectAllClaimed(before: "running effects", sourceLocation)
        let before = state
        var steps = 0
        while steps < maxSteps, step() { steps += 1 }
        #expect(steps < maxSteps, "no quiescence after \(maxSteps) steps: \(log.suffix(20))", sourceLocation: sourceLocation)
        expect(from: before, change, what: "the effects run", sourceLocation)
    }

    /// Moves virtual time on by `seconds`, running answered effects and firing each timer at
    /// the time it falls due, in order; `change` is the state's change over the whole span.
    public func advance(by seconds: Double, sourceLocation: SourceLocation = #_sourceLocation,
                        _ change: ((inout AppState) -> Void)? = nil) {
        expectAllClaimed(before: "advancing", sourceLocation)
        let before = state
        let end = now + seconds
        var steps = 0
        while steps < 10_000 {
            steps += 1
            if let effect = inFlight.first {
                inFlight.removeFirst()
                run(effect)
            } else if let next = nextDue(), next.due <= end {
                fire(next)
            } else {
                break
            }
        }
        now = max(now, end)
        expect(from: before, change, what: "advancing \(seconds) s", sourceLocation)
    }

    /// Runs the answered effect in flight at `index` alone (the effects finish in any order);
    /// `change` is what it does to the state.
    public func runInFlight(at index: Int, sourceLocation: SourceLocation = #_sourceLocation,
                            _ change: ((inout AppState) -> Void)? = nil) {
        claim("running \(inFlight[index].kind)", change, sourceLocation) {
            run(inFlight.remove(at: index))
        }
    }

    /// Moves virtual time to the earliest timer or completion due and fires it alone; `change`
    /// is what it does to the state.
    public func fireNextTimer(sourceLocation: SourceLocation = #_sourceLocation,
                              _ change: ((inout AppState) -> Void)? = nil) {
        claim("the next timer", change, sourceLocation) {
            guard let next = nextDue() else { return }
            fire(next)
        }
    }

    /// Runs `steps` (any of the store's steps, each unchecked) as one step whose change to the
    /// state is `change`: a story claims what a run of effects does as a whole.
    public func claim(_ what: String, _ change: ((inout AppState) -> Void)?, _ sourceLocation: SourceLocation,
                      steps: () -> Void) {
        let before = state
        batches += 1
        steps()
        batches -= 1
        expect(from: before, change, what: what, sourceLocation)
    }

    /// Some effect answers later in virtual time (a hang).
    public var hasCompletions: Bool { !completions.isEmpty }

    /// The time the next timer or completion falls due.
    public var nextDueTime: Double? { nextDue()?.due }

    /// The timers waiting on the timeline, by the effect that set each, earliest first.
    public var waitingTimers: [AppEffect] {
        timers.values.sorted(by: Self.earlier).compactMap(\.effect)
    }

    /// When the timer `effect` set falls due (nil: it is not waiting).
    public func due(_ effect: AppEffect) -> Double? {
        timers[effect.kind].flatMap { $0.effect == effect ? $0.due : nil }
    }

    /// Fires the waiting timer `effect` set (virtual time moves to it), alone; `change` is what
    /// it does to the state.
    public func fire(timer effect: AppEffect, sourceLocation: SourceLocation = #_sourceLocation,
                     _ change: ((inout AppState) -> Void)? = nil) {
        claim("the timer \(effect.kind)", change, sourceLocation) {
            guard let pending = timers[effect.kind], pending.effect == effect else { return }
            fire(Due.timer(effect.kind, pending))
        }
    }

    /// One step towards quiescence: an effect in flight runs, else the earliest completion
    /// (virtual time moves to it), else a timer already due; `change` is what it does to the
    /// state. False when there is nothing.
    @discardableResult
    public func runOne(sourceLocation: SourceLocation = #_sourceLocation,
                       _ change: ((inout AppState) -> Void)? = nil) -> Bool {
        var ran = false
        claim("one step", change, sourceLocation) { ran = step() }
        return ran
    }

    // MARK: Inside

    private func step() -> Bool {
        if let effect = inFlight.first {
            inFlight.removeFirst()
            run(effect)
        } else if let next = nextDue(), next.due <= now || !completions.isEmpty {
            // While a completion is awaited, time passes: what falls due before it fires first.
            fire(next)
        } else {
            return false
        }
        return true
    }

    private func apply(_ event: AppEvent) {
        log.append(event.name)
        if let time = event.time { times.append(time) }
        for effect in AppReducer.reduce(&state, event) {
            produced.append(effect)
            switch dispositions[effect.kind] ?? .claim {
            case .claim:
                unclaimed.append(effect)
            case .answer(atOnce: true, _):
                run(effect)
            case .answer(atOnce: false, _):
                inFlight.append(effect)
            case .timeline:
                schedule(effect)
            case .ignore:
                break
            }
        }
    }

    /// What the runner does with an effect that is not answered by a double: timers go on the
    /// timeline (replacing the one of their kind), `stopConnectivity` cancels connectivity's.
    private func schedule(_ effect: AppEffect) {
        if effect.kind == .stopConnectivity {
            for kind in EffectKind.connectivityTimers { timers[kind] = nil }
        }
        guard effect.kind.isTimer else { return }
        timers[effect.kind] = effect.timer.map { timer in
            sequence += 1
            return Pending(due: now + timer.delay, order: sequence, fire: timer.fire, effect: effect)
        }
    }

    private func run(_ effect: AppEffect) {
        guard case .answer(_, let double) = dispositions[effect.kind] else {
            preconditionFailure("\(effect.kind) has no double")
        }
        for completion in double(effect, now) {
            if completion.after <= 0 {
                apply(completion.make(now))
            } else {
                sequence += 1
                completions.append(Pending(due: now + completion.after, order: sequence, fire: completion.make, effect: nil))
            }
        }
    }

    enum Due {
        case timer(EffectKind, Pending)
        case completion(Pending)

        var due: Double {
            switch self {
            case .timer(_, let pending), .completion(let pending): pending.due
            }
        }
    }

    private static func earlier(_ a: Pending, _ b: Pending) -> Bool {
        (a.due, a.order) < (b.due, b.order)
    }

    private func nextDue() -> Due? {
        let timer = timers.min { Self.earlier($0.value, $1.value) }
        let completion = completions.min(by: Self.earlier)
        switch (timer, completion) {
        case let (timer?, completion?):
            return Self.earlier(completion, timer.value) ? .completion(completion) : .timer(timer.key, timer.value)
        case let (timer?, nil): return .timer(timer.key, timer.value)
        case let (nil, completion?): return .completion(completion)
        case (nil, nil): return nil
        }
    }

    private func fire(_ due: Due) {
        now = max(now, due.due)
        switch due {
        case let .timer(kind, pending):
            timers[kind] = nil
            apply(pending.fire(now))
        case .completion(let pending):
            completions.removeAll { $0.order == pending.order }
            apply(pending.fire(now))
        }
    }

    private func expectAllClaimed(before step: String, _ sourceLocation: SourceLocation) {
        guard !unclaimed.isEmpty else { return }
        Issue.record("effects nobody claimed before \(step): \(unclaimed)\nafter \(log.suffix(12).joined(separator: " → "))",
                     sourceLocation: sourceLocation)
        unclaimed.removeAll()
    }

    private func expect(from before: AppState, _ change: ((inout AppState) -> Void)?, what: String,
                        _ sourceLocation: SourceLocation) {
        guard checksState, batches == 0 else { return }
        var expected = before
        change?(&expected)
        guard expected != state else { return }
        let difference = StateDifference.lines(expected, state).joined(separator: "\n")
        let claimed = change == nil ? "state changed that the test did not claim" : "changed the state otherwise than claimed"
        Issue.record("\(what): \(claimed) (−expected +actual):\n\(difference)",
                     sourceLocation: sourceLocation)
    }
}

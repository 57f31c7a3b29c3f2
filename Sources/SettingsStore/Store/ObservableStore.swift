/// A Zustand-like store (docs/PRODUCT.md: The store): `getState`, `setState` (listeners run only on change),
/// `subscribe(selector, equality, fireImmediately, listener(new, old))`.
///
/// Delivery rules:
/// - `setState` applies the mutation at once (`getState()` returns the new state right after),
///   and listeners run only when the whole state changed and, per listener, only when its
///   selected slice changed according to its equality function.
/// - Listeners run synchronously, in subscription order.
/// - Re-entrancy: a `setState` from inside a listener is applied at once but delivered only
///   after the current round has reached every listener. Rounds are delivered one after the
///   other, in the order of the changes, so every listener sees every state in the same order
///   and each call's `old` is exactly the `new` of that listener's previous call. (Inside a
///   listener, `getState()` may therefore already be ahead of the `new` it was given.)
/// - A listener cancelled during a round (by itself or by another listener) is not called
///   again, not even later in the same round. A listener added during a round starts from the
///   state at the time it subscribed and never receives rounds for earlier states.
/// - A subscription lasts while its `StoreSubscription` handle is alive: `cancel()` ends it,
///   and so does releasing the handle (like Combine's `AnyCancellable`). Keep the handle.
@MainActor
public final class ObservableStore<State: Equatable & Sendable> {
    private var state: State
    /// Bumped for every change; rounds and subscribers are ordered by it.
    private var generation: UInt64 = 0
    private var subscribers: [Subscriber] = []
    private var nextSubscriberId: UInt64 = 0
    /// Changes waiting to be delivered (when a listener changed the state during a round).
    private var pendingRounds: [(generation: UInt64, state: State)] = []
    private var isDelivering = false

    public init(_ initial: State) { state = initial }

    public func getState() -> State { state }

    /// Mutates the state in place. Listeners are called only if the state changed. Internal:
    /// only the store module changes state (through the reducer).
    func setState(_ mutate: (inout State) throws -> Void) rethrows {
        var next = state
        try mutate(&next)
        guard next != state else { return }
        state = next
        generation &+= 1
        pendingRounds.append((generation, next))
        deliverPendingRounds()
    }

    /// Replaces the whole state.
    func setState(_ newState: State) {
        setState { $0 = newState }
    }

    /// Calls `listener(new, old)` whenever `selector(state)` changes according to `equality`.
    public func subscribe<Slice>(_ selector: @escaping (State) -> Slice,
                                 equality: @escaping (Slice, Slice) -> Bool,
                                 fireImmediately: Bool = false,
                                 _ listener: @escaping (_ new: Slice, _ old: Slice) -> Void) -> StoreSubscription {
        var last = selector(state)
        let deliver: (State) -> Void = { newState in
            let slice = selector(newState)
            guard !equality(slice, last) else { return }
            let old = last
            last = slice
            listener(slice, old)
        }
        nextSubscriberId &+= 1
        let id = nextSubscriberId
        let handle = StoreSubscription { [weak self] in self?.remove(id) }
        subscribers.append(Subscriber(id: id, startGeneration: generation, handle: handle, deliver: deliver))
        pruneReleased()
        if fireImmediately {
            let current = last
            listener(current, current)
        }
        return handle
    }

    /// `subscribe` with the slice's own `==`.
    public func subscribe<Slice: Equatable>(_ selector: @escaping (State) -> Slice,
                                            fireImmediately: Bool = false,
                                            _ listener: @escaping (_ new: Slice, _ old: Slice) -> Void) -> StoreSubscription {
        subscribe(selector, equality: { $0 == $1 }, fireImmediately: fireImmediately, listener)
    }

    /// Listens to the whole state.
    public func subscribe(fireImmediately: Bool = false,
                          _ listener: @escaping (_ new: State, _ old: State) -> Void) -> StoreSubscription {
        subscribe({ $0 }, equality: { $0 == $1 }, fireImmediately: fireImmediately, listener)
    }

    /// Live subscriptions (released handles are counted until the next change prunes them).
    public var subscriberCount: Int {
        subscribers.filter { $0.isActive }.count
    }

    private func deliverPendingRounds() {
        // A nested setState only queues its round; the outermost call delivers them all.
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        while !pendingRounds.isEmpty {
            let round = pendingRounds.removeFirst()
            // A snapshot: subscribers added during the round are skipped by their start generation.
            for subscriber in subscribers where subscriber.startGeneration < round.generation {
                guard subscriber.isActive else { continue }
                subscriber.deliver(round.state)
            }
            pruneReleased()
        }
    }

    private func remove(_ id: UInt64) {
        guard let index = subscribers.firstIndex(where: { $0.id == id }) else { return }
        subscribers[index].cancelled = true
        // During a round the loop holds its own copy of the array; removing here is safe and
        // the `cancelled` flag (shared through the class) stops the copy from calling it.
        subscribers.remove(at: index)
    }

    private func pruneReleased() {
        subscribers.removeAll { !$0.isActive }
    }

    private final class Subscriber {
        let id: UInt64
        /// The generation current when it subscribed; it receives only later rounds.
        let startGeneration: UInt64
        weak var handle: StoreSubscription?
        let deliver: (State) -> Void
        var cancelled = false

        init(id: UInt64, startGeneration: UInt64, handle: StoreSubscription, deliver: @escaping (State) -> Void) {
            self.id = id
            self.startGeneration = startGeneration
            self.handle = handle
            self.deliver = deliver
        }

        /// Released handles end the subscription lazily, so `deinit` needs no actor hop.
        var isActive: Bool { !cancelled && handle != nil }
    }
}

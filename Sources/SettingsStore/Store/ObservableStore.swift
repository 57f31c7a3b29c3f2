// PLACEHOLDER (helper D replaces this file): signatures are the contract.
/// A Zustand-like store: `getState`, `setState` (listeners run only on change),
/// `subscribe(selector, equality, listener(new, old), fireImmediately)`.
@MainActor
public final class ObservableStore<State: Equatable & Sendable> {
    public init(_ initial: State) { state = initial }
    private var state: State
    public func getState() -> State { state }
}

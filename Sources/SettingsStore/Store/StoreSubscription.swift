/// The handle `ObservableStore.subscribe` returns. The subscription lasts while the handle is
/// alive: `cancel()` ends it at once, and releasing the handle ends it too (like Combine's
/// `AnyCancellable`), so a discarded handle means no subscription.
@MainActor
public final class StoreSubscription {
    private var onCancel: (@MainActor () -> Void)?

    init(onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    public var isCancelled: Bool { onCancel == nil }

    /// Idempotent; safe to call from inside a listener.
    public func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }

    /// Keeps the handle alive as long as the collection holding it.
    public func store(in collection: inout [StoreSubscription]) {
        collection.append(self)
    }
}

import Synchronization

/// Remembers the results of a pure function by its inputs, for work that every frame repeats on
/// the same inputs (wrapping the same sentences, the footer of the same key contexts). Only for
/// functions whose result depends on the key alone: a hit returns exactly what a call would
/// (texts in keys are `ExactText`, compared by their bytes).
/// When `capacity` entries are held the table starts over, so texts that come and go (a
/// counter, an address being typed) cannot make it grow without bound.
public final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let table = Mutex<[Key: Value]>([:])
    private let capacity: Int

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    public func value(for key: Key, _ compute: () -> Value) -> Value {
        if let known = table.withLock({ $0[key] }) {
            return known
        }
        // Computed outside the lock: the function is pure, so a second thread computing the same
        // entry meanwhile stores the same value.
        let value = compute()
        table.withLock { entries in
            if entries.count >= capacity {
                entries.removeAll(keepingCapacity: true)
            }
            entries[key] = value
        }
        return value
    }
}

import Synchronization

/// The project's one lock (`Mutex`) in a class, for tests that share a value between the test
/// and escaping closures (a `Mutex` cannot be copied into them).
final class SharedLock<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    func withLock<Result: Sendable>(_ body: (inout sending Value) throws -> sending Result) rethrows -> Result {
        try mutex.withLock(body)
    }
}

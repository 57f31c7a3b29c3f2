import Foundation

/// A value behind a lock. `NSLock` rather than `Synchronization.Mutex` so the module keeps
/// building for the package's macOS 13 floor (Mutex needs macOS 15).
final class LockedState<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

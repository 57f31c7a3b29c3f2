import Foundation

/// Blocking work (a socket read, a child's exit, python and openssl starting) waited for on a
/// thread of its own, never on the cooperative pool: the pool has two threads on a 2-core
/// machine, and a test that holds one while it waits stalls every other test of the run (a
/// `Task.detached` runs on that same pool, so it is no way out).
public enum OwnThread {
    public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }

    public static func run<T: Sendable>(throwing work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}

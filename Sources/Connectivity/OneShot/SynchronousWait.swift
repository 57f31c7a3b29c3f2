import Dispatch

/// Runs async work to completion from synchronous code (the command line's `run`, which
/// swift-argument-parser calls on the main thread). The work must not need the main actor:
/// the main thread is blocked while it runs.
public enum SynchronousWait {
    public static func result<T: Sendable>(of operation: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.value = await operation()
            done.signal()
        }
        done.wait()
        // The task stored a value before signalling.
        guard let value = box.value else { preconditionFailure("SynchronousWait: no result") }
        return value
    }
}

/// Written once by the task before the semaphore is signalled and read only after the wait,
/// so the semaphore orders the two accesses.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var value: T?
}

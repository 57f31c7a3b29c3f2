import Synchronization

/// The meeting point of a waiting Swift task, the engine thread and a cancellation: whoever
/// comes first takes the continuation, so the task is resumed exactly once and a cancelled
/// request never receives a result.
final class RequestHandle: Sendable {
    typealias Continuation = CheckedContinuation<Result<TransportResponse, ClientError>, Never>

    private enum State {
        case idle
        case waiting(Continuation)
        case cancelled
        case finished
    }

    let id: UInt64
    private let state = Mutex<State>(.idle)

    init(id: UInt64) {
        self.id = id
    }

    /// Stores the continuation; false when the request was cancelled before it got here
    /// (the caller then resumes it with `cancelled` itself).
    func install(_ continuation: Continuation) -> Bool {
        state.withLock { state in
            if case .idle = state {
                state = .waiting(continuation)
                return true
            }
            return false
        }
    }

    /// Resumes the waiting task with the result, unless it was cancelled meanwhile.
    func deliver(_ result: Result<TransportResponse, ClientError>) {
        let continuation: Continuation? = state.withLock { state in
            guard case .waiting(let continuation) = state else { return nil }
            state = .finished
            return continuation
        }
        continuation?.resume(returning: result)
    }

    /// Resumes the waiting task with `cancelled` at once; true when the engine may still hold
    /// a transfer for this request that should be removed.
    func cancel() -> Bool {
        let (continuation, wasSubmitted): (Continuation?, Bool) = state.withLock { state in
            switch state {
            case .idle:
                state = .cancelled
                return (nil, false)
            case .waiting(let continuation):
                state = .cancelled
                return (continuation, true)
            case .cancelled, .finished:
                return (nil, false)
            }
        }
        continuation?.resume(returning: .failure(.cancelled))
        return wasSubmitted
    }

    var isCancelled: Bool {
        state.withLock { state in
            if case .cancelled = state { return true }
            return false
        }
    }
}

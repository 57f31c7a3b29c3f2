import Synchronization

/// Events that arrive from other threads (the app-state writer's outcomes, a file watcher's
/// changes, the prober's credential reads): posted here from any thread, handed to the main
/// actor in order by one task the effect runner keeps (`open`), and cancelled with it. Without
/// a runner (the command line, which hears app-state.json's outcome at `flushPersistence`) what
/// is posted waits, the newest `waitingLimit` of it, for a runner that may come.
public final class EffectInbox: Sendable {
    public typealias Work = @Sendable @MainActor () -> Void

    private struct Slots {
        var sink: AsyncStream<Work>.Continuation?
        var waiting: [Work] = []
    }

    private let slots = Mutex(Slots())
    static let waitingLimit = 64

    public init() {}

    /// Runs `work` on the main actor, after what was posted before it.
    public func post(_ work: @escaping Work) {
        slots.withLock { slots in
            if let sink = slots.sink {
                sink.yield(work)
            } else {
                slots.waiting.append(work)
                if slots.waiting.count > Self.waitingLimit { slots.waiting.removeFirst() }
            }
        }
    }

    /// What is posted from now on (what waited first), for one consumer: a consumer opened
    /// before ends.
    public func open() -> AsyncStream<Work> {
        let (stream, continuation) = AsyncStream.makeStream(of: Work.self)
        slots.withLock { slots in
            slots.sink?.finish()
            slots.waiting.forEach { continuation.yield($0) }
            slots.waiting = []
            slots.sink = continuation
        }
        return stream
    }

    /// The consumer stops: what is posted from now on waits again.
    public func close() {
        slots.withLock { slots in
            slots.sink?.finish()
            slots.sink = nil
        }
    }
}

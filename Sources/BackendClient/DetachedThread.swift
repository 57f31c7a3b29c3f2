import Glibc

/// A detached POSIX thread running one closure (Foundation's `Thread` without Foundation): the
/// libcurl engine's loop, and each alert hook's wait (a blocking wait never belongs on the
/// cooperative pool, and a thread of its own starts at once, unlike a dispatch queue's).
public enum DetachedThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }

    /// Starts `run` on a new thread; false (and `run` never runs) when the system has no
    /// thread to give.
    public static func tryStart(_ run: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Body(run: run)).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, detachedThreadMain, context) == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    public static func start(_ run: @escaping @Sendable () -> Void) {
        // Only a process out of threads or memory gets here; nothing could send requests then.
        guard tryStart(run) else { fatalError("pthread_create failed") }
    }

    fileprivate static func main(_ context: UnsafeMutableRawPointer) {
        Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
    }
}

/// The thread's entry point. At file scope so that it carries no actor isolation: C calls it
/// on the new thread (a closure written inside actor-isolated code would trap there).
private func detachedThreadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    if let context { DetachedThread.main(context) }
    return nil
}

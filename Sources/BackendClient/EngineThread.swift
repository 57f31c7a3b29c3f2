import Glibc

/// A detached POSIX thread running one closure (Foundation's `Thread` without Foundation).
enum EngineThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }

    static func start(_ run: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(run: run)).toOpaque()
        var thread = pthread_t()
        let code = pthread_create(&thread, nil, engineThreadMain, context)
        // Only a process out of threads or memory gets here; nothing could send requests then.
        guard code == 0 else { fatalError("pthread_create failed: \(code)") }
        pthread_detach(thread)
    }

    fileprivate static func main(_ context: UnsafeMutableRawPointer) {
        Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
    }
}

/// The thread's entry point. At file scope so that it carries no actor isolation: C calls it
/// on the new thread (a closure written inside actor-isolated code would trap there).
private func engineThreadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    if let context { EngineThread.main(context) }
    return nil
}

/// Descriptors the main thread itself waits on, beside the main queue's wake-up descriptor: the
/// executable's own main loop (`MainQueueLoop`) polls them in the same poll(2) and runs their
/// handlers on the main thread, so their event wakes one thread once (issue 26, item 3).
///
/// A descriptor watched by a dispatch source on the main queue woke libdispatch's manager
/// thread twice per event (the event, then the source's re-arm once its handler had run on the
/// main queue) besides the main thread (docs/PERFORMANCE.md: Where an idle minute goes).
///
/// Only a process whose main thread runs that loop polls them (`polledByMainLoop`): a test
/// runner drains the main queue with its own loop, so an `AppLoop` driven in-process watches its
/// descriptors with a dispatch source instead (`SecondTicker`).
@MainActor
public enum MainLoopWaits {
    /// Set once, before the app's first frame, by the executable that runs `MainQueueLoop`.
    public private(set) static var polledByMainLoop = false
    private static var handlers: [Int32: @MainActor () -> Void] = [:]

    /// The main thread's loop will poll the registered descriptors from now on.
    public static func willPoll() {
        polledByMainLoop = true
    }

    /// The descriptors to poll beside the main queue's, in a stable order (kept, not made on
    /// every turn of the loop).
    public private(set) static var descriptors: [Int32] = []

    /// `descriptor` is readable: its handler runs (it reads what made it readable).
    public static func ready(_ descriptor: Int32) {
        handlers[descriptor]?()
    }

    static func watch(_ descriptor: Int32, handler: @escaping @MainActor () -> Void) {
        handlers[descriptor] = handler
        descriptors = handlers.keys.sorted()
    }
}

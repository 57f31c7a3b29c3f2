import Foundation

/// Waiting on a condition, never on a guessed time: the condition is looked at, and looked at
/// again after a short pause, until it holds or the deadline passes. The deadline only bounds a
/// broken run (the caller then fails with what it saw); the pause only spaces the looks. The
/// two waits below are the suite's only pauses between looks at a condition.
public enum Eventually {
    /// Whether `condition` came to hold within `timeout`, looked at every `pause`.
    @discardableResult
    /// Runs on the caller's actor (`isolation`), so the condition may read what the caller owns.
    public static func holds(within timeout: Duration, every pause: Duration = .milliseconds(20),
                             isolation: isolated (any Actor)? = #isolation,
                             _ condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            if try await condition() { return true }
            guard ContinuousClock.now < deadline else { return false }
            // The pause between two looks at the condition (a cancelled test looks once more, then stops).
            guard (try? await Task.sleep(for: pause)) != nil else { return try await condition() }
        }
    }

    /// The same, blocking its own thread (never call it on the cooperative pool): for threads and
    /// `deinit`s that cannot await.
    @discardableResult
    public static func holdsBlocking(within timeout: Duration, every pause: Duration = .milliseconds(5),
                                     _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = ContinuousClock.now + timeout
        let microseconds = useconds_t(pause.components.seconds * 1_000_000 + pause.components.attoseconds / 1_000_000_000_000)
        while true {
            if try condition() { return true }
            guard ContinuousClock.now < deadline else { return false }
            usleep(microseconds)  // the pause between two looks at the condition
        }
    }
}

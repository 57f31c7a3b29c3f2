/// A timer's name, one per kind of timer (the connectivity runner's probe timer, the watch's
/// round timer, the fleet's refresh): at most one timer of a name is armed in a `Timers`.
public struct TimerID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral name: String) {
        self.name = name
    }

    public var description: String { name }
}

/// Timers kept by id on one clock (`AppClock.schedule`): scheduling an id again replaces its
/// timer, `cancel` drops it, and a replaced or cancelled timer never fires (each firing checks
/// that it is still the one its id names, in the same main-actor turn in which it fires).
@MainActor
public final class Timers {
    private struct Armed {
        let token: Int
        let timer: ScheduledTimer
    }

    private let clock: AppClock
    private var armed: [TimerID: Armed] = [:]
    private var nextToken = 0

    public init(clock: AppClock) {
        self.clock = clock
    }

    /// Runs `fire` after `seconds`, replacing the timer `id` names.
    public func schedule(_ id: TimerID, after seconds: Double, _ fire: @escaping @MainActor @Sendable () -> Void) {
        armed[id]?.timer.cancel()
        nextToken += 1
        let token = nextToken
        let timer = clock.schedule(seconds) { [weak self] in
            guard let self, self.armed[id]?.token == token else { return }
            self.armed[id] = nil
            fire()
        }
        armed[id] = Armed(token: token, timer: timer)
    }

    public func cancel(_ id: TimerID) {
        armed.removeValue(forKey: id)?.timer.cancel()
    }

    public func cancelAll() {
        armed.values.forEach { $0.timer.cancel() }
        armed.removeAll()
    }

    /// The ids whose timers are armed.
    public var scheduled: Set<TimerID> { Set(armed.keys) }
}

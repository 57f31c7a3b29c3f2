#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The program's one clock, injected one way: wall-clock time for what is stamped (events,
/// history, file names), monotonic time for deadlines and intervals (a wall clock set back by
/// NTP or by hand must not stretch a timeout or fire a timer early), sleeps, and timers that
/// fire on the main actor. Everything that reads or waits for time takes an `AppClock`: the
/// product passes `.system`, tests a `VirtualClock`'s `clock` (time moves only when the test
/// advances it) or `.accelerated(by:)`. The static readings below are the system's; outside
/// this module only the places the source test `NoClockReadsTests` allows use them, each for
/// the reason it names. Read from the C library: no Foundation on the app's start path.
public struct AppClock: Sendable {
    /// Runs `fire` on the main actor after the given seconds unless the timer is cancelled
    /// first (see `ScheduledTimer`).
    public typealias Schedule = @Sendable (Double, @escaping @MainActor @Sendable () -> Void) -> ScheduledTimer

    /// Wall-clock seconds since 1970.
    public var now: @Sendable () -> Double
    /// Seconds since an arbitrary moment, only ever forward.
    public var monotonic: @Sendable () -> Double
    /// Waits the given seconds; throws when the task is cancelled.
    public var sleep: @Sendable (Double) async throws -> Void
    /// Timers (`Timers` keys them by id). A separate entry rather than a task around `sleep`,
    /// so that a virtual clock runs a due timer itself, to its end, before the next one: a
    /// woken sleeper runs whenever its executor gets to it, which no test can order.
    public var schedule: Schedule
    /// True only for `.system`: every reading and wait is the machine's. Code that must wait in
    /// the kernel (a timerfd, poll(2)) may do so only then; on any other clock it uses `schedule`.
    public let isSystem: Bool

    public init(now: @escaping @Sendable () -> Double = AppClock.wallSeconds,
                monotonic: @escaping @Sendable () -> Double = AppClock.monotonicSeconds,
                sleep: @escaping @Sendable (Double) async throws -> Void = AppClock.taskSleep,
                schedule: Schedule? = nil) {
        self.init(now: now, monotonic: monotonic, sleep: sleep, schedule: schedule ?? AppClock.sleepingSchedule(sleep),
                  isSystem: false)
    }

    private init(now: @escaping @Sendable () -> Double, monotonic: @escaping @Sendable () -> Double,
                 sleep: @escaping @Sendable (Double) async throws -> Void, schedule: @escaping Schedule, isSystem: Bool) {
        self.now = now
        self.monotonic = monotonic
        self.sleep = sleep
        self.schedule = schedule
        self.isSystem = isSystem
    }

    public static let system = AppClock(now: wallSeconds, monotonic: monotonicSeconds, sleep: taskSleep,
                                        schedule: sleepingSchedule(taskSleep), isSystem: true)

    /// Real time, with every sleep and timer divided by `factor` (tests).
    public static func accelerated(by factor: Double) -> AppClock {
        AppClock(sleep: { seconds in try await taskSleep(seconds / factor) })
    }

    /// Timers made of a main-actor task that sleeps: cancelling the timer cancels the task, and
    /// the check after the sleep runs in the same main-actor turn as `fire`, so a timer
    /// cancelled on the main actor before it fired never fires.
    public static func sleepingSchedule(_ sleep: @escaping @Sendable (Double) async throws -> Void) -> Schedule {
        { seconds, fire in
            let task = Task { @MainActor in
                do { try await sleep(seconds) } catch { return }
                guard !Task.isCancelled else { return }
                fire()
            }
            return ScheduledTimer { task.cancel() }
        }
    }

    // MARK: - The system's readings

    public static let wallSeconds: @Sendable () -> Double = {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }

    /// CLOCK_MONOTONIC in nanoseconds.
    public static func monotonicNanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    public static func monotonicMilliseconds() -> Int64 { monotonicNanoseconds() / 1_000_000 }

    public static let monotonicSeconds: @Sendable () -> Double = { Double(monotonicNanoseconds()) / 1_000_000_000 }

    public static let taskSleep: @Sendable (Double) async throws -> Void = { seconds in
        try await Task.sleep(nanoseconds: UInt64(max(0, min(seconds, 1e9)) * 1_000_000_000))
    }
}

/// A timer from `AppClock.schedule`; `cancel` (idempotent) keeps it from firing.
public struct ScheduledTimer: Sendable {
    public let cancel: @Sendable () -> Void

    public init(cancel: @escaping @Sendable () -> Void) {
        self.cancel = cancel
    }
}

import CPlatform
import Dispatch
import Glibc
import SettingsStore

/// Wakes the app when a time-counting text on screen ("checked 3 s ago") next changes, and not
/// at all while none is shown: idle means asleep (docs/PRODUCT.md: Terminal behaviour). One
/// one-shot timer at the moment of the change (`ScreenTime.secondsUntilChange`), rather than a
/// 1 Hz timer. It only asks for a frame: the frame is drawn as every other is.
///
/// On the system clock the timer is a timerfd that the executable's main loop polls itself
/// (`MainLoopWaits`): a dispatch timer source woke the process twice per tick here (once some
/// tens of milliseconds early, to be re-armed), and a dispatch read source woke libdispatch's
/// manager thread twice per tick besides the main thread. On any other clock (a test's `VirtualClock`) it is that clock's timer, so the
/// tick comes when the test moves time.
@MainActor
final class SecondTicker {
    private let clock: AppClock
    private lazy var descriptor: Int32 = clock.isSystem ? vc_timerfd_create() : -1
    private lazy var timers = Timers(clock: clock)
    private var source: DispatchSourceRead?
    private var watched = false
    /// The clock's monotonic nanoseconds of the armed expiry, or nil when disarmed.
    private var armed: Int64?
    private let tick: @MainActor () -> Void

    init(clock: AppClock, tick: @escaping @MainActor () -> Void) {
        self.clock = clock
        self.tick = tick
    }

    /// Arms the timer to fire after `seconds` (replacing any earlier expiry), or disarms it when
    /// nil; cheap to call on every frame.
    func schedule(after seconds: Double?) {
        guard clock.isSystem else { return scheduleOnClock(after: seconds) }
        guard descriptor >= 0 else { return }
        guard let seconds else {
            if armed != nil { set(relativeNanoseconds: 0) }
            armed = nil
            return
        }
        // A few milliseconds late rather than early: the text must have changed when we draw.
        let delay = Self.delay(seconds)
        let expiry = Int64(clock.monotonic() * 1e9) + delay
        // A frame drawn for another reason (a key) leaves an expiry for the same moment alone.
        if let armed, abs(armed - expiry) < 2_000_000 { return }
        startSource()
        set(relativeNanoseconds: delay)
        armed = expiry
    }

    private static func delay(_ seconds: Double) -> Int64 {
        Int64(min(max(0, seconds), 3600) * 1e9) + 2_000_000
    }

    /// The same on a clock that is not the system's: its own timer.
    private func scheduleOnClock(after seconds: Double?) {
        guard let seconds else {
            timers.cancel(.secondTick)
            armed = nil
            return
        }
        let delay = Self.delay(seconds)
        let expiry = Int64(clock.monotonic() * 1e9) + delay
        if let armed, abs(armed - expiry) < 2_000_000 { return }
        armed = expiry
        timers.schedule(.secondTick, after: Double(delay) / 1e9) { [weak self] in
            self?.armed = nil
            self?.tick()
        }
    }

    /// Starts watching the timerfd once: in the executable, the main loop polls it beside the main
    /// queue (`MainLoopWaits`: one wake of one thread per tick); where the main thread runs
    /// another loop (a test runner), a dispatch source on the main queue does.
    private func startSource() {
        guard !watched else { return }
        watched = true
        let descriptor = descriptor
        guard MainLoopWaits.polledByMainLoop else {
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.expired() }
            }
            source.resume()
            self.source = source
            return
        }
        MainLoopWaits.watch(descriptor) { [weak self] in self?.expired() }
    }

    /// The timerfd expired: read it (it stays readable until read) and tick.
    private func expired() {
        var expirations: UInt64 = 0
        _ = read(descriptor, &expirations, MemoryLayout<UInt64>.size)
        armed = nil
        tick()
    }

    /// 0 disarms.
    private func set(relativeNanoseconds nanoseconds: Int64) {
        var value = itimerspec()
        value.it_value.tv_sec = Int(nanoseconds / 1_000_000_000)
        value.it_value.tv_nsec = Int(nanoseconds % 1_000_000_000)
        _ = timerfd_settime(descriptor, 0, &value, nil)
    }
}

extension TimerID {
    /// The screen's tick when a time-counting text next changes (`SecondTicker`).
    static let secondTick: TimerID = "secondTick"
}

import Synchronization
import Testing
import TestSupport
import Timekeeping

/// Issue 26, item 3 (idle means asleep, each wake doing only what is due): the "checked N s ago"
/// tick draws its frame in the timer's own turn of the main thread. Asking for the frame with
/// another turn of the main queue cost the main thread a second wake-up per tick.
@Suite("Loop: the tick's frame", .serialized)
@MainActor
struct TickTurnTests {
    /// A clock whose time the test sets and whose timers the test fires, each at once, on the
    /// main actor, in the test's own turn (nothing else ever fires them).
    final class HeldClock: Sendable {
        struct Held {
            let seconds: Double
            let fire: @MainActor @Sendable () -> Void
            var cancelled = false
        }

        private let wall = Mutex(1_790_000_000.0)
        private let timers = Mutex<[Int: Held]>([:])
        private let next = Mutex(0)

        var clock: AppClock {
            AppClock(now: { [self] in wall.withLock { $0 } },
                     monotonic: { [self] in wall.withLock { $0 } - 1_789_999_000 },
                     schedule: { [self] seconds, fire in
                         let id = next.withLock { value -> Int in
                             value += 1
                             return value
                         }
                         timers.withLock { $0[id] = Held(seconds: seconds, fire: fire) }
                         return ScheduledTimer { [weak self] in _ = self?.timers.withLock { $0.removeValue(forKey: id) } }
                     })
        }

        func move(by seconds: Double) {
            wall.withLock { $0 += seconds }
        }

        /// The waiting timers (id, delay).
        var waiting: [(id: Int, seconds: Double)] {
            timers.withLock { $0.map { ($0.key, $0.value.seconds) } }.sorted { $0.id < $1.id }
        }

        /// Runs timer `id` now, in the caller's turn, and drops it.
        @MainActor
        func fire(_ id: Int) {
            guard let held = timers.withLock({ $0.removeValue(forKey: id) }) else { return }
            held.fire()
        }
    }

    @Test("when a second passes, the tick's handler has drawn the new age when it returns, with no frame left to draw")
    func tickDrawsInItsOwnTurn() async throws {
        let demo = try await DemoBackendProcess.start()
        defer { demo.stop() }
        let held = HeldClock()
        let rig = try LoopRig(language: .en, clock: held.clock)
        defer { rig.stop() }
        rig.connect(demo: demo, clock: held.clock)
        #expect(await rig.settle { $0.connectionStatus == .connected })
        let zero = rig.text("ui.checked_ago", ["seconds": "0"])
        #expect(await rig.frame { $0.contains(zero) } != nil, "the age never read 0 s:\n\(rig.screen.text)")
        // The tick is the timer due when "0 s ago" turns into "1 s ago" (at most a second and a
        // few milliseconds); the probe's own timer waits the probe interval (2 s here).
        let tick = try #require(held.waiting.last { $0.seconds > 0 && $0.seconds < 1.5 },
                                "no timer for the next second: \(held.waiting)")
        held.move(by: tick.seconds)
        let flushes = rig.screen.flushes
        held.fire(tick.id)
        // Nothing awaited since the timer ran: what is on screen is what its own turn drew.
        #expect(!rig.loop.isFramePending, "the tick asked for a frame in another turn of the main queue")
        #expect(rig.screen.flushes == flushes + 1)
        #expect(rig.screen.text.contains(rig.text("ui.checked_ago", ["seconds": "1"])), "\(rig.screen.text)")
    }
}

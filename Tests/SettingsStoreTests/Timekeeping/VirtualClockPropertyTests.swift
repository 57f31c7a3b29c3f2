import PropertyBased
import SettingsStore
import Testing
import TestSupport

/// The virtual clock with timers kept by id (`Timers` on `VirtualClock`), against a model of
/// what must happen: random schedules (some repeating), replacements, cancellations and
/// advances; every timer fires exactly at its deadline, in deadline order (equal deadlines in
/// the order scheduled), and a cancelled or replaced one never fires.
@Suite("Virtual clock")
@MainActor
struct VirtualClockPropertyTests {
    enum Step: Equatable, CustomStringConvertible {
        /// Arms `id` to fire after `afterMs`, then (when `everyMs`) again every `everyMs`.
        case schedule(id: Int, afterMs: Int, everyMs: Int?)
        case cancel(id: Int)
        case advance(ms: Int)

        var description: String {
            switch self {
            case let .schedule(id, after, every): "schedule(\(id), \(after) ms\(every.map { ", every \($0) ms" } ?? ""))"
            case .cancel(let id): "cancel(\(id))"
            case .advance(let ms): "advance(\(ms) ms)"
            }
        }
    }

    enum StepGen: RandomChoices {}

    static let schedules = shrinking { rng -> [Step] in
        (0..<StepGen.int(0...24, &rng)).map { _ in
            switch StepGen.int(0...5, &rng) {
            case 0, 1, 2:
                .schedule(id: StepGen.int(0...3, &rng), afterMs: StepGen.int(0...3000, &rng),
                          everyMs: StepGen.chance(0.2, &rng) ? StepGen.int(50...700, &rng) : nil)
            case 3: .cancel(id: StepGen.int(0...3, &rng))
            default: .advance(ms: StepGen.int(0...2000, &rng))
            }
        }
    }

    /// A firing: which schedule (numbered in the order made, repeats included) and when (ms).
    struct Firing: Equatable, CustomStringConvertible {
        let schedule: Int
        let atMs: Int
        var description: String { "#\(schedule)@\(atMs)" }
    }

    /// What must happen: a plain simulation of deadlines.
    struct Model {
        struct Armed {
            let schedule: Int
            let id: Int
            let deadline: Int
            let every: Int?
        }

        var nowMs = 0
        var armed: [Int: Armed] = [:]
        var made = 0
        var fired: [Firing] = []

        mutating func schedule(_ id: Int, after: Int, every: Int?) {
            made += 1
            armed[id] = Armed(schedule: made, id: id, deadline: nowMs + after, every: every)
        }

        mutating func advance(_ ms: Int) {
            let target = nowMs + ms
            while let next = armed.values.min(by: { ($0.deadline, $0.schedule) < ($1.deadline, $1.schedule) }),
                  next.deadline <= target {
                armed[next.id] = nil
                nowMs = next.deadline
                fired.append(Firing(schedule: next.schedule, atMs: nowMs))
                if let every = next.every { schedule(next.id, after: every, every: every) }
            }
            nowMs = target
        }
    }

    /// The real thing: `Timers` on a `VirtualClock`, each firing logged with the clock's time.
    @MainActor
    final class Real {
        let virtual = VirtualClock()
        let timers: Timers
        var made = 0
        var fired: [Firing] = []

        init() {
            timers = Timers(clock: virtual.clock)
        }

        func schedule(_ id: Int, after: Int, every: Int?) {
            made += 1
            let number = made
            timers.schedule(TimerID("t\(id)"), after: Double(after) / 1000) { [unowned self] in
                fired.append(Firing(schedule: number, atMs: Int((virtual.elapsedSeconds * 1000).rounded())))
                if let every { schedule(id, after: every, every: every) }
            }
        }
    }

    @Test("timers fire exactly when due, in due order; cancelled and replaced ones never")
    func timersFireWhenDue() async {
        var cases = 0
        await propertyCheck(count: 200, input: Self.schedules) { steps in
            cases += 1
            var model = Model()
            let real = Real()
            for step in steps + [.advance(ms: 5000)] {
                switch step {
                case let .schedule(id, after, every):
                    model.schedule(id, after: after, every: every)
                    real.schedule(id, after: after, every: every)
                case .cancel(let id):
                    model.armed[id] = nil
                    real.timers.cancel(TimerID("t\(id)"))
                case .advance(let ms):
                    model.advance(ms)
                    await real.virtual.advance(by: Double(ms) / 1000)
                    #expect(real.fired == model.fired, "after \(steps)")
                    #expect(Int((real.virtual.elapsedSeconds * 1000).rounded()) == model.nowMs)
                }
                #expect(real.timers.scheduled == Set(model.armed.keys.map { TimerID("t\($0)") }), "armed after \(step) in \(steps)")
            }
            #expect(real.fired == model.fired, "\(steps)")
            real.timers.cancelAll()
            #expect(real.virtual.pendingCount == 0, "a cancelled timer leaves nothing on the clock")
        }
        #expect(cases >= 100)
    }

    @Test("run() runs every timer to the last, time standing at each deadline; a timer that repeats forever stops it at its limit")
    func runToTheEnd() async {
        let virtual = VirtualClock(wall: 1_000, monotonic: 50)
        let timers = Timers(clock: virtual.clock)
        let seen = Seen()
        timers.schedule("late", after: 30) { seen.items.append(("late", virtual.now, virtual.monotonic)) }
        timers.schedule("early", after: 2.5) { seen.items.append(("early", virtual.now, virtual.monotonic)) }
        #expect(await virtual.run())
        #expect(seen.items.map(\.0) == ["early", "late"])
        #expect(seen.items.map(\.1) == [1_002.5, 1_030] && seen.items.map(\.2) == [52.5, 80])

        @MainActor
        final class Forever {
            var count = 0
            func arm(_ timers: Timers) {
                timers.schedule("forever", after: 1) { [self] in
                    count += 1
                    arm(timers)
                }
            }
        }
        let forever = Forever()
        forever.arm(timers)
        #expect(await virtual.run(limit: 50) == false)
        #expect(forever.count == 50)
        timers.cancelAll()
    }

    @Test("a sleeper wakes when time reaches its deadline, not before; a cancelled one throws and leaves nothing behind")
    func sleepers() async throws {
        let virtual = VirtualClock()
        let clock = virtual.clock
        let woke = Flag()
        let sleeper = Task {
            try await clock.sleep(10)
            await woke.set()
        }
        while virtual.pendingCount == 0 { await Task.yield() }
        await virtual.advance(by: 9.999)
        #expect(await woke.value == false, "woke before its deadline")
        await virtual.advance(by: 0.001)
        try await sleeper.value
        #expect(await woke.value == true)

        let cancelled = Task { try await clock.sleep(10) }
        while virtual.pendingCount == 0 { await Task.yield() }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(virtual.pendingCount == 0)
        #expect(virtual.elapsedSeconds == 10)
    }

    @MainActor
    final class Seen {
        var items: [(String, Double, Double)] = []
    }

    actor Flag {
        var value = false
        func set() { value = true }
    }
}

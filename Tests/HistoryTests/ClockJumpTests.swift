import AppCore
import History
import Testing

/// Issue 24's story: one round with the clock 200 days ahead hid the 24 h history for 110 days
/// (retention deleted every raw and minute row by that clock, and the minute horizon it set
/// dropped every later sample). Retention goes by `PruneClock`, which follows the wall clock
/// only as fast as the boot clock says time passed.
@Suite("History: a clock that jumps")
struct ClockJumpTests {
    static let start: Int64 = 1_780_000_000_000
    static let day: Int64 = 86_400_000

    static func round(_ index: Int64) -> Int64 { start + index * 10_000 }

    @Test(arguments: [200, -200, 3, -3])
    func oneRoundWithTheClockOffLosesOnlyThatRound(days: Int64) throws {
        let fixture = try HistoryFixture()
        let database = try fixture.open(now: Self.start)
        let boot = BootClock.Reading(id: 7, sinceBootMs: 1_000_000)
        func bootAt(_ index: Int64) -> BootClock.Reading {
            BootClock.Reading(id: boot.id, sinceBootMs: boot.sinceBootMs + index * 10_000)
        }
        // Half an hour of 10 s rounds, pruned each round as the monitor may.
        for index in Int64(0)..<180 {
            try database.record([ProbeSample(serverId: "s", at: Self.round(index), ok: true, latencyMs: 20)])
            try database.prune(now: Self.round(index), boot: bootAt(index))
        }
        // One round with the clock off, then right again.
        let wrong = Self.round(180) + days * Self.day
        try database.record([ProbeSample(serverId: "s", at: wrong, ok: false, latencyMs: nil)])
        try database.prune(now: wrong, boot: bootAt(180))
        try database.record([ProbeSample(serverId: "s", at: Self.round(181), ok: true, latencyMs: 20)])
        try database.prune(now: Self.round(181), boot: bootAt(181))

        let figures = try database.figures(serverId: "s", window: .day, now: Self.round(181))
        #expect(figures.probes == 181, "every round but the wrong one")
        #expect(figures.uptimeRatio == 1)
        #expect(try database.rowCounts().raw >= 181, "no raw row of the right clock deleted")
    }
}

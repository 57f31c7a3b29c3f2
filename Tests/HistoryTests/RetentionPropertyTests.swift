import AppCore
import History
import PropertyBased
import Testing

/// Retention deletes only what no window needs.
@Suite("History retention")
struct RetentionPropertyTests {
    /// After a prune at a random time, every window's figures at that time are what they were
    /// before it, for every server.
    @Test func pruneNeverChangesAnyWindow() async throws {
        await propertyCheck(count: 100, input: ProbeScriptGen.script) { script in
            let fixture = try HistoryFixture()
            let database = try fixture.open()
            for batch in script.batches { try database.record(batch) }
            for now in script.nows {
                var before: [String: [HistoryWindow: WindowFigures]] = [:]
                for serverId in ProbeScript.askedServers {
                    before[serverId] = try database.figures(serverId: serverId, now: now)
                }
                try database.prune(now: now, boot: .lockstep(now))
                for serverId in ProbeScript.askedServers {
                    #expect(try database.figures(serverId: serverId, now: now) == before[serverId], "\(serverId) at \(now)")
                }
            }
        }
    }

    /// As the monitor runs: record a round, sometimes prune at its time, go on. At the end every
    /// window equals the reference over all the samples, although minute and raw rows have
    /// been deleted along the way.
    @Test func pruningWhileRecordingKeepsEveryWindow() async throws {
        await propertyCheck(count: 100, input: ProbeScriptGen.script) { script in
            let fixture = try HistoryFixture()
            let database = try fixture.open()
            for (burst, batch) in zip(script.bursts, script.batches) {
                try database.record(batch)
                if burst.pruneAfter, let last = batch.last { try database.prune(now: last.at, boot: .lockstep(last.at)) }
            }
            // Every later time: the prunes so far were at or before it.
            for now in script.nows where now >= script.lastSampleAt {
                try database.prune(now: now, boot: .lockstep(now))
                for serverId in ProbeScript.askedServers {
                    for window in HistoryWindow.allCases {
                        #expect(try database.figures(serverId: serverId, window: window, now: now)
                            == ReferenceFigures.figures(script.samples, serverId: serverId, window: window, now: now),
                            "\(serverId) \(window.rawValue) at \(now)")
                    }
                }
            }
        }
    }

    /// The cutoffs never reach into a window's rows, and each tier is still cut at its
    /// retention (so prune does delete).
    @Test func cutoffsStayBeforeEveryWindow() async {
        await propertyCheck(count: 200, input: Gen.int64(in: -10_000_000_000_000...10_000_000_000_000)) { now in
            let cutoffs = HistoryRetention.cutoffs(now: now)
            for window in HistoryWindow.allCases {
                let span = WindowSpan(window: window, now: now)
                if let hours = span.wholeHours { #expect(hours.lowerBound >= cutoffs.hourBefore) }
                for edge in span.edgeMinutes { #expect(edge.lowerBound >= cutoffs.minuteBefore) }
            }
            #expect(cutoffs.minuteBefore == HistoryTime.minute(ofMilliseconds: now) - 90 * 1440 + 1)
            #expect(cutoffs.hourBefore == HistoryTime.hour(ofMilliseconds: now) - 400 * 24 + 1)
            #expect(cutoffs.rawBeforeMs == now - 7 * 86_400_000)
        }
    }

    /// A sample from a minute whose rows were already pruned is dropped: its hour could not
    /// tell whether that minute was covered, so counting it could only be wrong.
    @Test func samplesOfPrunedMinutesAreDropped() throws {
        let fixture = try HistoryFixture()
        let database = try fixture.open()
        let start: Int64 = 1_749_999_600_000
        try database.record([ProbeSample(serverId: "a", at: start, ok: true, latencyMs: 30)])
        let later = start + 91 * 86_400_000
        try database.prune(now: later, boot: .lockstep(later))
        let before = try database.figures(serverId: "a", now: later)
        try database.record([ProbeSample(serverId: "a", at: start + 1000, ok: false, latencyMs: nil)])
        #expect(try database.figures(serverId: "a", now: later) == before)
        #expect(before[.long]?.probes == 1)
    }

    /// Deterministic tiers: each is kept its full retention (raw 7 days, minutes 90, hours
    /// 400) and goes after it.
    @Test func eachTierGoesAtItsAge() throws {
        let fixture = try HistoryFixture()
        let database = try fixture.open()
        let start: Int64 = 1_749_999_600_000  // 2025-06-15T15:00:00Z: the hour's 60 minutes
        try database.record((0..<360).map { ProbeSample(serverId: "a", at: start + Int64($0) * 10_000, ok: true, latencyMs: 30) })
        let day: Int64 = 86_400_000
        let full = try database.rowCounts()
        #expect(full.raw == 360 && full.minutes == 60 && full.hours == 1)
        try database.prune(now: start + 6 * day, boot: .lockstep(start + 6 * day))
        #expect(try database.rowCounts() == full)
        try database.prune(now: start + 8 * day, boot: .lockstep(start + 8 * day))
        #expect(try database.rowCounts() == (raw: 0, minutes: full.minutes, hours: full.hours))
        try database.prune(now: start + 89 * day, boot: .lockstep(start + 89 * day))
        #expect(try database.rowCounts() == (raw: 0, minutes: full.minutes, hours: full.hours))
        try database.prune(now: start + 91 * day, boot: .lockstep(start + 91 * day))
        #expect(try database.rowCounts() == (raw: 0, minutes: 0, hours: full.hours))
        #expect(try database.figures(serverId: "a", window: .long, now: start + 91 * day).probes == 360)
        try database.prune(now: start + 399 * day, boot: .lockstep(start + 399 * day))
        #expect(try database.rowCounts() == (raw: 0, minutes: 0, hours: full.hours))
        try database.prune(now: start + 401 * day, boot: .lockstep(start + 401 * day))
        #expect(try database.rowCounts() == (raw: 0, minutes: 0, hours: 0))
    }
}

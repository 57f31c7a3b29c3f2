import AppCore
import PropertyBased
import Testing

@Suite("Window spans")
struct WindowSpanTests {
    /// 24h/7d/30d are whole minutes ending with the minute holding now; 400d whole hours ending
    /// with the hour holding now. The whole hours and the edge minutes cover the span exactly
    /// once, and the edges are less than an hour each.
    @Test func spansAreWholeSlotsAndSplitExactly() async {
        await propertyCheck(count: 300, input: Gen.int64(in: -5_000_000_000_000...5_000_000_000_000)) { now in
            let minuteOfNow = Int64((Double(now) / 60_000).rounded(.down))
            let hourOfNow = Int64((Double(now) / 3_600_000).rounded(.down))
            for window in HistoryWindow.allCases {
                let span = WindowSpan(window: window, now: now)
                if window == .long {
                    #expect(span.lastMinute == hourOfNow * 60 + 59)
                    #expect(span.minuteCount == 400 * 24 * 60)
                    #expect(span.firstMinute % 60 == 0 || span.firstMinute % 60 == -0)
                    #expect(span.edgeMinutes.isEmpty)
                } else {
                    #expect(span.lastMinute == minuteOfNow)
                    #expect(span.minuteCount == window.seconds / 60)
                }
                var covered: Int64 = 0
                var pieces: [ClosedRange<Int64>] = span.edgeMinutes
                if let hours = span.wholeHours {
                    covered += (hours.upperBound - hours.lowerBound + 1) * 60
                    pieces.append((hours.lowerBound * 60)...(hours.upperBound * 60 + 59))
                }
                covered += span.edgeMinutes.reduce(0) { $0 + $1.upperBound - $1.lowerBound + 1 }
                #expect(covered == span.minuteCount)
                #expect(pieces.allSatisfy { $0.lowerBound >= span.firstMinute && $0.upperBound <= span.lastMinute })
                let sorted = pieces.sorted { $0.lowerBound < $1.lowerBound }
                #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound })
                #expect(span.edgeMinutes.allSatisfy { $0.upperBound - $0.lowerBound < 60 })
            }
        }
    }

    @Test func windowLabelsAndLengths() {
        #expect(HistoryWindow.allCases.map(\.rawValue) == ["24h", "7d", "30d", "400d"])
        #expect(HistoryWindow.allCases.map(\.seconds) == [86_400, 604_800, 2_592_000, 34_560_000])
    }

    /// A window at 12:34:56 starts at 12:35 the day before; the 400-day one at the hour.
    @Test func concreteSpan() {
        // 2025-06-15T12:34:56Z
        let now: Int64 = 1_749_990_896_000
        let day = WindowSpan(window: .day, now: now)
        #expect(day.lastMinute == now / 60_000)
        #expect(day.firstMinute == now / 60_000 - 1439)
        #expect(day.edgeMinutes == [(now / 60_000 - 1439)...(now / 60_000 - 1439 + 24), (now / 60_000 - 34)...(now / 60_000)])
        let long = WindowSpan(window: .long, now: now)
        #expect(long.wholeHours == (now / 3_600_000 - 9599)...(now / 3_600_000))
    }

    @Test func incidentDurations() {
        let open = Incident(id: 1, serverId: "a", start: 10_000, end: nil, reasonCode: "timeout")
        #expect(open.durationSeconds == nil)
        #expect(open.durationSeconds(now: 75_500) == 65)
        #expect(open.durationSeconds(now: 5_000) == 0)
        let closed = Incident(id: 2, serverId: "a", start: 10_000, end: 130_999, reasonCode: "timeout")
        #expect(closed.durationSeconds == 120 && closed.durationSeconds(now: 1_000_000) == 120)
    }
}

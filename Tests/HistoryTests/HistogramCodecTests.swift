import AppCore
@testable import History
import PropertyBased
import Testing

@Suite("Histogram BLOB")
struct HistogramCodecTests {
    /// Any histogram whose sum is in the stored range (`StoredRange.latencySumTenths`; a larger
    /// one is damage) survives encoding; adding a stored one is merging it.
    @Test func roundTrip() async {
        let counts = Gen.int(in: 0...5000).array(of: 12)
        await propertyCheck(count: 200, input: zip(counts, Gen.int64(in: 0...Int64(1) << 49), counts)) { counts, sum, other in
            guard let histogram = LatencyHistogram(counts: counts, sumTenthsMs: sum),
                  var base = LatencyHistogram(counts: other, sumTenthsMs: 7) else {
                Issue.record("valid counts refused")
                return
            }
            let bytes = HistogramCodec.encode(histogram)
            #expect(bytes.withUnsafeBytes { HistogramCodec.decode($0) } == histogram)
            var expected = base
            expected.merge(histogram)
            #expect(bytes.withUnsafeBytes { HistogramCodec.add($0, into: &base) })
            #expect(base == expected)
        }
    }

    /// One busy minute (six probes, one bucket) takes a few bytes.
    @Test func aTypicalMinuteIsSmall() {
        var histogram = LatencyHistogram()
        for _ in 0..<6 { histogram.add(latencyMs: 41.3) }
        #expect(HistogramCodec.encode(histogram).count <= 5)
    }

    /// Malformed bytes are refused and change nothing.
    @Test func malformedBlobsAreRefused() {
        let cases: [[UInt8]] = [
            [],                 // no sum
            [0x80],             // truncated varint
            [10, 3],            // bucket without count
            [10, 12, 1],        // bucket out of range
            [10, 3, 1, 2, 1],   // buckets out of order
            [10, 3, 0],         // empty bucket stored
            [10, 3, 1, 3, 1],   // same bucket twice
        ]
        for bytes in cases {
            var histogram = LatencyHistogram()
            histogram.add(latencyMs: 3)
            let before = histogram
            #expect(!bytes.withUnsafeBytes { HistogramCodec.add($0, into: &histogram) }, "\(bytes)")
            #expect(histogram == before)
        }
    }

    /// Any hour of minutes survives packing: which minutes hold anything, and each minute's
    /// probes, failures, buckets, sum, and covered and up time.
    @Test func minuteRowsRoundTrip() async {
        let minute = zip(Gen.int(in: 0...400), Gen.int(in: 0...400), Gen.int(in: 0...300_000).array(of: 0...8),
                         Gen.int(in: 0...60_000), Gen.int(in: 0...60_000))
            .map { probes, failures, latencies, covered, up -> HistoryAggregate? in
                guard probes > 0 || covered > 0 else { return nil }
                var aggregate = HistoryAggregate(probes: probes, failures: min(failures, probes),
                                                 upMs: Int64(min(up, covered)), coveredMs: Int64(covered))
                latencies.prefix(probes).forEach { aggregate.histogram.add(tenths: Int64($0)) }
                return aggregate
            }
        let hour = zip(Gen.bool(0.4), minute).map { present, minute in present ? minute : nil }.array(of: 60)
        await propertyCheck(count: 200, input: hour) { minutes in
            let bytes = MinuteDetailCodec.encode(minutes)
            #expect(bytes.withUnsafeBytes { MinuteDetailCodec.decode($0) } == minutes)
        }
    }

    /// A full hour of 10 s probes in one or two buckets takes about 12 bytes a minute (6 for
    /// the probes, 3 each for the covered and up milliseconds).
    @Test func aTypicalHourIsSmall() {
        var minutes = MinuteDetailCodec.empty()
        for index in 0..<60 {
            var aggregate = HistoryAggregate(probes: 6, upMs: 60_000, coveredMs: 60_000)
            for probe in 0..<6 { aggregate.histogram.add(latencyMs: probe % 2 == 0 ? 38.2 : 61.7) }
            minutes[index] = aggregate
        }
        #expect(MinuteDetailCodec.encode(minutes).count <= 60 * 13 + 9)
    }

    @Test func malformedMinuteRowsAreRefused() {
        let cases: [[UInt8]] = [
            [],                       // no mask
            [0x01],                   // minute 0 announced, missing
            [0x01, 0x00, 0x00, 0x00, 0x00], // a minute without probes or time
            [0x01, 0x02, 0x00, 0xE1, 0xD4, 0x03, 0x00], // 60 001 ms covered in a minute
            [0x01, 0x02, 0x00, 0x0A, 0x0B], // more time up than covered
            [0x01, 0x05, 0x03, 0x00], // two probes, three failures
            [0x01, 0x04, 0x01, 0x03, 0x10], // two probes, three answered
            [0x01, 0x04, 0x80, 0x20, 0x01, 0x05], // bucket 12 does not exist
            [0x01, 0x04, 0x00, 0x07], // trailing byte
            [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x10], // minute 60 and above
        ]
        for bytes in cases {
            #expect(bytes.withUnsafeBytes { MinuteDetailCodec.decode($0) } == nil, "\(bytes)")
        }
        // Minute 0: 2 probes, bucket 0 twice, sum 1.6 ms; 10 ms covered, 7 up.
        let valid: [UInt8] = [0x01, 0x04, 0x01, 0x02, 0x10, 0x0A, 0x07]
        #expect(valid.withUnsafeBytes { MinuteDetailCodec.decode($0) }?[0]?.histogram.count == 2)
        #expect(valid.withUnsafeBytes { MinuteDetailCodec.decode($0) }?[0]?.upMs == 7)
        // The same minute in schema 1 (no times) reads as covered whole, up in proportion.
        let legacy: [UInt8] = [0x01, 0x05, 0x01, 0x01, 0x02, 0x10]
        let minute = legacy.withUnsafeBytes { MinuteDetailCodec.decode($0, schema: 1) }?[0]
        #expect(minute?.coveredMs == 60_000 && minute?.upMs == 30_000 && minute?.probes == 2)
    }
}

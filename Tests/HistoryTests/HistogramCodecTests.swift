import AppCore
@testable import History
import PropertyBased
import Testing

@Suite("Histogram BLOB")
struct HistogramCodecTests {
    /// Any histogram survives encoding; adding a stored one is merging it.
    @Test func roundTrip() async {
        let counts = Gen.int(in: 0...5000).array(of: 12)
        await propertyCheck(count: 200, input: zip(counts, Gen.int64(in: 0...Int64(1) << 50), counts)) { counts, sum, other in
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
}

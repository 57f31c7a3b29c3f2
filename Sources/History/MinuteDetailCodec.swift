import AppCore

/// The minutes of one server-hour, packed in one BLOB: a row per minute cost about 24 bytes on
/// disk, mostly SQLite's per-row overhead (cell, header, key), which made the 90 days of minute
/// figures three quarters of a server-year's 5 MB budget. Packed, a minute of 10 s probes takes
/// about 9 bytes.
///
/// Layout (unsigned LEB128 varints):
/// - which minutes of the hour hold anything: a 60-bit mask (bit m: minute m);
/// - for each of them, in order: `probes << 1 | (failures > 0)`, then `failures` if any; the
///   mask of non-empty latency buckets (12 bits); each of those buckets' counts; when any
///   bucket is non-empty, the latency sum in tenths of a millisecond; then (schema 2) the
///   minute's covered and up milliseconds (`Stopwatch`).
///
/// Schema 1 had no times: its minutes read as covered whole, up in the proportion of their
/// successful probes (`legacyTime`), the best that can be said of them now.
enum MinuteDetailCodec {
    /// The minutes of one hour, index = minute of the hour; nil where nothing was recorded.
    typealias Minutes = [HistoryAggregate?]

    static let minutesPerHour = 60

    static func empty() -> Minutes {
        Array(repeating: nil, count: minutesPerHour)
    }

    static func encode(_ minutes: Minutes) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 + 10 * minutes.count)
        var presence: UInt64 = 0
        for (minute, aggregate) in minutes.enumerated() where aggregate != nil { presence |= 1 << UInt64(minute) }
        HistogramCodec.appendVarint(presence, to: &bytes)
        for case let aggregate? in minutes {
            let failed = aggregate.failures > 0
            HistogramCodec.appendVarint(UInt64(aggregate.probes) << 1 | (failed ? 1 : 0), to: &bytes)
            if failed { HistogramCodec.appendVarint(UInt64(aggregate.failures), to: &bytes) }
            var mask: UInt64 = 0
            for (bucket, count) in aggregate.histogram.counts.enumerated() where count > 0 { mask |= 1 << UInt64(bucket) }
            HistogramCodec.appendVarint(mask, to: &bytes)
            for count in aggregate.histogram.counts where count > 0 { HistogramCodec.appendVarint(UInt64(count), to: &bytes) }
            if mask != 0 { HistogramCodec.appendVarint(UInt64(aggregate.histogram.sumTenthsMs), to: &bytes) }
            HistogramCodec.appendVarint(UInt64(max(0, aggregate.coveredMs)), to: &bytes)
            HistogramCodec.appendVarint(UInt64(max(0, aggregate.upMs)), to: &bytes)
        }
        return bytes
    }

    /// nil when the bytes are malformed: truncated or trailing bytes, an empty minute, more
    /// failures or answered probes than probes, a bucket out of range, values too large, more
    /// time than a minute or more time up than covered. `schema`: the layout (1 or 2).
    static func decode(_ bytes: UnsafeRawBufferPointer, schema: Int64 = HistorySchema.version) -> Minutes? {
        var reader = VarintReader(bytes: bytes)
        guard let presence = reader.next(), presence < 1 << UInt64(minutesPerHour) else { return nil }
        var minutes = empty()
        for minute in 0..<minutesPerHour where presence & (1 << UInt64(minute)) != 0 {
            guard let head = reader.next(), head >> 1 <= UInt64(Int32.max) else { return nil }
            let probes = Int(head >> 1)
            var failures = 0
            if head & 1 == 1 {
                guard let value = reader.next(), value >= 1, value <= UInt64(probes) else { return nil }
                failures = Int(value)
            }
            guard let mask = reader.next(), mask < 1 << UInt64(LatencyHistogram.bucketCount) else { return nil }
            var counts = [Int](repeating: 0, count: LatencyHistogram.bucketCount)
            var answered = 0
            for bucket in 0..<LatencyHistogram.bucketCount where mask & (1 << UInt64(bucket)) != 0 {
                guard let count = reader.next(), count >= 1, count <= UInt64(probes) else { return nil }
                counts[bucket] = Int(count)
                answered += Int(count)
            }
            guard answered <= probes else { return nil }
            var sum: UInt64 = 0
            if mask != 0 {
                guard let value = reader.next(), value <= StoredRange.latencySumTenths else { return nil }
                sum = value
            }
            guard let histogram = LatencyHistogram(counts: counts, sumTenthsMs: Int64(sum)) else { return nil }
            var aggregate = HistoryAggregate(probes: probes, failures: failures, histogram: histogram)
            if schema < 2 {
                guard probes >= 1 else { return nil }
                (aggregate.upMs, aggregate.coveredMs) = legacyTime(probes: probes, failures: failures, coveredMinutes: 1)
            } else {
                guard let covered = reader.next(), let up = reader.next(),
                      covered <= UInt64(HistoryTime.millisecondsPerMinute), up <= covered,
                      probes >= 1 || covered >= 1 else { return nil }
                aggregate.coveredMs = Int64(covered)
                aggregate.upMs = Int64(up)
            }
            minutes[minute] = aggregate
        }
        return reader.atEnd ? minutes : nil
    }

    /// The time a schema-1 slot is read as: its covered minutes whole, up in proportion to its
    /// successful probes (rounded down).
    static func legacyTime(probes: Int, failures: Int, coveredMinutes: Int) -> (up: Int64, covered: Int64) {
        let covered = Int64(min(max(0, coveredMinutes), 60)) * HistoryTime.millisecondsPerMinute
        guard probes > 0 else { return (0, covered) }
        let ok = Int64(min(max(0, probes - failures), probes))
        // In Double: covered (≤ 3.6e6) times a probe count could overflow Int64 for damaged rows.
        let up = Int64((Double(covered) * Double(ok) / Double(probes)).rounded(.down))
        return (min(up, covered), covered)
    }
}

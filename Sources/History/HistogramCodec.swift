import AppCore

/// The compact BLOB a stored histogram is kept in: the sum (tenths of a millisecond), then one
/// (bucket, count) pair per non-empty bucket in bucket order, all as unsigned LEB128 varints.
/// A minute of 10 s probes usually fills one or two buckets, so its histogram takes 4 to 6
/// bytes instead of 12 integer columns.
enum HistogramCodec {
    static func encode(_ histogram: LatencyHistogram) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8)
        appendVarint(UInt64(histogram.sumTenthsMs), to: &bytes)
        for (bucket, count) in histogram.counts.enumerated() where count > 0 {
            appendVarint(UInt64(bucket), to: &bytes)
            appendVarint(UInt64(count), to: &bytes)
        }
        return bytes
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) -> LatencyHistogram? {
        var histogram = LatencyHistogram()
        return add(bytes, into: &histogram) ? histogram : nil
    }

    /// Adds the stored histogram to `histogram` without building a second one (windows sum
    /// hundreds of rows). false, with `histogram` unchanged, when the bytes are malformed:
    /// truncated, a bucket out of range or out of order, an empty bucket, or a value too large.
    static func add(_ bytes: UnsafeRawBufferPointer, into histogram: inout LatencyHistogram) -> Bool {
        guard isWellFormed(bytes) else { return false }
        var reader = VarintReader(bytes: bytes)
        // Safe: isWellFormed read the same varints.
        let sum = reader.next() ?? 0
        histogram.add(sumTenths: Int64(sum))
        while let bucket = reader.next(), let count = reader.next() {
            histogram.add(count: Int(count), toBucket: Int(bucket))
        }
        return true
    }

    private static func isWellFormed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var reader = VarintReader(bytes: bytes)
        guard let sum = reader.next(), sum <= StoredRange.latencySumTenths else { return false }
        var previous = -1
        while !reader.atEnd {
            guard let bucket = reader.next(), let count = reader.next(),
                  bucket < UInt64(LatencyHistogram.bucketCount), Int(bucket) > previous,
                  count > 0, count <= UInt64(Int32.max) else { return false }
            previous = Int(bucket)
        }
        return true
    }

    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}

/// Reads unsigned LEB128 varints; `next()` is nil at the end or on a truncated or over-long one.
struct VarintReader {
    let bytes: UnsafeRawBufferPointer
    private var offset = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var atEnd: Bool { offset >= bytes.count }

    mutating func next() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }
}

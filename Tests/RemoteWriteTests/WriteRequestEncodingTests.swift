import RemoteWrite
import Testing

/// The hand encoder against bytes worked out from the protobuf wire format, and snappy's block
/// format round trip through Debian's libsnappy. (That the receivers decode it is shown by the
/// engine tests.)
@Suite struct WriteRequestEncodingTests {
    @Test func oneSeriesIsTheWireFormatOfWriteRequest() {
        let series = RemoteWriteSeries(labels: [("server", "a"), ("__name__", "up")], samples: [(1, 1000)])
        let bytes = WriteRequestEncoder.encode([series])
        // TimeSeries (field 1) holding two Labels (field 1: name field 1, value field 2), sorted
        // by name, then one Sample (field 2: double 1.0 as fixed64, timestamp 1000 as varint e8 07).
        let label1: [UInt8] = [0x0A, 0x0E, 0x0A, 0x08] + Array("__name__".utf8) + [0x12, 0x02] + Array("up".utf8)
        let label2: [UInt8] = [0x0A, 0x0B, 0x0A, 0x06] + Array("server".utf8) + [0x12, 0x01] + Array("a".utf8)
        let sample: [UInt8] = [0x12, 0x0C, 0x09, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F, 0x10, 0xE8, 0x07]
        let inner = label1 + label2 + sample
        #expect(bytes == [0x0A, UInt8(inner.count)] + inner)
    }

    @Test func snappyBlocksRoundTrip() {
        let series = (0..<200).map { i in
            RemoteWriteSeries(labels: [("__name__", "probe_success"), ("server", "s\(i % 10)"), ("facility", "東京")],
                              samples: [(Double(i % 2), 1_700_000_000_000 + Int64(i) * 10_000)])
        }
        let raw = WriteRequestEncoder.encode(series)
        let compressed = Snappy.compress(raw)
        #expect(compressed.count < raw.count / 2)
        #expect(Snappy.uncompress(compressed) == raw)
        #expect(Snappy.uncompress(Snappy.compress([])) == [])
        #expect(Snappy.uncompress([0xFF, 0xFF, 0xFF]) == nil)
    }
}

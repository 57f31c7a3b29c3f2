import CSnappy

/// Snappy's block format through Debian's libsnappy (remote write's `Content-Encoding: snappy`).
public enum Snappy {
    public static func compress(_ input: [UInt8]) -> [UInt8] {
        guard !input.isEmpty else { return [0] }  // an empty block: its length, 0
        var length = snappy_max_compressed_length(input.count)
        var output = [UInt8](repeating: 0, count: length)
        let status = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                // Both buffers are non-empty, so their base addresses exist.
                snappy_compress(source.baseAddress!.assumingMemoryBound(to: CChar.self), source.count,
                                target.baseAddress!.assumingMemoryBound(to: CChar.self), &length)
            }
        }
        // snappy_compress fails only for a buffer shorter than snappy_max_compressed_length.
        precondition(status == SNAPPY_OK, "snappy_compress with a large enough buffer")
        output.removeSubrange(length...)
        return output
    }

    /// The original bytes of a block (tests, and the benchmark's check); nil for a bad block.
    public static func uncompress(_ input: [UInt8]) -> [UInt8]? {
        guard !input.isEmpty else { return nil }
        var length = 0
        let known = input.withUnsafeBytes { source in
            snappy_uncompressed_length(source.baseAddress!.assumingMemoryBound(to: CChar.self), source.count, &length)
        }
        guard known == SNAPPY_OK else { return nil }
        guard length > 0 else { return [] }
        var output = [UInt8](repeating: 0, count: length)
        let status = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                snappy_uncompress(source.baseAddress!.assumingMemoryBound(to: CChar.self), source.count,
                                  target.baseAddress!.assumingMemoryBound(to: CChar.self), &length)
            }
        }
        return status == SNAPPY_OK ? Array(output.prefix(length)) : nil
    }
}

/// One terminal cell. A double-width cluster occupies a lead cell (width 2, holding the cluster)
/// and the continuation cell right of it (width 0, empty content, same style).
///
/// A cell is plain bits: its cluster's UTF-8 bytes packed into one integer, or for a cluster of
/// more than seven bytes the number `LongClusters` gave it. Frames are copied and compared every
/// time they are drawn (the memo's regions, the diff against the last frame, the frame the loop
/// keeps); with a `String` in each cell every copy retained and released 3,000 strings, which
/// was most of a frame's CPU. Now a copy is a memory copy and a comparison compares integers.
public struct Cell: Hashable, Sendable {
    /// The packed bytes: the length in the top byte and the bytes from the lowest up, or
    /// `longMark` in the top byte and the cluster's number in `LongClusters` below.
    private var bytes: UInt64
    /// 1 or 2 for a lead cell, 0 for a continuation cell.
    public var width: UInt8
    public var style: Style

    /// One grapheme cluster; empty in a continuation cell.
    public var content: String {
        get { Self.text(of: bytes) }
        set { bytes = Self.packedBytes(of: newValue) }
    }

    public init(content: String, width: UInt8, style: Style = .plain) {
        self.bytes = Self.packedBytes(of: content)
        self.width = width
        self.style = style
    }

    /// One printable ASCII byte, packed as `init(content:)` packs its one-byte string, without
    /// making the string (the writes of every frame's text).
    public init(ascii byte: UInt8, style: Style = .plain) {
        self.bytes = UInt64(byte) | 1 << 56
        self.width = 1
        self.style = style
    }

    /// One scalar that is a cluster of its own, packed as `init(content: String(scalar))` packs
    /// it, without making the string (a scalar is at most four bytes: never a long cluster).
    public init(scalar: Unicode.Scalar, width: UInt8, style: Style = .plain) {
        var packed: UInt64 = 0
        var count: UInt64 = 0
        for byte in scalar.utf8 {
            packed |= UInt64(byte) << (8 * count)
            count += 1
        }
        self.bytes = packed | count << 56
        self.width = width
        self.style = style
    }

    public var isContinuation: Bool { width == 0 }

    /// Whether the cell holds no cluster (a continuation cell).
    public var isEmpty: Bool { bytes >> 56 == 0 }

    /// Appends the cluster's UTF-8 bytes to `out` (nothing for an empty cell): what the frame
    /// encoder writes, read from the bits without making a `String` per cell.
    public func appendContent(to out: inout [UInt8]) {
        let count = bytes >> 56
        if count == Self.longMark {
            out += LongClusters.text(UInt32(truncatingIfNeeded: bytes)).utf8
            return
        }
        var index: UInt64 = 0
        while index < count {
            out.append(UInt8(truncatingIfNeeded: bytes >> (8 * index)))
            index += 1
        }
    }

    // `==` and `hash(into:)` are synthesized over the bits: equal bytes, width and style. Two
    // clusters are equal when their bytes are (not by canonical equivalence, as `String`'s `==`
    // would have it): a terminal needs the bytes rewritten whenever they differ. Long clusters
    // are numbered by their exact bytes, so equal numbers mean equal bytes.

    private static let longMark: UInt64 = 0xFF

    private static func packedBytes(of content: String) -> UInt64 {
        var packed: UInt64 = 0
        var count: UInt64 = 0
        for byte in content.utf8 {
            if count == 7 { return longMark << 56 | UInt64(LongClusters.number(of: content)) }
            packed |= UInt64(byte) << (8 * count)
            count += 1
        }
        return packed | count << 56
    }

    private static func text(of bytes: UInt64) -> String {
        let count = Int(bytes >> 56)
        if UInt64(count) == longMark { return LongClusters.text(UInt32(truncatingIfNeeded: bytes)) }
        return String(unsafeUninitializedCapacity: count) { buffer in
            for index in 0..<count { buffer[index] = UInt8(truncatingIfNeeded: bytes >> (8 * UInt64(index))) }
            return count
        }
    }

    public static let blank = Cell(content: " ", width: 1)

    public static func blank(_ style: Style) -> Cell {
        Cell(content: " ", width: 1, style: style)
    }

    static func continuation(_ style: Style) -> Cell {
        Cell(content: "", width: 0, style: style)
    }
}

import PropertyBased
import Testing
@testable import TerminalRendering

/// A cell holds its cluster as plain bits (`Cell`, `LongClusters`): what goes in comes out byte
/// for byte, and two cells are equal exactly when their bytes, width and style are.
@Suite("Cells as plain bits")
struct CellTests {
    /// One or more samples joined: short clusters, clusters of more than seven bytes (flags,
    /// emoji sequences, stacked marks) and text that is no single cluster at all.
    static let contents = Gen.int(in: 0...(TextSamples.everything.count - 1)).array(of: 1...3)
        .map { picks in picks.map { TextSamples.everything[$0] }.joined() }

    @Test("content round-trips byte for byte, short and long, and equality is byte equality")
    func roundTripAndEquality() async {
        await propertyCheck(count: 300, input: Self.contents, Self.contents) { first, second in
            let a = Cell(content: first, width: 1)
            let b = Cell(content: second, width: 1)
            #expect(Array(a.content.utf8) == Array(first.utf8))
            #expect(Array(b.content.utf8) == Array(second.utf8))
            #expect((a == b) == (Array(first.utf8) == Array(second.utf8)), "\(first.debugDescription) \(second.debugDescription)")
            if a == b { #expect(a.hashValue == b.hashValue) }
            var changed = a
            changed.content = second
            #expect(changed == Cell(content: second, width: 1))
        }
    }

    @Test("canonically equivalent clusters with other bytes are different cells (the terminal needs the new bytes)")
    func canonicalEquivalentsDiffer() {
        #expect("\u{E9}" == "e\u{301}")
        #expect(Cell(content: "\u{E9}", width: 1) != Cell(content: "e\u{301}", width: 1))
        let stacked = "e" + String(repeating: "\u{301}", count: 4)
        // The same long cluster made again: the same number in `LongClusters`, so an equal cell.
        let again = "e" + String(repeating: "\u{301}", count: 3) + "\u{301}"
        #expect(Cell(content: stacked, width: 1) == Cell(content: again, width: 1))
        #expect(Cell(content: stacked, width: 1) != Cell(content: "e" + String(repeating: "\u{300}", count: 4), width: 1))
    }

    /// Any scalar: mostly from the planes text comes from, sometimes any value at all.
    static let scalars = Gen.int(in: 0...0x10FFFF).map { value -> Unicode.Scalar in
        Unicode.Scalar(UInt32(value)) ?? "\u{FFFD}"
    }

    @Test("a cell made from a scalar or an ASCII byte is the cell made from its one-character string")
    func scalarsAndBytesPackAsStrings() async {
        for byte in UInt8(0x20)..<0x7F {
            #expect(Cell(ascii: byte, style: .bold) == Cell(content: String(UnicodeScalar(byte)), width: 1, style: .bold),
                    "\(byte)")
        }
        await propertyCheck(count: 300, input: Self.scalars, Gen.int(in: 1...2)) { scalar, width in
            let cell = Cell(scalar: scalar, width: UInt8(width), style: .colored(.accent))
            #expect(cell == Cell(content: String(scalar), width: UInt8(width), style: .colored(.accent)),
                    "\(String(scalar.value, radix: 16))")
            #expect(Array(cell.content.utf8) == Array(String(scalar).utf8))
        }
    }

    @Test("the bytes a cell appends are its content's, short and long; an empty cell appends none")
    func appendedBytes() async {
        await propertyCheck(count: 300, input: Self.contents) { content in
            var out: [UInt8] = [0x2A]
            let cell = Cell(content: content, width: 1)
            cell.appendContent(to: &out)
            #expect(out == [0x2A] + Array(content.utf8), "\(content.debugDescription)")
            #expect(!cell.isEmpty)
        }
        var out: [UInt8] = []
        let continuation = Cell(content: "", width: 0)
        continuation.appendContent(to: &out)
        #expect(out.isEmpty && continuation.isEmpty)
    }

    @Test("a cell is plain bits: copying a frame copies memory, with no reference counting")
    func plainBits() {
        #expect(_isPOD(Cell.self))
    }
}

import PropertyBased
import Testing
@testable import TerminalRendering

@Suite struct CellBufferTests {
    @Test func writesClustersIntoCells() {
        var buffer = CellBuffer(width: 10, height: 2)
        let end = buffer.write("a日本e\u{301}", x: 1, y: 0)
        #expect(end == 7)
        #expect(buffer.textDump(edge: "|") == " a日本é   |\n          |")
        #expect(buffer[x: 2, y: 0].content == "日")
        #expect(buffer[x: 3, y: 0].isContinuation)
        #expect(buffer[x: 6, y: 0].content == "e\u{301}")
        #expect(buffer[x: 99, y: 99] == .blank)
    }

    @Test func wideCharacterAtTheEdgeBecomesASpace() {
        var buffer = CellBuffer(width: 5, height: 1)
        buffer.write("ab日本", x: 0, y: 0, style: .bold)
        #expect(buffer.textDump(edge: "|") == "ab日 |")
        #expect(buffer[x: 4, y: 0] == .blank(.bold))

        var limited = CellBuffer(width: 8, height: 1)
        let end = limited.write("日本語", x: 1, y: 0, maxWidth: 3)
        #expect(end == 4)
        #expect(limited.textDump(edge: "|") == " 日     |")
    }

    @Test func negativeStartClipsAndBlanksTheVisibleHalf() {
        var buffer = CellBuffer(width: 6, height: 1)
        buffer.write("日本語", x: -1, y: 0)
        #expect(buffer.textDump(edge: "|") == " 本語 |")
        buffer.write("zz", x: -5, y: 0)
        buffer.write("q", x: 2, y: -1)
        buffer.write("q", x: 2, y: 1)
        #expect(buffer.textDump(edge: "|") == " 本語 |")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = CellBuffer(width: 6, height: 1)
        buffer.write("サーバ", x: 0, y: 0)
        buffer.write("x", x: 1, y: 0)
        #expect(buffer.textDump(edge: "|") == " xーバ|")
        buffer.write("y", x: 2, y: 0)
        #expect(buffer.textDump(edge: "|") == " xy バ|")
        buffer.write("語", x: 3, y: 0)
        #expect(buffer.textDump(edge: "|") == " xy語 |")
        BufferChecks.expectWellFormed(buffer)
    }

    @Test func controlsAndZeroWidthAreNeverDrawn() {
        var buffer = CellBuffer(width: 6, height: 1)
        buffer.write("a\u{1B}[31mb\n\u{200B}c", x: 0, y: 0)
        #expect(buffer.textDump(edge: "|") == "a[31mb|")
    }

    @Test func ambiguousWideBoxDrawing() {
        var buffer = CellBuffer(width: 5, height: 1, metrics: DisplayWidth(options: .ambiguousWide))
        buffer.write("───", x: 0, y: 0)
        #expect(buffer.textDump(edge: "|") == "── |")
        #expect(buffer[x: 1, y: 0].isContinuation)
    }

    @Test func fillAndStyles() {
        var buffer = CellBuffer(width: 5, height: 2)
        buffer.fill(Rect(x: 1, y: 0, width: 3, height: 2), with: "日", style: .colored(.accent))
        #expect(buffer.textDump(edge: "|") == " 日  |\n 日  |")
        buffer.updateStyle(in: Rect(x: 2, y: 1, width: 1, height: 1)) { $0.attributes.insert(.reverse) }
        buffer.updateStyle(in: Rect(x: 1, y: 1, width: 1, height: 1)) { $0.attributes.insert(.reverse) }
        #expect(buffer.styleDump() == ".aaa.\n.aaa.", "a wide character half inside is left alone")
        buffer.updateStyle(in: Rect(x: 1, y: 1, width: 3, height: 1)) { $0.attributes.insert(.reverse) }
        #expect(buffer.styleDump() == ".aaa.\n.RRR.")
    }

    @Test func tinyAndEmptyBuffersNeverCrash() {
        for (width, height) in [(0, 0), (1, 1), (0, 3), (3, 0), (1, 3), (-2, -2)] {
            var buffer = CellBuffer(width: width, height: height)
            buffer.write("日本語", x: 0, y: 0)
            buffer.write("abc", x: -1, y: 0, maxWidth: 2)
            buffer.fill(Rect(x: -1, y: -1, width: 5, height: 5), with: "─")
            Box(title: "設定").render(in: buffer.bounds, buffer: &buffer)
            BufferChecks.expectWellFormed(buffer)
        }
        var one = CellBuffer(width: 1, height: 1)
        one.write("日", x: 0, y: 0)
        #expect(one.textDump() == " ")
    }

    // MARK: - Properties

    struct Write: Sendable {
        var text: String
        var x: Int
        var y: Int
        var maxWidth: Int
        var style: Style
    }

    static func writes(width: Int, height: Int, count: Int, rng: inout any SeededRandomNumberGenerator) -> [Write] {
        (0..<count).map { _ in
            let pool = TextSamples.drawable
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                text += pool[Int.random(in: 0..<pool.count, using: &rng)]
            }
            let maxWidth = Bool.random(using: &rng) ? Int.max : Int.random(in: -2...(width + 5), using: &rng)
            let style = Style(color: SemanticColor.allCases[Int.random(in: 0..<SemanticColor.allCases.count, using: &rng)],
                              attributes: TextAttributes(rawValue: UInt8.random(in: 0...15, using: &rng)))
            return Write(text: text, x: Int.random(in: -10...(width + 10), using: &rng),
                         y: Int.random(in: -3...(height + 3), using: &rng), maxWidth: maxWidth, style: style)
        }
    }

    /// A buffer of random size with random writes applied.
    static let scenario = Generator { rng -> (CellBuffer, [Write]) in
        let width = Int.random(in: 1...300, using: &rng)
        let height = Int.random(in: 1...100, using: &rng)
        let options = WidthOptions(ambiguousIsWide: Bool.random(using: &rng))
        let buffer = CellBuffer(width: width, height: height, metrics: DisplayWidth(options: options))
        return (buffer, writes(width: width, height: height, count: Int.random(in: 0...40, using: &rng), rng: &rng))
    }

    static func apply(_ writes: [Write], to buffer: inout CellBuffer) {
        for write in writes {
            buffer.write(write.text, x: write.x, y: write.y, maxWidth: write.maxWidth, style: write.style)
        }
    }

    @Test func randomWritesKeepTheGridWellFormed() async {
        await propertyCheck(count: 150, input: Self.scenario) { scenario in
            var (buffer, writes) = scenario
            Self.apply(writes, to: &buffer)
            BufferChecks.expectWellFormed(buffer)
            let dump = buffer.textDump().split(separator: "\n", omittingEmptySubsequences: false)
            #expect(dump.count == buffer.height)
        }
    }

    @Test func writesStayInsideTheirClip() async {
        await propertyCheck(count: 150, input: Self.scenario) { scenario in
            let (original, writes) = scenario
            for write in writes.prefix(5) {
                var buffer = original
                let end = buffer.write(write.text, x: write.x, y: write.y, maxWidth: write.maxWidth, style: write.style)
                let right = write.maxWidth > 0 ? min(buffer.width, write.x.addingReportingOverflow(write.maxWidth).partialValue) : write.x
                let clip = write.maxWidth == Int.max ? buffer.width : right
                for y in 0..<buffer.height {
                    for x in 0..<buffer.width where buffer[x: x, y: y] != original[x: x, y: y] {
                        // The other half of a wide character cut by the write may be blanked just outside.
                        let inside = x >= write.x && x < clip
                        let cutLead = x == write.x - 1 && original[x: x, y: y].width == 2
                        let cutTail = x == clip && original[x: x, y: y].isContinuation
                        #expect(y == write.y && (inside || cutLead || cutTail), "cell \(x),\(y) changed outside the clip")
                    }
                }
                #expect(end <= max(write.x, clip))
            }
        }
    }
}

import PropertyBased
import Testing
@testable import TerminalRendering

@Suite struct DiffTests {
    @Test func changedCellsOnly() {
        var old = CellBuffer(width: 8, height: 2)
        old.write("hello", x: 0, y: 0)
        var new = old
        new.write("a", x: 1, y: 0)
        new.write("!", x: 7, y: 1)
        #expect(new.diff(from: old) == [
            .run(x: 1, y: 0, cells: [Cell(content: "a", width: 1)]),
            .run(x: 7, y: 1, cells: [Cell(content: "!", width: 1)]),
        ])
        #expect(old.diff(from: old).isEmpty)
    }

    @Test func wideCharacterIsResentWhole() {
        var old = CellBuffer(width: 6, height: 1)
        old.write("日本", x: 0, y: 0)
        var new = old
        // Only the continuation differs (the API never does this; a backend must still get whole
        // characters): the run must start at the lead.
        new.replaceCells([Cell(content: "", width: 0, style: .bold)], x: 3, y: 0)
        let changes = new.diff(from: old)
        #expect(changes == [.run(x: 2, y: 0, cells: [Cell(content: "本", width: 2), Cell(content: "", width: 0, style: .bold)])])

        var restyled = old
        restyled.updateStyle(in: Rect(x: 2, y: 0, width: 2, height: 1)) { $0.attributes.insert(.bold) }
        #expect(restyled.diff(from: old) == [
            .run(x: 2, y: 0, cells: [Cell(content: "本", width: 2, style: .bold), Cell(content: "", width: 0, style: .bold)]),
        ])

        var replaced = old
        replaced.write("x", x: 1, y: 0)
        #expect(replaced.diff(from: old) == [.run(x: 0, y: 0, cells: [Cell.blank, Cell(content: "x", width: 1)])])
    }

    @Test func sizeChangeRepaints() {
        var old = CellBuffer(width: 4, height: 1)
        old.write("abcd", x: 0, y: 0)
        var new = CellBuffer(width: 3, height: 2)
        new.write("日", x: 1, y: 1)
        let changes = new.diff(from: old)
        #expect(changes.first == .resize(width: 3, height: 2))
        #expect(changes.dropFirst().map { change -> Int in
            if case .run(let x, _, _) = change { return x }
            return -1
        } == [1])
        var applied = old
        applied.apply(changes)
        #expect(applied == new)
    }

    static let pair = Generator { rng -> (CellBuffer, CellBuffer) in
        let width = Int.random(in: 1...120, using: &rng)
        let height = Int.random(in: 1...40, using: &rng)
        let metrics = DisplayWidth(options: WidthOptions(ambiguousIsWide: Bool.random(using: &rng)))
        var old = CellBuffer(width: width, height: height, metrics: metrics)
        CellBufferTests.apply(CellBufferTests.writes(width: width, height: height, count: 30, rng: &rng), to: &old)
        var new: CellBuffer
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
            new = old
        case 1:
            new = CellBuffer(width: Int.random(in: 1...120, using: &rng), height: Int.random(in: 1...40, using: &rng),
                             metrics: metrics)
        default:
            new = CellBuffer(width: width, height: height, metrics: metrics)
        }
        CellBufferTests.apply(CellBufferTests.writes(width: new.width, height: new.height, count: 20, rng: &rng), to: &new)
        if Bool.random(using: &rng) {
            let rect = Rect(x: Int.random(in: -2...width, using: &rng), y: Int.random(in: -2...height, using: &rng),
                            width: Int.random(in: 0...20, using: &rng), height: Int.random(in: 0...5, using: &rng))
            new.updateStyle(in: rect) { $0.attributes.formSymmetricDifference(.reverse) }
        }
        return (old, new)
    }

    @Test func applyingTheDiffYieldsTheNewFrame() async {
        await propertyCheck(count: 200, input: Self.pair) { pair in
            let (old, new) = pair
            let changes = new.diff(from: old)
            var applied = old
            applied.apply(changes)
            #expect(applied == new)
            BufferChecks.expectWellFormed(new)
            for change in changes {
                guard case .run(let x, let y, let cells) = change else { continue }
                #expect(!cells.isEmpty)
                #expect(cells.first?.isContinuation == false, "run starts on a continuation at \(x),\(y)")
                #expect(cells.last?.width != 2, "run ends between a wide lead and its continuation at \(x),\(y)")
            }
        }
    }
}

import Testing
@testable import TerminalRendering

/// Structural invariants every buffer must keep, recorded as test issues.
enum BufferChecks {
    static func expectWellFormed(_ buffer: CellBuffer, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(buffer.cells.count == buffer.width * buffer.height, sourceLocation: sourceLocation)
        for y in 0..<buffer.height {
            var rowWidth = 0
            var expectContinuation = false
            for (x, cell) in buffer.row(y).enumerated() {
                if expectContinuation {
                    #expect(cell.isContinuation, "wide lead at \(x - 1),\(y) without continuation", sourceLocation: sourceLocation)
                    #expect(cell.content.isEmpty, sourceLocation: sourceLocation)
                    expectContinuation = false
                    continue
                }
                #expect(!cell.isContinuation, "continuation at \(x),\(y) without a wide lead", sourceLocation: sourceLocation)
                #expect(cell.content.count == 1, "cell \(x),\(y) holds \(cell.content.count) clusters", sourceLocation: sourceLocation)
                let measured = buffer.metrics.width(of: cell.content)
                #expect(measured == Int(cell.width) && measured > 0, "cell \(x),\(y) width", sourceLocation: sourceLocation)
                rowWidth += measured
                expectContinuation = cell.width == 2
            }
            #expect(!expectContinuation, "wide lead in the last column of row \(y)", sourceLocation: sourceLocation)
            #expect(rowWidth == buffer.width, "row \(y) is \(rowWidth) wide", sourceLocation: sourceLocation)
        }
    }
}

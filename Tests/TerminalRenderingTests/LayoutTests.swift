import PropertyBased
import Testing
import TerminalRendering

@Suite struct LayoutTests {
    @Test func splitsRowsAndColumns() {
        let area = Rect(x: 2, y: 1, width: 20, height: 10)
        #expect(area.split(.vertical, [.length(1), .fill, .length(1)]) == [
            Rect(x: 2, y: 1, width: 20, height: 1), Rect(x: 2, y: 2, width: 20, height: 8), Rect(x: 2, y: 10, width: 20, height: 1),
        ])
        #expect(area.split(.horizontal, [.fill(2), .fill(1)], spacing: 2).map(\.width) == [12, 6])
        #expect(area.split(.horizontal, [.fill(2), .fill(1)], spacing: 2).map(\.x) == [2, 16])
        #expect(area.split(.horizontal, [.percentage(50), .fill]).map(\.width) == [10, 10])
        #expect(area.split(.vertical, [.length(8), .length(8)]).map(\.height) == [8, 2])
        #expect(area.inset(by: 1) == Rect(x: 3, y: 2, width: 18, height: 8))
        #expect(area.inset(by: 30).isEmpty)
        #expect(area.centered(width: 4, height: 2) == Rect(x: 10, y: 5, width: 4, height: 2))
    }

    @Test func splitNeverOverflows() async {
        let constraint = Generator { rng -> Constraint in
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: return .length(Int.random(in: -3...40, using: &rng))
            case 1: return .percentage(Int.random(in: -10...120, using: &rng))
            default: return .fill(Int.random(in: 0...4, using: &rng))
            }
        }
        let input = zip(Gen.int(in: 0...200), constraint.array(of: 0...8), Gen.int(in: 0...3))
        await propertyCheck(count: 200, input: input) { total, constraints, spacing in
            let parts = Rect(x: 5, y: 0, width: total, height: 1).split(.horizontal, constraints, spacing: spacing)
            #expect(parts.count == constraints.count)
            #expect(parts.allSatisfy { $0.width >= 0 && $0.x >= 5 && $0.maxX <= 5 + total })
            let used = parts.reduce(0) { $0 + $1.width } + spacing * max(0, parts.count - 1)
            #expect(used <= max(total, spacing * max(0, parts.count - 1)))
            for (a, b) in zip(parts, parts.dropFirst()) {
                #expect(b.x >= a.maxX, "parts overlap")
            }
            let hasFill = constraints.contains { if case .fill(let w) = $0 { return w > 0 } else { return false } }
            if hasFill && !parts.isEmpty && total >= spacing * (parts.count - 1) {
                #expect(used == total, "fills take the rest")
            }
        }
    }
}

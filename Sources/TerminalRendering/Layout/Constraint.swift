/// The size of one part of a `Rect.split`.
public enum Constraint: Hashable, Sendable {
    /// Exactly this many cells (less if the space runs out; later parts lose first).
    case length(Int)
    /// This percentage of the whole length, rounded down.
    case percentage(Int)
    /// A share of what the fixed parts leave, by weight.
    case fill(Int)

    public static let fill = Constraint.fill(1)

    /// Sizes that never exceed `total` (minus spacing) and are never negative. Leftover cells
    /// from rounding the fills go to the first fills.
    static func resolve(_ constraints: [Constraint], total: Int, spacing: Int) -> [Int] {
        guard !constraints.isEmpty else { return [] }
        let available = max(0, total - max(0, spacing) * (constraints.count - 1))
        var sizes = [Int](repeating: 0, count: constraints.count)
        var remaining = available
        for (index, constraint) in constraints.enumerated() {
            let wanted: Int
            switch constraint {
            case .length(let length): wanted = max(0, length)
            case .percentage(let percent): wanted = available * min(100, max(0, percent)) / 100
            case .fill: continue
            }
            sizes[index] = min(wanted, remaining)
            remaining -= sizes[index]
        }
        var weights: [(index: Int, weight: Int)] = []
        for (index, constraint) in constraints.enumerated() {
            if case .fill(let weight) = constraint {
                weights.append((index, max(0, weight)))
            }
        }
        let totalWeight = weights.reduce(0) { $0 + $1.weight }
        guard totalWeight > 0 else { return sizes }
        var given = 0
        for entry in weights {
            let share = remaining * entry.weight / totalWeight
            sizes[entry.index] = share
            given += share
        }
        var leftover = remaining - given
        for entry in weights where leftover > 0 && entry.weight > 0 {
            sizes[entry.index] += 1
            leftover -= 1
        }
        return sizes
    }
}

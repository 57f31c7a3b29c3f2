/// The fields in which two values differ, by path (`settings.connectivity.monitor`), each with
/// its expected and actual printed value: every slice of the state, however deep, read with
/// `Mirror`, so a new field is compared without being named here.
enum StateDifference {
    static func lines(_ expected: Any, _ actual: Any, path: String = "", depth: Int = 0) -> [String] {
        let left = String(reflecting: expected)
        let right = String(reflecting: actual)
        guard left != right else { return [] }
        let a = Mirror(reflecting: expected)
        let b = Mirror(reflecting: actual)
        // Two equal dictionaries or sets may print their elements in different orders.
        if a.displayStyle == .dictionary || a.displayStyle == .set,
           a.children.map({ String(reflecting: $0.value) }).sorted() == b.children.map({ String(reflecting: $0.value) }).sorted() {
            return []
        }
        let leftChildren = Array(a.children)
        let rightChildren = Array(b.children)
        // Descend while both sides have the same shape; otherwise this is the difference.
        // (A dictionary's or a set's children come in hash order: they are printed whole.)
        let walkable = a.displayStyle != .dictionary && a.displayStyle != .set
            && (a.displayStyle != .enum || leftChildren.first?.label == rightChildren.first?.label)
        if depth < 12, walkable, !leftChildren.isEmpty, leftChildren.count == rightChildren.count {
            var lines: [String] = []
            for (index, (l, r)) in zip(leftChildren, rightChildren).enumerated() {
                let name = l.label ?? "[\(index)]"
                let child = path.isEmpty ? name : "\(path).\(name)"
                lines += Self.lines(l.value, r.value, path: child, depth: depth + 1)
            }
            // Every field alike but for the order a dictionary printed in: no difference.
            return lines
        }
        return ["\(path.isEmpty ? "state" : path):\n  − \(left)\n  + \(right)"]
    }
}

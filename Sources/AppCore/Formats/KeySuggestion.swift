/// The known key a mistyped one probably meant (`conection_timeout` → `connection_timeout`):
/// the nearest by edit distance, counting a swap of two neighbours as one edit, when it is
/// near enough to be a typing slip rather than another word.
public enum KeySuggestion {
    public static func closest(to key: String, among known: [String]) -> String? {
        let typed = Array(key.lowercased().unicodeScalars)
        // A slip is a few edits, and fewer than half the word (`note` is not `ca_bundle`).
        let allowed = min(3, max(1, typed.count / 3))
        let ranked = known.map { (candidate: $0, distance: distance(typed, Array($0.unicodeScalars))) }
            .filter { $0.distance <= allowed }
            .sorted { $0.distance < $1.distance }
        return ranked.first?.candidate
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// adjacent characters each cost one.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }
}

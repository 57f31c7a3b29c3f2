import Synchronization

/// Grapheme clusters of more than seven UTF-8 bytes (flags, emoji sequences, stacked combining
/// marks), numbered so that a `Cell` stays plain bits: the same bytes always get the same
/// number, for the life of the process.
///
/// Numbers are never given back (a cell anywhere may still hold one), so the table is bounded:
/// after `capacity` different clusters every new one gets `overflow`, drawn as U+FFFD (one
/// replacement character per cluster, so the layout stays). A server's texts cannot grow the
/// table without end.
enum LongClusters {
    static let capacity = 65_536
    static let overflow = UInt32.max

    private struct Table {
        var texts: [String] = []
        var numbers: [[UInt8]: UInt32] = [:]
    }

    private static let table = Mutex(Table())

    static func number(of cluster: String) -> UInt32 {
        let key = Array(cluster.utf8)
        return table.withLock { table in
            if let known = table.numbers[key] { return known }
            guard table.texts.count < capacity else { return overflow }
            let number = UInt32(table.texts.count)
            table.texts.append(cluster)
            table.numbers[key] = number
            return number
        }
    }

    static func text(_ number: UInt32) -> String {
        table.withLock { table in
            Int(number) < table.texts.count ? table.texts[Int(number)] : "\u{FFFD}"
        }
    }
}

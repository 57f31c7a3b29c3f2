/// The rules of `serverHistory` (docs/PRODUCT.md: Switching, fallback, server data and sign-in): newest first by `lastUsed`, one entry per server,
/// at most `ServerHistoryEntry.limit` entries.
public enum ServerHistory {
    /// `history` with `entry` recorded: the server's previous entry is replaced, the entry is
    /// placed by its `lastUsed` (ahead of entries with the same time, since it was recorded
    /// later), and the oldest entries beyond the limit are dropped.
    public static func recording(_ entry: ServerHistoryEntry, into history: [ServerHistoryEntry]) -> [ServerHistoryEntry] {
        var result = history.filter { $0.serverId != entry.serverId }
        let index = result.firstIndex { $0.lastUsed <= entry.lastUsed } ?? result.endIndex
        result.insert(entry, at: index)
        if result.count > ServerHistoryEntry.limit {
            result.removeLast(result.count - ServerHistoryEntry.limit)
        }
        return result
    }

    /// Brings a history read from a file (possibly hand-edited) into shape: for a duplicated
    /// server the first entry wins, then newest first (file order among equal times), capped.
    public static func normalized(_ history: [ServerHistoryEntry]) -> [ServerHistoryEntry] {
        var seen = Set<String>()
        let unique = history.filter { seen.insert($0.serverId).inserted }
        let ordered = unique.enumerated().sorted { lhs, rhs in
            lhs.element.lastUsed != rhs.element.lastUsed
                ? lhs.element.lastUsed > rhs.element.lastUsed
                : lhs.offset < rhs.offset
        }
        return ordered.prefix(ServerHistoryEntry.limit).map(\.element)
    }
}

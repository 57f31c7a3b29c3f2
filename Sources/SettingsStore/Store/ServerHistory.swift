/// The rules of `serverHistory` (SPEC §6.5): newest first by `lastUsed`, one entry per server,
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

    /// Brings a history read from a file (possibly hand-edited) into shape. Entries are taken
    /// as if recorded from last to first, so for a duplicated server the first entry wins.
    public static func normalized(_ history: [ServerHistoryEntry]) -> [ServerHistoryEntry] {
        history.reversed().reduce(into: []) { result, entry in
            result = recording(entry, into: result)
        }
    }
}

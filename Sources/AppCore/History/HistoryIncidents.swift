/// The incidents the history view (`h`) lists, in its order: each known server's, newest
/// first, at most `shownPerServer` of each. The reducer selects among these (↑↓, `n`) and the
/// view draws them, so the selection and the screen cannot disagree.
public enum HistoryIncidents {
    public static let shownPerServer = 20

    public static func listed(_ summary: HistorySummary?, servers: [ServerConfig]) -> [Incident] {
        guard let summary else { return [] }
        return servers.flatMap { summary.incidents(of: $0.id).prefix(shownPerServer) }
    }
}

/// What the history database says, as the screen shows it: every server's figures per window
/// and the incidents of the last 400 days (newest first). Read by the watch runtime, kept in
/// the state (`historyRead`), drawn by the views.
public struct HistorySummary: Equatable, Sendable {
    public var figures: [String: [HistoryWindow: WindowFigures]]
    public var incidents: [Incident]
    /// The notes people wrote on those incidents (cause, what was done), by incident id,
    /// oldest first (SPEC §16).
    public var notes: [Int64: [IncidentNote]]
    /// When it was read, seconds since 1970.
    public var at: Double

    public init(figures: [String: [HistoryWindow: WindowFigures]], incidents: [Incident],
                notes: [Int64: [IncidentNote]] = [:], at: Double) {
        self.figures = figures
        self.incidents = incidents
        self.notes = notes
        self.at = at
    }

    /// The incidents of `serverId` (not the fallback's), newest first.
    public func incidents(of serverId: String) -> [Incident] {
        incidents.filter { $0.serverId == serverId }
    }

    /// The fallbacks, as incidents named `fallback:<configured server>`, newest first.
    public var fallbacks: [Incident] {
        incidents.filter { WatchState.FallbackSpell.fallenFrom(incidentId: $0.serverId) != nil }
    }
}

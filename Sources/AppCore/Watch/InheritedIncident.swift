/// An incident the history database still held open when this process started (the recorder
/// stopped during an outage or a fallback). The watch judges it at its first result.
public struct InheritedIncident: Equatable, Sendable {
    /// A server id, or `FallbackSpell.incidentId(from:)` for a fallback.
    public var serverId: String
    public var start: Double
    public var reasonCode: String
    /// The numbers the reason's words need (`IncidentReason.params`).
    public var parameters: [String: String]
    /// Its `server_down` (a fallback's `fallback_started`) is in the alert ledger: an incident
    /// a mute held from its start was never alerted, so its end is not alerted either.
    public var downAlerted: Bool

    public init(serverId: String, start: Double, reasonCode: String, parameters: [String: String] = [:],
                downAlerted: Bool = true) {
        self.serverId = serverId
        self.start = start
        self.reasonCode = reasonCode
        self.parameters = parameters
        self.downAlerted = downAlerted
    }

    /// The ledger key of the alert that told this incident began: its `server_down`, or a
    /// fallback's `fallback_started` (`WatchReducer` builds them the same way).
    public var downLedgerKey: String {
        guard let from = WatchState.FallbackSpell.fallenFrom(incidentId: serverId) else {
            return WatchReducer.downKey(serverId: serverId, start: start)
        }
        return WatchReducer.fallbackStartKey(fromServerId: from, since: start)
    }
}

extension WatchState.FallbackSpell {
    /// The history database keeps a fallback as an incident under this id, so a recorder that
    /// restarts during a fallback knows it was already alerted.
    public static func incidentId(from serverId: String) -> String { "fallback:" + serverId }

    /// The configured server's id in a fallback incident's id; nil for a server's incident.
    public static func fallenFrom(incidentId: String) -> String? {
        incidentId.hasPrefix("fallback:") ? String(incidentId.dropFirst("fallback:".count)) : nil
    }
}

/// The BCP's 発動基準 (SPEC §16, `bcp_trigger_minutes`): a confirmed outage of the configured
/// server, the one the facility's iPads are set to use, that lasts longer than the trigger is
/// a BCP event, whether or not this box's fallback covered it (the iPads do not follow the
/// box's fallback). Measured as the alerts measure it: from the incident's start (the failed
/// confirming re-test, when `server_down` is decided) to its end (when `server_up` is decided),
/// or to now while it is open. One pure rule for the report, the status page and the drills.
public struct BCPTrigger: Equatable, Sendable {
    public var minutes: Int

    public init(minutes: Int = NativeSettings.defaultBCPTriggerMinutes) {
        self.minutes = minutes
    }

    /// The trigger's length in milliseconds.
    public var milliseconds: Int64 { Int64(minutes) * 60_000 }

    /// Whether an outage that started at `start` (Unix ms) and ended at `end` (nil: still open
    /// at `now`) lasted longer than the trigger. Exactly the trigger's length is not longer.
    public func isPassed(start: Int64, end: Int64?, now: Int64) -> Bool {
        (end ?? now) - start > milliseconds
    }

    /// The same in seconds since 1970, as the watch state keeps times: compared in whole
    /// milliseconds, as history keeps them, so the two never disagree at the boundary.
    public func isPassed(start: Double, end: Double?, now: Double) -> Bool {
        func ms(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }
        return isPassed(start: ms(start), end: end.map(ms), now: ms(now))
    }

    /// The instant (Unix ms) at which an outage that started at `start` passes the trigger,
    /// if it is still going on then.
    public func passesAt(start: Int64) -> Int64 {
        start + milliseconds
    }

    /// Whether `incident` is a BCP event: an outage of the configured server (not a
    /// certificate warning, not a fallback spell) that lasted longer than the trigger.
    public func isPassed(by incident: Incident, configuredServerId: String, now: Int64) -> Bool {
        incident.serverId == configuredServerId && Self.isOutage(incident)
            && isPassed(start: incident.start, end: incident.end, now: now)
    }

    /// Whether an incident of history is a server's outage: not a certificate incident
    /// (`cert_expiring`: the server still answers) and not the record of a fallback spell
    /// (`fallback:ID`, SPEC §15.2), which is kept beside its server's outage.
    public static func isOutage(_ incident: Incident) -> Bool {
        incident.reasonCode != ConnectivityErrorCode.certExpiring.rawValue
            && WatchState.FallbackSpell.fallenFrom(incidentId: incident.serverId) == nil
    }
}

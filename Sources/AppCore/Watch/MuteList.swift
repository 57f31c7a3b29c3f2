/// Maintenance mutes (`mute`, `unmute`; SPEC §15.3): probing and recording go on, alerts wait.
/// Kept in `mutes.json` in the state directory; read by every process, written by `mute`.
public struct MuteList: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// nil: every server (`--all`).
        public var serverId: String?
        /// Seconds since 1970.
        public var until: Double
        public var reason: String?

        public init(serverId: String?, until: Double, reason: String?) {
            self.serverId = serverId
            self.until = until
            self.reason = reason
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The mute that holds `serverId`'s alerts at `now` (the one ending last), if any.
    public func mute(of serverId: String, at now: Double) -> Entry? {
        entries.filter { ($0.serverId == nil || $0.serverId == serverId) && $0.until > now }
            .max { $0.until < $1.until }
    }

    /// Whether alerts about the whole box (fallback) wait: only `--all` holds those.
    public func mutesAll(at now: Double) -> Bool {
        entries.contains { $0.serverId == nil && $0.until > now }
    }

    /// The next time a mute ends after `now`: the moment held alerts are due.
    public func nextEnd(after now: Double) -> Double? {
        entries.map(\.until).filter { $0 > now }.min()
    }

    /// Without the mutes that ended by `now` (what `mute` writes back).
    public func current(at now: Double) -> MuteList {
        MuteList(entries: entries.filter { $0.until > now })
    }
}

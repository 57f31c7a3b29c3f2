@testable import SettingsStore

/// The `drill` command in the watch world: it changes drills.json (the world's `drills`) at a
/// quarter second, as `DrillCommand` does, and the process reads it back (`drillsRead`).
extension WatchWorld {
    /// `drill start --server ID --scenario S --for SECONDS`; nil when refused.
    @discardableResult
    mutating func drillStart(_ serverId: String, _ scenario: DrillRecord.Scenario, seconds: Int) -> DrillRecord? {
        let at = nextQuarter()
        let drill = DrillRecord(scenario: scenario, serverId: serverId, start: at, until: at + Double(seconds))
        return changeDrillFile(.start(drill), at: at, "drill start \(serverId) \(scenario) \(seconds)s") ? drill : nil
    }

    /// `drill ack`; false when refused (no drill).
    @discardableResult
    mutating func drillAck() -> Bool {
        let at = nextQuarter()
        return changeDrillFile(.acknowledge(at: at, by: "test"), at: at, "drill ack")
    }

    /// `drill end --note TEXT`; false when refused (no drill).
    @discardableResult
    mutating func drillEnd(note: String? = nil) -> Bool {
        let at = nextQuarter()
        return changeDrillFile(.end(at: at, note: note), at: at, "drill end")
    }

    private mutating func changeDrillFile(_ change: DrillChange, at: Double, _ what: String) -> Bool {
        advance(to: at)
        guard case .success(let changed) = change.applied(to: drills, now: at) else {
            appendLog("\(what) refused at \(at - Self.start)")
            return false
        }
        drills = changed
        appendLog("\(what) at \(at - Self.start)")
        send(.drillsRead(changed, at: at))
        return true
    }
}

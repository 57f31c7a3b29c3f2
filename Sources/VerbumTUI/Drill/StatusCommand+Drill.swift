import AppCore
import SettingsStore
import SettingsUI
import Watch

/// `status` says when a drill is in force (SPEC §16): a first line that starts with the drill
/// word, and `drill` in the JSON (null when none).
extension StatusCommand {
    @MainActor
    static func drillInForce(context: CommandContext) -> DrillRecord? {
        guard case .success(let log) = DrillFile(paths: context.paths).read() else { return nil }
        return log.active(at: context.clock.now())
    }

    @MainActor
    static func drillLine(_ drill: DrillRecord, context: CommandContext) -> String {
        let console = context.console
        return console.text("cli.status.drill", [
            "mark": console.text("drill.mark"), "server": DrillText.serverName(drill.serverId, context: context),
            "scenario": console.text("drill.scenario.\(drill.scenario.rawValue)"),
            "until": LocalClock.system.dateAndTime(drill.until),
        ])
    }

    /// `status --json` with `drill`: `{mark, id, server, scenario, start, until}` or null.
    static func withDrill(_ json: JSON, _ drill: DrillRecord?, console: Console) -> JSON {
        guard case .object(var object) = json else { return json }
        object["drill"] = drill.map { drill in
            .object([("mark", .string(console.text("drill.mark"))), ("id", .string(drill.id)),
                     ("server", .string(drill.serverId)), ("scenario", .string(drill.scenario.rawValue)),
                     ("start", .string(UTCTimestamp.iso8601Seconds(drill.start))),
                     ("until", .string(UTCTimestamp.iso8601Seconds(drill.until)))])
        } ?? .null
        return .object(object)
    }
}

import AppCore
import SettingsStore
import SettingsUI

/// The drill record (訓練記録) as a person reads it, in the run's language.
enum DrillText {
    @MainActor
    static func serverName(_ id: String, context: CommandContext) -> String {
        context.store.getState().availableServers.first { $0.id == id }?.displayName ?? TextSanitizer.clean(id)
    }

    /// "10:00:11 (11 s after the start)".
    static func after(_ at: Double, start: Double, console: Console) -> String {
        console.text("drill.record.after", ["time": LocalClock.system.dateAndTime(at),
                                            "delay": DurationText.text(seconds: max(0, at - start), language: console.localizer.language)])
    }

    @MainActor
    static func record(_ drill: DrillRecord, context: CommandContext, active: Bool = false) -> String {
        let console = context.console
        let none = console.text("drill.record.none")
        func line(_ key: String, _ value: String) -> String { "  " + console.text("drill.record.\(key)") + ": " + value }
        var lines = [(active ? console.text("drill.mark") + " · " : "") + console.text("drill.record.title") + " " + drill.id]
        lines.append(line("scenario", console.text("drill.scenario.\(drill.scenario.rawValue)")))
        lines.append(line("server", serverName(drill.serverId, context: context)))
        lines.append(line("start", LocalClock.system.dateAndTime(drill.start)))
        lines.append(line("first_alert", drill.firstAlert.map { after($0.at, start: drill.start, console: console) } ?? none))
        lines.append(line("fallback", drill.fallback.map {
            after($0.at, start: drill.start, console: console) + " → " + serverName($0.toServerId, context: context)
        } ?? none))
        lines.append(line("acknowledged", drill.acknowledged.map {
            after($0.at, start: drill.start, console: console) + " (\($0.by))"
        } ?? none))
        let end = drill.end.map { LocalClock.system.dateAndTime($0) + " · " + console.text("drill.ended_by.\(drill.endedBy?.rawValue ?? "command")") }
        lines.append(line("end", end ?? console.text("drill.record.until_value", ["time": LocalClock.system.dateAndTime(drill.until)])))
        lines.append(line("participants", drill.participants ?? none))
        lines.append(line("notes", drill.notes.isEmpty ? none : drill.notes.map(\.text).joined(separator: " / ")))
        return lines.joined(separator: "\n")
    }
}

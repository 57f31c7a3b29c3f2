import AppCore
import ArgumentParser
import Glibc
import SettingsStore
import SettingsUI
import Watch

/// `drill start|ack|end|status` (SPEC §16): a BCP drill. The command only writes drills.json;
/// the recorder (the monitor, or the open app) treats the drilled server as failing in the
/// scenario's way while it lasts, without touching the server.
struct DrillCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "drill", abstract: HelpText.text("cli.help.drill"),
            subcommands: [DrillStartCommand.self, DrillAckCommand.self, DrillEndCommand.self, DrillStatusCommand.self],
            defaultSubcommand: DrillStatusCommand.self)
    }

    /// Longest participants list or note kept (a note of 100 000 characters is refused whole).
    static let longestText = 2000

    /// A person's text (participants, a note): sanitized, one line; nil when empty; refused
    /// (exit 1) when longer than `longestText`.
    @MainActor
    static func text(_ value: String?, context: CommandContext) throws -> String? {
        guard let value else { return nil }
        guard value.count <= longestText else {
            context.console.error("cli.drill.text_too_long", ["count": String(value.count), "limit": String(longestText)])
            throw ExitCode.failure
        }
        let clean = TextSanitizer.clean(value).trimmingBlanks
        return clean.isEmpty ? nil : clean
    }

    /// Applies `change` to drills.json; a refusal or a file problem is told (exit 1) and
    /// nothing is written.
    @MainActor
    static func update(_ change: DrillChange, now: Double, context: CommandContext) throws -> DrillLog {
        switch DrillFile(paths: context.paths).update(change, now: now) {
        case .success(let log):
            return log
        case .failure(.refused(.running(let drill))):
            context.console.error("cli.drill.running", ["server": DrillText.serverName(drill.serverId, context: context),
                                                        "until": LocalClock.system.dateAndTime(drill.until)])
        case .failure(.refused(.noDrill)):
            context.console.error("cli.drill.none")
        case .failure(.unreadable(let path)):
            context.console.error("cli.drill.unreadable", ["path": path])
        case let .failure(.writeFailed(path, reason)):
            context.console.error("cli.drill.write_failed", ["path": path, "reason": reason])
        }
        throw ExitCode.failure
    }

    /// The host's user name, for the acknowledgement ("who took notice").
    static func userName() -> String {
        if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name { return TextSanitizer.clean(String(cString: name)) }
        return String(getuid())
    }
}

/// `drill start [--server ID] [--scenario down|slow|certificate] [--for DURATION] [--participants TEXT]`.
struct DrillStartCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "start", abstract: HelpText.text("cli.help.drill.start"))
    }

    @Option(help: HelpText.help("cli.help.drill.server")) var server: String?
    // Strings, refused as values (exit 1, localized) rather than as usage errors (SPEC §11).
    @Option(parsing: .unconditional, help: HelpText.help("cli.help.drill.scenario")) var scenario: String = "down"
    @Option(name: .customLong("for"), parsing: .unconditional, help: HelpText.help("cli.help.drill.for")) var duration: String?
    @Option(parsing: .unconditional, help: HelpText.help("cli.help.drill.participants")) var participants: String?

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let state = context.store.getState()
        let serverId = server ?? InUsePolicy.inUseId(saved: AppStateFile(path: context.paths.appStateFile).load().state,
                                                     servers: state.availableServers, configuredId: state.configuredServer.id)
        guard let target = state.availableServers.first(where: { $0.id == serverId }) else {
            context.console.error("cli.unknown_server", ["target": TextSanitizer.clean(serverId)])
            throw ExitCode.failure
        }
        guard let kind = DrillRecord.Scenario(rawValue: scenario.trimmingBlanks.lowercased()) else {
            context.console.error("cli.drill.bad_scenario", ["value": TextSanitizer.clean(scenario)])
            throw ExitCode.failure
        }
        var seconds = DrillRecord.defaultSeconds
        if let duration {
            guard let value = DurationArgument.seconds(duration), value <= DrillRecord.longestSeconds else {
                context.console.error("cli.drill.bad_duration", ["value": TextSanitizer.clean(duration)])
                throw ExitCode.failure
            }
            seconds = value
        }
        let people = try DrillCommand.text(participants, context: context)
        let now = context.clock.now()
        let drill = DrillRecord(scenario: kind, serverId: target.id, start: now, until: now + seconds, participants: people)
        _ = try DrillCommand.update(.start(drill), now: now, context: context)
        let console = context.console
        console.output(console.text("cli.drill.started", [
            "mark": console.text("drill.mark"), "server": target.displayName,
            "scenario": console.text("drill.scenario.\(kind.rawValue)"),
            "until": LocalClock.system.dateAndTime(drill.until),
        ]))
    }
}

/// `drill ack`: a person took notice (the record keeps the moment and who).
struct DrillAckCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "ack", abstract: HelpText.text("cli.help.drill.ack"))
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let now = context.clock.now()
        let log = try DrillCommand.update(.acknowledge(at: now, by: DrillCommand.userName()), now: now, context: context)
        guard let drill = log.open, let ack = drill.acknowledged else { throw ExitCode.failure }
        let console = context.console
        console.output(console.text("cli.drill.acknowledged", [
            "mark": console.text("drill.mark"),
            "time": DrillText.after(ack.at, start: drill.start, console: console),
        ]))
    }
}

/// `drill end [--note TEXT]`.
struct DrillEndCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "end", abstract: HelpText.text("cli.help.drill.end"))
    }

    @Option(parsing: .unconditional, help: HelpText.help("cli.help.drill.note")) var note: String?

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let text = try DrillCommand.text(note, context: context)
        let now = context.clock.now()
        let log = try DrillCommand.update(.end(at: now, note: text), now: now, context: context)
        guard let drill = log.drills.last else { throw ExitCode.failure }
        context.console.output(context.console.text("cli.drill.ended", [
            "time": LocalClock.system.dateAndTime(drill.end ?? now)]))
        context.console.output(DrillText.record(drill, context: context))
    }
}

/// `drill status [--json]`: the drill in force, else the last one, with its record.
struct DrillStatusCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "status", abstract: HelpText.text("cli.help.drill.status"))
    }

    @Flag(help: HelpText.help("cli.help.json")) var json = false

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let log: DrillLog
        switch DrillFile(paths: context.paths).read() {
        case .success(let read): log = read
        case .failure:
            context.console.error("cli.drill.unreadable", ["path": DrillFile(paths: context.paths).path])
            throw ExitCode.failure
        }
        let now = context.clock.now()
        let active = log.active(at: now)
        let shown = log.open ?? log.drills.last
        let console = context.console
        if json {
            console.output(json: .object([
                ("active", .bool(active != nil)),
                ("mark", .optional(active.map { _ in console.text("drill.mark") })),
                ("drill", shown.map(DrillCodec.json) ?? .null),
            ]))
            return
        }
        if active == nil { console.output(console.text("cli.drill.status_none")) }
        if let shown { console.output(DrillText.record(shown, context: context, active: active != nil)) }
    }
}

import ArgumentParser
import SettingsStore
import SettingsUI
import Watch

/// `mute [ID|--all] --for DURATION [--reason TEXT]`: alerts wait, probing and recording go on
/// (SPEC §15.3). What changed during the mute and is still true when it ends is alerted then.
struct MuteCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "mute", abstract: HelpText.text("cli.help.mute"))
    }

    @Argument(help: HelpText.help("cli.help.mute.id")) var id: String?
    @Flag(help: HelpText.help("cli.help.mute.all")) var all = false
    // `.unconditional`: `--for -1` is a value refused as a value (exit 1, localized), not a
    // usage error (SPEC §11).
    @Option(name: .customLong("for"), parsing: .unconditional, help: HelpText.help("cli.help.mute.for")) var duration: String
    @Option(help: HelpText.help("cli.help.mute.reason")) var reason: String?

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let target = try MuteTarget.resolve(id: id, all: all, context: context)
        guard let seconds = DurationArgument.seconds(duration) else {
            context.console.error("cli.mute.bad_duration", ["value": TextSanitizer.clean(duration)])
            throw ExitCode.failure
        }
        let now = context.clock.now()
        let until = now + seconds
        let cleanReason = reason.map { TextSanitizer.clean($0) }
        switch MuteFile(paths: context.paths).update(at: now, { list in
            list.entries.removeAll { $0.serverId == target.id }
            list.entries.append(MuteList.Entry(serverId: target.id, until: until, reason: cleanReason))
        }) {
        case .success:
            context.console.output(context.console.text("cli.mute.done", ["target": target.name,
                                                                          "until": LocalClock.system.dateAndTime(until)]))
        case .failure(let problem):
            MuteTarget.report(problem, context: context)
            throw ExitCode.failure
        }
    }
}

/// `unmute [ID|--all]`: the held alerts are due at once.
struct UnmuteCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "unmute", abstract: HelpText.text("cli.help.unmute"))
    }

    @Argument(help: HelpText.help("cli.help.mute.id")) var id: String?
    @Flag(help: HelpText.help("cli.help.mute.all")) var all = false

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let target = try MuteTarget.resolve(id: id, all: all, context: context)
        switch MuteFile(paths: context.paths).update(at: context.clock.now(), { list in
            // `--all` ends every mute; an id ends that server's own.
            list.entries.removeAll { target.id == nil || $0.serverId == target.id }
        }) {
        case .success:
            context.console.output(context.console.text("cli.unmute.done", ["target": target.name]))
        case .failure(let problem):
            MuteTarget.report(problem, context: context)
            throw ExitCode.failure
        }
    }
}

/// A server by id, or every server (`--all`), for `mute` and `unmute`.
struct MuteTarget {
    var id: String?
    var name: String

    @MainActor
    static func resolve(id: String?, all: Bool, context: CommandContext) throws -> MuteTarget {
        switch (id, all) {
        case (nil, true):
            return MuteTarget(id: nil, name: context.console.text("cli.mute.all_servers"))
        case (let id?, false):
            guard let server = context.store.getState().availableServers.first(where: { $0.id == id }) else {
                context.console.error("cli.unknown_server", ["target": id])
                throw ExitCode.validationFailure
            }
            return MuteTarget(id: server.id, name: server.displayName)
        default:
            context.console.error("cli.mute.id_or_all")
            throw ExitCode.validationFailure
        }
    }

    @MainActor
    static func report(_ problem: MuteFile.Problem, context: CommandContext) {
        switch problem {
        case .unreadable(let path):
            context.console.error("cli.mute.unreadable", ["path": path])
        case let .absurdUntil(path, value):
            context.console.error("cli.mute.absurd_until", ["path": path, "value": TextSanitizer.clean(value)])
        case let .writeFailed(path, reason):
            context.console.error("cli.mute.write_failed", ["path": path, "reason": reason])
        }
    }
}

/// `90s`, `30m`, `2h`, `1d` (also `min`), or a whole number of minutes: positive, at most 400
/// days (SPEC §15.3). Digits only: `Double` would also take `0x10`, `1e3`, `inf` and `-1`.
enum DurationArgument {
    static let longestSeconds = 400 * 86_400

    static func seconds(_ text: String) -> Double? {
        let trimmed = text.trimmingBlanks.lowercased()
        let units: [(suffix: String, factor: Int)] = [("min", 60), ("s", 1), ("m", 60), ("h", 3600), ("d", 86400)]
        let unit = units.first { trimmed.hasSuffix($0.suffix) } ?? (suffix: "", factor: 60)
        let digits = trimmed.dropLast(unit.suffix.count)
        // At most 9 digits: 400 days is 576 000 minutes, so nothing longer can be valid, and the
        // product below cannot overflow.
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int(digits), value > 0 else { return nil }
        let seconds = value * unit.factor
        return seconds <= longestSeconds ? Double(seconds) : nil
    }
}

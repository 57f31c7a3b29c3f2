import AppCore
import ArgumentParser
import SettingsStore
import Watch

/// `incident note INCIDENT-ID TEXT`: adds a note (cause, what was done) to an incident, with
/// its time and the host's user name (SPEC §16). The text is checked before history is
/// opened: a refused note writes nothing.
struct IncidentCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "incident", abstract: HelpText.text("cli.help.incident"),
                             subcommands: [IncidentNoteCommand.self])
    }
}

struct IncidentNoteCommand: VerbumCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "note", abstract: HelpText.text("cli.help.incident.note"))
    }

    @Argument(help: HelpText.help("cli.help.incident.id")) var incident: String
    @Argument(help: HelpText.help("cli.help.incident.text")) var text: String

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions

    func execute(context: CommandContext) throws {
        let console = context.console
        // `#12` as `incidents` prints it, or `12`.
        let digits = incident.hasPrefix("#") ? String(incident.dropFirst()) : incident
        guard let id = Int64(digits), id > 0 else {
            console.error("cli.incident.unknown", ["id": TextSanitizer.clean(incident)])
            throw ExitCode.failure
        }
        let now = Int64(context.clock.now() * 1000)
        switch IncidentNoteWriter.add(paths: context.paths, incidentId: id, text: text, author: IncidentNoteWriter.userName,
                                      now: now) {
        case .success:
            console.output(console.text("cli.incident.note_added", ["id": String(id)]))
        case .failure(let problem):
            console.error(problem.message.key, problem.message.parameters)
            throw ExitCode.failure
        }
    }
}

import AppCore
import ArgumentParser
import Glibc
import History
import SettingsStore

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
        let note: String
        switch IncidentNote.checked(text) {
        case .success(let checked): note = checked
        case .failure(let refusal):
            console.error(refusal.key, refusal.parameters)
            throw ExitCode.failure
        }
        let now = Int64(AppClock.wallSeconds() * 1000)
        let path = context.paths.stateDirectory + "/history.sqlite3"
        // Never creates a history: a note needs an incident in one.
        if case .failure(.missing) = HistoryDatabase.open(path: path, readOnly: true, now: now) {
            console.error("cli.incident.no_history", ["path": path])
            throw ExitCode.failure
        }
        let added: IncidentNote?
        switch HistoryDatabase.open(path: path, readOnly: false, now: now) {
        case .success(let database):
            do throws(HistoryProblem) {
                added = try database.addNote(incidentId: id, at: now, author: Self.userName, text: note)
            } catch {
                let message = HistoryProblemText.message(error)
                console.error(message.key, message.parameters)
                throw ExitCode.failure
            }
        case .failure(let problem):
            let message = HistoryProblemText.message(problem)
            console.error(message.key, message.parameters)
            throw ExitCode.failure
        }
        guard added != nil else {
            console.error("cli.incident.unknown", ["id": String(id)])
            throw ExitCode.failure
        }
        console.output(console.text("cli.incident.note_added", ["id": String(id)]))
    }

    /// The host's user name (the account running the command), as the note's author.
    static var userName: String {
        if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name {
            return IncidentNote.author(String(cString: name))
        }
        return IncidentNote.author(String(getuid()))
    }
}

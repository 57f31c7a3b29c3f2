import AppCore
import Glibc
import History
import SettingsStore

/// Adds a person's note to an incident of history (SPEC §16), the one way `incident note` and
/// the app's `n` in `h` write one: the text checked (`IncidentNote.checked`), history never
/// created for it (a note needs an incident in one), and every refusal as a catalog message.
public enum IncidentNoteWriter {
    public static func add(paths: AppPaths, incidentId: Int64, text: String, author: String,
                           now: Int64) -> Result<IncidentNote, Refusal> {
        let note: String
        switch IncidentNote.checked(text) {
        case .success(let checked): note = checked
        case .failure(let refusal): return .failure(Refusal(AppError(key: refusal.key, parameters: refusal.parameters)))
        }
        let path = paths.stateDirectory + "/history.sqlite3"
        if case .failure(.missing) = HistoryDatabase.open(path: path, readOnly: true, now: now) {
            return .failure(Refusal(AppError(key: "cli.incident.no_history", parameters: ["path": path])))
        }
        switch HistoryDatabase.open(path: path, readOnly: false, now: now) {
        case .success(let database):
            do throws(HistoryProblem) {
                guard let added = try database.addNote(incidentId: incidentId, at: now, author: author, text: note) else {
                    return .failure(Refusal(AppError(key: "cli.incident.unknown", parameters: ["id": String(incidentId)])))
                }
                return .success(added)
            } catch {
                return .failure(problem(error))
            }
        case .failure(let error):
            return .failure(problem(error))
        }
    }

    /// Why a note was not written: the message in the catalog's words.
    public struct Refusal: Error, Equatable, Sendable {
        public var message: AppError

        public init(_ message: AppError) {
            self.message = message
        }
    }

    /// The host's user name (the account running the process), as a note's author.
    public static var userName: String {
        if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name {
            return IncidentNote.author(String(cString: name))
        }
        return IncidentNote.author(String(getuid()))
    }

    private static func problem(_ error: HistoryProblem) -> Refusal {
        let message = HistoryProblemText.message(error)
        return Refusal(AppError(key: message.key, parameters: message.parameters))
    }
}

/// A note on an incident from the history view (`n` in `h`, SPEC §16): the field opens on the
/// selected incident, Enter checks the text as `incident note` does and asks the runtime to
/// write it (`addIncidentNote`), the outcome comes back as `incidentNoteWritten` and is said in
/// a notice in the run's language.
extension ScreenReducer {
    /// The incident under the history view's selection, if the view lists any.
    var selectedIncident: Incident? {
        let listed = HistoryIncidents.listed(state.watch.history, servers: settings.availableServers)
        guard !listed.isEmpty else { return nil }
        return listed[min(max(0, state.screen.historySelection), listed.count - 1)]
    }

    /// A note field: longer than a note may be, so a text over the limit reaches the check and
    /// is refused with its reason rather than cut without a word.
    static func noteField() -> TextField { TextField(limit: IncidentNote.maxLength * 2) }

    /// Enter in the note field: a note that passes the check goes to the runtime and the field
    /// closes; one refused stays in the field, with the reason in a notice.
    mutating func saveNote() {
        guard let field = state.screen.noteField, let incident = selectedIncident else { return }
        switch IncidentNote.checked(field.text) {
        case .success(let text):
            state.screen.noteField = nil
            effects.append(.addIncidentNote(incidentId: incident.id, text: text, at: at))
        case .failure(let refusal):
            postNoteNotice(AppError(key: refusal.key, parameters: refusal.parameters), kind: .error)
        }
    }

    /// The runtime's answer: written (history read again, so the view shows the note) or not.
    mutating func noteWritten(incidentId: Int64, problem: AppError?) {
        if let problem {
            postNoteNotice(problem, kind: .error)
        } else {
            postNoteNotice(AppError(key: "cli.incident.note_added", parameters: ["id": String(incidentId)]), kind: .info)
            effects.append(.readHistory)
        }
    }

    private mutating func postNoteNotice(_ message: AppError, kind: Notice.Kind) {
        NoticeBoard.post(Notice(subject: .file("history.sqlite3", field: "note"), kind: kind, message: message,
                                condition: .untilDismissed, postedAt: at), in: &state.settings)
    }
}

import AppCore

extension HistoryDatabase {
    /// The incident with this id; nil when there is none (never recorded, or pruned).
    public func incident(id: Int64) throws(HistoryProblem) -> Incident? {
        do {
            return try incidentRows(where: "i.id = ?", [.int(id)]).first
        } catch {
            throw problem(error)
        }
    }

    /// Adds a note to incident `incidentId` (its text already checked, `IncidentNote.checked`).
    /// nil when the incident is not in history: nothing is written then.
    public func addNote(incidentId: Int64, at: Int64, author: String, text: String) throws(HistoryProblem) -> IncidentNote? {
        guard !isReadOnly else { throw .readOnly }
        do {
            return try connection.transaction { () throws(SQLiteError) -> IncidentNote? in
                guard try !incidentRows(where: "i.id = ?", [.int(incidentId)]).isEmpty else { return nil }
                try statement("INSERT INTO notes (incident, at, author, text) VALUES (?, ?, ?, ?)")
                    .run([.int(incidentId), .int(at), .text(author), .text(text)])
                return IncidentNote(id: connection.lastInsertRowID, incidentId: incidentId, at: at, author: author, text: text)
            }
        } catch {
            throw problem(error)
        }
    }

    /// The notes of these incidents, by incident id, oldest first.
    public func notes(incidentIds: Set<Int64>) throws(HistoryProblem) -> [Int64: [IncidentNote]] {
        do {
            return try noteRows(incidentIds: incidentIds)
        } catch {
            throw problem(error)
        }
    }

    /// The same inside a read of several parts; a database of schema 2 or older has none.
    func noteRows(incidentIds: Set<Int64>) throws(SQLiteError) -> [Int64: [IncidentNote]] {
        guard !incidentIds.isEmpty, try schemaVersion() >= 3 else { return [:] }
        let select = try statement("SELECT id, incident, at, author, text FROM notes ORDER BY at, id")
        try select.bind([])
        defer { select.reset() }
        var found: [Int64: [IncidentNote]] = [:]
        while try select.step() {
            let incident = select.int64(at: 1)
            guard incidentIds.contains(incident) else { continue }
            let at = try select.int64(at: 2, in: StoredRange.milliseconds, "note time")
            // Sanitized again on the way out: another program may have written the file.
            found[incident, default: []].append(IncidentNote(
                id: select.int64(at: 0), incidentId: incident, at: at, author: IncidentNote.author(select.text(at: 3) ?? ""),
                text: TextSanitizer.clean(select.text(at: 4) ?? "", keepingLineBreaks: true)))
        }
        return found
    }
}

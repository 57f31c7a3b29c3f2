import AppCore

extension HistoryDatabase {
    /// Opens an incident; returns its id (for `closeIncident` and alert keys). Its reason is
    /// kept whole: code, params (the numbers its words need) and message.
    public func openIncident(serverId: String, start: Int64, reason: IncidentReason) throws(HistoryProblem) -> Int64 {
        guard !isReadOnly else { throw .readOnly }
        do {
            return try connection.transaction { () throws(SQLiteError) in
                guard let server = try serverKey(serverId, create: true) else { return 0 }  // create: always a key
                try statement("INSERT INTO incidents (server, start, reason, params, message) VALUES (?, ?, ?, ?, ?)")
                    .run([.int(server), .int(start), .text(reason.code), .text(IncidentParams.encode(reason.params)),
                          .text(reason.message)])
                return connection.lastInsertRowID
            }
        } catch {
            forgetServerKeys()
            throw problem(error)
        }
    }

    /// Opens an incident whose reason has no params (tests, and callers with a bare code).
    public func openIncident(serverId: String, start: Int64, reasonCode: String) throws(HistoryProblem) -> Int64 {
        try openIncident(serverId: serverId, start: start, reason: IncidentReason(code: reasonCode))
    }

    /// Closes an open incident; false when there is no open incident with that id (already
    /// closed, or pruned), which changes nothing.
    @discardableResult
    public func closeIncident(id: Int64, end: Int64) throws(HistoryProblem) -> Bool {
        guard !isReadOnly else { throw .readOnly }
        do {
            try statement("UPDATE incidents SET end = ? WHERE id = ? AND end IS NULL").run([.int(end), .int(id)])
            return connection.changes == 1
        } catch {
            throw problem(error)
        }
    }

    /// Incidents still open, newest first (at start-up: the ones to close with
    /// `resolvedOnStart`, SPEC §15.3).
    public func openIncidents() throws(HistoryProblem) -> [Incident] {
        try selectIncidents(where: "i.end IS NULL", [])
    }

    /// Incidents of one server (or all, with nil) that were open at `since` or later: open
    /// ones, and closed ones that ended at or after it. Newest first (by start, then id).
    public func incidents(serverId: String?, since: Int64) throws(HistoryProblem) -> [Incident] {
        if let serverId {
            return try selectIncidents(where: "(i.end IS NULL OR i.end >= ?) AND s.id = ?", [.int(since), .text(serverId)])
        }
        return try selectIncidents(where: "(i.end IS NULL OR i.end >= ?)", [.int(since)])
    }

    private func selectIncidents(where condition: String, _ values: [SQLiteValue]) throws(HistoryProblem) -> [Incident] {
        do {
            return try incidentRows(where: condition, values)
        } catch {
            throw problem(error)
        }
    }

    /// The same inside a read of several parts (`readSnapshot`).
    func incidentRows(where condition: String, _ values: [SQLiteValue]) throws(SQLiteError) -> [Incident] {
        // Schema 1 kept the code only.
        let reasonColumns = try schemaVersion() >= 2 ? "i.params, i.message" : "NULL, NULL"
        let select = try statement("""
            SELECT i.id, s.id, i.start, i.end, i.reason, \(reasonColumns) FROM incidents i JOIN servers s ON s.key = i.server
            WHERE \(condition) ORDER BY i.start DESC, i.id DESC
            """)
        try select.bind(values)
        defer { select.reset() }
        var found: [Incident] = []
        while try select.step() {
            // Times checked against the calendar: a duration is `end - start`.
            let start = try select.int64(at: 2, in: StoredRange.milliseconds, "incident start")
            let end = select.isNull(at: 3) ? nil : try select.int64(at: 3, in: StoredRange.milliseconds, "incident end")
            let reason = IncidentReason(code: select.text(at: 4) ?? "",
                                        params: select.text(at: 5).map(IncidentParams.decode) ?? [:],
                                        message: select.text(at: 6) ?? "")
            found.append(Incident(id: select.int64(at: 0), serverId: select.text(at: 1) ?? "",
                                  start: start, end: end, reason: reason))
        }
        return found
    }
}

/// An incident's params as stored: a JSON object of strings (`{"status":"502"}`), written and
/// read with the one JSON type. Anything else read back (a damaged or hand-edited row) is no
/// params: the reason is then worded without numbers, never with a wrong one.
enum IncidentParams {
    static func encode(_ params: [String: String]) -> String {
        JSON.object(JSONObject(params.sorted { $0.key < $1.key }.map { ($0.key, JSON.string($0.value)) })).compact
    }

    static func decode(_ text: String) -> [String: String] {
        guard let fields = JSON.parse(Array(text.utf8))?.objectValue else { return [:] }
        var params: [String: String] = [:]
        for (name, value) in fields {
            if let string = value.stringValue { params[name] = string }
        }
        return params
    }
}

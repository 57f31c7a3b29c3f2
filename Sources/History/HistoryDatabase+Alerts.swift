extension HistoryDatabase {
    /// Records that the alert `key` was sent (a key names one change, e.g.
    /// `server_down:<incident id>`). false when the key was already there, from this handle or
    /// any other process: the caller then does not send it. The insert is atomic in SQLite,
    /// so two copies racing for the same key see exactly one true.
    public func markAlerted(key: String, at: Int64) throws(HistoryProblem) -> Bool {
        guard !isReadOnly else { throw .readOnly }
        do {
            try statement("INSERT OR IGNORE INTO alerts (key, at) VALUES (?, ?)").run([.text(key), .int(at)])
            return connection.changes == 1
        } catch {
            throw problem(error)
        }
    }

    /// Whether the alert `key` has been sent.
    public func alerted(key: String) throws(HistoryProblem) -> Bool {
        do {
            let select = try statement("SELECT 1 FROM alerts WHERE key = ?")
            try select.bind([.text(key)])
            defer { select.reset() }
            return try select.step()
        } catch {
            throw problem(error)
        }
    }
}

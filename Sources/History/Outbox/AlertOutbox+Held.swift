import AppCore

/// The alerts a mute holds back (`HeldAlert`, SPEC §15.3): kept here, beside the alerts and
/// whatever `history_enabled` says, so that one held when the recorder stops is sent by the
/// next recorder when the mute ends (once: storing the alert ends its hold in the same
/// transaction), or dropped when it is no longer true.
extension AlertOutbox {
    /// Added in place (an outbox from before it gets the table when opened for writing; a
    /// version that does not know it leaves it alone). Times are Unix ms.
    static let heldSchema = """
        CREATE TABLE IF NOT EXISTS held (
            key TEXT PRIMARY KEY,
            created INTEGER NOT NULL,
            kind TEXT NOT NULL,
            server TEXT NOT NULL,
            since INTEGER,
            duration INTEGER,
            resolved_on_start INTEGER NOT NULL,
            drill INTEGER NOT NULL,
            reason TEXT,
            params TEXT NOT NULL
        ) WITHOUT ROWID;
        """

    /// Keeps `alert` as held, unless its key was stored (alerted) before or is held already.
    public func hold(_ alert: HeldAlert, now: Int64) throws(HistoryProblem) {
        let params = JSON.object(JSONObject(alert.parameters.sorted { $0.key < $1.key }.map { ($0.key, JSON.string($0.value)) }))
        let ms = { (seconds: Double?) -> SQLiteValue in seconds.map { .int(Int64(($0 * 1000).rounded())) } ?? .null }
        do {
            try connection.prepare("""
                INSERT OR IGNORE INTO held (key, created, kind, server, since, duration, resolved_on_start, drill, reason, params)
                SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM alerts WHERE key = ?)
                """).run([.text(alert.key), .int(now), .text(alert.kind.rawValue), .text(alert.serverId),
                          ms(alert.since), ms(alert.durationSeconds), .int(alert.resolvedOnStart ? 1 : 0),
                          .int(alert.drill ? 1 : 0), alert.reasonCode.map(SQLiteValue.text) ?? .null,
                          .text(params.compact), .text(alert.key)])
        } catch {
            throw HistoryProblem(error)
        }
    }

    /// Forgets a held alert that is no longer due.
    public func dropHeld(key: String) throws(HistoryProblem) {
        do {
            try connection.prepare("DELETE FROM held WHERE key = ?").run([.text(key)])
        } catch {
            throw HistoryProblem(error)
        }
    }

    /// Every alert held, oldest first (a row this version cannot read is left out).
    public func heldAlerts() throws(HistoryProblem) -> [HeldAlert] {
        do {
            let select = try connection.prepare("""
                SELECT key, kind, server, since, duration, resolved_on_start, drill, reason, params
                FROM held ORDER BY created, key
                """)
            try select.bind([])
            defer { select.reset() }
            var held: [HeldAlert] = []
            while try select.step() {
                guard let key = select.text(at: 0), let kind = AlertEvent.Kind(rawValue: select.text(at: 1) ?? ""),
                      let server = select.text(at: 2) else { continue }
                let seconds = { (column: Int32) in select.isNull(at: column) ? nil : Double(select.int64(at: column)) / 1000 }
                var parameters: [String: String] = [:]
                for (name, value) in JSON.parse(Array((select.text(at: 8) ?? "").utf8))?.objectValue ?? JSONObject() {
                    if let text = value.stringValue { parameters[name] = text }
                }
                held.append(HeldAlert(key: key, kind: kind, serverId: server, since: seconds(3), durationSeconds: seconds(4),
                                      resolvedOnStart: select.int64(at: 5) != 0, drill: select.int64(at: 6) != 0,
                                      reasonCode: select.text(at: 7), parameters: parameters))
            }
            return held
        } catch {
            throw HistoryProblem(error)
        }
    }
}

import AppCore

extension HistoryDatabase {
    /// One raw probe row as remote write sends it back (issue 28: no gap): when, which server,
    /// whether it worked, the health check's time. `key` orders rows as the table does.
    public struct RawRow: Equatable, Sendable {
        public var at: Int64
        public var serverKey: Int64
        public var serverId: String
        public var ok: Bool
        public var latencyMs: Double?

        public init(at: Int64, serverKey: Int64, serverId: String, ok: Bool, latencyMs: Double?) {
            self.at = at
            self.serverKey = serverKey
            self.serverId = serverId
            self.ok = ok
            self.latencyMs = latencyMs
        }
    }

    /// Up to `limit` raw rows after (`at`, `serverKey`), in the table's own order (time, then
    /// server): the next batch a remote-write backfill sends, oldest first. A cursor older than
    /// retention simply starts at the oldest row kept.
    public func rawRows(after at: Int64, serverKey: Int64, limit: Int) throws(HistoryProblem) -> [RawRow] {
        do {
            let select = try statement("""
                SELECT r.at, r.server, s.id, r.ok, r.latency FROM raw r JOIN servers s ON s.key = r.server
                WHERE (r.at, r.server) > (?, ?) ORDER BY r.at, r.server LIMIT ?
                """)
            try select.bind([.int(at), .int(serverKey), .int(Int64(max(0, limit)))])
            defer { select.reset() }
            var rows: [RawRow] = []
            while try select.step() {
                guard let id = select.text(at: 2) else { continue }
                let latency = select.isNull(at: 4) ? nil : Double(select.int64(at: 4)) / 10
                rows.append(RawRow(at: select.int64(at: 0), serverKey: select.int64(at: 1), serverId: id,
                                   ok: select.int64(at: 3) != 0, latencyMs: latency))
            }
            return rows
        } catch {
            throw problem(error)
        }
    }
}

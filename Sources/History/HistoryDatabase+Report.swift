import AppCore

extension HistoryDatabase {
    /// What the BCP report reads from history for `from...to` (Unix ms), from one consistent
    /// state of the file: the incidents that overlap it (fallback spells and certificate
    /// incidents included), each outage's first failed probe where raw results still have it,
    /// the notes, and each server's uptime and coverage over the period's whole hours.
    public func reportData(serverIds: [String], from: Int64, to: Int64, now: Int64) throws(HistoryProblem) -> HistoryReportData {
        do {
            return try readSnapshot { () throws(SQLiteError) in
                let incidents = try incidentRows(where: "(i.end IS NULL OR i.end >= ?) AND i.start <= ?", [.int(from), .int(to)])
                var firstFailures: [Int64: Int64] = [:]
                for incident in incidents where BCPTrigger.isOutage(incident) {
                    if let first = try firstFailure(serverId: incident.serverId, confirmedAt: incident.start) {
                        firstFailures[incident.id] = first
                    }
                }
                let span = WindowSpan(periodFrom: from, to: to)
                var figures: [String: WindowFigures] = [:]
                for id in serverIds {
                    figures[id] = WindowFigures(span: span, total: try total(id, span, now: now), now: min(now, to))
                }
                return HistoryReportData(incidents: incidents, firstFailures: firstFailures,
                                         notes: try noteRows(incidentIds: Set(incidents.map(\.id))), figures: figures)
            }
        } catch {
            throw problem(error)
        }
    }

    /// The first failed probe of the run of failures that the incident confirmed at
    /// `confirmedAt` ends: after the last success before it, within the hour before it.
    private func firstFailure(serverId: String, confirmedAt: Int64) throws(SQLiteError) -> Int64? {
        guard let server = try serverKey(serverId, create: false) else { return nil }
        let select = try statement("""
            SELECT min(at) FROM raw WHERE server = ?1 AND ok = 0 AND at <= ?2 AND at >= ?3
            AND at > coalesce((SELECT max(at) FROM raw WHERE server = ?1 AND ok = 1 AND at < ?2 AND at >= ?3), ?3 - 1)
            """)
        try select.bind([.int(server), .int(confirmedAt), .int(confirmedAt - 3_600_000)])
        defer { select.reset() }
        guard try select.step(), !select.isNull(at: 0) else { return nil }
        return try select.int64(at: 0, in: StoredRange.milliseconds, "first failure")
    }
}

/// History's part of the BCP report (`HistoryDatabase.reportData`).
public struct HistoryReportData: Sendable {
    public var incidents: [Incident]
    public var firstFailures: [Int64: Int64]
    public var notes: [Int64: [IncidentNote]]
    public var figures: [String: WindowFigures]

    public init(incidents: [Incident] = [], firstFailures: [Int64: Int64] = [:], notes: [Int64: [IncidentNote]] = [:],
                figures: [String: WindowFigures] = [:]) {
        self.incidents = incidents
        self.firstFailures = firstFailures
        self.notes = notes
        self.figures = figures
    }
}

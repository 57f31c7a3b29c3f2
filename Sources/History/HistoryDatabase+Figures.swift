import AppCore

extension HistoryDatabase {
    /// A server's figures over `window` ending at the minute (hour, for 400d) holding `now`
    /// (`WindowSpan`). A server never recorded has no probes: uptime nil, coverage 0.
    public func figures(serverId: String, window: HistoryWindow, now: Int64) throws(HistoryProblem) -> WindowFigures {
        let span = WindowSpan(window: window, now: now)
        do {
            return WindowFigures(span: span, total: try readSnapshot { () throws(SQLiteError) in try total(serverId, span) })
        } catch {
            throw problem(error)
        }
    }

    /// All four windows of a server at once, from one consistent state of the file (what
    /// `history --json` and the history view need).
    public func figures(serverId: String, now: Int64) throws(HistoryProblem) -> [HistoryWindow: WindowFigures] {
        do {
            return try readSnapshot { () throws(SQLiteError) in
                var result: [HistoryWindow: WindowFigures] = [:]
                for window in HistoryWindow.allCases {
                    let span = WindowSpan(window: window, now: now)
                    result[window] = WindowFigures(span: span, total: try total(serverId, span))
                }
                return result
            }
        } catch {
            throw problem(error)
        }
    }

    /// The latency histogram of a server over `window` (OpenMetrics'
    /// `verbumcare_health_duration_seconds`).
    public func histogram(serverId: String, window: HistoryWindow, now: Int64) throws(HistoryProblem) -> LatencyHistogram {
        let span = WindowSpan(window: window, now: now)
        do {
            return try readSnapshot { () throws(SQLiteError) in try total(serverId, span).histogram }
        } catch {
            throw problem(error)
        }
    }

    /// The sum of the rows that make up `span`: hour rows for its whole hours, the minute rows
    /// of the hours at its two ends for the minutes there.
    func total(_ serverId: String, _ span: WindowSpan) throws(SQLiteError) -> HistoryAggregate {
        var total = HistoryAggregate()
        guard let server = try serverKey(serverId, create: false) else { return total }
        if let hours = span.wholeHours {
            let select = try statement(
                "SELECT probes, failures, covered, latency FROM hours WHERE server = ? AND hour BETWEEN ? AND ?")
            try select.bind([.int(server), .int(hours.lowerBound), .int(hours.upperBound)])
            defer { select.reset() }
            while try select.step() {
                // Bounded counts (`StoredRange`): the sums of a window's rows cannot overflow.
                total.probes += try select.count(at: 0, "hour probes")
                total.failures += try select.count(at: 1, "hour failures")
                total.coveredMinutes += try select.count(at: 2, "hour coverage")
                try select.withBlob(at: 3) { bytes throws(SQLiteError) in
                    guard HistogramCodec.add(bytes, into: &total.histogram) else { throw .corruptValue("hour histogram") }
                }
            }
        }
        for minutes in span.edgeMinutes {
            // An edge lies within one hour; its minutes come from that hour's minute row.
            let select = try statement("SELECT hour, detail FROM minutes WHERE hour BETWEEN ? AND ? AND server = ?")
            try select.bind([.int(HistoryTime.hour(ofMinute: minutes.lowerBound)),
                             .int(HistoryTime.hour(ofMinute: minutes.upperBound)), .int(server)])
            defer { select.reset() }
            while try select.step() {
                let firstMinute = try select.int64(at: 0, in: StoredRange.hours, "minute row hour") * HistoryTime.minutesPerHour
                try select.withBlob(at: 1) { bytes throws(SQLiteError) in
                    guard let decoded = MinuteDetailCodec.decode(bytes) else { throw .corruptValue("minute row") }
                    for (index, minute) in decoded.enumerated() {
                        if let minute, minutes.contains(firstMinute + Int64(index)) { total.merge(minute) }
                    }
                }
            }
        }
        return total
    }
}

import AppCore

extension AlertOutbox {
    /// The alerts decided in `from...to` (Unix ms) with each target's outcome, oldest first:
    /// the BCP report's 連絡した先. Targets are named as every output names them: a hook by
    /// its path, a webhook without its query or password (`WebhookAddress.redacted`).
    public func ledger(from: Int64, to: Int64) throws(HistoryProblem) -> [BCPReportInput.Alert] {
        do {
            let select = try connection.prepare("""
                SELECT a.key, a.created, a.kind, a.server, d.target, d.status, d.at
                FROM alerts a LEFT JOIN deliveries d ON d.key = a.key
                WHERE a.created BETWEEN ? AND ? ORDER BY a.created, a.key, d.target
                """)
            try select.bind([.int(from), .int(to)])
            defer { select.reset() }
            var alerts: [BCPReportInput.Alert] = []
            var lastKey: String?
            while try select.step() {
                let key = select.text(at: 0) ?? ""
                if key != lastKey {
                    alerts.append(BCPReportInput.Alert(kind: TextSanitizer.clean(select.text(at: 2) ?? ""),
                                                       serverId: TextSanitizer.clean(select.text(at: 3) ?? ""),
                                                       created: select.int64(at: 1), deliveries: [],
                                                       drill: key.hasPrefix(AlertEvent.drillKeyPrefix)))
                    lastKey = key
                }
                guard let stored = select.text(at: 4), let target = AlertTarget(storageKey: stored) else { continue }
                let name = switch target {
                case .hook(let path): TextSanitizer.clean(path)
                case .webhook(let url): WebhookAddress.redacted(url)
                }
                alerts[alerts.count - 1].deliveries.append(.init(
                    target: name, status: TextSanitizer.clean(select.text(at: 5) ?? ""),
                    at: select.isNull(at: 6) ? nil : select.int64(at: 6)))
            }
            return alerts
        } catch {
            throw HistoryProblem(error)
        }
    }
}

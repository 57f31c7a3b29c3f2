import Connectivity
import SettingsStore

/// `check --all` as text: one row per server (id, status word, health time, certificate days,
/// and the reason when it is not connected, degraded or warned: `slow: 2003 ms`; the
/// certificate's own column says `cert_expiring`).
struct CheckTable {
    let rows: [[String]]

    init(tested: [(server: ServerConfig, result: DetailedStatus)], console: Console) {
        rows = tested.map { server, result in
            let state = MonitoringState(result)
            let word = console.text("status." + (result.isHealthy ? ConnectionStatus.connected : .error).rawValue)
            let ms = result.isHealthy ? result.responseTime.map { MillisecondsText.figure($0) + " ms" } ?? "-" : "-"
            let days = result.certificateDaysLeft.map { console.text("cli.check.certificate_days", ["days": String($0)]) } ?? "-"
            var note = ""
            if !result.isHealthy {
                let reason = ConnectivityMessages.failureReason(result)
                let parameters = ConnectivityMessages.parameters(reason, url: server.baseUrl,
                                                                 timeoutMs: server.connectionTimeout)
                note = console.text(ConnectivityMessages.shortKey(reason), parameters)
            } else if state == .warning {
                var notes = [MonitoringState.degradedText(result, server: server, console: console)].compactMap { $0 }
                for warning in result.warnings where warning.code != .certExpiring {
                    notes.append(console.text(ConnectivityMessages.shortKey(warning), warning.parameters))
                }
                note = notes.joined(separator: ", ")
            }
            let mark = state == .ok ? "✓" : (state == .warning ? "!" : "✗")
            return [mark, server.id, word, ms, days, note]
        }
    }

    /// Columns padded to their widest cell (East Asian wide characters count two).
    var text: String {
        guard let columnCount = rows.first?.count else { return "" }
        let widths = (0..<columnCount).map { column in rows.map { StatusCommand.columns($0[column]) }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == columnCount - 1 ? cell : cell + String(repeating: " ", count: widths[column] - StatusCommand.columns(cell))
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

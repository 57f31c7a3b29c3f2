import Logging
import SettingsStore

/// Log metadata of one probe for detailed logging: per-check status and timings. Never
/// tokens: URLs and error messages are all that is written, and the file handler redacts
/// anything token-shaped on top.
enum ProbeLog {
    static func metadata(server: ServerConfig, result: DetailedStatus) -> Logger.Metadata {
        var metadata: Logger.Metadata = ["server": "\(server.id)", "healthy": "\(result.isHealthy)"]
        for check in result.checks {
            let t = check.timings
            var text = "\(check.status.rawValue) http=\(check.httpStatus.map(String.init) ?? "-")"
                + " dns=\(format(t.dnsMs)) connect=\(format(t.connectMs)) tls=\(format(t.tlsMs))"
                + " firstByte=\(format(t.firstByteMs)) total=\(format(t.totalMs))"
            if let error = check.error { text += " error=\(error.code.rawValue)" }
            metadata[check.endpoint.rawValue] = "\(text)"
        }
        return metadata
    }

    private static func format(_ ms: Double) -> String {
        String(Double((ms * 10).rounded()) / 10)
    }
}

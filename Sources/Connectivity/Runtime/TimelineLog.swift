import Logging
import SettingsStore

/// Log metadata of a timeline entry: what happened, to which server, why.
enum TimelineLog {
    static func metadata(_ entry: TimelineEntry) -> Logger.Metadata {
        var metadata: Logger.Metadata = ["server": "\(entry.serverId)"]
        if let status = entry.status { metadata["status"] = "\(status.rawValue)" }
        if let code = entry.code { metadata["code"] = "\(code.rawValue)" }
        if let ms = entry.durationMs { metadata["ms"] = "\(Int(ms))" }
        return metadata
    }
}

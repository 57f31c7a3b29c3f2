import Foundation
import TestSupport

/// One alert as a hook or the webhook receiver got it: when it arrived (wall clock, seconds
/// since 1970) and the event's JSON.
struct DeliveredAlert: CustomStringConvertible {
    let receivedAt: Double
    let event: String
    let serverId: String
    let reasonCode: String?
    let durationSeconds: Int?
    let resolvedOnStart: Bool?
    let since: String?
    /// The hook's environment (nil for a webhook).
    let environment: [String: String]?
    let via: String
    /// The JSON as received (a hook's stdin without its final line feed, a webhook's body).
    let json: String

    init(receivedAt: Double, json: String, environment: [String: String]? = nil, via: String) {
        let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
        self.receivedAt = receivedAt
        event = object["event"] as? String ?? "?"
        serverId = (object["server"] as? [String: Any])?["id"] as? String ?? "?"
        reasonCode = (object["reason"] as? [String: Any])?["code"] as? String
        durationSeconds = object["durationSeconds"] as? Int
        resolvedOnStart = object["resolvedOnStart"] as? Bool
        since = object["since"] as? String
        self.environment = environment
        self.via = via
        self.json = json
    }

    var description: String {
        "\(via): \(event) \(serverId) reason=\(reasonCode ?? "-") duration=\(durationSeconds.map(String.init) ?? "-")"
            + " resolvedOnStart=\(resolvedOnStart.map(String.init) ?? "-")"
    }
}

/// Recording hooks in `<home>/config/verbumcare/hooks.d/`: each appends, per event, the time it
/// ran, the VERBUMCARE_* variables and its stdin to a log of its own.
///
/// A record is appended in one write (dash's printf flushes its 8 KB buffer once), so hooks
/// running side by side cannot interleave their records. Two appends per record (fields, then
/// body) lost records under load: one hook's fields landed between another's, and both lines
/// were unreadable (CI, "hooks side by side": 2 of 4 recorded).
struct RecordingHooks {
    static let variables = ["VERBUMCARE_EVENT", "VERBUMCARE_SERVER_ID", "VERBUMCARE_SERVER_NAME", "VERBUMCARE_SERVER_URL",
                            "VERBUMCARE_REASON", "VERBUMCARE_SINCE", "VERBUMCARE_DURATION_S", "VERBUMCARE_HOST",
                            "VERBUMCARE_AT", "VERBUMCARE_RESOLVED_ON_START", "VERBUMCARE_DRILL", "VERBUMCARE_MESSAGE"]
    let home: TemporaryHome
    var folder: String { home.configDirectory + "/hooks.d" }

    /// Installs hook `name` (executable); `exitStatus` is what it exits with after recording.
    @discardableResult
    func install(_ name: String, exitStatus: Int = 0) throws -> String {
        let log = logPath(name)
        let fields = Self.variables.map { "\"$\($0)\"" }.joined(separator: " ")
        let script = """
            #!/bin/sh
            t=$(date +%s.%N)
            body=$(cat)
            record=$(printf '%s\\t' "$t" \(fields); printf '%s' "$body")
            printf '%s\\n' "$record" >> '\(log)'
            exit \(exitStatus)

            """
        try home.write(script, to: "config/verbumcare/hooks.d/" + name)
        let path = folder + "/" + name
        chmod(path, 0o755)
        return path
    }

    /// Installs hook `name` that touches `marker` when it starts, then takes `seconds`.
    func installSlow(_ name: String, seconds: Int, marker: String) throws {
        try home.write("#!/bin/sh\ncat > /dev/null\ntouch '\(marker)'\nsleep \(seconds)\n",
                       to: "config/verbumcare/hooks.d/" + name)
        chmod(folder + "/" + name, 0o755)
    }

    func logPath(_ name: String) -> String { home.path + "/hook-\(name).log" }

    /// What hook `name` received so far, in order.
    func alerts(_ name: String) -> [DeliveredAlert] {
        guard let text = try? String(contentsOfFile: logPath(name), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == Self.variables.count + 2, let time = Double(fields[0]) else { return nil }
            let environment = Dictionary(uniqueKeysWithValues: zip(Self.variables, fields[1...]))
            return DeliveredAlert(receivedAt: time, json: fields.last ?? "", environment: environment, via: "hook \(name)")
        }
    }
}

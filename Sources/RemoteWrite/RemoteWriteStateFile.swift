import AppCore
import SettingsStore

/// `remote-write.json` in the state directory: the remote write's cursor (what the receiver
/// accepted) and its last answer, for the next push, the next start and `doctor`. Our own
/// file: written atomically, never through a link, read with a size limit; one that cannot be
/// read counts as absent (the push starts again from the current round and says so).
public struct RemoteWriteStateFile: Sendable {
    public let path: String

    public init(paths: AppPaths) {
        path = paths.stateDirectory + "/remote-write.json"
    }

    public func read() -> RemoteWritePolicy.State? {
        guard let bytes = try? AtomicFile.read(path, limit: 64 * 1024, followLinks: false),
              let json = JSON.parse(bytes) else { return nil }
        return Self.state(json)
    }

    public func write(_ state: RemoteWritePolicy.State) throws {
        try AtomicFile.write(Self.json(state).fileBytes(), to: path, followLinks: false, mode: 0o600)
    }

    static func json(_ state: RemoteWritePolicy.State) -> JSON {
        var object = JSONObject()
        if let cursor = state.cursor {
            object["cursor"] = .object(["at": .int(Int(cursor.at)), "server_key": .int(Int(cursor.serverKey))])
        }
        if let answer = state.lastAnswer {
            let (kind, code): (String, String) = switch answer {
            case .status(let status): ("status", String(status))
            case .redirect(let status): ("redirect", String(status))
            case .failed(let reason): ("failed", reason)
            }
            object["last"] = .object(["kind": .string(kind), "code": .string(code), "at": .double(state.lastAt ?? 0)])
        }
        if let told = state.toldProblem { object["told"] = .string(told) }
        return .object(object)
    }

    static func state(_ json: JSON) -> RemoteWritePolicy.State? {
        guard json.objectValue != nil else { return nil }
        var state = RemoteWritePolicy.State()
        if let at = json["cursor"]?["at"]?.intValue, let key = json["cursor"]?["server_key"]?.intValue {
            state.cursor = RemoteWriteCursor(at: Int64(at), serverKey: Int64(key))
        }
        if let kind = json["last"]?["kind"]?.stringValue, let code = json["last"]?["code"]?.stringValue {
            switch kind {
            case "status": state.lastAnswer = Int(code).map(RemoteWriteAnswer.status)
            case "redirect": state.lastAnswer = Int(code).map(RemoteWriteAnswer.redirect)
            default: state.lastAnswer = .failed(TextSanitizer.clean(code))
            }
            state.lastAt = json["last"]?["at"]?.doubleValue
        }
        state.toldProblem = json["told"]?.stringValue.map { TextSanitizer.clean($0) }
        return state
    }
}

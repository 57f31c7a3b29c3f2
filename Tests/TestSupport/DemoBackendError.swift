/// Why the demo backend could not be started or controlled.
public enum DemoBackendError: Error, CustomStringConvertible, Sendable {
    case scriptNotFound(String)
    case spawnFailed(String, errno: Int32)
    case exitedBeforeReady(log: String)
    case notReadyInTime(seconds: Double, log: String)
    case badReadyLine(String)
    case controlFailed(String)
    case stopped

    public var description: String {
        switch self {
        case .scriptNotFound(let path): "demo backend script not found at \(path)"
        case .spawnFailed(let what, let code): "could not start \(what): errno \(code)"
        case .exitedBeforeReady(let log): "demo backend exited before it was ready; its log:\n\(log)"
        case .notReadyInTime(let seconds, let log): "demo backend not ready after \(seconds) s; its log:\n\(log)"
        case .badReadyLine(let line): "demo backend printed an unexpected ready line: \(line)"
        case .controlFailed(let why): "demo backend control request failed: \(why)"
        case .stopped: "the demo backend has been stopped"
        }
    }
}

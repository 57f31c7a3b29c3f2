import SettingsStore

/// One finding of `doctor`: `{id, status, message, fix}`. Message and fix are catalog keys
/// with parameters; the fix names the Debian package or the command that repairs it.
public struct DoctorCheck: Equatable, Sendable {
    public enum ID: String, CaseIterable, Sendable {
        case nssMDNS = "nss_mdns"
        case avahi
        case resolver
        case caBundle = "ca_bundle"
        case terminal
        case syncOutput = "sync_output"
        case config
        case credentials
        case clock
        case history
        case alerts
        case remoteWrite = "remote_write"
    }

    public enum Status: String, Comparable, Sendable {
        case ok
        case warning
        case error

        private var rank: Int {
            switch self {
            case .ok: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (lhs: Status, rhs: Status) -> Bool { lhs.rank < rhs.rank }
    }

    public var id: ID
    public var status: Status
    public var message: AppError
    /// nil when there is nothing to fix.
    public var fix: AppError?

    public init(id: ID, status: Status, message: AppError, fix: AppError? = nil) {
        self.id = id
        self.status = status
        self.message = message
        self.fix = fix
    }

    init(_ id: ID, _ status: Status, _ key: String, _ parameters: [String: String] = [:],
         fix fixKey: String? = nil, _ fixParameters: [String: String] = [:]) {
        self.init(id: id, status: status, message: AppError(key: key, parameters: parameters),
                  fix: fixKey.map { AppError(key: $0, parameters: fixParameters) })
    }
}

import AppCore
import SettingsStore

/// What `doctor`'s `remote_write` check looks at (issue 28): the receiver (named without
/// credentials or query), whether the token file can be used, and what `remote-write.json`
/// says: the last answer, when, and how far behind the receiver is. The command gathers them.
public struct RemoteWriteFacts: Equatable, Sendable {
    /// The redacted `remote_write_url`; nil: the push is off.
    public var url: String?
    /// Why the token file cannot be used (catalog key and parameters); nil when it can.
    public var tokenProblem: AppError?
    public var state: RemoteWritePolicy.State?
    public var now: Double

    public init(url: String?, tokenProblem: AppError?, state: RemoteWritePolicy.State?, now: Double) {
        self.url = url
        self.tokenProblem = tokenProblem
        self.state = state
        self.now = now
    }
}

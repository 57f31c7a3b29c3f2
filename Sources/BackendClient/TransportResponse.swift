import FoundationEssentials
import SettingsStore

/// An HTTP answer of any status: the transport does not judge statuses, its callers do.
public struct TransportResponse: Equatable, Sendable {
    public var status: Int
    public var body: Data
    public var timings: CheckTimings
    /// Where a 3xx pointed (never followed), for the error message.
    public var redirectURL: String?

    public init(status: Int, body: Data, timings: CheckTimings, redirectURL: String? = nil) {
        self.status = status
        self.body = body
        self.timings = timings
        self.redirectURL = redirectURL
    }

    public var isSuccess: Bool { (200...299).contains(status) }
}

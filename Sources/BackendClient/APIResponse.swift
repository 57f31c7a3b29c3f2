import FoundationEssentials
import SettingsStore

/// A successful (2xx) answer of the API client.
public struct APIResponse: Equatable, Sendable {
    public var status: Int
    public var body: Data
    public var timings: CheckTimings
    public var url: String

    public init(status: Int, body: Data, timings: CheckTimings, url: String) {
        self.status = status
        self.body = body
        self.timings = timings
        self.url = url
    }

    /// The body read and cleaned (see `JSON(serverBody:)`); nil when it is not JSON.
    public func json() -> JSON? {
        JSON(serverBody: body)
    }
}

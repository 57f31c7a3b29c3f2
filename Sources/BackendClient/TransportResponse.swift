import FoundationEssentials
import SettingsStore

/// An HTTP answer of any status: the transport does not judge statuses, its callers do.
public struct TransportResponse: Equatable, Sendable {
    public var status: Int
    public var body: Data
    public var timings: CheckTimings
    /// Where a 3xx pointed (never followed), for the error message.
    public var redirectURL: String?
    /// The URL that was requested, to tell a redirect to another host from one on the same host.
    public var url: String?
    /// The server's certificate when this transfer made the TLS handshake; nil when it reused
    /// a connection.
    public var certificate: CertificateInfo?

    public init(status: Int, body: Data, timings: CheckTimings, redirectURL: String? = nil, url: String? = nil,
                certificate: CertificateInfo? = nil) {
        self.status = status
        self.body = body
        self.timings = timings
        self.redirectURL = redirectURL
        self.url = url
        self.certificate = certificate
    }

    public var isSuccess: Bool { (200...299).contains(status) }
}

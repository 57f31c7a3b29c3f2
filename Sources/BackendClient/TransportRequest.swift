import FoundationEssentials

/// One HTTP request as the transport sends it: everything libcurl needs, already decided.
public struct TransportRequest: Equatable, Sendable {
    public var method: HTTPMethod
    public var url: String
    public var headers: [HTTPHeader]
    public var body: Data?
    public var connectTimeoutMs: Int
    public var totalTimeoutMs: Int
    /// The part of both timeouts granted only to name resolution (`TransportSettings.timeouts`).
    public var resolutionAllowanceMs: Int
    public var maxBodyBytes: Int
    public var caBundle: CABundle
    public var connectTo: [ConnectToSpec]
    public var allowPlainHTTP: Bool
    /// Opens a new connection for this request and closes it after the answer, instead of
    /// reusing a kept-alive one: what a client that connects afresh (an iPad) meets, such as a
    /// TLS handshake that never finishes or a replaced certificate, shows in this request
    /// (docs/PRODUCT.md: Checks, "What a new client sees"). The `health` check sets it, and
    /// every check of a one-time test (pane rows, `check --all`), which keeps no connection.
    public var freshConnection: Bool
    /// Only shakes hands, without verifying, and reads the certificate: for the dates of a
    /// certificate the verified handshake refused as not yet valid. Nothing is sent on the
    /// connection and it is closed at once.
    public var certificateOnly = false

    public init(method: HTTPMethod, url: String, headers: [HTTPHeader] = [], body: Data? = nil,
                settings: TransportSettings, freshConnection: Bool = false) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        let timeouts = settings.timeouts(for: url)
        connectTimeoutMs = timeouts.connectMs
        totalTimeoutMs = timeouts.totalMs
        resolutionAllowanceMs = timeouts.resolutionAllowanceMs
        maxBodyBytes = settings.maxBodyBytes
        caBundle = settings.caBundle
        connectTo = settings.connectTo
        allowPlainHTTP = settings.allowPlainHTTP
        self.freshConnection = freshConnection
    }
}

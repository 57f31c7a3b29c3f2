import AppCore
import BackendClient
import FoundationEssentials

/// One remote-write request (Prometheus remote write 1.0): the snappy-compressed `WriteRequest`
/// by POST with the protocol's headers and the bearer token, through the project's libcurl
/// transport: TLS verified against the checks' CA bundle (`--cacert`, `ca_bundle`), no redirect
/// followed (the transport refuses them), bounded in time, the answer's body capped.
public struct RemoteWriteSender: Sendable {
    /// The whole request, connect included: a hanging receiver costs the push this long, never
    /// the round (the push runs beside it).
    public static let timeoutMs = 10_000
    /// A receiver's answer is a line of text; anything larger is a broken receiver.
    public static let answerCap = 64 * 1024

    let transport: any HTTPTransport
    let settings: TransportSettings

    public init(transport: any HTTPTransport, settings: TransportSettings, timeoutMs: Int = RemoteWriteSender.timeoutMs) {
        var settings = settings
        settings.connectTimeoutMs = timeoutMs
        settings.totalTimeoutMs = timeoutMs
        settings.maxBodyBytes = Self.answerCap
        settings.allowPlainHTTP = false
        self.transport = transport
        self.settings = settings
    }

    public func send(_ compressed: [UInt8], to url: String, token: [UInt8]) async -> RemoteWriteAnswer {
        let request = TransportRequest(method: .post, url: url, headers: Self.headers(token: token),
                                       body: Data(compressed), settings: settings)
        switch await transport.perform(request) {
        case .success(let response) where response.redirectURL != nil || (300..<400).contains(response.status):
            return .redirect(response.status)
        case .success(let response):
            return .status(response.status)
        case .failure(let error):
            return .failed(error.code.rawValue)
        }
    }

    static func headers(token: [UInt8]) -> [HTTPHeader] {
        [HTTPHeader(name: "Content-Encoding", value: "snappy"),
         HTTPHeader(name: "Content-Type", value: "application/x-protobuf"),
         HTTPHeader(name: "X-Prometheus-Remote-Write-Version", value: "0.1.0"),
         HTTPHeader(name: "User-Agent", value: "verbumcare-tui remote-write"),
         HTTPHeader(name: "Authorization", value: "Bearer " + String(decoding: token, as: UTF8.self))]
    }
}

/// Sends one request and reports an answer (any status) or a transport failure. The libcurl
/// engine is the real one; tests substitute recording or failing ones.
///
/// Contract: when the calling task is cancelled, `perform` returns `.failure` with code
/// `cancelled` promptly and never a response.
public protocol HTTPTransport: Sendable {
    func perform(_ request: TransportRequest) async -> Result<TransportResponse, ClientError>
}

import BackendClient
import Foundation
import SettingsStore
import Synchronization

/// A network of VerbumCare servers that behave as a test says (the model of a model-based
/// test): each host answers the four checks as a healthy backend does, or fails the way real
/// ones do. It stands in for sockets only: requests still go through the real checker, the
/// real evaluation of answers, the real runtime and reducer.
final class ModelNetwork: HTTPTransport, Sendable {
    enum Behaviour: String, CaseIterable, Sendable {
        case up
        case down
        /// nginx in front of a stopped backend.
        case status502
        /// Accepts and never answers: every check runs into its timeout.
        case hung
        /// Kept-alive connections still answer; a new connection hangs in the TLS handshake.
        case hungForNewConnections
        /// Kept-alive connections still answer; a new connection gets a certificate for another name.
        case wrongCertificateForNewConnections
    }

    private let behaviours = Mutex<[String: Behaviour]>([:])

    /// `host` (as in the server's URL) behaves as `behaviour` from now on.
    func set(_ host: String, _ behaviour: Behaviour) {
        behaviours.withLock { $0[host] = behaviour }
    }

    func behaviour(of host: String) -> Behaviour {
        behaviours.withLock { $0[host] } ?? .up
    }

    func perform(_ request: TransportRequest) async -> Result<TransportResponse, ClientError> {
        guard let url = URLComponents(string: request.url), let host = url.host else {
            return .failure(.transport(.connect, message: "no host"))
        }
        switch behaviour(of: host) {
        case .up:
            return Self.answer(path: url.path)
        case .down:
            return .failure(.transport(.connect, message: "Connection refused"))
        case .status502:
            return .success(TransportResponse(status: 502, body: Data("<html>Bad Gateway</html>".utf8),
                                              timings: CheckTimings(totalMs: 1)))
        case .hung:
            return .failure(.transport(.timeout, message: "Operation timed out"))
        case .hungForNewConnections:
            return request.freshConnection ? .failure(.transport(.timeout, message: "SSL connection timeout"))
                : Self.answer(path: url.path)
        case .wrongCertificateForNewConnections:
            return request.freshConnection
                ? .failure(.transport(.tlsHostname, message: "SSL: no alternative certificate subject name matches"))
                : Self.answer(path: url.path)
        }
    }

    /// What a healthy VerbumCare backend answers (SPEC §5).
    static func answer(path: String) -> Result<TransportResponse, ClientError> {
        let (status, body): (Int, String)
        switch path {
        case let p where p.hasSuffix("/health"):
            (status, body) = (200, #"{"status":"healthy","timestamp":"2026-11-26T00:00:00Z","environment":"model"}"#)
        case let p where p.hasSuffix("/api/config"):
            (status, body) = (200, #"{"apiUrl":"https://model/api","wsUrl":"wss://model","hostname":"model","offline":false}"#)
        case let p where p.hasSuffix("/api/auth/me"):
            (status, body) = (401, #"{"success":false,"error":"Unauthorized"}"#)
        case let p where p.contains("/socket.io"):
            (status, body) = (200, #"0{"sid":"model","upgrades":[],"pingInterval":25000,"pingTimeout":20000}"#)
        default:
            (status, body) = (404, #"{"error":"Not found"}"#)
        }
        return .success(TransportResponse(status: status, body: Data(body.utf8), timings: CheckTimings(totalMs: 2)))
    }
}

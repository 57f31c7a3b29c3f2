import SettingsStore

/// Judges one check's answer by the contract of docs/PRODUCT.md (The backend's API contract; Checks). Pure: the statuses and bodies
/// of every case are tested without a server.
public enum CheckEvaluator {
    public struct Verdict: Equatable, Sendable {
        public var status: CheckOutcome
        public var error: ConnectivityError?
        /// The Engine.IO handshake's `pingInterval` and `pingTimeout` (websocket only).
        public var pingInterval: Int?
        public var pingTimeout: Int?
    }

    public static func evaluate(_ endpoint: CheckEndpoint, response: TransportResponse) -> Verdict {
        let status = response.status
        if endpoint == .auth && status == 401 {
            // Reachable, and the server works: only a sign-in is missing. Reported as a
            // success carrying `auth_required` so that nothing counts it as a server failure.
            return Verdict(status: .success,
                           error: ClientError.httpAnswer(status: 401, timings: response.timings).connectivityError)
        }
        guard status == 200 else {
            if (200...299).contains(status) {
                return failure(.badResponse("HTTP \(status) where 200 was expected", status: status))
            }
            return failure(APIClient.error(for: response))
        }
        switch endpoint {
        case .health:
            let healthy = JSON(serverBody: response.body)?["status"]?.stringValue == "healthy"
            return healthy ? success : failure(.badResponse("health answer without status \"healthy\"", status: status))
        case .api:
            let isObject = JSON(serverBody: response.body)?.objectValue != nil
            return isObject ? success : failure(.badResponse("config answer is not a JSON object", status: status))
        case .auth:
            // A tick only for VerbumCare's own answer: any other 200 (an HTML page, another
            // service's JSON) says nothing about a sign-in, and is named as what it is.
            return authVerdict(response)
        case .websocket:
            let body = Array(response.body)
            let handshake = body.starts(with: Array("0{".utf8)) && body.contains(Array("\"sid\"".utf8))
            guard handshake else { return failure(.badResponse("not an Engine.IO handshake", status: status)) }
            let object = JSON(serverBody: response.body.dropFirst())
            var verdict = success
            verdict.pingInterval = object?["pingInterval"]?.intValue
            verdict.pingTimeout = object?["pingTimeout"]?.intValue
            return verdict
        }
    }

    private static let success = Verdict(status: .success, error: nil)

    /// `GET /api/auth/me` → 200 `{"success": true, "data": {"userId": …, "username": "…", …}}`;
    /// anything else is `bad_response` with its cause (`html_page`, `auth_shape`).
    static func authVerdict(_ response: TransportResponse) -> Verdict {
        guard let object = JSON(serverBody: response.body)?.objectValue else {
            let cause: ConnectivityCause? = looksLikeHTML(response.body) ? .htmlPage : .authShape
            return failure(.badResponse("sign-in answer is not JSON", status: response.status,
                                        timings: response.timings, cause: cause))
        }
        // The user is named by `userId` (a string or a number) or `username`: what the
        // contract's `data` always carries, whatever else a server version adds.
        let hasUser = object["data"]?.objectValue.map { user in
            user["userId"].map { $0.stringValue?.isEmpty == false || $0.intValue != nil } == true
                || user["username"]?.stringValue?.isEmpty == false
        } ?? false
        guard object["success"]?.boolValue == true, hasUser else {
            return failure(.badResponse("sign-in answer without success and user data", status: response.status,
                                        timings: response.timings, cause: .authShape))
        }
        return success
    }

    /// An HTML document or fragment: what a web server's or proxy's page starts with.
    static func looksLikeHTML(_ body: some Collection<UInt8>) -> Bool {
        let head = String(decoding: body.prefix(512), as: UTF8.self)
            .drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
            .lowercased()
        return head.hasPrefix("<!doctype html") || head.hasPrefix("<html") || head.hasPrefix("<head")
            || head.hasPrefix("<body") || head.hasPrefix("<!--") || head.hasPrefix("<h1") || head.hasPrefix("<title")
    }

    private static func failure(_ error: ClientError) -> Verdict {
        Verdict(status: .failure, error: error.connectivityError)
    }
}

import SettingsStore

/// A failed request: one code of docs/PRODUCT.md: Error codes, its kind, and whether sending it again may help.
public struct ClientError: Error, Equatable, Sendable {
    public var code: ConnectivityErrorCode
    public var kind: ClientErrorKind
    /// Technical detail in English, already passed through `TextSanitizer.clean`.
    public var message: String
    /// The HTTP status when the server answered.
    public var httpStatus: Int?
    public var isRetryable: Bool
    /// Timings of the attempt that failed, when libcurl got far enough to measure them.
    public var timings: CheckTimings?
    /// A finer reason within `code`, when the catalogs have texts for it.
    public var cause: ConnectivityCause?
    /// Catalog parameters beyond the status (the other host of `redirect_cross_host`).
    public var parameters: [String: String] = [:]

    public init(code: ConnectivityErrorCode, kind: ClientErrorKind, message: String,
                httpStatus: Int? = nil, isRetryable: Bool, timings: CheckTimings? = nil,
                cause: ConnectivityCause? = nil) {
        self.code = code
        self.kind = kind
        self.message = TextSanitizer.clean(message)
        self.httpStatus = httpStatus
        self.isRetryable = isRetryable
        self.timings = timings
        self.cause = cause
    }

    /// An error of a transport-level code (no HTTP answer, or one refused before use).
    /// Kind and retryability follow from the code alone.
    public static func transport(_ code: ConnectivityErrorCode, message: String,
                                 timings: CheckTimings? = nil, cause: ConnectivityCause? = nil) -> ClientError {
        let kind: ClientErrorKind
        let retryable: Bool
        switch code {
        case .dns, .connect:
            kind = .network; retryable = true
        case .timeout:
            kind = .timeout; retryable = true
        case .tlsUntrusted, .tlsHostname, .tlsExpired, .tlsNotYetValid, .tlsOther:
            // A certificate problem does not go away by asking again.
            kind = .network; retryable = false
        case .cancelled:
            kind = .cancelled; retryable = false
        case .authRequired:
            kind = .authentication; retryable = false
        case .httpStatus, .badResponse, .redirectRefused, .redirectCrossHost, .tooLarge, .certExpiring, .slowResponse:
            kind = .server; retryable = false
        }
        return ClientError(code: code, kind: kind, message: message, isRetryable: retryable, timings: timings,
                           cause: cause)
    }

    /// An answer the client does not accept: a redirect (never followed) or a non-2xx status.
    /// 5xx is a retryable server error, 401/403 an authentication error, other 4xx client errors.
    /// A redirect to another host name is `redirect_cross_host` (it names the host).
    public static func httpAnswer(status: Int, detail: String? = nil, redirectTo: String? = nil,
                                  requestURL: String? = nil, timings: CheckTimings? = nil) -> ClientError {
        let suffix = detail.map { ": \($0)" } ?? ""
        if (300...399).contains(status) {
            let target = redirectTo.map { " to \($0)" } ?? ""
            if let otherHost = RedirectTarget.otherHost(from: requestURL, to: redirectTo) {
                var error = ClientError(code: .redirectCrossHost, kind: .server,
                                        message: "HTTP \(status) redirect to another host \(otherHost) refused",
                                        httpStatus: status, isRetryable: false, timings: timings)
                error.parameters["host"] = TextSanitizer.clean(otherHost)
                return error
            }
            return ClientError(code: .redirectRefused, kind: .server,
                               message: "HTTP \(status) redirect\(target) not followed",
                               httpStatus: status, isRetryable: false, timings: timings)
        }
        let kind: ClientErrorKind
        switch status {
        case 401, 403: kind = .authentication
        case 500...599: kind = .server
        default: kind = .client
        }
        return ClientError(code: status == 401 ? .authRequired : .httpStatus, kind: kind,
                           message: "HTTP \(status)\(suffix)", httpStatus: status,
                           isRetryable: kind == .server, timings: timings)
    }

    public static func badResponse(_ message: String, status: Int? = nil, timings: CheckTimings? = nil,
                                   cause: ConnectivityCause? = nil) -> ClientError {
        ClientError(code: .badResponse, kind: .server, message: message, httpStatus: status,
                    isRetryable: false, timings: timings, cause: cause)
    }

    public static let cancelled = ClientError.transport(.cancelled, message: "request cancelled")

    /// The form stored in check results and state (code, message, parameters for the catalog).
    public var connectivityError: ConnectivityError {
        var parameters = self.parameters
        if let httpStatus { parameters["status"] = String(httpStatus) }
        if let cause { parameters[ConnectivityCause.parameter] = cause.rawValue }
        return ConnectivityError(code: code, message: message, parameters: parameters)
    }
}

/// Error codes shared by checks, the API client and the UI (docs/PRODUCT.md: Error codes). Raw values are the
/// JSON contract; each has `error.<code>.message` and `error.<code>.action` in the catalogs.
public enum ConnectivityErrorCode: String, Sendable, CaseIterable {
    case dns
    case connect
    case timeout
    case tlsUntrusted = "tls_untrusted"
    case tlsHostname = "tls_hostname"
    case tlsExpired = "tls_expired"
    /// The certificate's start date (notBefore) is later than this machine's clock: a clock
    /// that is behind, or a certificate issued for later. Not "expired": renewing does not help.
    case tlsNotYetValid = "tls_not_yet_valid"
    case tlsOther = "tls_other"
    case httpStatus = "http_status"
    case badResponse = "bad_response"
    case redirectRefused = "redirect_refused"
    case tooLarge = "too_large"
    case cancelled
    case authRequired = "auth_required"
    /// A warning, never a failure: the certificate ends within `cert_warning_days`.
    case certExpiring = "cert_expiring"
    /// A redirect to another host name: refused, and the host is named.
    case redirectCrossHost = "redirect_cross_host"
    /// A warning, never a failure: `health` answered, but slower than `slow_threshold_ms`.
    case slowResponse = "slow_response"
}

/// A coded error with the parameters its localized message needs (e.g. `status`, `seconds`).
public struct ConnectivityError: Equatable, Hashable, Sendable, Error {
    public var code: ConnectivityErrorCode
    /// Technical detail in English (sanitized), for logs and `--json`.
    public var message: String
    public var parameters: [String: String]

    public init(code: ConnectivityErrorCode, message: String, parameters: [String: String] = [:]) {
        self.code = code
        self.message = message
        self.parameters = parameters
    }
}

extension ConnectivityError {
    /// The error with `parameters` filled in where it has none of its own (`host`, `seconds`
    /// of the notice it is the reason of).
    public func merging(parameters extra: [String: String]) -> ConnectivityError {
        var copy = self
        copy.parameters = extra.merging(parameters) { _, own in own }
        return copy
    }
}

/// A more precise reason inside one error code, for the catalogs: an error whose cause is set
/// carries it as the `cause` parameter, and its texts are `error.<code>.<cause>.message`
/// (and `.action`, `.short`) instead of the code's general ones. The JSON contract keeps only
/// the code.
public enum ConnectivityCause: String, Sendable, Equatable, CaseIterable {
    /// `connect`: libcurl.so.4 could not be loaded, so no request can be sent at all.
    case libcurlMissing = "libcurl_missing"
    /// `dns`: the system resolver did not answer within the connection timeout (as opposed to
    /// answering that the name does not exist).
    case resolverTimeout = "resolver_timeout"
    /// `tls_not_yet_valid` with the certificate's start known: the texts show the machine's
    /// clock (`now`) and the certificate's start (`not_before`), so a clock that is behind shows.
    case clockBehind = "clock_behind"
    /// `tls_other`: the CA bundle named (`--cacert`, `ca_bundle`, the CA variables) cannot be
    /// read: missing, not permitted, a folder. Its `path` and `reason` are named.
    case caBundleUnreadable = "ca_bundle_unreadable"
    /// `too_large`: the response headers passed the transport's limit (`bytes`), a header flood.
    case headers
    /// `bad_response`: an HTML page where the contract has JSON (a web server's or a proxy's
    /// page in front of the backend).
    case htmlPage = "html_page"
    /// `bad_response` of `auth`: JSON that is not VerbumCare's `/api/auth/me` answer
    /// (`{"success": true, "data": {"userId", "username", …}}`), such as `{"status":"sick"}`.
    case authShape = "auth_shape"

    /// The `ConnectivityError` parameter that names the cause.
    public static let parameter = "cause"
}

extension ConnectivityError {
    /// The error's cause, when it has one the catalogs word.
    public var cause: ConnectivityCause? {
        parameters[ConnectivityCause.parameter].flatMap(ConnectivityCause.init(rawValue:))
    }

    /// The catalog key of one of the error's texts (`message`, `action` or `short`):
    /// `error.<code>.<cause>.<text>` when a cause is known, else `error.<code>.<text>`.
    public func textKey(_ text: String) -> String {
        if let cause { return "error.\(code.rawValue).\(cause.rawValue).\(text)" }
        return "error.\(code.rawValue).\(text)"
    }
}

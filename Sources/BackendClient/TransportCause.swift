/// A more precise reason inside one error code, for the catalogs: an error whose cause is set
/// carries it as the `cause` parameter, and its texts are `error.<code>.<cause>.message`
/// (and `.action`, `.short`) instead of the code's general ones.
public enum TransportCause: String, Sendable, Equatable {
    /// `connect`: libcurl.so.4 could not be loaded, so no request can be sent at all.
    case libcurlMissing = "libcurl_missing"
    /// `dns`: the system resolver did not answer within the connection timeout (as opposed to
    /// answering that the name does not exist).
    case resolverTimeout = "resolver_timeout"

    /// The `ConnectivityError` parameter that names the cause.
    public static let parameter = "cause"
}

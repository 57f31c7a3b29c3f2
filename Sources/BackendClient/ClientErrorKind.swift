/// The broad class of a failed request, as the original app's API service reported it.
public enum ClientErrorKind: String, Sendable, CaseIterable {
    case network
    case timeout
    case authentication
    case server
    case client
    case cancelled
}

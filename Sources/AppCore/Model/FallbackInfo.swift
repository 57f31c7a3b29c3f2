/// Why the app is on pn51 instead of the configured server (docs/PRODUCT.md: Switching, fallback, server data and sign-in), and whether the
/// configured one has come back (then the UI offers, never forces, a switch back).
public struct FallbackInfo: Equatable, Sendable {
    public var fromServerId: String
    public var reason: ConnectivityError
    public var configuredRecovered: Bool

    public init(fromServerId: String, reason: ConnectivityError, configuredRecovered: Bool = false) {
        self.fromServerId = fromServerId
        self.reason = reason
        self.configuredRecovered = configuredRecovered
    }
}

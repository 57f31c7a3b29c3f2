import SettingsStore

/// How requests reach servers: timeouts, body cap, certificate authorities, connect-to
/// rules (docs/PRODUCT.md: Transport rules). One value is shared by the checks and the API client of a run.
public struct TransportSettings: Equatable, Hashable, Sendable {
    /// TCP plus TLS handshake, milliseconds (libcurl's `CURLOPT_CONNECTTIMEOUT_MS`).
    public var connectTimeoutMs: Int
    /// The whole transfer, milliseconds (`CURLOPT_TIMEOUT_MS`).
    public var totalTimeoutMs: Int
    /// Larger answers fail with `too_large`.
    public var maxBodyBytes: Int
    public var caBundle: CABundle
    public var connectTo: [ConnectToSpec]
    /// Extra time for resolving `.local` names: multicast DNS answers more slowly than unicast
    /// DNS. Only the time resolution really takes is granted (see `timeouts(for:)`), so a slow
    /// server behind a quickly resolved name fails when any other would. Kept at one second so
    /// `status` still answers within the connection timeout plus one second per server
    /// (docs/PRODUCT.md: The command line).
    public var mdnsAllowanceMs: Int
    /// Lets `http://` through for the development environment's local backends only
    /// (docs/PRODUCT.md: Address validation); redirects stay refused either way.
    public var allowPlainHTTP: Bool
    /// `cert_expiring` when a certificate has at most this many days left (`cert_warning_days`).
    public var certWarningDays: Int

    public static let defaultTimeoutMs = 10_000
    /// The cap for the four checks (docs/PRODUCT.md: Transport rules).
    public static let checkBodyCap = 64 * 1024
    /// The cap for API calls: the contract's largest answers are a few kilobytes.
    public static let apiBodyCap = 1024 * 1024

    public init(connectTimeoutMs: Int = TransportSettings.defaultTimeoutMs,
                totalTimeoutMs: Int = TransportSettings.defaultTimeoutMs,
                maxBodyBytes: Int = TransportSettings.apiBodyCap,
                caBundle: CABundle = .system,
                connectTo: [ConnectToSpec] = [],
                mdnsAllowanceMs: Int = 1000,
                allowPlainHTTP: Bool = false,
                certWarningDays: Int = NativeSettings.defaultCertWarningDays) {
        self.connectTimeoutMs = connectTimeoutMs
        self.totalTimeoutMs = totalTimeoutMs
        self.maxBodyBytes = maxBodyBytes
        self.caBundle = caBundle
        self.connectTo = connectTo
        self.mdnsAllowanceMs = mdnsAllowanceMs
        self.allowPlainHTTP = allowPlainHTTP
        self.certWarningDays = certWarningDays
    }

    /// libcurl's limits for one URL, and the name-resolution allowance in them: for a `.local`
    /// host both limits include the mDNS allowance, and the engine ends the transfer earlier,
    /// at the limit without it plus what resolution took (`CurlTransfer.deadline`).
    public func timeouts(for url: String) -> (connectMs: Int, totalMs: Int, resolutionAllowanceMs: Int) {
        let extra = Self.isMDNSHost(url: url) ? mdnsAllowanceMs : 0
        return (connectTimeoutMs + extra, totalTimeoutMs + extra, extra)
    }

    static func isMDNSHost(url: String) -> Bool {
        guard let host = URLHost.of(url) else { return false }
        let trimmed = host.hasSuffix(".") ? String(host.dropLast()) : host
        return trimmed.hasSuffix(".local")
    }
}

extension TransportSettings {
    /// The settings of a run from its inputs (docs/PRODUCT.md: Transport rules): `connection_timeout` (seconds) for
    /// both timeouts, the CA bundle by precedence, `--connect-to` arguments then
    /// `VERBUMCARE_CONNECT_TO`. Throws on a malformed connect-to rule (a usage error).
    public static func resolve(connectionTimeoutSeconds: Int, caCertArgument: String?, caBundleSetting: String?,
                               connectToArguments: [String], environment: [String: String],
                               allowPlainHTTP: Bool = false) throws(ConnectToSpec.ParseError) -> TransportSettings {
        TransportSettings(connectTimeoutMs: connectionTimeoutSeconds * 1000,
                          totalTimeoutMs: connectionTimeoutSeconds * 1000,
                          caBundle: CABundle.resolve(commandLine: caCertArgument, setting: caBundleSetting,
                                                     environment: environment),
                          connectTo: try ConnectToSpec.combined(arguments: connectToArguments, environment: environment),
                          allowPlainHTTP: allowPlainHTTP)
    }
}

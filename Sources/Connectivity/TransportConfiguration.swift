import BackendClient
import SettingsStore

/// What decides how servers are reached, from the command line and the environment (docs/PRODUCT.md:
/// Transport rules): `--cacert`, `--connect-to` and `VERBUMCARE_CONNECT_TO`, `CURL_CA_BUNDLE`,
/// `SSL_CERT_FILE`. The `ca_bundle` setting can change while the app runs, so the transport
/// settings are made from this plus the setting's current value.
public struct TransportConfiguration: Equatable, Sendable {
    public var commandLineCACert: String?
    public var connectTo: [ConnectToSpec]
    public var processEnvironment: [String: String]
    /// Development only: lets `http://` through to a developer's local backend (docs/PRODUCT.md: Address validation).
    public var allowPlainHTTP: Bool

    public init(commandLineCACert: String? = nil, connectTo: [ConnectToSpec] = [],
                processEnvironment: [String: String] = [:], allowPlainHTTP: Bool = false) {
        self.commandLineCACert = commandLineCACert
        self.connectTo = connectTo
        self.processEnvironment = processEnvironment
        self.allowPlainHTTP = allowPlainHTTP
    }

    /// `--connect-to` arguments first, then `VERBUMCARE_CONNECT_TO` (comma-separated).
    public static func make(commandLineCACert: String?, connectToArguments: [String],
                            processEnvironment: [String: String],
                            environment: AppEnvironment) throws(ConnectToSpec.ParseError) -> TransportConfiguration {
        let specs = try ConnectToSpec.combined(arguments: connectToArguments, environment: processEnvironment)
        return TransportConfiguration(commandLineCACert: commandLineCACert, connectTo: specs,
                                      processEnvironment: processEnvironment,
                                      allowPlainHTTP: environment == .development)
    }

    /// Transport settings with the CA bundle chosen in docs/PRODUCT.md order; timeouts come from each
    /// server's `connectionTimeout` when it is tested.
    public func settings(caBundleSetting: String?,
                         certWarningDays: Int = NativeSettings.defaultCertWarningDays) -> TransportSettings {
        TransportSettings(caBundle: CABundle.resolve(commandLine: commandLineCACert, setting: caBundleSetting,
                                                     environment: processEnvironment),
                          connectTo: connectTo, allowPlainHTTP: allowPlainHTTP, certWarningDays: certWarningDays)
    }
}

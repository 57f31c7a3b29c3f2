/// What settings.json means for the store (docs/PRODUCT.md: Files): the server list and the configured
/// server. Pure, so loading, refreshing and the command line agree.
public struct NativeSettingsResolver: Sendable {
    public let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    public struct Resolution: Equatable, Sendable {
        /// Prefilled, then custom (including a configured custom address not in `custom_servers`).
        public var availableServers: [ServerConfig]
        public var configuredServer: ServerConfig
        /// `native_settings` when settings.json names a valid server, else `default`.
        public var source: ServerSource
        /// Set when `backend_server_address` names no valid server (`files.unknown_server`).
        public var problem: FileProblem?
    }

    public func resolve(_ settings: NativeSettings) -> Resolution {
        var available = ServerCatalog.availableServers(customAddresses: settings.customServers,
                                                       connectionTimeoutSeconds: settings.connectionTimeout,
                                                       environment: environment)
        let fallback = available.first { $0.id == ServerCatalog.defaultServerId } ?? ServerCatalog.defaultServer
        guard settings.backendServerAddress?.isEmpty == false else {
            return Resolution(availableServers: available, configuredServer: fallback, source: .default, problem: nil)
        }
        let address = settings.selectedAddress ?? ""
        guard let server = server(for: address, in: available, connectionTimeoutSeconds: settings.connectionTimeout) else {
            let problem = FileProblem(key: "files.unknown_server",
                                      parameters: ["address": TextSanitizer.clean(address)])
            return Resolution(availableServers: available, configuredServer: fallback, source: .default, problem: problem)
        }
        if !available.contains(where: { $0.id == server.id }) {
            available.append(server)
        }
        return Resolution(availableServers: available, configuredServer: server, source: .nativeSettings, problem: nil)
    }

    /// The known server with this address, or a new custom one; nil when the address is invalid.
    public func server(for address: String, in servers: [ServerConfig], connectionTimeoutSeconds: Int) -> ServerConfig? {
        guard let normalized = normalizedValidAddress(address) else { return nil }
        if let known = servers.first(where: { $0.baseUrl == normalized }) {
            return known
        }
        return ServerCatalog.customServer(address: normalized, connectionTimeoutSeconds: connectionTimeoutSeconds)
    }

    /// Whether `address` (as written in a file, perhaps by hand) denotes `server`.
    public func address(_ address: String, denotes server: ServerConfig) -> Bool {
        normalizedValidAddress(address) == server.baseUrl
    }

    private func normalizedValidAddress(_ address: String) -> String? {
        let validation = AddressValidator.validate(address, environment: environment)
        return validation.isValid ? validation.normalizedAddress : nil
    }
}

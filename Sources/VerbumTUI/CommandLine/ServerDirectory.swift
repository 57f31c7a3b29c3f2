import SettingsStore

/// The servers settings.json makes known, and which one it selects.
///
/// Selection follows the settings file only (no connectivity): `backend_server_address`
/// names a prefilled URL, a custom URL, or `__CUSTOM__` (then `custom_server_address`);
/// absent or unusable means the default server, pn51.
struct ServerDirectory {
    let servers: [ServerConfig]
    let current: ServerConfig
    let source: ServerSource

    init(settings: NativeSettings, environment: AppEnvironment) {
        let timeout = settings.connectionTimeout
        let configured: String? = settings.backendServerAddress == NativeSettings.customSentinel
            ? settings.customServerAddress : settings.backendServerAddress
        let selected = configured.flatMap { Self.server(for: $0, timeout: timeout, environment: environment) }
        current = selected ?? ServerCatalog.defaultServer
        source = selected == nil ? .default : .nativeSettings
        // A configured custom address that is not in custom_servers is still listed, so the
        // current server always appears in the listing.
        var customs = settings.customServers
        if current.isCustom, !customs.contains(current.baseUrl) { customs.append(current.baseUrl) }
        servers = ServerCatalog.availableServers(customAddresses: customs, connectionTimeoutSeconds: timeout)
    }

    /// The known server with this id or (normalized) address.
    func find(_ target: String, environment: AppEnvironment) -> ServerConfig? {
        if let byId = servers.first(where: { $0.id == target }) { return byId }
        let normalized = AddressValidator.validate(target, environment: environment).normalizedAddress
        return servers.first { $0.baseUrl == normalized }
    }

    private static func server(for address: String, timeout: Int, environment: AppEnvironment) -> ServerConfig? {
        let result = AddressValidator.validate(address, environment: environment)
        guard result.isValid else { return nil }
        if let prefilled = ServerCatalog.prefilled.first(where: { $0.baseUrl == result.normalizedAddress }) {
            return prefilled
        }
        return ServerCatalog.customServer(address: result.normalizedAddress, connectionTimeoutSeconds: timeout)
    }
}

/// A change the app makes to settings.json. It is applied to what the file holds at the moment
/// of writing (under the file's lock, after re-reading), so a hand edit or another copy of the
/// app that wrote in between is kept.
public enum SettingsChange: Equatable, Sendable {
    /// `backend_server_address` names this (normalized) address.
    case select(address: String)
    /// Puts back what settings.json named before a switch that failed or was cancelled.
    case restoreSelection(SettingsSelection)
    case addCustom(address: String)
    /// Removes the custom server with this address; the selection falls back to the default
    /// when it named that server.
    case removeCustom(address: String)
    case connectionTimeout(Int)
    case probeInterval(Int)
    case autoSwitchOnFailure(Bool)
    case detailedLogging(Bool)
    /// nil: the system certificates.
    case caBundle(String?)
    /// Everything back to its default except `custom_servers` (a person's data).
    case reset

    /// Applies the change to the settings as they are in the file now.
    public func apply(to settings: inout NativeSettings, resolver: NativeSettingsResolver) {
        switch self {
        case .select(let address):
            settings.backendServerAddress = address
        case .restoreSelection(let selection):
            if settings.backendServerAddress == NativeSettings.customSentinel { settings.customServerAddress = nil }
            settings.backendServerAddress = selection.address
        case .addCustom(let address):
            guard let server = ServerCatalog.customServer(address: address, connectionTimeoutSeconds: settings.connectionTimeout),
                  !settings.customServers.contains(where: { resolver.address($0, denotes: server) }) else { return }
            settings.customServers.append(server.baseUrl)
        case .removeCustom(let address):
            guard let server = ServerCatalog.customServer(address: address, connectionTimeoutSeconds: settings.connectionTimeout)
            else { return }
            settings.customServers.removeAll { resolver.address($0, denotes: server) }
            if let selected = settings.selectedAddress, resolver.address(selected, denotes: server) {
                if settings.backendServerAddress == NativeSettings.customSentinel { settings.customServerAddress = nil }
                settings.backendServerAddress = nil
            }
        case .connectionTimeout(let seconds):
            settings.connectionTimeout = seconds
        case .probeInterval(let seconds):
            settings.probeInterval = seconds
        case .autoSwitchOnFailure(let enabled):
            settings.autoSwitchOnFailure = enabled
        case .detailedLogging(let enabled):
            settings.enableDetailedLogging = enabled
        case .caBundle(let path):
            settings.caBundle = path
        case .reset:
            let customServers = settings.customServers
            settings = .defaults
            settings.customServers = customServers
        }
    }
}

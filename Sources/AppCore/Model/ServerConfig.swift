/// One backend server (docs/PRODUCT.md: Server configuration fields). Prefilled servers carry English names here; the UI
/// localizes them through the catalog keys `server.<id>.name` / `server.<id>.description`.
public struct ServerConfig: Equatable, Hashable, Sendable, Identifiable {
    public var id: String
    /// The host name.
    public var name: String
    public var displayName: String
    public var baseUrl: String
    public var wsUrl: String
    public var description: String
    public var isDefault: Bool
    public var isPrefilled: Bool
    public var isCustom: Bool
    public var healthCheckEndpoints: [String]
    /// Milliseconds.
    public var connectionTimeout: Int
    public var retryAttempts: Int
    public var hostKind: HostKind

    public init(id: String, name: String, displayName: String, baseUrl: String, wsUrl: String,
                description: String, isDefault: Bool, isPrefilled: Bool, isCustom: Bool,
                healthCheckEndpoints: [String], connectionTimeout: Int, retryAttempts: Int,
                hostKind: HostKind) {
        self.id = id
        self.name = name
        self.displayName = displayName
        self.baseUrl = baseUrl
        self.wsUrl = wsUrl
        self.description = description
        self.isDefault = isDefault
        self.isPrefilled = isPrefilled
        self.isCustom = isCustom
        self.healthCheckEndpoints = healthCheckEndpoints
        self.connectionTimeout = connectionTimeout
        self.retryAttempts = retryAttempts
        self.hostKind = hostKind
    }
}

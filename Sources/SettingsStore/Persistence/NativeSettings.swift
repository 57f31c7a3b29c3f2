// PLACEHOLDER (helper C replaces this file): signatures are the contract.
/// settings.json, the stand-in for iOS Settings › VerbumCare (SPEC §8). JSON keys are snake_case.
public struct NativeSettings: Codable, Equatable, Sendable {
    public static let customSentinel = "__CUSTOM__"
    public var backendServerAddress: String?
    public var customServerAddress: String?
    public var customServers: [String]
    /// Seconds, 5...60.
    public var connectionTimeout: Int
    public var autoSwitchOnFailure: Bool
    public var enableDetailedLogging: Bool
    public var caBundle: String?
    /// Seconds.
    public var probeInterval: Int

    public init(backendServerAddress: String? = nil, customServerAddress: String? = nil,
                customServers: [String] = [], connectionTimeout: Int = 10, autoSwitchOnFailure: Bool = true,
                enableDetailedLogging: Bool = false, caBundle: String? = nil, probeInterval: Int = 10) {
        self.backendServerAddress = backendServerAddress
        self.customServerAddress = customServerAddress
        self.customServers = customServers
        self.connectionTimeout = connectionTimeout
        self.autoSwitchOnFailure = autoSwitchOnFailure
        self.enableDetailedLogging = enableDetailedLogging
        self.caBundle = caBundle
        self.probeInterval = probeInterval
    }

    public static let defaults = NativeSettings()
}
